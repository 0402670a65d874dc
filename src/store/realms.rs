//! The realm a battle is fought in and the triumphs its armies rolled (options `realms` and
//! `triumphs`). A triumph row is tagged with the change set of the `battle army` that rolled
//! it, so undoing that set deletes exactly it.

use super::reuse::CachedRow;
use crate::rules::battle::BattleResult;
use crate::rules::battle::TriumphRow;
use crate::rules::campaign_time::{CampaignTime, triumph_taken_by};
use crate::rules::drafts::DraftTriumph;
use crate::rules::realms::PreviousBattle;
use anyhow::{Context, Result};
use rusqlite::{Connection, params};

/// Sets the realm of a battle (None: not picked yet) and who picks it after a roll-off.
pub fn set_realm(conn: &Connection, battle_id: i64, realm: Option<&str>, picker: Option<i64>) -> Result<()> {
    conn.cached_execute(
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
    conn.cached_execute(
        "INSERT INTO battle_triumphs (battle_id, roster_id, change_set_id, table_name, triumph, roll_id)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![battle_id, roster_id, set_id, table, triumph, roll_id],
    )?;
    Ok(())
}

/// The triumph `roster_id`'s army drafted for `battle_id` (still standing), with the victory it
/// was drafted from: the roster's battle fought last before that army was recorded.
pub fn draft_triumph(conn: &Connection, battle_id: i64, roster_id: i64) -> Result<Option<DraftTriumph>> {
    let mut stmt = conn.prepare_cached(
        "SELECT table_name, triumph, change_set_id FROM battle_triumphs
         WHERE battle_id = ?1 AND roster_id = ?2 AND dropped_set_id IS NULL",
    )?;
    let row = stmt
        .query_map(params![battle_id, roster_id], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })?
        .next()
        .transpose()?;
    let Some((table, triumph, set)) = row else {
        return Ok(None);
    };
    Ok(Some(DraftTriumph {
        row: TriumphRow { table, triumph },
        victory: latest_fought_before(conn, roster_id, battle_id, set)?.map(|f| f.0),
    }))
}

/// A result sets the side's drafted triumph aside (`set_id`: the result's change set), kept
/// for history and for the result's undo.
pub fn set_aside_triumph(conn: &Connection, battle_id: i64, roster_id: i64, set_id: i64) -> Result<()> {
    conn.cached_execute(
        "UPDATE battle_triumphs SET dropped_set_id = ?3
         WHERE battle_id = ?1 AND roster_id = ?2 AND dropped_set_id IS NULL",
        params![battle_id, roster_id, set_id],
    )?;
    Ok(())
}

/// Undoing a result: the triumphs it rolled are taken off and those it set aside stand again.
pub fn undo_result_triumphs(conn: &Connection, battle_id: i64, set_id: i64) -> Result<()> {
    conn.cached_execute(
        "DELETE FROM battle_triumphs WHERE battle_id = ?1 AND change_set_id = ?2",
        params![battle_id, set_id],
    )?;
    conn.cached_execute(
        "UPDATE battle_triumphs SET dropped_set_id = NULL WHERE battle_id = ?1 AND dropped_set_id = ?2",
        params![battle_id, set_id],
    )?;
    Ok(())
}

/// Undoing a `battle army` takes off the triumph it rolled.
pub fn remove_triumph_of(conn: &Connection, battle_id: i64, set_id: i64) -> Result<()> {
    conn.cached_execute(
        "DELETE FROM battle_triumphs WHERE battle_id = ?1 AND change_set_id = ?2",
        params![battle_id, set_id],
    )?;
    Ok(())
}

/// The roster's previous battle: of its battles other than `battle_id` with a result (not
/// cancelled), the one fought last (`campaign_time::latest_fought`), with the battle that
/// already took its triumph, if any (`campaign_time::triumph_taken_by`).
///
/// Found from the roster's own list of change sets read from the newest down
/// (`roster_sets`): the first result set in force there is the latest battle fought, so an
/// army or a result after years of battles reads a few sets, not every battle the roster
/// fought (issue 42). Of its triumphs only those rolled since are read: no battle fought
/// since stands between that one and them.
pub fn previous_battle(conn: &Connection, roster_id: i64, battle_id: i64) -> Result<Option<PreviousBattle>> {
    let Some((latest, result, realm, at)) = latest_fought_before(conn, roster_id, battle_id, i64::MAX)?
    else {
        return Ok(None);
    };
    let mut stmt = conn.prepare_cached(
        "SELECT t.battle_id, t.change_set_id FROM battle_triumphs t JOIN battles b ON b.id = t.battle_id
         WHERE t.roster_id = ?1 AND t.battle_id != ?2 AND t.change_set_id > ?3 AND b.cancelled = 0
           AND t.dropped_set_id IS NULL",
    )?;
    let rolled: Vec<(i64, CampaignTime)> = stmt
        .query_map(params![roster_id, battle_id, at.0], |r| {
            Ok((r.get::<_, i64>(0)?, CampaignTime(r.get(1)?)))
        })?
        .collect::<Result<_, _>>()?;
    let result: BattleResult = result
        .parse()
        .map_err(anyhow::Error::msg)
        .context("a battle result in the database is unreadable")?;
    Ok(Some(PreviousBattle {
        battle_id: latest,
        result,
        realm,
        // The latest battle fought is the only one fought at or after its own time.
        triumph_taken_by: triumph_taken_by(at, &[at], &rolled),
    }))
}

/// A battle a roster fought: id, result, realm and when it was fought.
pub(super) type Fought = (i64, String, Option<String>, CampaignTime);

/// Roster `roster_id`'s battles fought from change set `from` up to but not including `until`,
/// newest first and at most `limit`: those with a result in force (other than battle
/// `except`), not cancelled. A battle is fought when its result set in force was written, so
/// they are the result sets met walking the roster's own change sets (`roster_sets`) down
/// from `until`: the cost follows the stretch of campaign time read, not the roster's past
/// (issue 42). The engine compares what comes back (`campaign_time`).
pub(super) fn fought_between(
    conn: &Connection,
    roster_id: i64,
    except: Option<i64>,
    from: i64,
    until: i64,
    limit: u32,
) -> Result<Vec<Fought>> {
    let mut stmt = conn.prepare_cached(
        "SELECT b.id, s.result, b.realm, cs.id
         FROM roster_sets rs
              JOIN change_sets cs ON cs.id = rs.change_set_id
              JOIN battle_sides s ON s.battle_id = cs.battle_id AND s.roster_id = rs.roster_id
              JOIN battles b ON b.id = cs.battle_id
         WHERE rs.roster_id = ?1 AND rs.change_set_id >= ?3 AND rs.change_set_id < ?4
           AND cs.command = 'battle result' AND cs.undone_by IS NULL
           AND cs.battle_id IS NOT ?2 AND s.result IS NOT NULL AND b.cancelled = 0
         ORDER BY rs.change_set_id DESC LIMIT ?5",
    )?;
    let fought = stmt
        .query_map(params![roster_id, except, from, until, limit], |r| {
            Ok((r.get(0)?, r.get(1)?, r.get(2)?, CampaignTime(r.get(3)?)))
        })?
        .collect::<Result<_, _>>()?;
    Ok(fought)
}

/// Of roster `roster_id`'s battles other than `battle_id`, the one fought last before change
/// set `before` (`campaign_time::latest_fought`).
fn latest_fought_before(
    conn: &Connection,
    roster_id: i64,
    battle_id: i64,
    before: i64,
) -> Result<Option<Fought>> {
    Ok(fought_between(conn, roster_id, Some(battle_id), i64::MIN, before, 1)?.pop())
}
