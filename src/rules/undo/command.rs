//! Undo at the level of a whole command: whether a logged command may be undone, which later
//! commands build on it (and so must be undone first), and what undoing it does to the battle
//! records. Each is one exhaustive match over [`Command`], so a new command cannot be added
//! without saying how it is undone.

use super::builds_on::{Builds, rests_on};
use crate::rules::log::{Command, LoggedSet};
use crate::rules::{RuleError, refuse};

/// What undoing a command does to the battle it belongs to, besides reversing its changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BattleUndo {
    /// It touched no battle record.
    Nothing,
    /// `battle new`: the battle is cancelled (kept for history, hidden from lists).
    Cancel,
    /// `battle army`: the battle as it was before, for this roster's army only.
    RestoreArmy { roster: i64 },
    /// `battle result`: the battle as it was before the result (armies, no scores).
    RestoreResult,
    /// `battle twist`: the twist rolled with this set is taken off.
    RemoveTwist,
    /// `battle sudden-death`: the objective picked with this set is taken off.
    RemoveSuddenDeath,
    /// `aftermath`: the side is marked as not having run its aftermath.
    ClearAftermath,
    /// `battle realm`: the battle's realm is not picked yet again.
    ClearRealm,
}

/// What undoing `set` does to battle records.
pub fn battle_undo(set: &LoggedSet) -> BattleUndo {
    let Some(kind) = set.kind() else {
        return BattleUndo::Nothing;
    };
    if set.battle_id.is_none() {
        return BattleUndo::Nothing;
    }
    match kind {
        Command::BattleNew => BattleUndo::Cancel,
        Command::BattleRealm => BattleUndo::ClearRealm,
        Command::BattleArmy => match set.roster_id {
            Some(roster) => BattleUndo::RestoreArmy { roster },
            None => BattleUndo::RestoreResult,
        },
        Command::BattleResult | Command::BattleCorrect => BattleUndo::RestoreResult,
        Command::BattleTwist => BattleUndo::RemoveTwist,
        Command::BattleSuddenDeath => BattleUndo::RemoveSuddenDeath,
        Command::Aftermath => BattleUndo::ClearAftermath,
        Command::RosterNew
        | Command::RosterAdd
        | Command::RosterRemove
        | Command::RosterEnhance
        | Command::RosterLoreAdd
        | Command::RosterFavour
        | Command::RosterImport
        | Command::QuestStart
        | Command::RankChoose
        | Command::CampaignSet
        | Command::RosterRename
        | Command::RosterDelete
        | Command::CampaignRename
        | Command::CampaignDelete
        | Command::RosterRealm
        | Command::CampaignNew
        | Command::Undo => BattleUndo::Nothing,
    }
}

/// Whether undoing `set` puts its campaign's settings back as they were before it (kept with
/// the set): only a `campaign set` changes them.
pub fn restores_campaign_settings(set: &LoggedSet) -> bool {
    match set.kind() {
        Some(Command::CampaignSet | Command::CampaignRename | Command::CampaignDelete) => true,
        Some(
            Command::RosterNew
            | Command::RosterAdd
            | Command::RosterRemove
            | Command::RosterEnhance
            | Command::RosterLoreAdd
            | Command::RosterFavour
            | Command::RosterImport
            | Command::QuestStart
            | Command::RankChoose
            | Command::BattleNew
            | Command::BattleRealm
            | Command::BattleArmy
            | Command::BattleTwist
            | Command::BattleSuddenDeath
            | Command::BattleResult
            | Command::BattleCorrect
            | Command::Aftermath
            | Command::RosterRename
            | Command::RosterDelete
            | Command::RosterRealm
            | Command::CampaignNew
            | Command::Undo,
        )
        | None => false,
    }
}

