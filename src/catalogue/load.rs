//! Loading faction and battlepack TOML: the files under `data/` are embedded in the binary so a
//! fresh install needs no set-up; files in user data folders add factions or replace bundled
//! ones of the same name (e.g. after re-importing points from a new battlescroll).

use super::{Battlepack, Faction, bounds};
use crate::names;
use crate::names::SameName;
use include_dir::{Dir, include_dir};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/data");

/// A data file that could not be used: which file, and what is wrong with it.
#[derive(Debug, Clone, thiserror::Error)]
#[error("{path}: {message}")]
pub struct DataError {
    pub path: String,
    pub message: String,
}

/// Where a faction's facts were loaded from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Origin {
    Bundled,
    User(PathBuf),
}

impl std::fmt::Display for Origin {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Origin::Bundled => f.write_str("bundled"),
            Origin::User(p) => write!(f, "{}", p.display()),
        }
    }
}

/// One faction of the catalogue: its name, known without parsing, and its facts, parsed and
/// checked the first time they are asked for. Parsing and checking all 27 bundled files took
/// ~5 ms, more than the rest of most commands, and a command needs one or two of them.
#[derive(Debug, Clone)]
struct Entry {
    name: String,
    origin: Origin,
    /// The file's path as errors name it, and its text (bundled: embedded in the binary).
    path: String,
    text: &'static str,
    parsed: OnceLock<Result<Faction, DataError>>,
}

impl Entry {
    fn get(&self) -> Result<&Faction, &DataError> {
        let parse = || {
            let faction = parse_faction(&self.path, self.text)?;
            // The header was misread (e.g. a `name = ` line inside a multi-line string).
            if faction.name != self.name {
                return Err(DataError {
                    path: self.path.clone(),
                    message: format!(
                        "name: {:?} is not the {:?} its header read",
                        faction.name, self.name
                    ),
                });
            }
            Ok(faction)
        };
        self.parsed.get_or_init(parse).as_ref()
    }
}

/// Every faction and battlepack ptg knows in this run.
#[derive(Debug, Clone)]
pub struct Catalogue {
    factions: Vec<Entry>,
    battlepacks: Vec<(Battlepack, Origin)>,
}

impl Catalogue {
    /// The bundled data, then each user folder in turn (later files replace earlier ones).
    ///
    /// A user folder holds faction files directly or under `factions/`, and battlepacks under
    /// `battlepacks/`. Folders that do not exist are skipped. Bundled factions are parsed when
    /// first used (their names are read from each file's header); user files, few and the
    /// ones that can be broken, are parsed and checked here so a bad one is refused at once.
    pub fn load(user_dirs: &[PathBuf]) -> Result<Catalogue, DataError> {
        let mut cat = Catalogue {
            factions: Vec::new(),
            battlepacks: Vec::new(),
        };
        for (path, text) in bundled_files("factions") {
            let entry = match header_name(text) {
                Some(name) => Entry {
                    name,
                    origin: Origin::Bundled,
                    path,
                    text,
                    parsed: OnceLock::new(),
                },
                // A header the quick read does not understand: parse the file now.
                None => {
                    let faction = parse_faction(&path, text)?;
                    parsed_entry(faction, Origin::Bundled, path)
                }
            };
            cat.add_faction(entry);
        }
        for (name, text) in bundled_files("battlepacks") {
            cat.add_battlepack(parse_battlepack(&name, text)?, Origin::Bundled);
        }
        for dir in user_dirs {
            for path in toml_files(dir)?
                .into_iter()
                .chain(toml_files(&dir.join("factions"))?)
            {
                let text = read(&path)?;
                let shown = path.display().to_string();
                let faction = parse_faction(&shown, &text)?;
                cat.add_faction(parsed_entry(faction, Origin::User(path), shown));
            }
            for path in toml_files(&dir.join("battlepacks"))? {
                let text = read(&path)?;
                let pack = parse_battlepack(&path.display().to_string(), &text)?;
                cat.add_battlepack(pack, Origin::User(path));
            }
        }
        cat.factions.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(cat)
    }

    /// Only the data compiled into the binary.
    pub fn bundled() -> Result<Catalogue, DataError> {
        Catalogue::load(&[])
    }

