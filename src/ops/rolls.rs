//! The dice log.

use crate::error::Result;
use crate::ids::RosterId;
use crate::store::rolls;
pub use crate::store::rolls::RollRow;
use crate::store::{Conn, Store};

/// Calls `f` with every roll, or those of one battle and/or one roster, oldest first, as they
/// are read (in one read transaction), so printing the whole dice log holds one roll at a time.
pub fn each(
    store: &mut Store,
    battle: Option<i64>,
    roster: Option<RosterId>,
    f: impl FnMut(RollRow) -> Result<()>,
) -> Result<()> {
    read(store, battle, roster, |log| log.each(f))
}

/// The rolls of one battle and/or one roster (or all), to be read as often as the reader
/// needs within one snapshot: a table reads them once for its column widths, then to print.
pub struct RollLog<'c> {
    conn: &'c Conn,
    battle: Option<i64>,
    roster_id: Option<i64>,
}

impl RollLog<'_> {
    /// Calls `f` with each roll, oldest first, as it is read.
    pub fn each(&self, f: impl FnMut(RollRow) -> Result<()>) -> Result<()> {
        rolls::each(self.conn, self.battle, self.roster_id, f)
    }
}

/// Runs `f` with the dice log of one battle and/or one roster (or all) in one read transaction.
pub fn read<T>(
    store: &mut Store,
    battle: Option<i64>,
    roster: Option<RosterId>,
    f: impl FnOnce(&RollLog) -> Result<T>,
) -> Result<T> {
    store.read(|conn| {
        if let Some(r) = roster {
            super::live_roster(conn, r)?;
        }
        let roster_id = roster.map(RosterId::get);
        f(&RollLog {
            conn,
            battle,
            roster_id,
        })
    })
}
