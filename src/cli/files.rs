//! Writing a file the player asked for (a roster sheet, a template to edit): whole or not at
//! all, with the permissions any new file of theirs gets.

use std::io::{self, Write};
use std::path::Path;

/// Writes `bytes` to `path` through a temporary file beside it, renamed into place, so a
/// failure part way never leaves half a file.
///
/// A temporary file is made readable by its owner alone (0600), and renaming keeps that: the
/// sheet came out unreadable to anyone else sharing the folder. So the temporary file is
/// created as a new file normally is (0666 less the umask, e.g. 0644), or given the
/// permissions of the file it replaces.
///
/// With `replace` false an existing `path` is left alone and the error's kind is
/// [`io::ErrorKind::AlreadyExists`]; the check and the rename are one step, so no file made
/// meanwhile is overwritten either.
pub fn write_whole(path: &Path, bytes: &[u8], replace: bool) -> io::Result<()> {
    write_whole_with(path, replace, |tmp| {
        let mut f = std::fs::OpenOptions::new().write(true).open(tmp)?;
        f.write_all(bytes)
    })
}

/// As [`write_whole`], the temporary file filled by `fill` from its path (a database backup
/// writes it through SQLite).
pub fn write_whole_with<E: From<io::Error>>(
    path: &Path,
    replace: bool,
    fill: impl FnOnce(&Path) -> Result<(), E>,
) -> Result<(), E> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let mut builder = tempfile::Builder::new();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Passed to open(2) with the new file, so the umask applies as it does to any file.
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let tmp = builder.tempfile_in(dir)?;
    fill(tmp.path())?;
    if !replace {
        return tmp.persist_noclobber(path).map(drop).map_err(|e| e.error.into());
    }
    if let Some(old) = std::fs::metadata(path).ok().filter(|m| m.is_file()) {
        tmp.as_file().set_permissions(old.permissions())?;
    }
    tmp.persist(path).map(drop).map_err(|e| e.error.into())
}
