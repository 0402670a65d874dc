//! The audit: a roster's numbers checked against its history, for a campaign organiser to run
//! before a league night. The store gathers the evidence (the roster as stored, its change log,
//! the roster rebuilt from that log at set-up's end and at each battle, the dice log's roll
//! ids); [`audit_roster`] compares them and returns every [`Finding`], naming the roster and
//! the unit, battle or change set it is about. No I/O here.
//!
//! The checks live in `order_of_battle` (the roster as it started, as taken to battle and as
//! it stands), `setup` (units that joined after set-up without glory), `history` (the
//! change log and the dice log), `rows` (rows only the commands write: two sides, dice within
//! their faces, twists within the rounds, real times, enhancements on units they are open to)
//! and `replayed` (the roster as stored against the roster its log rebuilds); `finding` is
//! what they report.

mod finding;
mod history;
mod order_of_battle;
mod quests;
pub mod recorded;
mod replayed;
pub mod rows;
mod setup;
mod triumphs;

use finding::finding;
pub use finding::{Check, Finding};
pub use history::{
    aftermath_purchases, dice_log, favour, glory, glory_earned, record, renown, starting_lore_picks,
    unreadable_changes,
};
pub use order_of_battle::{
    ArmyTaken, UnitCosts, army_points, current_data, enhancements, lores, ranks, starting_order_of_battle,
};
pub use quests::quest_points;
pub use setup::units_outside_setup;

use crate::catalogue::Battlepack;
use crate::rules::battle::BattleResult;
use crate::rules::log::LoggedSet;
use crate::rules::model::Roster;
use crate::rules::roster::Factions;
use crate::rules::standings::Record;
use std::collections::BTreeSet;

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
    /// The roster's battles not cancelled, each with when it was fought.
    pub battles: &'a [&'a crate::rules::battle::Battle],
    /// Ids of every roll in the dice log.
    pub rolls: &'a BTreeSet<i64>,
    /// The roster's results in its battles not cancelled.
    pub results: &'a [BattleResult],
    /// The roster rebuilt from its whole log (None when the log cannot be replayed).
    pub rebuilt: Option<&'a Roster>,
    /// The rolls of the dice log recorded by the sets of its log.
    pub stored_rolls: &'a [rows::StoredRoll],
    /// What the league table keeps of the roster beside its log and battles.
    pub kept: Kept,
    /// Its rewards marked claimed, with the set each names.
    pub claimed: &'a [recorded::ClaimedReward],
}

/// What the league table keeps of a roster (`store::kept`), for the audit to compare with what
/// it is counted from.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Kept {
    /// The glory earned in change sets still in force.
    pub glory_earned: i64,
    /// Its results in battles not cancelled.
    pub record: Record,
}

/// What the audit found for one roster: failures, and notes that never fail it.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RosterAudit {
    pub findings: Vec<Finding>,
    /// Units the current data no longer has: they play on at the points recorded.
    pub notes: Vec<Finding>,
}

/// Notes for a name the name rule refuses today (`rules::names`: for a roster or campaign no
/// '/' nor a look-alike of one; for every name no invisible or bidi characters, no letters of
/// mixed scripts), kept from an older ptg: it is reached by id, and a rename gives it a name
/// every command can type. Two units of the roster with one own name (an older list import
/// gave it) are noted too, naming both.
fn names_now_refused(r: &Roster) -> Vec<Finding> {
    use crate::rules::names::{NameKind, check};
    let mut notes: Vec<Finding> = [(NameKind::Roster, &r.name), (NameKind::Campaign, &r.campaign)]
        .into_iter()
        .filter_map(|(kind, name)| {
            let e = check(kind, name).err()?;
            Some(finding(
                Check::Names,
                r,
                format!(
                    "the {} '{name}' would be refused today ({}); rename it",
                    kind.field(),
                    e.message
                ),
            ))
        })
        .collect();
    for u in r.active_units() {
        if let Some(e) = u.name.as_deref().and_then(|n| check(NameKind::Unit, n).err()) {
            notes.push(
                finding(
                    Check::Names,
                    r,
                    format!(
                        "the unit name would be refused today ({}); name the unit by its id #{}",
                        e.message, u.id
                    ),
                )
                .unit(u),
            );
        }
    }
    for (first, second) in crate::rules::roster::same_named_units(r) {
        notes.push(
            finding(
                Check::Names,
                r,
                format!(
                    "{} and {} have one name (an older list import gave it twice); name each by its id (#{} or #{})",
                    first.label(),
                    second.label(),
                    first.id,
                    second.id
                ),
            )
            .unit(second),
        );
    }
    notes
}

/// The notes alone of [`audit_roster`]: they come from the roster as stored and the current
/// data only, never from its log, so a roster the audit skips (its checkpoint stands, see
/// `store::checkpoints`) has them worked out again without replaying anything.
pub fn notes(factions: Option<&Factions>, stored: &Roster) -> Vec<Finding> {
    let mut notes = factions.map(|f| current_data(f, stored).1).unwrap_or_default();
    notes.extend(names_now_refused(stored));
    notes
}

/// Every finding and note for one roster, in the order of the checks. `factions` is None when
/// the roster's faction is missing from the data (the warlord rules and the units against the
/// current data are then not checked); it holds the allied factions too, so allied units are
/// checked against their own faction's data.
pub fn audit_roster(pack: &Battlepack, factions: Option<&Factions>, ev: &RosterEvidence) -> RosterAudit {
    let faction = factions.map(|f| f.own);
    let mut out = Vec::new();
    let mut notes = Vec::new();
    if let Some(f) = factions {
        let (found, noted) = current_data(f, ev.stored);
        out.extend(found);
        notes.extend(noted);
        out.extend(rows::enhancement_holders(f, ev.stored));
    }
    notes.extend(names_now_refused(ev.stored));
    out.extend(unreadable_changes(ev.stored, ev.log));
    if let Some(start) = ev.starting {
        out.extend(starting_order_of_battle(pack, faction, ev.stored, start));
    }
    for army in ev.armies {
        out.extend(army_points(ev.stored, army));
    }
    out.extend(triumphs::triumphs(ev.stored, ev.battles));
    out.extend(units_outside_setup(ev.stored, ev.log));
    out.extend(glory(ev.stored, ev.log));
    out.extend(glory_earned(ev.stored, ev.log, ev.kept.glory_earned));
    out.extend(record(ev.stored, ev.results, ev.kept.record));
    out.extend(favour(ev.stored, ev.log));
    out.extend(renown(ev.stored, ev.log));
    out.extend(ranks(pack, ev.stored));
    out.extend(aftermath_purchases(pack, ev.stored, ev.log));
    out.extend(enhancements(ev.stored));
    out.extend(lores(pack, ev.stored));
    out.extend(starting_lore_picks(ev.stored, ev.log));
    out.extend(quest_points(pack, ev.stored, ev.log, ev.battles));
    out.extend(dice_log(ev.stored, ev.log, ev.rolls));
    out.extend(rows::battles(ev.stored, ev.battles, pack.army.battle_rounds));
    out.extend(recorded::battles(pack, ev.stored, ev.battles, ev.log));
    out.extend(recorded::claimed(ev.stored, ev.log, ev.claimed));
    out.extend(rows::dice_and_times(ev.stored, ev.log, ev.stored_rolls));
    if let Some(rebuilt) = ev.rebuilt {
        out.extend(replayed::replayed(ev.stored, rebuilt));
    }
    RosterAudit { findings: out, notes }
}

#[cfg(test)]
pub(crate) mod tests;
