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

/// What `ptg serve --backup-every` keeps: where, and how many.
#[derive(Debug, Clone)]
pub struct Rotation {
    pub dir: std::path::PathBuf,
    /// The newest this many backups are kept; older ones are removed.
    pub keep: usize,
}

/// The end of a rotated backup's name, and of one being written.
const ROTATED: &str = ".sqlite3";
const PARTIAL: &str = ".ptg-partial";

/// The start of the name of every rotated backup of `db`: its name without `.sqlite3`/`.db`.
fn stem(store: &Store) -> String {
    let name = store
        .file()
        .and_then(|f| f.file_stem())
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "ptg".into());
    format!("{name}-backup-")
}

/// Writes one backup of `store` into `rotation.dir` (`<db>-backup-<UTC time>.sqlite3`), first
/// under a hidden partial name, renamed once whole: a file with a backup's name is always a
/// whole one. Then removes the oldest beyond `rotation.keep`, and partial files a killed
/// server left. Returns the backup's path.
pub fn rotate(store: &Store, rotation: &Rotation) -> Result<std::path::PathBuf> {
    let stem = stem(store);
    let dir = &rotation.dir;
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::refused(format!("cannot make the backup folder {}: {e}", dir.display())))?;
    let when = chrono::Utc::now().format("%Y%m%d-%H%M%S");
    let path = dir.join(format!("{stem}{when}{ROTATED}"));
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{stem}{when}."))
        .suffix(PARTIAL)
        .tempfile_in(dir)
        .map_err(|e| Error::refused(format!("cannot write in {}: {e}", dir.display())))?;
    store.backup_into(tmp.path())?;
    tmp.persist(&path)
        .map_err(|e| Error::refused(format!("cannot name the backup {}: {}", path.display(), e.error)))?;
    // Older first: the UTC time in the names sorts as they were made.
    let mut rotated = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if name.starts_with(&stem) && name.ends_with(ROTATED) {
            rotated.push(entry.path());
        } else if name.starts_with(&format!(".{stem}")) && name.ends_with(PARTIAL) {
            // A partial of an earlier server killed while writing it (this one's is renamed;
            // one server writes its backups one at a time).
            let _ = std::fs::remove_file(entry.path());
        }
    }
    rotated.sort();
    let extra = rotated.len().saturating_sub(rotation.keep.max(1));
    for old in &rotated[..extra] {
        let _ = std::fs::remove_file(old);
    }
    Ok(path)
}