/// Refuses commands that cannot be undone at all: a roster's or a campaign's creation (undo
/// cannot remove one; deleting it can), an undo (undone sets are not in force), or a command
/// this ptg does not know.
pub fn check_undoable(set: &LoggedSet) -> Result<(), RuleError> {
    match set.kind() {
        Some(Command::RosterNew) => Err(RuleError::new(
            "undo",
            format!(
                "the latest command is the creation of a roster ({}); undo cannot remove a roster, \
                 but deleting it can (and undo brings a deleted roster back)",
                set.summary
            ),
        )
        .fix(crate::fix::Fix::act(crate::fix::Action::DeleteRoster {
            roster: set.roster.clone().unwrap_or_else(|| "ROSTER".into()),
        }))),
        Some(Command::CampaignNew) => Err(RuleError::new(
            "undo",
            format!(
                "the latest command is the creation of a campaign ({}); undo cannot remove a \
                 campaign, but deleting it can (and undo brings a deleted campaign back)",
                set.summary
            ),
        )
        .fix(crate::fix::Fix::act(crate::fix::Action::DeleteCampaign {
            campaign: set.campaign.clone().unwrap_or_else(|| "CAMPAIGN".into()),
        }))),
        Some(Command::Undo) => refuse("undo", format!("#{} is itself an undo", set.id)),
        None => refuse(
            "undo",
            format!(
                "#{} was written by a command this ptg does not know ('{}'); use the ptg that wrote it",
                set.id, set.command
            ),
        ),
        Some(
            Command::RosterAdd
            | Command::RosterRemove
            | Command::RosterEnhance
            | Command::RosterLoreAdd
            | Command::RosterFavour
            | Command::RosterImport
            | Command::QuestStart
            | Command::RankChoose
            | Command::BattleNew
            | Command::BattleRealm
            | Command::BattleArmy
            | Command::BattleTwist
            | Command::BattleSuddenDeath
            | Command::BattleResult
            | Command::BattleCorrect
            | Command::Aftermath
            | Command::CampaignSet
            | Command::RosterRename
            | Command::RosterDelete
            | Command::CampaignRename
            | Command::CampaignDelete
            | Command::RosterRealm,
        ) => Ok(()),
    }
}

/// Whether `later` (of the same battle) follows from `earlier`: everything in a battle after it
/// was planned; the result and aftermaths (and the same roster's next army) after an army;
/// a sudden death pick after either army (it rests on both armies' models); the result and
/// aftermaths after a sudden death pick; the aftermaths after the result.
fn follows_in_battle(earlier: &LoggedSet, later: &LoggedSet) -> bool {
    if earlier.battle_id.is_none() || earlier.battle_id != later.battle_id {
        return false;
    }
    let Some(next) = later.kind() else {
        return earlier.kind() == Some(Command::BattleNew);
    };
    match earlier.kind() {
        Some(Command::BattleNew) => true,
        Some(Command::BattleArmy) => match next {
            Command::BattleResult
            | Command::BattleCorrect
            | Command::Aftermath
            | Command::BattleSuddenDeath => true,
            Command::BattleArmy => later.roster_id == earlier.roster_id,
            Command::RosterNew
            | Command::RosterAdd
            | Command::RosterRemove
            | Command::RosterEnhance
            | Command::RosterLoreAdd
            | Command::RosterFavour
            | Command::RosterImport
            | Command::QuestStart
            | Command::RankChoose
            | Command::BattleNew
            | Command::BattleRealm
            | Command::BattleTwist
            | Command::CampaignSet
            | Command::RosterRename
            | Command::RosterDelete
            | Command::CampaignRename
            | Command::CampaignDelete
            | Command::RosterRealm
            | Command::CampaignNew
            | Command::Undo => false,
        },
        // Favour is won or lost in the battle's realm.
        Some(Command::BattleRealm | Command::BattleSuddenDeath) => matches!(
            next,
            Command::BattleResult | Command::BattleCorrect | Command::Aftermath
        ),
        // A correction rests on the result (or the correction) it corrects, and an aftermath
        // on the result as it stands.
        Some(Command::BattleResult | Command::BattleCorrect) => {
            matches!(next, Command::BattleCorrect | Command::Aftermath)
        }
        Some(
            Command::RosterNew
            | Command::RosterAdd
            | Command::RosterRemove
            | Command::RosterEnhance
            | Command::RosterLoreAdd
            | Command::RosterFavour
            | Command::RosterImport
            | Command::QuestStart
            | Command::RankChoose
            | Command::BattleTwist
            | Command::Aftermath
            | Command::CampaignSet
            | Command::RosterRename
            | Command::RosterDelete
            | Command::CampaignRename
            | Command::CampaignDelete
            | Command::RosterRealm
            | Command::CampaignNew
            | Command::Undo,
        )
        | None => false,
    }
}

