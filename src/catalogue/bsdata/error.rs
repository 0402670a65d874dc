//! The importer's error type: every failure names the file (and element or byte position), so
//! a broken or unexpected checkout can be fixed from the message alone.

use std::path::PathBuf;

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
