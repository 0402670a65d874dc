//! The change log in order, with the names needed to read it.

use crate::error::Result;
use crate::rules::log::LoggedSet;
pub use crate::store::history::{Page, Since};
use crate::store::{Campaign, Store, history, rosters};
use std::collections::HashMap;

/// Change sets with every unit's and roster's name, by id.
pub struct History {
    pub sets: Vec<LoggedSet>,
    pub unit_names: HashMap<i64, String>,
    pub roster_names: HashMap<i64, String>,
    /// Change sets of the same scope before the first one shown (left out by the page).
    pub earlier: u64,
}

/// A page of the change log of one roster (its own commands and its battles), one campaign,
/// or all, read in one snapshot.
pub fn history(
    store: &mut Store,
    roster: Option<&str>,
    campaign: Option<&str>,
    page: Page,
) -> Result<History> {
    store.read(|conn| {
        let roster_id = roster.map(|r| rosters::id_of(conn, r)).transpose()?;
        let campaign_id = campaign
            .map(|c| Campaign::get(conn, c))
            .transpose()?
            .map(|c| c.id);
        let sets = history::page(conn, roster_id, campaign_id, page)?;
        let earlier = match sets.first() {
            Some(first) => history::count_before(conn, roster_id, campaign_id, first.id)?,
            None => 0,
        };
        // One roster's history names only the units its log mentions.
        let unit_names = if roster_id.is_some() {
            let mut ids: Vec<i64> = sets
                .iter()
                .flat_map(|s| &s.changes)
                .filter_map(|c| c.unit_id)
                .collect();
            ids.sort_unstable();
            ids.dedup();
            rosters::unit_names_of(conn, &ids)?
        } else {
            rosters::unit_names(conn)?
        };
        Ok(History {
            sets,
            unit_names,
            roster_names: rosters::names(conn)?,
            earlier,
        })
    })
}
