//! Outside data: where the data in use came from (`data status`), and importing faction files
//! from a BSData checkout, reporting what the import changes before it writes anything.

use super::pack_of;
use crate::catalogue::bsdata::{import_dir, write_factions};
use crate::catalogue::counts::Counts;
use crate::catalogue::diff::{FactionsDiff, compare};
use crate::catalogue::{Catalogue, Faction};
use crate::error::{Error, Result};
use crate::names::SameName;
use crate::rules::battle::state::BattleStatus;
use crate::rules::reprice::{self, OverLimit, PendingArmy};
use crate::rules::roster::{Factions, ally_factions};
use crate::store::{self, Campaign, Conn, Store, battles, rosters};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Where the data in use came from, faction by faction, and how much of it there is.
#[derive(Serialize)]
pub struct Status {
    pub factions: Vec<FactionStatus>,
    pub totals: Counts,
    pub battlepacks: Vec<BattlepackStatus>,
}

/// One faction's provenance as recorded at import, and its counts.
#[derive(Serialize)]
pub struct FactionStatus {
    pub name: String,
    /// "bundled", or the user file it was read from.
    pub loaded_from: String,
    pub origin: String,
    pub commit: String,
    pub date: String,
    pub catalogue: String,
    pub revision: u32,
    #[serde(flatten)]
    pub counts: Counts,
}

/// A battlepack in use and where it was loaded from.
#[derive(Serialize)]
pub struct BattlepackStatus {
    pub id: String,
    pub name: String,
    pub loaded_from: String,
}

/// The data in use: every faction and battlepack of the catalogue as loaded for this run.
pub fn status(cat: &Catalogue) -> Result<Status> {
    let factions: Vec<FactionStatus> = cat
        .factions()?
        .into_iter()
        .map(|(f, o)| FactionStatus {
            name: f.name.clone(),
            loaded_from: o.to_string(),
            origin: f.source.origin.clone(),
            commit: f.source.commit.clone(),
            date: f.source.date.clone(),
            catalogue: f.source.catalogue.clone(),
            revision: f.source.revision,
            counts: Counts::of(f),
        })
        .collect();
    Ok(Status {
        totals: factions.iter().map(|f| f.counts).sum(),
        factions,
        battlepacks: cat
            .battlepack_files()?
            .into_iter()
            .map(|(b, o)| BattlepackStatus {
                id: b.id.clone(),
                name: b.name.clone(),
                loaded_from: o.to_string(),
            })
            .collect(),
    })
}

/// What an import would change, worked out before anything is written.
#[derive(Serialize)]
pub struct ImportReport {
    /// Where the faction files go.
    pub out: PathBuf,
    /// The imported factions against the ones in use.
    pub changes: FactionsDiff,
    /// Limits rosters keep at their recorded costs but would break at the imported points;
    /// empty when there is no database.
    pub over_limit: Vec<OverLimit>,
    /// Each imported faction with its number of units.
    pub factions: Vec<(String, usize)>,
    pub warnings: Vec<String>,
    pub skipped: Vec<String>,
}

/// A checkout read and compared, ready to write.
pub struct ImportPlan {
    pub report: ImportReport,
    factions: Vec<Faction>,
}

/// Reads the BSData catalogues at `checkout` and compares them with the data in use (`cat`)
/// and, when there is a database (`store`), with its rosters. Writes nothing. `out` is where
/// [`write_import`] will write (default: the user's data folder, where ptg reads them on top
/// of the bundled ones).
pub fn plan_import(
    cat: &Catalogue,
    store: Option<&mut Store>,
    checkout: &Path,
    out: Option<PathBuf>,
) -> Result<ImportPlan> {
    let out = match out {
        Some(o) => o,
        None => store::default_data_dir()
            .ok_or_else(|| Error::refused("cannot find the platform data folder; pass --out DIR"))?
            .join("factions"),
    };
    let import = import_dir(checkout)?;
    let changes = compare(cat.factions()?.into_iter().map(|(f, _)| f), &import.factions);
    let over_limit = match store {
        Some(store) => store.read(|conn| over_limits(cat, conn, &import.factions))?,
        None => Vec::new(),
    };
    Ok(ImportPlan {
        report: ImportReport {
            out,
            changes,
            over_limit,
            factions: import
                .factions
                .iter()
                .map(|f| (f.name.clone(), f.units.len()))
                .collect(),
            warnings: import.warnings,
            skipped: import.skipped,
        },
        factions: import.factions,
    })
}

/// Writes the planned faction files into the plan's output folder (the whole set, or nothing);
/// returns the paths written. No roster changes: recorded costs stay what was paid.
pub fn write_import(plan: &ImportPlan) -> Result<Vec<PathBuf>> {
    Ok(write_factions(&plan.factions, &plan.report.out)?)
}

/// Every roster of the database that some points limit would break priced at `new`, the
/// imported factions (rosters of factions not imported keep their data and are skipped).
fn over_limits(cat: &Catalogue, conn: &Conn, new: &[Faction]) -> Result<Vec<OverLimit>> {
    let battles = battles::list(conn, None)?;
    let mut out = Vec::new();
    for row in rosters::list(conn, None)? {
        let Some(faction) = new.iter().find(|f| f.name.same_name(&row.faction)) else {
            continue;
        };
        let roster = rosters::load(conn, row.id)?;
        let allies: Vec<&Faction> = ally_factions(&roster)
            .into_iter()
            .filter_map(|a| new.iter().find(|f| f.name.same_name(a)))
            .collect();
        let pack = pack_of(cat, &Campaign::of_roster(conn, row.id)?)?;
        let armies: Vec<PendingArmy> = battles
            .iter()
            .filter(|b| b.status == BattleStatus::Planned)
            .filter_map(|b| {
                let side = b.side(row.id).filter(|s| !s.army.is_empty())?;
                Some(PendingArmy {
                    battle_id: b.id,
                    points_limit: b.points_limit,
                    units: side.army.iter().map(|u| u.unit_id).collect(),
                })
            })
            .collect();
        out.extend(reprice::over_limits(
            pack,
            &Factions {
                own: faction,
                allies: &allies,
            },
            &roster,
            &armies,
        ));
    }
    Ok(out)
}
