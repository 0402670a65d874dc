//! Words for what the engine returns, shared by several commands: rolls, changes, rank
//! choices and rewards waiting to be picked.

use super::output::line;
use crate::catalogue::battlepack::{Battlepack, QuestReward};
use crate::error::Result;
use crate::rules::change::reward_words;
use crate::rules::dice::Roll;
use crate::rules::model::Roster;
use crate::rules::renown::{open_paths, pending_ranks};
use crate::rules::roster::is_starting_pick;
use crate::rules::{Change, UnitRef};

/// Prints the rolls a command made, so the opponent sees them.
pub fn print_rolls(rolls: &[Roll]) -> Result<()> {
    for r in rolls {
        let faces: Vec<String> = r.faces.iter().map(u32::to_string).collect();
        line(format!(
            "  rolled {} for {}: {} = {}",
            r.expression,
            r.purpose,
            faces.join("+"),
            r.total
        ))?;
    }
    Ok(())
}

/// A change with the unit it is about named, e.g. "Liberators (#2): +3 renown (...)"; the
/// unit is looked up in `rosters` in order (the roster after a change, then before it).
pub fn describe(rosters: &[&Roster], change: &Change) -> String {
    let who = match change.unit() {
        Some(UnitRef::Existing(id)) => rosters
            .iter()
            .find_map(|r| r.unit(id))
            .map(|u| format!("{}: ", u.label())),
        Some(UnitRef::New(_)) => Some("new unit: ".to_string()),
        None => None,
    };
    format!("{}{}", who.unwrap_or_default(), change.describe())
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
