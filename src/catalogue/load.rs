//! Loading faction and battlepack TOML: the files under `data/` are embedded in the binary so a
//! fresh install needs no set-up; files in user data folders add factions or replace bundled
//! ones of the same name (e.g. after re-importing points from a new battlescroll).

use super::{Battlepack, Faction, bounds};
use crate::names;
use crate::names::SameName;
use include_dir::{Dir, include_dir};
use std::path::{Path, PathBuf};

static BUNDLED: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/data");

/// A data file that could not be used: which file, and what is wrong with it.
#[derive(Debug, thiserror::Error)]
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

/// Every faction and battlepack ptg knows in this run.
#[derive(Debug, Clone)]
pub struct Catalogue {
    factions: Vec<(Faction, Origin)>,
    battlepacks: Vec<(Battlepack, Origin)>,
}

impl Catalogue {
    /// The bundled data, then each user folder in turn (later files replace earlier ones).
    ///
    /// A user folder holds faction files directly or under `factions/`, and battlepacks under
    /// `battlepacks/`. Folders that do not exist are skipped.
    pub fn load(user_dirs: &[PathBuf]) -> Result<Catalogue, DataError> {
        let mut cat = Catalogue {
            factions: Vec::new(),
            battlepacks: Vec::new(),
        };
        for (name, text) in bundled_files("factions") {
            cat.add_faction(parse_faction(&name, &text)?, Origin::Bundled);
        }
        for (name, text) in bundled_files("battlepacks") {
            cat.add_battlepack(parse_battlepack(&name, &text)?, Origin::Bundled);
        }
        for dir in user_dirs {
            for path in toml_files(dir)?
                .into_iter()
                .chain(toml_files(&dir.join("factions"))?)
            {
                let text = read(&path)?;
                let faction = parse_faction(&path.display().to_string(), &text)?;
                cat.add_faction(faction, Origin::User(path));
            }
            for path in toml_files(&dir.join("battlepacks"))? {
                let text = read(&path)?;
                let pack = parse_battlepack(&path.display().to_string(), &text)?;
                cat.add_battlepack(pack, Origin::User(path));
            }
        }
        cat.factions.sort_by(|a, b| a.0.name.cmp(&b.0.name));
        Ok(cat)
    }

    /// Only the data compiled into the binary.
    pub fn bundled() -> Result<Catalogue, DataError> {
        Catalogue::load(&[])
    }

    fn add_faction(&mut self, faction: Faction, origin: Origin) {
        self.factions.retain(|(f, _)| !f.name.same_name(&faction.name));
        self.factions.push((faction, origin));
    }

    fn add_battlepack(&mut self, pack: Battlepack, origin: Origin) {
        self.battlepacks.retain(|(b, _)| !b.id.same_name(&pack.id));
        self.battlepacks.push((pack, origin));
    }

    /// Factions by name, with where each was loaded from.
    pub fn factions(&self) -> impl Iterator<Item = (&Faction, &Origin)> {
        self.factions.iter().map(|(f, o)| (f, o))
    }

    pub fn battlepacks(&self) -> Vec<&Battlepack> {
        self.battlepacks.iter().map(|(b, _)| b).collect()
    }

    /// Battlepacks with where each was loaded from.
    pub fn battlepack_files(&self) -> impl Iterator<Item = (&Battlepack, &Origin)> {
        self.battlepacks.iter().map(|(b, o)| (b, o))
    }

    /// The faction called `name` (any case), or a message with suggestions.
    pub fn faction(&self, name: &str) -> Result<&Faction, String> {
        self.factions
            .iter()
            .map(|(f, _)| f)
            .find(|f| f.name.same_name(name.trim()))
            .ok_or_else(|| {
                format!(
                    "{} (see `ptg faction list`)",
                    names::unknown(
                        "faction",
                        name,
                        self.factions.iter().map(|(f, _)| f.name.as_str())
                    )
                )
            })
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

fn bundled_files(sub: &str) -> Vec<(String, String)> {
    let Some(dir) = BUNDLED.get_dir(sub) else {
        return Vec::new();
    };
    let mut files: Vec<(String, String)> = dir
        .files()
        .filter(|f| f.path().extension().is_some_and(|e| e == "toml"))
        .filter_map(|f| {
            Some((
                format!("data/{}", f.path().display()),
                f.contents_utf8()?.to_string(),
            ))
        })
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
        let (_, origin) = cat.factions().find(|(f, _)| f.name == "Test Host").unwrap();
        assert!(matches!(origin, Origin::User(_)));
        std::fs::write(dir.path().join("test.toml"), MINIMAL.replace("100", "120")).unwrap();
        let cat = Catalogue::load(&[dir.path().to_path_buf()]).unwrap();
        assert_eq!(cat.faction("Test Host").unwrap().units[0].points, 120);
    }
}
