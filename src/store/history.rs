//! The change log read back: change sets in order with their changes, and a roster rebuilt
//! from its log (what the audit compares with the stored values).
//!
//! Every reader here selects its sets with a query built for its case (one roster, one
//! campaign, all, the latest in force, the candidates that may block an undo), so SQLite uses
//! the indexes of migration V5, and loads the changes of all those sets in one more query:
//! the cost follows what is read, not the size of the league (issue #16).

use super::cursor::{Cursor, Order};
use super::reuse::CachedRow;
use crate::rules::Outcome;
use crate::rules::log::Command;
pub use crate::rules::log::{LoggedChange, LoggedSet};
use crate::rules::model::Roster;
use anyhow::{Context, Result};
use rusqlite::{Connection, OptionalExtension, ToSql, params};
use std::collections::HashMap;

/// The ids of the change sets of one roster: its own, those of its battles that belong to no
/// roster (a result), and those of other commands that changed it, as `roster_sets` lists them
/// (migration V17: one key range, kept whole by triggers, so a page of a roster's log reads a
/// few adjacent pages rather than rows spread over the league, issue 42).
const OF_ROSTER: &str = "SELECT change_set_id FROM roster_sets WHERE roster_id = ?1";

/// The newest set in force (not an undo, not undone) among a roster's (`?1`): its list read
/// newest first, stopped at the first set in force.
const LATEST_OF_ROSTER: &str = "SELECT rs.change_set_id FROM roster_sets rs
       JOIN change_sets cs ON cs.id = rs.change_set_id
       WHERE rs.roster_id = ?1 AND cs.undoes IS NULL AND cs.undone_by IS NULL
       ORDER BY rs.change_set_id DESC LIMIT 1";

/// The condition on `cs` for one roster, one campaign, both or all; the roster is `?1`, the
/// campaign `?2` (each bound only when named).
fn scope(roster_id: Option<i64>, campaign_id: Option<i64>) -> (String, Vec<i64>) {
    match (roster_id, campaign_id) {
        (Some(r), Some(c)) => (
            format!("cs.id IN ({OF_ROSTER}) AND cs.campaign_id = ?2"),
            vec![r, c],
        ),
        (Some(r), None) => (format!("cs.id IN ({OF_ROSTER})"), vec![r]),
        (None, Some(c)) => ("cs.campaign_id = ?1".into(), vec![c]),
        (None, None) => ("1".into(), Vec::new()),
    }
}

/// The columns of a set, joined with its roster's name; `{filter}` and `{order}` to fill.
const SET_QUERY: &str =
    "SELECT cs.id, cs.campaign_id, cs.roster_id, r.name, cs.battle_id, cs.command, cs.summary,
        cs.created_at, cs.undoes, cs.undone_by, c.name
     FROM change_sets cs LEFT JOIN rosters r ON r.id = cs.roster_id
          LEFT JOIN campaigns c ON c.id = cs.campaign_id
     WHERE {filter} ORDER BY {order}";

/// The changes of the sets `SET_QUERY` selects, in the same set order (`{dir}`: the sets'
/// direction), each set's in the order made.
const CHANGE_QUERY: &str = "SELECT change_set_id, id, roster_id, unit_id, kind, description, roll_id, payload
     FROM changes
     WHERE change_set_id IN (SELECT cs.id FROM change_sets cs WHERE {filter} ORDER BY {order})
     ORDER BY change_set_id {dir}, id";

fn set_row(r: &rusqlite::Row) -> rusqlite::Result<LoggedSet> {
    Ok(LoggedSet {
        id: r.get(0)?,
        campaign_id: r.get(1)?,
        roster_id: r.get(2)?,
        roster: r.get(3)?,
        campaign: r.get(10)?,
        battle_id: r.get(4)?,
        command: r.get(5)?,
        summary: r.get(6)?,
        created_at: r.get(7)?,
        undoes: r.get(8)?,
        undone_by: r.get(9)?,
        changes: Vec::new(),
    })
}

/// A change row of `CHANGE_QUERY`: its set's id and the change.
fn change_row(r: &rusqlite::Row) -> Result<(i64, LoggedChange)> {
    let payload: String = r.get(7)?;
    Ok((
        r.get(0)?,
        LoggedChange {
            id: r.get(1)?,
            roster_id: r.get(2)?,
            unit_id: r.get(3)?,
            kind: r.get(4)?,
            description: r.get(5)?,
            roll_id: r.get(6)?,
            change: serde_json::from_str(&payload).ok(),
        },
    ))
}

