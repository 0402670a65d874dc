//! The Wardens of the Brass Gate: the roster the roster sheet tests print (`tests/cli/sheet.rs`
//! reads its PDF back as text, `tests/cli/sheet_png.rs` compares its pages with reference images).
//! A 25-unit roster of a hand-made faction with a full Arcane Tome, a finished and a current
//! quest, two battles, a retired unit, names too long for their columns and more notable
//! events than the template's 8 lines.

#![allow(dead_code)]

pub mod read;

use crate::common::{Fixture, Ptg, roster_new};
use serde_json::Value;
use std::path::PathBuf;

pub const ARMY: &str = "Wardens of the Brass Gate";
pub const CAMPAIGN: &str = "Ashen Vale";
pub const RIVAL: &str = "Rat Tide";
/// The warlord's own name (a Gate-Captain), and a Hearthguard unit's: non-ASCII letters that
/// must come out of the PDF intact.
pub const WARLORD: &str = "Brokk Grüngsson";
pub const GUARD: &str = "Åsa Ærønsdóttir";
/// Taken at set-up reinforced (10 models, 60 points).
pub const REINFORCED: &str = "Oak Spears";
/// Taken at set-up, retired in the aftermath of battle 2: never on the Order of Battle.
pub const RETIRED: &str = "Rust Spears";
/// A custom name too long for the Unit column: printed whole, wrapped.
pub const LONG_NAME: &str = "Dusk Riders of the Long Road Beyond the Ninth Gate";
/// Prayers learnt after the second battle, with their chanting values: notable events dated
/// by the day their command ran, the first with a name too long for its Arcane Tome column.
pub const PRAYERS: [(&str, u32); 5] = [
    ("Benediction of the Everburning Forge Beneath the Brass Gate", 5),
    ("Ward of Bronze", 3),
    ("Litany of Embers", 4),
    ("Hymn of the Anvil", 5),
    ("Psalm of Sparks", 6),
];

/// A hand-made faction with units cheap enough for 26 of them to fit in the 1000-point
/// starting limit, and a spell lore of seven spells.
pub const BRASS_WARDENS: &str = r#"
name = "Brass Wardens"
grand_alliance = "Order"

[source]
origin = "hand-written test data for tests/cli/sheet.rs"

[[units]]
name = "Gate-Captain"
points = 120
unit_size = 1
reinforceable = false
keywords = ["HERO", "INFANTRY", "WIZARD (1)"]

[[units]]
name = "Hearth-Priest"
points = 60
unit_size = 1
reinforceable = false
keywords = ["HERO", "INFANTRY", "PRIEST (1)"]

[[units]]
name = "Hearthguard"
points = 40
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Spearwardens"
points = 30
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Bowwardens"
points = 35
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Outriders"
points = 40
unit_size = 3
reinforceable = true
keywords = ["CAVALRY"]

[[units]]
name = "Lone Sentinel"
points = 20
unit_size = 1
reinforceable = false
keywords = ["INFANTRY"]

[[enhancement_tables]]
name = "Heroic Traits"
kind = "heroic-trait"
enhancements = ["Iron Resolve", "Keen Eye"]

[[lores]]
name = "Lore of the Brass Gate"
kind = "spell"
entries = [
  { name = "Molten Ward", value = 6 },
  { name = "Searing Bolt", value = 7 },
  { name = "Gilded Aegis", value = 5 },
  { name = "Furnace Breath", value = 8 },
  { name = "Anvil's Echo", value = 6 },
  { name = "Tempered Will", value = 7 },
  { name = "Slag Storm", value = 9 },
]

[[lores]]
name = "Hymns of the Hearth"
kind = "prayer"
entries = [
  { name = "Kindle the Hearth", value = 4 },
  { name = "Benediction of the Everburning Forge Beneath the Brass Gate", value = 5 },
  { name = "Ward of Bronze", value = 3 },
  { name = "Litany of Embers", value = 4 },
  { name = "Hymn of the Anvil", value = 5 },
  { name = "Psalm of Sparks", value = 6 },
]

[[lores]]
name = "Brass Manifestations"
kind = "manifestation"
entries = [{ name = "Summon Brass Colossus", value = 7 }]
"#;

/// The six spells in the roster's spell lore, in the order taken, with casting values.
pub const SPELLS: [(&str, u32); 6] = [
    ("Molten Ward", 6),
    ("Searing Bolt", 7),
    ("Gilded Aegis", 5),
    ("Furnace Breath", 8),
    ("Anvil's Echo", 6),
    ("Tempered Will", 7),
];

