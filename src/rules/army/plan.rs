//! `plan_army`: the army a player names for one battle, checked and completed.

use super::choice::ArmyChoice;
use super::general::choose_general;
use super::regiments::{Regiment, asked_regiments, no_room, place_regiments};
use crate::catalogue::battlepack::ArmyLimits;
use crate::catalogue::options::AlliesOption;
use crate::fix::Fix;
use crate::names::SameName;
use crate::rules::battle::ArmyUnit;
use crate::rules::model::{Roster, Unit};
use crate::rules::roster::{check_ally_share, share_counts};
use crate::rules::{RuleError, refuse};
use serde::Serialize;

/// An army as checked: units in the order given, the general, the regiments and the points.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Army {
    pub units: Vec<i64>,
    pub general: i64,
    /// The general's regiment first, then the other HEROes' in army order.
    pub regiments: Vec<Regiment>,
    pub points: u64,
}

impl Army {
    /// The leader of the regiment `unit` is in (a leader is in its own).
    pub fn regiment_of(&self, unit: i64) -> Option<i64> {
        self.regiments
            .iter()
            .find(|r| r.leader == unit || r.units.contains(&unit))
            .map(|r| r.leader)
    }

    /// The army as a battle records it: each unit with whether it is the general and its
    /// regiment's leader, not yet destroyed.
    pub fn taken(&self) -> Vec<ArmyUnit> {
        self.units
            .iter()
            .map(|&u| ArmyUnit {
                unit_id: u,
                general: u == self.general,
                regiment: self.regiment_of(u),
                destroyed: false,
                slew_hero_or_monster: false,
            })
            .collect()
    }
}

/// Checks the army a player names for a battle: units from the Order of Battle, the allies'
/// share (`allies`: the battlepack's `[options.allies]`, see [`crate::rules::roster::check_ally_share`]),
/// the general, the regiments (filling in what the player left out) and the points.
pub fn plan_army(
    limits: &ArmyLimits,
    allies: Option<&AlliesOption>,
    roster: &Roster,
    choice: &ArmyChoice,
    points_limit: u32,
) -> Result<Army, RuleError> {
    let units = taken_units(roster, choice.units)?;
    check_allies(allies, roster, &units)?;
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
    let points_limit = u64::from(points_limit);
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

/// Refuses allied units when the campaign does not play allies (or its battlepack offers none),
/// and more than one ally in every `one_in` units of the army.
fn check_allies(allies: Option<&AlliesOption>, roster: &Roster, units: &[&Unit]) -> Result<(), RuleError> {
    let (n, counted) = share_counts(units.iter().copied());
    if n == 0 {
        return Ok(());
    }
    let Some(share) = allies.filter(|_| roster.options.allies) else {
        let c = &roster.campaign;
        return Err(RuleError::new(
            "allies",
            format!(
                "campaign '{c}' does not play with allies now, so its allied units stay home; leave them out"
            ),
        )
        .fix(Fix::turn(c.clone(), "allies", true)));
    };
    check_ally_share(
        share.one_in,
        n,
        counted,
        "the army",
        "leave an allied unit out or take more units",
    )
}

pub(super) fn points_of(units: &[&Unit]) -> u64 {
    units.iter().map(|u| u.cost()).sum()
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
        // A UNIQUE unit is one named character: an army never includes two copies.
        if let Some(there) = units
            .iter()
            .find(|u| unit.has_keyword("UNIQUE") && u.warscroll.same_name(&unit.warscroll))
        {
            return refuse(
                "unique units",
                format!(
                    "{} is UNIQUE and {} is already in the army; an army includes one copy of a UNIQUE warscroll, so leave one out",
                    unit.label(),
                    there.label()
                ),
            );
        }
        units.push(unit);
    }
    Ok(units)
}
