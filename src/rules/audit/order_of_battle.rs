//! Checks of the Order of Battle itself: as it started, as taken to each battle, and as it
//! stands (ranks, enhancements, lores).

use super::finding::{Check, Finding, finding};
use crate::catalogue::{Battlepack, Faction, LoreKind};
use crate::names::SameName;
use crate::rules::model::{Roster, Unit};
use crate::rules::roster::{DataMark, Factions, against_current_data, warlord_problems};

/// The Order of Battle as it stands against the faction data as it is now (the same marks
/// `roster check` reports): the rules it breaks (Legends units the campaign does not allow,
/// Anvil heroes, unlocked units over their unlocking units) as findings, and units the data no
/// longer has as notes, which never fail the audit: they play on at the points recorded.
pub fn current_data(factions: &Factions, roster: &Roster) -> (Vec<Finding>, Vec<Finding>) {
    let (mut findings, mut notes) = (Vec::new(), Vec::new());
    for found in against_current_data(factions, roster) {
        let check = match found.mark {
            DataMark::NotInData => Check::NotInCurrentData,
            DataMark::Legends => Check::Legends,
            DataMark::Anvil => Check::AnvilOfApotheosis,
            DataMark::OverUnlocked => Check::UnlockedUnits,
        };
        let mut f = finding(check, roster, found.message);
        if let Some(u) = found.unit {
            f = f.unit(u);
        }
        if found.mark.breaks_a_rule() {
            findings.push(f);
        } else {
            notes.push(f);
        }
    }
    (findings, notes)
}

/// An army the roster took to a battle, with what each unit on the Order of Battle cost as
/// the roster's log stood when the battle was fought (a planned battle's: when the army was
/// recorded), so unit costs are those of that battle.
#[derive(Debug, Clone, PartialEq)]
pub struct ArmyTaken {
    pub battle_id: i64,
    pub points_limit: u32,
    /// The change set the roster was rebuilt up to (the result's, else the army's).
    pub set: Option<i64>,
    pub units: Vec<i64>,
    pub roster_then: UnitCosts,
}

/// Each unit on an Order of Battle with its cost, by id: all the army check needs of the
/// roster as it stood. Kept instead of the roster itself, whose copy per battle made most of
/// a whole-league audit's time (issue #16).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct UnitCosts(std::collections::BTreeMap<i64, u64>);

impl UnitCosts {
    /// The units on the Order of Battle (not retired) with their costs.
    pub fn of(roster: &Roster) -> UnitCosts {
        UnitCosts(roster.active_units().map(|u| (u.id, u.cost())).collect())
    }

    /// The unit's cost, if it was on the Order of Battle.
    pub fn cost(&self, unit_id: i64) -> Option<u64> {
        self.0.get(&unit_id).copied()
    }
}

/// The starting Order of Battle: within the starting points, led by a warlord the warlord
/// rules allow.
pub fn starting_order_of_battle(
    pack: &Battlepack,
    faction: Option<&Faction>,
    roster: &Roster,
    start: &Roster,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let limit = u64::from(pack.roster.starting_points);
    if start.points() > limit {
        out.push(finding(
            Check::StartingPoints,
            roster,
            format!(
                "the starting Order of Battle cost {} points, over the {limit}-point limit by {}",
                start.points(),
                start.points() - limit
            ),
        ));
    }
    match (start.warlord(), faction) {
        (None, _) => out.push(finding(
            Check::Warlord,
            roster,
            "the starting Order of Battle had no warlord",
        )),
        (Some(w), Some(f)) => {
            for broken in warlord_problems(pack, f, w) {
                out.push(
                    finding(
                        Check::Warlord,
                        roster,
                        format!("starting warlord: {}", broken.message),
                    )
                    .unit(w),
                );
            }
        }
        (Some(_), None) => out.push(finding(
            Check::FactionData,
            roster,
            format!(
                "the faction {} is not in the data, so the warlord rules were not checked",
                roster.faction
            ),
        )),
    }
    out
}

/// The army taken to a battle, at the unit costs of that battle, within its points limit.
pub fn army_points(roster: &Roster, army: &ArmyTaken) -> Vec<Finding> {
    let mut out = Vec::new();
    let then = &army.roster_then;
    let mut points: u64 = 0;
    for &id in &army.units {
        match then.cost(id) {
            Some(cost) => points += cost,
            None => out.push(
                finding(
                    Check::ArmyUnits,
                    roster,
                    format!(
                        "unit #{id} is in the army for battle {}, but was not on the Order of Battle then",
                        army.battle_id
                    ),
                )
                .unit_id(id)
                .battle(Some(army.battle_id))
                .set(army.set),
            ),
        }
    }
    if points > u64::from(army.points_limit) {
        out.push(
            finding(
                Check::ArmyPoints,
                roster,
                format!(
                    "the army for battle {} cost {points} points, over its {}-point limit by {}",
                    army.battle_id,
                    army.points_limit,
                    points - u64::from(army.points_limit)
                ),
            )
            .battle(Some(army.battle_id))
            .set(army.set),
        );
    }
    out
}

/// Each unit's stored rank is the rank its stored renown gives.
pub fn ranks(pack: &Battlepack, roster: &Roster) -> Vec<Finding> {
    roster
        .units
        .iter()
        .filter_map(|u| {
            let due = pack.rank_for(u.renown).map(|r| r.name.as_str());
            (due != u.rank.as_deref()).then(|| {
                finding(
                    Check::Rank,
                    roster,
                    format!(
                        "{} is stored as {}, but {} renown makes it {}",
                        u.label(),
                        u.rank.as_deref().unwrap_or("unranked"),
                        u.renown,
                        due.unwrap_or("unranked")
                    ),
                )
                .unit(u)
            })
        })
        .collect()
}

/// The Order of Battle holds each enhancement at most once.
pub fn enhancements(roster: &Roster) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut seen: Vec<(&Unit, &str)> = Vec::new();
    for u in roster.active_units() {
        if let Some(from) = u.ally.as_deref().filter(|_| !u.enhancements.is_empty()) {
            out.push(
                finding(
                    Check::Enhancements,
                    roster,
                    format!(
                        "{} is an ally (from {from}) but holds enhancements; allied units get none",
                        u.label()
                    ),
                )
                .unit(u),
            );
        }
        for e in &u.enhancements {
            if let Some((holder, _)) = seen.iter().find(|(_, n)| n.same_name(&e.name)) {
                let also = if holder.id == u.id {
                    "twice".to_string()
                } else {
                    format!("and by {}", holder.label())
                };
                out.push(
                    finding(
                        Check::Enhancements,
                        roster,
                        format!(
                            "{} is held by {} {also}; the Order of Battle may hold an enhancement only once",
                            e.name,
                            u.label()
                        ),
                    )
                    .unit(u),
                );
            }
            seen.push((u, &e.name));
        }
    }
    out
}

/// Each lore of the Arcane Tome holds at most the battlepack's capacity (6).
pub fn lores(pack: &Battlepack, roster: &Roster) -> Vec<Finding> {
    let cap = pack.roster.lore_capacity as usize;
    LoreKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let n = roster.tome(kind).count();
            (n > cap).then(|| {
                finding(
                    Check::LoreCapacity,
                    roster,
                    format!("the {kind} lore holds {n} entries, more than {cap}"),
                )
            })
        })
        .collect()
}
