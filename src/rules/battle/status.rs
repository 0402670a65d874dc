//! Where a battle stands in its life: planned, then fought once its result is recorded.

use serde::{Deserialize, Serialize};

/// Where a battle stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BattleStatus {
    /// Planned; armies may be recorded and changed, twists rolled.
    Planned,
    /// The result is recorded; each side runs its aftermath.
    Fought,
}

impl BattleStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BattleStatus::Planned => "planned",
            BattleStatus::Fought => "fought",
        }
    }
}

impl std::fmt::Display for BattleStatus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl std::str::FromStr for BattleStatus {
    type Err = String;
    fn from_str(s: &str) -> Result<BattleStatus, String> {
        match s {
            "planned" => Ok(BattleStatus::Planned),
            "fought" => Ok(BattleStatus::Fought),
            other => Err(format!("'{other}' is not a battle status")),
        }
    }
}
