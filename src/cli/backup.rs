//! `ptg backup FILE [--force]`: a copy of the whole database, consistent while other players
//! write, to keep somewhere safe; it is used as it is (`ptg --db FILE ...`) or put back with
//! `ptg restore FILE`.

use super::App;
use super::files::write_whole_with;
use super::output::line;
use crate::error::{Error, Result};
use crate::ops;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct BackupArgs {
    /// Where to write the copy (a new file; --force replaces one).
    file: PathBuf,
    /// Replace FILE if it exists.
    #[arg(long)]
    force: bool,
}

pub fn run(app: &mut App, args: BackupArgs) -> Result<()> {
    super::files::not_a_folder(&args.file, "ptg-backup.sqlite3")?;
    if args.file.exists() && !args.force {
        return Err(Error::refused(format!(
            "{} already exists; pass --force to replace it, or name another file",
            args.file.display()
        )));
    }
    let store = app.store()?;
    let target = args.file.clone();
    write_whole_with(&args.file, args.force, |tmp| {
        ops::backup::write(store, tmp, &target)
    })
    .map_err(|e| match e {
        Error::Internal(cause) => match cause.downcast_ref::<std::io::Error>() {
            // The folder missing, not writable or full: the player's to fix, named.
            Some(io) => Error::refused(format!(
                "cannot write the backup {}: {}",
                args.file.display(),
                plain(io)
            )),
            None => Error::Internal(cause),
        },
        e => e,
    })?;
    line(format!(
        "Backed up to {} (use it with `ptg --db {} ...`, or put it back with `ptg restore {}`).",
        args.file.display(),
        args.file.display(),
        args.file.display()
    ))
}

/// The system's words for `e`, without the temporary file's name `tempfile` adds to them
/// (`... at path "/x/.b.sqlite3.42.Ab12.ptg-partial"`): the player never named that file.
fn plain(e: &std::io::Error) -> String {
    let text = e.to_string();
    match text.split_once(" at path ") {
        Some((words, _)) => words.to_string(),
        None => text,
    }
}
