//! Campaigns: create one, list them.

use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::store::{Campaign, CampaignRow, Store};

/// Creates a campaign playing `battlepack` (an id or name); returns it with the battlepack's name.
pub fn create(
    cat: &Catalogue,
    store: &mut Store,
    name: &str,
    battlepack: &str,
) -> Result<(Campaign, String)> {
    let pack = cat.battlepack(battlepack).map_err(Error::refused)?;
    let campaign = store.write(|tx| Campaign::create(tx, name, &pack.id).map_err(Error::from))?;
    Ok((campaign, pack.name.clone()))
}

/// Every campaign with its counts of rosters and battles.
pub fn list(store: &mut Store) -> Result<Vec<CampaignRow>> {
    store.read(|conn| Campaign::list(conn).map_err(Error::from))
}
