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
    /// What `waiting` says, as data: each pick with the action that makes it.
    waiting_items: Vec<WaitingItem>,
    /// Why the current quest can only be abandoned, when it can no longer be completed.
    #[serde(skip_serializing_if = "Option::is_none")]
    quest_only_abandon: Option<String>,
    /// Realm of origin, kept on the roster row rather than the change log.
    realm: Option<String>,
}

/// The roster as `--json` shows it, and the server's API gives it.
pub fn view(shown: &ops::roster::Shown) -> Result<serde_json::Value> {
    Ok(view_and_waiting(shown)?.0)
}

/// [`view`], and what waits to be picked on the roster ([`waiting`]), worked out once for
/// both: a roster's page shows the one and lists the other.
pub fn view_and_waiting(shown: &ops::roster::Shown) -> Result<(serde_json::Value, Vec<Waiting>)> {
    let s = &shown.subject;
    let r = &s.roster;
    let waits = waiting(s.pack, r);
    let mut view = serde_json::to_value(RosterView {
        roster: r,
        points: r.points(),
        starting_points_limit: s.pack.roster.starting_points,
        battlepack: &s.pack.id,
        waiting: cli_lines(&waits, &r.name),
        waiting_items: waits
            .iter()
            .map(|w| WaitingItem {
                action: w.action(&r.name),
                waiting: w.clone(),
            })
            .collect(),
        quest_only_abandon: crate::rules::quest::only_abandon(s.pack, r).map(|w| w.for_cli()),
        realm: shown.realm.clone(),
    })?;
    // Each unit says whether the faction data still has its warscroll.
    if let Some(units) = view["units"].as_array_mut() {
        for u in units {
            let id = u["id"].as_i64().unwrap_or_default();
            u["in_current_data"] = serde_json::Value::Bool(!shown.not_in_current_data.contains(&id));
        }
    }
    Ok((view, waits))
}

/// Something waiting to be picked on a roster, as data: the CLI words it with the command
/// that picks it, a page with where on the page it is picked.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Waiting {
    /// A unit reached a rank and its ability is to be chosen (its Path first, when it has none).
    Rank {
        unit_id: i64,
        unit: String,
        rank: String,
        /// The abilities of its Path at that rank (ids); empty while it has no Path.
        abilities: Vec<String>,
        /// The Paths open to it, while it has none.
        paths: Vec<String>,
    },
    /// A reward (a quest's, or a starting pick) owed to the roster.
    Reward {
        reward: QuestReward,
        unit: Option<String>,
        source: String,
        starting_pick: bool,
    },
}

/// A [`Waiting`] in the JSON, with the action that picks it (`fix::Action`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct WaitingItem {
    #[serde(flatten)]
    pub waiting: Waiting,
    pub action: crate::fix::Action,
}

/// What waits to be picked on `r`: each unit's rank choices, then the rewards owed.
pub fn waiting(pack: &Battlepack, r: &Roster) -> Vec<Waiting> {
    let mut out = Vec::new();
    for u in r.active_units() {
        for rank in pending_ranks(pack, u) {
            let path = u.path.as_deref().and_then(|p| pack.path(p));
            let abilities = path
                .and_then(|path| path.ranks.iter().find(|pr| pr.rank == rank.name))
                .map(|pr| pr.abilities.iter().map(|a| a.id.clone()).collect())
                .unwrap_or_default();
            let paths = match path {
                Some(_) => Vec::new(),
                None => open_paths(pack, u).iter().map(|p| p.to_string()).collect(),
            };
            out.push(Waiting::Rank {
                unit_id: u.id,
                unit: u.label(),
                rank: rank.name.clone(),
                abilities,
                paths,
            });
        }
    }
    out.extend(r.rewards.iter().map(|w| Waiting::Reward {
        reward: w.reward,
        unit: w.unit.and_then(|id| r.unit(id)).map(|u| u.label()),
        source: w.source.clone(),
        starting_pick: is_starting_pick(&w.source),
    }));
    out
}

