//! The change log as the engine reads it: one record per command (a change set) with its
//! changes. The store reads these back; undo and the audit reason over them.

use super::Change;
use serde::Serialize;

/// One command's entry in the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoggedSet {
    pub id: i64,
    pub campaign_id: Option<i64>,
    pub roster_id: Option<i64>,
    pub roster: Option<String>,
    pub battle_id: Option<i64>,
    /// "roster add", "aftermath", "battle result", "undo", ...
    pub command: String,
    pub summary: String,
    pub created_at: String,
    /// The set this one reverses, if it is an undo.
    pub undoes: Option<i64>,
    /// The set that reversed this one, if it was undone.
    pub undone_by: Option<i64>,
    pub changes: Vec<LoggedChange>,
}

impl LoggedSet {
    /// Still in force: neither undone nor itself an undo.
    pub fn in_force(&self) -> bool {
        self.undoes.is_none() && self.undone_by.is_none()
    }
}

/// One logged change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoggedChange {
    pub id: i64,
    /// The roster it changed (a battle's set holds changes to both sides).
    pub roster_id: Option<i64>,
    /// The unit it is about, as stored (also for units added in the same command).
    pub unit_id: Option<i64>,
    pub kind: String,
    pub description: String,
    /// The roll it came from.
    pub roll_id: Option<i64>,
    /// None when the payload cannot be read.
    #[serde(skip)]
    pub change: Option<Change>,
}
