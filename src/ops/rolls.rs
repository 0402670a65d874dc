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

/// Calls `f` with every roll, or those of one battle and/or one roster, oldest first, as they
/// are read (in one read transaction), so printing the whole dice log holds one roll at a time.
pub fn each(
    store: &mut Store,
    battle: Option<i64>,
    roster: Option<&str>,
    f: impl FnMut(RollRow) -> Result<()>,
) -> Result<()> {
    store.read(|conn| {
        let roster_id = roster.map(|r| rosters::id_of(conn, r)).transpose()?;
        rolls::each(conn, battle, roster_id, f)
    })
}
