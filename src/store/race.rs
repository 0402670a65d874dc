//! The league's race, read from the change log: each glory and renown gain still in force, in
//! the order it was made, for the league page's chart. Renown counts for units still on their
//! Order of Battle, as the league table counts it.

use anyhow::Result;
use rusqlite::Connection;

pub use crate::rules::race::Gain;

/// Every gain of campaign `campaign_id`'s live rosters, oldest first.
pub fn gains(conn: &Connection, campaign_id: i64) -> Result<Vec<Gain>> {
    let mut stmt = conn.prepare(
        "SELECT c.roster_id, s.id, s.command = 'aftermath', c.kind = 'gain_glory',
                COALESCE(json_extract(c.payload, '$.amount'), 0)
         FROM changes c JOIN change_sets s ON s.id = c.change_set_id
         JOIN rosters r ON r.id = c.roster_id
         LEFT JOIN units u ON u.id = c.unit_id
         WHERE r.campaign_id = ?1 AND r.deleted = 0
           AND c.kind IN ('gain_glory', 'gain_renown')
           AND s.undoes IS NULL AND s.undone_by IS NULL
           AND (c.kind = 'gain_glory' OR (u.retired = 0 AND u.removed = 0))
         ORDER BY s.id, c.id",
    )?;
    let rows = stmt.query_map([campaign_id], |r| {
        Ok(Gain {
            roster_id: r.get(0)?,
            set_id: r.get(1)?,
            aftermath: r.get(2)?,
            glory: r.get(3)?,
            amount: u64::try_from(r.get::<_, i64>(4)?).unwrap_or(0),
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}

/// The newest change set's id (0 in an empty log): every write adds a change set, an undo
/// included, so a race worked out at one mark holds until the mark moves.
pub fn log_mark(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("SELECT COALESCE(MAX(id), 0) FROM change_sets", [], |r| r.get(0))?)
}
