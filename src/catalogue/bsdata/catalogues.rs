//! Which catalogues are factions (see "Which catalogues" in the module docs of [`super`]), the
//! files each faction's ids resolve in, and why every other file is not imported.

use super::extract::Scope;
use super::scan::Found;
use super::xml::CatFile;
use std::collections::HashMap;

/// The faction name: the catalogue name without BSData's " [LEGENDS]" marker.
pub(super) fn faction_name(catalogue: &str) -> (&str, bool) {
    match catalogue.trim().strip_suffix("[LEGENDS]") {
        Some(base) => (base.trim_end(), true),
        None => (catalogue.trim(), false),
    }
}

/// A faction catalogue is a non-library catalogue with a library named "<its name> - Library"
/// in the folder (its link to that library is checked once it is parsed).
pub(super) fn is_faction(f: &Found, all: &[Found]) -> bool {
    if f.header.game_system || f.header.library {
        return false;
    }
    let library = format!("{} - Library", faction_name(&f.header.name).0);
    all.iter()
        .any(|l| l.header.library && !l.header.game_system && l.header.name == library)
}

/// The faction catalogue, its own libraries (links without `importRootEntries`, transitively),
/// then everything else it links (breadth first), then the game system.
pub(super) fn scope_of<'a>(
    cat: &'a CatFile,
    index: &HashMap<&str, &'a CatFile>,
    game: &'a CatFile,
) -> Scope<'a> {
    let mut files: Vec<&CatFile> = vec![cat];
    let mut i = 0;
    while i < files.len() {
        for link in files[i].catalogue_links.iter().filter(|l| !l.import_root) {
            if let Some(&c) = index.get(link.target.as_str())
                && !files.iter().any(|f| std::ptr::eq(*f, c))
            {
                files.push(c);
            }
        }
        i += 1;
    }
    let own = files.len();
    let mut i = 0;
    while i < files.len() {
        for link in &files[i].catalogue_links {
            if let Some(&c) = index.get(link.target.as_str())
                && !files.iter().any(|f| std::ptr::eq(*f, c))
            {
                files.push(c);
            }
        }
        i += 1;
    }
    files.push(game);
    Scope { files, own }
}

/// Why a catalogue file was not imported as a faction.
pub(super) fn skip_reason(f: &Found, parsed: bool, factions: &[&str]) -> String {
    let name = f
        .header
        .name
        .trim_start_matches(|c: char| !c.is_alphanumeric())
        .trim();
    let legends = if name.contains("[LEGENDS") {
        " [LEGENDS]"
    } else {
        ""
    };
    if parsed {
        return "read only to resolve links from faction catalogues (e.g. Path to Glory battlepack content); not faction facts".to_string();
    }
    if name.starts_with("Regiments of Renown") {
        return "Regiments of Renown: units hired from other factions; skipped".to_string();
    }
    if let Some(faction) = factions.iter().find(|fac| name.starts_with(&format!("{fac} - "))) {
        return format!("Army of Renown{legends} of {faction}; skipped (its units are the faction's)");
    }
    if f.header.library {
        return format!("library{legends} no faction catalogue links; skipped");
    }
    format!("not a faction catalogue (links no \"<name> - Library\"){legends}; skipped")
}
