//! The audit: a roster's numbers checked against its history, for a campaign organiser to run
//! before a league night. The store gathers the evidence (the roster as stored, its change log,
//! the roster rebuilt from that log at set-up's end and at each battle, the dice log's roll
//! ids); [`audit_roster`] compares them and returns every [`Finding`], naming the roster and
//! the unit, battle or change set it is about. No I/O here.

use super::Change;
use super::log::{LoggedChange, LoggedSet};
use super::model::{Roster, Unit};
use super::roster::warlord_problems;
use crate::catalogue::{Battlepack, Faction, LoreKind};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

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
    /// An army taken to a battle names a unit the Order of Battle did not hold then.
    ArmyUnits,
    /// Stored glory differs from what the change log adds up to.
    GloryBalance,
    /// Glory went below 0 at some point of the change log.
    NegativeGlory,
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
    /// A change refers to a roll that is not in the dice log.
    DiceLog,
    /// A change in the log cannot be read, so the roster cannot be rebuilt from it.
    ChangeLog,
    /// The roster's faction is not in the data, so the warlord rules cannot be checked.
    FactionData,
}

impl Check {
    pub fn as_str(self) -> &'static str {
        match self {
            Check::StartingPoints => "starting points",
            Check::Warlord => "warlord",
            Check::ArmyPoints => "army points",
            Check::ArmyUnits => "army units",
            Check::GloryBalance => "glory balance",
            Check::NegativeGlory => "negative glory",
            Check::Renown => "renown",
            Check::Rank => "rank",
            Check::AftermathPurchases => "aftermath purchases",
            Check::Enhancements => "enhancements",
            Check::LoreCapacity => "lore capacity",
            Check::DiceLog => "dice log",
            Check::ChangeLog => "change log",
            Check::FactionData => "faction data",
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
    pub message: String,
}

/// An army the roster took to a battle, with the roster as its log stood when the army was
/// recorded (so unit costs are those of that battle).
#[derive(Debug, Clone, PartialEq)]
pub struct ArmyTaken {
    pub battle_id: i64,
    pub points_limit: u32,
    /// The change set the roster was rebuilt up to (the army's, else the result's).
    pub set: Option<i64>,
    pub units: Vec<i64>,
    pub roster_then: Roster,
}

/// Everything the audit looks at for one roster.
#[derive(Debug, Clone)]
pub struct RosterEvidence<'a> {
    /// The roster as stored now.
    pub stored: &'a Roster,
    /// The roster's change log, oldest first: its own sets and its battles' sets.
    pub log: &'a [LoggedSet],
    /// The Order of Battle as the log stood just before set-up ended (now, if it has not);
    /// None when the log cannot be replayed.
    pub starting: Option<&'a Roster>,
    pub armies: &'a [ArmyTaken],
    /// Ids of every roll in the dice log.
    pub rolls: &'a BTreeSet<i64>,
}

/// Every finding for one roster, in the order of the checks. `faction` is None when the
/// roster's faction is missing from the data (the warlord rules are then not checked).
pub fn audit_roster(pack: &Battlepack, faction: Option<&Faction>, ev: &RosterEvidence) -> Vec<Finding> {
    let mut out = Vec::new();
    out.extend(unreadable_changes(ev.stored, ev.log));
    if let Some(start) = ev.starting {
        out.extend(starting_order_of_battle(pack, faction, ev.stored, start));
    }
    for army in ev.armies {
        out.extend(army_points(ev.stored, army));
    }
    out.extend(glory(ev.stored, ev.log));
    out.extend(renown(ev.stored, ev.log));
    out.extend(ranks(pack, ev.stored));
    out.extend(aftermath_purchases(pack, ev.stored, ev.log));
    out.extend(enhancements(ev.stored));
    out.extend(lores(pack, ev.stored));
    out.extend(dice_log(ev.stored, ev.log, ev.rolls));
    out
}

fn finding(check: Check, roster: &Roster, message: String) -> Finding {
    Finding {
        check,
        roster_id: roster.id,
        roster: roster.name.clone(),
        unit: None,
        unit_id: None,
        battle: None,
        set: None,
        message,
    }
}

impl Finding {
    fn unit(mut self, unit: &Unit) -> Finding {
        self.unit = Some(unit.label());
        self.unit_id = Some(unit.id);
        self
    }

    fn unit_id(mut self, id: i64) -> Finding {
        self.unit = Some(format!("#{id}"));
        self.unit_id = Some(id);
        self
    }

    fn battle(mut self, battle: Option<i64>) -> Finding {
        self.battle = battle;
        self
    }

    fn set(mut self, set: Option<i64>) -> Finding {
        self.set = set;
        self
    }
}

/// This roster's changes, in log order, with the set each is in.
fn own_changes<'a>(
    roster: &'a Roster,
    log: &'a [LoggedSet],
) -> impl Iterator<Item = (&'a LoggedSet, &'a LoggedChange)> {
    log.iter().flat_map(move |set| {
        set.changes
            .iter()
            .filter(move |c| c.roster_id == Some(roster.id))
            .map(move |c| (set, c))
    })
}

