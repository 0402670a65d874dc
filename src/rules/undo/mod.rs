//! Undo: the changes that reverse a logged command, appended to the log rather than erasing it,
//! so history keeps both and every ledger still adds up.

pub mod builds_on;
pub mod command;
pub mod undone_by;

pub use builds_on::{Builds, TakenTriumph, check_triumphs_kept, keep_setup_closed, rests_on, undo_first};

pub use command::{
    BattleUndo, added_units, battle_undo, blockers, check_undoable, restores_campaign_settings,
    rosters_changed,
};
pub use undone_by::{UndoneBy, check_player_may_undo};

use super::change::{Change, Outcome, RemovedEntry, UnitRef};
use super::model::Roster;
use super::{RuleError, refuse};
use crate::catalogue::battlepack::Battlepack;

/// Reverses one roster's part of one change set: its changes in the order they were made,
/// each with the id of the unit the log recorded for it, against the roster as it stands now.
pub fn reverse(
    pack: &Battlepack,
    roster: &Roster,
    logged: &[(Change, Option<i64>)],
    why: &str,
) -> Result<Outcome, RuleError> {
    let mut out = Outcome::new(format!("{}: {why}", roster.name));
    let reason = || format!("undo: {why}");
    // Glory as the reversal runs, so a gain is only taken back if it has not been spent.
    let mut glory = roster.glory;
    for (change, unit_id) in logged.iter().rev() {
        let change = change.clone().as_logged(*unit_id);
        let reversed: Vec<Change> = match &change {
            Change::AddUnit { unit } => {
                let Some(id) = unit_id else {
                    return refuse(
                        "undo",
                        format!("the log does not say which unit {} became", unit.warscroll),
                    );
                };
                vec![Change::RemoveUnit {
                    unit: UnitRef::Existing(*id),
                }]
            }
            Change::Reinforce { unit } => vec![Change::Unreinforce { unit: *unit }],
            Change::GainRenown { unit, amount, .. } => vec![Change::LoseRenown {
                unit: *unit,
                amount: *amount,
                reason: reason(),
            }],
            Change::GainRank { unit, rank } => {
                let below = pack
                    .ranks
                    .iter()
                    .position(|r| &r.name == rank)
                    .and_then(|i| i.checked_sub(1))
                    .map(|i| pack.ranks[i].name.clone());
                vec![Change::SetRank {
                    unit: *unit,
                    rank: below,
                }]
            }
            Change::SetPath { unit, .. } => vec![Change::ClearPath { unit: *unit }],
            Change::ChooseAbility { unit, rank, .. } => vec![Change::RemoveAbility {
                unit: *unit,
                rank: rank.clone(),
            }],
            Change::GiveEnhancement {
                unit, table, name, ..
            } => vec![Change::RemoveEnhancement {
                unit: *unit,
                table: table.clone(),
                name: name.clone(),
            }],
            Change::AddToTome {
                lore_kind,
                name,
                lore,
                value,
                wild,
                ..
            } => vec![Change::RemoveFromTome {
                lore_kind: *lore_kind,
                name: name.clone(),
                reason: reason(),
                was: Some(RemovedEntry {
                    lore: lore.clone(),
                    value: *value,
                    wild: *wild,
                }),
            }],
            Change::RemoveFromTome {
                lore_kind, name, was, ..
            } => {
                let Some(was) = was else {
                    return refuse(
                        "undo",
                        format!(
                            "the removal of {name} was logged without its details, so it cannot be undone"
                        ),
                    );
                };
                vec![Change::AddToTome {
                    lore_kind: *lore_kind,
                    name: name.clone(),
                    lore: was.lore.clone(),
                    value: was.value,
                    wild: was.wild,
                    reason: reason(),
                }]
            }
            Change::StartQuest { quest, unit } => vec![Change::DropQuest {
                quest: quest.clone(),
                reason: reason(),
                points: roster.quest.as_ref().map(|q| q.points).unwrap_or(0),
                unit: unit.and_then(|u| match u {
                    UnitRef::Existing(id) => Some(id),
                    UnitRef::New(_) => None,
                }),
            }],
            Change::DropQuest {
                quest, points, unit, ..
            } => {
                let mut back = vec![Change::StartQuest {
                    quest: quest.clone(),
                    unit: unit.map(UnitRef::Existing),
                }];
                if *points > 0 {
                    back.push(Change::QuestProgress {
                        quest: quest.clone(),
                        points: *points,
                        reason: reason(),
                    });
                }
                back
            }
            Change::QuestProgress { quest, points, .. } => vec![Change::LoseQuestPoints {
                quest: quest.clone(),
                points: *points,
            }],
            Change::CompleteQuest { quest, points, unit } => vec![Change::ReopenQuest {
                quest: quest.clone(),
                points: *points,
                unit: *unit,
            }],
            Change::GrantReward { reward, source, .. } => vec![Change::RevokeReward {
                reward: *reward,
                source: source.clone(),
            }],
            // A forfeit is stored as a claim, and undone the same way: the reward is owed again.
            Change::ClaimReward {
                reward_id,
                reward,
                source,
            }
            | Change::ForfeitReward {
                reward_id,
                reward,
                source,
            } => vec![Change::UnclaimReward {
                reward_id: *reward_id,
                reward: *reward,
                source: source.clone(),
            }],
            Change::TameManifestation { name } => vec![Change::MarkWild { name: name.clone() }],
            Change::GainGlory { amount, .. } => {
                if glory < i64::from(*amount) {
                    return refuse(
                        "undo",
                        format!(
                            "{} has {glory} glory, less than the {amount} this gave; the glory was spent since",
                            roster.name
                        ),
                    );
                }
                glory -= i64::from(*amount);
                vec![Change::SpendGlory {
                    amount: *amount,
                    reason: reason(),
                }]
            }
            Change::SpendGlory { amount, .. } => {
                glory += i64::from(*amount);
                vec![Change::GainGlory {
                    amount: *amount,
                    reason: reason(),
                }]
            }
            Change::GainFavour { amount, .. } => {
                if roster.favour < *amount {
                    return refuse(
                        "undo",
                        format!(
                            "{} has {} favour, less than the {amount} this gave; favour was lost since",
                            roster.name, roster.favour
                        ),
                    );
                }
                vec![Change::LoseFavour {
                    amount: *amount,
                    reason: reason(),
                    roll: None,
                }]
            }
            Change::LoseFavour { amount, .. } => vec![Change::GainFavour {
                amount: *amount,
                reason: reason(),
                roll: None,
            }],
            Change::Retire { unit } => vec![Change::Unretire { unit: *unit }],
            Change::LeadRoster { unit } => vec![Change::StepDown { unit: *unit }],
            Change::StepDown { unit } => vec![Change::LeadRoster { unit: *unit }],
            Change::CompleteSetup => vec![Change::ReopenSetup],
            Change::RenameRoster { from, to } => vec![Change::RenameRoster {
                from: to.clone(),
                to: from.clone(),
            }],
            Change::SetRealmOfOrigin { from, to } => vec![Change::SetRealmOfOrigin {
                from: to.clone(),
                to: from.clone(),
            }],
            Change::DeleteRoster => vec![Change::RestoreRoster],
            Change::RemoveStartingUnit { unit, was } => vec![Change::ReturnStartingUnit {
                unit: *unit,
                was: was.clone(),
            }],
            // Reversals are only ever written by an undo, and an undo is not undone.
            Change::RemoveUnit { .. }
            | Change::Unreinforce { .. }
            | Change::LoseRenown { .. }
            | Change::SetRank { .. }
            | Change::ClearPath { .. }
            | Change::RemoveAbility { .. }
            | Change::RemoveEnhancement { .. }
            | Change::LoseQuestPoints { .. }
            | Change::ReopenQuest { .. }
            | Change::RevokeReward { .. }
            | Change::UnclaimReward { .. }
            | Change::MarkWild { .. }
            | Change::Unretire { .. }
            | Change::ReopenSetup
            | Change::RestoreRoster
            | Change::ReturnStartingUnit { .. } => {
                return refuse(
                    "undo",
                    format!("'{}' is itself an undo and cannot be reversed", change.describe()),
                );
            }
        };
        out.changes.extend(reversed);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::aftermath::{Choices, Fought, plan_aftermath};
    use crate::rules::battle::BattleResult;
    use crate::rules::dice::TypedDice;
    use crate::rules::model::QuestState;
    use crate::rules::renown::tests::pack;
    use crate::rules::roster::tests::{add, host, roster_led_by};

    /// Knight-Questor #1 (warlord), Liberators #2, on Seek Glory in Battle with the Liberators,
    /// 100 glory in hand; and the outcome of a 1500-point major victory's aftermath in which
    /// the Liberators rank up, the quest completes, and a unit is bought and reinforced.
    fn aftermath() -> (Roster, Outcome) {
        let mut r = roster_led_by("Knight-Questor");
        add(&mut r, "Liberators", false).unwrap();
        r.glory = 100;
        r.setup_complete = true;
        r.quest = Some(QuestState {
            quest: "Seek Glory in Battle".into(),
            points: 0,
            unit: Some(2),
            since: None,
        });
        let fought = Fought {
            battle_id: 3,
            points_limit: 1500,
            battleplan: None,
            army: vec![1, 2],
            destroyed: Vec::new(),
            slew: Vec::new(),
            victory_points: 10,
            result: BattleResult::MajorVictory,
            general_slain: false,
            quest_points: 0,
            realm: None,
            fought_at: None,
        };
        let choices = Choices {
            favoured: Some("Liberators".into()),
            add_units: vec!["Liberators".into()],
            reinforce: vec!["new".into()],
            ..Choices::default()
        };
        let mut dice = TypedDice::new([2, 3, 6, 3]);
        let out = plan_aftermath(&pack(), &host(), &r, &fought, &choices, &mut dice).unwrap();
        (r, out)
    }

    /// The outcome's changes as the store logs them: the added unit got id 100.
    fn logged(out: &Outcome) -> Vec<(Change, Option<i64>)> {
        out.changes
            .iter()
            .map(|c| {
                let id = match c {
                    Change::AddUnit { .. } => Some(100),
                    c => c.unit().map(|u| match u {
                        UnitRef::Existing(id) => id,
                        UnitRef::New(_) => 100,
                    }),
                };
                (c.clone(), id)
            })
            .collect()
    }

    #[test]
    fn undoing_an_aftermath_puts_every_figure_back() {
        let (before, out) = aftermath();
        let mut after = before.clone();
        after.apply(&out, 100);
        assert_eq!(
            after.unit(2).unwrap().rank.as_deref(),
            Some("Elite"),
            "3 + 6 + 6 = 15"
        );
        assert_eq!(after.units.len(), 3);
        let undo = reverse(&pack(), &after, &logged(&out), "aftermath of battle 3").unwrap();
        let mut back = after.clone();
        back.apply(&undo, 0);
        assert_eq!(back, before);
        let renown_back: u32 = undo
            .changes
            .iter()
            .filter_map(|c| match c {
                Change::LoseRenown { amount, .. } => Some(*amount),
                _ => None,
            })
            .sum();
        assert_eq!(renown_back, 2 + 3 + 6 + 6, "every renown gain is reversed");
    }

    #[test]
    fn glory_already_spent_cannot_be_given_back() {
        let (before, out) = aftermath();
        let mut after = before.clone();
        after.apply(&out, 100);
        // The 20 glory left after this aftermath were spent later. Taking back the 100 it
        // earned still works, paid from the refunds of its own purchases (180)...
        after.glory = 20 - 20;
        assert!(reverse(&pack(), &after, &logged(&out), "x").is_ok());
        // ...but a gain alone, already spent, cannot be taken back.
        let gain: Vec<_> = logged(&out)
            .into_iter()
            .filter(|(c, _)| matches!(c, Change::GainGlory { .. }))
            .collect();
        let err = reverse(&pack(), &after, &gain, "x").unwrap_err();
        assert!(err.message.contains("spent since"), "{err}");
    }

    #[test]
    fn undoing_a_realm_of_origin_puts_the_one_before_back() {
        let (roster, _) = aftermath();
        let set = Change::SetRealmOfOrigin {
            from: Some("Aqshy".into()),
            to: None,
        };
        let undo = reverse(&pack(), &roster, &[(set, None)], "x").unwrap();
        assert_eq!(
            undo.changes,
            vec![Change::SetRealmOfOrigin {
                from: None,
                to: Some("Aqshy".into())
            }]
        );
    }

    #[test]
    fn an_undo_is_not_itself_undone() {
        let (before, _) = aftermath();
        let logged = [(Change::ReopenSetup, None)];
        assert!(reverse(&pack(), &before, &logged, "x").is_err());
    }
}
