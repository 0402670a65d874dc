//! Step 3 of the aftermath: quest progress, completion and rewards, or giving a quest up.

use super::dice::Roller;
use super::fought::Fought;
use super::model::Roster;
use super::{Change, RuleError, UnitRef, refuse};
use crate::catalogue::battlepack::{Battlepack, Quest, QuestReward, QuestTarget};
use crate::catalogue::{EnhancementKind, LoreKind};
use crate::fix::{Action, Fix, Input, Worded};
use serde::{Deserialize, Serialize};

mod per_battle;
pub use per_battle::{
    PerBattle, beyond_one_battle, check_battle_points, quest_points_are, quest_points_words,
};

/// What the player does with the current quest in this aftermath.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestChoice {
    /// Complete it if it can be completed, else record progress.
    #[default]
    Auto,
    /// Complete it (refused when it cannot be completed yet).
    Complete,
    /// Give it up: the Quest Log is cleared and a new quest can be picked.
    Abandon,
    /// Record progress but do not complete it yet.
    Keep,
}

impl std::str::FromStr for QuestChoice {
    type Err = String;
    fn from_str(s: &str) -> Result<QuestChoice, String> {
        serde_json::from_value(serde_json::Value::String(s.trim().to_ascii_lowercase()))
            .map_err(|_| format!("'{s}' is not a quest choice; use complete, abandon or keep"))
    }
}

/// The quest step's changes, renown it gave (unit, amount) for the rank check, and what the
/// player should know about the quest (a quest that can only be abandoned).
#[derive(Debug, Default)]
pub struct QuestStep {
    pub changes: Vec<Change>,
    pub renown: Option<(i64, u32)>,
    pub notes: Vec<String>,
}

/// Why the unit the current quest names can no longer complete it, if it cannot: it left the
/// Order of Battle or was retired, the Rising Champion gained a heroic trait (the quest's reward
/// is a first one) or is UNIQUE, or the Glory Seekers are UNIQUE (they gain no renown). Such a
/// quest can only be abandoned, so `roster show`, `roster check` and the aftermath say so
/// instead of letting it end in a reward nobody can take.
pub fn quest_unit_unfit(pack: &Battlepack, roster: &Roster) -> Option<String> {
    let current = roster.quest.as_ref()?;
    let quest = pack.quest(&current.quest)?;
    let id = current.unit?;
    let Some(u) = roster.unit(id) else {
        return Some(format!(
            "the unit named by {} is missing from the Order of Battle",
            quest.name
        ));
    };
    if u.retired {
        return Some(format!(
            "the unit named by {} ({}) is retired",
            quest.name,
            u.label()
        ));
    }
    match quest.target {
        QuestTarget::HeroWithoutHeroicTrait => {
            if let Some(t) = u
                .enhancements
                .iter()
                .find(|e| e.kind == EnhancementKind::HeroicTrait)
            {
                Some(format!(
                    "the Rising Champion ({}) has gained a heroic trait ({}), and {} rewards a first one",
                    u.label(),
                    t.name,
                    quest.name
                ))
            } else if u.has_keyword("UNIQUE") {
                Some(format!(
                    "the Rising Champion ({}) is UNIQUE and cannot be given a heroic trait",
                    u.label()
                ))
            } else if !u.has_keyword("HERO") {
                Some(format!("the Rising Champion ({}) is not a HERO", u.label()))
            } else {
                None
            }
        }
        QuestTarget::AnyUnit if u.has_keyword("UNIQUE") => Some(format!(
            "the Glory Seekers ({}) are UNIQUE and gain no renown",
            u.label()
        )),
        _ => None,
    }
}

/// The words shown wherever a quest that can only be abandoned is listed, naming the action
/// that gives it up (the CLI's command, the page's form).
pub fn only_abandon(pack: &Battlepack, roster: &Roster) -> Option<Worded> {
    let unfit = no_longer_completable(pack, roster)?;
    Some(Worded::with(
        format!("{unfit}; give it up with {{do}}"),
        Action::AbandonQuest {
            roster: roster.name.clone(),
        },
    ))
}

/// "QUEST can no longer be completed: WHY", when the quest's unit cannot complete it.
fn no_longer_completable(pack: &Battlepack, roster: &Roster) -> Option<String> {
    let why = quest_unit_unfit(pack, roster)?;
    let quest = roster
        .quest
        .as_ref()
        .map(|q| q.quest.as_str())
        .unwrap_or_default();
    Some(format!("{quest} can no longer be completed: {why}"))
}

/// "1 was", "7 were": how many quest points were recorded.
fn were(n: u32) -> String {
    match n {
        1 => "1 quest point was".into(),
        n => format!("{n} quest points were"),
    }
}

/// Whether the quest can be completed after this battle, and if not, why not (and what would
/// put it right, if anything: data, so each front end words it, the CLI as a command and a page
/// as its form).
fn completable(
    quest: &Quest,
    points: u32,
    unit: Option<i64>,
    fought: &Fought,
) -> Result<(), (String, Option<Fix>)> {
    match quest.target {
        QuestTarget::AnyUnit => {
            let Some(u) = unit else {
                return Err(("it names no Glory Seekers".into(), None));
            };
            if !fought.result.is_victory() {
                return Err((
                    format!(
                        "it needs a major or minor victory, and the battle was a {}",
                        fought.result
                    ),
                    None,
                ));
            }
            if !fought.army.contains(&u) {
                return Err(("the Glory Seekers did not take part".into(), None));
            }
            if fought.destroyed.contains(&u) {
                return Err(("the Glory Seekers were destroyed".into(), None));
            }
            Ok(())
        }
        QuestTarget::HeroWithoutHeroicTrait => match unit {
            Some(u) if fought.slew.contains(&u) => Ok(()),
            _ => Err((
                "the Rising Champion did not slay an enemy HERO or MONSTER".into(),
                Some(Fix::act(Action::CorrectSlain {
                    battle: fought.battle_id,
                })),
            )),
        },
        QuestTarget::None if points >= quest.target_points => Ok(()),
        QuestTarget::None => Err((
            format!(
                "it has {points} of the {} quest points it needs",
                quest.target_points
            ),
            None,
        )),
    }
}