/// "set 12 (aftermath)", for messages.
fn set_words(set: &LoggedSet) -> String {
    format!("set {} ({})", set.id, set.command)
}

/// Changes whose payload cannot be read: the roster cannot be rebuilt past them.
pub fn unreadable_changes(roster: &Roster, log: &[LoggedSet]) -> Vec<Finding> {
    own_changes(roster, log)
        .filter(|(_, c)| c.change.is_none())
        .map(|(set, c)| {
            finding(
                Check::ChangeLog,
                roster,
                format!(
                    "change {} in {} cannot be read, so the roster cannot be rebuilt from its log",
                    c.id,
                    set_words(set)
                ),
            )
            .battle(set.battle_id)
            .set(Some(set.id))
        })
        .collect()
}

/// The starting Order of Battle: within the starting points, led by a warlord the warlord
/// rules allow.
pub fn starting_order_of_battle(
    pack: &Battlepack,
    faction: Option<&Faction>,
    roster: &Roster,
    start: &Roster,
) -> Vec<Finding> {
    let mut out = Vec::new();
    let limit = pack.roster.starting_points;
    if start.points() > limit {
        out.push(finding(
            Check::StartingPoints,
            roster,
            format!(
                "the starting Order of Battle cost {} points, over the {limit}-point limit by {}",
                start.points(),
                start.points() - limit
            ),
        ));
    }
    match (start.warlord(), faction) {
        (None, _) => out.push(finding(
            Check::Warlord,
            roster,
            "the starting Order of Battle had no warlord".into(),
        )),
        (Some(w), Some(f)) => {
            for broken in warlord_problems(pack, f, w) {
                out.push(
                    finding(
                        Check::Warlord,
                        roster,
                        format!("starting warlord: {}", broken.message),
                    )
                    .unit(w),
                );
            }
        }
        (Some(_), None) => out.push(finding(
            Check::FactionData,
            roster,
            format!(
                "the faction {} is not in the data, so the warlord rules were not checked",
                roster.faction
            ),
        )),
    }
    out
}

/// The army taken to a battle, at the unit costs of that battle, within its points limit.
pub fn army_points(roster: &Roster, army: &ArmyTaken) -> Vec<Finding> {
    let mut out = Vec::new();
    let then = &army.roster_then;
    let mut points = 0;
    for &id in &army.units {
        match then.unit(id) {
            Some(u) => points += u.cost(),
            None => out.push(
                finding(
                    Check::ArmyUnits,
                    roster,
                    format!(
                        "unit #{id} is in the army for battle {}, but was not on the Order of Battle then",
                        army.battle_id
                    ),
                )
                .unit_id(id)
                .battle(Some(army.battle_id))
                .set(army.set),
            ),
        }
    }
    if points > army.points_limit {
        out.push(
            finding(
                Check::ArmyPoints,
                roster,
                format!(
                    "the army for battle {} cost {points} points, over its {}-point limit by {}",
                    army.battle_id,
                    army.points_limit,
                    points - army.points_limit
                ),
            )
            .battle(Some(army.battle_id))
            .set(army.set),
        );
    }
    out
}

/// Glory earned minus glory spent, change by change: never below 0, and ending at the
/// stored glory.
pub fn glory(roster: &Roster, log: &[LoggedSet]) -> Vec<Finding> {
    let mut out = Vec::new();
    let (mut earned, mut spent) = (0i64, 0i64);
    let mut reported: Option<i64> = None;
    for (set, c) in own_changes(roster, log) {
        match &c.change {
            Some(Change::GainGlory { amount, .. }) => earned += i64::from(*amount),
            Some(Change::SpendGlory { amount, .. }) => spent += i64::from(*amount),
            _ => continue,
        }
        let balance = earned - spent;
        if balance < 0 && reported != Some(set.id) {
            reported = Some(set.id);
            out.push(
                finding(
                    Check::NegativeGlory,
                    roster,
                    format!(
                        "glory fell to {balance} in {} (earned {earned}, spent {spent} by then)",
                        set_words(set)
                    ),
                )
                .battle(set.battle_id)
                .set(Some(set.id)),
            );
        }
    }
    if earned - spent != roster.glory {
        out.push(finding(
            Check::GloryBalance,
            roster,
            format!(
                "stored glory is {}, but the change log adds up to {} (earned {earned}, spent {spent})",
                roster.glory,
                earned - spent
            ),
        ));
    }
    out
}

