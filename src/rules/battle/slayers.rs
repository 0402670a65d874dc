//! Who was slain in a battle's result (issue #31): `--slew-hero-or-monster` needs an enemy
//! HERO or MONSTER to have fallen, and an achieved Assassinate or Blunt slays its target.

use super::state::{ArmyUnit, Battle, SideResult};
use crate::fix::{Fix, Input};
use crate::rules::RuleError;
use crate::rules::model::Roster;

/// For each side (`rosters` in the battle's order, with the units `lost` and whether each
/// general was `slain`): a unit marked in `slew` as having slain an enemy HERO or MONSTER
/// needs one to have been slain, a HERO or MONSTER of the opponent's army destroyed or its
/// general slain. Refused otherwise, naming what the opponent's army held (Rise of a Champion
/// would complete on it).
pub(super) fn check_slayers(
    battle: &Battle,
    rosters: [&Roster; 2],
    lost: &[Vec<i64>; 2],
    slain: [bool; 2],
    slew: &[Vec<i64>; 2],
) -> Result<(), RuleError> {
    for i in 0..2 {
        let j = 1 - i;
        check_side(
            &battle.sides[j].army,
            rosters[j],
            &lost[j],
            slain[j],
            rosters[i],
            &slew[i],
        )?;
    }
    Ok(())
}

fn check_side(
    enemy_army: &[ArmyUnit],
    enemy: &Roster,
    enemy_lost: &[i64],
    enemy_general_slain: bool,
    own: &Roster,
    slayers: &[i64],
) -> Result<(), RuleError> {
    let Some(&slayer) = slayers.first() else {
        return Ok(());
    };
    let big: Vec<(&ArmyUnit, &crate::rules::model::Unit)> = enemy_army
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
    Err(RuleError::new(
        "battle result",
        format!(
            "{slayer} cannot have slain an enemy HERO or MONSTER: {}'s army held {held}; mark the one slain",
            enemy.name
        ),
    )
    .fix(Fix::give(Input::Destroyed))
    .fix(Fix::give(Input::GeneralSlain))
    .fix(Fix::leave_out(Input::SlewHeroOrMonster)))
}

/// An achieved objective whose target is a unit (Assassinate, Blunt: "slay the unit they
/// pick") means that unit was slain: destroyed on its side's result, and that side's
/// general slain when it was the general, whatever else the report says of it.
pub(super) fn slay_target(battle: &Battle, picker: usize, target_side: &mut SideResult) {
    let Some(target) = battle.sides[picker]
        .sudden_death
        .as_ref()
        .and_then(|r| r.target_unit)
    else {
        return;
    };
    let Some(unit) = battle.sides[1 - picker].army.iter().find(|u| u.unit_id == target) else {
        return;
    };
    if !target_side.destroyed.contains(&target) {
        target_side.destroyed.push(target);
    }
    if unit.general {
        target_side.general_slain = true;
    }
}
