//! What a command changes, as data: the engine returns a list of [`Change`]s and the store
//! applies them in one transaction and appends each to the change log, so current values can
//! always be reconciled with (and undone from) history.

use super::dice::Roll;
pub use super::model::NewUnit;
use crate::catalogue::battlepack::QuestReward;
use crate::catalogue::{EnhancementKind, LoreKind};
use serde::{Deserialize, Serialize};

/// A unit that already exists, or one added earlier in the same outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum UnitRef {
    /// The unit's id in the store.
    Existing(i64),
    /// The n-th `AddUnit` of this outcome (0-based).
    New(usize),
}

/// One change to a roster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Change {
    AddUnit {
        unit: NewUnit,
    },
    Reinforce {
        unit: UnitRef,
    },
    GainRenown {
        unit: UnitRef,
        amount: u32,
        reason: String,
        /// The roll that gave it: an index into the outcome's rolls.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<usize>,
    },
    /// The unit reached `rank`; an ability of that rank is chosen by `ChooseAbility`.
    GainRank {
        unit: UnitRef,
        rank: String,
    },
    SetPath {
        unit: UnitRef,
        path: String,
    },
    ChooseAbility {
        unit: UnitRef,
        rank: String,
        ability: String,
    },
    GiveEnhancement {
        unit: UnitRef,
        table: String,
        enhancement_kind: EnhancementKind,
        name: String,
        reason: String,
    },
    AddToTome {
        lore_kind: LoreKind,
        name: String,
        lore: String,
        value: Option<u32>,
        wild: bool,
        reason: String,
    },
    RemoveFromTome {
        lore_kind: LoreKind,
        name: String,
        reason: String,
        /// The entry as it was, so undo can put it back.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        was: Option<RemovedEntry>,
    },
    StartQuest {
        quest: String,
        unit: Option<UnitRef>,
    },
    /// The current quest ends without its reward (replaced during set-up, or given up).
    DropQuest {
        quest: String,
        reason: String,
        /// Quest points and unit it had, so undo can resume it.
        #[serde(default)]
        points: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<i64>,
    },
    /// Quest points recorded in the Quest Log.
    QuestProgress {
        quest: String,
        points: u32,
        reason: String,
    },
    /// The current quest is completed; its Quest Log is cleared.
    CompleteQuest {
        quest: String,
        /// The quest points and unit it had, so undo can reopen it as it was.
        #[serde(default)]
        points: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<i64>,
    },
    /// A reward the player picks later (an artefact, a heroic trait, a spell, a prayer).
    GrantReward {
        reward: QuestReward,
        source: String,
        /// The unit it must go to, when the reward names one (Rising Champion).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        unit: Option<UnitRef>,
    },
    /// A granted reward is used up by the enhancement or lore entry that follows it.
    ClaimReward {
        reward_id: i64,
        reward: QuestReward,
        source: String,
    },
    /// A manifestation harnessed by its quest loses its 'Wild' mark.
    TameManifestation {
        name: String,
    },
    GainGlory {
        amount: u32,
        reason: String,
    },
    SpendGlory {
        amount: u32,
        reason: String,
    },
    Retire {
        unit: UnitRef,
    },
    /// The roster has fought its first battle: set-up is over.
    CompleteSetup,

    // The reversals `undo` appends; each undoes one of the changes above.
    /// Undoes `AddUnit`: the unit leaves the Order of Battle as if never added.
    RemoveUnit {
        unit: UnitRef,
    },
    Unreinforce {
        unit: UnitRef,
    },
    LoseRenown {
        unit: UnitRef,
        amount: u32,
        reason: String,
    },
    /// Undoes `GainRank`: the unit's rank goes back to `rank` (none below Aspiring).
    SetRank {
        unit: UnitRef,
        rank: Option<String>,
    },
    ClearPath {
        unit: UnitRef,
    },
    RemoveAbility {
        unit: UnitRef,
        rank: String,
    },
    RemoveEnhancement {
        unit: UnitRef,
        table: String,
        name: String,
    },
    LoseQuestPoints {
        quest: String,
        points: u32,
    },
    /// Undoes `CompleteQuest`: the quest is current again, with its points.
    ReopenQuest {
        quest: String,
        points: u32,
        unit: Option<i64>,
    },
    /// Undoes `GrantReward`: the reward is no longer owed.
    RevokeReward {
        reward: QuestReward,
        source: String,
    },
    /// Undoes `ClaimReward`: the reward is owed again.
    UnclaimReward {
        reward_id: i64,
        reward: QuestReward,
        source: String,
    },
    /// Undoes `TameManifestation`.
    MarkWild {
        name: String,
    },
    Unretire {
        unit: UnitRef,
    },
    /// Undoes `CompleteSetup`.
    ReopenSetup,
}

