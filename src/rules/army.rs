//! The army a roster takes to one battle: drawn from its Order of Battle, led by a HERO
//! general (the warlord, if taken; a WARMASTER, if any is taken), within the battle's points
//! limit, and split into regiments each led by a HERO.
//!
//! Path to Glory changes two army-composition rules, and both hold by construction here:
//! enhancements are the ones units carry on the Order of Battle (any number of them, no
//! one-per-table limit), and the lores are the roster's Arcane Tome.

use super::model::{Roster, Unit};
use super::{RuleError, refuse};
use crate::catalogue::battlepack::ArmyLimits;
use serde::Serialize;
use std::str::FromStr;

/// An army as checked: units in the order given, the general, the regiments and the points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Army {
    pub units: Vec<i64>,
    pub general: i64,
    /// The general's regiment first, then the other HEROes' in army order.
    pub regiments: Vec<Regiment>,
    pub points: u32,
}

/// A HERO and the non-HERO units in its regiment.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Regiment {
    pub leader: i64,
    pub units: Vec<i64>,
}

impl Army {
    /// The leader of the regiment `unit` is in (a leader is in its own).
    pub fn regiment_of(&self, unit: i64) -> Option<i64> {
        self.regiments
            .iter()
            .find(|r| r.leader == unit || r.units.contains(&unit))
            .map(|r| r.leader)
    }
}

/// One `--regiment HERO=UNIT,UNIT,...` as typed: the leader and its units, by id or name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RegimentChoice {
    pub leader: String,
    pub units: Vec<String>,
}

impl FromStr for RegimentChoice {
    type Err = RuleError;

    /// "Knight-Arcanum=Liberators,7" or "Knight-Arcanum=" / "Knight-Arcanum" (no units).
    fn from_str(s: &str) -> Result<RegimentChoice, RuleError> {
        let (leader, units) = s.split_once('=').unwrap_or((s, ""));
        let leader = leader.trim();
        if leader.is_empty() {
            return refuse(
                "regiments",
                format!(
                    "--regiment {s}: name the HERO leading it before '=', e.g. \"Knight-Arcanum=Liberators,Vindictors\""
                ),
            );
        }
        let units: Vec<String> = if units.trim().is_empty() {
            Vec::new()
        } else {
            units.split(',').map(|u| u.trim().to_string()).collect()
        };
        if units.iter().any(String::is_empty) {
            return refuse(
                "regiments",
                format!("--regiment {s}: a unit name is empty; separate the units with single commas"),
            );
        }
        Ok(RegimentChoice {
            leader: leader.to_string(),
            units,
        })
    }
}

/// What a player names for a battle: units, maybe the general, maybe some regiments.
#[derive(Debug, Clone, Copy, Default)]
pub struct ArmyChoice<'a> {
    /// Unit ids or names from the Order of Battle.
    pub units: &'a [String],
    pub general: Option<&'a str>,
    /// Regiments the player sets out; units left out of them are placed automatically.
    pub regiments: &'a [RegimentChoice],
}

/// Checks the army a player names for a battle: units from the Order of Battle, the general,
/// the regiments (filling in what the player left out) and the points.
pub fn plan_army(
    limits: &ArmyLimits,
    roster: &Roster,
    choice: &ArmyChoice,
    points_limit: u32,
) -> Result<Army, RuleError> {
    let units = taken_units(roster, choice.units)?;
    let general = choose_general(roster, &units, choice.general)?;
    let asked = asked_regiments(limits, roster, &units, general, choice.regiments)?;
    let (regiments, unplaced) = place_regiments(limits, &units, general, asked);
    if !unplaced.is_empty() {
        return Err(no_room(
            limits,
            &units,
            &unplaced,
            "add a HERO or leave a unit out",
        ));
    }
    let points = points_of(&units);
    if points > points_limit {
        return refuse(
            "points limit",
            format!(
                "the army costs {points} points, over the battle's {points_limit}-point limit by {}; leave a unit out",
                points - points_limit
            ),
        );
    }
    Ok(Army {
        units: units.iter().map(|u| u.id).collect(),
        general: general.id,
        regiments,
        points,
    })
}

