//! Counting for the sudden-death option: an army's models, who is outnumbered, and results by
//! casualties. Plain arithmetic over the armies as set up.

use super::super::BattleResult;
use super::super::state::ArmyUnit;
use crate::rules::model::{Roster, Unit};

/// The models of an army: each unit's models as set up (a reinforced unit counts double).
pub fn army_models(roster: &Roster, army: &[ArmyUnit]) -> u32 {
    army.iter()
        .filter_map(|a| roster.unit(a.unit_id))
        .map(Unit::models)
        .sum()
}

/// The side outnumbered by the other, if any: the one with fewer models when the bigger army
/// has at least `ratio[0]` models for every `ratio[1]` of it.
pub fn outnumbered(models: [u32; 2], ratio: [u32; 2]) -> Option<usize> {
    let small = match models[0].cmp(&models[1]) {
        std::cmp::Ordering::Less => 0,
        std::cmp::Ordering::Greater => 1,
        std::cmp::Ordering::Equal => return None,
    };
    (u64::from(models[1 - small]) * u64::from(ratio[1]) >= u64::from(models[small]) * u64::from(ratio[0]))
        .then_some(small)
}

/// The fewest models an army needs to outnumber one of `smaller` models.
pub fn needed_to_outnumber(smaller: u32, ratio: [u32; 2]) -> u64 {
    (u64::from(smaller) * u64::from(ratio[0])).div_ceil(u64::from(ratio[1]).max(1))
}

/// Both sides' results by casualties: the side that lost the smaller share of the models it
/// set up gets `win`, the other its opposite; equal shares draw. Compared as lost[0]/set_up[0]
/// against lost[1]/set_up[1] by cross-multiplying.
pub fn by_casualties(win: BattleResult, lost: [u32; 2], set_up: [u32; 2]) -> [BattleResult; 2] {
    let share = |i: usize| u64::from(lost[i]) * u64::from(set_up[1 - i]);
    match share(0).cmp(&share(1)) {
        std::cmp::Ordering::Less => [win, win.opposite()],
        std::cmp::Ordering::Greater => [win.opposite(), win],
        std::cmp::Ordering::Equal => [BattleResult::Draw, BattleResult::Draw],
    }
}
