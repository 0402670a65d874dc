//! A battle as one line of a list (a roster's page on the web): its id, where it stands and each
//! side's roster and victory points, in one query, rather than the four that read a whole battle
//! with its armies and twists (`battle_rows`), which a roster of 40 battles spent most of its
//! page on (issue #32); and a page of them at a time, since a roster of 400 battles spent its
//! page listing them all (issue 42).

use crate::rules::battle::BattleStatus;
use anyhow::{Context, Result};
use rusqlite::Connection;
use serde::Serialize;

/// One battle of a list, its fields named as the whole battle's JSON names them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleLine {
    pub id: i64,
    pub status: BattleStatus,
    pub sides: Vec<SideLine>,
}

/// One side of a [`BattleLine`].
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideLine {
    pub roster_id: i64,
    pub roster: String,
    pub victory_points: Option<u32>,
    /// Whether this side's aftermath has been run.
    pub aftermath_done: bool,
}

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
        "SELECT b.id, b.status, s.roster_id, r.name, s.victory_points, s.aftermath_set_id IS NOT NULL
         FROM battles b JOIN battle_sides s ON s.battle_id = b.id JOIN rosters r ON r.id = s.roster_id
         WHERE b.id IN ({chosen})
         ORDER BY b.id DESC, s.side"
    ))?;
    let (Of::Roster(id) | Of::Campaign(id)) = of;
    let mut rows = stmt.query(rusqlite::params![
        id,
        before.unwrap_or(i64::MAX),
        i64::from(count) + 1
    ])?;
    let mut lines: Vec<BattleLine> = Vec::new();
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        let side = SideLine {
            roster_id: r.get(2)?,
            roster: r.get(3)?,
            victory_points: r.get(4)?,
            aftermath_done: r.get(5)?,
        };
        match lines.last_mut() {
            Some(line) if line.id == id => line.sides.push(side),
            _ => {
                let status: String = r.get(1)?;
                lines.push(BattleLine {
                    id,
                    status: status
                        .parse()
                        .map_err(anyhow::Error::msg)
                        .context("a battle status in the database is unreadable")?,
                    sides: vec![side],
                });
            }
        }
    }
    let older = match lines.len() > count as usize {
        true => {
            lines.truncate(count as usize);
            lines.last().map(|l| l.id)
        }
        false => None,
    };
    Ok(Page { lines, older })
}
