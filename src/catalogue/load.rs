//! Loading faction and battlepack TOML: the files under `data/` are embedded in the binary so a
//! fresh install needs no set-up; files in user data folders add factions or replace bundled
//! ones of the same name (e.g. after re-importing points from a new battlescroll).

use super::{Battlepack, Faction, FactionSummary, Realm, Table, bounds};
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

/// One faction or battlepack of the catalogue: its name, known without parsing, and its facts,
/// parsed and checked the first time they are asked for. Parsing and checking all 27 bundled
/// factions and the battlepack took ~6 ms, more than the rest of most commands, and a command
/// needs one or two of them.
#[derive(Debug, Clone)]
struct Entry<T> {
    /// A faction's name; a battlepack's id.
    name: String,
    /// A battlepack's name, which finds it as well as its id.
    alias: Option<String>,
    origin: Origin,
    /// The file's path as errors name it, and its text (bundled: embedded in the binary).
    path: String,
    text: &'static str,
    parsed: OnceLock<Result<T, DataError>>,
}

/// What a catalogue entry holds: how to parse it and the names it is found by.
pub(super) trait Item: Sized {
    fn parse(path: &str, text: &str) -> Result<Self, DataError>;
    fn keys(&self) -> (&str, Option<&str>);
    /// The keys read from a file's header without parsing it (`None`: parse it now).
    fn header_keys(text: &str) -> Option<(String, Option<String>)>;
}

impl Item for Faction {
    fn parse(path: &str, text: &str) -> Result<Self, DataError> {
        parse_faction(path, text)
    }
    fn keys(&self) -> (&str, Option<&str>) {
        (&self.name, None)
    }
    fn header_keys(text: &str) -> Option<(String, Option<String>)> {
        Some((header_value(text, "name")?, None))
    }
}

impl Item for Battlepack {
    fn parse(path: &str, text: &str) -> Result<Self, DataError> {
        parse_battlepack(path, text)
    }
    fn keys(&self) -> (&str, Option<&str>) {
        (&self.id, Some(&self.name))
    }
    fn header_keys(text: &str) -> Option<(String, Option<String>)> {
        Some((header_value(text, "id")?, Some(header_value(text, "name")?)))
    }
}

impl<T: Item> Entry<T> {
    /// An entry parsed when first used, or now when its header cannot be read.
    fn bundled(path: String, text: &'static str) -> Result<Entry<T>, DataError> {
        match T::header_keys(text) {
            Some((name, alias)) => Ok(Entry {
                name,
                alias,
                origin: Origin::Bundled,
                path,
                text,
                parsed: OnceLock::new(),
            }),
            None => Ok(Entry::parsed(T::parse(&path, text)?, Origin::Bundled, path)),
        }
    }

    /// An entry parsed already (a user file, or a bundled one with an odd header).
    fn parsed(item: T, origin: Origin, path: String) -> Entry<T> {
        let (name, alias) = item.keys();
        Entry {
            name: name.to_string(),
            alias: alias.map(str::to_string),
            origin,
            path,
            text: "",
            parsed: OnceLock::from(Ok(item)),
        }
    }

    fn is(&self, name: &str) -> bool {
        self.name.same_name(name) || self.alias.as_ref().is_some_and(|a| a.same_name(name))
    }

    fn get(&self) -> Result<&T, &DataError> {
        let parse = || {
            let item = T::parse(&self.path, self.text)?;
            // The header was misread (e.g. a `name = ` line inside a multi-line string).
            let (name, alias) = item.keys();
            if name != self.name || alias != self.alias.as_deref() {
                return Err(DataError {
                    path: self.path.clone(),
                    message: format!("name: {name:?} is not the {:?} its header read", self.name),
                });
            }
            Ok(item)
        };
        self.parsed.get_or_init(parse).as_ref()
    }
}