impl Waiting {
    /// In the CLI's words, with the command that picks it.
    pub fn cli_words(&self, roster: &str) -> String {
        match self {
            Waiting::Rank {
                unit_id,
                unit,
                rank,
                abilities,
                paths,
            } => {
                let options = match paths.is_empty() {
                    true => abilities.join(" or "),
                    false => format!("first pick a Path with --path ({})", paths.join(", ")),
                };
                format!(
                    "Rank choice waiting: {unit} reached {rank}: `ptg rank choose \"{roster}\" {unit_id} <ability>`: {options}"
                )
            }
            Waiting::Reward { reward, .. } => {
                let how = match reward {
                    QuestReward::Spell => "`ptg roster lore <roster> add spell <name>`",
                    QuestReward::Prayer => "`ptg roster lore <roster> add prayer <name>`",
                    QuestReward::Manifestation => "`ptg roster lore <roster> add manifestation <name>`",
                    _ => "`ptg roster enhance <roster> <unit> <name>`",
                };
                format!("{} with {how}", self.what())
            }
        }
    }

    /// The action that picks it on roster `roster`.
    pub fn action(&self, roster: &str) -> crate::fix::Action {
        use crate::fix::Action;
        let roster = Some(roster.to_string());
        match self {
            Waiting::Rank { unit_id, .. } => Action::ChooseRank {
                roster,
                unit_id: Some(*unit_id),
            },
            Waiting::Reward { reward, .. } => match reward {
                QuestReward::Spell | QuestReward::Prayer | QuestReward::Manifestation => {
                    Action::AddToTome { roster }
                }
                _ => Action::GiveEnhancement { roster },
            },
        }
    }

    /// In a page's words with a link: what waits, the words of the link and the id of the
    /// roster page's section it leads to.
    pub fn page_link(&self) -> (String, &'static str, &'static str) {
        match self {
            Waiting::Rank {
                unit, rank, paths, ..
            } => {
                let pick = match paths.is_empty() {
                    true => "choose its ability under \"Ranks reached\"",
                    false => "pick its Path and ability under \"Ranks reached\"",
                };
                (format!("{unit} reached {rank}"), pick, "ranks")
            }
            Waiting::Reward { reward, .. } => {
                let place = match reward {
                    QuestReward::Spell | QuestReward::Prayer | QuestReward::Manifestation => {
                        "pick it under the Arcane Tome"
                    }
                    _ => "pick it under Enhancements",
                };
                (self.what(), place, "more")
            }
        }
    }

    /// In a page's words: where on the roster's page it is picked.
    pub fn page_words(&self) -> String {
        match self {
            Waiting::Rank {
                unit, rank, paths, ..
            } if !paths.is_empty() => {
                format!("{unit} reached {rank}: pick its Path and ability under \"Ranks reached\"")
            }
            Waiting::Rank { unit, rank, .. } => {
                format!("{unit} reached {rank}: choose its ability under \"Ranks reached\"")
            }
            Waiting::Reward { reward, .. } => {
                let place = match reward {
                    QuestReward::Spell | QuestReward::Prayer | QuestReward::Manifestation => {
                        "the Arcane Tome"
                    }
                    _ => "Enhancements",
                };
                format!("{}: pick it under {place}", self.what())
            }
        }
    }

    /// "Reward to pick: an artefact of power for Liberators (#2) (from Seek Glory)".
    fn what(&self) -> String {
        let Waiting::Reward {
            reward,
            unit,
            source,
            starting_pick,
        } = self
        else {
            return String::new();
        };
        let to = unit.as_ref().map(|u| format!(" for {u}")).unwrap_or_default();
        let what = match starting_pick {
            true => "Starting pick waiting",
            false => "Reward to pick",
        };
        format!("{what}: {}{to} (from {source})", reward_words(*reward))
    }
}

/// Rank choices and rewards waiting on the roster, each with the command that picks it.
pub fn pending_lines(pack: &Battlepack, r: &Roster) -> Vec<String> {
    cli_lines(&waiting(pack, r), &r.name)
}

/// What waits on roster `roster`, each in the CLI's words.
fn cli_lines(waits: &[Waiting], roster: &str) -> Vec<String> {
    waits.iter().map(|w| w.cli_words(roster)).collect()
}

/// Rank choices and rewards waiting on the roster, each with where a page picks it.
pub fn waiting_words(pack: &Battlepack, r: &Roster) -> Vec<String> {
    waiting(pack, r).iter().map(Waiting::page_words).collect()
}