/// Each unit's stored renown equals its logged gains minus its logged losses.
pub fn renown(roster: &Roster, log: &[LoggedSet]) -> Vec<Finding> {
    let mut logged: BTreeMap<i64, i64> = BTreeMap::new();
    for (_, c) in own_changes(roster, log) {
        let delta = match &c.change {
            Some(Change::GainRenown { amount, .. }) => i64::from(*amount),
            Some(Change::LoseRenown { amount, .. }) => -i64::from(*amount),
            _ => continue,
        };
        if let Some(unit) = c.unit_id {
            *logged.entry(unit).or_default() += delta;
        }
    }
    roster
        .units
        .iter()
        .filter_map(|u| {
            let sum = logged.get(&u.id).copied().unwrap_or(0);
            (sum != i64::from(u.renown)).then(|| {
                finding(
                    Check::Renown,
                    roster,
                    format!(
                        "{} has {} renown stored, but its logged gains and losses add up to {sum}",
                        u.label(),
                        u.renown
                    ),
                )
                .unit(u)
            })
        })
        .collect()
}

/// Each unit's stored rank is the rank its stored renown gives.
pub fn ranks(pack: &Battlepack, roster: &Roster) -> Vec<Finding> {
    roster
        .units
        .iter()
        .filter_map(|u| {
            let due = pack.rank_for(u.renown).map(|r| r.name.as_str());
            (due != u.rank.as_deref()).then(|| {
                finding(
                    Check::Rank,
                    roster,
                    format!(
                        "{} is stored as {}, but {} renown makes it {}",
                        u.label(),
                        u.rank.as_deref().unwrap_or("unranked"),
                        u.renown,
                        due.unwrap_or("unranked")
                    ),
                )
                .unit(u)
            })
        })
        .collect()
}

/// No aftermath (still standing: not undone) adds or reinforces more units than allowed.
pub fn aftermath_purchases(pack: &Battlepack, roster: &Roster, log: &[LoggedSet]) -> Vec<Finding> {
    let limits = &pack.aftermath;
    let mut out = Vec::new();
    for set in log.iter().filter(|s| s.command == "aftermath" && s.in_force()) {
        let own = || set.changes.iter().filter(|c| c.roster_id == Some(roster.id));
        let added = own()
            .filter(|c| matches!(c.change, Some(Change::AddUnit { .. })))
            .count();
        let reinforced = own()
            .filter(|c| matches!(c.change, Some(Change::Reinforce { .. })))
            .count();
        for (n, limit, what) in [
            (added, limits.max_units_added, "added"),
            (reinforced, limits.max_units_reinforced, "reinforced"),
        ] {
            if n > limit as usize {
                out.push(
                    finding(
                        Check::AftermathPurchases,
                        roster,
                        format!(
                            "the aftermath in {} {what} {n} units; at most {limit} may be {what} per aftermath",
                            set_words(set)
                        ),
                    )
                    .battle(set.battle_id)
                    .set(Some(set.id)),
                );
            }
        }
    }
    out
}

/// The Order of Battle holds each enhancement at most once.
pub fn enhancements(roster: &Roster) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut seen: Vec<(&Unit, &str)> = Vec::new();
    for u in roster.active_units() {
        for e in &u.enhancements {
            if let Some((holder, _)) = seen.iter().find(|(_, n)| n.eq_ignore_ascii_case(&e.name)) {
                let also = if holder.id == u.id {
                    "twice".to_string()
                } else {
                    format!("and by {}", holder.label())
                };
                out.push(
                    finding(
                        Check::Enhancements,
                        roster,
                        format!(
                            "{} is held by {} {also}; the Order of Battle may hold an enhancement only once",
                            e.name,
                            u.label()
                        ),
                    )
                    .unit(u),
                );
            }
            seen.push((u, &e.name));
        }
    }
    out
}

/// Each lore of the Arcane Tome holds at most the battlepack's capacity (6).
pub fn lores(pack: &Battlepack, roster: &Roster) -> Vec<Finding> {
    let cap = pack.roster.lore_capacity as usize;
    LoreKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let n = roster.tome(kind).count();
            (n > cap).then(|| {
                finding(
                    Check::LoreCapacity,
                    roster,
                    format!("the {kind} lore holds {n} entries, more than {cap}"),
                )
            })
        })
        .collect()
}

/// Every roll a change came from is in the dice log.
pub fn dice_log(roster: &Roster, log: &[LoggedSet], rolls: &BTreeSet<i64>) -> Vec<Finding> {
    own_changes(roster, log)
        .filter_map(|(set, c)| {
            let roll = c.roll_id.filter(|id| !rolls.contains(id))?;
            let what = c
                .change
                .as_ref()
                .map(|ch| format!(" ({})", ch.describe()))
                .unwrap_or_default();
            let f = finding(
                Check::DiceLog,
                roster,
                format!(
                    "change {}{what} in {} came from roll {roll}, which is not in the dice log",
                    c.id,
                    set_words(set)
                ),
            )
            .battle(set.battle_id)
            .set(Some(set.id));
            Some(match c.unit_id.and_then(|id| roster.unit(id)) {
                Some(u) => f.unit(u),
                None => f,
            })
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;