/// The later sets still in force that build on `set` and so must be undone before it: those
/// that follow from it in its battle, those that change a unit it added, armies that took
/// such a unit, and what rests on a result outside its battle (`builds_on::rests_on`: later
/// results of its rosters, triumphs rolled from its victory). `builds` holds what the store
/// read for them.
pub fn blockers<'a>(set: &LoggedSet, later: &'a [LoggedSet], builds: &Builds) -> Vec<&'a LoggedSet> {
    let armies = &builds.armies;
    let added = added_units(set);
    later
        .iter()
        .filter(|s| s.id > set.id && s.in_force())
        .filter(|s| {
            let uses_unit = s
                .changes
                .iter()
                .any(|c| c.unit_id.is_some_and(|u| added.contains(&u)));
            let takes_unit = s.kind() == Some(Command::BattleArmy)
                && s.battle_id
                    .zip(s.roster_id)
                    .and_then(|key| armies.get(&key))
                    .is_some_and(|units| units.iter().any(|u| added.contains(u)));
            follows_in_battle(set, s) || uses_unit || takes_unit || rests_on(set, s, builds).is_some()
        })
        .collect()
}

/// The units `set` added: a later set that changes or fields one builds on it.
pub fn added_units(set: &LoggedSet) -> Vec<i64> {
    set.changes
        .iter()
        .filter(|c| c.kind == "add_unit")
        .filter_map(|c| c.unit_id)
        .collect()
}

