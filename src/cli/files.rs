//! Writing a file the player asked for (a roster sheet, a template to edit): whole or not at
//! all, with the permissions any new file of theirs gets.

use std::io::{self, Write};
use std::path::Path;

/// Refuses an output path that names a folder, before anything else is said of it: "already
/// exists; pass --force" would send the player to a `--force` that then fails "Is a directory".
/// `example` is a file name to suggest in it (`roster.pdf`).
pub fn not_a_folder(path: &Path, example: &str) -> crate::error::Result<()> {
    if path.is_dir() {
        return Err(crate::error::Error::refused(format!(
            "{0} is a folder; name a file to write instead, e.g. {1}",
            path.display(),
            path.join(example).display()
        )));
    }
    Ok(())
}

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
    if !dir.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::NotFound,
            format!(
                "the folder {} does not exist; make it first, or name a file in another folder",
                dir.display()
            ),
        )
        .into());
    }
    // A name cut short, so the temporary file's name stays within the file system's limit.
    let name: String = path
        .file_name()
        .map(|n| n.to_string_lossy().chars().take(100).collect())
        .unwrap_or_default();
    sweep_partials(dir, &name);
    let prefix = partial_prefix(&name);
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(PARTIAL);
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

/// The end of a temporary file's name, so one a killed ptg left is known for what it is.
const PARTIAL: &str = ".ptg-partial";

/// A temporary file's name for `name` starts with this: hidden, the file it will become, and
/// this process's id (`.league.sqlite3.4242.` then random letters and [`PARTIAL`]).
fn partial_prefix(name: &str) -> String {
    format!(".{name}.{}.", std::process::id())
}

/// Removes the temporary files for `name` in `dir` that a ptg killed part way left behind
/// (issue 30): those of a process no longer running. One of a process still writing (another
/// `ptg backup` of the same file) is left alone.
fn sweep_partials(dir: &Path, name: &str) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let start = format!(".{name}.");
    // A database built in one (`ptg import` into a new path) may have left SQLite's side
    // files beside it too.
    let ends: Vec<String> = ["", "-wal", "-shm", "-journal"]
        .iter()
        .map(|side| format!("{PARTIAL}{side}"))
        .collect();
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(file) = file.to_str() else { continue };
        let whole = ends.iter().any(|end| file.ends_with(end.as_str()));
        let Some(rest) = file.strip_prefix(&start).filter(|_| whole) else {
            continue;
        };
        let pid = rest.split('.').next().and_then(|p| p.parse::<u32>().ok());
        if pid.is_some_and(|pid| !running(pid, &entry)) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// Whether process `pid` may still be writing the temporary file `entry`.
fn running(pid: u32, entry: &std::fs::DirEntry) -> bool {
    if pid == std::process::id() {
        return true;
    }
    if cfg!(target_os = "linux") {
        return Path::new("/proc").join(pid.to_string()).exists();
    }
    // Elsewhere, without /proc: a file untouched for a day is no one's any more.
    let day = std::time::Duration::from_secs(24 * 60 * 60);
    entry
        .metadata()
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| t.elapsed().ok())
        .is_none_or(|age| age < day)
}
