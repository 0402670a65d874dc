//! A roster as `ptg roster show --json` shows it and the server's API and pages read it, with
//! what waits to be picked on it.

use crate::catalogue::battlepack::{Battlepack, QuestReward};
use crate::error::Result;
use crate::ops;
use crate::rules::change::reward_words;
use crate::rules::model::Roster;
use crate::rules::renown::{open_paths, pending_ranks};
use crate::rules::roster::is_starting_pick;
use serde::Serialize;

#[derive(Serialize)]
struct RosterView<'a> {
    #[serde(flatten)]
    roster: &'a Roster,
    points: u64,
    starting_points_limit: u32,
    battlepack: &'a str,
    waiting: Vec<String>,
    /// Why the current quest can only be abandoned, when it can no longer be completed.
    #[serde(skip_serializing_if = "Option::is_none")]
    quest_only_abandon: Option<String>,
    /// Realm of origin, kept on the roster row rather than the change log.
    realm: Option<String>,
}

/// The roster as `--json` shows it, and the server's API gives it.
pub fn view(shown: &ops::roster::Shown) -> Result<serde_json::Value> {
    let s = &shown.subject;
    let r = &s.roster;
    let mut view = serde_json::to_value(RosterView {
        roster: r,
        points: r.points(),
        starting_points_limit: s.pack.roster.starting_points,
        battlepack: &s.pack.id,
        waiting: pending_lines(s.pack, r),
        quest_only_abandon: crate::rules::quest::only_abandon(s.pack, r),
        realm: shown.realm.clone(),
    })?;
    // Each unit says whether the faction data still has its warscroll.
    if let Some(units) = view["units"].as_array_mut() {
        for u in units {
            let id = u["id"].as_i64().unwrap_or_default();
            u["in_current_data"] = serde_json::Value::Bool(!shown.not_in_current_data.contains(&id));
        }
    }
    Ok(view)
}

/// Rank choices and rewards waiting on the roster, each with how to pick it.
pub fn pending_lines(pack: &Battlepack, r: &Roster) -> Vec<String> {
    let mut out = Vec::new();
    for u in r.active_units() {
        for rank in pending_ranks(pack, u) {
            let options = match u.path.as_deref().and_then(|p| pack.path(p)) {
                Some(path) => path
                    .ranks
                    .iter()
                    .find(|pr| pr.rank == rank.name)
                    .map(|pr| {
                        pr.abilities
                            .iter()
                            .map(|a| a.id.as_str())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    })
                    .unwrap_or_default(),
                None => format!(
                    "first pick a Path with --path ({})",
                    open_paths(pack, u).join(", ")
                ),
            };
            out.push(format!(
                "Rank choice waiting: {} reached {}: `ptg rank choose \"{}\" {} <ability>`: {options}",
                u.label(),
                rank.name,
                r.name,
                u.id
            ));
        }
    }
    out.extend(reward_lines(r));
    out
}

/// Owed rewards, in words, with the command that picks each.
fn reward_lines(roster: &Roster) -> Vec<String> {
    roster
        .rewards
        .iter()
        .map(|r| {
            let to = r
                .unit
                .and_then(|id| roster.unit(id))
                .map(|u| format!(" for {}", u.label()))
                .unwrap_or_default();
            let how = match r.reward {
                QuestReward::Spell => "`ptg roster lore <roster> add spell <name>`",
                QuestReward::Prayer => "`ptg roster lore <roster> add prayer <name>`",
                QuestReward::Manifestation => "`ptg roster lore <roster> add manifestation <name>`",
                _ => "`ptg roster enhance <roster> <unit> <name>`",
            };
            let what = if is_starting_pick(&r.source) {
                "Starting pick waiting"
            } else {
                "Reward to pick"
            };
            format!(
                "{what}: {}{to} (from {}) with {how}",
                reward_words(r.reward),
                r.source
            )
        })
        .collect()
}