/// A tome entry as removed, kept in the log so the removal can be undone.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RemovedEntry {
    pub lore: String,
    pub value: Option<u32>,
    pub wild: bool,
}

/// The changes that are about one unit, binding it as `$unit`: listed once for `unit()` and
/// `with_unit()`.
macro_rules! about_a_unit {
    ($unit:ident) => {
        Change::Reinforce { unit: $unit }
            | Change::GainRenown { unit: $unit, .. }
            | Change::GainRank { unit: $unit, .. }
            | Change::SetPath { unit: $unit, .. }
            | Change::ChooseAbility { unit: $unit, .. }
            | Change::GiveEnhancement { unit: $unit, .. }
            | Change::Retire { unit: $unit }
            | Change::RemoveUnit { unit: $unit }
            | Change::Unreinforce { unit: $unit }
            | Change::LoseRenown { unit: $unit, .. }
            | Change::SetRank { unit: $unit, .. }
            | Change::ClearPath { unit: $unit }
            | Change::RemoveAbility { unit: $unit, .. }
            | Change::RemoveEnhancement { unit: $unit, .. }
            | Change::Unretire { unit: $unit }
    };
}

/// The changes that may name a unit (`Option<UnitRef>`), binding it as `$unit`.
macro_rules! maybe_about_a_unit {
    ($unit:ident) => {
        Change::StartQuest { unit: $unit, .. } | Change::GrantReward { unit: $unit, .. }
    };
}

impl Change {
    /// A line for history: what changed, in players' words.
    pub fn describe(&self) -> String {
        match self {
            Change::AddUnit { unit } => {
                let name = unit
                    .name
                    .as_ref()
                    .map(|n| format!(" \"{n}\""))
                    .unwrap_or_default();
                let role = if unit.warlord { " as warlord" } else { "" };
                format!(
                    "{}{name} joined the Order of Battle{role} ({} pts)",
                    unit.warscroll, unit.points
                )
            }
            Change::Reinforce { .. } => "reinforced: twice the models, twice the points".into(),
            Change::GainRenown { amount, reason, .. } => format!("+{amount} renown ({reason})"),
            Change::QuestProgress {
                quest,
                points,
                reason,
            } => {
                format!("+{points} quest points for {quest} ({reason})")
            }
            Change::CompleteQuest { quest, .. } => format!("quest completed: {quest}"),
            Change::GrantReward { reward, source, .. } => {
                format!("earned {} ({source})", reward_words(*reward))
            }
            Change::ClaimReward { reward, source, .. } => {
                format!("used the {} earned from {source}", reward_words(*reward))
            }
            Change::TameManifestation { name } => format!("{name} is no longer Wild"),
            Change::GainGlory { amount, reason } => format!("+{amount} glory ({reason})"),
            Change::SpendGlory { amount, reason } => format!("-{amount} glory ({reason})"),
            Change::Retire { .. } => "retired from the Order of Battle".into(),
            Change::CompleteSetup => "first battle fought: set-up is over".into(),
            Change::RemoveUnit { .. } => "taken off the Order of Battle (undone)".into(),
            Change::Unreinforce { .. } => "no longer reinforced".into(),
            Change::LoseRenown { amount, reason, .. } => format!("-{amount} renown ({reason})"),
            Change::SetRank { rank, .. } => format!("rank back to {}", rank.as_deref().unwrap_or("none")),
            Change::ClearPath { .. } => "Path cleared".into(),
            Change::RemoveAbility { rank, .. } => format!("{rank} ability removed"),
            Change::RemoveEnhancement { name, table, .. } => format!("{name} ({table}) removed"),
            Change::LoseQuestPoints { quest, points } => format!("-{points} quest points for {quest}"),
            Change::ReopenQuest { quest, .. } => format!("quest reopened: {quest}"),
            Change::RevokeReward { reward, source } => {
                format!("no longer owed {} ({source})", reward_words(*reward))
            }
            Change::UnclaimReward { reward, source, .. } => {
                format!("owed {} again ({source})", reward_words(*reward))
            }
            Change::MarkWild { name } => format!("{name} is Wild again"),
            Change::Unretire { .. } => "back on the Order of Battle".into(),
            Change::ReopenSetup => "set-up reopened".into(),
            Change::GainRank { rank, .. } => format!("reached rank {rank}"),
            Change::SetPath { path, .. } => format!("follows the Path of the {}", capitalise(path)),
            Change::ChooseAbility { rank, ability, .. } => format!("{rank} ability: {ability}"),
            Change::GiveEnhancement {
                table, name, reason, ..
            } => format!("given {name} ({table}; {reason})"),
            Change::AddToTome {
                lore_kind,
                name,
                lore,
                wild,
                reason,
                ..
            } => {
                let wild = if *wild { ", marked Wild" } else { "" };
                format!("{name} added to the {lore_kind} lore (from {lore}{wild}; {reason})")
            }
            Change::RemoveFromTome {
                lore_kind,
                name,
                reason,
                ..
            } => {
                format!("{name} removed from the {lore_kind} lore ({reason})")
            }
            Change::StartQuest { quest, .. } => format!("quest started: {quest}"),
            Change::DropQuest { quest, reason, .. } => format!("quest dropped: {quest} ({reason})"),
        }
    }

