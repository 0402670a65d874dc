//! Units joining the Order of Battle at set-up: finding the warscroll, custom names, and
//! which units may be reinforced.

use super::allies::{check_ally_faction, check_ally_joins, check_ally_share, share_counts};
use super::tome::grant_starting_picks;
use super::warscrolls::{Allowed, active_warscrolls, check_may_join, check_unlocks};
use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::{Faction, Warscroll};
use crate::fix::{Action, Fix, Input};
use crate::names;
use crate::names::SameName;
use crate::rules::change::{Change, NewUnit, Outcome, UnitRef};
use crate::rules::model::{Roster, Unit};
use crate::rules::names::NameKind;
use crate::rules::{RuleError, refuse, refuse_fix};

/// Looks a warscroll up in the faction, suggesting close names when it is not there.
pub fn find_warscroll<'a>(faction: &'a Faction, name: &str) -> Result<&'a Warscroll, RuleError> {
    faction.unit(name).ok_or_else(|| {
        let unknown = names::unknown(
            &format!("{} unit", faction.name),
            name,
            faction.units.iter().map(|u| u.name.as_str()),
        );
        RuleError::new("faction units", unknown).fix(Fix::act(Action::ReadFaction {
            faction: faction.name.clone(),
        }))
    })
}

/// The refusal for a warscroll `faction` does not have but `owners` (other factions) do: a
/// Liberators asked of a Skaven roster is a Stormcast Eternals unit, which a "did you mean"
/// among Skaven names ("Rat Ogors") would only hide. Where the campaign plays allies, the fix
/// is to add it as one (the grand alliance is checked when it is).
pub fn another_factions_unit(
    faction: &Faction,
    roster: &Roster,
    warscroll: &str,
    owners: &[&Faction],
) -> Option<RuleError> {
    let first = owners.first()?;
    let names: Vec<&str> = owners.iter().map(|f| f.name.as_str()).collect();
    let unit = first.unit(warscroll).map_or(warscroll, |w| w.name.as_str());
    let error = RuleError::new(
        "faction units",
        format!(
            "{unit} is a unit of {}, not of {}; a roster's units are its own faction's",
            names.join(" and "),
            faction.name
        ),
    );
    Some(match roster.options.allies {
        true => error.fix(Fix::set(Input::Ally, first.name.clone())),
        false => error,
    })
}

/// A starting unit joins the Order of Battle, at minimum size or reinforced, within the
/// starting points limit. After set-up, units join only through the aftermath.
///
/// With `ally` (option `allies`) the warscroll is looked up in that faction, which must be
/// another of the roster's grand alliance, and the starting Order of Battle may hold at most
/// one ally in every `one_in` units (see [`super::allies`]); every other set-up rule is the
/// same as for any unit.
pub fn plan_add_unit(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    warscroll: &str,
    reinforced: bool,
    name: Option<&str>,
    ally: Option<&Faction>,
) -> Result<Outcome, RuleError> {
    if roster.setup_complete {
        return Err(RuleError::new(
            "order of battle",
            format!(
                "{} has fought a battle, so set-up is over; new units join in an aftermath",
                roster.name
            ),
        ));
    }
    let share = ally
        .map(|a| check_ally_faction(pack, faction, roster, a))
        .transpose()?;
    let w = find_warscroll(ally.unwrap_or(faction), warscroll)?;
    if let Some(share) = share {
        check_ally_joins(&Unit::new(0, w))?;
        let (allies, units) = share_counts(roster.active_units());
        check_ally_share(
            share.one_in,
            allies + 1,
            units + 1,
            "the starting Order of Battle",
            "add units of your own faction first",
        )?;
    }
    let source = ally.unwrap_or(faction);
    check_may_join(w, Allowed::of(roster))?;
    check_unique_warscroll(roster, w)?;
    let before = active_warscrolls(roster);
    let after: Vec<&str> = before.iter().copied().chain([w.name.as_str()]).collect();
    check_unlocks(source, &before, &after)?;
    check_unit_name(roster, name)?;
    let mut unit = Unit::new(0, w);
    if reinforced {
        check_reinforceable(&unit, Fix::leave_out(Input::Reinforced))?;
        unit.reinforced = true;
    }
    let limit = u64::from(pack.roster.starting_points);
    let total = roster.points() + unit.cost();
    if total > limit {
        return refuse(
            "starting points",
            format!(
                "adding {}{} ({} pts) brings the Order of Battle to {total} points, over the {limit}-point starting limit by {}; pick a cheaper unit{}",
                w.name,
                if reinforced { " reinforced" } else { "" },
                unit.cost(),
                total - limit,
                if reinforced { " or do not reinforce it" } else { "" }
            ),
        );
    }
    let mut out = Outcome::new(format!(
        "{}{}{} added to the Order of Battle",
        w.name,
        if reinforced { " (reinforced)" } else { "" },
        ally.map(|a| format!(" (ally: {})", a.name)).unwrap_or_default()
    ));
    let mut new = NewUnit::from_warscroll(w, name, false);
    new.ally = ally.map(|a| a.name.clone());
    out.push(Change::AddUnit { unit: new });
    if reinforced {
        out.push(Change::Reinforce {
            unit: UnitRef::New(0),
        });
    }
    grant_starting_picks(&roster.units, &mut out);
    Ok(out)
}

