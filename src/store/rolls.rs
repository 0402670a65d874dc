//! The dice log: every roll, for the opponent (and the audit) to see.

use anyhow::{Context, Result};
use rusqlite::Connection;
use serde::Serialize;

/// One logged roll.
#[derive(Debug, Clone, Serialize)]
pub struct RollRow {
    pub id: i64,
    pub battle_id: Option<i64>,
    pub roster: Option<String>,
    /// The unit the roll was for (a renown roll's unit), by id and its name on the Order of
    /// Battle (its own name, else its warscroll), when a change of the log used the roll.
    pub unit_id: Option<i64>,
    pub unit: Option<String>,
    pub command: String,
    pub purpose: String,
    pub expression: String,
    pub faces: Vec<u32>,
    pub total: i32,
    /// "seeded" (rolled by ptg) or "typed" (physical dice).
    pub source: String,
    pub seed: Option<i64>,
    pub created_at: String,
}

/// Rolls in the order made, optionally of one battle and/or one roster.
pub fn list(conn: &Connection, battle_id: Option<i64>, roster_id: Option<i64>) -> Result<Vec<RollRow>> {
    let mut out = Vec::new();
    each(conn, battle_id, roster_id, None, |roll| {
        out.push(roll);
        Ok::<_, anyhow::Error>(())
    })?;
    Ok(out)
}

/// The filter on a roll's change set `cs` for one battle and/or one roster, and its values.
fn scope(battle_id: Option<i64>, roster_id: Option<i64>) -> (&'static str, Vec<i64>) {
    match (battle_id, roster_id) {
        (Some(b), Some(r)) => ("cs.battle_id = ?1 AND cs.roster_id = ?2", vec![b, r]),
        (Some(b), None) => ("cs.battle_id = ?1", vec![b]),
        (None, Some(r)) => ("cs.roster_id = ?1", vec![r]),
        (None, None) => ("1", Vec::new()),
    }
}

/// Calls `f` with each roll in the order made, optionally of one battle and/or one roster, as
/// the rows are read: a caller printing the whole dice log holds one roll at a time. With
/// `newest`, only the latest so many, read from the newest down so the cost follows the page
/// (issue 42), then handed out oldest first; returns whether earlier rolls were left out (one
/// more is read to know, rather than counting the roster's whole log). A roll's battle, roster and time are its change
/// set's (one command rolls for one battle and roster); the filter is written for the case at
/// hand so SQLite finds the battle's or roster's sets through their index, then their rolls
/// through `rolls_change_set`.
pub fn each<E: From<anyhow::Error>>(
    conn: &Connection,
    battle_id: Option<i64>,
    roster_id: Option<i64>,
    newest: Option<u32>,
    mut f: impl FnMut(RollRow) -> std::result::Result<(), E>,
) -> std::result::Result<bool, E> {
    let (filter, values) = scope(battle_id, roster_id);
    let order = match newest {
        Some(n) => format!("cs.id DESC, r.id DESC LIMIT {}", u64::from(n) + 1),
        None => "r.id".to_string(),
    };
    let mut stmt = conn
        .prepare_cached(&format!(
            "SELECT r.id, cs.battle_id, ro.name, cs.command, r.purpose, r.expression, r.faces, r.total, r.source,
                    r.seed, cs.created_at, u.id, COALESCE(u.name, u.warscroll)
             FROM change_sets cs JOIN rolls r ON r.change_set_id = cs.id
             LEFT JOIN rosters ro ON ro.id = cs.roster_id
             LEFT JOIN units u ON u.id = (SELECT ch.unit_id FROM changes ch
                                          WHERE ch.change_set_id = r.change_set_id AND ch.roll_id = r.id
                                          LIMIT 1)
             WHERE {filter}
             ORDER BY {order}"
        ))
        .map_err(anyhow::Error::from)?;
    let mut rows = stmt
        .query(rusqlite::params_from_iter(&values))
        .map_err(anyhow::Error::from)?;
    if newest.is_none() {
        while let Some(r) = rows.next().map_err(anyhow::Error::from)? {
            f(row(r)?)?;
        }
        return Ok(false);
    }
    let mut page = Vec::new();
    while let Some(r) = rows.next().map_err(anyhow::Error::from)? {
        page.push(row(r)?);
    }
    let more = newest.is_some_and(|n| page.len() > n as usize);
    if more {
        page.pop();
    }
    page.into_iter().rev().try_for_each(f)?;
    Ok(more)
}

/// One row of the query in [`each`].
fn row(r: &rusqlite::Row) -> Result<RollRow> {
    let faces: String = r.get(6)?;
    Ok(RollRow {
        id: r.get(0)?,
        battle_id: r.get(1)?,
        roster: r.get(2)?,
        command: r.get(3)?,
        purpose: r.get(4)?,
        expression: r.get(5)?,
        faces: serde_json::from_str(&faces).context("a roll's faces are unreadable")?,
        total: r.get(7)?,
        source: r.get(8)?,
        seed: r.get(9)?,
        created_at: r.get(10)?,
        unit_id: r.get(11)?,
        unit: r.get(12)?,
    })
}

/// The rolls named by `roster_id`'s changes that the dice log holds (what the audit's dice
/// check needs, without reading every roll of the league).
pub fn named_by_roster(conn: &Connection, roster_id: i64) -> Result<std::collections::BTreeSet<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT DISTINCT r.id FROM changes c JOIN rolls r ON r.id = c.roll_id
         WHERE c.roster_id = ?1 AND c.roll_id IS NOT NULL",
    )?;
    Ok(stmt
        .query_map([roster_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?)
}

/// The rolls recorded by the change sets `sets` (a roster's log), as stored, for the audit's
/// check that each is dice of its expression.
pub fn of_sets(conn: &Connection, sets: &[i64]) -> Result<Vec<crate::rules::audit::rows::StoredRoll>> {
    let mut stmt = conn.prepare_cached(
        "SELECT id, change_set_id, expression, faces, total FROM rolls
         WHERE change_set_id IN (SELECT value FROM json_each(?1)) ORDER BY id",
    )?;
    let rows = stmt.query_map([serde_json::to_string(sets)?], |r| {
        let faces: String = r.get(3)?;
        Ok(crate::rules::audit::rows::StoredRoll {
            id: r.get(0)?,
            set: r.get(1)?,
            expression: r.get(2)?,
            faces: serde_json::from_str(&faces).ok(),
            total: r.get(4)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
