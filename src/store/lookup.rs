//! Finding a campaign or roster row by the name a player typed. SQLite's NOCASE folds ASCII
//! only, so a name with accents ("Éclat" typed as "éclat") is also compared by ptg's own
//! Unicode rules (`names::same`) before it is called unknown.

use crate::error::refusal;
use crate::names;
use anyhow::Result;
use rusqlite::{Connection, OptionalExtension};

/// The tables whose rows have a unique player-given name.
#[derive(Debug, Clone, Copy)]
pub enum Named {
    Campaigns,
    Rosters,
}

impl Named {
    fn table(self) -> &'static str {
        match self {
            Named::Campaigns => "campaigns",
            Named::Rosters => "rosters",
        }
    }

    fn what(self) -> &'static str {
        match self {
            Named::Campaigns => "campaign",
            Named::Rosters => "roster",
        }
    }
}

/// The id of the row called `name`: ASCII case-insensitively through the index, else by
/// Unicode case. Two rows that differ only in the case of an accented letter (possible in a
/// database written before names were compared this way) are refused, never guessed.
pub fn id_by_name(conn: &Connection, kind: Named, name: &str) -> Result<Option<i64>> {
    let table = kind.table();
    let name = name.trim();
    let exact = conn
        .query_row(
            &format!("SELECT id FROM {table} WHERE name = ?1 COLLATE NOCASE"),
            [name],
            |r| r.get(0),
        )
        .optional()?;
    if exact.is_some() || name.is_ascii() {
        return Ok(exact);
    }
    let mut stmt = conn.prepare(&format!("SELECT id, name FROM {table} ORDER BY id"))?;
    let found: Vec<(i64, String)> = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
        .filter(|row| row.as_ref().map_or(true, |(_, n)| names::same(n, name)))
        .collect::<Result<_, _>>()?;
    match found.as_slice() {
        [] => Ok(None),
        [(id, _)] => Ok(Some(*id)),
        many => Err(refusal(format!(
            "'{name}' names {} {}s that differ only in case: {}; type the name exactly as listed",
            many.len(),
            kind.what(),
            many.iter()
                .map(|(id, n)| format!("'{n}' (id {id})"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}
