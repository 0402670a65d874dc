//! `ptg restore BACKUP`: a backup `ptg backup` wrote (or `ptg serve --backup-every`) put back
//! in the database's place, checked first, the replaced database kept aside.

use super::App;
use super::output::line;
use crate::error::Result;
use crate::ops;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct RestoreArgs {
    /// The backup to put in the database's place (a file `ptg backup` wrote).
    backup: PathBuf,
}

pub fn run(app: &mut App, args: RestoreArgs) -> Result<()> {
    let db = ops::db_path(app.db_path.as_deref())?;
    let restored = ops::restore::run(app.catalogue()?, &args.backup, &db)?;
    let audit = &restored.audit;
    line(format!(
        "Restored {} into {}: {} roster(s), {} battle(s) and {} change set(s), all adding up.",
        args.backup.display(),
        db.display(),
        audit.rosters,
        audit.battles,
        audit.change_sets
    ))?;
    match &restored.aside {
        Some(aside) => line(format!(
            "The database it replaced is kept at {} (`ptg --db {} ...` reads it; delete it when \
             you no longer need it).",
            aside.display(),
            aside.display()
        )),
        None => line("There was no database there before."),
    }
}
