//! The dice log.

use crate::error::Result;
use crate::ids::RosterId;
use crate::store::rolls;
pub use crate::store::rolls::RollRow;
use crate::store::{Conn, Store};

/// Calls `f` with every roll, or those of one battle and/or one roster, oldest first (with
/// `newest`, only the latest so many), as they are read (in one read transaction), so printing
/// the whole dice log holds one roll at a time. Returns whether the page left earlier rolls out.
pub fn each(
    store: &mut Store,
    battle: Option<i64>,
    roster: Option<RosterId>,
    newest: Option<u32>,
    f: impl FnMut(RollRow) -> Result<()>,
) -> Result<bool> {
    read(store, battle, roster, newest, |log| log.each(f))
}

/// The rolls of one battle and/or one roster (or all; the latest so many with a limit), to be
/// read as often as the reader needs within one snapshot: a long table reads them once for its
/// column widths, then to print.
pub struct RollLog<'c> {
    conn: &'c Conn,
    battle: Option<i64>,
    roster_id: Option<i64>,
    newest: Option<u32>,
}

impl RollLog<'_> {
    /// Calls `f` with each roll, oldest first, as it is read; whether a limit left earlier
    /// rolls out.
    pub fn each(&self, f: impl FnMut(RollRow) -> Result<()>) -> Result<bool> {
        rolls::each(self.conn, self.battle, self.roster_id, self.newest, f)
    }
}

/// Runs `f` with the dice log of one battle and/or one roster (or all; the latest `newest`
/// rolls when given) in one read transaction.
pub fn read<T>(
    store: &mut Store,
    battle: Option<i64>,
    roster: Option<RosterId>,
    newest: Option<u32>,
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
            newest,
        })
    })
}
