//! `ptg data status` (where the data in use came from) and `ptg data import-bsdata` (refresh
//! faction data from a BSData checkout, showing what changes before writing).

use super::App;
use super::output::{json, line, or_dash, table};
use crate::catalogue::counts::Counts;
use crate::error::{Error, Result};
use crate::ops;
use crate::ops::data::{ImportReport, Status};
use clap::Subcommand;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum DataCmd {
    /// Where the data in use came from, and what it holds.
    ///
    /// Each faction's file (bundled or yours), BSData commit, date and catalogue revision as
    /// recorded at import, and counts of units, Legends, faction terrain, Anvil of Apotheosis
    /// heroes, enhancement tables, enhancements and lores; then totals and the battlepacks.
    Status,
    /// Import the BSData Age of Sigmar 4th edition catalogues: one TOML file per faction.
    ///
    /// First shows what changes against the data in use (factions, units, points) and which
    /// rosters would be over a points limit at the new points; recorded costs never change.
    ImportBsdata {
        /// A checkout (or copy) of the BSData age-of-sigmar-4th repository.
        path: PathBuf,
        /// Where to write the faction files (default: the platform data folder's factions/,
        /// which ptg reads on every run, replacing bundled factions of the same name).
        #[arg(long)]
        out: Option<PathBuf>,
        /// Show what would change, write nothing.
        #[arg(long)]
        dry_run: bool,
    },
}

pub fn run(app: &mut App, cmd: DataCmd) -> Result<()> {
    match cmd {
        DataCmd::Status => {
            let status = ops::data::status(app.catalogue()?)?;
            if app.json {
                return json(&status);
            }
            show_status(&status)
        }
        DataCmd::ImportBsdata { path, out, dry_run } => import(app, path, out, dry_run),
    }
}

fn show_status(s: &Status) -> Result<()> {
    let mut t = table([
        "Faction",
        "Loaded from",
        "Source",
        "Date",
        "Catalogue",
        "Units",
        "Legends",
        "Terrain",
        "Anvil",
        "Tables",
        "Enhancements",
        "Lores",
    ]);
    t.lesser(&["Loaded from", "Catalogue", "Source", "Date", "Anvil", "Terrain"]);
    let counts = |c: &Counts| {
        [
            c.units,
            c.legends,
            c.faction_terrain,
            c.anvil_of_apotheosis,
            c.enhancement_tables,
            c.enhancements,
            c.lores,
        ]
        .map(|n| n.to_string())
    };
    for f in &s.factions {
        let source = match f.commit.is_empty() {
            true => f.origin.clone(),
            false => format!("{} @ {}", f.origin, f.commit),
        };
        let catalogue = match f.catalogue.is_empty() {
            true => "-".to_string(),
            false => format!("{} r{}", f.catalogue, f.revision),
        };
        let mut row = vec![
            f.name.clone(),
            f.loaded_from.clone(),
            source,
            or_dash(&f.date),
            catalogue,
        ];
        row.extend(counts(&f.counts));
        t.add_row(row);
    }
    let mut total = vec![format!("Total ({} factions)", s.factions.len())];
    total.extend(std::iter::repeat_n(String::new(), 4));
    total.extend(counts(&s.totals));
    t.add_row(total);
    line(t.to_string())?;
    line(
        "Legends, Terrain (faction terrain) and Anvil (Anvil of Apotheosis heroes) are counted among the Units.",
    )?;
    line("\nBattlepacks")?;
    for b in &s.battlepacks {
        line(format!("  {} ({}): {}", b.id, b.name, b.loaded_from))?;
    }
    Ok(())
}

/// The import as JSON: the report, then what was written.
#[derive(Serialize)]
struct ImportView<'a> {
    #[serde(flatten)]
    report: &'a ImportReport,
    dry_run: bool,
    /// The files written (none in a dry run).
    files: Vec<PathBuf>,
}

fn import(app: &mut App, path: PathBuf, out: Option<PathBuf>, dry_run: bool) -> Result<()> {
    let json_out = app.json;
    match app.catalogue() {
        Err(Error::Refused { message: m, .. }) => {
            return Err(Error::refused(format!(
                "{m}; the import shows what it changes against the data in use, so fix or remove \
                 that file first (or move it out of the data folders) and run the import again"
            )));
        }
        Err(e) => return Err(e),
        Ok(_) => {}
    }
    let (cat, store) = app.both_if_any()?;
    let plan = ops::data::plan_import(cat, store, &path, out)?;
    let report = &plan.report;
    if !json_out {
        // Shown before anything is written.
        show_changes(report)?;
    }
    let files = match dry_run {
        true => Vec::new(),
        false => ops::data::write_import(&plan)?,
    };
    if json_out {
        return json(&ImportView {
            report,
            dry_run,
            files,
        });
    }
    let mut t = table(["Faction", "Units"]);
    for (name, units) in &report.factions {
        t.add_row([name.clone(), units.to_string()]);
    }
    line(format!("\n{t}"))?;
    for w in &report.warnings {
        eprintln!("warning: {w}");
    }
    let counts = format!(
        "{} warnings, {} catalogues skipped",
        report.warnings.len(),
        report.skipped.len()
    );
    match dry_run {
        true => line(format!(
            "Dry run: nothing written; {} factions would be written to {} ({counts}).",
            report.factions.len(),
            report.out.display()
        )),
        false => line(format!(
            "Imported {} factions into {} ({counts}).",
            report.factions.len(),
            report.out.display()
        )),
    }
}

/// What the import changes against the data in use, and the rosters it puts over a limit.
fn show_changes(r: &ImportReport) -> Result<()> {
    let c = &r.changes;
    if c.is_empty() {
        line("No changes against the data in use.")?;
    } else {
        line("Changes against the data in use:")?;
    }
    if !c.added.is_empty() {
        line(format!(
            "  new factions ({}): {}",
            c.added.len(),
            c.added.join(", ")
        ))?;
    }
    if !c.removed.is_empty() {
        line(format!(
            "  factions in use but not in the checkout ({}): {}",
            c.removed.len(),
            c.removed.join(", ")
        ))?;
    }
    for f in &c.changed {
        line(format!("  {}:", f.faction))?;
        for p in &f.points_changed {
            line(format!("    points: {} {} -> {}", p.unit, p.old, p.new))?;
        }
        for u in &f.units_added {
            line(format!("    unit added: {} ({} pts)", u.unit, u.points))?;
        }
        for u in &f.units_removed {
            line(format!("    unit removed: {} ({} pts)", u.unit, u.points))?;
        }
    }
    if r.over_limit.is_empty() {
        return line("No roster goes over a points limit at the new points.");
    }
    line("Rosters over a points limit at the new points (their recorded costs stay what was paid):")?;
    for o in &r.over_limit {
        line(format!(
            "  {} ({}): {} (recorded: {} points)",
            o.roster, o.campaign, o.message, o.recorded_points
        ))?;
    }
    Ok(())
}
