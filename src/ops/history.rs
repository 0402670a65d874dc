//! The change log in order, with the names needed to read it.

use crate::error::Result;
use crate::ids::{CampaignId, RosterId};
use crate::rules::log::LoggedSet;
pub use crate::store::history::{Page, Since};
use crate::store::{Store, history, rosters};
use std::collections::HashMap;

/// The names a change set's lines need: its units' and rosters' names, by id.
#[derive(Default)]
pub struct Names {
    pub units: HashMap<i64, String>,
    pub rosters: HashMap<i64, String>,
}

/// What a history read showed: how many sets, and how many of the same scope came before the
/// first one shown (left out by the page).
pub struct Shown {
    pub sets: u64,
    pub earlier: u64,
}

/// A page of the change log of one roster (its own commands and its battles), one campaign,
/// or all, handed to `f` set by set as it is read, with the names its lines need, so printing
/// a whole league's log holds one set at a time (issue #16). One read transaction.
pub fn each(
    store: &mut Store,
    roster: Option<RosterId>,
    campaign: Option<CampaignId>,
    page: Page,
    mut f: impl FnMut(&LoggedSet, &Names) -> Result<()>,
) -> Result<Shown> {
    store.read(|conn| {
        if let Some(r) = roster {
            super::live_roster(conn, r)?;
        }
        let roster_id = roster.map(RosterId::get);
        let campaign_id = campaign
            .map(|c| super::live_campaign(conn, c))
            .transpose()?
            .map(|c| c.id);
        let mut names = Names {
            units: HashMap::new(),
            rosters: rosters::names(conn)?,
        };
        let (mut first, mut count) = (None, 0);
        history::each_of_page(conn, roster_id, campaign_id, page, |set| -> Result<()> {
            // Names are read as sets name units not seen yet: the cost follows what is shown.
            let mut missing: Vec<i64> = set
                .changes
                .iter()
                .filter_map(|c| c.unit_id)
                .filter(|u| !names.units.contains_key(u))
                .collect();
            if !missing.is_empty() {
                missing.sort_unstable();
                missing.dedup();
                names.units.extend(rosters::unit_names_of(conn, &missing)?);
            }
            first.get_or_insert(set.id);
            count += 1;
            f(&set, &names)
        })?;
        let earlier = match first {
            Some(first) => history::count_before(conn, roster_id, campaign_id, first)?,
            None => 0,
        };
        Ok(Shown { sets: count, earlier })
    })
}
