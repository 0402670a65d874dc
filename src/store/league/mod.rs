//! A whole league (or one campaign) as a versioned JSON file, with its history: `ptg export`
//! writes it and `ptg import` restores it into an empty or another database. The format is
//! documented in `docs/LEAGUE_FILE.md`: every row of every table of the campaigns, with ids,
//! so the change log, the dice log and undo work as before; `import` gives the rows new ids
//! when the database already has rows of its own.

mod check;
mod domains;
mod engine;
mod export;
mod import;
mod recorded;
mod tables;
mod words;

pub use domains::escaped;
pub use engine::Known;
pub use export::{Exported, export};
pub use import::{Imported, import};

use crate::error::refusal;
use anyhow::Result;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;
use std::collections::BTreeMap;

/// What the file says it is, so `ptg import` can tell it from any other JSON.
pub const FORMAT: &str = "ptg-league";
/// The version of the format this ptg writes and reads; a later one is refused, an earlier one
/// (none yet) would be converted.
pub const VERSION: u32 = 1;

/// A league file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct League {
    pub format: String,
    pub version: u32,
    /// The ptg that wrote it (`ptg --version`) and when: for people, not read back, but in
    /// every file `ptg export` ever wrote, so a file without them is not one (no defaults).
    pub written_by: String,
    pub exported_at: String,
    /// The names of the campaigns in the file: for people, not read back.
    pub campaigns: Vec<String>,
    /// Each table's rows by table name.
    pub tables: BTreeMap<String, Rows>,
}

/// A table's rows: the column names once, then each row's values in that order. Each row is
/// kept as its text until it is used, so a large league takes about its file's size in memory
/// rather than a tree of JSON values many times that.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rows {
    pub columns: Vec<String>,
    pub rows: Vec<Box<RawValue>>,
}

impl Rows {
    /// Each row's values, refusing a row that is not an array of one value per column.
    pub fn each(&self, table: &str) -> impl Iterator<Item = Result<Vec<Value>>> + '_ {
        let table = table.to_string();
        self.rows.iter().enumerate().map(move |(i, raw)| {
            let at = || format!("row {} of table '{table}'", i + 1);
            let row: Vec<Value> = serde_json::from_str(raw.get())
                .map_err(|e| refusal(format!("{} is not a list of values ({e})", at())))?;
            if row.len() != self.columns.len() {
                return Err(refusal(format!(
                    "{} has {} values for {} columns",
                    at(),
                    row.len(),
                    self.columns.len()
                )));
            }
            Ok(row)
        })
    }
}

impl League {
    /// Reads a league file, refusing anything that is not one this ptg can import.
    pub fn read(text: &str) -> Result<League> {
        /// What the file says it is, read first (the rest skipped) so a file of another kind
        /// or version is refused in those words rather than by what it holds.
        #[derive(Deserialize)]
        struct Head {
            format: Option<Value>,
            version: Option<Value>,
        }
        let head: Head = serde_json::from_str(text).map_err(|e| {
            refusal(format!(
                "the file is not JSON ({e}); give a file written by `ptg export`"
            ))
        })?;
        let format = head.format.as_ref().and_then(Value::as_str);
        if format != Some(FORMAT) {
            return Err(refusal(format!(
                "the file is not a ptg league (its \"format\" is {}, not \"{FORMAT}\"); give a file written by `ptg export`",
                format.map_or("missing".to_string(), |f| format!("\"{f}\""))
            )));
        }
        match head.version.as_ref().and_then(Value::as_u64) {
            Some(v) if v == u64::from(VERSION) => {}
            Some(v) if v > u64::from(VERSION) => {
                return Err(refusal(format!(
                    "the file is of league format version {v}, written by a newer ptg; this ptg reads version {VERSION}: update ptg to import it"
                )));
            }
            other => {
                return Err(refusal(format!(
                    "the file's league format version is {}; this ptg reads version {VERSION}",
                    other.map_or("missing".to_string(), |v| v.to_string())
                )));
            }
        }
        // Straight into the rows, without a whole-file JSON tree first (half the memory).
        serde_json::from_str(text)
            .map_err(|e| refusal(format!("the league file is not as `ptg export` writes it: {e}")))
    }

    /// The values of `column` in every row of `table` (none if the file has no such table or
    /// column).
    pub fn column(&self, table: &str, column: &str) -> Result<Vec<Value>> {
        let Some(rows) = self.tables.get(table) else {
            return Ok(Vec::new());
        };
        let Some(at) = rows.columns.iter().position(|c| c == column) else {
            return Ok(Vec::new());
        };
        rows.each(table)
            .map(|row| row.map(|mut r| r.swap_remove(at)))
            .collect()
    }
}

/// Every campaign's id, deleted ones included, oldest first: what `ptg export` without
/// `--campaign` writes.
pub fn every_campaign(conn: &crate::store::Conn) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare("SELECT id FROM campaigns ORDER BY id")?;
    let ids = stmt.query_map([], |r| r.get(0))?.collect::<Result<_, _>>()?;
    Ok(ids)
}

#[cfg(test)]
mod tests;