/// Refuses a second copy of a UNIQUE warscroll: a UNIQUE unit is one named character, so an
/// Order of Battle holds it once. Names the copy already there, with its id.
pub fn check_unique_warscroll(roster: &Roster, w: &Warscroll) -> Result<(), RuleError> {
    if !w.is_unique() {
        return Ok(());
    }
    match roster.active_units().find(|u| u.warscroll.same_name(&w.name)) {
        Some(there) => refuse(
            "unique units",
            format!(
                "{} is UNIQUE and already on the Order of Battle as {}; an Order of Battle holds one copy of a UNIQUE warscroll, so pick another unit",
                w.name,
                there.label()
            ),
        ),
        None => Ok(()),
    }
}

/// Refuses a custom name that is not a name (see [`crate::rules::names`]) or that another unit
/// on the Order of Battle already has.
pub fn check_unit_name(roster: &Roster, name: Option<&str>) -> Result<(), RuleError> {
    let Some(given) = name else {
        return Ok(());
    };
    let wanted = crate::rules::names::check(NameKind::Unit, given)?;
    match roster
        .active_units()
        .find(|u| u.name.as_deref().is_some_and(|o| o.same_name(wanted)))
    {
        Some(other) => refuse(
            "unit names",
            format!(
                "{} is already called '{wanted}'; pick another name",
                other.label()
            ),
        ),
        None => Ok(()),
    }
}

/// Pairs of units on the Order of Battle with one own name (an older ptg's list import let a
/// unit take the name another already had), the earlier first: each pair once, against the
/// first unit so named.
pub fn same_named_units(roster: &Roster) -> Vec<(&Unit, &Unit)> {
    let named: Vec<(&Unit, &str)> = roster
        .active_units()
        .filter_map(|u| u.name.as_deref().map(|n| (u, n)))
        .collect();
    named
        .iter()
        .enumerate()
        .filter_map(|(i, (u, n))| {
            let first = named[..i].iter().find(|(_, o)| o.same_name(n))?;
            Some((first.0, *u))
        })
        .collect()
}

/// Refuses to reinforce a single-model unit or one the data marks as not reinforceable.
pub fn check_reinforceable(unit: &Unit, fix: Fix) -> Result<(), RuleError> {
    if let Some(why) = never_reinforceable(unit) {
        return refuse_fix("reinforced units", format!("{} {why}", unit.warscroll), fix);
    }
    if unit.reinforced {
        return refuse_fix(
            "reinforced units",
            format!(
                "{} is already reinforced (a unit is reinforced once)",
                unit.label()
            ),
            fix,
        );
    }
    Ok(())
}

/// Why a unit can never be reinforced (single model, or its battle profile forbids it).
pub(super) fn never_reinforceable(unit: &Unit) -> Option<&'static str> {
    if unit.unit_size <= 1 {
        Some("has a minimum size of 1 model and cannot be reinforced")
    } else if !unit.reinforceable {
        Some("cannot be reinforced (its battle profile does not allow it)")
    } else {
        None
    }
}