/// The units joining after the warlord, in order: (warscroll, custom name).
pub const UNITS: [(&str, Option<&str>); 25] = [
    ("Hearthguard", Some(GUARD)),
    ("Hearth-Priest", None),
    ("Lone Sentinel", None),
    ("Spearwardens", Some("Alder Spears")),
    ("Spearwardens", Some("Birch Spears")),
    ("Spearwardens", Some("Cedar Spears")),
    ("Spearwardens", Some("Elm Spears")),
    ("Spearwardens", Some("Fir Spears")),
    ("Spearwardens", Some("Hazel Spears")),
    ("Spearwardens", Some("Juniper Spears")),
    ("Spearwardens", Some("Larch Spears")),
    ("Spearwardens", Some("Maple Spears")),
    ("Spearwardens", Some(REINFORCED)),
    ("Spearwardens", Some("Pine Spears")),
    ("Spearwardens", Some("Rowan Spears")),
    ("Spearwardens", Some("Willow Spears")),
    ("Spearwardens", Some("Yew Spears")),
    ("Bowwardens", Some("Amber Bows")),
    ("Bowwardens", Some("Flint Bows")),
    ("Bowwardens", Some("Jet Bows")),
    ("Bowwardens", Some("Onyx Bows")),
    ("Bowwardens", Some("Slate Bows")),
    ("Outriders", Some("Dawn Riders")),
    ("Outriders", Some(LONG_NAME)),
    ("Spearwardens", Some(RETIRED)),
];

/// The 25 names printed on the Order of Battle, in print order: the warlord first, then by
/// when they joined (a custom name, or the warscroll when there is none); the retired unit
/// left out.
pub fn printed_units() -> Vec<&'static str> {
    let joined = UNITS.iter().map(|(warscroll, name)| name.unwrap_or(warscroll));
    std::iter::once(WARLORD)
        .chain(joined.filter(|n| *n != RETIRED))
        .collect()
}

/// A test database plus a data folder holding the Brass Wardens; every command reads both.
pub struct League {
    pub p: Ptg,
    pub data_dir: String,
}

impl League {
    pub fn new() -> League {
        let p = Ptg::new();
        let dir = p.dir.path().join("mydata");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("brass-wardens.toml"), BRASS_WARDENS).unwrap();
        let data_dir = dir.display().to_string();
        League { p, data_dir }
    }

    pub fn with_data<'a>(&'a self, args: &[&'a str]) -> Vec<&'a str> {
        let mut all = vec!["--data-dir", self.data_dir.as_str()];
        all.extend_from_slice(args);
        all
    }

    pub fn ok(&self, args: &[&str]) -> String {
        self.p.ok(&self.with_data(args))
    }

    pub fn json(&self, args: &[&str]) -> Value {
        self.p.json(&self.with_data(args))
    }

    pub fn refused(&self, args: &[&str], expected: &str) -> String {
        self.p.refused(&self.with_data(args), expected)
    }

    /// A path in this test's temp folder.
    pub fn path(&self, name: &str) -> PathBuf {
        self.p.dir.path().join(name)
    }
}