    fn add_faction(&mut self, entry: Entry) {
        self.factions.retain(|e| !e.name.same_name(&entry.name));
        self.factions.push(entry);
    }

    fn add_battlepack(&mut self, pack: Battlepack, origin: Origin) {
        self.battlepacks.retain(|(b, _)| !b.id.same_name(&pack.id));
        self.battlepacks.push((pack, origin));
    }

    /// Every faction by name, with where each was loaded from: parses all that are not yet.
    pub fn factions(&self) -> Result<Vec<(&Faction, &Origin)>, DataError> {
        self.factions
            .iter()
            .map(|e| e.get().map(|f| (f, &e.origin)).map_err(Clone::clone))
            .collect()
    }

    /// The factions' names, sorted, without parsing any file.
    pub fn faction_names(&self) -> impl Iterator<Item = &str> {
        self.factions.iter().map(|e| e.name.as_str())
    }

    pub fn battlepacks(&self) -> Vec<&Battlepack> {
        self.battlepacks.iter().map(|(b, _)| b).collect()
    }

    /// Battlepacks with where each was loaded from.
    pub fn battlepack_files(&self) -> impl Iterator<Item = (&Battlepack, &Origin)> {
        self.battlepacks.iter().map(|(b, o)| (b, o))
    }

    /// The faction called `name` (any case), or a message with suggestions; parses its file
    /// the first time (a file that fails is named with its bad field, as at load).
    pub fn faction(&self, name: &str) -> Result<&Faction, String> {
        let entry = self
            .factions
            .iter()
            .find(|e| e.name.same_name(name.trim()))
            .ok_or_else(|| {
                format!(
                    "{} (see `ptg faction list`)",
                    names::unknown("faction", name, self.faction_names())
                )
            })?;
        entry.get().map_err(|e| e.to_string())
    }

    /// The battlepack with this id or name (any case), or a message with suggestions.
    pub fn battlepack(&self, name: &str) -> Result<&Battlepack, String> {
        let n = name.trim();
        self.battlepacks
            .iter()
            .map(|(b, _)| b)
            .find(|b| b.id.same_name(n) || b.name.same_name(n))
            .ok_or_else(|| {
                names::unknown(
                    "battlepack",
                    name,
                    self.battlepacks.iter().map(|(b, _)| b.id.as_str()),
                )
            })
    }
}

/// An entry for a faction parsed already (a user file, or a bundled one with an odd header).
fn parsed_entry(faction: Faction, origin: Origin, path: String) -> Entry {
    Entry {
        name: faction.name.clone(),
        origin,
        path,
        text: "",
        parsed: OnceLock::from(Ok(faction)),
    }
}

/// The top-level `name = "..."` of a faction file, read without parsing the file: the lines
/// before the first table header. `None` for anything but a plain one-line basic string
/// (escapes, literal or multi-line strings): the caller then parses the whole file.
fn header_name(text: &str) -> Option<String> {
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            return None;
        }
        let Some(rest) = line.strip_prefix("name") else {
            continue;
        };
        let rest = rest.trim_start().strip_prefix('=')?.trim_start();
        let rest = rest.strip_prefix('"')?;
        let end = rest.find('"')?;
        let (value, after) = (&rest[..end], rest[end + 1..].trim_start());
        if value.contains('\\') || !(after.is_empty() || after.starts_with('#')) {
            return None;
        }
        return Some(value.to_string());
    }
    None
}

fn bundled_files(sub: &str) -> Vec<(String, &'static str)> {
    let Some(dir) = BUNDLED.get_dir(sub) else {
        return Vec::new();
    };
    let mut files: Vec<(String, &'static str)> = dir
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "toml"))
        .filter_map(|f| Some((format!("data/{}", f.path().display()), f.contents_utf8()?)))
        .collect();
    files.sort();
    files
}

fn toml_files(dir: &Path) -> Result<Vec<PathBuf>, DataError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| DataError {
        path: dir.display().to_string(),
        message: format!("cannot read the folder: {e}"),
    })?;
    let mut files: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    Ok(files)
}

fn read(path: &Path) -> Result<String, DataError> {
    std::fs::read_to_string(path).map_err(|e| DataError {
        path: path.display().to_string(),
        message: format!("cannot read the file: {e}"),
    })
}

