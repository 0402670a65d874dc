//! Reading one data file's TOML into its facts and checking them (the fields, then `bounds`):
//! a bad file is refused naming the file and the problem.
//!
//! Shared with `build.rs` (through `#[path]`), which runs these same checks on every bundled
//! file while building: a bad bundled file fails the build, never a user's command. So this
//! module and the plain types it reads (`faction`, `battlepack`, `options`, `dice`, `bounds`,
//! `crate::names`) use only serde, toml and the crates `names` needs, nothing else of ptg.

use super::battlepack::Battlepack;
use super::bounds;
use super::faction::Faction;
use super::options::{Realm, Table};

/// A data file that could not be used: which file, and what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DataError {
    pub path: String,
    pub message: String,
}

impl std::fmt::Display for DataError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.path, self.message)
    }
}

impl std::error::Error for DataError {}

/// Parses and checks one faction file; errors name the file and the bad field.
pub fn parse_faction(path: &str, text: &str) -> Result<Faction, DataError> {
    let faction: Faction = parse_toml(path, text, "faction")?;
    let mut problems = faction.problems();
    problems.extend(bounds::faction_problems(&faction));
    refuse_problems(path, problems)?;
    Ok(faction)
}

/// Parses and checks one battlepack file; errors name the file and the bad field.
pub fn parse_battlepack(path: &str, text: &str) -> Result<Battlepack, DataError> {
    let pack: Battlepack = parse_toml(path, text, "battlepack")?;
    let mut problems = pack.problems();
    problems.extend(bounds::battlepack_problems(&pack));
    refuse_problems(path, problems)?;
    Ok(pack)
}

/// Parses and checks one realm file (`realms/`).
pub fn parse_realm(path: &str, text: &str) -> Result<Realm, DataError> {
    let realm: Realm = parse_toml(path, text, "realm")?;
    refuse_problems(path, realm.problems())?;
    Ok(realm)
}

/// Parses and checks one table file (`tables/`).
pub fn parse_table(path: &str, text: &str) -> Result<Table, DataError> {
    let table: Table = parse_toml(path, text, "table")?;
    refuse_problems(path, table.problems())?;
    Ok(table)
}

fn parse_toml<T: serde::de::DeserializeOwned>(path: &str, text: &str, what: &str) -> Result<T, DataError> {
    toml::from_str(text).map_err(|e| DataError {
        path: path.to_string(),
        message: format!("not a valid {what} file: {}", e.to_string().trim_end()),
    })
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

/// The `.toml` files of folder `dir`, sorted by name (the order the catalogue lists them in);
/// none when there is no such folder. Shared with `build.rs`, which reads the bundled ones.
pub fn toml_files(dir: &std::path::Path) -> Result<Vec<std::path::PathBuf>, DataError> {
    if !dir.is_dir() {
        return Ok(Vec::new());
    }
    let entries = std::fs::read_dir(dir).map_err(|e| DataError {
        path: dir.display().to_string(),
        message: format!("cannot read the folder: {e}"),
    })?;
    let mut files: Vec<std::path::PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|e| e == "toml"))
        .collect();
    files.sort();
    Ok(files)
}
