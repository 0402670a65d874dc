//! What rests on a battle's result outside its own battle, read for undo and for a
//! correction (issue 38; the engine decides in `rules::undo::builds_on`): its rosters'
//! results recorded after it, the triumphs rolled from its victory, and a result of the
//! battle's rosters that stands elsewhere (set-up stays closed while one does). A battle is
//! fought when its `battle result` set was written (campaign time): a correction, logged as
//! `battle result --correct`, never moves it.

use super::battle_before;
use super::reuse::CachedRow;
use crate::rules::battle::{BattleResult, Decision, SideResult};
use crate::rules::campaign_time::{CampaignTime, triumph_taken_by};
use crate::rules::undo::TakenTriumph;
use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::HashMap;

/// The change set in force that recorded battle `battle_id`'s result: when it was fought.
pub fn result_set(conn: &Connection, battle_id: i64) -> Result<Option<i64>> {
    Ok(conn.cached_row(
        "SELECT max(id) FROM change_sets WHERE battle_id = ?1
           AND command = 'battle result' AND undone_by IS NULL",
        [battle_id],
        |r| r.get(0),
    )?)
}

/// The sides (roster id, name) of each of `battles`.
pub fn sides_of(conn: &Connection, battles: &[i64]) -> Result<HashMap<i64, Vec<(i64, String)>>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.roster_id, r.name FROM battle_sides s JOIN rosters r ON r.id = s.roster_id
         WHERE s.battle_id = ?1 ORDER BY s.side",
    )?;
    let mut out = HashMap::new();
    for &b in battles {
        let sides = stmt
            .query_map([b], |r| Ok((r.get(0)?, r.get(1)?)))?
            .collect::<Result<Vec<(i64, String)>, _>>()?;
        out.insert(b, sides);
    }
    Ok(out)
}

/// The `battle result` sets in force after `set_id` of battles one of `rosters` fought: they
/// were fought after it.
pub fn results_after(conn: &Connection, set_id: i64, rosters: &[i64]) -> Result<Vec<(i64, i64)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT cs.id, cs.battle_id FROM change_sets cs
         WHERE cs.battle_id IN (SELECT battle_id FROM battle_sides WHERE roster_id = ?1)
           AND cs.id > ?2 AND cs.command = 'battle result'
           AND cs.undoes IS NULL AND cs.undone_by IS NULL",
    )?;
    let mut out = Vec::new();
    for &r in rosters {
        for row in stmt.query_map(params![r, set_id], |r| Ok((r.get(0)?, r.get(1)?)))? {
            let row = row?;
            if !out.contains(&row) {
                out.push(row);
            }
        }
    }
    out.sort();
    Ok(out)
}

/// The triumphs rolled from the victory of battle `battle_id`: for each side, the army of
/// another battle whose roster's latest battle fought before it was recorded was this one
/// (`campaign_time::triumph_taken_by`). None while the battle has no result in force.
///
/// Only the side's triumphs rolled after the victory are read, and only the battles it fought
/// between the victory and the last of those: nothing earlier can be the latest battle fought
/// before one of them (issue 42: reading every battle the roster ever fought cost ~6 ms of an
/// undo after 440 battles; a side that rolled no triumph since costs one index look-up).
pub fn triumphs_taken_from(conn: &Connection, battle_id: i64) -> Result<Vec<TakenTriumph>> {
    let Some(at) = result_set(conn, battle_id)?.map(CampaignTime) else {
        return Ok(Vec::new());
    };
    let mut rolled_stmt = conn.prepare_cached(
        "SELECT t.battle_id, t.change_set_id FROM battle_triumphs t JOIN battles b ON b.id = t.battle_id
         WHERE t.roster_id = ?1 AND t.battle_id != ?2 AND t.change_set_id > ?3 AND b.cancelled = 0",
    )?;
    let mut out = Vec::new();
    for (roster_id, roster) in sides_of(conn, &[battle_id])?
        .remove(&battle_id)
        .unwrap_or_default()
    {
        let rolled: Vec<(i64, CampaignTime)> = rolled_stmt
            .query_map(params![roster_id, battle_id, at.0], |r| {
                Ok((r.get::<_, i64>(0)?, CampaignTime(r.get(1)?)))
            })?
            .collect::<Result<_, _>>()?;
        let Some(until) = rolled.iter().map(|(_, t)| *t).max() else {
            continue;
        };
        let fought: Vec<CampaignTime> =
            super::realms::fought_between(conn, roster_id, None, at.0, until.0, u32::MAX)?
                .into_iter()
                .map(|(_, _, _, t)| t)
                .collect();
        if let Some(taker) = triumph_taken_by(at, &fought, &rolled) {
            let set_id = rolled.iter().find(|(b, _)| *b == taker).map(|(_, s)| s.0);
            if let Some(set_id) = set_id {
                out.push(TakenTriumph {
                    roster_id,
                    roster: roster.clone(),
                    battle_id: taker,
                    set_id,
                });
            }
        }
    }
    Ok(out)
}

/// Each side's result once change set `set_id` is undone, from what it kept of the battle
/// before it (empty when it kept none).
pub fn results_after_undo(conn: &Connection, set_id: i64) -> Result<Vec<(i64, Option<BattleResult>)>> {
    match super::history::battle_before(conn, set_id)? {
        Some(kept) => battle_before::results_kept(&kept),
        None => Ok(Vec::new()),
    }
}

/// Whether roster `roster_id` has a result standing in a battle (not cancelled) other than
/// `battle_id`: its set-up is over for good.
pub fn other_result_stands(conn: &Connection, roster_id: i64, battle_id: Option<i64>) -> Result<bool> {
    Ok(conn
        .prepare_cached(
            "SELECT 1 FROM battle_sides s JOIN battles b ON b.id = s.battle_id
             WHERE s.roster_id = ?1 AND s.battle_id IS NOT ?2 AND s.result IS NOT NULL
               AND b.cancelled = 0 LIMIT 1",
        )?
        .query_row(params![roster_id, battle_id], |_| Ok(()))
        .optional()?
        .is_some())
}

/// Writes a corrected result over the one recorded: every unit's marks cleared, then both
/// sides' result columns and marks as `battles::record_result` writes them (the league
/// table's kept record moves with them), and how it was decided, tagged with the correction's
/// set `set_id`, in place of how the result it corrects was.
pub fn correct_result(
    conn: &Connection,
    battle_id: i64,
    set_id: i64,
    sides: &[SideResult],
    decisions: &[(i64, Decision)],
) -> Result<()> {
    conn.cached_execute(
        "UPDATE battle_units SET destroyed = 0, slew_hero_or_monster = 0 WHERE battle_id = ?1",
        [battle_id],
    )?;
    super::battles::record_result(conn, battle_id, sides)?;
    conn.cached_execute("DELETE FROM battle_decisions WHERE battle_id = ?1", [battle_id])?;
    super::battles::record_decisions(conn, battle_id, set_id, decisions)?;
    Ok(())
}

/// What undoing a correction needs: the battle's result, marks and decision rows now.
pub fn before_correction(conn: &Connection, battle_id: i64) -> Result<String> {
    battle_before::of_correction(conn, battle_id)
}
