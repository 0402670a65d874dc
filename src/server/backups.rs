//! `ptg serve --backup-every DURATION --backup-dir DIR --keep N` (issue 39): backups written
//! while serving, through SQLite's online backup API (a consistent copy while players write,
//! never a copy of the file), each under a partial name until whole (`ops::backup::rotate`).

use super::Server;
use crate::ops::backup::Rotation;
use std::sync::Arc;
use std::time::Duration;

/// How often, where, and how many.
#[derive(Debug, Clone)]
pub struct Backups {
    pub every: Duration,
    pub rotation: Rotation,
}

/// Writes a backup every `plan.every` (the first one `every` after the start) for as long as
/// the server runs; says on standard error where each went, or why one failed (tried again
/// at the next turn).
pub(super) async fn run(server: Arc<Server>, plan: Backups) {
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + plan.every, plan.every);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        let server = server.clone();
        let rotation = plan.rotation.clone();
        let done = tokio::task::spawn_blocking(move || {
            let store = crate::ops::reopen_store(&server.db)?;
            crate::ops::backup::rotate(&store, &rotation)
        })
        .await;
        match done {
            Ok(Ok(path)) => eprintln!("ptg serve: backed up to {}", path.display()),
            Ok(Err(e)) => eprintln!("ptg serve: the backup failed (tried again at the next turn): {e}"),
            Err(e) => eprintln!("ptg serve: the backup stopped: {e}"),
        }
    }
}
