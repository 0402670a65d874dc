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
    #[error("{file}: not UTF-8 text (bad byte at line {line}, byte {position})")]
    Encoding {
        file: String,
        line: usize,
        position: usize,
    },
    #[error("{file}: not a valid catalogue: XML error at line {line} (byte {position}): {message}")]
    Xml {
        file: String,
        /// 1-based; 0 until [`BsdataError::located`] fills it in.
        line: usize,
        position: u64,
        message: String,
    },
    #[error(
        "{file}: truncated catalogue: <{element}> opened at line {line} (byte {position}) is \
         not closed before the end of the file (byte {end})"
    )]
    Truncated {
        file: String,
        element: String,
        line: usize,
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

/// The 1-based line of a byte position in `text`.
pub(super) fn line_of(text: &[u8], position: usize) -> usize {
    let end = position.min(text.len());
    text[..end].iter().filter(|&&b| b == b'\n').count() + 1
}

impl BsdataError {
    /// Fills in the line of an XML error's byte position, so the message points at the line
    /// an editor shows.
    pub(super) fn located(mut self, text: &str) -> Self {
        if let BsdataError::Xml { line, position, .. } | BsdataError::Truncated { line, position, .. } =
            &mut self
        {
            *line = line_of(text.as_bytes(), *position as usize);
        }
        self
    }
}
