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
//! `hidden` flags are read as a *Path to Glory: Freeform* roster would see them, with the unit
//! in a *Regiment*: a `set hidden` modifier is applied when its conditions are surely true,
//! where only `instanceOf`/`notInstanceOf` a force entry can be decided (true for those two
//! force entries, false for every other); any other condition (selection counts, categories,
//! local condition groups) leaves the modifier unapplied. This is what shows the seasonal
//! tables (e.g. Monstrous Traits) that BSData hides outside a General's Handbook season or
//! freeform Path to Glory, while keeping every other default.
//!
//! # Rules
//!
//! - **Units**: the root entry links (and root entries) of the faction catalogue that resolve
//!   to a `type="unit"` entry, are visible, carry no `max 0` constraint (BSData's "Undersize
//!   Unit" copies), have a "pts" cost on the link (else on the entry; none → it comes with
//!   another unit and is skipped) and, outside [LEGENDS] factions, are not in the "Legends"
//!   category. Name and id come from the unit entry; a repeated name keeps the first and warns.
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
//!   entry's profile (or of a profile it infoLinks). Manifestation warscrolls are not entries.
//!   Universal manifestation lores of the game system are not faction facts and not imported.
//!
//! # Ignored
//!
//! All modifiers other than `set hidden` (points, names, categories, constraints, profile
//! text), so points are the base costs (the ×2 for reinforcing is the rules engine's business)
//! and keywords are the unconditional ones; `repeats`; publications; rules and profile text.
//! A dangling link inside a unit or table is a warning and the link is skipped; a file that
//! does not parse is an error naming the file and byte position.

mod extract;
mod write;
mod xml;

#[cfg(test)]
mod tests;

pub use crate::names::slug;
pub use write::write_factions;

use crate::catalogue::faction::{Faction, Source};
use extract::{Context, Extractor, Known, Scope};
use std::collections::{HashMap, HashSet};
use std::io::Read;
use std::path::{Path, PathBuf};
use xml::{CatFile, Header};

/// Origin recorded in every imported faction's [`Source`].
pub const ORIGIN: &str = "BSData/age-of-sigmar-4th";

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

/// What can go wrong; every message names the file (and element or byte position).
#[derive(Debug, thiserror::Error)]
pub enum BsdataError {
    #[error("{path}: cannot read the catalogue folder: {cause}")]
    Dir { path: PathBuf, cause: std::io::Error },
    #[error("{path}: cannot read the file: {cause}")]
    Read { path: PathBuf, cause: std::io::Error },
    #[error("{file}: not UTF-8 text (bad byte at position {position})")]
    Encoding { file: String, position: usize },
    #[error("{file}: not a valid catalogue: XML error at byte {position}: {message}")]
    Xml {
        file: String,
        position: u64,
        message: String,
    },
    #[error(
        "{file}: truncated catalogue: <{element}> opened at byte {position} is not closed \
         before the end of the file (byte {end})"
    )]
    Truncated {
        file: String,
        element: String,
        position: u64,
        end: usize,
    },
    #[error(
        "{file}: not a BattleScribe catalogue: the root element is <{element}>, expected <catalogue> or <gameSystem>"
    )]
    NotCatalogue { file: String, element: String },
    #[error("{path}: no game system file (*.gst) in the folder")]
    NoGameSystem { path: PathBuf },
    #[error("{file}: the game system has no {what}; cannot import")]
    GameSystem { file: String, what: String },
    #[error("{path}: no faction catalogue (a catalogue linking \"<name> - Library\") in the folder")]
    NoFactions { path: PathBuf },
    #[error("{path}: cannot write: {cause}")]
    Write { path: PathBuf, cause: std::io::Error },
    #[error("{path}: cannot turn faction '{faction}' into TOML: {message}")]
    Toml {
        path: PathBuf,
        faction: String,
        message: String,
    },
    #[error("{path}: factions '{first}' and '{second}' would share this file name")]
    SameFile {
        path: PathBuf,
        first: String,
        second: String,
    },
}

