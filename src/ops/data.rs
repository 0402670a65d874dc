//! Importing outside data: faction files from a BSData checkout.

use crate::catalogue::bsdata::{import_dir, write_factions};
use crate::error::{Error, Result};
use crate::store;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What an import wrote.
#[derive(Serialize)]
pub struct Imported {
    pub out: PathBuf,
    /// Each faction with its number of units.
    pub factions: Vec<(String, usize)>,
    pub files: Vec<PathBuf>,
    pub warnings: Vec<String>,
    pub skipped: Vec<String>,
}

/// Imports the BSData catalogues at `checkout` into faction files in `out` (default: the
/// user's data folder, where ptg reads them on top of the bundled ones).
pub fn import_bsdata(checkout: &Path, out: Option<PathBuf>) -> Result<Imported> {
    let out = match out {
        Some(o) => o,
        None => store::default_data_dir()
            .ok_or_else(|| Error::refused("cannot find the platform data folder; pass --out DIR"))?
            .join("factions"),
    };
    let import = import_dir(checkout)?;
    let files = write_factions(&import.factions, &out)?;
    Ok(Imported {
        factions: import
            .factions
            .iter()
            .map(|f| (f.name.clone(), f.units.len()))
            .collect(),
        out,
        files,
        warnings: import.warnings,
        skipped: import.skipped,
    })
}
