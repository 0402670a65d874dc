//! `ptg restore BACKUP` (issue 39): a backup checked and put in the database's place, the
//! replaced database kept aside.

use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::store::restore as files;
use std::path::{Path, PathBuf};

/// What was restored.
pub struct Restored {
    pub audit: super::audit::Audit,
    /// Where the replaced database was moved (`None`: there was none).
    pub aside: Option<PathBuf>,
}

/// Restores `backup` over the database at `db`: refused, with nothing changed, when `backup`
/// is not a ptg database (or is one from a newer ptg), when it fails the audit, or while a
/// server or another ptg has `db` open.
pub fn run(cat: &Catalogue, backup: &Path, db: &Path) -> Result<Restored> {
    if !backup.is_file() {
        return Err(Error::refused(format!(
            "there is no backup file at {}; name the file `ptg backup` wrote",
            backup.display()
        )));
    }
    crate::store::check_path(backup)?;
    if let (Ok(a), Ok(b)) = (backup.canonicalize(), db.canonicalize())
        && a == b
    {
        return Err(Error::refused(format!(
            "{} is the database itself; name a backup of it",
            backup.display()
        )));
    }
    let dir = db
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir)
        .map_err(|e| Error::refused(format!("cannot make the folder {}: {e}", dir.display())))?;
    // Built beside the database, so that putting it in place is a rename; the OS removes it
    // whatever happens before then, a kill included, at the latest on the next restore.
    let name = db
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = tempfile::Builder::new()
        .prefix(&format!(".{name}.restoring."))
        .tempfile_in(dir)
        .map_err(|e| Error::refused(format!("cannot write in {}: {e}", dir.display())))?
        .into_temp_path();
    let mut store = files::copy_backup(backup, &tmp).map_err(|e| {
        Error::refused(format!(
            "{} cannot be restored: it is not a ptg database this ptg can use ({e:#}); nothing was changed",
            backup.display()
        ))
    })?;
    let audit = super::audit::audit(cat, &mut store, None, None)?;
    drop(store);
    if let Some(first) = audit.findings.first() {
        return Err(Error::refused(format!(
            "{} fails the audit ({} finding(s), the first: {}: {}); nothing was changed. Run `ptg --db {} audit` \
             to see them all, or restore another backup",
            backup.display(),
            audit.findings.len(),
            first.roster,
            first.message,
            backup.display()
        )));
    }
    let aside = files::beside(
        db,
        &format!(".replaced-{}", chrono::Utc::now().format("%Y%m%d-%H%M%S")),
    );
    let aside = (1..)
        .map(|n| match n {
            1 => aside.clone(),
            n => files::beside(&aside, &format!("-{n}")),
        })
        .find(|p| !p.exists() && !files::beside(p, "-wal").exists())
        .unwrap_or(aside);
    let aside = files::put_in_place(&tmp, db, &aside)?;
    // Renamed into place: nothing left for the temporary path to remove.
    let _ = tmp.keep();
    Ok(Restored { audit, aside })
}

/// Marks the database at `db` as served for as long as the answer is kept (`ptg serve`):
/// `ptg restore` refuses to replace it meanwhile.
pub fn hold(db: &Path) -> Result<crate::store::Held> {
    Ok(crate::store::hold(db)?)
}
