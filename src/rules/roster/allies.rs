//! Allies (campaign option `allies`, core rules 2e "Allies"): units of another faction of the
//! roster's grand alliance on its Order of Battle and in its armies.
//!
//! The share: "one out of every four units included in an army can be an allied unit". ptg
//! reads it as `allies × one_in ≤ units` (counting the allies among the units), with `one_in`
//! from the battlepack's `[options.allies]`: 4 units may hold 1 ally, 16 units 4, and a 5th
//! ally needs 20 units. The same share holds for the starting Order of Battle (set-up) and for
//! each army taken to a battle; units joining in an aftermath are not limited, since the
//! armies drawn from them are.
//!
//! Faction terrain is no unit (core rules 1.5, as the regiment rules treat it), so it is not
//! counted, and cannot be an ally.
//!
//! Allied units are never the warlord (a roster's warlord is always of its faction, so this
//! holds by construction) nor the general, get no enhancements, and earn renown like any unit.

use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::options::AlliesOption;
use crate::catalogue::{Faction, Warscroll};
use crate::fix::{Fix, Input};
use crate::names::SameName;
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse, refuse_fix};

/// The faction data a roster's units are looked up in: the roster's own faction, and for an
/// allied unit the faction it comes from. Every rule that compares a unit with the data (its
/// warscroll still there, its points now) goes through it, so allied units are not taken for
/// units the data dropped.
#[derive(Debug, Clone, Copy)]
pub struct Factions<'a> {
    pub own: &'a Faction,
    /// The allied factions the data has (an allied faction missing from the data is absent,
    /// and its units are noted as not in the current data).
    pub allies: &'a [&'a Faction],
}

impl<'a> Factions<'a> {
    /// A roster's faction with no allies.
    pub fn alone(own: &'a Faction) -> Factions<'a> {
        Factions { own, allies: &[] }
    }

    /// The faction a unit comes from: its ally faction, else the roster's.
    pub fn of(&self, unit: &Unit) -> Option<&'a Faction> {
        match &unit.ally {
            None => Some(self.own),
            Some(name) => self.allies.iter().copied().find(|f| f.name.same_name(name)),
        }
    }

    /// The unit's warscroll as the data has it now, looked up in the faction it comes from.
    pub fn warscroll(&self, unit: &Unit) -> Option<&'a Warscroll> {
        self.of(unit)?.unit(&unit.warscroll)
    }
}

/// The allied faction names a roster's units come from, each once, for the operations to
/// load from the catalogue.
pub fn ally_factions(roster: &Roster) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    for name in roster.units.iter().filter_map(|u| u.ally.as_deref()) {
        if !out.iter().any(|n| n.same_name(name)) {
            out.push(name);
        }
    }
    out
}

/// Checks that `ally` may send units to `roster` (of faction `own`): the campaign plays the
/// option, its battlepack offers it, and `ally` is another faction of the same grand alliance.
/// Returns the battlepack's share rule.
pub fn check_ally_faction<'p>(
    pack: &'p Battlepack,
    own: &Faction,
    roster: &Roster,
    ally: &Faction,
) -> Result<&'p AlliesOption, RuleError> {
    let c = &roster.campaign;
    let Some(option) = pack.options.allies.as_ref().filter(|_| roster.options.allies) else {
        return Err(
            RuleError::new("allies", format!("campaign '{c}' does not play with allies"))
                .fix(Fix::turn(c.to_string(), "allies", true))
                .fix(Fix::leave_out(Input::Ally)),
        );
    };
    if ally.name.same_name(&own.name) {
        return refuse_fix(
            "allies",
            format!(
                "{} is {}'s own faction, so the unit is no ally",
                ally.name, roster.name
            ),
            Fix::leave_out(Input::Ally),
        );
    }
    if !ally.grand_alliance.same_name(&own.grand_alliance) {
        return refuse(
            "allies",
            format!(
                "{} is of the {} grand alliance and {} ({}) of {}; allies come from another faction of the same grand alliance, so pick a faction of the {} grand alliance",
                ally.name,
                grand_alliance(ally),
                roster.name,
                own.name,
                grand_alliance(own),
                grand_alliance(own)
            ),
        );
    }
    Ok(option)
}

fn grand_alliance(f: &Faction) -> &str {
    if f.grand_alliance.trim().is_empty() {
        "(none)"
    } else {
        &f.grand_alliance
    }
}

/// Whether a unit counts towards the allies' share: faction terrain is no unit.
pub fn counts_for_share(unit: &Unit) -> bool {
    !unit.has_keyword("FACTION TERRAIN")
}

/// Refuses faction terrain as an ally: it is no unit.
pub fn check_ally_joins(unit: &Unit) -> Result<(), RuleError> {
    if counts_for_share(unit) {
        return Ok(());
    }
    refuse_fix(
        "allies",
        format!(
            "{} is faction terrain, which is no unit and cannot be an ally; take your own faction's terrain",
            unit.warscroll
        ),
        Fix::leave_out(Input::Ally),
    )
}

/// The allied units and all units among `units` that count towards the share.
pub fn share_counts<'u>(units: impl Iterator<Item = &'u Unit>) -> (usize, usize) {
    units
        .filter(|u| counts_for_share(u))
        .fold((0, 0), |(a, n), u| (a + usize::from(u.ally.is_some()), n + 1))
}

/// Refuses `allies` allied units among `units` units when that is more than one in every
/// `one_in` (`allies × one_in > units`). `what` names the group ("the army", "the starting
/// Order of Battle") and `fix` says what to do.
pub fn check_ally_share(
    one_in: u32,
    allies: usize,
    units: usize,
    what: &str,
    fix: &str,
) -> Result<(), RuleError> {
    let one_in_n = one_in as usize;
    if allies.saturating_mul(one_in_n) <= units {
        return Ok(());
    }
    refuse(
        "allies",
        format!(
            "{what} would hold {} in {units}; at most 1 unit in every {one_in} may be an ally ({} need at least {} units); {fix}",
            crate::names::counted(allies, "allied unit", "allied units"),
            crate::names::counted(allies, "ally", "allies"),
            allies.saturating_mul(one_in_n)
        ),
    )
}

/// Refuses an allied unit as a target of an enhancement: allied units cannot use or benefit
/// from the army's allegiance abilities, and enhancements are those.
pub fn check_not_ally(unit: &Unit, what: &str) -> Result<(), RuleError> {
    match &unit.ally {
        Some(f) => refuse(
            "allies",
            format!(
                "{} is an allied unit (from {f}), and allied units get no {what}; pick a unit of the roster's own faction",
                unit.label()
            ),
        ),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests;