/// The whole active Order of Battle checked as an army of `points_limit` points, with the
/// regiments placed automatically: what `roster check --points` reports.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrderOfBattleAsArmy {
    pub points_limit: u32,
    /// What the Order of Battle costs (reinforced units at double).
    pub points: u32,
    /// The general it would have, if one can be picked.
    pub general: Option<i64>,
    /// Regiments as placed automatically (as far as there was room).
    pub regiments: Vec<Regiment>,
    /// Every army rule the Order of Battle breaks at this points limit.
    #[serde(skip)]
    pub problems: Vec<RuleError>,
}

/// Checks the whole active Order of Battle as one army of `points_limit` points, reporting
/// every problem instead of stopping at the first.
pub fn check_order_of_battle(limits: &ArmyLimits, roster: &Roster, points_limit: u32) -> OrderOfBattleAsArmy {
    let units: Vec<&Unit> = roster.active_units().collect();
    let mut problems = Vec::new();
    let heroes: Vec<&Unit> = units.iter().copied().filter(|u| u.has_keyword("HERO")).collect();
    let warmasters = warmasters(&units);
    // Several HEROes (or WARMASTERs) and no warlord: the player picks the general at the
    // table, which is no problem.
    let open = !units.iter().any(|u| u.warlord)
        && (warmasters.len() > 1 || (warmasters.is_empty() && heroes.len() > 1));
    let general = if open {
        None
    } else {
        choose_general(roster, &units, None)
            .map_err(|e| problems.push(e))
            .ok()
    };
    // Any HERO as the general gives the regiments the same room in all; a WARMASTER is the
    // likelier one.
    let first_leader = general
        .or_else(|| heroes.iter().copied().find(|h| h.has_keyword("WARMASTER")))
        .or_else(|| heroes.first().copied());
    let mut regiments = Vec::new();
    if let Some(g) = first_leader {
        let (placed, unplaced) = place_regiments(limits, &units, g, Vec::new());
        if !unplaced.is_empty() {
            problems.push(no_room(
                limits,
                &units,
                &unplaced,
                "add a HERO, or leave a unit out when you pick the army",
            ));
        }
        regiments = placed;
    }
    let points = points_of(&units);
    if points > points_limit {
        problems.push(RuleError::new(
            "points limit",
            format!(
                "the Order of Battle costs {points} points, over a {points_limit}-point limit by {}; leave units out when you pick the army",
                points - points_limit
            ),
        ));
    }
    OrderOfBattleAsArmy {
        points_limit,
        points,
        general: general.map(|g| g.id),
        regiments,
        problems,
    }
}

fn points_of(units: &[&Unit]) -> u32 {
    units.iter().map(|u| u.cost()).sum()
}

fn labels(units: &[&Unit]) -> String {
    units.iter().map(|u| u.label()).collect::<Vec<_>>().join(", ")
}

fn warmasters<'a>(units: &[&'a Unit]) -> Vec<&'a Unit> {
    units
        .iter()
        .copied()
        .filter(|u| u.has_keyword("WARMASTER"))
        .collect()
}

/// The units named, each from the Order of Battle, not retired, and named once.
fn taken_units<'a>(roster: &'a Roster, wanted: &[String]) -> Result<Vec<&'a Unit>, RuleError> {
    if wanted.is_empty() {
        return refuse("army", "name the units taken to the battle (ids or names)");
    }
    let mut units: Vec<&Unit> = Vec::new();
    for w in wanted {
        let unit = roster.find_unit(w).map_err(|e| {
            RuleError::new(
                "army",
                format!(
                    "{}; an army is drawn from the Order of Battle (summoned and replacement units never join it, so leave them out)",
                    e.message
                ),
            )
        })?;
        if unit.retired {
            return refuse(
                "army",
                format!("{} is retired and cannot be taken to battle", unit.label()),
            );
        }
        if units.iter().any(|u| u.id == unit.id) {
            return refuse("army", format!("{} is named twice", unit.label()));
        }
        units.push(unit);
    }
    Ok(units)
}

