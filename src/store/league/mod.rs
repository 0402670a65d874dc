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
mod spool;
mod tables;
mod words;

pub use domains::escaped;
pub use engine::Known;
pub use export::{Exported, export};
pub use import::{Imported, import};

use crate::error::refusal;
use anyhow::Result;
use serde::Deserialize;
use serde_json::Value;
use spool::Spool;
use std::collections::BTreeMap;
use std::io::Read;

/// What the file says it is, so `ptg import` can tell it from any other JSON.
pub const FORMAT: &str = "ptg-league";
/// The version of the format this ptg writes and reads; a later one is refused, an earlier one
/// (none yet) would be converted.
pub const VERSION: u32 = 1;

/// A league file, its header read and each table's rows spooled to a temporary file of their
/// own as they were read (`spool.rs`), so reading a league takes the memory of one row, not of
/// the file (issue 42: 656 MB for a file of 10,000 battles when the rows were kept in memory).
#[derive(Debug, Deserialize)]
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

/// A table's rows: the column names once, then each row's values in that order, each row kept
/// as its text in a temporary file until it is used.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rows {
    pub columns: Vec<String>,
    pub rows: Spool,
}

impl Rows {
    /// Each row's values, refusing a row that is not an array of one value per column: read
    /// again from the spool on each call.
    pub fn each(&self, table: &str) -> impl Iterator<Item = Result<Vec<Value>>> + '_ {
        let table = table.to_string();
        self.rows.texts().enumerate().map(move |(i, raw)| {
            let at = || format!("row {} of table '{table}'", i + 1);
            let raw = raw?;
            let row: Vec<Value> = serde_json::from_slice(&raw)
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
    /// Reads a league file's text (tests); see [`League::read_from`].
    pub fn read(text: &str) -> Result<League> {
        League::read_from(|| Ok(text.as_bytes()))
    }

    /// Reads a league file, refusing anything that is not one this ptg can import: `open`
    /// gives its bytes from the start, twice (what it says it is first, then its rows).
    pub fn read_from<R: Read>(open: impl Fn() -> std::io::Result<R>) -> Result<League> {
        /// What the file says it is, read first (the rest skipped) so a file of another kind
        /// or version is refused in those words rather than by what it holds.
        #[derive(Deserialize)]
        struct Head {
            format: Option<Value>,
            version: Option<Value>,
        }
        let reader = || {
            open()
                .map(std::io::BufReader::new)
                .map_err(|e| refusal(format!("cannot read the file: {e}")))
        };
        let head: Head = serde_json::from_reader(reader()?).map_err(|e| {
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
        // Straight into the spooled rows, a row at a time.
        serde_json::from_reader(reader()?)
            .map_err(|e| refusal(format!("the league file is not as `ptg export` writes it: {e}")))
    }

    /// The values of `column` in every row of `table` (none if the file has no such table or
    /// column).
    pub fn column(&self, table: &str, column: &str) -> Result<Vec<Value>> {
        self.each_in_column(table, column).collect()
    }

    /// [`League::column`] read a row at a time from the spool, none of it held (a table of
    /// the log has hundreds of thousands of rows, issue 42).
    pub fn each_in_column<'a>(
        &'a self,
        table: &str,
        column: &str,
    ) -> Box<dyn Iterator<Item = Result<Value>> + 'a> {
        let Some(rows) = self.tables.get(table) else {
            return Box::new(std::iter::empty());
        };
        let Some(at) = rows.columns.iter().position(|c| c == column) else {
            return Box::new(std::iter::empty());
        };
        Box::new(
            rows.each(table)
                .map(move |row| row.map(|mut r| r.swap_remove(at))),
        )
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
