//! What a campaign's league table is made of, per roster, in one query however many battles:
//! the roster with its glory, the glory it earned in change sets still in force and its record
//! of results in battles not cancelled (both kept beside what they count, `store::kept`, rather
//! than counted from the whole log and every battle on every view), renown, units and current
//! quest.

use crate::rules::standings::Record;
use anyhow::Result;
use rusqlite::Connection;

/// One roster's numbers, before the engine sorts the table.
#[derive(Debug, Clone, PartialEq)]
pub struct LeagueRow {
    pub roster_id: i64,
    pub roster: String,
    pub player: String,
    pub faction: String,
    pub glory_held: u32,
    pub glory_earned: u64,
    /// Favour points (option `favour`).
    pub favour: i64,
    pub renown: u32,
    pub units: u32,
    pub quest: Option<String>,
    pub record: Record,
}

/// Every live roster of `campaign_id` with its numbers, by name (as `roster list` has them).
pub fn league(conn: &Connection, campaign_id: i64) -> Result<Vec<LeagueRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.name, r.player, r.faction, r.glory, r.glory_earned, r.favour,
                (SELECT COALESCE(SUM(u.renown), 0) FROM units u
                  WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                (SELECT COUNT(*) FROM units u
                  WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                (SELECT q.quest FROM quests q WHERE q.roster_id = r.id AND q.status = 'current'),
                r.major_victories, r.minor_victories, r.draws, r.minor_defeats, r.major_defeats
         FROM rosters r WHERE r.campaign_id = ?1 AND r.deleted = 0 ORDER BY r.name",
    )?;
    let rows = stmt.query_map([campaign_id], |r| {
        Ok(LeagueRow {
            roster_id: r.get(0)?,
            roster: r.get(1)?,
            player: r.get(2)?,
            faction: r.get(3)?,
            glory_held: r.get(4)?,
            glory_earned: u64::try_from(r.get::<_, i64>(5)?).unwrap_or(0),
            favour: r.get(6)?,
            renown: r.get(7)?,
            units: r.get(8)?,
            quest: r.get(9)?,
            record: super::kept::record(r, 10)?,
        })
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}
