//! The realm a battle is fought in and the triumphs its armies rolled (options `realms` and
//! `triumphs`). A triumph row is tagged with the change set of the `battle army` that rolled
//! it, so undoing that set deletes exactly it.

use super::reuse::CachedRow;
use crate::rules::battle::BattleResult;
use crate::rules::battle::TriumphRow;
use crate::rules::campaign_time::{CampaignTime, latest_fought, triumph_taken_by};
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
    let before: Vec<(i64, CampaignTime)> = fought(conn, roster_id, battle_id)?
        .into_iter()
        .filter(|f| f.3.0 < set)
        .map(|f| (f.0, f.3))
        .collect();
    Ok(Some(DraftTriumph {
        row: TriumphRow { table, triumph },
        victory: latest_fought(&before).map(|(id, _)| id),
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
/// already took its triumph, if any (`campaign_time::triumph_taken_by`). Reads the roster's
/// battles and triumphs only.
pub fn previous_battle(conn: &Connection, roster_id: i64, battle_id: i64) -> Result<Option<PreviousBattle>> {
    let fought = fought(conn, roster_id, battle_id)?;
    let times: Vec<(i64, CampaignTime)> = fought.iter().map(|f| (f.0, f.3)).collect();
    let Some((latest, at)) = latest_fought(&times) else {
        return Ok(None);
    };
    let mut stmt = conn.prepare_cached(
        "SELECT t.battle_id, t.change_set_id FROM battle_triumphs t JOIN battles b ON b.id = t.battle_id
         WHERE t.roster_id = ?1 AND t.battle_id != ?2 AND b.cancelled = 0
           AND t.dropped_set_id IS NULL",
    )?;
    let rolled: Vec<(i64, CampaignTime)> = stmt
        .query_map(params![roster_id, battle_id], |r| {
            Ok((r.get::<_, i64>(0)?, CampaignTime(r.get(1)?)))
        })?
        .collect::<Result<_, _>>()?;
    let all: Vec<CampaignTime> = times.iter().map(|(_, t)| *t).collect();
    let (_, result, realm, _) = fought
        .into_iter()
        .find(|f| f.0 == latest)
        .context("the latest battle fought is among those read")?;
    let result: BattleResult = result
        .parse()
        .map_err(anyhow::Error::msg)
        .context("a battle result in the database is unreadable")?;
    Ok(Some(PreviousBattle {
        battle_id: latest,
        result,
        realm,
        triumph_taken_by: triumph_taken_by(at, &all, &rolled),
    }))
}

/// A battle a roster fought: id, result, realm and when it was fought.
type Fought = (i64, String, Option<String>, CampaignTime);

/// The roster's battles other than `battle_id` with a result (not cancelled).
fn fought(conn: &Connection, roster_id: i64, battle_id: i64) -> Result<Vec<Fought>> {
    let mut stmt = conn.prepare_cached(
        "SELECT b.id, s.result, b.realm,
                (SELECT max(cs.id) FROM change_sets cs WHERE cs.battle_id = b.id
                   AND cs.command = 'battle result' AND cs.undone_by IS NULL)
         FROM battle_sides s JOIN battles b ON b.id = s.battle_id
         WHERE s.roster_id = ?1 AND s.battle_id != ?2 AND s.result IS NOT NULL AND b.cancelled = 0",
    )?;
    let mut fought: Vec<Fought> = Vec::new();
    let rows = stmt.query_map(params![roster_id, battle_id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get(2)?,
            r.get::<_, Option<i64>>(3)?,
        ))
    })?;
    for row in rows {
        let (id, result, realm, at) = row?;
        if let Some(at) = at {
            fought.push((id, result, realm, CampaignTime(at)));
        }
    }
    Ok(fought)
}
