//! Loading the catalogue: the files under `data/` are compiled into the binary (`build.rs`:
//! parsed and checked while building, each kept as CBOR, decoded the first time it is asked
//! for) so a fresh install needs no set-up and no command parses TOML for them; files in user
//! data folders add factions or replace bundled ones of the same name (e.g. after re-importing
//! points from a new battlescroll), parsed and checked from TOML as they load.

mod bundle;

use super::parse::toml_files;
use super::{Battlepack, Faction, FactionSummary, Realm, Table, parse};
use crate::names;
use crate::names::SameName;
use bundle::{Bundled, Head};
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

pub use super::parse::{DataError, parse_battlepack, parse_faction};

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

/// One faction or battlepack of the catalogue: its name, known without decoding it, and its
/// facts, decoded the first time they are asked for (a command needs one or two factions of
/// the 27).
#[derive(Debug, Clone)]
struct Entry<T> {
    /// A faction's name; a battlepack's id.
    name: Cow<'static, str>,
    /// A battlepack's name, which finds it as well as its id.
    alias: Option<Cow<'static, str>>,
    origin: Origin,
    /// Compiled into the binary (`None`: a user file, parsed as it loaded).
    bundled: Option<&'static Bundled>,
    /// A bundled faction's line of the faction list, worked out while building.
    head: Option<&'static Head>,
    parsed: OnceLock<Result<T, DataError>>,
}

/// What a catalogue entry holds: how to parse a user's file of it and the names it is found by.
pub(super) trait Item: Sized + serde::de::DeserializeOwned {
    fn parse(path: &str, text: &str) -> Result<Self, DataError>;
    fn keys(&self) -> (&str, Option<&str>);
}

impl Item for Faction {
    fn parse(path: &str, text: &str) -> Result<Self, DataError> {
        parse::parse_faction(path, text)
    }
    fn keys(&self) -> (&str, Option<&str>) {
        (&self.name, None)
    }
}

impl Item for Battlepack {
    fn parse(path: &str, text: &str) -> Result<Self, DataError> {
        parse::parse_battlepack(path, text)
    }
    fn keys(&self) -> (&str, Option<&str>) {
        (&self.id, Some(&self.name))
    }
}

impl Item for Realm {
    fn parse(path: &str, text: &str) -> Result<Self, DataError> {
        parse::parse_realm(path, text)
    }
    fn keys(&self) -> (&str, Option<&str>) {
        (&self.name, None)
    }
}

impl Item for Table {
    fn parse(path: &str, text: &str) -> Result<Self, DataError> {
        parse::parse_table(path, text)
    }
    fn keys(&self) -> (&str, Option<&str>) {
        (&self.id, Some(&self.name))
    }
}

impl<T: Item> Entry<T> {
    /// A bundled entry, decoded when first used.
    fn bundled(b: &'static Bundled, head: Option<&'static Head>) -> Entry<T> {
        Entry {
            name: Cow::Borrowed(b.name),
            alias: b.alias.map(Cow::Borrowed),
            origin: Origin::Bundled,
            bundled: Some(b),
            head,
            parsed: OnceLock::new(),
        }
    }

    /// An entry parsed already (a user file).
    fn parsed(item: T, origin: Origin) -> Entry<T> {
        let (name, alias) = item.keys();
        Entry {
            name: Cow::Owned(name.to_string()),
            alias: alias.map(|a| Cow::Owned(a.to_string())),
            origin,
            bundled: None,
            head: None,
            parsed: OnceLock::from(Ok(item)),
        }
    }

    fn is(&self, name: &str) -> bool {
        self.name.same_name(name) || self.alias.as_ref().is_some_and(|a| a.same_name(name))
    }

    fn get(&self) -> Result<&T, &DataError> {
        let decode = || match self.bundled {
            Some(b) => bundle::decode(b),
            None => Err(DataError {
                path: self.name.to_string(),
                message: "neither bundled nor parsed (a bug)".into(),
            }),
        };
        self.parsed.get_or_init(decode).as_ref()
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
    /// `battlepacks/`. Folders that do not exist are skipped. Bundled files were checked
    /// while building and are decoded when first used; user files, few and the ones that can
    /// be broken, are parsed and checked here so a bad one is refused at once.
    pub fn load(user_dirs: &[PathBuf]) -> Result<Catalogue, DataError> {
        let mut cat = Catalogue {
            factions: Vec::new(),
            battlepacks: Vec::new(),
            realms: Vec::new(),
            tables: Vec::new(),
        };
        for (b, head) in bundle::FACTIONS {
            add(&mut cat.factions, Entry::bundled(b, Some(head)));
        }
        add_bundled(&mut cat.battlepacks, bundle::BATTLEPACKS);
        add_bundled(&mut cat.realms, bundle::REALMS);
        add_bundled(&mut cat.tables, bundle::TABLES);
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

    /// What `ptg faction list` shows of every faction, with where each was loaded from: a
    /// bundled faction's line was worked out while building, so none is decoded.
    pub fn faction_summaries(&self) -> Result<Vec<(FactionSummary, &Origin)>, DataError> {
        self.factions
            .iter()
            .map(|e| match e.head {
                Some(head) => Ok((head.summary(&e.name), &e.origin)),
                None => e
                    .get()
                    .map(|f| (FactionSummary::of(f), &e.origin))
                    .map_err(Clone::clone),
            })
            .collect()
    }

    /// The factions' names, sorted, without parsing any file.
    pub fn faction_names(&self) -> impl Iterator<Item = &str> {
        self.factions.iter().map(|e| e.name.as_ref())
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
                    self.battlepacks.iter().map(|e| e.name.as_ref()),
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
            .ok_or_else(|| names::unknown("table", name, self.tables.iter().map(|e| e.name.as_ref())))?;
        entry.get().map_err(|e| e.to_string())
    }
}

fn add_bundled<T: Item>(entries: &mut Vec<Entry<T>>, bundled: &'static [Bundled]) {
    for b in bundled {
        add(entries, Entry::bundled(b, None));
    }
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
        add(entries, Entry::parsed(item, Origin::User(path)));
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

fn read(path: &Path) -> Result<String, DataError> {
    std::fs::read_to_string(path).map_err(|e| DataError {
        path: path.display().to_string(),
        message: format!("cannot read the file: {e}"),
    })
}

#[cfg(test)]
mod tests;
