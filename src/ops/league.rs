//! `ptg export` and `ptg import`: a league with its whole history as a versioned JSON file
//! (`docs/LEAGUE_FILE.md`), to keep, to move to another machine, or to merge into another
//! database. An import is one transaction, then audited: the imported campaigns' numbers are
//! checked against their imported history.

use super::audit::{Audit, audit};
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::ids::CampaignId;
use crate::store::Store;
use crate::store::league::{self, Exported, Imported, League};
use serde::Serialize;

/// `ptg export [--campaign C]`: the campaign, or every campaign (deleted ones too), as a
/// league file read in one snapshot.
pub fn export(store: &mut Store, campaign: Option<CampaignId>) -> Result<Exported> {
    let written_by = format!("ptg {}", env!("CARGO_PKG_VERSION"));
    store.read(|conn| {
        let ids = match campaign {
            Some(c) => vec![super::live_campaign(conn, c)?.id],
            None => league::every_campaign(conn)?,
        };
        Ok(league::export(conn, &ids, &written_by)?)
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

/// The league file `text`, refused when it is not one this ptg reads or its battlepacks or
/// factions are unknown here: checked before any database is opened (or made).
pub fn read(cat: &Catalogue, text: &str) -> Result<League> {
    let file = League::read(text)?;
    check_data_known(cat, &file)?;
    Ok(file)
}

/// `ptg import FILE`: the league file (from [`read`]) written into the database in one
/// transaction, refused whole when a campaign's name is taken or a row is not as `ptg export`
/// writes it.
pub fn import(cat: &Catalogue, store: &mut Store, file: &League) -> Result<ImportReport> {
    let imported = store.write(|tx| Ok::<_, Error>(league::import(tx, file)?))?;
    let mut audits = Vec::new();
    for c in imported.campaigns.iter().filter(|c| !c.deleted) {
        let audit = audit(cat, store, None, Some(CampaignId(c.id)))?;
        audits.push(CampaignAudit {
            campaign: c.name.clone(),
            audit,
        });
    }
    Ok(ImportReport { imported, audits })
}

/// Refuses a file whose campaigns use a battlepack, or whose rosters a faction, that this ptg
/// does not have (with --data-dir): every command about them would fail.
fn check_data_known(cat: &Catalogue, file: &League) -> Result<()> {
    for pack in file
        .column("campaigns", "battlepack")?
        .iter()
        .filter_map(|v| v.as_str())
    {
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
                "the file's rosters use the faction '{faction}', which this ptg does not know: \
                 add its data with --data-dir (see `ptg data`), then import again"
            )));
        }
    }
    Ok(())
}
