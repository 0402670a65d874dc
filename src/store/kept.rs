//! What the league table shows of each roster, kept beside what it is counted from (schema
//! `V13`, issue #32): the glory earned in change sets still in force, and how many of each
//! result the roster had in battles not cancelled. Counting them on every view read the whole
//! league's log and every side of every battle (~3 ms of a 3.4 ms league page at 1,000
//! battles, growing with the league), so they are kept in `rosters` instead, in the
//! transaction of every command that changes what they count:
//!
//! - a `GainGlory` applied into a set in force adds its amount ([`glory_gained`], from
//!   `store::apply`); one applied into an undo's set (an undone spending) adds nothing, as the
//!   league table never counted an undo's gains;
//! - a set marked undone loses what its gains added ([`set_undone`], from
//!   `history::mark_undone`), before it is marked, so a set is taken off once;
//! - a side's result recorded or put back by an undo moves its roster's record
//!   ([`side_result`], from `battles::record_result` and `battle_before::restore_result`),
//!   and a battle cancelled takes its sides' results off ([`battle_cancelled`]);
//! - `ptg import` counts them again from the file ([`recount_campaign`]): a league file does
//!   not carry them.
//!
//! The log and the battles stay the truth: `ptg audit` compares the kept figures with them
//! (`rules::audit::glory_earned` and `rules::audit::record`), so a drifted figure is a finding.

use super::reuse::CachedRow;
use crate::rules::battle::BattleResult;
use crate::rules::standings::Record;
use anyhow::{Context, Result};
use rusqlite::{Connection, OptionalExtension, params};
use serde::Deserialize;
use serde::de::IntoDeserializer;

/// Roster `roster` gained `amount` glory in change set `set`: counted when the set is in force
/// (neither undone nor itself an undo).
pub(super) fn glory_gained(conn: &Connection, roster: i64, set: i64, amount: u32) -> Result<()> {
    conn.prepare_cached(
        "UPDATE rosters SET glory_earned = glory_earned + ?3
         WHERE id = ?1
           AND EXISTS (SELECT 1 FROM change_sets
                       WHERE id = ?2 AND undoes IS NULL AND undone_by IS NULL)",
    )?
    .execute(params![roster, set, amount])?;
    Ok(())
}

/// Change set `set` is about to be marked undone: each roster it gained glory for loses what
/// those gains added, if the set is still in force (a set already undone added nothing more).
pub(super) fn set_undone(conn: &Connection, set: i64) -> Result<()> {
    conn.prepare_cached(
        "UPDATE rosters SET glory_earned = glory_earned - (
             SELECT COALESCE(SUM(json_extract(c.payload, '$.amount')), 0) FROM changes c
             WHERE c.change_set_id = ?1 AND c.roster_id = rosters.id AND c.kind = 'gain_glory')
         WHERE id IN (SELECT c.roster_id FROM changes c
                      WHERE c.change_set_id = ?1 AND c.kind = 'gain_glory')
           AND EXISTS (SELECT 1 FROM change_sets
                       WHERE id = ?1 AND undoes IS NULL AND undone_by IS NULL)",
    )?
    .execute([set])?;
    Ok(())
}

/// The side of roster `roster` in battle `battle` is about to have the result `new` (`None`:
/// no result, as an undone result leaves it): the roster's record loses the side's result
/// now and gains `new`, when the battle counts (it is not cancelled).
pub(super) fn side_result(
    conn: &Connection,
    battle: i64,
    roster: i64,
    new: Option<BattleResult>,
) -> Result<()> {
    let side: Option<(Option<String>, bool)> = conn
        .prepare_cached(
            "SELECT s.result, b.cancelled FROM battle_sides s JOIN battles b ON b.id = s.battle_id
             WHERE s.battle_id = ?1 AND s.roster_id = ?2",
        )?
        .query_row([battle, roster], |r| Ok((r.get(0)?, r.get(1)?)))
        .optional()?;
    // No such side: the caller's own update finds nothing and says so.
    let Some((old, false)) = side else {
        return Ok(());
    };
    let old = old.as_deref().map(parse).transpose()?;
    if old != new {
        add_to_record(conn, roster, old, -1)?;
        add_to_record(conn, roster, new, 1)?;
    }
    Ok(())
}