/// The sets `cs` for which `filter` holds, each with its changes, handed to `f` one at a time
/// as they are read, oldest first, or newest first and at most `limit` of them. The sets and
/// their changes are two queries stepped side by side, so a whole league's log is handed out
/// holding one set, not all of them.
fn each_set<E: From<anyhow::Error>>(
    conn: &Connection,
    filter: &str,
    newest: Option<u32>,
    values: &[&dyn ToSql],
    mut f: impl FnMut(LoggedSet) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    let (order, dir, direction) = match newest {
        Some(n) => (format!("cs.id DESC LIMIT {n}"), "DESC", Order::Descending),
        None => ("cs.id".to_string(), "", Order::Ascending),
    };
    let prepare = |query: &str| {
        let sql = query
            .replace("{filter}", filter)
            .replace("{order}", &order)
            .replace("{dir}", dir);
        conn.prepare_cached(&sql).map_err(anyhow::Error::from)
    };
    let (mut sets_stmt, mut changes_stmt) = (prepare(SET_QUERY)?, prepare(CHANGE_QUERY)?);
    let mut sets = sets_stmt.query(values).map_err(anyhow::Error::from)?;
    let changes = changes_stmt.query(values).map_err(anyhow::Error::from)?;
    let mut changes = Cursor::new(changes, direction, change_row)?;
    while let Some(r) = sets.next().map_err(anyhow::Error::from)? {
        let mut set = set_row(r).map_err(anyhow::Error::from)?;
        set.changes = changes.take(set.id)?;
        f(set)?;
    }
    Ok(())
}

/// [`each_set`] collected.
fn sets_where(
    conn: &Connection,
    filter: &str,
    newest: Option<u32>,
    values: &[&dyn ToSql],
) -> Result<Vec<LoggedSet>> {
    let mut out = Vec::new();
    each_set::<anyhow::Error>(conn, filter, newest, values, |set| {
        out.push(set);
        Ok(())
    })?;
    Ok(out)
}

/// Change sets, oldest first, of one roster (its own and those of its battles), one
/// campaign, or all.
pub fn sets(conn: &Connection, roster_id: Option<i64>, campaign_id: Option<i64>) -> Result<Vec<LoggedSet>> {
    page(conn, roster_id, campaign_id, Page::default())
}

/// Which part of a log to read: sets from `since` on (a set number, or a date or time
/// compared with when the set was written) and before set `before` (a page further down the
/// web's history), and of those the latest `limit`.
#[derive(Debug, Clone, Default)]
pub struct Page {
    pub since: Option<Since>,
    pub before: Option<i64>,
    pub limit: Option<u32>,
}

/// Where a page of the log starts.
#[derive(Debug, Clone)]
pub enum Since {
    Set(i64),
    /// An ISO date or date-time ("2026-11-23", "2026-11-23T18:00").
    Time(String),
}

/// A page of the change sets of one roster, one campaign or all, oldest first: with a limit,
/// the latest `limit` of them, read from the newest down so the cost follows the page.
pub fn page(
    conn: &Connection,
    roster_id: Option<i64>,
    campaign_id: Option<i64>,
    page: Page,
) -> Result<Vec<LoggedSet>> {
    let mut out = Vec::new();
    each_of_page::<anyhow::Error>(conn, roster_id, campaign_id, page, |set| {
        out.push(set);
        Ok(())
    })?;
    Ok(out)
}

/// [`page`], handed to `f` set by set, oldest first. Without a limit the sets are read as
/// they are printed (see `each_set`); a limited page, read newest first, is held whole.
pub fn each_of_page<E: From<anyhow::Error>>(
    conn: &Connection,
    roster_id: Option<i64>,
    campaign_id: Option<i64>,
    page: Page,
    f: impl FnMut(LoggedSet) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    if let (Some(roster), None, Some(n), None | Some(Since::Set(_))) =
        (roster_id, campaign_id, page.limit, &page.since)
    {
        return roster_page(conn, roster, n, &page, f);
    }
    let (mut filter, mut values) = scope(roster_id, campaign_id);
    let mut values: Vec<Box<dyn ToSql>> = values.drain(..).map(|v| Box::new(v) as Box<dyn ToSql>).collect();
    match page.since {
        Some(Since::Set(id)) => {
            values.push(Box::new(id));
            filter = format!("{filter} AND cs.id >= ?{}", values.len());
        }
        Some(Since::Time(t)) => {
            values.push(Box::new(t));
            filter = format!("{filter} AND cs.created_at >= ?{}", values.len());
        }
        None => {}
    }
    if let Some(before) = page.before {
        values.push(Box::new(before));
        filter = format!("{filter} AND cs.id < ?{}", values.len());
    }
    let values: Vec<&dyn ToSql> = values.iter().map(|v| v.as_ref()).collect();
    match page.limit {
        Some(n) => {
            let newest = sets_where(conn, &filter, Some(n), &values)?;
            newest.into_iter().rev().try_for_each(f)
        }
        None => each_set(conn, &filter, None, &values, f),
    }
}

