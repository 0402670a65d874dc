//! `roster check`: every rule a stored roster breaks, and the set-up steps still open.

use super::allies::{Factions, check_ally_share, share_counts};
use super::enhancements::eligible;
use super::units::never_reinforceable;
use super::warlord::warlord_problems;
use super::warscrolls::against_current_data;
use crate::catalogue::LoreKind;
use crate::catalogue::battlepack::Battlepack;
use crate::fix::{Action, Worded};
use crate::names::SameName;
use crate::rules::model::Roster;
use crate::rules::renown::{check_path, find_ability, find_path, pending_ranks};
use serde::Serialize;

/// One broken rule found by [`check`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub rule: &'static str,
    pub message: Worded,
}

/// What `roster check` reports: broken rules, and set-up steps still open (advice only).
#[derive(Debug, Clone, Default, Serialize)]
pub struct CheckReport {
    pub problems: Vec<Finding>,
    /// Set-up steps still open and picks waiting, each naming the action that does it.
    pub notes: Vec<crate::fix::Worded>,
}

/// Lists every rule the roster breaks, checked against the faction data as it is now (each
/// allied unit against its own faction's).
pub fn check(pack: &Battlepack, factions: &Factions, roster: &Roster) -> CheckReport {
    let faction = factions.own;
    let mut report = CheckReport::default();
    // A macro, not a closure: it borrows the report only where it is used.
    macro_rules! problem {
        ($rule:expr, $message:expr $(,)?) => {
            report.problems.push(Finding {
                rule: $rule,
                message: Worded::from($message),
            })
        };
    }

    match roster.warlord() {
        None => problem!("warlord", "the roster has no warlord"),
        Some(w) => {
            for broken in warlord_problems(pack, faction, w) {
                problem!(broken.rule, broken.message);
            }
        }
    }
    if !roster.setup_complete && roster.points() > u64::from(pack.roster.starting_points) {
        problem!(
            "starting points",
            format!(
                "the Order of Battle costs {} points, over the {}-point starting limit",
                roster.points(),
                pack.roster.starting_points
            ),
        );
    }
    let (allies, units) = share_counts(roster.active_units());
    if let (false, Some(share), 1..) = (roster.setup_complete, &pack.options.allies, allies)
        && let Err(e) = check_ally_share(
            share.one_in,
            allies,
            units,
            "the starting Order of Battle",
            "retire an allied unit or add units of your own faction",
        )
    {
        problem!(e.rule, e.message);
    }
    // Units the data no longer has are noted (they play on at the points recorded); Legends
    // units the campaign does not allow, Anvil heroes and unlocked units over their unlocking
    // units break a rule.
    for found in against_current_data(factions, roster) {
        if found.mark.breaks_a_rule() {
            report.problems.push(Finding {
                rule: found.mark.rule(),
                message: found.message,
            });
        } else {
            report.notes.push(found.message);
        }
    }
    let mut seen_enhancements: Vec<(&str, String)> = Vec::new();
    for u in roster.active_units() {
        if let Some(now) = factions.warscroll(u).filter(|w| w.points != u.points) {
            report.notes.push(
                format!(
                    "{}: recorded at {} pts, the faction data now says {}",
                    u.label(),
                    u.points,
                    now.points
                )
                .into(),
            );
        }
        if let Some(why) = never_reinforceable(u).filter(|_| u.reinforced) {
            problem!(
                "reinforced units",
                format!("{} is reinforced, but {why}", u.label()),
            );
        }
        if let Some(path_id) = &u.path {
            match find_path(pack, path_id) {
                Err(e) => problem!("paths", format!("{}: {}", u.label(), e.message)),
                Ok(path) => {
                    if let Err(e) = check_path(pack, path, u) {
                        problem!("path eligibility", format!("{}: {}", u.label(), e.message));
                    }
                    for (rank, ability) in &u.abilities {
                        if let Err(e) = find_ability(path, rank, ability) {
                            problem!("path abilities", format!("{}: {}", u.label(), e.message));
                        }
                    }
                }
            }
        }
        if let Some(first) = roster
            .active_units()
            .take_while(|o| o.id != u.id)
            .find(|o| u.has_keyword("UNIQUE") && o.warscroll.same_name(&u.warscroll))
        {
            problem!(
                "unique units",
                format!(
                    "{} is UNIQUE and {} is a second copy; retire one",
                    first.label(),
                    u.label()
                ),
            );
        }
        if let Some(from) = u.ally.as_deref().filter(|_| !u.enhancements.is_empty()) {
            problem!(
                "allies",
                format!("{} is an ally (from {from}) but holds enhancements", u.label()),
            );
        }
        if !u.enhancements.is_empty() && u.has_keyword("UNIQUE") {
            problem!(
                "enhancements",
                format!("{} is UNIQUE but holds enhancements", u.label()),
            );
        }
        for (i, e) in u.enhancements.iter().enumerate() {
            if u.enhancements[..i].iter().any(|o| o.table.same_name(&e.table)) {
                problem!(
                    "enhancements",
                    format!("{} holds two enhancements from {}", u.label(), e.table),
                );
            }
            if let Some((holder, _)) = seen_enhancements.iter().find(|(_, n)| n.same_name(&e.name)) {
                problem!(
                    "enhancements",
                    format!("{} is held by both {holder} and {}", e.name, u.label()),
                );
            }
            seen_enhancements.push((u.display_name(), e.name.clone()));
            match faction
                .enhancement_tables
                .iter()
                .find(|t| t.name.same_name(&e.table))
            {
                Some(t) if !eligible(t, u) => problem!(
                    "enhancements",
                    format!("{} is not eligible for {} ({})", u.label(), e.name, t.name),
                ),
                _ => {}
            }
        }
    }
    for (first, second) in super::units::same_named_units(roster) {
        problem!(
            "unit names",
            format!(
                "{} and {} have one name (an older list import gave it twice); name each by its \
                 id in commands (#{} or #{})",
                first.label(),
                second.label(),
                first.id,
                second.id
            ),
        );
    }
    for kind in LoreKind::ALL {
        let n = roster.tome(kind).count();
        if n > pack.roster.lore_capacity as usize {
            problem!(
                "lore capacity",
                format!(
                    "the {kind} lore holds {n}, more than {}",
                    pack.roster.lore_capacity
                ),
            );
        }
    }
    if roster.quest.is_some() {
        if let Some(why) = crate::rules::quest::only_abandon(pack, roster) {
            problem!("quests", why);
        }
    } else {
        report.notes.push(Worded::with(
            "no current quest: pick one with {do}",
            Action::PickQuest,
        ));
    }
    if !roster.setup_complete {
        for t in &faction.enhancement_tables {
            let given = roster
                .active_units()
                .any(|u| u.enhancements.iter().any(|e| e.table.same_name(&t.name)));
            let someone_eligible = roster
                .active_units()
                .any(|u| eligible(t, u) && !u.has_keyword("UNIQUE") && u.ally.is_none());
            if !given && someone_eligible {
                report.notes.push(Worded::with(
                    format!("starting enhancement from {} not yet given ({{do}})", t.name),
                    Action::GiveEnhancement { roster: None },
                ));
            }
        }
    }
    for u in roster.active_units() {
        if let Some(rank) = pending_ranks(pack, u).first() {
            report.notes.push(Worded::with(
                format!(
                    "{} reached {} and has an ability to choose ({{do}})",
                    u.label(),
                    rank.name
                ),
                Action::ChooseRank {
                    roster: None,
                    unit_id: None,
                },
            ));
        }
    }
    // Starting spells, prayers and manifestations are owed rewards too (see
    // `grant_starting_picks`), so they are listed here at set-up and after it alike.
    for r in &roster.rewards {
        report.notes.push(Worded::plain(format!(
            "{} from {} is waiting to be picked",
            crate::rules::change::reward_words(r.reward),
            r.source
        )));
    }
    report
}
