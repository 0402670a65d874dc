//! A change's database ids moved to other ones: a league imported into a database that has
//! rows of its own gets new ids (`ptg import`), and the ids the change log keeps inside each
//! change (the unit it is about, the reward it claims) must move with them.

use super::{Change, UnitRef};

/// New ids for old: `None` when the old id is not among the rows being moved.
pub trait Ids {
    fn unit(&self, old: i64) -> Option<i64>;
    fn reward(&self, old: i64) -> Option<i64>;
}

/// An id the change names that has no new id: the unit or reward it refers to is not there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub what: &'static str,
    pub id: i64,
}

impl Change {
    /// The same change naming the new ids: every unit it names (`UnitRef::Existing`, the
    /// unit a quest had, a removed unit as it was) and the reward it claims or forfeits. "The n-th new unit of its command" names
    /// no id and stays as it is.
    pub fn renumbered(mut self, ids: &impl Ids) -> Result<Change, Missing> {
        let unit = |old: i64| {
            ids.unit(old).ok_or(Missing {
                what: "unit",
                id: old,
            })
        };
        match &mut self {
            Change::DropQuest { unit: Some(id), .. }
            | Change::CompleteQuest { unit: Some(id), .. }
            | Change::ReopenQuest { unit: Some(id), .. } => *id = unit(*id)?,
            Change::RemoveStartingUnit { was, .. } | Change::ReturnStartingUnit { was, .. } => {
                was.id = unit(was.id)?;
            }
            Change::ClaimReward { reward_id, .. }
            | Change::UnclaimReward { reward_id, .. }
            | Change::ForfeitReward { reward_id, .. } => {
                *reward_id = ids.reward(*reward_id).ok_or(Missing {
                    what: "reward",
                    id: *reward_id,
                })?;
            }
            _ => {}
        }
        match self.unit() {
            Some(UnitRef::Existing(old)) => Ok(self.with_unit(UnitRef::Existing(unit(old)?))),
            _ => Ok(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::battlepack::QuestReward;

    /// Units move up by 100, rewards by 10; unit 7 and reward 3 are not being moved.
    struct Plus;
    impl Ids for Plus {
        fn unit(&self, old: i64) -> Option<i64> {
            (old != 7).then_some(old + 100)
        }
        fn reward(&self, old: i64) -> Option<i64> {
            (old != 3).then_some(old + 10)
        }
    }

    #[test]
    fn every_id_a_change_names_moves() {
        let renown = Change::GainRenown {
            unit: UnitRef::Existing(2),
            amount: 3,
            reason: "battle".into(),
            roll: Some(0),
        };
        assert_eq!(
            renown.renumbered(&Plus).unwrap().unit(),
            Some(UnitRef::Existing(102))
        );
        let quest = Change::StartQuest {
            quest: "Q".into(),
            unit: Some(UnitRef::Existing(4)),
        };
        assert_eq!(
            quest.renumbered(&Plus).unwrap().unit(),
            Some(UnitRef::Existing(104))
        );
        let dropped = Change::CompleteQuest {
            quest: "Q".into(),
            points: 2,
            unit: Some(5),
        };
        assert!(matches!(
            dropped.renumbered(&Plus).unwrap(),
            Change::CompleteQuest { unit: Some(105), .. }
        ));
        let claim = Change::ClaimReward {
            reward_id: 1,
            reward: QuestReward::Spell,
            source: "s".into(),
        };
        assert!(matches!(
            claim.renumbered(&Plus).unwrap(),
            Change::ClaimReward { reward_id: 11, .. }
        ));
    }

    #[test]
    fn a_starting_unit_removed_is_kept_whole_with_its_new_id() {
        let was = crate::rules::model::Unit {
            id: 3,
            ..crate::rules::roster::tests::roster_led_by("Knight-Questor").units[0].clone()
        };
        let removed = Change::RemoveStartingUnit {
            unit: UnitRef::Existing(3),
            was: Box::new(was),
        };
        match removed.renumbered(&Plus).unwrap() {
            Change::RemoveStartingUnit { unit, was } => {
                assert_eq!((unit, was.id), (UnitRef::Existing(103), 103));
            }
            other => panic!("{other:?}"),
        }
        let forfeit = Change::ForfeitReward {
            reward_id: 2,
            reward: QuestReward::Spell,
            source: "s".into(),
        };
        assert!(matches!(
            forfeit.renumbered(&Plus).unwrap(),
            Change::ForfeitReward { reward_id: 12, .. }
        ));
    }

    #[test]
    fn a_new_unit_of_the_same_command_names_no_id() {
        let reinforce = Change::Reinforce {
            unit: UnitRef::New(0),
        };
        assert_eq!(reinforce.clone().renumbered(&Plus).unwrap(), reinforce);
        let glory = Change::GainGlory {
            amount: 5,
            reason: "r".into(),
        };
        assert_eq!(glory.clone().renumbered(&Plus).unwrap(), glory);
    }

    #[test]
    fn an_id_not_being_moved_is_named() {
        let retire = Change::Retire {
            unit: UnitRef::Existing(7),
        };
        assert_eq!(
            retire.renumbered(&Plus).unwrap_err(),
            Missing { what: "unit", id: 7 }
        );
        let claim = Change::UnclaimReward {
            reward_id: 3,
            reward: QuestReward::Spell,
            source: "s".into(),
        };
        assert_eq!(
            claim.renumbered(&Plus).unwrap_err(),
            Missing {
                what: "reward",
                id: 3
            }
        );
    }
}
