//! Figures kept beside the change log (schema `V13`, issue #32): each roster's glory earned in
//! change sets still in force, which the league table shows. Summing it from the log on every
//! view read the whole league's log (~2.5 ms of a 3.4 ms league page at 1,000 battles, growing
//! with the league), so it is kept in `rosters.glory_earned` instead, in the transaction of
//! every command that writes the log:
//!
//! - a `GainGlory` applied into a set in force adds its amount ([`glory_gained`], from
//!   `store::apply`); one applied into an undo's set (an undone spending) adds nothing, as the
//!   league table never counted an undo's gains;
//! - a set marked undone loses what its gains added ([`set_undone`], from
//!   `history::mark_undone`), before it is marked, so a set is taken off once;
//! - `ptg import` counts it again from the imported log ([`recount_campaign`]): a league file
//!   does not carry it.
//!
//! The log stays the truth: `ptg audit` compares the kept figure with the log
//! (`rules::audit::glory_earned`), so a drifted figure is a finding.

use anyhow::Result;
use rusqlite::{Connection, params};

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

/// Counts the glory earned of every roster of campaign `campaign` again from the log, as
/// `V13` first counted it (a payload that is not JSON counts nothing; the audit reports it).
pub fn recount_campaign(conn: &Connection, campaign: i64) -> Result<()> {
    conn.execute(
        "UPDATE rosters SET glory_earned = (
             SELECT COALESCE(SUM(CASE WHEN json_valid(c.payload)
                                      THEN json_extract(c.payload, '$.amount') END), 0)
             FROM changes c JOIN change_sets s ON s.id = c.change_set_id
             WHERE c.roster_id = rosters.id AND c.kind = 'gain_glory'
               AND s.undoes IS NULL AND s.undone_by IS NULL)
         WHERE campaign_id = ?1",
        [campaign],
    )?;
    Ok(())
}

/// Roster `roster`'s kept glory earned, for the audit to compare with its log.
pub fn glory_earned(conn: &Connection, roster: i64) -> Result<i64> {
    Ok(conn
        .prepare_cached("SELECT glory_earned FROM rosters WHERE id = ?1")?
        .query_row([roster], |r| r.get(0))?)
}
