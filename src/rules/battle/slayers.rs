//! `battle result --slew-hero-or-monster`: a unit slew an enemy HERO or MONSTER only if one
//! of the opponent's army fell (issue #31, item 6).

use super::state::{ArmyUnit, Side};
use crate::rules::model::Roster;
use crate::rules::{RuleError, refuse};

/// A unit marked as having slain an enemy HERO or MONSTER needs one to have been slain: a
/// HERO or MONSTER of the opponent's army destroyed, or its general slain. Refused otherwise,
/// naming what the opponent's army held (Rise of a Champion would complete on it).
pub(super) fn check_slayers(
    enemy_side: &Side,
    enemy: &Roster,
    enemy_lost: &[i64],
    enemy_general_slain: bool,
    own: &Roster,
    slayers: &[i64],
) -> Result<(), RuleError> {
    let Some(&slayer) = slayers.first() else {
        return Ok(());
    };
    let big: Vec<(&ArmyUnit, &crate::rules::model::Unit)> = enemy_side
        .army
        .iter()
        .filter_map(|a| enemy.unit(a.unit_id).map(|u| (a, u)))
        .filter(|(_, u)| u.has_keyword("HERO") || u.has_keyword("MONSTER"))
        .collect();
    let fell = |a: &ArmyUnit| enemy_lost.contains(&a.unit_id) || (a.general && enemy_general_slain);
    if big.iter().any(|(a, _)| fell(a)) {
        return Ok(());
    }
    let slayer = own.unit(slayer).map(|u| u.label()).unwrap_or_default();
    let held = match big.as_slice() {
        [] => "no HERO or MONSTER".to_string(),
        units => units
            .iter()
            .map(|(_, u)| format!("{} (neither destroyed nor a slain general)", u.label()))
            .collect::<Vec<_>>()
            .join(", "),
    };
    refuse(
        "battle result",
        format!(
            "{slayer} cannot have slain an enemy HERO or MONSTER: {}'s army held {held}; mark the one \
             slain with --destroyed (a general with --general-slain), or leave out --slew-hero-or-monster",
            enemy.name
        ),
    )
}