/// Builds the Wardens of the Brass Gate (26 units at set-up, 975 points), fights two battles
/// against the Rat Tide with typed dice, and retires one unit:
/// - set-up: warlord Brokk Grüngsson (Gate-Captain, 5 renown, Iron Resolve), 25 more units,
///   6 spells (1 starting pick + 5 with a reason), a prayer, a manifestation, realm Chamon,
///   quest Seek Glory in Battle for Åsa Ærønsdóttir;
/// - battle 1 (The Ruined Settlement, 14-8, major victory): glory 30 + 20 + 5 = 55, Seek Glory
///   completed, Åsa Ærønsdóttir reaches Aspiring (3 + 4 + 5 = 12 renown);
/// - then quest Master Magical Lore;
/// - battle 2 (The Ambush, 6-9, minor defeat, 1 quest point): glory 30 + 5 = 35 (90), Rust
///   Spears retired;
/// - then five more prayers (`PRAYERS`), each a notable event dated the day it was added.
pub fn build_wardens() -> League {
    let l = League::new();
    l.ok(&["campaign", "new", CAMPAIGN]);
    let mut new = roster_new(
        ARMY,
        CAMPAIGN,
        "Brass Wardens",
        "Gate-Captain",
        "mage",
        "dedicated-practitioner",
    );
    new.extend(["--warlord-name", WARLORD, "--realm", "Ghur"]);
    l.ok(&new);
    // The realm can be changed later; the sheet prints the latest.
    l.ok(&["roster", "realm", ARMY, "Chamon"]);
    for (warscroll, name) in UNITS {
        let mut add = vec!["roster", "add", ARMY, warscroll];
        if let Some(name) = name {
            add.extend(["--name", name]);
        }
        if name == Some(REINFORCED) {
            add.push("--reinforced");
        }
        l.ok(&add);
    }
    l.ok(&["roster", "enhance", ARMY, WARLORD, "Iron Resolve"]);
    // The WIZARD brings one starting spell; the other five need a reason.
    l.ok(&["roster", "lore", ARMY, "add", "spell", SPELLS[0].0]);
    for (spell, _) in &SPELLS[1..] {
        l.ok(&[
            "roster",
            "lore",
            ARMY,
            "add",
            "spell",
            spell,
            "--reason",
            "gifts of the Brass Gate",
        ]);
    }
    l.ok(&["roster", "lore", ARMY, "add", "prayer", "Kindle the Hearth"]);
    l.ok(&[
        "roster",
        "lore",
        ARMY,
        "add",
        "manifestation",
        "Summon Brass Colossus",
    ]);
    l.ok(&["quest", "start", ARMY, "Seek Glory in Battle", "--unit", GUARD]);
    let check = l.json(&["roster", "check", ARMY]);
    assert_eq!(check["problems"], serde_json::json!([]), "{check}");

    l.ok(&roster_new(
        RIVAL,
        CAMPAIGN,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    l.ok(&["roster", "add", RIVAL, "Clanrats"]);

    // Battle 1: both generals have 5 renown, so a roll-off (6 v 1) for territories once both
    // armies are in.
    l.ok(&[
        "battle",
        "new",
        "--campaign",
        CAMPAIGN,
        "--points",
        "1000",
        ARMY,
        RIVAL,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    l.ok(&["battle", "army", "1", ARMY, WARLORD, GUARD, "Alder Spears"]);
    l.ok(&[
        "battle",
        "army",
        "1",
        RIVAL,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "6,1",
    ]);
    l.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{ARMY}=14"),
        "--vp",
        &format!("{RIVAL}=8"),
        "--destroyed",
        "Clanrats",
    ]);
    // D3 renown for the warlord (2), Åsa Ærønsdóttir (3) and Alder Spears (1); favoured D6
    // (4); Seek Glory in Battle's D3+3 (2).
    l.ok(&["aftermath", "1", ARMY, "--favoured", GUARD, "--dice", "2,3,1,4,2"]);
    l.ok(&[
        "rank",
        "choose",
        ARMY,
        GUARD,
        "hardened-resolve",
        "--path",
        "defender",
    ]);
    l.ok(&["quest", "start", ARMY, "Master Magical Lore"]);

    // Battle 2: generals 7 v 5 renown, no roll-off.
    l.ok(&[
        "battle",
        "new",
        "--campaign",
        CAMPAIGN,
        "--points",
        "1000",
        ARMY,
        RIVAL,
        "--battleplan",
        "The Ambush",
    ]);
    l.ok(&["battle", "army", "2", ARMY, WARLORD, "Birch Spears"]);
    l.ok(&["battle", "army", "2", RIVAL, "Grey Seer", "Clanrats"]);
    l.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        &format!("{ARMY}=6"),
        "--vp",
        &format!("{RIVAL}=9"),
        "--quest-points",
        &format!("{ARMY}=1"),
    ]);
    // D3 renown for the warlord (1) and Birch Spears (2); favoured D6 (3).
    l.ok(&[
        "aftermath",
        "2",
        ARMY,
        "--favoured",
        "Birch Spears",
        "--dice",
        "1,2,3",
        "--retire",
        RETIRED,
    ]);
    for (prayer, _) in PRAYERS {
        l.ok(&[
            "roster",
            "lore",
            ARMY,
            "add",
            "prayer",
            prayer,
            "--reason",
            "taught at the Hearth",
        ]);
    }
    l
}

/// The Wardens of the Brass Gate (`build_wardens`): the roster takes some 50 commands to build,
/// so it is built once per test run and each test gets its own copy of the database.
pub static WARDENS: Fixture = Fixture::new(|| build_wardens().p);

/// A League holding a copy of the Wardens of the Brass Gate.
pub fn wardens() -> League {
    let l = League::new();
    WARDENS.copy_into(&l.p);
    l
}
