//! Regiments: each HERO leads one, the player's `--regiment` choices are checked, and the
//! units left over are placed within each leader's limit.

use super::choice::RegimentChoice;
use super::general::labels;
use crate::catalogue::battlepack::ArmyLimits;
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse};
use serde::Serialize;

/// A HERO and the non-HERO units in its regiment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Regiment {
    pub leader: i64,
    pub units: Vec<i64>,
}

/// Non-HERO units a regiment led by `leader` may hold.
fn room(limits: &ArmyLimits, general: &Unit, leader: &Unit) -> usize {
    if leader.id == general.id {
        limits.general_regiment_units as usize
    } else {
        limits.regiment_units as usize
    }
}

fn limit_words(limits: &ArmyLimits, general: &Unit, leader: &Unit) -> String {
    if leader.id == general.id {
        format!(
            "the general's regiment may have up to {}",
            limits.general_regiment_units
        )
    } else {
        format!(
            "a regiment may have up to {} (the general's up to {})",
            limits.regiment_units, limits.general_regiment_units
        )
    }
}

/// Whether a unit of the army needs a place in a regiment: not a HERO (it leads one), and not
/// faction terrain, which the battle rules say is no unit (core rules 1.5): it joins the army
/// outside the regiments.
pub(super) fn needs_regiment(u: &Unit) -> bool {
    !u.has_keyword("HERO") && !u.has_keyword("FACTION TERRAIN")
}

/// The regiments the player set out, checked: each led by a HERO of the army, holding
/// non-HERO units of the army, each unit in one regiment, within the leader's limit.
pub(super) fn asked_regiments<'a>(
    limits: &ArmyLimits,
    roster: &'a Roster,
    units: &[&'a Unit],
    general: &'a Unit,
    asked: &[RegimentChoice],
) -> Result<Vec<(&'a Unit, Vec<&'a Unit>)>, RuleError> {
    let in_army = |u: &Unit, role: &str| -> Result<(), RuleError> {
        if units.iter().any(|a| a.id == u.id) {
            Ok(())
        } else {
            refuse(
                "regiments",
                format!(
                    "{} is not in the army, so it cannot {role}; add it to the units taken or take it out of the regiment",
                    u.label()
                ),
            )
        }
    };
    let mut out: Vec<(&Unit, Vec<&Unit>)> = Vec::new();
    for choice in asked {
        let leader = roster.find_unit(&choice.leader)?;
        in_army(leader, "lead a regiment")?;
        if !leader.has_keyword("HERO") {
            return refuse(
                "regiments",
                format!(
                    "{} is not a HERO, so it cannot lead a regiment; name a HERO before '=' in the regiment and put {} in its regiment",
                    leader.label(),
                    leader.display_name()
                ),
            );
        }
        if out.iter().any(|(l, _)| l.id == leader.id) {
            return refuse(
                "regiments",
                format!(
                    "{} leads one regiment but is given two; name all its units in one",
                    leader.label()
                ),
            );
        }
        let mut members: Vec<&Unit> = Vec::new();
        for name in &choice.units {
            let unit = roster.find_unit(name)?;
            in_army(unit, "join a regiment")?;
            if unit.has_keyword("FACTION TERRAIN") {
                return refuse(
                    "regiments",
                    format!(
                        "{} is faction terrain, which is not a unit and joins the army outside the regiments; take it out of {}'s regiment",
                        unit.label(),
                        leader.label()
                    ),
                );
            }
            if unit.has_keyword("HERO") {
                return refuse(
                    "regiments",
                    format!(
                        "{} is a HERO and leads its own regiment, so it cannot join {}'s; take it out of that regiment",
                        unit.label(),
                        leader.label()
                    ),
                );
            }
            if members.iter().any(|m| m.id == unit.id) {
                return refuse(
                    "regiments",
                    format!(
                        "{} is named twice in {}'s regiment; name it once",
                        unit.label(),
                        leader.label()
                    ),
                );
            }
            if let Some((other, _)) = out.iter().find(|(_, ms)| ms.iter().any(|m| m.id == unit.id)) {
                return refuse(
                    "regiments",
                    format!(
                        "{} is named in both {}'s and {}'s regiment; a unit joins exactly one regiment, so take it out of one",
                        unit.label(),
                        other.label(),
                        leader.label()
                    ),
                );
            }
            members.push(unit);
        }
        let max = room(limits, general, leader);
        if members.len() > max {
            return refuse(
                "regiments",
                format!(
                    "{}'s regiment is given {} non-HERO units, but {}; move {} to another HERO's regiment or leave it out",
                    leader.label(),
                    members.len(),
                    limit_words(limits, general, leader),
                    labels(&members[max..])
                ),
            );
        }
        out.push((leader, members));
    }
    Ok(out)
}

/// Every HERO leads a regiment: the regiments the player set out, then the non-HERO units
/// left over placed in order, general's regiment first, then the other HEROes in army order,
/// each filled up to its limit. Returns the regiments and the units there was no room for.
pub(super) fn place_regiments<'a>(
    limits: &ArmyLimits,
    units: &[&'a Unit],
    general: &'a Unit,
    asked: Vec<(&'a Unit, Vec<&'a Unit>)>,
) -> (Vec<Regiment>, Vec<&'a Unit>) {
    let leaders = std::iter::once(general).chain(
        units
            .iter()
            .copied()
            .filter(|u| u.has_keyword("HERO") && u.id != general.id),
    );
    let mut regiments: Vec<(&Unit, Vec<&Unit>)> = leaders
        .map(|l| {
            let members = asked
                .iter()
                .find(|(a, _)| a.id == l.id)
                .map(|(_, m)| m.clone())
                .unwrap_or_default();
            (l, members)
        })
        .collect();
    let placed = |regiments: &[(&Unit, Vec<&Unit>)], u: &Unit| {
        regiments.iter().any(|(_, ms)| ms.iter().any(|m| m.id == u.id))
    };
    let mut unplaced = Vec::new();
    for u in units.iter().copied().filter(|u| needs_regiment(u)) {
        if placed(&regiments, u) {
            continue;
        }
        match regiments
            .iter_mut()
            .find(|(l, ms)| ms.len() < room(limits, general, l))
        {
            Some((_, ms)) => ms.push(u),
            None => unplaced.push(u),
        }
    }
    let regiments = regiments
        .into_iter()
        .map(|(l, ms)| Regiment {
            leader: l.id,
            units: ms.iter().map(|m| m.id).collect(),
        })
        .collect();
    (regiments, unplaced)
}

/// The refusal when the HEROes cannot lead every non-HERO unit.
pub(super) fn no_room(limits: &ArmyLimits, units: &[&Unit], unplaced: &[&Unit], fix: &str) -> RuleError {
    let non_heroes = units.iter().filter(|u| needs_regiment(u)).count();
    let heroes = units.iter().filter(|u| u.has_keyword("HERO")).count();
    let can_lead = if heroes == 0 {
        0
    } else {
        limits.general_regiment_units as usize + (heroes - 1) * limits.regiment_units as usize
    };
    RuleError::new(
        "regiments",
        format!(
            "{non_heroes} non-HERO units need a regiment but the HEROes can lead only {can_lead}; {fix} (no room for {})",
            labels(unplaced)
        ),
    )
}
