//! Who picks territories or roles. The book compares the *generals'* renown, and a general is
//! only chosen when its army is recorded, so roles are decided when the second army is in,
//! and decided again when a replaced army could change the comparison.

use super::state::{ArmyUnit, Battle};
use super::who_picks;
use crate::rules::RuleError;
use crate::rules::dice::Roller;
use crate::rules::model::Roster;

/// The renown of the general of `army` (0 if the army names none), or None while the side
/// has no army recorded.
fn general_renown(army: &[ArmyUnit], roster: &Roster) -> Option<u32> {
    if army.is_empty() {
        return None;
    }
    let general = army
        .iter()
        .find(|u| u.general)
        .and_then(|u| roster.unit(u.unit_id));
    Some(general.map_or(0, |u| u.renown))
}

/// Both generals' renown for these armies, once both are recorded.
fn compared(armies: [&[ArmyUnit]; 2], rosters: [&Roster; 2]) -> Option<[u32; 2]> {
    Some([
        general_renown(armies[0], rosters[0])?,
        general_renown(armies[1], rosters[1])?,
    ])
}

/// Both generals' renown as the rosters stand now, once both armies are recorded (`rosters`
/// are the battle's sides, in order).
pub fn generals_renown(battle: &Battle, rosters: [&Roster; 2]) -> Option<[u32; 2]> {
    let (a, b) = (battle.sides.first()?, battle.sides.get(1)?);
    compared([&a.army, &b.army], rosters)
}

/// Who picks roles for a planned battle as its generals stand now (issue #31: the renown they
/// have when the battle is fought, so an aftermath of another battle fought meanwhile counts):
/// the side whose general has fewer renown; when they are level, the winner of a roll-off made
/// while they were level (None when they drew level after a pick renown made: they roll off
/// when the result is recorded, `rules::drafts::roles_at_result`). None while an army is
/// missing. A battle's result fixes it.
pub fn roles_now(battle: &Battle, rosters: [&Roster; 2]) -> Option<i64> {
    let now = generals_renown(battle, rosters)?;
    match now[0].cmp(&now[1]) {
        std::cmp::Ordering::Less => Some(rosters[0].id),
        std::cmp::Ordering::Greater => Some(rosters[1].id),
        std::cmp::Ordering::Equal => battle.roles_roster_id.filter(|_| battle.roles_rolled),
    }
}

/// The roster that picks roles once `roster_id` takes `taken` to `battle` (`rosters` are the
/// battle's two sides, in order), and whether it won them in a roll-off: None while an army is
/// missing; the side whose general has fewer renown; when the generals are level, the winner of
/// a roll-off already made while level (re-recording an army never re-rolls it), else a
/// roll-off for `roles` (the battleplan's, see `roles_choice`) rolled on `roller`.
pub fn roles_after_army(
    battle: &Battle,
    roster_id: i64,
    taken: &[ArmyUnit],
    rosters: [&Roster; 2],
    roles: &str,
    roller: &mut Roller,
) -> Result<(Option<i64>, bool), RuleError> {
    let army = |i: usize| -> &[ArmyUnit] {
        match battle.sides.get(i) {
            Some(s) if s.roster_id == roster_id => taken,
            Some(s) => &s.army,
            None => &[],
        }
    };
    let Some(now) = compared([army(0), army(1)], rosters) else {
        return Ok((None, false));
    };
    let level = now[0] == now[1];
    if let Some(picker) = battle.roles_roster_id
        && level
        && battle.roles_rolled
    {
        return Ok((Some(picker), true));
    }
    let picker = who_picks(roller, [&rosters[0].name, &rosters[1].name], now, roles)?;
    Ok((Some(rosters[picker].id), level))
}
