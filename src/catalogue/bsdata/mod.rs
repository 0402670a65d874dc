//! Importer of the BSData Age of Sigmar 4th edition catalogues (`BSData/age-of-sigmar-4th`):
//! turns a checkout's `.gst`/`.cat` files into [`Faction`] facts and writes them as the TOML
//! files under `data/factions/`.
//!
//! The XML is streamed with quick-xml; each file becomes a small index ([`xml::CatFile`]) of
//! entries, groups, links, constraints, costs, category links and `hidden` modifiers. Ids are
//! matched, never names, except to find a handful of well-known definitions in the game system
//! (the "pts" cost type, the "Reinforced" upgrade, the "Legends" category and the force
//! entries that make up the assumed roster) and the faction's three lore groups.
//!
//! # Which catalogues
//!
//! A *faction catalogue* is a non-library catalogue that links a library named after it
//! ("Stormcast Eternals" → "Stormcast Eternals - Library"; a trailing " [LEGENDS]" is ignored
//! for the match). Everything it links with `catalogueLink`, transitively, is read to resolve
//! ids (its Library, Lores.cat, the Path to Glory battlepack catalogues, ...). Armies of Renown
//! ("<Faction> - <Army>.cat", including their [LEGENDS] ones), Regiments of Renown and libraries
//! no faction links are not read; they are listed in [`Import::skipped`] with the reason, as are
//! the battlepack catalogues, which are read only to resolve links (their heroic traits,
//! artefacts and scars belong to battlepacks, not to factions). Whole factions BSData marks
//! [LEGENDS] (Beasts of Chaos, Bonesplitterz) are imported under their plain name, with a warning.
//!
//! # What a roster sees
//!
//! `hidden` flags are read as a *Path to Glory: Ascension* roster would see them (the battlepack
//! ptg implements), with the unit in a *Regiment*: a `set hidden` modifier is applied when its
//! conditions are surely true, where only `instanceOf`/`notInstanceOf` a force entry (true for
//! those two, false for every other) and counts of the game system's roster-wide "Allow
//! Legends" switch can be decided; any other condition (selection counts, categories, local
//! condition groups) leaves the modifier unapplied. An entry a modifier un-hides only in other
//! forces is hidden here even where its own `hidden` was left false. This keeps out the
//! seasonal content (the "(Scourge of …)" warscroll copies, seasonal enhancement tables and
//! lores) that BSData shows in Freeform or a General's Handbook season. `set` points modifiers
//! that surely hold are applied the same way (Ascension prices faction terrain at 0).
//!
//! # Rules
//!
//! - **Units**: the root entry links (and root entries) of the faction catalogue that resolve
//!   to a `type="unit"` entry, are visible with "Allow Legends" on, do not come from a seasonal
//!   publication ("Scourge of …", "General's Handbook …"), and have a "pts" cost on the link
//!   (else on the entry; none → it comes with another unit and is skipped, unless it is faction
//!   terrain, which is then free). **Legends** are the units shown only with "Allow Legends" on,
//!   those in the "Legends" category and every unit of a [LEGENDS] faction: imported, marked
//!   `legends` (a campaign decides whether they may be used). **Anvil of Apotheosis** heroes
//!   ("Anvil of Apotheosis: …", hidden behind roster-wide conditions) are imported marked
//!   `anvil_of_apotheosis`, at 0 points. A unit with a `max 0` constraint is a copy of another
//!   ("Undersize Unit") and skipped, unless a modifier lifts that constraint per selection of an
//!   imported unit and no unit of its name was imported: it is kept, `unlocked_by` that unit
//!   (e.g. one Wolfgit Retinue per Snarlboss). An undersize copy is a second root link to a
//!   unit's entry that renames it with an unconditional `set name` modifier ("Terradon Riders
//!   (2 Models)", 70 pts per Terradon Chief): it is kept under that name, with the link's id,
//!   the models its name gives as `unit_size`, and not reinforceable. Name and id come from the unit entry; a repeated
//!   name keeps the first and warns.
//!   `unit_size` is the sum of the `min` (scope "parent") constraints of the unit's visible
//!   model entries, through groups and links (a group's own `min` counts when larger); a unit
//!   without model entries (single model, faction terrain) has size 1. `reinforceable`: the
//!   root link or unit entry links the game system's "Reinforced" upgrade, by id. Keywords are
//!   the upper-case names of the categories linked from the unit entry and its root link.
//! - **Enhancement tables**: selection entry groups that an imported unit links directly
//!   (`entryLink type="selectionEntryGroup"` on its root link or unit entry), that are defined
//!   in the faction's own catalogues (faction + Library; so not battlepack or game-system
//!   groups), visible, and that hold at least one visible upgrade entry through their visible
//!   sub-groups. "Battle Wounds + Scars" and "Paths" are hidden unless the roster is in a
//!   battlepack force, and lores/battle formations are not linked from units, so none of
//!   them qualifies. Kind: "Heroic Traits" → heroic trait, "Artefacts of Power" → artefact,
//!   any other → other. `eligible` = the imported units linking the table.
//! - **Lores**: the visible choices of the faction's "Spell Lores", "Prayer Lores" and
//!   "Manifestation Lores" groups, each resolved to its spells/prayers (upgrade entries, usually
//!   in Lores.cat); `value` is the "Casting Value"/"Chanting Value" characteristic of the
//!   entry's profile (or of a profile it infoLinks). Then the universal manifestation lores
//!   (the "Manifestation Lores" group of the shared "Lores" catalogue), which every faction may
//!   take. Manifestation warscrolls are not entries.
//!
//! # Ignored
//!
//! All other modifiers (multiplied points, names, categories, profile text), so points are the
//! base costs (the ×2 for reinforcing is the rules engine's business) and keywords are the
//! unconditional ones; rules and profile text. A dangling link inside a unit or table is a
//! warning and the link is skipped; a file that does not parse is an error naming the file,
//! line and byte position, and nothing is written.
//!
//! # Files
//!
//! This file holds the entry point ([`import_dir`]) and its result; beside it: `error` (what
//! can go wrong), `scan` (finding and parsing the folder's files), `catalogues` (which files are
//! factions, what each one sees, why the others are skipped), `game_system` (the well-known ids
//! and the assumed roster), `provenance` (where the checkout came from), `xml` (the streaming
//! read of one file), `extract` (a faction from the parsed files) and `write` (the TOML files).

