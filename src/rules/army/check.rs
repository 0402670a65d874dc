//! `roster check --points`: the whole Order of Battle checked as one army, every problem
//! reported.

use super::general::{choose_general, warmasters};
use super::plan::points_of;
use super::regiments::{Regiment, no_room, place_regiments};
use crate::catalogue::battlepack::ArmyLimits;
use crate::rules::RuleError;
use crate::rules::model::{Roster, Unit};
use serde::Serialize;

/// The whole active Order of Battle checked as an army of `points_limit` points, with the
/// regiments placed automatically: what `roster check --points` reports.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct OrderOfBattleAsArmy {
    pub points_limit: u32,
    /// What the Order of Battle costs (reinforced units at double).
    pub points: u64,
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
    if points > u64::from(points_limit) {
        problems.push(RuleError::new(
            "points limit",
            format!(
                "the Order of Battle costs {points} points, over a {points_limit}-point limit by {}; leave units out when you pick the army",
                points - u64::from(points_limit)
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
