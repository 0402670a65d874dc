//! The army's general: the warlord if taken, a WARMASTER if any is taken, and always a HERO.

use crate::fix::{Fix, Input};
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse, refuse_fix};

pub(super) fn labels(units: &[&Unit]) -> String {
    units.iter().map(|u| u.label()).collect::<Vec<_>>().join(", ")
}

pub(super) fn warmasters<'a>(units: &[&'a Unit]) -> Vec<&'a Unit> {
    units
        .iter()
        .copied()
        .filter(|u| u.has_keyword("WARMASTER"))
        .collect()
}

/// The units of `roster` that may be named the general of an army it takes: its HEROes on the
/// Order of Battle, never an allied unit (see [`choose_general`]). What a picker offers.
/// With `army` (the ids of the army recorded) only what the rules accept for that army: its
/// warlord when taken (Path to Glory), else its WARMASTERs when any is taken (core rules 3.2),
/// else its HEROes. With no army yet, any HERO may be the general of some army.
pub fn general_choices<'a>(roster: &'a Roster, army: &[i64]) -> Vec<&'a Unit> {
    let heroes = roster
        .active_units()
        .filter(|u| u.ally.is_none() && u.has_keyword("HERO"));
    if army.is_empty() {
        return heroes.collect();
    }
    let taken: Vec<&Unit> = heroes.filter(|u| army.contains(&u.id)).collect();
    if let Some(warlord) = taken.iter().find(|u| u.warlord) {
        return vec![*warlord];
    }
    let masters = warmasters(&taken);
    match masters.is_empty() {
        true => taken,
        false => masters,
    }
}

/// The general: the one named, else the warlord if taken, else the only WARMASTER, else the
/// only HERO. The warlord, if taken, must be the general (Path to Glory); if any WARMASTER is
/// taken, the general must be one of them (core rules 3.2); the general is a HERO, and never
/// an allied unit (core rules 2e, Allies), so allied units are left out of the picking.
pub(super) fn choose_general<'a>(
    roster: &'a Roster,
    all: &[&'a Unit],
    named: Option<&str>,
) -> Result<&'a Unit, RuleError> {
    if let Some(g) = named
        .map(|g| roster.find_unit(g))
        .transpose()?
        .filter(|g| g.ally.is_some())
    {
        return refuse_fix(
            "general",
            format!(
                "{} is an allied unit, and allied units are never the general; pick another general",
                g.label()
            ),
            Fix::give(Input::General),
        );
    }
    let units: Vec<&Unit> = all.iter().copied().filter(|u| u.ally.is_none()).collect();
    let units = units.as_slice();
    let warlord = units.iter().copied().find(|u| u.warlord);
    let warmasters = warmasters(units);
    if let Some(w) = warlord.filter(|w| !warmasters.is_empty() && !w.has_keyword("WARMASTER")) {
        return refuse(
            "warmaster",
            format!(
                "the warlord {} is taken, so it must be the general (Path to Glory), but {} has the WARMASTER keyword, so the general must be a WARMASTER (core rules 3.2); leave one of them out",
                w.label(),
                labels(&warmasters)
            ),
        );
    }
    let general = match (named, warlord) {
        (Some(g), _) => {
            let g = roster.find_unit(g)?;
            if !units.iter().any(|u| u.id == g.id) {
                return refuse(
                    "general",
                    format!("the general {} is not in the army; add it", g.label()),
                );
            }
            if let Some(w) = warlord.filter(|w| w.id != g.id) {
                return Err(RuleError::new(
                    "general",
                    format!(
                        "the warlord {} is in the army, so the warlord must be the general",
                        w.label()
                    ),
                )
                .fix(Fix::leave_out(Input::General))
                .fix(Fix::set(Input::General, w.label())));
            }
            if !warmasters.is_empty() && !g.has_keyword("WARMASTER") {
                return refuse(
                    "warmaster",
                    format!(
                        "{} has the WARMASTER keyword, so the general must be a WARMASTER (core rules 3.2), and {} is not; name {} as the general",
                        labels(&warmasters),
                        g.label(),
                        if warmasters.len() == 1 {
                            "it"
                        } else {
                            "one of them"
                        }
                    ),
                );
            }
            g
        }
        (None, Some(w)) => w,
        (None, None) => match warmasters.as_slice() {
            [one] => *one,
            [_, _, ..] => {
                return refuse_fix(
                    "general",
                    format!(
                        "pick the general; it must be a WARMASTER (one of: {})",
                        labels(&warmasters)
                    ),
                    Fix::give(Input::General),
                );
            }
            [] => {
                let heroes: Vec<&Unit> = units.iter().copied().filter(|u| u.has_keyword("HERO")).collect();
                match heroes.as_slice() {
                    [one] => *one,
                    [] => {
                        return refuse(
                            "general",
                            "the army has no HERO that may be its general (allied units never are); add a HERO of the roster's own faction",
                        );
                    }
                    many => {
                        return refuse_fix(
                            "general",
                            format!("pick the general (one of: {})", labels(many)),
                            Fix::give(Input::General),
                        );
                    }
                }
            }
        },
    };
    if !general.has_keyword("HERO") {
        return refuse(
            "general",
            format!("the general must be a HERO, and {} is not", general.label()),
        );
    }
    Ok(general)
}
