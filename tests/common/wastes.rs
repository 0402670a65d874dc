//! The Blasted Wastes: a campaign of two Chaos rosters whose gods the realms name (Slaanesh at
//! Mount Hedon, Tzeentch on the Crystalline Shores), shared by the tests of realms, favour,
//! triumphs and their tables.

use super::{Ptg, roster_new};

pub const WASTES: &str = "Blasted Wastes";
pub const SILKEN: &str = "Silken Host";
pub const CULT: &str = "Cult of Change";

impl Ptg {
    /// The Blasted Wastes playing `options` (e.g. "realms,favour"): the Silken Host (Hedonites
    /// of Slaanesh led by a Lord of Pain, a HERO but no WIZARD, on the Warrior Path) and the
    /// Cult of Change (Disciples of Tzeentch led by a Magister, a HERO and a WIZARD, on the
    /// Mage Path), no units added.
    pub fn the_wastes(options: &str) -> Ptg {
        let p = Ptg::new();
        p.ok(&["campaign", "new", WASTES, "--option", options]);
        p.ok(&roster_new(
            SILKEN,
            WASTES,
            "Hedonites of Slaanesh",
            "Lord of Pain",
            "warrior",
            "berserker",
        ));
        p.ok(&roster_new(
            CULT,
            WASTES,
            "Disciples of Tzeentch",
            "Magister",
            "mage",
            "dedicated-practitioner",
        ));
        p
    }
}
