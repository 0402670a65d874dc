//! Starting a quest in the Quest Log (and, for Harness Manifestation, adding its Wild
//! manifestation).

use super::tome::find_lore_entry;
use crate::catalogue::battlepack::{Battlepack, QuestReward, QuestTarget};
use crate::catalogue::{EnhancementKind, Faction, LoreKind};
use crate::fix::{Action, Fix, Input};
use crate::names;
use crate::names::SameName;
use crate::rules::change::{Change, Outcome, UnitRef};
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse, refuse_fix};

/// Starts a quest. One quest at a time: during set-up a new choice replaces the current one;
/// afterwards a quest can only be given up in the aftermath.
pub fn plan_quest(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    quest: &str,
    unit: Option<&Unit>,
    manifestation: Option<&str>,
) -> Result<Outcome, RuleError> {
    let Some(q) = pack.quest(quest) else {
        return refuse(
            "quests",
            names::unknown("quest", quest, pack.quests.iter().map(|q| q.name.as_str())),
        );
    };
    let mut out = Outcome::new(format!("quest started: {}", q.name));
    if let Some(current) = &roster.quest {
        if roster.setup_complete {
            // The way to give it up is a fix each front end words: the CLI's command, the
            // page's form (not the form's words in the CLI, issue 41).
            return refuse_fix(
                "quest log",
                format!(
                    "{} is already on the quest '{}' (one at a time)",
                    roster.name, current.quest
                ),
                Fix::Do {
                    action: Action::AbandonQuest {
                        roster: roster.name.clone(),
                    },
                },
            );
        }
        out.push(Change::DropQuest {
            quest: current.quest.clone(),
            reason: "another quest chosen during set-up".into(),
            points: current.points,
            unit: current.unit,
        });
    }
    let unit_ref = match (q.target, unit) {
        (QuestTarget::None, Some(u)) => {
            return refuse_fix(
                "quests",
                format!("{} does not name a unit ({})", q.name, u.label()),
                Fix::leave_out(Input::Unit),
            );
        }
        (QuestTarget::None, None) => None,
        (_, None) => {
            let who = if q.target == QuestTarget::AnyUnit {
                "a unit to be the Glory Seekers"
            } else {
                "a HERO with no heroic trait to be the Rising Champion"
            };
            return refuse_fix(
                "quests",
                format!("{} names {who}", q.name),
                Fix::give(Input::Unit),
            );
        }
        (target, Some(u)) => {
            if u.retired {
                return refuse(
                    "quests",
                    format!("{} is retired; pick a unit on the Order of Battle", u.label()),
                );
            }
            if u.has_keyword("UNIQUE") {
                let why = if target == QuestTarget::AnyUnit {
                    "UNIQUE units gain no renown, and the Glory Seekers' reward is renown"
                } else {
                    "UNIQUE units cannot be given enhancements, and the Rising Champion's reward is a heroic trait"
                };
                return refuse(
                    "quests",
                    format!(
                        "{} is UNIQUE and cannot be named by {}: {why}; pick a unit that is not UNIQUE",
                        u.label(),
                        q.name
                    ),
                );
            }
            if target == QuestTarget::HeroWithoutHeroicTrait {
                if !u.has_keyword("HERO") {
                    return refuse(
                        "quests",
                        format!("the Rising Champion must be a HERO, and {} is not", u.label()),
                    );
                }
                if let Some(t) = u
                    .enhancements
                    .iter()
                    .find(|e| e.kind == EnhancementKind::HeroicTrait)
                {
                    return refuse(
                        "quests",
                        format!(
                            "{} already has a heroic trait ({}); the Rising Champion must have none",
                            u.label(),
                            t.name
                        ),
                    );
                }
            }
            Some(UnitRef::Existing(u.id))
        }
    };
    if q.reward == QuestReward::TameManifestation {
        let Some(m) = manifestation else {
            return refuse_fix(
                "quests",
                format!("{} starts by adding a manifestation marked Wild", q.name),
                Fix::give(Input::Manifestation),
            );
        };
        let (lore, entry) = find_lore_entry(faction, LoreKind::Manifestation, m)?;
        let current: Vec<_> = roster.tome(LoreKind::Manifestation).collect();
        if current.iter().any(|e| e.name.same_name(&entry.name)) {
            return refuse(
                "quests",
                format!(
                    "{} is already in the manifestation lore; pick another to harness",
                    entry.name
                ),
            );
        }
        if current.len() >= pack.roster.lore_capacity as usize {
            return refuse_fix(
                "lore capacity",
                format!("the manifestation lore is full ({})", current.len()),
                Fix::act(Action::ReplaceInTome {
                    roster: roster.name.clone(),
                }),
            );
        }
        out.push(Change::AddToTome {
            lore_kind: LoreKind::Manifestation,
            name: entry.name.clone(),
            lore: lore.to_string(),
            value: entry.value,
            wild: true,
            reason: format!("{} begun", q.name),
        });
    } else if manifestation.is_some() {
        return refuse_fix(
            "quests",
            format!("{} does not take a manifestation", q.name),
            Fix::leave_out(Input::Manifestation),
        );
    }
    out.push(Change::StartQuest {
        quest: q.name.clone(),
        unit: unit_ref,
    });
    Ok(out)
}
