//! The army's allegiance (option `allies`). Core rules 2e: allied units "are not included when
//! working out your army's allegiance", so an army's allegiance is always its roster's
//! faction, whatever allies it takes; the issue asks that an army mixing factions also show
//! its grand alliance. ptg's reading: the allegiance is the faction; when allied units are in
//! the army it is shown with the grand alliance and the factions the allies come from
//! ("Stormcast Eternals (Order, with allies from Cities of Sigmar)").

use crate::names::SameName;
use crate::rules::model::Roster;
use serde::Serialize;

/// What one side's army fights as.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Allegiance {
    pub roster_id: i64,
    /// The roster's faction: the army's allegiance (allies do not count for it).
    pub faction: String,
    pub grand_alliance: String,
    /// The factions of the allied units in the army, each once, in army order.
    pub allies: Vec<String>,
    /// The allegiance in words, as shown.
    pub words: String,
}

/// The allegiance of the army of `units` (ids on the roster's Order of Battle), with the
/// roster's faction's grand alliance.
pub fn allegiance(roster: &Roster, units: &[i64], grand_alliance: &str) -> Allegiance {
    let mut allies: Vec<String> = Vec::new();
    for a in units
        .iter()
        .filter_map(|&id| roster.unit(id))
        .filter_map(|u| u.ally.as_deref())
    {
        if !allies.iter().any(|n| n.same_name(a)) {
            allies.push(a.to_string());
        }
    }
    let words = if allies.is_empty() {
        roster.faction.clone()
    } else {
        format!(
            "{} ({}, with allies from {})",
            roster.faction,
            if grand_alliance.is_empty() {
                "no grand alliance"
            } else {
                grand_alliance
            },
            allies.join(", ")
        )
    };
    Allegiance {
        roster_id: roster.id,
        faction: roster.faction.clone(),
        grand_alliance: grand_alliance.to_string(),
        allies,
        words,
    }
}
