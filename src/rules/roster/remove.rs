//! Taking a starting unit off the Order of Battle again (`roster remove`, issue #19): a player
//! who added the wrong unit while building the starting Order of Battle takes it back.
//!
//! The book has no such step. Set-up is a list the player writes until the first battle, and
//! after it a unit leaves the Order of Battle only by being retired in an aftermath. So a unit
//! comes off only while set-up lasts, and only when nothing else rests on it (the warlord, an
//! enhancement, the quest, a reward, a recorded army, a unit it unlocks, the allies' share, a
//! starting pick already made): each refusal names what rests on it and how to free it.
//!
//! Adding a starting unit spends no glory (only the starting points limit is checked), so
//! taking it off refunds none. The unit's row is hidden, never deleted, so `ptg undo` brings
//! back the same unit with the same id.

use super::allies::{Factions, check_ally_share, counts_for_share, share_counts};
use super::tome::forfeit_starting_picks;
use super::warscrolls::{active_warscrolls, new_excess};
use crate::catalogue::battlepack::Battlepack;
use crate::fix::{Action, Fix};
use crate::names::SameName;
use crate::rules::change::{Change, Outcome, UnitRef, reward_words};
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse_fix};

/// Plans taking `unit` off `roster`'s starting Order of Battle. `armies` are the battles whose
/// recorded army holds the unit (the store knows them, the roster does not).
pub fn plan_remove_starting_unit(
    pack: &Battlepack,
    factions: &Factions,
    roster: &Roster,
    unit: &Unit,
    armies: &[i64],
) -> Result<Outcome, RuleError> {
    let (r, label) = (&roster.name, unit.label());
    // Undo takes back the roster's latest command; its history shows the order.
    let undo = || {
        Fix::act(Action::Undo {
            roster: Some(r.clone()),
        })
    };
    if roster.setup_complete {
        return Err(RuleError::new(
            "order of battle",
            format!(
                "{r} has fought a battle, so set-up is over and units no longer come off its Order of Battle"
            ),
        )
        .fix(Fix::act(Action::Retire {
            battle: None,
            roster: r.clone(),
            unit: unit.id.to_string(),
        })));
    }
    if unit.warlord {
        return refuse_fix(
            "warlord",
            format!(
                "{label} is the warlord, picked when the roster was made; the warlord leads the roster and cannot leave its Order of Battle"
            ),
            Fix::act(Action::NewRoster),
        );
    }
    if !armies.is_empty() {
        let battles: Vec<String> = armies.iter().map(i64::to_string).collect();
        return Err(RuleError::new(
            "armies",
            format!(
                "{label} is in the army recorded for battle {}; record that army again without it, or undo it first",
                battles.join(", battle "),
            ),
        )
        .fix(Fix::act(Action::RecordArmy {
            battle: armies[0],
            roster: r.clone(),
        }))
        .fix(undo()));
    }
    if !unit.enhancements.is_empty() {
        let held: Vec<String> = unit
            .enhancements
            .iter()
            .map(|e| format!("{} ({})", e.name, e.table))
            .collect();
        let them = if held.len() == 1 { "it" } else { "them" };
        return refuse_fix(
            "enhancements",
            format!(
                "{label} holds {}, which would be lost with it; undo the enhancement that gave {them} first, then give {them} to another unit",
                held.join(" and ")
            ),
            undo(),
        );
    }
    if let Some(q) = roster.quest.as_ref().filter(|q| q.unit == Some(unit.id)) {
        return Err(RuleError::new(
            "quest log",
            format!(
                "{label} is the unit of the current quest, {}; start another quest first (during set-up it replaces this one), or undo the quest's start",
                q.quest
            ),
        )
        .fix(Fix::act(Action::StartQuest { roster: r.clone() }))
        .fix(undo()));
    }
    if let Some(due) = roster.rewards.iter().find(|d| d.unit == Some(unit.id)) {
        return refuse_fix(
            "rewards",
            format!(
                "{label} is owed {} from {}, which can go to no other unit and would be lost; undo the command that earned it first",
                reward_words(due.reward),
                due.source
            ),
            undo(),
        );
    }
    let before = active_warscrolls(roster);
    let after: Vec<&str> = roster
        .active_units()
        .filter(|u| u.id != unit.id)
        .map(|u| u.warscroll.as_str())
        .collect();
    let faction = factions.of(unit).unwrap_or(factions.own);
    if let Some(o) = new_excess(faction, &before, &after) {
        let (w, by) = (&o.warscroll, &o.unlocked_by);
        let latest = roster
            .active_units()
            .filter(|u| u.warscroll.same_name(w))
            .max_by_key(|u| u.id)
            .map_or_else(|| w.to_string(), |u| u.id.to_string());
        return refuse_fix(
            "unlocked units",
            format!(
                "{label} unlocks {w}: an Order of Battle holds no more {w} than {by}, and without it {} {w} would stay with {} {by}",
                o.count, o.unlocking
            ),
            Fix::act(Action::RemoveUnit {
                roster: r.clone(),
                unit: latest,
            }),
        );
    }
    check_allies_stay_a_share(pack, roster, unit)?;
    let forfeits = forfeit_starting_picks(roster, unit)?;

    let mut out = Outcome::new(format!("{label} removed from the Order of Battle"));
    out.push(Change::RemoveStartingUnit {
        unit: UnitRef::Existing(unit.id),
        was: Box::new(unit.clone()),
    });
    out.changes.extend(forfeits);
    Ok(out)
}

/// Refuses taking off a unit of the roster's own faction when the allies already on the
/// starting Order of Battle would then be more than their share (1 in every 4): the share
/// counts the units around them. A share already broken (the campaign changed) is for `roster
/// check` to report, not a reason to keep the unit.
fn check_allies_stay_a_share(pack: &Battlepack, roster: &Roster, unit: &Unit) -> Result<(), RuleError> {
    let Some(share) = &pack.options.allies else {
        return Ok(());
    };
    if unit.ally.is_some() || !counts_for_share(unit) {
        return Ok(());
    }
    let (allies, units) = share_counts(roster.active_units());
    let what = "the starting Order of Battle";
    if allies == 0 || check_ally_share(share.one_in, allies, units, what, "").is_err() {
        return Ok(());
    }
    check_ally_share(
        share.one_in,
        allies,
        units - 1,
        what,
        &format!("remove an allied unit first, or keep {}", unit.label()),
    )
}

#[cfg(test)]
mod tests;
