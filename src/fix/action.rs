//! What to do first or instead (`Action`): the one fix that is a command on the CLI and a
//! form, button or page on the web.

use super::quoted;
use serde::Serialize;

/// Something to do first or instead, with what names it (the CLI types names; the pages are
/// already on the roster or battle named).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "action", rename_all = "snake_case")]
pub enum Action {
    /// Start a quest for a roster.
    StartQuest { roster: String },
    /// Undo the latest command (of a roster, when named).
    Undo { roster: Option<String> },
    /// Undo change set `set` first (the latest of a roster's commands, when named, or of all).
    UndoFirst { set: i64, roster: Option<String> },
    /// Record a side's army for a battle.
    RecordArmy { battle: i64, roster: String },
    /// Record a battle's result.
    RecordResult { battle: i64 },
    /// Correct a battle's result to name the unit that slew an enemy HERO or MONSTER.
    CorrectSlain { battle: i64 },
    /// The outnumbered side picks a sudden death objective.
    PickSuddenDeath { battle: i64 },
    /// Retire a unit in a battle's aftermath (the next one, when no battle is named).
    Retire {
        battle: Option<i64>,
        roster: String,
        unit: String,
    },
    /// Add a unit in a battle's aftermath.
    AddInAftermath { battle: i64, roster: String },
    /// Take a unit off the Order of Battle during set-up.
    RemoveUnit { roster: String, unit: String },
    /// Make a new roster.
    NewRoster,
    /// Delete a roster (undo brings it back).
    DeleteRoster { roster: String },
    /// Delete a campaign with its rosters (undo brings it back).
    DeleteCampaign { campaign: String },
    /// Take a spell, prayer or manifestation out of the Arcane Tome for the new one.
    ReplaceInTome { roster: String },
    /// Read what a faction has (its warscrolls, enhancements, lores).
    ReadFaction { faction: String },
    /// Read the factions there are.
    ReadFactions,
    /// Read the Paths and their abilities.
    ReadPaths,
    /// Read a roster.
    ReadRoster { roster: String },
    /// Read the rosters (of a campaign, when named).
    ReadRosters { campaign: Option<String> },
    /// Read the campaigns.
    ReadCampaigns,
    /// Read the battles.
    ReadBattles,
    /// Read the campaign's history.
    ReadHistory,
    /// Make a campaign.
    NewCampaign { name: String },
    /// Rename a campaign.
    RenameCampaign,
    /// Rename a roster.
    RenameRoster,
    /// Allow Legends warscrolls in a campaign.
    AllowLegends { campaign: String },
    /// Read a campaign's invites.
    ReadInvites { campaign: String },
    /// Start a quest (the command without its arguments, when no roster is named).
    PickQuest,
    /// Choose the ability of a rank a unit reached (the command alone, when none is named).
    ChooseRank {
        roster: Option<String>,
        unit_id: Option<i64>,
    },
    /// Give an enhancement (a starting pick, or a reward).
    GiveEnhancement { roster: Option<String> },
    /// Add a spell, prayer or manifestation to the Arcane Tome.
    AddToTome { roster: Option<String> },
    /// Name (or roll) the realm a battle is fought in.
    NameRealm,
    /// Add a unit from an allied faction.
    AddAlly,
    /// Give up the current quest in a battle's aftermath.
    AbandonQuest { roster: String },
}

impl Action {
    /// What is done, in words both front ends use.
    pub fn doing(&self) -> String {
        use Action::*;
        match self {
            StartQuest { .. } => "start a quest".into(),
            Undo { .. } => "undo it".into(),
            UndoFirst { set, .. } => format!("undo #{set} first"),
            RecordArmy { roster, .. } => format!("record {roster}'s army first"),
            RecordResult { battle } => format!("record battle {battle}'s result first"),
            CorrectSlain { battle } => {
                format!("if it did, the organiser corrects battle {battle}'s result to say so")
            }
            PickSuddenDeath { .. } => "the outnumbered side picks a sudden death objective first".into(),
            Retire { .. } => "retire it in an aftermath instead".into(),
            AddInAftermath { .. } => "add it in an aftermath instead".into(),
            RemoveUnit { unit, .. } => format!("remove {unit} first"),
            NewRoster => "make a new roster with another warlord, and delete this one".into(),
            DeleteRoster { .. } => "delete the roster instead".into(),
            DeleteCampaign { .. } => "delete the campaign instead".into(),
            ReplaceInTome { .. } => "replace one".into(),
            ReadFaction { faction } => format!("see what {faction} has"),
            ReadFactions => "see the factions".into(),
            ReadPaths => "see the Paths".into(),
            ReadRoster { roster } => format!("see {roster}"),
            ReadRosters { .. } => "see the rosters".into(),
            ReadCampaigns => "see the campaigns".into(),
            ReadBattles => "see the battles".into(),
            ReadHistory => "see the history".into(),
            NewCampaign { .. } => "make it".into(),
            RenameCampaign => "rename the other one first".into(),
            RenameRoster => "rename the other one first".into(),
            AllowLegends { .. } => "the organiser allows Legends".into(),
            ReadInvites { .. } => "see the invites".into(),
            PickQuest => "start a quest".into(),
            ChooseRank { .. } => "choose its ability".into(),
            GiveEnhancement { .. } => "give it".into(),
            AddToTome { .. } => "add it to the Arcane Tome".into(),
            NameRealm => "name the realm".into(),
            AddAlly => "add an allied unit".into(),
            AbandonQuest { .. } => "give it up in an aftermath".into(),
        }
    }

