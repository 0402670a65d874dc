//! What the campaign options add to a battle's record (issue #17): the realm it is fought in,
//! a side's triumph, its sudden death objective, and how a result was decided when not by
//! victory points. The rules that make them are in `rules::options` and its submodules; these
//! are the rows as the store loads them.

use serde::{Deserialize, Serialize};

/// A triumph a side rolled when its army was recorded (its roster's previous battle was a
/// major victory).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct TriumphRow {
    /// The table's id ("1e", "mount-hedon").
    pub table: String,
    pub triumph: String,
}

/// The sudden death objective a side picked, and what the objective needs picked with it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SuddenDeathRow {
    pub objective: String,
    /// The enemy unit to slay (Assassinate, Blunt).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_unit: Option<i64>,
    /// A terrain feature (Seize Ground), as the player named it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target_text: Option<String>,
}

/// How a result was decided when not by victory points.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DecidedBy {
    /// The outnumbered side achieved its sudden death objective.
    SuddenDeath,
    /// The battle was not fought to its end: the share of models lost decided it.
    Casualties,
}

impl DecidedBy {
    pub fn as_str(self) -> &'static str {
        match self {
            DecidedBy::SuddenDeath => "sudden_death",
            DecidedBy::Casualties => "casualties",
        }
    }
}

impl std::str::FromStr for DecidedBy {
    type Err = String;
    fn from_str(s: &str) -> Result<DecidedBy, String> {
        match s {
            "sudden_death" => Ok(DecidedBy::SuddenDeath),
            "casualties" => Ok(DecidedBy::Casualties),
            other => Err(format!("'{other}' is not how a battle is decided")),
        }
    }
}

/// A side's record of how its result was decided: by its sudden death objective, or by the
/// models it set up, lost and added.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Decision {
    pub by: DecidedBy,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub models_set_up: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub models_lost: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub models_added: Option<u32>,
}