    /// The same change about another unit (replays name units by their stored ids).
    pub fn with_unit(mut self, to: UnitRef) -> Change {
        match &mut self {
            about_a_unit!(unit) => *unit = to,
            maybe_about_a_unit!(unit) => *unit = Some(to),
            _ => {}
        }
        self
    }

    /// The change as the log records it for `unit_id`: "new unit n" of its command (in the
    /// payload) becomes the unit's stored id, so it can be replayed or undone on its own.
    pub fn as_logged(self, unit_id: Option<i64>) -> Change {
        match (self.unit(), unit_id) {
            (Some(UnitRef::New(_)), Some(id)) => self.with_unit(UnitRef::Existing(id)),
            _ => self,
        }
    }

    /// The unit this change is about, if any.
    pub fn unit(&self) -> Option<UnitRef> {
        match self {
            about_a_unit!(unit) => Some(*unit),
            maybe_about_a_unit!(unit) => *unit,
            _ => None,
        }
    }
}

/// "an artefact of power", "a heroic trait", ... as players say it.
pub fn reward_words(reward: QuestReward) -> &'static str {
    match reward {
        QuestReward::Artefact => "an artefact of power",
        QuestReward::HeroicTrait => "a heroic trait",
        QuestReward::Spell => "a spell",
        QuestReward::Prayer => "a prayer",
        QuestReward::Renown => "renown",
        QuestReward::TameManifestation => "a tamed manifestation",
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// What a command does: its changes, applied together or not at all.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Outcome {
    /// One line for history, e.g. "Liberators added to the Order of Battle".
    pub summary: String,
    pub changes: Vec<Change>,
    /// Every die rolled for this outcome, in order; changes refer to them by index.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
}

impl Outcome {
    pub fn new(summary: impl Into<String>) -> Outcome {
        Outcome {
            summary: summary.into(),
            changes: Vec::new(),
            rolls: Vec::new(),
        }
    }

    pub fn push(&mut self, change: Change) -> &mut Outcome {
        self.changes.push(change);
        self
    }
}

use super::model::{Enhancement, QuestState, RewardDue, Roster, TomeEntry, Unit};

