//! A battle as one line of a list (a roster's page on the web, `battle list` at a terminal):
//! its id, campaign, size, battleplan, where it stands and each side's roster and result, in
//! one query, rather than the four that read a whole battle with its armies and twists
//! (`battle_rows`), which a roster of 40 battles spent most of its page on (issue #32), or the
//! two that read it with its sides' triumphs, objectives and decisions; and a page of them at
//! a time, since a roster of 400 battles spent its page listing them all (issue 42).

use super::battle_rows::{result_at, status_at};
use crate::rules::battle::{BattleResult, BattleStatus};
use anyhow::Result;
use rusqlite::{Connection, Row, Rows};
use serde::Serialize;

/// One battle of a list, its fields named as the whole battle's JSON names them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleLine {
    pub id: i64,
    pub campaign: String,
    pub points_limit: u32,
    pub battleplan: Option<String>,
    pub status: BattleStatus,
    pub sides: Vec<SideLine>,
}

/// One side of a [`BattleLine`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideLine {
    pub roster_id: i64,
    pub roster: String,
    pub victory_points: Option<u32>,
    pub result: Option<BattleResult>,
    pub withdrew: bool,
    /// Whether this side's aftermath has been run.
    pub aftermath_done: bool,
}

/// A line's columns, one row per side, for a `WHERE` on `b` and `ORDER BY b.id DESC, s.side`
/// to follow.
const LINES: &str = "SELECT b.id, b.status, c.name, b.points_limit, b.battleplan,
        s.roster_id, r.name, s.victory_points, s.result, s.withdrew, s.aftermath_set_id IS NOT NULL
    FROM battles b JOIN campaigns c ON c.id = b.campaign_id
        JOIN battle_sides s ON s.battle_id = b.id JOIN rosters r ON r.id = s.roster_id";

/// Whose battles a list is of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Of {
    /// The battles a roster fought or will fight.
    Roster(i64),
    /// A campaign's battles.
    Campaign(i64),
}

/// One page of a list of battles, newest first.
#[derive(Debug, Clone, PartialEq)]
pub struct Page {
    pub lines: Vec<BattleLine>,
    /// Where the next page starts (the `before` that reads it), when there are older battles.
    pub older: Option<i64>,
}

/// The newest `count` battles (not cancelled) of `of` older than battle `before` (all, when
/// none), newest first: the same battles, in the same order, as `battles::each` hands out.
/// Read from the top of an index (`battle_sides_roster_battle`, `battles_campaign`) down, one
/// more than asked to know whether older ones are left, so a page costs the same after ten
/// years of battles as on the first night (issue 42).
pub fn page(conn: &Connection, of: Of, before: Option<i64>, count: u32) -> Result<Page> {
    let chosen = match of {
        Of::Roster(_) => {
            "SELECT s.battle_id FROM battle_sides s JOIN battles b ON b.id = s.battle_id
             WHERE s.roster_id = ?1 AND s.battle_id < ?2 AND b.cancelled = 0
             ORDER BY s.battle_id DESC LIMIT ?3"
        }
        Of::Campaign(_) => {
            "SELECT b.id FROM battles b WHERE b.campaign_id = ?1 AND b.id < ?2 AND b.cancelled = 0
             ORDER BY b.id DESC LIMIT ?3"
        }
    };
    let mut stmt = conn.prepare_cached(&format!(
        "{LINES} WHERE b.id IN ({chosen}) ORDER BY b.id DESC, s.side"
    ))?;
    let (Of::Roster(id) | Of::Campaign(id)) = of;
    let rows = stmt.query(rusqlite::params![
        id,
        before.unwrap_or(i64::MAX),
        i64::from(count) + 1
    ])?;
    let mut lines: Vec<BattleLine> = Vec::new();
    fold(rows, |line| {
        lines.push(line);
        Ok::<_, anyhow::Error>(())
    })?;
    let older = match lines.len() > count as usize {
        true => {
            lines.truncate(count as usize);
            lines.last().map(|l| l.id)
        }
        false => None,
    };
    Ok(Page { lines, older })
}

/// The battles (not cancelled) of one campaign or all, of one roster or all, newest first, as
/// lines handed to `f` one at a time: the `newest` so many when given, or all of them, never
/// held at once. Picked by `battles::each`'s own filter (`battles::list_filter`), so they are
/// the battles it hands out, in its order; true when older ones were left out.
pub fn each<E: From<anyhow::Error>>(
    conn: &Connection,
    campaign_id: Option<i64>,
    roster_id: Option<i64>,
    newest: Option<u32>,
    mut f: impl FnMut(BattleLine) -> std::result::Result<(), E>,
) -> std::result::Result<bool, E> {
    let (filter, values) = super::battles::list_filter(&campaign_id, &roster_id, newest);
    let mut stmt = conn
        .prepare_cached(&format!("{LINES} WHERE {filter} ORDER BY b.id DESC, s.side"))
        .map_err(anyhow::Error::from)?;
    let rows = stmt.query(values.as_slice()).map_err(anyhow::Error::from)?;
    let mut limit = super::battles::Newest::new(newest);
    fold(rows, |line| match limit.admits() {
        true => f(line),
        false => Ok(()),
    })?;
    Ok(limit.more)
}

/// Hands `f` each battle of `rows` ([`LINES`], one row per side, a battle's rows together) as
/// one line.
fn fold<E: From<anyhow::Error>>(
    mut rows: Rows,
    mut f: impl FnMut(BattleLine) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    let mut current: Option<BattleLine> = None;
    while let Some(r) = rows.next().map_err(anyhow::Error::from)? {
        let id: i64 = r.get(0).map_err(anyhow::Error::from)?;
        let side = side_of(r)?;
        match current.as_mut() {
            Some(line) if line.id == id => line.sides.push(side),
            _ => {
                if let Some(done) = current.replace(line_of(r, id, side)?) {
                    f(done)?;
                }
            }
        }
    }
    match current {
        Some(done) => f(done),
        None => Ok(()),
    }
}

/// The battle of a [`LINES`] row, with its first side.
fn line_of(r: &Row, id: i64, side: SideLine) -> Result<BattleLine> {
    Ok(BattleLine {
        id,
        status: status_at(r, 1)?,
        campaign: r.get(2)?,
        points_limit: r.get(3)?,
        battleplan: r.get(4)?,
        sides: vec![side],
    })
}

/// The side of a [`LINES`] row.
fn side_of(r: &Row) -> Result<SideLine> {
    Ok(SideLine {
        roster_id: r.get(5)?,
        roster: r.get(6)?,
        victory_points: r.get(7)?,
        result: result_at(r, 8)?,
        withdrew: r.get(9)?,
        aftermath_done: r.get(10)?,
    })
}
