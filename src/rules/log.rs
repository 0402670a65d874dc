//! The change log as the engine reads it: one record per command (a change set) with its
//! changes. The store reads these back; undo and the audit reason over them.

use super::Change;
use serde::Serialize;

/// One command's entry in the log.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoggedSet {
    pub id: i64,
    pub campaign_id: Option<i64>,
    pub roster_id: Option<i64>,
    pub roster: Option<String>,
    /// The campaign's name, as history shows it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub campaign: Option<String>,
    pub battle_id: Option<i64>,
    /// "roster add", "aftermath", "battle result", "undo", ...
    pub command: String,
    pub summary: String,
    pub created_at: String,
    /// The set this one reverses, if it is an undo.
    pub undoes: Option<i64>,
    /// The set that reversed this one, if it was undone.
    pub undone_by: Option<i64>,
    pub changes: Vec<LoggedChange>,
}

impl LoggedSet {
    /// Still in force: neither undone nor itself an undo.
    pub fn in_force(&self) -> bool {
        self.undoes.is_none() && self.undone_by.is_none()
    }

    /// The kind of command that wrote the set; `None` for a name this ptg does not know.
    pub fn kind(&self) -> Option<Command> {
        Command::parse(&self.command)
    }
}

/// Every kind of command that writes a change set. The log stores [`Command::as_str`]; undo
/// and the audit reason over the kinds with exhaustive matches, so a new command must say
/// how it is undone and what builds on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Command {
    RosterNew,
    RosterAdd,
    /// A starting unit taken off the Order of Battle during set-up (`roster remove`).
    RosterRemove,
    RosterEnhance,
    RosterLoreAdd,
    /// Favour points given or taken by hand (`roster favour`).
    RosterFavour,
    /// Units of an army list put on the Order of Battle (`roster import`).
    RosterImport,
    QuestStart,
    RankChoose,
    BattleNew,
    /// The realm of a planned battle picked after a roll-off (`battle realm`).
    BattleRealm,
    BattleArmy,
    BattleTwist,
    /// The outnumbered side's sudden death objective (option `sudden-death`).
    BattleSuddenDeath,
    BattleResult,
    /// A recorded result corrected before either aftermath (`battle result --correct`): the
    /// battle keeps its place in campaign time, which stays its `battle result` set.
    BattleCorrect,
    Aftermath,
    /// A campaign setting changed (`campaign set`): no roster, no battle.
    CampaignSet,
    /// A roster renamed (`roster rename`).
    RosterRename,
    /// A roster deleted (`roster delete`): hidden until undone.
    RosterDelete,
    /// A campaign renamed (`campaign rename`): its settings set keeps the name before.
    CampaignRename,
    /// A campaign and its rosters deleted (`campaign delete`): hidden until undone.
    CampaignDelete,
    /// The realm of origin set or cleared (`roster realm`).
    RosterRealm,
    /// A campaign made (`campaign new`, or the server's set-up page): like a roster's
    /// creation, it cannot be undone (deleting it can).
    CampaignNew,
    Undo,
}

impl Command {
    pub const ALL: [Command; 25] = [
        Command::RosterNew,
        Command::RosterAdd,
        Command::RosterRemove,
        Command::RosterEnhance,
        Command::RosterLoreAdd,
        Command::RosterFavour,
        Command::RosterImport,
        Command::QuestStart,
        Command::RankChoose,
        Command::BattleNew,
        Command::BattleRealm,
        Command::BattleArmy,
        Command::BattleTwist,
        Command::BattleSuddenDeath,
        Command::BattleResult,
        Command::BattleCorrect,
        Command::Aftermath,
        Command::CampaignSet,
        Command::RosterRename,
        Command::RosterDelete,
        Command::CampaignRename,
        Command::CampaignDelete,
        Command::RosterRealm,
        Command::CampaignNew,
        Command::Undo,
    ];

    /// The name stored in the log, as the player types the command.
    pub fn as_str(self) -> &'static str {
        match self {
            Command::RosterNew => "roster new",
            Command::RosterAdd => "roster add",
            Command::RosterRemove => "roster remove",
            Command::RosterEnhance => "roster enhance",
            Command::RosterLoreAdd => "roster lore add",
            Command::RosterFavour => "roster favour",
            Command::RosterImport => "roster import",
            Command::QuestStart => "quest start",
            Command::RankChoose => "rank choose",
            Command::BattleNew => "battle new",
            Command::BattleRealm => "battle realm",
            Command::BattleArmy => "battle army",
            Command::BattleTwist => "battle twist",
            Command::BattleSuddenDeath => "battle sudden-death",
            Command::BattleResult => "battle result",
            Command::BattleCorrect => "battle result --correct",
            Command::Aftermath => "aftermath",
            Command::CampaignSet => "campaign set",
            Command::RosterRename => "roster rename",
            Command::RosterDelete => "roster delete",
            Command::CampaignRename => "campaign rename",
            Command::CampaignDelete => "campaign delete",
            Command::RosterRealm => "roster realm",
            Command::CampaignNew => "campaign new",
            Command::Undo => "undo",
        }
    }

    pub fn parse(name: &str) -> Option<Command> {
        Command::ALL.into_iter().find(|c| c.as_str() == name)
    }
}

impl std::fmt::Display for Command {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One logged change.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoggedChange {
    pub id: i64,
    /// The roster it changed (a battle's set holds changes to both sides).
    pub roster_id: Option<i64>,
    /// The unit it is about, as stored (also for units added in the same command).
    pub unit_id: Option<i64>,
    pub kind: String,
    pub description: String,
    /// The roll it came from.
    pub roll_id: Option<i64>,
    /// None when the payload cannot be read.
    #[serde(skip)]
    pub change: Option<Change>,
}
