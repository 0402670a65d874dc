//! The dice log.

use crate::error::{Error, Result};
use crate::store::rolls::{self, RollRow};
use crate::store::{Store, rosters};

/// Every roll, or those of one battle and/or one roster, oldest first.
pub fn list(store: &mut Store, battle: Option<i64>, roster: Option<&str>) -> Result<Vec<RollRow>> {
    store.read(|conn| {
        let roster_id = roster.map(|r| rosters::id_of(conn, r)).transpose()?;
        rolls::list(conn, battle, roster_id).map_err(Error::from)
    })
}
