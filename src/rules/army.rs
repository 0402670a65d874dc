//! The army a roster takes to one battle: drawn from its Order of Battle, led by a HERO
//! general (the warlord, if taken), within the battle's points limit.

use super::model::{Roster, Unit};
use super::{RuleError, refuse};
use serde::Serialize;

/// An army as checked: units in the order given, and which one is the general.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Army {
    pub units: Vec<i64>,
    pub general: i64,
    pub points: u32,
}

/// Checks the units a player names for a battle and picks out the general.
pub fn plan_army(
    roster: &Roster,
    wanted: &[String],
    general: Option<&str>,
    points_limit: u32,
) -> Result<Army, RuleError> {
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
    let warlord = units.iter().copied().find(|u| u.warlord);
    let general = match (general, warlord) {
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
            g
        }
        (None, Some(w)) => w,
        (None, None) => {
            let heroes: Vec<&Unit> = units.iter().copied().filter(|u| u.has_keyword("HERO")).collect();
            match heroes.as_slice() {
                [one] => *one,
                [] => return refuse("general", "the army has no HERO to be its general; add one"),
                many => {
                    return refuse(
                        "general",
                        format!(
                            "pick the general with --general (one of: {})",
                            many.iter().map(|u| u.label()).collect::<Vec<_>>().join(", ")
                        ),
                    );
                }
            }
        }
    };
    if !general.has_keyword("HERO") {
        return refuse(
            "general",
            format!("the general must be a HERO, and {} is not", general.label()),
        );
    }
    let points: u32 = units.iter().map(|u| u.cost()).sum();
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
        points,
    })
}
