//! `ptg data import-bsdata`: refresh faction data from a BSData checkout.

use super::App;
use super::output::{json, line, table};
use crate::catalogue::bsdata::{import_dir, write_factions};
use crate::store;
use anyhow::{Context, Result};
use clap::Subcommand;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum DataCmd {
    /// Import the BSData Age of Sigmar 4th edition catalogues: one TOML file per faction.
    ImportBsdata {
        /// A checkout (or copy) of the BSData age-of-sigmar-4th repository.
        path: PathBuf,
        /// Where to write the faction files (default: the platform data folder's factions/,
        /// which ptg reads on every run, replacing bundled factions of the same name).
        #[arg(long)]
        out: Option<PathBuf>,
    },
}

#[derive(Serialize)]
struct ImportReport {
    out: PathBuf,
    factions: Vec<(String, usize)>,
    files: Vec<PathBuf>,
    warnings: Vec<String>,
    skipped: Vec<String>,
}

pub fn run(app: &mut App, cmd: DataCmd) -> Result<()> {
    match cmd {
        DataCmd::ImportBsdata { path, out } => {
            let out = match out {
                Some(o) => o,
                None => store::default_data_dir()
                    .context("cannot find the platform data folder; pass --out DIR")?
                    .join("factions"),
            };
            let import = import_dir(&path)?;
            let files = write_factions(&import.factions, &out)?;
            let report = ImportReport {
                out: out.clone(),
                factions: import
                    .factions
                    .iter()
                    .map(|f| (f.name.clone(), f.units.len()))
                    .collect(),
                files,
                warnings: import.warnings,
                skipped: import.skipped,
            };
            if app.json {
                return json(&report);
            }
            let mut t = table(["Faction", "Units"]);
            for (name, units) in &report.factions {
                t.add_row([name.clone(), units.to_string()]);
            }
            line(t.to_string())?;
            for w in &report.warnings {
                eprintln!("warning: {w}");
            }
            line(format!(
                "Imported {} factions into {} ({} warnings, {} catalogues skipped).",
                report.factions.len(),
                out.display(),
                report.warnings.len(),
                report.skipped.len()
            ))
        }
    }
}