/// The rosters a set changed, in the order they appear.
pub fn rosters_changed(set: &LoggedSet) -> Vec<i64> {
    let mut ids = Vec::new();
    for id in set.changes.iter().filter_map(|c| c.roster_id) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::rules::log::LoggedChange;
    use std::collections::HashMap;

    /// Builds with only armies.
    fn with_armies(armies: HashMap<(i64, i64), Vec<i64>>) -> Builds {
        Builds {
            armies,
            ..Builds::default()
        }
    }

    /// A logged set of `command` (also for `undone_by`'s tests).
    pub(in crate::rules::undo) fn set(
        id: i64,
        command: Command,
        roster: Option<i64>,
        battle: Option<i64>,
    ) -> LoggedSet {
        LoggedSet {
            id,
            campaign_id: Some(1),
            roster_id: roster,
            roster: None,
            campaign: None,
            battle_id: battle,
            command: command.as_str().into(),
            summary: format!("#{id}"),
            created_at: String::new(),
            undoes: None,
            undone_by: None,
            changes: Vec::new(),
        }
    }

    /// A logged change of `kind` to `unit` of roster 1.
    pub(in crate::rules::undo) fn change(unit: i64, kind: &str) -> LoggedChange {
        LoggedChange {
            id: unit,
            roster_id: Some(1),
            unit_id: Some(unit),
            kind: kind.into(),
            description: String::new(),
            roll_id: None,
            change: None,
        }
    }

    #[test]
    fn every_command_name_round_trips() {
        for c in Command::ALL {
            assert_eq!(Command::parse(c.as_str()), Some(c));
        }
        assert_eq!(Command::parse("roster teleport"), None);
    }

    #[test]
    fn a_roster_creation_an_undo_and_an_unknown_command_cannot_be_undone() {
        let new = set(1, Command::RosterNew, Some(1), None);
        assert!(
            check_undoable(&new)
                .unwrap_err()
                .message
                .contains("cannot remove a roster")
        );
        assert!(check_undoable(&set(2, Command::Undo, Some(1), None)).is_err());
        let mut unknown = set(3, Command::RosterAdd, Some(1), None);
        unknown.command = "roster teleport".into();
        assert!(
            check_undoable(&unknown)
                .unwrap_err()
                .message
                .contains("does not know")
        );
        assert!(check_undoable(&set(4, Command::Aftermath, Some(1), Some(2))).is_ok());
        assert!(check_undoable(&set(5, Command::RosterRealm, Some(1), None)).is_ok());
        let made = check_undoable(&set(6, Command::CampaignNew, None, None)).unwrap_err();
        assert!(made.message.contains("cannot remove a campaign"), "{made}");
        assert_eq!(made.fixes.len(), 1, "deleting it is the fix");
    }

    #[test]
    fn what_follows_in_a_battle_blocks_its_undo() {
        let planned = set(1, Command::BattleNew, None, Some(5));
        let army_a = set(2, Command::BattleArmy, Some(1), Some(5));
        let army_b = set(3, Command::BattleArmy, Some(2), Some(5));
        let result = set(4, Command::BattleResult, None, Some(5));
        let after_b = set(5, Command::Aftermath, Some(2), Some(5));
        let elsewhere = set(6, Command::RosterAdd, Some(1), None);
        let log = vec![army_b.clone(), result.clone(), after_b.clone(), elsewhere];
        let none = Builds::default();
        let ids = |v: Vec<&LoggedSet>| v.iter().map(|s| s.id).collect::<Vec<_>>();
        assert_eq!(ids(blockers(&planned, &log, &none)), vec![3, 4, 5]);
        // One side's army does not block the other side's, but the result does.
        assert_eq!(ids(blockers(&army_a, &log, &none)), vec![4, 5]);
        assert_eq!(ids(blockers(&result, &log, &none)), vec![5]);
        assert!(blockers(&after_b, &log, &none).is_empty());
    }

    #[test]
    fn a_sudden_death_pick_rests_on_the_armies_and_the_result_on_it() {
        let army_a = set(2, Command::BattleArmy, Some(1), Some(5));
        let army_b = set(3, Command::BattleArmy, Some(2), Some(5));
        let pick = set(4, Command::BattleSuddenDeath, Some(1), Some(5));
        let result = set(5, Command::BattleResult, None, Some(5));
        let none = Builds::default();
        let ids = |v: Vec<&LoggedSet>| v.iter().map(|s| s.id).collect::<Vec<_>>();
        let log = vec![army_b.clone(), pick.clone(), result.clone()];
        assert_eq!(ids(blockers(&army_a, &log, &none)), vec![4, 5]);
        assert_eq!(ids(blockers(&army_b, &log, &none)), vec![4, 5]);
        assert_eq!(ids(blockers(&pick, &log, &none)), vec![5]);
        assert!(blockers(&result, &log, &none).is_empty());
    }

    #[test]
    fn a_unit_added_then_used_or_taken_to_battle_blocks_its_undo() {
        let mut added = set(1, Command::RosterAdd, Some(1), None);
        added.changes.push(change(7, "add_unit"));
        let mut enhanced = set(2, Command::RosterEnhance, Some(1), None);
        enhanced.changes.push(change(7, "give_enhancement"));
        let army = set(3, Command::BattleArmy, Some(1), Some(9));
        let other_side = set(6, Command::BattleArmy, Some(2), Some(9));
        let mut undone = set(4, Command::RosterEnhance, Some(1), None);
        undone.changes.push(change(7, "give_enhancement"));
        undone.undone_by = Some(5);
        let log = vec![enhanced, army, undone, other_side];
        let armies = HashMap::from([((9, 1), vec![1, 7]), ((9, 2), vec![11, 12])]);
        let ids: Vec<i64> = blockers(&added, &log, &with_armies(armies))
            .iter()
            .map(|s| s.id)
            .collect();
        assert_eq!(
            ids,
            vec![2, 3],
            "the undone enhancement no longer counts, nor the other side's army"
        );
        let elsewhere = HashMap::from([((9, 1), vec![1, 2])]);
        assert_eq!(blockers(&added, &log[1..2], &with_armies(elsewhere)).len(), 0);
    }

    #[test]
    fn each_battle_command_says_what_its_undo_puts_back() {
        let cases = [
            (Command::BattleNew, Some(1), BattleUndo::Cancel),
            (
                Command::BattleArmy,
                Some(3),
                BattleUndo::RestoreArmy { roster: 3 },
            ),
            (Command::BattleResult, None, BattleUndo::RestoreResult),
            (Command::BattleTwist, Some(3), BattleUndo::RemoveTwist),
            (Command::BattleSuddenDeath, Some(3), BattleUndo::RemoveSuddenDeath),
            (Command::Aftermath, Some(3), BattleUndo::ClearAftermath),
            (Command::RosterAdd, Some(3), BattleUndo::Nothing),
        ];
        for (command, roster, expected) in cases {
            assert_eq!(
                battle_undo(&set(1, command, roster, Some(2))),
                expected,
                "{command}"
            );
        }
        assert_eq!(
            battle_undo(&set(1, Command::BattleNew, None, None)),
            BattleUndo::Nothing
        );
    }
}
