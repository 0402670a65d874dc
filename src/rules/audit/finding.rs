//! What the audit reports: a [`Finding`], the [`Check`] it comes from, and the builder the
//! checks use to say which unit, battle or change set it is about.

use crate::fix::Worded;
use crate::rules::model::{Roster, Unit};
use serde::Serialize;

/// Which check a finding comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    /// The starting Order of Battle cost more than the battlepack allows (1000).
    StartingPoints,
    /// The starting Order of Battle had no warlord, or one the warlord rules forbid.
    Warlord,
    /// An army taken to a battle cost more than that battle's points limit.
    ArmyPoints,
    /// An army taken to a battle names a unit the Order of Battle did not hold then (when the
    /// battle was fought; a planned battle's, when the army was recorded).
    ArmyUnits,
    /// A fought battle holds a triumph its roster's previous battle, as fought, did not give
    /// (not a major victory, or no battle fought before it).
    Triumphs,
    /// A unit added by `roster add` or `roster import` after the roster's first result stood,
    /// with no glory spent: it joined outside set-up for free.
    OutsideSetup,
    /// Stored glory differs from what the change log adds up to.
    GloryBalance,
    /// The glory earned kept for the league table differs from the gains in force in the log.
    GloryEarned,
    /// The record of results kept for the league table differs from the roster's battles.
    LeagueRecord,
    /// Glory went below 0 at some point of the change log.
    NegativeGlory,
    /// Stored favour differs from what the change log adds up to, or went below 0.
    FavourBalance,
    /// A unit's stored renown differs from its logged gains and losses.
    Renown,
    /// A unit's stored rank is not the rank its renown gives.
    Rank,
    /// An aftermath added or reinforced more units than the battlepack allows.
    AftermathPurchases,
    /// The same enhancement is on the Order of Battle more than once.
    Enhancements,
    /// A lore of the Arcane Tome holds more entries than allowed (6).
    LoreCapacity,
    /// More starting spells, prayers or manifestations were owed or picked than the first
    /// WIZARD and first PRIEST on the Order of Battle bring.
    StartingLorePicks,
    /// Quest points counted or recorded for one battle that no battle can give (the
    /// battlepack's per-battle bounds of the quest).
    QuestPoints,
    /// A change refers to a roll that is not in the dice log.
    DiceLog,
    /// A change in the log cannot be read, so the roster cannot be rebuilt from it.
    ChangeLog,
    /// The roster's faction is not in the data, so the warlord rules cannot be checked.
    FactionData,
    /// A Legends unit on the Order of Battle of a campaign that does not allow Legends.
    Legends,
    /// An Anvil of Apotheosis hero on the Order of Battle (ptg cannot build one).
    AnvilOfApotheosis,
    /// More units of a warscroll than of the unit that unlocks it.
    UnlockedUnits,
    /// A row no command of ptg writes: a battle without its two sides, a roll whose dice are
    /// not of its expression, a twist outside the battle's rounds, a time that is not a real
    /// one, an enhancement on a unit its table is not open to (`rules::audit::rows`).
    Rows,
    /// The roster as stored is not the roster its change log rebuilds (set-up's end, rewards
    /// owed, units and what they hold): a row was changed or left out outside the commands.
    Replay,
    /// A note, not a failure: a unit whose warscroll the current data no longer has.
    NotInCurrentData,
    /// A note, not a failure: a roster or campaign name an older ptg allowed that the name
    /// rule now refuses (a '/', an invisible character); it still works by id.
    Names,
}

impl Check {
    pub fn as_str(self) -> &'static str {
        match self {
            Check::StartingPoints => "starting points",
            Check::Warlord => "warlord",
            Check::ArmyPoints => "army points",
            Check::ArmyUnits => "army units",
            Check::Triumphs => "triumphs",
            Check::OutsideSetup => "units outside set-up",
            Check::GloryBalance => "glory balance",
            Check::GloryEarned => "glory earned",
            Check::LeagueRecord => "league record",
            Check::NegativeGlory => "negative glory",
            Check::FavourBalance => "favour balance",
            Check::Renown => "renown",
            Check::Rank => "rank",
            Check::AftermathPurchases => "aftermath purchases",
            Check::Enhancements => "enhancements",
            Check::LoreCapacity => "lore capacity",
            Check::StartingLorePicks => "starting lore picks",
            Check::QuestPoints => "quest points",
            Check::DiceLog => "dice log",
            Check::ChangeLog => "change log",
            Check::FactionData => "faction data",
            Check::Legends => "legends",
            Check::AnvilOfApotheosis => "anvil of apotheosis",
            Check::UnlockedUnits => "unlocked units",
            Check::Rows => "rows",
            Check::Replay => "replay",
            Check::NotInCurrentData => "not in the current data",
            Check::Names => "names",
        }
    }
}

impl std::fmt::Display for Check {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One thing the audit found wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub check: Check,
    pub roster_id: i64,
    pub roster: String,
    /// The unit it is about, as "Dawn Guard (Liberators, #2)".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unit_id: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle: Option<i64>,
    /// The change set (command) it is about.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<i64>,
    /// What is wrong, with what to do about it worded by each front end (the JSON keeps the
    /// CLI's sentence).
    pub message: Worded,
}

pub(super) fn finding(check: Check, roster: &Roster, message: impl Into<Worded>) -> Finding {
    Finding {
        check,
        roster_id: roster.id,
        roster: roster.name.clone(),
        unit: None,
        unit_id: None,
        battle: None,
        set: None,
        message: message.into(),
    }
}

impl Finding {
    pub(super) fn unit(mut self, unit: &Unit) -> Finding {
        self.unit = Some(unit.label());
        self.unit_id = Some(unit.id);
        self
    }

    pub(super) fn unit_id(mut self, id: i64) -> Finding {
        self.unit = Some(format!("#{id}"));
        self.unit_id = Some(id);
        self
    }

    pub(super) fn battle(mut self, battle: Option<i64>) -> Finding {
        self.battle = battle;
        self
    }

    pub(super) fn set(mut self, set: Option<i64>) -> Finding {
        self.set = set;
        self
    }
}
