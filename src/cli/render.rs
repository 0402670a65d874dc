//! Words for what the engine returns, shared by several commands: rolls, changes, rank
//! choices and rewards waiting to be picked.

use super::output::line;
use crate::error::Result;
use crate::rules::dice::Roll;
use crate::rules::model::Roster;
use crate::rules::{Change, UnitRef};

/// Prints the rolls a command made, so the opponent sees them.
pub fn print_rolls(rolls: &[Roll]) -> Result<()> {
    for r in rolls {
        let faces: Vec<String> = r.faces.iter().map(u32::to_string).collect();
        line(format!(
            "  rolled {} for {}: {} = {}",
            r.expression,
            r.purpose,
            faces.join("+"),
            r.total
        ))?;
    }
    Ok(())
}

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
