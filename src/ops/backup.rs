//! `ptg backup FILE`: a consistent copy of the database while others may be writing.

use crate::error::{Error, Result};
use crate::store::Store;
use std::path::Path;

/// Copies the whole database into the empty SQLite file `dest` (the caller makes it beside
/// the backup's place and renames it there, so a failure leaves no half a backup). Refuses
/// `target` being the database itself.
pub fn write(store: &Store, dest: &Path, target: &Path) -> Result<()> {
    if let Some(db) = store.file() {
        let same = match (db.canonicalize(), target.canonicalize()) {
            (Ok(a), Ok(b)) => a == b,
            _ => false,
        };
        if same {
            return Err(Error::refused(format!(
                "{} is the database itself; name another file for the backup",
                target.display()
            )));
        }
    }
    store.backup_into(dest).map_err(Error::from)
}
