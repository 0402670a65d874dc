//! What the look-up commands (`quest list`, `battleplan`, `path`) share: the battlepack they
//! read, the default one or a campaign's.

use super::App;
use crate::catalogue::Battlepack;
use crate::error::Result;
use crate::ops::lookup;
use clap::Args;

#[derive(Debug, Args)]
pub struct PackArg {
    /// Read the battlepack this campaign plays (default: Path to Glory: Ascension, without
    /// opening the database).
    #[arg(long, value_name = "CAMPAIGN")]
    pub campaign: Option<String>,
}

impl PackArg {
    /// The battlepack asked about: the campaign's when one is named, else the default.
    pub fn pack<'a>(&self, app: &'a mut App) -> Result<&'a Battlepack> {
        match &self.campaign {
            None => lookup::default_battlepack(app.catalogue()?),
            Some(c) => {
                let campaign = app.campaign_id(c)?;
                let (cat, store) = app.both()?;
                lookup::campaign_battlepack(cat, store, campaign)
            }
        }
    }
}