/// A limited page of one roster's log (`since` a set number, if any): the page's set ids are
/// taken from the newest end of the roster's `roster_sets` range, so neither query lists
/// the roster's whole log to keep `limit` of it (issue 42).
fn roster_page<E: From<anyhow::Error>>(
    conn: &Connection,
    roster: i64,
    limit: u32,
    page: &Page,
    f: impl FnMut(LoggedSet) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    let since = match page.since {
        Some(Since::Set(id)) => id,
        _ => i64::MIN,
    };
    let before = page.before.unwrap_or(i64::MAX);
    let filter = format!(
        "cs.id IN (SELECT change_set_id FROM roster_sets WHERE roster_id = ?1 \
         AND change_set_id >= ?2 AND change_set_id < ?3 ORDER BY change_set_id DESC LIMIT {limit})"
    );
    let values: [&dyn ToSql; 3] = [&roster, &since, &before];
    let newest = sets_where(conn, &filter, Some(limit), &values)?;
    newest.into_iter().rev().try_for_each(f)
}

/// How many change sets of one roster, one campaign or all come before set `first` (what a
/// page leaves out).
pub fn count_before(
    conn: &Connection,
    roster_id: Option<i64>,
    campaign_id: Option<i64>,
    first: i64,
) -> Result<u64> {
    // One roster's count is a range of its list: looking each listed set up in
    // `change_sets` would read a page of the league per set (issue 42: 22% of a page of
    // `history --roster` at 10,000 battles). `roster_sets` lists only sets that exist.
    if let (Some(roster), None) = (roster_id, campaign_id) {
        let n: i64 = conn.cached_row(
            "SELECT COUNT(*) FROM roster_sets WHERE roster_id = ?1 AND change_set_id < ?2",
            params![roster, first],
            |r| r.get(0),
        )?;
        return Ok(n.max(0) as u64);
    }
    let (filter, mut values) = scope(roster_id, campaign_id);
    values.push(first);
    let filter = format!("{filter} AND cs.id < ?{}", values.len());
    let values: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
    let n: i64 = conn.cached_row(
        &format!("SELECT COUNT(*) FROM change_sets cs WHERE {filter}"),
        values.as_slice(),
        |r| r.get(0),
    )?;
    Ok(n.max(0) as u64)
}

/// The roster as its change log builds it, from nothing, through change set `until` (all of
/// it when `None`). Units get the ids the log recorded for them.
pub fn replay(conn: &Connection, roster_id: i64, until: Option<i64>) -> Result<Roster> {
    let log = sets(conn, Some(roster_id), None)?;
    replay_log(
        conn,
        roster_id,
        &log,
        |set, _| until.is_none_or(|u| set.id <= u),
        |_, _| {},
    )
}

/// Rebuilds the roster from `log` (its change sets, oldest first, as [`sets`] reads them) in
/// one pass. Before each set, `go_on` sees it and the roster so far: when it returns false
/// the replay stops there and returns that roster. `after` sees each set applied and the
/// roster as it left it. Whoever needs the roster at several points copies it there, so a
/// replay clones nothing for sets nobody looks at.
pub fn replay_log(
    conn: &Connection,
    roster_id: i64,
    log: &[LoggedSet],
    mut go_on: impl FnMut(&LoggedSet, &Roster) -> bool,
    mut after: impl FnMut(&LoggedSet, &Roster),
) -> Result<Roster> {
    // Everything but the names comes from the log.
    let mut roster = Roster {
        glory: 0,
        setup_complete: false,
        ..super::rosters::header(conn, roster_id)?
    };
    // Rewards each set granted, by id in the order they were granted (one query for the whole
    // log): the replay gives each the id the store did, so a later claim (which names the id)
    // finds it.
    let mut granted: HashMap<i64, Vec<i64>> = HashMap::new();
    let mut stmt =
        conn.prepare_cached("SELECT granted_set_id, id FROM rewards WHERE roster_id = ?1 ORDER BY id")?;
    for row in stmt.query_map([roster_id], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, i64>(1)?)))? {
        let (set, id) = row?;
        granted.entry(set).or_default().push(id);
    }
    for set in log {
        if !go_on(set, &roster) {
            return Ok(roster);
        }
        let mut reward_ids = granted.remove(&set.id).unwrap_or_default().into_iter();
        for row in set.changes.iter().filter(|c| c.roster_id == Some(roster_id)) {
            let change = row
                .change
                .clone()
                .with_context(|| format!("change {} in the log is unreadable", row.id))?;
            let change = change.as_logged(row.unit_id);
            let grants = matches!(change, crate::rules::Change::GrantReward { .. });
            let outcome = Outcome {
                summary: String::new(),
                changes: vec![change],
                rolls: Vec::new(),
                notes: Vec::new(),
            };
            roster.apply(&outcome, row.unit_id.unwrap_or(-1));
            if grants && let (Some(id), Some(r)) = (reward_ids.next(), roster.rewards.last_mut()) {
                r.id = id;
            }
        }
        after(set, &roster);
    }
    Ok(roster)
}

