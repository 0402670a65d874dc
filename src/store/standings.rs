//! What a campaign's league table is made of, per roster, in two queries however many
//! battles: the roster with its glory, the glory it earned in change sets still in force (kept
//! beside the log, `store::kept`, rather than summed from the whole log on every view), renown,
//! units and current quest; its results in battles not cancelled.

use crate::rules::battle::BattleResult;
use anyhow::{Context, Result};
use rusqlite::Connection;
use std::collections::HashMap;

/// One roster's numbers, before the engine counts its record and sorts the table.
#[derive(Debug, Clone, PartialEq)]
pub struct LeagueRow {
    pub roster_id: i64,
    pub roster: String,
    pub player: String,
    pub faction: String,
    pub glory_held: u32,
    pub glory_earned: u64,
    pub renown: u32,
    pub units: u32,
    pub quest: Option<String>,
    pub results: Vec<BattleResult>,
}

/// Every roster of `campaign_id` with its numbers, by id.
pub fn league(conn: &Connection, campaign_id: i64) -> Result<Vec<LeagueRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.name, r.player, r.faction, r.glory, r.glory_earned,
                (SELECT COALESCE(SUM(u.renown), 0) FROM units u
                  WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                (SELECT COUNT(*) FROM units u
                  WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                (SELECT q.quest FROM quests q WHERE q.roster_id = r.id AND q.status = 'current')
         FROM rosters r WHERE r.campaign_id = ?1 AND r.deleted = 0 ORDER BY r.id",
    )?;
    let mut rows: Vec<LeagueRow> = stmt
        .query_map([campaign_id], |r| {
            Ok(LeagueRow {
                roster_id: r.get(0)?,
                roster: r.get(1)?,
                player: r.get(2)?,
                faction: r.get(3)?,
                glory_held: r.get(4)?,
                glory_earned: u64::try_from(r.get::<_, i64>(5)?).unwrap_or(0),
                renown: r.get(6)?,
                units: r.get(7)?,
                quest: r.get(8)?,
                results: Vec::new(),
            })
        })?
        .collect::<Result<_, _>>()?;
    let index: HashMap<i64, usize> = rows.iter().enumerate().map(|(i, r)| (r.roster_id, i)).collect();

    let mut results = conn.prepare_cached(
        "SELECT s.roster_id, s.result FROM battle_sides s JOIN battles b ON b.id = s.battle_id
         WHERE b.campaign_id = ?1 AND b.cancelled = 0 AND s.result IS NOT NULL
         ORDER BY s.battle_id",
    )?;
    for row in results.query_map([campaign_id], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
    })? {
        let (roster, result) = row?;
        let result: BattleResult = serde_json::from_value(serde_json::Value::String(result.clone()))
            .with_context(|| format!("a battle result '{result}' this ptg does not know"))?;
        if let Some(&i) = index.get(&roster) {
            rows[i].results.push(result);
        }
    }
    Ok(rows)
}
