//! What a command did, in words: each change with the unit it is about named, and the dice
//! rolled, for the CLI's output and the pages' "what happened".

use crate::rules::dice::Roll;
use crate::rules::model::Roster;
use crate::rules::{Change, Outcome, UnitRef};

/// A change with the unit it is about named, e.g. "Liberators (#2): +3 renown (...)"; the
/// unit is looked up in `rosters` in order (the roster after a change, then before it).
pub fn describe(rosters: &[&Roster], change: &Change) -> String {
    let who = match change.unit() {
        Some(UnitRef::Existing(id)) => rosters
            .iter()
            .find_map(|r| r.unit(id))
            .map(|u| format!("{}: ", u.label())),
        Some(UnitRef::New(_)) => Some("new unit: ".to_string()),
        None => None,
    };
    format!("{}{}", who.unwrap_or_default(), change.describe())
}

/// "rolled D3 for renown for Liberators: 2 = 2".
pub fn roll_words(r: &Roll) -> String {
    let faces: Vec<String> = r.faces.iter().map(u32::to_string).collect();
    format!(
        "rolled {} for {}: {} = {}",
        r.expression,
        r.purpose,
        faces.join("+"),
        r.total
    )
}

/// Every line of `outcome`: its changes as `after` names their units, then its notes and
/// its dice.
pub fn outcome_lines(outcome: &Outcome, after: &Roster) -> Vec<String> {
    outcome
        .changes
        .iter()
        .map(|c| describe(&[after], c))
        .chain(outcome.notes.iter().cloned())
        .chain(outcome.rolls.iter().map(roll_words))
        .collect()
}
