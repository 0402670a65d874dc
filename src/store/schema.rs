//! What makes a SQLite file a ptg database, and the revision check that lets an operation
//! read, wait on a person, then write only if nothing it read has changed meanwhile.

use anyhow::{Result, bail};
use rusqlite::{Connection, params_from_iter};

/// The newest schema version this binary knows: the highest `V{n}__` migration in
/// `migrations/`. A constant, not asked of refinery's runner, because building the runner
/// compiles a regular expression on every start (~1 ms of every command); the test
/// `latest_known_is_the_newest_migration` keeps it equal to the runner's answer.
pub const LATEST_KNOWN: i64 = 23;

/// The newest schema version this binary knows (see [`LATEST_KNOWN`]).
pub fn latest_known() -> i64 {
    LATEST_KNOWN
}

/// Refuses a file that holds tables but no ptg schema history (someone else's database), and
/// one whose schema is newer than this binary knows; either is left untouched.
pub fn check_ours(conn: &Connection) -> Result<()> {
    let tables: i64 = conn.query_row(
        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
        [],
        |r| r.get(0),
    )?;
    if tables == 0 {
        return Ok(());
    }
    let has_history: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'refinery_schema_history')",
        [],
        |r| r.get(0),
    )?;
    if !has_history {
        bail!(
            "this file is a SQLite database but not a ptg one (it has {tables} tables and no ptg schema \
             history), so ptg leaves it alone; pass --db with a ptg database file, or a new file name"
        );
    }
    let version: Option<i64> =
        conn.query_row("SELECT MAX(version) FROM refinery_schema_history", [], |r| {
            r.get(0)
        })?;
    let known = latest_known();
    if let Some(v) = version.filter(|&v| v > known) {
        bail!(
            "this database was written by a newer ptg (schema version {v}; this ptg knows up to {known}); \
             install the newer ptg to use it"
        );
    }
    Ok(())
}

/// The newest change set that touches any of `rosters` (their own commands, or changes made
/// to them by another command), is a battle-wide command of any of `battles` (a result, an
/// undo of one), or changes the settings of those rosters' campaigns (`campaign set`, or its
/// undo: whether Legends may join). An operation that asks a person for input reads this
/// before asking and compares it after, inside its write transaction.
///
/// One lookup per roster and battle, each the newest entry of an index, so the check costs the
/// same however long the rosters' logs are (one query with `OR`s read every set and change of
/// the rosters: ~24 ms a check at 400 battles a roster). A roster's newest change names the
/// newest set among its changes because changes are numbered in the order their sets are.
pub fn revision(conn: &Connection, rosters: &[i64], battles: &[i64]) -> Result<i64> {
    let mut parts = Vec::new();
    for _ in rosters {
        parts.push("SELECT MAX(id) FROM change_sets WHERE roster_id = ?");
        parts.push("SELECT change_set_id FROM changes WHERE roster_id = ? ORDER BY id DESC LIMIT 1");
        parts.push(
            "SELECT MAX(id) FROM change_sets WHERE roster_id IS NULL AND battle_id IS NULL
               AND campaign_id = (SELECT campaign_id FROM rosters WHERE id = ?)",
        );
    }
    parts.extend(std::iter::repeat_n(
        "SELECT MAX(id) FROM change_sets WHERE +roster_id IS NULL AND battle_id = ?",
        battles.len(),
    ));
    if parts.is_empty() {
        return Ok(0);
    }
    let sql = format!(
        "SELECT COALESCE(MAX(m), 0) FROM ({})",
        parts
            .iter()
            .map(|p| format!("SELECT ({p}) AS m"))
            .collect::<Vec<_>>()
            .join(" UNION ALL ")
    );
    let params = rosters.iter().flat_map(|r| [r, r, r]).chain(battles);
    Ok(conn.query_row(&sql, params_from_iter(params), |row| row.get(0))?)
}
