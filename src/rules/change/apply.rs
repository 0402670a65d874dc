//! [`Roster::apply`]: an outcome's changes applied to a roster in memory, as the store does
//! in SQL (tests and replays of the change log).

use super::{Change, Outcome, UnitRef};
use crate::rules::model::{Enhancement, QuestState, RewardDue, Roster, TomeEntry, Unit};

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
                        since: None,
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
                (Change::ClaimReward { reward_id, .. } | Change::ForfeitReward { reward_id, .. }, _) => {
                    self.rewards.retain(|r| r.id != *reward_id)
                }
                (Change::TameManifestation { name }, _) => {
                    for e in self.tome.iter_mut().filter(|e| &e.name == name) {
                        e.wild = false;
                    }
                }
                (Change::GainGlory { amount, .. }, _) => self.glory += i64::from(*amount),
                (Change::SpendGlory { amount, .. }, _) => self.glory -= i64::from(*amount),
                (Change::GainFavour { amount, .. }, _) => self.favour = self.favour.saturating_add(*amount),
                (Change::LoseFavour { amount, .. }, _) => self.favour = self.favour.saturating_sub(*amount),
                (Change::Retire { .. }, Some(u)) => u.retired = true,
                (Change::LeadRoster { .. }, Some(u)) => u.warlord = true,
                (Change::StepDown { .. }, Some(u)) => u.warlord = false,
                (Change::CompleteSetup, _) => self.setup_complete = true,
                (Change::RenameRoster { to, .. }, _) => self.name = to.clone(),
                // Neither is part of the roster the rules see: the realm of origin is only
                // printed, and a deleted roster is only hidden.
                (Change::SetRealmOfOrigin { .. } | Change::DeleteRoster | Change::RestoreRoster, _) => {}
                (Change::RemoveUnit { .. } | Change::RemoveStartingUnit { .. }, Some(_)) => {
                    self.units.retain(|u| Some(u.id) != unit_id)
                }
                // Already there: nothing to bring back.
                (Change::ReturnStartingUnit { .. }, Some(_)) => {}
                (Change::ReturnStartingUnit { was, .. }, None) => {
                    let back = Unit {
                        id: unit_id.unwrap_or(was.id),
                        ..(**was).clone()
                    };
                    // Where the store's order (warlord first, then by id) puts it.
                    let key = |u: &Unit| (!u.warlord, u.id);
                    let at = self.units.partition_point(|u| key(u) < key(&back));
                    self.units.insert(at, back);
                }
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
                        since: None,
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
                ) => {
                    // Back where the store's order (by id) has it, so a replay matches.
                    let at = self.rewards.partition_point(|r| r.id < *reward_id);
                    self.rewards.insert(
                        at,
                        RewardDue {
                            id: *reward_id,
                            reward: *reward,
                            source: source.clone(),
                            unit: None,
                        },
                    )
                }
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