/// Every faction and battlepack ptg knows in this run.
#[derive(Debug, Clone)]
pub struct Catalogue {
    factions: Vec<Entry<Faction>>,
    battlepacks: Vec<Entry<Battlepack>>,
    /// Realms (`realms/`) and tables (`tables/`) of the campaign options.
    realms: Vec<Entry<Realm>>,
    tables: Vec<Entry<Table>>,
}

impl Catalogue {
    /// The bundled data, then each user folder in turn (later files replace earlier ones).
    ///
    /// A user folder holds faction files directly or under `factions/`, and battlepacks under
    /// `battlepacks/`. Folders that do not exist are skipped. Bundled files are parsed when
    /// first used (their names are read from each file's header); user files, few and the
    /// ones that can be broken, are parsed and checked here so a bad one is refused at once.
    pub fn load(user_dirs: &[PathBuf]) -> Result<Catalogue, DataError> {
        let mut cat = Catalogue {
            factions: Vec::new(),
            battlepacks: Vec::new(),
            realms: Vec::new(),
            tables: Vec::new(),
        };
        add_bundled(&mut cat.factions, "factions")?;
        add_bundled(&mut cat.battlepacks, "battlepacks")?;
        add_bundled(&mut cat.realms, "realms")?;
        add_bundled(&mut cat.tables, "tables")?;
        for dir in user_dirs {
            let loose = toml_files(dir)?;
            add_user(
                &mut cat.factions,
                loose.into_iter().chain(toml_files(&dir.join("factions"))?),
            )?;
            add_user(&mut cat.battlepacks, toml_files(&dir.join("battlepacks"))?)?;
            add_user(&mut cat.realms, toml_files(&dir.join("realms"))?)?;
            add_user(&mut cat.tables, toml_files(&dir.join("tables"))?)?;
        }
        cat.factions.sort_by(|a, b| a.name.cmp(&b.name));
        Ok(cat)
    }

    /// Only the data compiled into the binary.
    pub fn bundled() -> Result<Catalogue, DataError> {
        Catalogue::load(&[])
    }

    /// Every faction by name, with where each was loaded from: parses all that are not yet.
    pub fn factions(&self) -> Result<Vec<(&Faction, &Origin)>, DataError> {
        all(&self.factions)
    }

    /// What `ptg faction list` shows of every faction, with where each was loaded from. A
    /// bundled file not parsed yet is summarised from its head (see [`FactionSummary`]); one
    /// whose head does not read that way is parsed.
    pub fn faction_summaries(&self) -> Result<Vec<(FactionSummary, &Origin)>, DataError> {
        self.factions
            .iter()
            .map(|e| {
                let quick = match e.parsed.get() {
                    None => FactionSummary::from_text(e.text).filter(|s| s.name == e.name),
                    Some(_) => None,
                };
                match quick {
                    Some(s) => Ok((s, &e.origin)),
                    None => e
                        .get()
                        .map(|f| (FactionSummary::of(f), &e.origin))
                        .map_err(Clone::clone),
                }
            })
            .collect()
    }

    /// The factions' names, sorted, without parsing any file.
    pub fn faction_names(&self) -> impl Iterator<Item = &str> {
        self.factions.iter().map(|e| e.name.as_str())
    }

    /// Every battlepack: parses all that are not yet.
    pub fn battlepacks(&self) -> Result<Vec<&Battlepack>, DataError> {
        Ok(all(&self.battlepacks)?.into_iter().map(|(b, _)| b).collect())
    }

    /// Battlepacks with where each was loaded from: parses all that are not yet.
    pub fn battlepack_files(&self) -> Result<Vec<(&Battlepack, &Origin)>, DataError> {
        all(&self.battlepacks)
    }

    /// The faction called `name` (any case), or a message with suggestions; parses its file
    /// the first time (a file that fails is named with its bad field, as at load).
    pub fn faction(&self, name: &str) -> Result<&Faction, String> {
        let entry = self.factions.iter().find(|e| e.is(name.trim())).ok_or_else(|| {
            // No command named: the front end words where the factions are listed
            // (`ops::faction_named` attaches it as a fix).
            names::unknown("faction", name, self.faction_names())
        })?;
        entry.get().map_err(|e| e.to_string())
    }