/// The general: the one named, else the warlord if taken, else the only WARMASTER, else the
/// only HERO. The warlord, if taken, must be the general (Path to Glory); if any WARMASTER is
/// taken, the general must be one of them (core rules 3.2); the general is a HERO.
fn choose_general<'a>(
    roster: &'a Roster,
    units: &[&'a Unit],
    named: Option<&str>,
) -> Result<&'a Unit, RuleError> {
    let warlord = units.iter().copied().find(|u| u.warlord);
    let warmasters = warmasters(units);
    if let Some(w) = warlord.filter(|w| !warmasters.is_empty() && !w.has_keyword("WARMASTER")) {
        return refuse(
            "warmaster",
            format!(
                "the warlord {} is taken, so it must be the general (Path to Glory), but {} has the WARMASTER keyword, so the general must be a WARMASTER (core rules 3.2); leave one of them out",
                w.label(),
                labels(&warmasters)
            ),
        );
    }
    let general = match (named, warlord) {
        (Some(g), _) => {
            let g = roster.find_unit(g)?;
            if !units.iter().any(|u| u.id == g.id) {
                return refuse(
                    "general",
                    format!("the general {} is not in the army; add it", g.label()),
                );
            }
            if let Some(w) = warlord.filter(|w| w.id != g.id) {
                return refuse(
                    "general",
                    format!(
                        "the warlord {} is in the army, so the warlord must be the general; leave out --general or name the warlord",
                        w.label()
                    ),
                );
            }
            if !warmasters.is_empty() && !g.has_keyword("WARMASTER") {
                return refuse(
                    "warmaster",
                    format!(
                        "{} has the WARMASTER keyword, so the general must be a WARMASTER (core rules 3.2), and {} is not; name {} with --general",
                        labels(&warmasters),
                        g.label(),
                        if warmasters.len() == 1 {
                            "it"
                        } else {
                            "one of them"
                        }
                    ),
                );
            }
            g
        }
        (None, Some(w)) => w,
        (None, None) => match warmasters.as_slice() {
            [one] => *one,
            [_, _, ..] => {
                return refuse(
                    "general",
                    format!(
                        "pick the general with --general; it must be a WARMASTER (one of: {})",
                        labels(&warmasters)
                    ),
                );
            }
            [] => {
                let heroes: Vec<&Unit> = units.iter().copied().filter(|u| u.has_keyword("HERO")).collect();
                match heroes.as_slice() {
                    [one] => *one,
                    [] => return refuse("general", "the army has no HERO to be its general; add one"),
                    many => {
                        return refuse(
                            "general",
                            format!("pick the general with --general (one of: {})", labels(many)),
                        );
                    }
                }
            }
        },
    };
    if !general.has_keyword("HERO") {
        return refuse(
            "general",
            format!("the general must be a HERO, and {} is not", general.label()),
        );
    }
    Ok(general)
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

/// The regiments the player set out, checked: each led by a HERO of the army, holding
/// non-HERO units of the army, each unit in one regiment, within the leader's limit.
fn asked_regiments<'a>(
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
                    "{} is not in the army, so it cannot {role}; add it to the units taken or take it out of --regiment",
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
                    "{} is not a HERO, so it cannot lead a regiment; name a HERO before '=' in --regiment and put {} in its regiment",
                    leader.label(),
                    leader.display_name()
                ),
            );
        }
        if out.iter().any(|(l, _)| l.id == leader.id) {
            return refuse(
                "regiments",
                format!(
                    "{} leads one regiment but is given two --regiment; name all its units in one",
                    leader.label()
                ),
            );
        }
        let mut members: Vec<&Unit> = Vec::new();
        for name in &choice.units {
            let unit = roster.find_unit(name)?;
            in_army(unit, "join a regiment")?;
            if unit.has_keyword("HERO") {
                return refuse(
                    "regiments",
                    format!(
                        "{} is a HERO and leads its own regiment, so it cannot join {}'s; take it out of that --regiment",
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
fn place_regiments<'a>(
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
    for u in units.iter().copied().filter(|u| !u.has_keyword("HERO")) {
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
fn no_room(limits: &ArmyLimits, units: &[&Unit], unplaced: &[&Unit], fix: &str) -> RuleError {
    let non_heroes = units.iter().filter(|u| !u.has_keyword("HERO")).count();
    let heroes = units.len() - non_heroes;
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

#[cfg(test)]
mod tests;
