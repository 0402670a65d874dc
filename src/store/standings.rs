//! What a campaign's league table is made of, per roster, in two queries however many
//! battles: the roster with its glory, the glory it earned in change sets still in force (kept
//! beside the log, `store::kept`, rather than summed from the whole log on every view), renown,
//! units and current quest; how many of each result it had in battles not cancelled.

use crate::rules::battle::BattleResult;
use anyhow::{Context, Result};
use rusqlite::Connection;
use serde::Deserialize;
use serde::de::IntoDeserializer;
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
    /// Favour points (option `favour`).
    pub favour: i64,
    pub renown: u32,
    pub units: u32,
    pub quest: Option<String>,
    pub results: Vec<BattleResult>,
}

/// Every live roster of `campaign_id` with its numbers, by name (as `roster list` has them).
pub fn league(conn: &Connection, campaign_id: i64) -> Result<Vec<LeagueRow>> {
    let mut stmt = conn.prepare_cached(
        "SELECT r.id, r.name, r.player, r.faction, r.glory, r.glory_earned, r.favour,
                (SELECT COALESCE(SUM(u.renown), 0) FROM units u
                  WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                (SELECT COUNT(*) FROM units u
                  WHERE u.roster_id = r.id AND u.retired = 0 AND u.removed = 0),
                (SELECT q.quest FROM quests q WHERE q.roster_id = r.id AND q.status = 'current')
         FROM rosters r WHERE r.campaign_id = ?1 AND r.deleted = 0 ORDER BY r.name",
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
                favour: r.get(6)?,
                renown: r.get(7)?,
                units: r.get(8)?,
                quest: r.get(9)?,
                results: Vec::new(),
            })
        })?
        .collect::<Result<_, _>>()?;
    let index: HashMap<i64, usize> = rows.iter().enumerate().map(|(i, r)| (r.roster_id, i)).collect();

    // In no particular order: the table counts results (`rules::standings::Record`), and
    // sorting every side of the league cost as much again as reading them.
    let mut results = conn.prepare_cached(
        "SELECT s.roster_id, s.result FROM battle_sides s JOIN battles b ON b.id = s.battle_id
         WHERE b.campaign_id = ?1 AND b.cancelled = 0 AND s.result IS NOT NULL",
    )?;
    let mut sides = results.query([campaign_id])?;
    while let Some(side) = sides.next()? {
        let (roster, text): (i64, &str) = (side.get(0)?, side.get_ref(1)?.as_str()?);
        let result: Result<BattleResult, serde::de::value::Error> =
            BattleResult::deserialize(text.into_deserializer());
        let result = result.with_context(|| format!("a battle result '{text}' this ptg does not know"))?;
        if let Some(&i) = index.get(&roster) {
            rows[i].results.push(result);
        }
    }
    Ok(rows)
}
