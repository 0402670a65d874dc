//! Look-ups without the book (`quest list`, `battleplan`, `path`): which battlepack a player
//! asks about. Most players play one battlepack, so these work with no database at all; a
//! campaign named with `--campaign` answers for the battlepack that campaign plays.

use super::pack_of;
use crate::catalogue::battlepack::{Battleplan, Path};
use crate::catalogue::{Battlepack, Catalogue};
use crate::error::{Error, Result};
use crate::store::Store;

/// The battlepack a campaign plays unless it names another (`campaign new --battlepack`).
pub const DEFAULT_BATTLEPACK: &str = "ascension";

/// The default battlepack, from the catalogue alone (no database opened).
pub fn default_battlepack(cat: &Catalogue) -> Result<&Battlepack> {
    cat.battlepack(DEFAULT_BATTLEPACK).map_err(Error::refused)
}

/// The battlepack campaign `campaign` plays, read in one read transaction.
pub fn campaign_battlepack<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    campaign: crate::ids::CampaignId,
) -> Result<&'a Battlepack> {
    let c = store.read(|conn| super::live_campaign(conn, campaign))?;
    pack_of(cat, &c)
}

/// The battleplan called `name` (any case), or a refusal with "did you mean".
pub fn battleplan<'a>(pack: &'a Battlepack, name: &str) -> Result<&'a Battleplan> {
    Ok(crate::rules::battle::find_battleplan(pack, name)?)
}

/// The Path called `name` ("Warrior", "warrior", "Path of the Warrior"), or a refusal with
/// "did you mean" and the Paths there are.
pub fn path<'a>(pack: &'a Battlepack, name: &str) -> Result<&'a Path> {
    Ok(crate::rules::renown::find_path(pack, name)?)
}
