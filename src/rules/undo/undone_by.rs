//! Who may undo a command: a roster's player takes back only the commands a player gives about
//! their own roster; the organiser's and a battle's are the organiser's to undo (issue 30). One
//! exhaustive match over [`Command`], so a new command cannot be added without saying who
//! undoes it.

use super::command::rosters_changed;
use crate::rules::log::{Command, LoggedSet};
use crate::rules::{RuleError, refuse};

/// Who may take a command back: its roster's player, or only the campaign's organiser.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UndoneBy {
    /// A command a player gives about their own roster (a unit added or taken off, an
    /// enhancement, the Arcane Tome, a list imported, a quest started, a rank's ability, a new
    /// name, its realm of origin, their army for a battle, their aftermath): they may take it
    /// back.
    Player,
    /// The organiser's own (favour by hand, a roster's creation or deletion, the campaign's
    /// creation, settings, name and deletion): only the organiser takes it back.
    Organiser,
    /// A battle's, which concerns both sides (planned, its realm, a twist, the sudden death
    /// objective, the result): the organiser takes it back.
    Battle,
}

impl Command {
    /// Who may undo this command.
    pub fn undone_by(self) -> UndoneBy {
        match self {
            Command::RosterAdd
            | Command::RosterRemove
            | Command::RosterEnhance
            | Command::RosterLoreAdd
            | Command::RosterImport
            | Command::QuestStart
            | Command::RankChoose
            | Command::RosterRename
            | Command::RosterRealm
            | Command::BattleArmy
            | Command::Aftermath => UndoneBy::Player,
            Command::RosterNew
            | Command::RosterFavour
            | Command::RosterDelete
            | Command::CampaignSet
            | Command::CampaignRename
            | Command::CampaignDelete
            | Command::CampaignNew
            | Command::Undo => UndoneBy::Organiser,
            Command::BattleNew
            | Command::BattleRealm
            | Command::BattleTwist
            | Command::BattleSuddenDeath
            | Command::BattleResult
            | Command::BattleCorrect => UndoneBy::Battle,
        }
    }

    /// Whether a roster's player may undo this command on their roster.
    pub fn player_may_undo(self) -> bool {
        self.undone_by() == UndoneBy::Player
    }
}

/// Refuses a player's undo of `set` unless it is a command a player gives (see [`UndoneBy`])
/// and it changed its own roster alone; the refusal says who undoes it.
pub fn check_player_may_undo(set: &LoggedSet) -> Result<(), RuleError> {
    let whose = match set.kind().map(Command::undone_by) {
        Some(UndoneBy::Player) => {
            let own = set
                .roster_id
                .is_some_and(|r| rosters_changed(set).iter().all(|&c| c == r));
            if own {
                return Ok(());
            }
            "it is not one roster's alone"
        }
        Some(UndoneBy::Organiser) => "it is the organiser's command",
        Some(UndoneBy::Battle) => "it is a battle's command",
        None => "it was written by a command this ptg does not know",
    };
    refuse(
        "undo",
        format!(
            "#{} ({}) cannot be undone by a player: {whose}; the campaign's organiser undoes it",
            set.id, set.summary
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::log::LoggedChange;
    use crate::rules::undo::command::tests::{change, set};

    #[test]
    fn a_player_undoes_only_their_own_commands_on_their_own_roster() {
        let mut added = set(1, Command::RosterAdd, Some(1), None);
        added.changes.push(change(7, "add_unit"));
        assert!(check_player_may_undo(&added).is_ok());
        assert!(check_player_may_undo(&set(2, Command::Aftermath, Some(1), Some(3))).is_ok());
        // Issue 38, item 8: the realm of origin is the player's, about their own roster.
        let mut realm = set(8, Command::RosterRealm, Some(1), None);
        realm.changes.push(LoggedChange {
            unit_id: None,
            ..change(0, "set_realm_of_origin")
        });
        assert!(check_player_may_undo(&realm).is_ok());
        let favour = set(3, Command::RosterFavour, Some(1), None);
        let refused = check_player_may_undo(&favour).unwrap_err().message;
        assert!(refused.contains("organiser's command"), "{refused}");
        assert!(
            refused.contains("the campaign's organiser undoes it"),
            "{refused}"
        );
        for organisers in [
            Command::RosterNew,
            Command::RosterDelete,
            Command::CampaignSet,
            Command::CampaignRename,
            Command::CampaignDelete,
            Command::CampaignNew,
        ] {
            assert!(
                check_player_may_undo(&set(4, organisers, Some(1), None)).is_err(),
                "{organisers}"
            );
        }
        for battle in [Command::BattleNew, Command::BattleTwist, Command::BattleResult] {
            let refused = check_player_may_undo(&set(5, battle, Some(1), Some(2)))
                .unwrap_err()
                .message;
            assert!(refused.contains("a battle's command"), "{battle}: {refused}");
        }
        // A player's kind of command that changed another roster too is not theirs alone.
        let mut both = set(6, Command::RosterAdd, Some(1), None);
        both.changes.push(change(7, "add_unit"));
        both.changes.push(LoggedChange {
            roster_id: Some(2),
            ..change(8, "add_unit")
        });
        assert!(check_player_may_undo(&both).is_err());
        let mut unknown = set(7, Command::RosterAdd, Some(1), None);
        unknown.command = "roster teleport".into();
        assert!(check_player_may_undo(&unknown).is_err());
    }
}
