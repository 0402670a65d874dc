//! What a command changes, as data: the engine returns a list of [`Change`]s and the store
//! applies them in one transaction and appends each to the change log, so current values can
//! always be reconciled with (and undone from) history.

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

/// A unit joining the Order of Battle, with the battle-profile facts it joins with.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct NewUnit {
    pub warscroll: String,
    pub name: Option<String>,
    pub points: u32,
    pub unit_size: u32,
    pub reinforceable: bool,
    pub keywords: Vec<String>,
    pub warlord: bool,
}

impl NewUnit {
    /// A warscroll joining at minimum size, with an optional name of the player's own.
    pub fn from_warscroll(w: &crate::catalogue::Warscroll, name: Option<&str>, warlord: bool) -> NewUnit {
        NewUnit {
            warscroll: w.name.clone(),
            name: name.map(|n| n.trim().to_string()).filter(|n| !n.is_empty()),
            points: w.points,
            unit_size: w.unit_size,
            reinforceable: w.reinforceable,
            keywords: w.keywords.clone(),
            warlord,
        }
    }
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
    },
    StartQuest {
        quest: String,
        unit: Option<UnitRef>,
    },
    /// The current quest ends without its reward (replaced during set-up, or given up).
    DropQuest {
        quest: String,
        reason: String,
    },
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
            Change::Reinforce { .. } => "unit reinforced".into(),
            Change::GainRenown { amount, reason, .. } => format!("+{amount} renown ({reason})"),
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
            } => {
                format!("{name} removed from the {lore_kind} lore ({reason})")
            }
            Change::StartQuest { quest, .. } => format!("quest started: {quest}"),
            Change::DropQuest { quest, reason } => format!("quest dropped: {quest} ({reason})"),
        }
    }

    /// The unit this change is about, if any.
    pub fn unit(&self) -> Option<UnitRef> {
        match self {
            Change::Reinforce { unit }
            | Change::GainRenown { unit, .. }
            | Change::GainRank { unit, .. }
            | Change::SetPath { unit, .. }
            | Change::ChooseAbility { unit, .. }
            | Change::GiveEnhancement { unit, .. } => Some(*unit),
            Change::StartQuest { unit, .. } => *unit,
            _ => None,
        }
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
}

impl Outcome {
    pub fn new(summary: impl Into<String>) -> Outcome {
        Outcome {
            summary: summary.into(),
            changes: Vec::new(),
        }
    }

    pub fn push(&mut self, change: Change) -> &mut Outcome {
        self.changes.push(change);
        self
    }
}

use super::model::{Enhancement, QuestState, Roster, TomeEntry, Unit};

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
                (_, None) => {}
            }
        }
    }
}
