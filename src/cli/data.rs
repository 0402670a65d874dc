//! `ptg data import-bsdata`: refresh faction data from a BSData checkout.

use super::App;
use super::output::{json, line, table};
use crate::error::Result;
use crate::ops;
use clap::Subcommand;
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

pub fn run(app: &mut App, cmd: DataCmd) -> Result<()> {
    match cmd {
        DataCmd::ImportBsdata { path, out } => {
            let report = ops::data::import_bsdata(&path, out)?;
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
                report.out.display(),
                report.warnings.len(),
                report.skipped.len()
            ))
        }
    }
}
