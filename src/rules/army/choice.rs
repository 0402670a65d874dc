//! What the player names for a battle, as typed: the units, the general, `--regiment` choices.

use crate::rules::{RuleError, refuse};
use std::str::FromStr;

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
                    "regiment '{s}': name the HERO leading it before '=', e.g. \"Knight-Arcanum=Liberators,Vindictors\""
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
                format!("regiment '{s}': a unit name is empty; separate the units with single commas"),
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
