//! `ptg backup`: a consistent copy of the whole database while other players may be writing,
//! through SQLite's online backup API.

use super::Store;
use anyhow::{Context, Result, bail};
use rusqlite::Connection;
use rusqlite::backup::{Backup, StepResult};
use std::path::Path;
use std::time::{Duration, Instant};

/// How long a backup waits out writers holding the database locked before it gives up.
const PATIENCE: Duration = Duration::from_secs(30);

impl Store {
    /// Copies the whole database into the new or empty SQLite file `dest`. All pages are
    /// copied in one step, inside one read of the source, so the copy is the database as it
    /// stood at one moment even while others write (a step of a few pages at a time would
    /// restart whenever another connection wrote in between). The copy is left as one
    /// self-contained file (rollback journal, no `-wal` beside it).
    pub fn backup_into(&self, dest: &Path) -> Result<()> {
        self.copy_into(dest).map_err(|e| {
            if super::read_only::is_disk_full(&e) {
                let folder = dest.parent().unwrap_or(Path::new("."));
                crate::error::refusal(format!(
                    "the disk holding {} is full (no space left for the backup); free some space \
                     there or back up to another disk",
                    folder.display()
                ))
            } else {
                e
            }
        })
    }

    fn copy_into(&self, dest: &Path) -> Result<()> {
        let mut dst = Connection::open(dest).with_context(|| format!("cannot create {}", dest.display()))?;
        {
            let backup = Backup::new(&self.conn, &mut dst)?;
            let started = Instant::now();
            loop {
                match backup.step(-1)? {
                    StepResult::Done => break,
                    StepResult::More => {}
                    StepResult::Busy | StepResult::Locked if started.elapsed() < PATIENCE => {
                        std::thread::sleep(Duration::from_millis(50));
                    }
                    StepResult::Busy | StepResult::Locked => {
                        bail!(
                            "the database stayed locked by other writers for {}s",
                            PATIENCE.as_secs()
                        )
                    }
                    _ => bail!("the backup stopped for a reason SQLite did not name"),
                }
            }
        }
        let _mode: String = dst.query_row("PRAGMA journal_mode = DELETE", [], |r| r.get(0))?;
        if let Some(slow) = super::gate::test_slowness() {
            std::thread::sleep(slow);
        }
        dst.close().map_err(|(_, e)| e)?;
        Ok(())
    }

    /// The database file this store has open, if it is a file.
    pub fn file(&self) -> Option<&Path> {
        self.path.as_deref()
    }
}