    /// The CLI command that does it.
    pub fn command(&self) -> String {
        use Action::*;
        let q = |s: &str| format!("\"{s}\"");
        match self {
            StartQuest { roster } => format!("ptg quest start {} QUEST", q(roster)),
            Undo { roster: None } => "ptg undo".into(),
            Undo { roster: Some(r) } | UndoFirst { roster: Some(r), .. } => {
                format!("ptg undo --roster {}", q(r))
            }
            UndoFirst { roster: None, .. } => "ptg undo".into(),
            RecordArmy { battle, roster } => format!("ptg battle army {battle} {} <units>...", q(roster)),
            RecordResult { battle } => format!("ptg battle result {battle} --vp ..."),
            CorrectSlain { battle } => {
                format!("ptg battle result {battle} --correct --slew-hero-or-monster UNIT ...")
            }
            PickSuddenDeath { battle } => format!("ptg battle sudden-death {battle} ROSTER OBJECTIVE"),
            Retire { battle, roster, unit } => {
                let battle = battle.map_or("<battle>".to_string(), |b| b.to_string());
                format!("ptg aftermath {battle} {} --retire {}", q(roster), quoted(unit))
            }
            AddInAftermath { battle, roster } => {
                format!("ptg aftermath {battle} {} --add-unit ...", q(roster))
            }
            RemoveUnit { roster, unit } => format!("ptg roster remove {} {}", q(roster), quoted(unit)),
            NewRoster => "ptg roster new ... --warlord ...".into(),
            DeleteRoster { roster } => format!("ptg roster delete {}", q(roster)),
            DeleteCampaign { campaign } => format!("ptg campaign delete {}", q(campaign)),
            ReplaceInTome { roster } => format!("ptg roster lore {} ... --replace NAME", q(roster)),
            ReadFaction { faction } => format!("ptg faction show {}", q(faction)),
            ReadFactions => "ptg faction list".into(),
            ReadPaths => "ptg path list".into(),
            ReadRoster { roster } => format!("ptg roster show {}", q(roster)),
            ReadRosters { campaign: None } => "ptg roster list".into(),
            ReadRosters { campaign: Some(c) } => format!("ptg roster list --campaign {}", q(c)),
            ReadCampaigns => "ptg campaign list".into(),
            ReadBattles => "ptg battle list".into(),
            ReadHistory => "ptg history".into(),
            NewCampaign { name } => format!("ptg campaign new {}", q(name)),
            RenameCampaign => "ptg campaign rename".into(),
            RenameRoster => "ptg roster rename".into(),
            AllowLegends { campaign } => format!("ptg campaign set {} --legends on", q(campaign)),
            ReadInvites { campaign } => format!("ptg invite {} --list", q(campaign)),
            PickQuest => "ptg quest start".into(),
            ChooseRank {
                roster: Some(r),
                unit_id: Some(u),
            } => format!("ptg rank choose {} {u} <ability>", q(r)),
            ChooseRank { .. } => "ptg rank choose".into(),
            GiveEnhancement { roster: Some(r) } => format!("ptg roster enhance {} <unit> <name>", q(r)),
            GiveEnhancement { roster: None } => "ptg roster enhance".into(),
            AddToTome { roster: Some(r) } => format!("ptg roster lore {} add <kind> <name>", q(r)),
            AddToTome { roster: None } => "ptg roster lore add".into(),
            AbandonQuest { roster } => format!("ptg aftermath <battle> {} --quest abandon", q(roster)),
            NameRealm => "ptg battle new ... --realm NAME|--roll-realm".into(),
            AddAlly => "ptg roster add <roster> <unit> --ally FACTION".into(),
        }
    }

    /// Where on the web it is done.
    pub fn page(&self) -> &'static str {
        use Action::*;
        match self {
            StartQuest { .. } => "the Quest form on the roster's page",
            Undo { .. } | UndoFirst { .. } => "the Undo button on the roster's or the organiser's page",
            RecordArmy { .. } => "the Army form on the battle's page",
            RecordResult { .. } => "the Result form on the battle's page",
            CorrectSlain { .. } => "the Correct the result form on the battle's page",
            PickSuddenDeath { .. } => "the Sudden death form on the battle's page",
            Retire { .. } => "the Aftermath form on the battle's page",
            AddInAftermath { .. } => "the Aftermath form on the battle's page",
            RemoveUnit { .. } => "the Order of Battle on the roster's page",
            NewRoster => "the organiser's page, or a join link",
            DeleteRoster { .. } | DeleteCampaign { .. } => "the Delete form on the organiser's page",
            ReplaceInTome { .. } => "the Arcane Tome form on the roster's page",
            ReadFaction { .. } | ReadFactions | ReadPaths => "the pickers on the form",
            ReadRoster { .. } => "the roster's page",
            ReadRosters { .. } | ReadCampaigns => "the league's page",
            ReadBattles => "the league's page",
            ReadHistory => "the campaign's History page",
            NewCampaign { .. } => "the set-up link",
            RenameCampaign | RenameRoster => "the organiser's page",
            AllowLegends { .. } => "the Legends setting on the organiser's page",
            ReadInvites { .. } => "the organiser's page",
            PickQuest => "the Quest form on the roster's page",
            ChooseRank { .. } => "the Ranks reached forms on the roster's page",
            GiveEnhancement { .. } => "the Enhancements form on the roster's page",
            AddToTome { .. } => "the Arcane Tome form on the roster's page",
            AbandonQuest { .. } => "the Aftermath form on the battle's page (Quest: give it up)",
            NameRealm => "the Realm form on the battle's page",
            AddAlly => "\u{201c}Ally of\u{201d} in the roster's Add a unit form",
        }
    }
}