/// Records the battle's quest points, then completes, keeps or gives up the current quest.
pub fn quest_step(
    pack: &Battlepack,
    roster: &Roster,
    fought: &Fought,
    choice: QuestChoice,
    roller: &mut Roller,
) -> Result<QuestStep, RuleError> {
    let mut step = QuestStep::default();
    let Some(current) = &roster.quest else {
        if matches!(choice, QuestChoice::Complete | QuestChoice::Abandon) {
            return Err(
                RuleError::new("quest log", format!("{} has no current quest", roster.name)).fix(Fix::act(
                    Action::StartQuest {
                        roster: roster.name.clone(),
                    },
                )),
            );
        }
        return Ok(step);
    };
    let Some(quest) = pack.quest(&current.quest) else {
        return refuse(
            "quest log",
            format!(
                "the quest '{}' is not in the {} battlepack",
                current.quest, pack.name
            ),
        );
    };
    if choice == QuestChoice::Abandon {
        step.changes.push(Change::DropQuest {
            quest: quest.name.clone(),
            reason: format!("given up in the aftermath of battle {}", fought.battle_id),
            points: current.points,
            unit: current.unit,
        });
        return Ok(step);
    }
    if !super::campaign_time::quest_counts(current.since, fought.fought_at) {
        let why = format!(
            "{} was embarked on after battle {} was fought, so it counts from the next battle",
            quest.name, fought.battle_id
        );
        if choice == QuestChoice::Complete {
            return refuse("quests", why);
        }
        step.notes.push(why);
        return Ok(step);
    }
    if let Some(why) = no_longer_completable(pack, roster) {
        if choice == QuestChoice::Complete {
            return Err(RuleError::new("quests", why).fix(Fix::set(Input::Quest, "abandon")));
        }
        step.notes.push(format!(
            "{why}; it can only be given up (abandoned) in an aftermath"
        ));
        return Ok(step);
    }
    let mut points = current.points;
    if fought.quest_points > 0 {
        if quest.target_points == 0 {
            return refuse(
                "quest log",
                format!(
                    "{} does not count quest points, but {} recorded for {}; fix the battle result",
                    quest.name,
                    were(fought.quest_points),
                    roster.name
                ),
            );
        }
        // A result recorded by an older ptg (or read from a league file) may hold more than
        // one battle can give: the aftermath refuses it rather than count it.
        if let Some((_, why)) = beyond_one_battle(pack, quest, fought.quest_points) {
            return Err(RuleError::new(
                "quest points",
                format!(
                    "battle {}'s result gives {} {} for {}, which no battle can give ({why}); the result must be recorded again",
                    fought.battle_id,
                    roster.name,
                    quest_points_words(fought.quest_points),
                    quest.name
                ),
            )
            .fix(Fix::act(Action::Undo {
                roster: Some(roster.name.clone()),
            })));
        }
        points += fought.quest_points;
        step.changes.push(Change::QuestProgress {
            quest: quest.name.clone(),
            points: fought.quest_points,
            reason: format!("battle {}", fought.battle_id),
        });
    }
    let ready = completable(quest, points, current.unit, fought);
    match (choice, &ready) {
        (QuestChoice::Complete, Err((why, fix))) => {
            let refused = RuleError::new("quests", format!("{} cannot be completed yet: {why}", quest.name));
            return Err(match fix {
                Some(fix) => refused.fix(fix.clone()),
                None => refused,
            });
        }
        (QuestChoice::Keep, _) | (QuestChoice::Auto, Err(_)) => return Ok(step),
        _ => {}
    }
    step.changes.push(Change::CompleteQuest {
        quest: quest.name.clone(),
        points,
        unit: current.unit,
    });
    let unit = current.unit;
    match quest.reward {
        QuestReward::Renown => {
            let Some(u) = unit else { return Ok(step) };
            // UNIQUE units gain no renown from any source (checked at quest start too).
            if roster.unit(u).is_some_and(|u| u.has_keyword("UNIQUE")) {
                return Ok(step);
            }
            let expr = quest.reward_dice.as_deref().unwrap_or("D3+3").parse()?;
            let name = roster
                .unit(u)
                .map(|u| u.display_name().to_string())
                .unwrap_or_default();
            let amount = roller
                .roll(expr, format!("{} reward for {name}", quest.name))?
                .max(0) as u32;
            step.changes.push(Change::GainRenown {
                unit: UnitRef::Existing(u),
                amount,
                reason: format!("{} completed, {expr} rolled {amount}", quest.name),
                roll: Some(roller.rolls.len() - 1),
            });
            step.renown = Some((u, amount));
        }
        QuestReward::TameManifestation => {
            for e in roster.tome(LoreKind::Manifestation).filter(|e| e.wild) {
                step.changes
                    .push(Change::TameManifestation { name: e.name.clone() });
            }
        }
        reward => step.changes.push(Change::GrantReward {
            reward,
            source: quest.name.clone(),
            unit: match quest.target {
                QuestTarget::HeroWithoutHeroicTrait => unit.map(UnitRef::Existing),
                _ => None,
            },
        }),
    }
    Ok(step)
}

#[cfg(test)]
mod tests;