/// Battle `battle` is about to be cancelled: its sides' results (a planned battle has none)
/// no longer count.
pub(super) fn battle_cancelled(conn: &Connection, battle: i64) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.roster_id, s.result FROM battle_sides s JOIN battles b ON b.id = s.battle_id
         WHERE s.battle_id = ?1 AND b.cancelled = 0 AND s.result IS NOT NULL",
    )?;
    let sides: Vec<(i64, String)> = stmt
        .query_map([battle], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (roster, result) in sides {
        add_to_record(conn, roster, Some(parse(&result)?), -1)?;
    }
    Ok(())
}

/// Adds `by` (1 or -1) to roster `roster`'s count of `result` (nothing for no result).
fn add_to_record(conn: &Connection, roster: i64, result: Option<BattleResult>, by: i64) -> Result<()> {
    let Some(result) = result else {
        return Ok(());
    };
    let mut deltas = [0i64; 5];
    deltas[match result {
        BattleResult::MajorVictory => 0,
        BattleResult::MinorVictory => 1,
        BattleResult::Draw => 2,
        BattleResult::MinorDefeat => 3,
        BattleResult::MajorDefeat => 4,
    }] = by;
    let [major_v, minor_v, draws, minor_d, major_d] = deltas;
    conn.prepare_cached(
        "UPDATE rosters SET major_victories = major_victories + ?2,
                minor_victories = minor_victories + ?3, draws = draws + ?4,
                minor_defeats = minor_defeats + ?5, major_defeats = major_defeats + ?6
         WHERE id = ?1",
    )?
    .execute(params![roster, major_v, minor_v, draws, minor_d, major_d])?;
    Ok(())
}

/// A result as `battle_sides.result` stores it.
pub(super) fn parse(text: &str) -> Result<BattleResult> {
    let parsed: Result<BattleResult, serde::de::value::Error> =
        BattleResult::deserialize(text.into_deserializer());
    parsed.with_context(|| format!("a battle result '{text}' this ptg does not know"))
}

/// Counts what the league table keeps of every roster of campaign `campaign` again, from its
/// log and its battles, as `V13` first counted it (a payload that is not JSON counts nothing;
/// the audit reports it).
pub fn recount_campaign(conn: &Connection, campaign: i64) -> Result<()> {
    conn.cached_execute(
        "UPDATE rosters SET glory_earned = (
             SELECT COALESCE(SUM(CASE WHEN json_valid(c.payload)
                                      THEN json_extract(c.payload, '$.amount') END), 0)
             FROM changes c JOIN change_sets s ON s.id = c.change_set_id
             WHERE c.roster_id = rosters.id AND c.kind = 'gain_glory'
               AND s.undoes IS NULL AND s.undone_by IS NULL)
         WHERE campaign_id = ?1",
        [campaign],
    )?;
    for (column, result) in [
        ("major_victories", BattleResult::MajorVictory),
        ("minor_victories", BattleResult::MinorVictory),
        ("draws", BattleResult::Draw),
        ("minor_defeats", BattleResult::MinorDefeat),
        ("major_defeats", BattleResult::MajorDefeat),
    ] {
        conn.cached_execute(
            &format!(
                "UPDATE rosters SET {column} = (
                     SELECT COUNT(*) FROM battle_sides s JOIN battles b ON b.id = s.battle_id
                     WHERE s.roster_id = rosters.id AND b.cancelled = 0 AND s.result = ?2)
                 WHERE campaign_id = ?1"
            ),
            params![campaign, result.as_str()],
        )?;
    }
    Ok(())
}

/// What is kept of roster `roster` for the league table: its glory earned and its record,
/// for the audit to compare with the log and the battles.
pub fn of_roster(conn: &Connection, roster: i64) -> Result<(i64, Record)> {
    Ok(conn
        .prepare_cached(
            "SELECT glory_earned, major_victories, minor_victories, draws, minor_defeats,
                    major_defeats
             FROM rosters WHERE id = ?1",
        )?
        .query_row([roster], |r| Ok((r.get(0)?, record(r, 1)?)))?)
}

/// The record kept in a row's five result columns from `at` on (`major_victories` first).
pub(super) fn record(row: &rusqlite::Row, at: usize) -> rusqlite::Result<Record> {
    let (major_victories, minor_victories, draws, minor_defeats, major_defeats): (u32, u32, u32, u32, u32) = (
        row.get(at)?,
        row.get(at + 1)?,
        row.get(at + 2)?,
        row.get(at + 3)?,
        row.get(at + 4)?,
    );
    Ok(Record {
        played: major_victories + minor_victories + draws + minor_defeats + major_defeats,
        major_victories,
        minor_victories,
        draws,
        minor_defeats,
        major_defeats,
    })
}
