//! Checks against the change log: unreadable changes, the glory balance, renown, aftermath
//! purchases, starting lore picks and the dice log.

use super::finding::{Check, Finding, finding};
use crate::catalogue::battlepack::QuestReward;
use crate::catalogue::{Battlepack, LoreKind};
use crate::rules::Change;
use crate::rules::battle::BattleResult;
use crate::rules::log::{LoggedChange, LoggedSet};
use crate::rules::model::Roster;
use crate::rules::roster::{is_starting_pick, starting_tome_allowance};
use crate::rules::standings::Record;
use std::collections::{BTreeMap, BTreeSet};

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

/// The glory earned the league table shows, kept beside the log (`store::kept`), equals the
/// glory gained in this roster's change sets still in force (neither undone nor an undo, the
/// league table's rule). Nothing else reads the kept figure, so without this check a figure
/// that drifted from the log would misplace the roster in the table unnoticed.
pub fn glory_earned(roster: &Roster, log: &[LoggedSet], kept: i64) -> Vec<Finding> {
    let logged: i64 = own_changes(roster, log)
        .filter(|(set, _)| set.in_force())
        .filter_map(|(_, c)| match &c.change {
            Some(Change::GainGlory { amount, .. }) => Some(i64::from(*amount)),
            _ => None,
        })
        .sum();
    if logged == kept {
        return Vec::new();
    }
    vec![finding(
        Check::GloryEarned,
        roster,
        format!("the league table's glory earned is {kept}, but the change sets in force gain {logged}"),
    )]
}

/// The record the league table shows, kept beside the battles (`store::kept`), equals the
/// roster's results in its battles not cancelled: as with the glory earned, nothing else reads
/// the kept figures.
pub fn record(roster: &Roster, results: &[BattleResult], kept: Record) -> Vec<Finding> {
    let fought = Record::of(results.iter().copied());
    if fought == kept {
        return Vec::new();
    }
    let words = |r: &Record| {
        format!(
            "{} played: {} major and {} minor victories, {} draws, {} minor and {} major defeats",
            r.played, r.major_victories, r.minor_victories, r.draws, r.minor_defeats, r.major_defeats
        )
    };
    vec![finding(
        Check::LeagueRecord,
        roster,
        format!(
            "the league table's record is {}, but its battles' results are {}",
            words(&kept),
            words(&fought)
        ),
    )]
}

/// Favour gained minus favour lost (option `favour`), change by change: never below 0, and
/// ending at the stored favour.
pub fn favour(roster: &Roster, log: &[LoggedSet]) -> Vec<Finding> {
    let mut balance = 0i64;
    let mut out = Vec::new();
    for (set, c) in own_changes(roster, log) {
        balance += match &c.change {
            Some(Change::GainFavour { amount, .. }) => i64::from(*amount),
            Some(Change::LoseFavour { amount, .. }) => -i64::from(*amount),
            _ => continue,
        };
        if balance < 0 {
            out.push(
                finding(
                    Check::FavourBalance,
                    roster,
                    format!("favour fell to {balance} in {}", set_words(set)),
                )
                .battle(set.battle_id)
                .set(Some(set.id)),
            );
        }
    }
    if balance != i64::from(roster.favour) {
        out.push(finding(
            Check::FavourBalance,
            roster,
            format!(
                "stored favour is {}, but the change log adds up to {balance}",
                roster.favour
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

/// The starting picks in force (owed or taken) are at most what the first WIZARD and first
/// PRIEST the roster has had bring: a spell, a prayer, a manifestation each. The picks are
/// owed rewards granted with the unit; a roster set up by an older ptg took them directly as a
/// "starting pick". An undone aftermath that added the first WIZARD leaves none behind, and a
/// Wild manifestation from Harness Manifestation is neither. A pick forfeited when its only
/// WIZARD (PRIEST) was removed at set-up (`roster remove`) no longer counts.
pub fn starting_lore_picks(roster: &Roster, log: &[LoggedSet]) -> Vec<Finding> {
    let kind_of = |reward: &QuestReward| match reward {
        QuestReward::Spell => Some(LoreKind::Spell),
        QuestReward::Prayer => Some(LoreKind::Prayer),
        QuestReward::Manifestation => Some(LoreKind::Manifestation),
        _ => None,
    };
    let picked = |c: &LoggedChange| match &c.change {
        Some(Change::GrantReward { reward, source, .. }) if is_starting_pick(source) => kind_of(reward),
        Some(Change::AddToTome {
            lore_kind, reason, ..
        }) if reason == "starting pick" => Some(*lore_kind),
        _ => None,
    };
    let forfeited = |c: &LoggedChange| match &c.change {
        Some(Change::ForfeitReward { reward, source, .. }) if is_starting_pick(source) => kind_of(reward),
        _ => None,
    };
    LoreKind::ALL
        .into_iter()
        .filter_map(|kind| {
            let sets: Vec<i64> = own_changes(roster, log)
                .filter(|(set, c)| set.in_force() && picked(c) == Some(kind))
                .map(|(set, _)| set.id)
                .collect();
            let gone = own_changes(roster, log)
                .filter(|(set, c)| set.in_force() && forfeited(c) == Some(kind))
                .count();
            let held = sets.len().saturating_sub(gone);
            let allowed = starting_tome_allowance(roster, kind);
            (held > allowed as usize).then(|| {
                finding(
                    Check::StartingLorePicks,
                    roster,
                    format!(
                        "{held} starting {kind}(s) are owed or picked, but the WIZARDs and PRIESTs the Order of Battle has had bring {allowed}"
                    ),
                )
                .set(sets.last().copied())
            })
        })
        .collect()
}