/// A `.cat`/`.gst` file found in the folder, with its root element.
struct Found {
    path: PathBuf,
    file: String,
    header: Header,
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
    let ctx = roster_context(game, &mut out.warnings);
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

/// Lists the folder's `.cat`/`.gst` files and reads each one's root element.
fn scan(dir: &Path) -> Result<Vec<Found>, BsdataError> {
    let entries = std::fs::read_dir(dir).map_err(|cause| BsdataError::Dir {
        path: dir.to_path_buf(),
        cause,
    })?;
    let mut paths: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .filter(|p| {
            p.extension()
                .and_then(|e| e.to_str())
                .is_some_and(|e| e.eq_ignore_ascii_case("cat") || e.eq_ignore_ascii_case("gst"))
        })
        .collect();
    paths.sort();
    let mut found = Vec::with_capacity(paths.len());
    for path in paths {
        let file = path
            .file_name()
            .map(|f| f.to_string_lossy().into_owned())
            .unwrap_or_default();
        let header = read_head(&path, &file)?;
        found.push(Found { path, file, header });
    }
    Ok(found)
}

/// Reads the root element from the start of a file (the whole file if the start is not enough).
fn read_head(path: &Path, file: &str) -> Result<Header, BsdataError> {
    let read_err = |cause| BsdataError::Read {
        path: path.to_path_buf(),
        cause,
    };
    let mut head = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(16 * 1024).read_to_end(&mut head))
        .map_err(read_err)?;
    // Cut at the last '>' so a multi-byte character or a tag is never split.
    let cut = head.iter().rposition(|&b| b == b'>').map_or(0, |p| p + 1);
    if let Ok(text) = xml::decode(file, &head[..cut])
        && let Ok(h) = xml::read_header(file, text)
    {
        return Ok(h);
    }
    let bytes = std::fs::read(path).map_err(read_err)?;
    xml::read_header(file, xml::decode(file, &bytes)?)
}

/// Parses the given files on up to two threads, keeping their order.
fn parse_all(found: &[Found], which: &[usize]) -> Result<Vec<CatFile>, BsdataError> {
    let parse_one = |i: usize| -> Result<CatFile, BsdataError> {
        let f = &found[i];
        let bytes = std::fs::read(&f.path).map_err(|cause| BsdataError::Read {
            path: f.path.clone(),
            cause,
        })?;
        xml::parse(&f.path, xml::decode(&f.file, &bytes)?)
    };
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .clamp(1, 2);
    if threads == 1 || which.len() < 2 {
        return which.iter().map(|&i| parse_one(i)).collect();
    }
    // Larger files first so the two threads finish together.
    let mut order: Vec<usize> = (0..which.len()).collect();
    order
        .sort_by_key(|&k| std::cmp::Reverse(std::fs::metadata(&found[which[k]].path).map_or(0, |m| m.len())));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<Vec<(usize, Result<CatFile, BsdataError>)>> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut mine = Vec::new();
                    loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&slot) = order.get(k) else { break };
                        mine.push((slot, parse_one(which[slot])));
                    }
                    mine
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_default())
            .collect()
    });
    let mut slots: Vec<Option<Result<CatFile, BsdataError>>> = (0..which.len()).map(|_| None).collect();
    for (slot, r) in results.into_iter().flatten() {
        slots[slot] = Some(r);
    }
    slots
        .into_iter()
        .zip(which)
        .map(|(r, &i)| {
            r.unwrap_or_else(|| {
                Err(BsdataError::Xml {
                    file: found[i].file.clone(),
                    position: 0,
                    message: "the parsing thread stopped unexpectedly".to_string(),
                })
            })
        })
        .collect()
}

/// The faction name: the catalogue name without BSData's " [LEGENDS]" marker.
fn faction_name(catalogue: &str) -> (&str, bool) {
    match catalogue.trim().strip_suffix("[LEGENDS]") {
        Some(base) => (base.trim_end(), true),
        None => (catalogue.trim(), false),
    }
}

