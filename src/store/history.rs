//! The change log read back: change sets in order with their changes, and a roster rebuilt
//! from its log (what the audit compares with the stored values).

use crate::rules::Outcome;
pub use crate::rules::log::{LoggedChange, LoggedSet};
use crate::rules::model::Roster;
use anyhow::{Context, Result};
use rusqlite::{Connection, params};

/// Change sets, oldest first, of one roster (its own and those of its battles), one
/// campaign, or all.
pub fn sets(conn: &Connection, roster_id: Option<i64>, campaign_id: Option<i64>) -> Result<Vec<LoggedSet>> {
    let mut stmt = conn.prepare(
        "SELECT cs.id, cs.campaign_id, cs.roster_id, r.name, cs.battle_id, cs.command, cs.summary, cs.created_at,
                cs.undoes, cs.undone_by
         FROM change_sets cs LEFT JOIN rosters r ON r.id = cs.roster_id
         WHERE (?1 IS NULL OR cs.roster_id = ?1
                OR (cs.roster_id IS NULL AND cs.battle_id IN (SELECT battle_id FROM battle_sides WHERE roster_id = ?1))
                OR cs.id IN (SELECT change_set_id FROM changes WHERE roster_id = ?1))
           AND (?2 IS NULL OR cs.campaign_id = ?2)
         ORDER BY cs.id",
    )?;
    let mut out: Vec<LoggedSet> = stmt
        .query_map(params![roster_id, campaign_id], |r| {
            Ok(LoggedSet {
                id: r.get(0)?,
                campaign_id: r.get(1)?,
                roster_id: r.get(2)?,
                roster: r.get(3)?,
                battle_id: r.get(4)?,
                command: r.get(5)?,
                summary: r.get(6)?,
                created_at: r.get(7)?,
                undoes: r.get(8)?,
                undone_by: r.get(9)?,
                changes: Vec::new(),
            })
        })?
        .collect::<Result<_, _>>()?;
    let mut stmt = conn.prepare(
        "SELECT id, roster_id, unit_id, kind, description, roll_id, payload FROM changes
         WHERE change_set_id = ?1 ORDER BY id",
    )?;
    for set in &mut out {
        set.changes = stmt
            .query_map([set.id], |r| {
                let payload: String = r.get(6)?;
                Ok(LoggedChange {
                    id: r.get(0)?,
                    roster_id: r.get(1)?,
                    unit_id: r.get(2)?,
                    kind: r.get(3)?,
                    description: r.get(4)?,
                    roll_id: r.get(5)?,
                    change: serde_json::from_str(&payload).ok(),
                })
            })?
            .collect::<Result<_, _>>()?;
    }
    Ok(out)
}

/// The roster as its change log builds it, from nothing, through change set `until` (all of
/// it when `None`). Units get the ids the log recorded for them.
pub fn replay(conn: &Connection, roster_id: i64, until: Option<i64>) -> Result<Roster> {
    replay_each(conn, roster_id, |set, _| until.is_none_or(|u| set.id <= u))
}

/// Rebuilds the roster from its log set by set, calling `after` with each set and the roster
/// as that set left it. When `after` returns false the replay stops and returns the roster as
/// it was before that set; otherwise it returns the roster the whole log builds.
pub fn replay_each(
    conn: &Connection,
    roster_id: i64,
    mut after: impl FnMut(&LoggedSet, &Roster) -> bool,
) -> Result<Roster> {
    // Everything but the names comes from the log.
    let mut roster = Roster {
        glory: 0,
        setup_complete: false,
        ..super::rosters::header(conn, roster_id)?
    };
    // Rewards a set granted, by id in the order they were granted: the replay gives each the id
    // the store did, so a later claim (which names the id) finds it.
    let mut granted =
        conn.prepare("SELECT id FROM rewards WHERE granted_set_id = ?1 AND roster_id = ?2 ORDER BY id")?;
    for set in sets(conn, Some(roster_id), None)? {
        let before = roster.clone();
        let mut reward_ids = granted
            .query_map(params![set.id, roster_id], |r| r.get::<_, i64>(0))?
            .collect::<Result<Vec<_>, _>>()?
            .into_iter();
        for row in set.changes.iter().filter(|c| c.roster_id == Some(roster_id)) {
            let change = row
                .change
                .clone()
                .with_context(|| format!("change {} in the log is unreadable", row.id))?;
            let change = change.as_logged(row.unit_id);
            let outcome = Outcome {
                summary: String::new(),
                changes: vec![change],
                rolls: Vec::new(),
                notes: Vec::new(),
            };
            let grants = matches!(outcome.changes[0], crate::rules::Change::GrantReward { .. });
            roster.apply(&outcome, row.unit_id.unwrap_or(-1));
            if grants && let (Some(id), Some(r)) = (reward_ids.next(), roster.rewards.last_mut()) {
                r.id = id;
            }
        }
        if !after(&set, &roster) {
            return Ok(before);
        }
    }
    Ok(roster)
}

/// The latest change set still in force (not an undo, not undone), of one roster, one
/// campaign, or all.
pub fn latest_live(
    conn: &Connection,
    roster_id: Option<i64>,
    campaign_id: Option<i64>,
) -> Result<Option<LoggedSet>> {
    Ok(sets(conn, roster_id, campaign_id)?
        .into_iter()
        .rev()
        .find(LoggedSet::in_force))
}

/// Every change set after `set_id`, oldest first (what might build on it).
pub fn sets_after(conn: &Connection, set_id: i64) -> Result<Vec<LoggedSet>> {
    Ok(sets(conn, None, None)?
        .into_iter()
        .filter(|s| s.id > set_id)
        .collect())
}

/// Records that change set `undo` reverses `set`.
pub fn mark_undone(conn: &Connection, set: i64, undo: i64) -> Result<()> {
    conn.execute(
        "UPDATE change_sets SET undone_by = ?2 WHERE id = ?1",
        params![set, undo],
    )?;
    conn.execute(
        "UPDATE change_sets SET undoes = ?1 WHERE id = ?2",
        params![set, undo],
    )?;
    Ok(())
}

/// The battle state kept with a battle command's set, if any.
pub fn battle_before(conn: &Connection, set: i64) -> Result<Option<String>> {
    Ok(conn.query_row(
        "SELECT battle_before FROM change_sets WHERE id = ?1",
        [set],
        |r| r.get(0),
    )?)
}
