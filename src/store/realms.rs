//! The realm a battle is fought in and the triumphs its armies rolled (options `realms` and
//! `triumphs`). A triumph row is tagged with the change set of the `battle army` that rolled
//! it, so undoing that set deletes exactly it.

use crate::rules::battle::BattleResult;
use crate::rules::realms::PreviousBattle;
use anyhow::{Context, Result};
use rusqlite::{Connection, OptionalExtension, params};

/// Sets the realm of a battle (None: not picked yet) and who picks it after a roll-off.
pub fn set_realm(conn: &Connection, battle_id: i64, realm: Option<&str>, picker: Option<i64>) -> Result<()> {
    conn.execute(
        "UPDATE battles SET realm = ?2, realm_picker_id = COALESCE(?3, realm_picker_id) WHERE id = ?1",
        params![battle_id, realm, picker],
    )?;
    Ok(())
}

/// Records the triumph a side rolled, with the set and roll that made it.
pub fn add_triumph(
    conn: &Connection,
    battle_id: i64,
    roster_id: i64,
    set_id: i64,
    table: &str,
    triumph: &str,
    roll_id: Option<i64>,
) -> Result<()> {
    conn.execute(
        "INSERT INTO battle_triumphs (battle_id, roster_id, change_set_id, table_name, triumph, roll_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![battle_id, roster_id, set_id, table, triumph, roll_id],
    )?;
    Ok(())
}

/// Undoing a `battle army` takes off the triumph it rolled.
pub fn remove_triumph_of(conn: &Connection, battle_id: i64, set_id: i64) -> Result<()> {
    conn.execute(
        "DELETE FROM battle_triumphs WHERE battle_id = ?1 AND change_set_id = ?2",
        params![battle_id, set_id],
    )?;
    Ok(())
}

/// The latest battle before `battle_id` in which the roster has a result (not cancelled).
pub fn previous_battle(conn: &Connection, roster_id: i64, battle_id: i64) -> Result<Option<PreviousBattle>> {
    let row: Option<(i64, String, Option<String>)> = conn
        .query_row(
            "SELECT b.id, s.result, b.realm FROM battle_sides s JOIN battles b ON b.id = s.battle_id
             WHERE s.roster_id = ?1 AND s.battle_id < ?2 AND s.result IS NOT NULL AND b.cancelled = 0
             ORDER BY s.battle_id DESC LIMIT 1",
            params![roster_id, battle_id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?;
    row.map(|(battle_id, result, realm)| {
        let result: BattleResult = result
            .parse()
            .map_err(anyhow::Error::msg)
            .context("a battle result in the database is unreadable")?;
        Ok(PreviousBattle {
            battle_id,
            result,
            realm,
        })
    })
    .transpose()
}
