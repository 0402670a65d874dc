//! What step 4 of the aftermath ("Manage Order of Battle") asks of each unit bought with
//! glory, and what it costs: shared by the aftermath itself and by `roster afford`, which
//! lists what a roster could buy, so the two never disagree.
//!
//! The battlepack: adding a new unit costs its battle profile's points value and it joins at
//! minimum size; reinforcing a unit on the Order of Battle costs its points value again (the
//! unit added in the same aftermath may be the one reinforced).

use crate::catalogue::Warscroll;
use crate::fix::{Fix, Input};
use crate::rules::model::{Roster, Unit};
use crate::rules::roster::{Allowed, check_may_join, check_reinforceable, check_unique_warscroll};
use crate::rules::{RuleError, refuse};

/// Glory to add `w` as a new unit: its points value (minimum unit size).
pub fn add_cost(w: &Warscroll) -> u32 {
    w.points
}

/// Glory to reinforce `unit`: its points value at minimum size, as recorded when it joined.
pub fn reinforce_cost(unit: &Unit) -> u32 {
    unit.points
}

/// Whether `w` may join the roster's Order of Battle as a new unit, glory and unlocked units
/// aside (the aftermath checks the unlocks on the Order of Battle its retirements leave):
/// no Anvil of Apotheosis hero, Legends only where the campaign allows them, one copy of a
/// UNIQUE warscroll.
pub fn check_may_buy(roster: &Roster, w: &Warscroll) -> Result<(), RuleError> {
    check_may_join(w, Allowed::of(roster))?;
    check_unique_warscroll(roster, w)
}

/// Whether `unit` may be reinforced, glory aside: on the Order of Battle (not retired), more
/// than one model, allowed by its battle profile, not reinforced yet.
pub fn check_may_reinforce(unit: &Unit) -> Result<(), RuleError> {
    if unit.retired {
        return refuse(
            "reinforcing units",
            format!(
                "{} is retired; reinforce a unit on the Order of Battle",
                unit.label()
            ),
        );
    }
    check_reinforceable(unit, Fix::leave_out(Input::Reinforce)).map_err(|e| RuleError {
        rule: "reinforcing units",
        ..e
    })
}
