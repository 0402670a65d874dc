//! `ptg export` and `ptg import`: a league with its whole history as a versioned JSON file
//! (`docs/LEAGUE_FILE.md`), to keep, to move to another machine, or to merge into another
//! database. An import is one transaction, then audited: the imported campaigns' numbers are
//! checked against their imported history.

use super::audit::{Audit, audit_campaign};
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::ids::CampaignId;
use crate::store::Store;
use crate::store::league::{self, Exported, Imported, League};
use serde::Serialize;

/// `ptg export [--campaign C]`: the campaign, or every campaign (deleted ones too), as a
/// league file read in one snapshot, written to `out` as it is read.
pub fn export(
    store: &mut Store,
    campaign: Option<CampaignId>,
    out: &mut dyn std::io::Write,
) -> Result<Exported> {
    let written_by = format!("ptg {}", env!("CARGO_PKG_VERSION"));
    store.read(|conn| {
        let ids = match campaign {
            Some(c) => vec![super::live_campaign(conn, c)?.id],
            None => league::every_campaign(conn)?,
        };
        Ok(league::export(conn, &ids, &written_by, out)?)
    })
}

/// What `ptg import` did, and what the audit of each imported campaign found.
#[derive(Serialize)]
pub struct ImportReport {
    #[serde(flatten)]
    pub imported: Imported,
    /// The audit of each imported campaign that is not deleted.
    pub audits: Vec<CampaignAudit>,
}

/// What the audit of one imported campaign found.
#[derive(Serialize)]
pub struct CampaignAudit {
    pub campaign: String,
    #[serde(flatten)]
    pub audit: Audit,
}

/// The league file at `path`, refused when it is not one this ptg reads or its battlepacks or
/// factions are unknown here: checked before any database is opened (or made). Read as a
/// stream, its rows spooled to temporary files (the memory of a row, not of the file).
pub fn read(cat: &Catalogue, path: &std::path::Path) -> Result<League> {
    let file = League::read_from(|| std::fs::File::open(path))?;
    check_data_known(cat, &file)?;
    Ok(file)
}

/// The league file's `text` (a file already in memory, as the property tests have it), read
/// and checked as [`read`] does.
pub fn read_text(cat: &Catalogue, text: &str) -> Result<League> {
    let file = League::read(text)?;
    check_data_known(cat, &file)?;
    Ok(file)
}

/// `ptg import FILE`: the league file (from [`read`]) checked whole (every problem listed),
/// written into the database and each imported campaign audited, all in one transaction:
/// refused whole, nothing written, when a campaign's name is taken, a value is not one the
/// commands would have let in, or the imported league does not add up.
pub fn import(cat: &Catalogue, store: &mut Store, file: &League) -> Result<ImportReport> {
    store.write(|tx| {
        let rounds = |pack: &str| cat.battlepack(pack).ok().map(|p| p.army.battle_rounds);
        let enhancement = |faction: &str, warscroll: &str, keywords: &[String], table: &str| {
            let faction = cat.faction(faction).ok()?;
            crate::rules::audit::rows::enhancement_problem(faction, warscroll, keywords, table)
        };
        let battlepack = |pack: &str| cat.battlepack(pack).ok();
        let known = league::Known {
            battle_rounds: &rounds,
            battlepack: &battlepack,
            enhancement: &enhancement,
        };
        let imported = league::import(tx, file, &known)?;
        let mut audits = Vec::new();
        let mut failed = Vec::new();
        for c in imported.campaigns.iter().filter(|c| !c.deleted) {
            // The file is all this database holds of it: a row that cannot be read back is the
            // file's fault, refused like any other, and rolled back with the rest.
            let audit = audit_campaign(cat, tx, CampaignId(c.id)).map_err(|e| {
                Error::refused(format!(
                    "the campaign '{}' of the file cannot be read back once imported ({e:#}); the file is not as `ptg export` writes it; nothing was written",
                    c.name
                ))
            })?;
            for f in &audit.findings {
                failed.push(format!("'{}', {}: {}", c.name, f.roster, f.message));
            }
            audits.push(CampaignAudit {
                campaign: c.name.clone(),
                audit,
            });
        }
        if !failed.is_empty() {
            let mut text = format!(
                "the league file's campaigns do not pass the audit ({} finding(s); nothing was written):",
                failed.len()
            );
            for f in failed.iter().take(50) {
                text.push_str("\n  - ");
                text.push_str(f);
            }
            if failed.len() > 50 {
                text.push_str(&format!("\n  ... and {} more", failed.len() - 50));
            }
            return Err(Error::refused(text));
        }
        Ok(ImportReport { imported, audits })
    })
}

/// Refuses a file whose campaigns use a battlepack, or whose rosters a faction, that this ptg
/// does not have (with --data-dir): every command about them would fail.
fn check_data_known(cat: &Catalogue, file: &League) -> Result<()> {
    for pack in file
        .column("campaigns", "battlepack")?
        .iter()
        .filter_map(|v| v.as_str())
    {
        if pack.chars().any(char::is_control) {
            return Err(Error::refused(format!(
                "the file's campaigns use the battlepack \"{}\", whose name holds control characters; \
                 the file is not as `ptg export` writes it",
                league::escaped(pack)
            )));
        }
        cat.battlepack(pack).map_err(|e| {
            Error::refused(format!(
                "{e}; the file's campaigns use it: add its data with --data-dir, then import again"
            ))
        })?;
    }
    let known: Vec<&str> = cat.faction_names().collect();
    let mut factions = file.column("rosters", "faction")?;
    factions.extend(file.column("units", "ally_faction")?);
    for faction in factions.iter().filter_map(|v| v.as_str()) {
        if !known.contains(&faction) {
            return Err(Error::refused(format!(
                "the file's rosters use the faction '{}', which this ptg does not know: \
                 add its data with --data-dir (see `ptg data`), then import again",
                league::escaped(faction)
            )));
        }
    }
    Ok(())
}
