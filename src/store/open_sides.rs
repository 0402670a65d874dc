//! The sides of battles still waiting on someone: an army to record while the battle is
//! planned, an aftermath to run once it is fought. What the pages' "What's next" panels list,
//! read in one query rather than by loading every battle of the league.

use anyhow::Result;
use rusqlite::{Connection, params};
use serde::Serialize;

/// One side of a battle not yet done with.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OpenSide {
    pub battle_id: i64,
    pub roster_id: i64,
    pub roster: String,
    pub opponent: String,
    /// The result is in: what waits is this side's aftermath.
    pub fought: bool,
    /// This side's army is recorded.
    pub army_in: bool,
    /// The other side's army is recorded.
    pub opponent_army_in: bool,
}

/// The open sides of campaign `campaign_id`'s battles (or of roster `roster_id`'s, when given),
/// battle by battle.
pub fn open_sides(
    conn: &Connection,
    campaign_id: Option<i64>,
    roster_id: Option<i64>,
) -> Result<Vec<OpenSide>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.battle_id, s.roster_id, r.name, o.name, s.result IS NOT NULL,
                EXISTS (SELECT 1 FROM battle_units u WHERE u.battle_id = s.battle_id AND u.roster_id = s.roster_id),
                EXISTS (SELECT 1 FROM battle_units u WHERE u.battle_id = s.battle_id AND u.roster_id = os.roster_id)
         FROM battle_sides s
         JOIN battles b ON b.id = s.battle_id
         JOIN rosters r ON r.id = s.roster_id
         JOIN battle_sides os ON os.battle_id = s.battle_id AND os.roster_id != s.roster_id
         JOIN rosters o ON o.id = os.roster_id
         WHERE b.cancelled = 0 AND r.deleted = 0 AND s.aftermath_set_id IS NULL
           AND (?1 IS NULL OR b.campaign_id = ?1) AND (?2 IS NULL OR s.roster_id = ?2)
         ORDER BY s.battle_id, s.side",
    )?;
    let rows = stmt.query_map(params![campaign_id, roster_id], |r| {
        Ok(OpenSide {
            battle_id: r.get(0)?,
            roster_id: r.get(1)?,
            roster: r.get(2)?,
            opponent: r.get(3)?,
            fought: r.get(4)?,
            army_in: r.get(5)?,
            opponent_army_in: r.get(6)?,
        })
    })?;
    Ok(rows.collect::<rusqlite::Result<_>>()?)
}
