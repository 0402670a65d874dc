//! What the importer takes from the game system (`.gst`): the well-known ids the rules match
//! on (the "pts" cost type, the "Reinforced" upgrade, the "Legends" category) and the force
//! entries of the assumed Path to Glory roster.

use super::error::BsdataError;
use super::extract::{Context, Known};
use super::xml::{self, CatFile};
use std::collections::HashSet;

/// The force entry of the battlepack ptg implements.
pub(super) const ASCENSION: &str = "Path to Glory: Ascension";

/// The well-known game system ids the rules match on.
pub(super) fn known_ids(game: &CatFile) -> Result<Known, BsdataError> {
    let missing = |what: &str| BsdataError::GameSystem {
        file: game.file.clone(),
        what: what.to_string(),
    };
    let points = game
        .cost_types
        .iter()
        .find(|(_, name)| name == "pts")
        .map(|(id, _)| id.clone())
        .ok_or_else(|| missing("cost type named \"pts\""))?;
    let reinforced = game
        .nodes
        .iter()
        .find(|n| n.kind == xml::NodeKind::Entry && n.name == "Reinforced")
        .map(|n| n.id.clone())
        .unwrap_or_default();
    let legends = game
        .categories
        .iter()
        .find(|(_, c)| c.name == "Legends")
        .map(|(id, _)| id.clone())
        .unwrap_or_default();
    Ok(Known {
        points,
        reinforced,
        legends,
    })
}

/// The assumed roster: a "Path to Glory: Ascension" force (the battlepack ptg implements, so
/// no seasonal content and Ascension's points), unit in a "Regiment", with BSData's roster-wide
/// "Allow Legends" switch on or off.
pub(super) fn roster_context(game: &CatFile, legends: bool, warnings: &mut Vec<String>) -> Context {
    let forces: HashSet<String> = game.forces.iter().map(|(id, _)| id.clone()).collect();
    let mut active = HashSet::new();
    for wanted in [ASCENSION, "Regiment"] {
        let hit = game.forces.iter().find(|(_, n)| n == wanted);
        match hit {
            Some((id, _)) => {
                active.insert(id.clone());
            }
            None => warnings.push(format!(
                "{}: no force entry '{wanted}'; hidden flags are read without it",
                game.file
            )),
        }
    }
    // "Allow Legends" is a roster-wide switch (an upgrade taken once or not at all).
    let switch = if legends { 1.0 } else { 0.0 };
    let fixed = game
        .nodes
        .iter()
        .filter(|n| n.kind == xml::NodeKind::Entry && n.name == "Allow Legends")
        .map(|n| (n.id.clone(), switch))
        .collect();
    Context {
        forces,
        active,
        fixed,
    }
}
