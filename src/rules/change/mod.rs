//! What a command changes, as data: the engine returns a list of [`Change`]s and the store
//! applies them in one transaction and appends each to the change log, so current values can
//! always be reconciled with (and undone from) history.
//!
//! Here: the [`Change`] and [`Outcome`] types; `describe` words a change for history, `apply`
//! applies an outcome to a roster in memory.

mod apply;
mod describe;
mod renumber;

use super::dice::Roll;
pub use super::model::NewUnit;
use super::model::Unit;
use crate::catalogue::battlepack::QuestReward;
use crate::catalogue::{EnhancementKind, LoreKind};
pub use describe::reward_words;
pub use renumber::{Ids, Missing};
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
        /// The ability's name as the battlepack gives it, for history ("Battle Fury", not
        /// "battle-fury"); empty in changes logged before it was kept.
        #[serde(default, skip_serializing_if = "String::is_empty")]
        name: String,
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
    /// Favour points gained (option `favour`); undone by `LoseFavour`.
    GainFavour {
        amount: u32,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<usize>,
    },
    /// Favour points lost: what the total really moved (it stops at the realm's minimum).
    LoseFavour {
        amount: u32,
        reason: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        roll: Option<usize>,
    },
    Retire {
        unit: UnitRef,
    },
    /// The unit leads the roster as its warlord from now on (club option `retire-warlord`,
    /// when the warlord retires); undone by `StepDown`.
    LeadRoster {
        unit: UnitRef,
    },
    /// The unit no longer leads the roster (the warlord retired under `retire-warlord`);
    /// undone by `LeadRoster`.
    StepDown {
        unit: UnitRef,
    },
    /// The roster has fought its first battle: set-up is over.
    CompleteSetup,
    /// The roster is called `to` from now on (`roster rename`); undone by the opposite rename.
    RenameRoster {
        from: String,
        to: String,
    },
    /// The roster's realm of origin (`roster realm`), free text printed on its sheet: `to`
    /// from now on (`None`: cleared), `from` kept so undo puts it back; undone by the opposite.
    SetRealmOfOrigin {
        from: Option<String>,
        to: Option<String>,
    },
    /// The roster is deleted (`roster delete`, `campaign delete`): hidden from every list and
    /// look-up, its battles and log kept, until `ptg undo` restores it.
    DeleteRoster,
    /// A starting unit the player takes off the Order of Battle during set-up (`roster
    /// remove`). Its row is hidden, never deleted, so `ptg undo` brings back the same unit
    /// with the same id; `was` is the unit as it stood, so a replay of the log in memory can
    /// bring it back too. Unlike `RemoveUnit` (an undo's), a player's own action: undone by
    /// `ReturnStartingUnit`.
    RemoveStartingUnit {
        unit: UnitRef,
        was: Box<Unit>,
    },
    /// A starting pick the roster is no longer owed, because the only WIZARD (PRIEST) that
    /// brought it left the Order of Battle during set-up. Written like a claim (the reward
    /// row is kept, marked used up by this set), so its undo, `UnclaimReward`, makes the same
    /// reward owed again.
    ForfeitReward {
        reward_id: i64,
        reward: QuestReward,
        source: String,
    },

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
    /// Undoes `DeleteRoster`.
    RestoreRoster,
    /// Undoes `RemoveStartingUnit`: the same unit (same id) back on the Order of Battle, as
    /// `was` records it.
    ReturnStartingUnit {
        unit: UnitRef,
        was: Box<Unit>,
    },
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
            | Change::LeadRoster { unit: $unit }
            | Change::StepDown { unit: $unit }
            | Change::RemoveUnit { unit: $unit }
            | Change::Unreinforce { unit: $unit }
            | Change::LoseRenown { unit: $unit, .. }
            | Change::SetRank { unit: $unit, .. }
            | Change::ClearPath { unit: $unit }
            | Change::RemoveAbility { unit: $unit, .. }
            | Change::RemoveEnhancement { unit: $unit, .. }
            | Change::Unretire { unit: $unit }
            | Change::RemoveStartingUnit { unit: $unit, .. }
            | Change::ReturnStartingUnit { unit: $unit, .. }
    };
}

/// The changes that may name a unit (`Option<UnitRef>`), binding it as `$unit`.
macro_rules! maybe_about_a_unit {
    ($unit:ident) => {
        Change::StartQuest { unit: $unit, .. } | Change::GrantReward { unit: $unit, .. }
    };
}

impl Change {
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

/// What a command does: its changes, applied together or not at all.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Outcome {
    /// One line for history, e.g. "Liberators added to the Order of Battle".
    pub summary: String,
    pub changes: Vec<Change>,
    /// Every die rolled for this outcome, in order; changes refer to them by index.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub rolls: Vec<Roll>,
    /// What the player should see that changes nothing (a campaign reward roll that fell
    /// short, a quest that can only be abandoned); not stored, the rolls are.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub notes: Vec<String>,
}

impl Outcome {
    pub fn new(summary: impl Into<String>) -> Outcome {
        Outcome {
            summary: summary.into(),
            changes: Vec::new(),
            rolls: Vec::new(),
            notes: Vec::new(),
        }
    }

    pub fn push(&mut self, change: Change) -> &mut Outcome {
        self.changes.push(change);
        self
    }
}
