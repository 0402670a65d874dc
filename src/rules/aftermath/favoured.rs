//! Step 2's favoured warriors. The book lets the player pick them after the D3 renown for
//! fighting the battle is known, so a unit a few points short of a rank can be seen over the
//! threshold. A unit named up front (`--favoured UNIT`) is checked before any die is rolled,
//! so a typo costs no dice; otherwise a [`FavouredPicker`] is asked once the D3s are in. Both
//! answers pass the same checks.

use crate::catalogue::battlepack::Battlepack;
use crate::fix::{Fix, Input};
use crate::rules::aftermath::Fought;
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse};
use std::collections::BTreeMap;

/// A unit that may be the favoured warriors, as the player sees it when picking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FavouredCandidate {
    pub id: i64,
    /// "Dawn Guard (Liberators, #2)", as refusals name units.
    pub label: String,
    /// Renown before this aftermath.
    pub renown: u32,
    /// Renown gained in this aftermath so far (step 2's D3, or 1 if destroyed).
    pub gained: u32,
    /// The next rank above `renown + gained`, and the renown that reaches it.
    pub next_rank: Option<(String, u32)>,
}

/// Who picks the favoured warriors after step 2's D3s: at the table, a person (the CLI asks
/// on standard input); in tests, a rule of thumb. The engine stays pure: it only calls this.
pub trait FavouredPicker {
    /// Returns the unit as the player named it (a name, warscroll or id). `refused` is why
    /// the previous answer was not accepted, to be shown before asking again. An error
    /// (e.g. the player cancelled) ends the aftermath with nothing saved.
    fn pick(
        &mut self,
        candidates: &[FavouredCandidate],
        refused: Option<&RuleError>,
    ) -> Result<String, RuleError>;
}

/// Units that may be the favoured warriors: took part, not the warlord, not UNIQUE.
fn eligible<'a>(roster: &'a Roster, fought: &Fought) -> Vec<&'a Unit> {
    favoured_choices(roster, &fought.army)
}

/// The units the favoured warriors may be picked from, of an army of `army` (unit ids): those
/// that took part, never the warlord nor a UNIQUE unit. What a picker offers (the battle's
/// page), and exactly what [`favoured_warriors`] accepts.
pub fn favoured_choices<'a>(roster: &'a Roster, army: &[i64]) -> Vec<&'a Unit> {
    roster
        .units
        .iter()
        .filter(|u| army.contains(&u.id) && !u.warlord && !u.has_keyword("UNIQUE"))
        .collect()
}

/// Asks `picker` until it names a unit that passes [`favoured_warriors`]; None when no unit
/// could be picked. `gained` is the renown each unit gained in step 2.
pub(super) fn ask_favoured<'a>(
    pack: &Battlepack,
    roster: &'a Roster,
    fought: &Fought,
    gained: &BTreeMap<i64, u32>,
    picker: &mut dyn FavouredPicker,
) -> Result<Option<&'a Unit>, RuleError> {
    let candidates: Vec<FavouredCandidate> = eligible(roster, fought)
        .into_iter()
        .map(|u| {
            let gained = gained.get(&u.id).copied().unwrap_or(0);
            FavouredCandidate {
                id: u.id,
                label: u.label(),
                renown: u.renown,
                gained,
                next_rank: pack
                    .ranks
                    .iter()
                    .find(|r| r.renown > u.renown + gained)
                    .map(|r| (r.name.clone(), r.renown)),
            }
        })
        .collect();
    if candidates.is_empty() {
        return Ok(None);
    }
    let mut refused = None;
    // A person gets many tries; a picker that keeps answering wrong (a script's fixed answer)
    // is stopped with the last refusal rather than asked for ever.
    for _ in 0..MAX_ANSWERS {
        let answer = picker.pick(&candidates, refused.as_ref())?;
        match favoured_warriors(roster, fought, Some(&answer)) {
            Ok(unit) => return Ok(unit),
            Err(e) => refused = Some(e),
        }
    }
    Err(refused.unwrap_or_else(|| RuleError::new("favoured warriors", "no favoured warriors were picked")))
}

/// How many refused answers the favoured-warriors question takes before giving up.
const MAX_ANSWERS: usize = 20;

/// The favoured warriors: one unit that took part, never the warlord; required whenever some
/// unit could be picked.
pub(super) fn favoured_warriors<'a>(
    roster: &'a Roster,
    fought: &Fought,
    wanted: Option<&str>,
) -> Result<Option<&'a Unit>, RuleError> {
    let candidates = eligible(roster, fought);
    let Some(wanted) = wanted else {
        if candidates.is_empty() {
            return Ok(None);
        }
        return Err(RuleError::new(
            "favoured warriors",
            format!(
                "pick 1 unit that took part to be the favoured warriors, or ask to pick once the D3s are rolled (one of: {})",
                candidates
                    .iter()
                    .map(|u| u.label())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
        .fix(Fix::give(Input::Favoured))
        .fix(Fix::set(Input::Favoured, "ask")));
    };
    let unit = roster.find_unit(wanted)?;
    if unit.warlord {
        return refuse(
            "favoured warriors",
            format!(
                "{} is the warlord, and the warlord cannot be the favoured warriors; pick another unit that took part",
                unit.label()
            ),
        );
    }
    if !fought.army.contains(&unit.id) {
        return refuse(
            "favoured warriors",
            format!(
                "{} did not take part in battle {}; pick a unit that did",
                unit.label(),
                fought.battle_id
            ),
        );
    }
    if unit.has_keyword("UNIQUE") {
        return refuse(
            "favoured warriors",
            format!(
                "{} is UNIQUE and gains no renown; pick another unit",
                unit.label()
            ),
        );
    }
    Ok(Some(unit))
}

#[cfg(test)]
mod tests;