/// The latest change set still in force (not an undo, not undone), of one roster, one
/// campaign, or all: read newest first and stopped at the first, with its changes only.
pub fn latest_live(
    conn: &Connection,
    roster_id: Option<i64>,
    campaign_id: Option<i64>,
) -> Result<Option<LoggedSet>> {
    if let (Some(roster), None) = (roster_id, campaign_id) {
        // The roster's sets read newest first and stopped at the first in force, rather than
        // all of them gathered and sorted (a roster's page asks this on every view, issue #32).
        let newest: Option<i64> = conn
            .cached_row(LATEST_OF_ROSTER, [roster], |r| r.get(0))
            .optional()?;
        let Some(id) = newest else { return Ok(None) };
        return Ok(sets_where(conn, "cs.id = ?1", Some(1), &[&id])?.pop());
    }
    let (filter, values) = scope(roster_id, campaign_id);
    let values: Vec<&dyn ToSql> = values.iter().map(|v| v as &dyn ToSql).collect();
    let filter = format!("{filter} AND cs.undoes IS NULL AND cs.undone_by IS NULL");
    Ok(sets_where(conn, &filter, Some(1), &values)?.pop())
}

/// The change sets in force after `set_id`, oldest first, that might build on it: those of
/// `battle_id` (its battle, if any), those that change one of `units` (the units it added),
/// the `battle army` sets whose army holds one of them, and the sets `also` names (what rests
/// on a result outside its battle, `store::builds_on`). What really blocks an undo is decided
/// by `rules::undo::blockers`; this only spares reading the rest of the log.
pub fn sets_after(
    conn: &Connection,
    set_id: i64,
    battle_id: Option<i64>,
    units: &[i64],
    also: &[i64],
) -> Result<Vec<LoggedSet>> {
    let mut candidates = "SELECT id FROM change_sets WHERE battle_id = ?2".to_string();
    // Ids the store read itself, so written into the query as numbers.
    for id in also {
        candidates += &format!(" UNION SELECT {id}");
    }
    // Without units the unit clauses are left out: an empty `IN ()` still scans.
    if !units.is_empty() {
        let marks = (0..units.len())
            .map(|i| format!("?{}", i + 4))
            .collect::<Vec<_>>()
            .join(",");
        candidates += &format!(
            " UNION SELECT change_set_id FROM changes WHERE unit_id IN ({marks})
              UNION SELECT a.id FROM battle_units bu
                    JOIN change_sets a ON a.battle_id = bu.battle_id AND a.roster_id = bu.roster_id
                    WHERE bu.unit_id IN ({marks}) AND a.command = ?3"
        );
    }
    let filter =
        format!("cs.id IN ({candidates}) AND cs.id > ?1 AND cs.undoes IS NULL AND cs.undone_by IS NULL");
    let army = Command::BattleArmy.as_str();
    let mut values: Vec<&dyn ToSql> = vec![&set_id, &battle_id];
    if !units.is_empty() {
        values.push(&army);
        values.extend(units.iter().map(|u| u as &dyn ToSql));
    }
    sets_where(conn, &filter, None, &values)
}

/// Records that change set `undo` reverses `set`, taking `set`'s gains off the figures kept
/// beside the log (`store::kept`) in the same transaction.
pub fn mark_undone(conn: &Connection, set: i64, undo: i64) -> Result<()> {
    super::kept::set_undone(conn, set)?;
    conn.cached_execute(
        "UPDATE change_sets SET undone_by = ?2 WHERE id = ?1",
        params![set, undo],
    )?;
    conn.cached_execute(
        "UPDATE change_sets SET undoes = ?1 WHERE id = ?2",
        params![set, undo],
    )?;
    Ok(())
}

/// The battle state kept with a battle command's set, if any.
pub fn battle_before(conn: &Connection, set: i64) -> Result<Option<String>> {
    Ok(conn.cached_row(
        "SELECT battle_before FROM change_sets WHERE id = ?1",
        [set],
        |r| r.get(0),
    )?)
}