/// Parses and checks one faction file; errors name the file and the bad field.
pub fn parse_faction(path: &str, text: &str) -> Result<Faction, DataError> {
    let faction: Faction = toml::from_str(text).map_err(|e| DataError {
        path: path.to_string(),
        message: format!("not a valid faction file: {}", e.to_string().trim_end()),
    })?;
    let mut problems = faction.problems();
    problems.extend(bounds::faction_problems(&faction));
    refuse_problems(path, problems)?;
    Ok(faction)
}

/// Parses and checks one battlepack file; errors name the file and the bad field.
pub fn parse_battlepack(path: &str, text: &str) -> Result<Battlepack, DataError> {
    let pack: Battlepack = toml::from_str(text).map_err(|e| DataError {
        path: path.to_string(),
        message: format!("not a valid battlepack file: {}", e.to_string().trim_end()),
    })?;
    let mut problems = pack.problems();
    problems.extend(bounds::battlepack_problems(&pack));
    refuse_problems(path, problems)?;
    Ok(pack)
}

fn refuse_problems(path: &str, problems: Vec<String>) -> Result<(), DataError> {
    if problems.is_empty() {
        return Ok(());
    }
    Err(DataError {
        path: path.to_string(),
        message: problems.join("; "),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r#"
name = "Test Host"
[source]
origin = "hand-written"
[[units]]
name = "Spearmen"
points = 100
unit_size = 10
reinforceable = true
keywords = ["INFANTRY"]
"#;

    #[test]
    fn a_bad_field_is_named_with_the_file() {
        let bad = MINIMAL.replace("points = 100", "points = \"lots\"");
        let err = parse_faction("mine/test.toml", &bad).unwrap_err();
        assert_eq!(err.path, "mine/test.toml");
        assert!(err.message.contains("points"), "{}", err.message);
    }

    #[test]
    fn an_inconsistent_file_is_refused() {
        let bad = MINIMAL.replace("unit_size = 10", "unit_size = 0");
        let err = parse_faction("x.toml", &bad).unwrap_err();
        assert!(
            err.message.contains("unit_size: must be at least 1"),
            "{}",
            err.message
        );
    }

    #[test]
    fn user_files_add_and_replace_factions() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("test.toml"), MINIMAL).unwrap();
        let cat = Catalogue::load(&[dir.path().to_path_buf()]).unwrap();
        let f = cat.faction("test host").unwrap();
        assert_eq!(f.units[0].points, 100);
        let all = cat.factions().unwrap();
        let (_, origin) = all.iter().find(|(f, _)| f.name == "Test Host").unwrap();
        assert!(matches!(origin, Origin::User(_)));
        std::fs::write(dir.path().join("test.toml"), MINIMAL.replace("100", "120")).unwrap();
        let cat = Catalogue::load(&[dir.path().to_path_buf()]).unwrap();
        assert_eq!(cat.faction("Test Host").unwrap().units[0].points, 120);
    }

    #[test]
    fn the_header_names_every_bundled_faction_as_parsing_does() {
        for (path, text) in bundled_files("factions") {
            let parsed = parse_faction(&path, text).unwrap();
            assert_eq!(header_name(text).as_deref(), Some(parsed.name.as_str()), "{path}");
        }
    }

    #[test]
    fn odd_headers_are_left_to_the_parser() {
        assert_eq!(header_name("name = \"A\" # x\n[source]"), Some("A".into()));
        assert_eq!(header_name("name = \"A\\\"B\"\n"), None);
        assert_eq!(header_name("name = 'A'\n"), None);
        assert_eq!(header_name("[source]\nname = \"A\"\n"), None);
        assert_eq!(header_name("names = \"A\"\n"), None);
    }

    #[test]
    fn a_bundled_faction_is_parsed_only_when_asked_for() {
        let cat = Catalogue::bundled().unwrap();
        assert!(cat.factions.iter().all(|e| e.parsed.get().is_none()));
        cat.faction("skaven").unwrap();
        let parsed = cat.factions.iter().filter(|e| e.parsed.get().is_some());
        assert_eq!(parsed.count(), 1);
        assert_eq!(cat.faction_names().count(), 27);
    }
}