/// A faction catalogue is a non-library catalogue with a library named "<its name> - Library"
/// in the folder (its link to that library is checked once it is parsed).
fn is_faction(f: &Found, all: &[Found]) -> bool {
    if f.header.game_system || f.header.library {
        return false;
    }
    let library = format!("{} - Library", faction_name(&f.header.name).0);
    all.iter()
        .any(|l| l.header.library && !l.header.game_system && l.header.name == library)
}

/// The faction catalogue, its own libraries (links without `importRootEntries`, transitively),
/// then everything else it links (breadth first), then the game system.
fn scope_of<'a>(cat: &'a CatFile, index: &HashMap<&str, &'a CatFile>, game: &'a CatFile) -> Scope<'a> {
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

/// The well-known game system ids the rules match on.
fn known_ids(game: &CatFile) -> Result<Known, BsdataError> {
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

/// The assumed roster: a "Path to Glory: Freeform" force, unit in a "Regiment".
fn roster_context(game: &CatFile, warnings: &mut Vec<String>) -> Context {
    let forces: HashSet<String> = game.forces.iter().map(|(id, _)| id.clone()).collect();
    let mut active = HashSet::new();
    for (wanted, exact) in [("Path to Glory: Freeform", false), ("Regiment", true)] {
        let hit = game
            .forces
            .iter()
            .find(|(_, n)| if exact { n == wanted } else { n.starts_with(wanted) });
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
    Context { forces, active }
}

/// Commit and date of the checkout: from PROVENANCE.md ("at commit 6c4bfee (2026-08-18"),
/// else the commit from `.git/HEAD`, else empty.
fn provenance(dir: &Path) -> Source {
    let mut source = Source {
        origin: ORIGIN.to_string(),
        commit: String::new(),
        date: String::new(),
        catalogue: String::new(),
        revision: 0,
    };
    if let Ok(text) = std::fs::read_to_string(dir.join("PROVENANCE.md"))
        && let Some((commit, date)) = parse_provenance(&text)
    {
        source.commit = commit;
        source.date = date;
        return source;
    }
    if let Some(commit) = git_head(&dir.join(".git")) {
        source.commit = commit.chars().take(7).collect();
    }
    source
}

/// Finds "commit <hex>" and a following "(YYYY-MM-DD" in free text.
pub(super) fn parse_provenance(text: &str) -> Option<(String, String)> {
    let at = text.find("commit ")?;
    let rest = &text[at + "commit ".len()..];
    let commit: String = rest.chars().take_while(|c| c.is_ascii_hexdigit()).collect();
    if commit.len() < 7 {
        return None;
    }
    let after = &rest[commit.len()..];
    let date = after
        .trim_start()
        .strip_prefix('(')
        .map(|d| d.chars().take(10).collect::<String>())
        .filter(|d| is_iso_date(d))
        .unwrap_or_default();
    Some((commit, date))
}

fn is_iso_date(d: &str) -> bool {
    let b = d.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

/// The commit `.git/HEAD` points at (loose or packed ref), if cheaply readable.
fn git_head(git: &Path) -> Option<String> {
    let head = std::fs::read_to_string(git.join("HEAD")).ok()?;
    let head = head.trim();
    let Some(reference) = head.strip_prefix("ref:").map(str::trim) else {
        return Some(head.to_string()).filter(|h| h.chars().all(|c| c.is_ascii_hexdigit()));
    };
    if let Ok(hash) = std::fs::read_to_string(git.join(reference)) {
        return Some(hash.trim().to_string());
    }
    let packed = std::fs::read_to_string(git.join("packed-refs")).ok()?;
    packed
        .lines()
        .find_map(|l| l.strip_suffix(reference).map(|h| h.trim().to_string()))
        .filter(|h| !h.is_empty())
}

/// Why a catalogue file was not imported as a faction.
fn skip_reason(f: &Found, parsed: bool, factions: &[&str]) -> String {
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
