//! The change log in order, with the names needed to read it.

use crate::error::Result;
use crate::rules::log::LoggedSet;
use crate::store::{Campaign, Store, history, rosters};
use std::collections::HashMap;

/// Change sets with every unit's and roster's name, by id.
pub struct History {
    pub sets: Vec<LoggedSet>,
    pub unit_names: HashMap<i64, String>,
    pub roster_names: HashMap<i64, String>,
}

/// The change log of one roster (its own commands and its battles), one campaign, or all,
/// read in one snapshot.
pub fn history(store: &mut Store, roster: Option<&str>, campaign: Option<&str>) -> Result<History> {
    store.read(|conn| {
        let roster_id = roster.map(|r| rosters::id_of(conn, r)).transpose()?;
        let campaign_id = campaign
            .map(|c| Campaign::get(conn, c))
            .transpose()?
            .map(|c| c.id);
        Ok(History {
            sets: history::sets(conn, roster_id, campaign_id)?,
            unit_names: rosters::unit_names(conn)?,
            roster_names: rosters::names(conn)?,
        })
    })
}