    /// The battlepack with this id or name (any case), or a message with suggestions.
    pub fn battlepack(&self, name: &str) -> Result<&Battlepack, String> {
        let entry = self
            .battlepacks
            .iter()
            .find(|e| e.is(name.trim()))
            .ok_or_else(|| {
                names::unknown(
                    "battlepack",
                    name,
                    self.battlepacks.iter().map(|e| e.name.as_str()),
                )
            })?;
        entry.get().map_err(|e| e.to_string())
    }

    /// Every realm (data/realms/ and user folders' `realms/`), in file order.
    pub fn realms(&self) -> Result<Vec<&Realm>, DataError> {
        Ok(all(&self.realms)?.into_iter().map(|(r, _)| r).collect())
    }

    /// The realm called `name` or one of its other names, or a message with suggestions.
    pub fn realm(&self, name: &str) -> Result<&Realm, String> {
        let realms = self.realms().map_err(|e| e.to_string())?;
        realms
            .iter()
            .copied()
            .find(|r| r.answers_to(name))
            .ok_or_else(|| {
                format!(
                    "{} (a club can add its own as a TOML file under `realms/` in --data-dir)",
                    names::unknown("realm", name, realms.iter().map(|r| r.name.as_str()))
                )
            })
    }

    /// Every table of the campaign options (triumph tables, the sudden death table).
    pub fn tables(&self) -> Result<Vec<&Table>, DataError> {
        Ok(all(&self.tables)?.into_iter().map(|(t, _)| t).collect())
    }

    /// The table with this id or name, or a message with suggestions.
    pub fn table(&self, name: &str) -> Result<&Table, String> {
        let entry = self
            .tables
            .iter()
            .find(|e| e.is(name.trim()))
            .ok_or_else(|| names::unknown("table", name, self.tables.iter().map(|e| e.name.as_str())))?;
        entry.get().map_err(|e| e.to_string())
    }
}

fn add_bundled<T: Item>(entries: &mut Vec<Entry<T>>, sub: &str) -> Result<(), DataError> {
    for (path, text) in bundled_files(sub) {
        add(entries, Entry::bundled(path, text)?);
    }
    Ok(())
}

/// Parses and checks each user file now, so a broken one is refused at once.
fn add_user<T: Item>(
    entries: &mut Vec<Entry<T>>,
    paths: impl IntoIterator<Item = PathBuf>,
) -> Result<(), DataError> {
    for path in paths {
        let text = read(&path)?;
        let shown = path.display().to_string();
        let item = T::parse(&shown, &text)?;
        add(entries, Entry::parsed(item, Origin::User(path), shown));
    }
    Ok(())
}

/// Adds `entry`, replacing one of the same name (a user file over a bundled one).
fn add<T>(entries: &mut Vec<Entry<T>>, entry: Entry<T>) {
    entries.retain(|e| !e.name.same_name(&entry.name));
    entries.push(entry);
}

fn all<T: Item>(entries: &[Entry<T>]) -> Result<Vec<(&T, &Origin)>, DataError> {
    entries
        .iter()
        .map(|e| e.get().map(|t| (t, &e.origin)).map_err(Clone::clone))
        .collect()
}

/// The top-level `key = "..."` of a data file, read without parsing the file: the lines
/// before the first table header. `None` for anything but a plain one-line basic string
/// (escapes, literal or multi-line strings): the caller then parses the whole file.
pub(super) fn header_value(text: &str, key: &str) -> Option<String> {
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            return None;
        }
        let Some(rest) = line.strip_prefix(key) else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix('=') else {
            continue;
        };
        let rest = rest.trim_start().strip_prefix('"')?;
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

pub(super) fn refuse_problems(path: &str, problems: Vec<String>) -> Result<(), DataError> {
    if problems.is_empty() {
        return Ok(());
    }
    Err(DataError {
        path: path.to_string(),
        message: problems.join("; "),
    })
}

#[cfg(test)]
mod tests;
