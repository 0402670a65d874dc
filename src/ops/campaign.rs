//! Campaigns: create one, change its settings, list them.

use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::store::{Campaign, CampaignRow, Store};

/// Creates a campaign playing `battlepack` (an id or name), allowing Legends warscrolls or
/// not; returns it with the battlepack's name.
pub fn create(
    cat: &Catalogue,
    store: &mut Store,
    name: &str,
    battlepack: &str,
    legends: bool,
) -> Result<(Campaign, String)> {
    let pack = cat.battlepack(battlepack).map_err(Error::refused)?;
    let campaign = store.write(|tx| Campaign::create(tx, name, &pack.id, legends).map_err(Error::from))?;
    Ok((campaign, pack.name.clone()))
}

/// What `campaign set` did: the campaign as it is now, and the change set that did it (none
/// when the campaign already had that setting).
pub struct Set {
    pub campaign: Campaign,
    pub set_id: Option<i64>,
}

/// Allows or forbids Legends warscrolls in a campaign, in one transaction logged as a change
/// set that `ptg undo` reverses. Units already on an Order of Battle stay; `roster check` and
/// the audit report Legends units the campaign no longer allows.
pub fn set_legends(store: &mut Store, name: &str, legends: bool) -> Result<Set> {
    store.write(|tx| {
        let c = Campaign::get(tx, name)?;
        if c.legends == legends {
            return Ok(Set {
                campaign: c,
                set_id: None,
            });
        }
        let summary = format!("{}: {}", c.name, legends_words(legends));
        let set_id = Campaign::set_legends(tx, &c, legends, &summary)?;
        Ok(Set {
            campaign: Campaign::by_id(tx, c.id)?,
            set_id: Some(set_id),
        })
    })
}

/// "Legends allowed" / "Legends not allowed", as history and the CLI word the setting.
pub fn legends_words(legends: bool) -> &'static str {
    if legends {
        "Legends allowed"
    } else {
        "Legends not allowed"
    }
}

/// Every campaign with its counts of rosters and battles.
pub fn list(store: &mut Store) -> Result<Vec<CampaignRow>> {
    store.read(|conn| Campaign::list(conn).map_err(Error::from))
}