impl Roster {
    /// Applies an outcome in memory, as the store does in SQL; new units get ids from
    /// `next_id` upwards. Used by tests and by replays of the change log.
    pub fn apply(&mut self, outcome: &Outcome, mut next_id: i64) {
        let mut new_ids = Vec::new();
        for change in &outcome.changes {
            let id = |r: UnitRef| match r {
                UnitRef::Existing(id) => id,
                UnitRef::New(n) => new_ids.get(n).copied().unwrap_or(-1),
            };
            let unit_id = change.unit().map(id);
            let unit = unit_id.and_then(|uid| self.units.iter_mut().find(|u| u.id == uid));
            match (change, unit) {
                (Change::AddUnit { unit: n }, _) => {
                    self.units.push(Unit::joining(next_id, n));
                    new_ids.push(next_id);
                    next_id += 1;
                }
                (Change::Reinforce { .. }, Some(u)) => u.reinforced = true,
                (Change::GainRenown { amount, .. }, Some(u)) => u.renown += amount,
                (Change::GainRank { rank, .. }, Some(u)) => u.rank = Some(rank.clone()),
                (Change::SetPath { path, .. }, Some(u)) => u.path = Some(path.clone()),
                (Change::ChooseAbility { rank, ability, .. }, Some(u)) => {
                    u.abilities.push((rank.clone(), ability.clone()))
                }
                (
                    Change::GiveEnhancement {
                        table,
                        enhancement_kind,
                        name,
                        ..
                    },
                    Some(u),
                ) => u.enhancements.push(Enhancement {
                    table: table.clone(),
                    kind: *enhancement_kind,
                    name: name.clone(),
                }),
                (
                    Change::AddToTome {
                        lore_kind,
                        name,
                        lore,
                        value,
                        wild,
                        ..
                    },
                    _,
                ) => self.tome.push(TomeEntry {
                    kind: *lore_kind,
                    name: name.clone(),
                    lore: lore.clone(),
                    value: *value,
                    wild: *wild,
                }),
                (Change::RemoveFromTome { lore_kind, name, .. }, _) => {
                    self.tome.retain(|e| !(e.kind == *lore_kind && &e.name == name))
                }
                (Change::StartQuest { quest, .. }, _) => {
                    self.quest = Some(QuestState {
                        quest: quest.clone(),
                        points: 0,
                        unit: unit_id,
                    })
                }
                (Change::DropQuest { .. }, _) => self.quest = None,
                (Change::CompleteQuest { quest, .. }, _) => {
                    self.completed_quests.push(quest.clone());
                    self.quest = None
                }
                (Change::QuestProgress { points, .. }, _) => {
                    if let Some(q) = &mut self.quest {
                        q.points += points
                    }
                }
                (Change::GrantReward { reward, source, .. }, _) => self.rewards.push(RewardDue {
                    id: -1 - self.rewards.len() as i64,
                    reward: *reward,
                    source: source.clone(),
                    unit: unit_id,
                }),
                (Change::ClaimReward { reward_id, .. }, _) => self.rewards.retain(|r| r.id != *reward_id),
                (Change::TameManifestation { name }, _) => {
                    for e in self.tome.iter_mut().filter(|e| &e.name == name) {
                        e.wild = false;
                    }
                }
                (Change::GainGlory { amount, .. }, _) => self.glory += i64::from(*amount),
                (Change::SpendGlory { amount, .. }, _) => self.glory -= i64::from(*amount),
                (Change::Retire { .. }, Some(u)) => u.retired = true,
                (Change::CompleteSetup, _) => self.setup_complete = true,
                (Change::RemoveUnit { .. }, Some(_)) => self.units.retain(|u| Some(u.id) != unit_id),
                (Change::Unreinforce { .. }, Some(u)) => u.reinforced = false,
                (Change::LoseRenown { amount, .. }, Some(u)) => u.renown = u.renown.saturating_sub(*amount),
                (Change::SetRank { rank, .. }, Some(u)) => u.rank = rank.clone(),
                (Change::ClearPath { .. }, Some(u)) => u.path = None,
                (Change::RemoveAbility { rank, .. }, Some(u)) => u.abilities.retain(|(r, _)| r != rank),
                (Change::RemoveEnhancement { table, .. }, Some(u)) => {
                    u.enhancements.retain(|e| &e.table != table)
                }
                (Change::LoseQuestPoints { points, .. }, _) => {
                    if let Some(q) = &mut self.quest {
                        q.points = q.points.saturating_sub(*points)
                    }
                }
                (Change::ReopenQuest { quest, points, unit }, _) => {
                    if let Some(i) = self.completed_quests.iter().rposition(|q| q == quest) {
                        self.completed_quests.remove(i);
                    }
                    self.quest = Some(QuestState {
                        quest: quest.clone(),
                        points: *points,
                        unit: *unit,
                    });
                }
                (Change::RevokeReward { reward, source }, _) => {
                    if let Some(i) = self
                        .rewards
                        .iter()
                        .rposition(|r| r.reward == *reward && &r.source == source)
                    {
                        self.rewards.remove(i);
                    }
                }
                (
                    Change::UnclaimReward {
                        reward_id,
                        reward,
                        source,
                    },
                    _,
                ) => self.rewards.push(RewardDue {
                    id: *reward_id,
                    reward: *reward,
                    source: source.clone(),
                    unit: None,
                }),
                (Change::MarkWild { name }, _) => {
                    for e in self.tome.iter_mut().filter(|e| &e.name == name) {
                        e.wild = true;
                    }
                }
                (Change::Unretire { .. }, Some(u)) => u.retired = false,
                (Change::ReopenSetup, _) => self.setup_complete = false,
                (_, None) => {}
            }
        }
    }
}
