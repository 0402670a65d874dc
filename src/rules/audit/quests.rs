//! Quest points against what one battle can give (the battlepack's `battle_points` with the
//! battle's rounds): those an aftermath counted (its `QuestProgress` in force), and those a
//! result records that an aftermath has yet to count. An older ptg took any number, and a
//! league file may hold any.

use super::finding::{Check, Finding, finding};
use crate::catalogue::Battlepack;
use crate::rules::Change;
use crate::rules::battle::Battle;
use crate::rules::campaign_time::quest_counts;
use crate::rules::log::LoggedSet;
use crate::rules::model::Roster;
use crate::rules::quest::{beyond_one_battle, quest_points_words};

/// Why `points` for the quest named `quest` are more than one battle gives, if they are.
fn beyond(pack: &Battlepack, quest: &str, points: u32) -> Option<String> {
    let q = pack.quest(quest)?;
    if q.target_points == 0 {
        return Some(format!("{} counts no quest points", q.name));
    }
    beyond_one_battle(pack, q, points).map(|(_, why)| why)
}

/// Every count of quest points, counted by an aftermath in force or recorded by a result whose
/// aftermath has not run, that no single battle can give; each names the battle and the set.
pub fn quest_points(
    pack: &Battlepack,
    roster: &Roster,
    log: &[LoggedSet],
    battles: &[&Battle],
) -> Vec<Finding> {
    let mut out = Vec::new();
    for set in log.iter().filter(|s| s.in_force()) {
        let own = set.changes.iter().filter(|c| c.roster_id == Some(roster.id));
        for change in own {
            let Some(Change::QuestProgress { quest, points, .. }) = &change.change else {
                continue;
            };
            let Some(why) = beyond(pack, quest, *points) else {
                continue;
            };
            let battle = set
                .battle_id
                .map_or_else(String::new, |b| format!("battle {b}'s "));
            out.push(
                finding(
                    Check::QuestPoints,
                    roster,
                    format!(
                        "{battle}{} (set {}) counted {} for {quest}, which no battle can give: {why}",
                        set.command,
                        set.id,
                        quest_points_words(*points)
                    ),
                )
                .battle(set.battle_id)
                .set(Some(set.id)),
            );
        }
    }
    // A result whose aftermath has not run: its points go to the quest current now, when it
    // was embarked on before the battle was fought.
    let Some(current) = &roster.quest else {
        return out;
    };
    for b in battles {
        let Some(side) = b.side(roster.id) else { continue };
        let waiting = side.result.is_some() && !side.aftermath_done && side.quest_points > 0;
        if !waiting || !quest_counts(current.since, b.fought_at) {
            continue;
        }
        let Some(why) = beyond(pack, &current.quest, side.quest_points) else {
            continue;
        };
        let quest = pack
            .quest(&current.quest)
            .map_or(current.quest.as_str(), |q| q.name.as_str());
        let set = b.fought_at.map(|t| t.0);
        out.push(
            finding(
                Check::QuestPoints,
                roster,
                format!(
                    "battle {}'s result{} gives {} for {}, which no battle can give: {why}; its aftermath will refuse them",
                    b.id,
                    set.map_or_else(String::new, |s| format!(" (set {s})")),
                    quest_points_words(side.quest_points),
                    quest
                ),
            )
            .battle(Some(b.id))
            .set(set),
        );
    }
    out
}

#[cfg(test)]
mod tests;