mod catalogues;
mod error;
mod extract;
mod game_system;
mod provenance;
mod renames;
mod scan;
mod write;
mod xml;

#[cfg(test)]
mod tests;

pub use crate::names::slug;
pub use error::BsdataError;
pub use provenance::ORIGIN;
pub use write::write_factions;

use crate::catalogue::faction::Faction;
use catalogues::{faction_name, is_faction, scope_of, skip_reason};
use extract::Extractor;
use game_system::{known_ids, roster_context};
use provenance::provenance;
use scan::{parse_all, scan};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use xml::CatFile;

/// The result of importing a catalogue folder.
#[derive(Debug, Clone, Default)]
pub struct Import {
    /// One per faction catalogue, sorted by name.
    pub factions: Vec<Faction>,
    /// Things skipped inside catalogues (dangling links, repeated names, ...), one per line.
    pub warnings: Vec<String>,
    /// Catalogue files not imported as factions, each with the reason.
    pub skipped: Vec<String>,
}

/// Imports every faction catalogue of a BSData checkout (see the module docs for the rules).
pub fn import_dir(dir: &Path) -> Result<Import, BsdataError> {
    let found = scan(dir)?;
    let mut out = Import::default();

    let gst = found
        .iter()
        .position(|f| f.header.game_system)
        .ok_or_else(|| BsdataError::NoGameSystem {
            path: dir.to_path_buf(),
        })?;
    for f in found.iter().filter(|f| f.header.game_system).skip(1) {
        out.skipped.push(format!(
            "{}: a second game system; only {} is used",
            f.file, found[gst].file
        ));
    }
    let by_id: HashMap<&str, usize> = found
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.header.game_system)
        .map(|(i, f)| (f.header.id.as_str(), i))
        .collect();

    // Faction catalogues: non-libraries with a "<own name> - Library" beside them.
    let system = found[gst].header.id.as_str();
    let mains: Vec<usize> = (0..found.len())
        .filter(|&i| is_faction(&found[i], &found) && found[i].header.game_system_id == system)
        .collect();
    if mains.is_empty() {
        return Err(BsdataError::NoFactions {
            path: dir.to_path_buf(),
        });
    }

    // Read the game system and the factions, then whatever they link, transitively.
    let mut parsed: HashMap<usize, CatFile> = HashMap::new();
    let mut wanted: Vec<usize> = std::iter::once(gst).chain(mains.iter().copied()).collect();
    while !wanted.is_empty() {
        for (i, cat) in wanted.iter().copied().zip(parse_all(&found, &wanted)?) {
            parsed.insert(i, cat);
        }
        let mut next: Vec<usize> = Vec::new();
        for cat in parsed.values() {
            for link in &cat.catalogue_links {
                match by_id.get(link.target.as_str()) {
                    Some(&i) if !parsed.contains_key(&i) && !next.contains(&i) => next.push(i),
                    Some(_) => {}
                    None => out.warnings.push(format!(
                        "{}: <catalogueLink> '{}' (targetId {}): no such catalogue in the folder; its ids will not resolve",
                        cat.file, link.name, link.target
                    )),
                }
            }
        }
        next.sort_unstable();
        wanted = next;
    }
    out.warnings.sort();
    out.warnings.dedup();

    let game = &parsed[&gst];
    let known = known_ids(game)?;
    let ctx = roster_context(game, false, &mut out.warnings);
    let legends_ctx = roster_context(game, true, &mut Vec::new());
    let source = provenance(dir);
    let index: HashMap<&str, &CatFile> = parsed
        .iter()
        .filter(|(i, _)| **i != gst)
        .map(|(_, c)| (c.header.id.as_str(), c))
        .collect();

    let mut own_files: HashSet<&str> = HashSet::new();
    let mut lore_files: HashSet<String> = HashSet::new();
    for &m in &mains {
        let cat = &parsed[&m];
        let scope = scope_of(cat, &index, game);
        own_files.extend(scope.files[..scope.own].iter().map(|f| f.file.as_str()));
        let (name, legends) = faction_name(&cat.header.name);
        if legends {
            out.warnings.push(format!(
                "{}: BSData marks the whole faction [LEGENDS]; imported as '{name}' with its Legends units",
                cat.file
            ));
        }
        if scope.own < 2 {
            out.warnings.push(format!(
                "{}: links no \"{name} - Library\"; its units may not resolve",
                cat.file
            ));
        }
        let mut ex = Extractor {
            scope: &scope,
            ctx: &ctx,
            legends_ctx: &legends_ctx,
            known: &known,
            warnings: &mut out.warnings,
            legends_faction: legends,
            lore_files: &mut lore_files,
        };
        let faction = ex.faction(name.to_string(), source.clone());
        out.factions.push(faction);
    }
    out.factions.sort_by(|a, b| a.name.cmp(&b.name));

    // Explain every file that was not imported as a faction.
    let main_files: HashSet<&str> = mains.iter().map(|&i| found[i].file.as_str()).collect();
    let main_names: Vec<&str> = mains
        .iter()
        .map(|&i| faction_name(&found[i].header.name).0)
        .collect();
    for (i, f) in found.iter().enumerate() {
        let used = main_files.contains(f.file.as_str())
            || own_files.contains(f.file.as_str())
            || lore_files.contains(&f.file);
        if f.header.game_system || used {
            continue;
        }
        let reason = if f.header.game_system_id != system {
            format!(
                "written for another game system (gameSystemId {}); skipped",
                f.header.game_system_id
            )
        } else {
            skip_reason(f, parsed.contains_key(&i), &main_names)
        };
        out.skipped.push(format!("{}: {reason}", f.file));
    }
    out.skipped.sort();
    Ok(out)
}
