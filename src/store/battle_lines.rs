//! A battle as one line of a list (a roster's page on the web): its id, where it stands and each
//! side's roster and victory points, in one query, rather than the four that read a whole battle
//! with its armies and twists (`battle_rows`), which a roster of 40 battles spent most of its
//! page on (issue #32).

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
}

/// The battles roster `roster_id` fought or will fight (not cancelled), newest first: the same
/// battles, in the same order, as `battles::each` hands out for the roster.
pub fn of_roster(conn: &Connection, roster_id: i64) -> Result<Vec<BattleLine>> {
    let mut stmt = conn.prepare_cached(
        "SELECT b.id, b.status, s.roster_id, r.name, s.victory_points
         FROM battles b JOIN battle_sides s ON s.battle_id = b.id JOIN rosters r ON r.id = s.roster_id
         WHERE b.id IN (SELECT battle_id FROM battle_sides WHERE roster_id = ?1) AND b.cancelled = 0
         ORDER BY b.id DESC, s.side",
    )?;
    let mut rows = stmt.query([roster_id])?;
    let mut lines: Vec<BattleLine> = Vec::new();
    while let Some(r) = rows.next()? {
        let id: i64 = r.get(0)?;
        let side = SideLine {
            roster_id: r.get(2)?,
            roster: r.get(3)?,
            victory_points: r.get(4)?,
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
    Ok(lines)
}
