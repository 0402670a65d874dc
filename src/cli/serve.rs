//! `ptg serve [--listen ADDR] [--private]`: the league's pages and JSON API (see
//! `src/server`), on the same database as every other command.

use super::App;
use crate::error::Result;
use crate::server::{Backups, Limits, Server, serve};
use clap::Args;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address and port to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the
    /// club's network.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT")]
    listen: SocketAddr,
    /// Show nothing to anyone without an invite link (`ptg invite`).
    #[arg(long)]
    private: bool,
    /// Print a one-time set-up link that makes a new campaign from the web and signs its
    /// browser in as the organiser (printed anyway when the database has no campaign).
    #[arg(long)]
    setup: bool,
    /// Serve this campaign only: its league page is the home page, and the others are not there.
    #[arg(long, value_name = "CAMPAIGN")]
    campaign: Option<String>,
    /// Close a connection that has not sent a request's headers within this many seconds (a
    /// slow or idle client).
    #[arg(long, default_value_t = 10, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Answer 503 to a request not done within this many seconds, its body's upload included.
    #[arg(long, default_value_t = 60, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    request_timeout: u64,
    /// Serve at most this many connections at once; the next wait until one closes.
    #[arg(long, default_value_t = 256, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=65536))]
    max_connections: u64,
    /// Write a backup of the database this often while serving (e.g. 30m, 6h, 1d; s, m, h or
    /// d), through SQLite's online backup API, into --backup-dir.
    #[arg(long, value_name = "DURATION", value_parser = duration, requires = "backup_dir")]
    backup_every: Option<Duration>,
    /// The folder for --backup-every's backups (<database>-backup-<UTC time>.sqlite3).
    #[arg(long, value_name = "DIR", requires = "backup_every")]
    backup_dir: Option<std::path::PathBuf>,
    /// Keep the newest N backups in --backup-dir, removing older ones.
    #[arg(long, default_value_t = 7, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=100000))]
    keep: u64,
}

/// A duration as a number and a unit: 90s, 15m, 6h, 1d (at least a second).
fn duration(text: &str) -> std::result::Result<Duration, String> {
    let text = text.trim();
    let split = text.find(|c: char| !c.is_ascii_digit()).unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: u64 = number
        .parse()
        .map_err(|_| format!("'{text}' is not a duration; write e.g. 30m, 6h or 1d"))?;
    let scale = match unit {
        "s" => 1,
        "m" => 60,
        "h" => 60 * 60,
        "d" => 24 * 60 * 60,
        _ => {
            return Err(format!(
                "'{text}' has no unit; write s, m, h or d after the number (e.g. 30m)"
            ));
        }
    };
    match n.checked_mul(scale) {
        Some(secs) if secs >= 1 => Ok(Duration::from_secs(secs)),
        _ => Err(format!("'{text}' is out of range; give at least 1s")),
    }
}

pub fn run(app: &mut App, args: ServeArgs) -> Result<()> {
    // Opened (and brought up to date) once here: a foreign, corrupt or newer database is
    // refused before serving (exit 3), and the server's connections only open the file.
    let db = app.store()?.file().map(ToOwned::to_owned);
    let db =
        db.ok_or_else(|| crate::error::Error::refused("ptg serve needs a database file, not one in memory"))?;
    let catalogue = app.catalogue()?.clone();
    let campaign = match &args.campaign {
        Some(name) => Some(app.campaign_id(name)?.get()),
        None => None,
    };
    // A set-up link when asked, or when there is no campaign to serve yet.
    let setup = match args.setup || crate::ops::campaign::list(app.store()?)?.is_empty() {
        true => Some(crate::ops::invite::new_token()?),
        false => None,
    };
    // Held while serving: `ptg restore` refuses to replace a database a server is on.
    let _held = crate::ops::restore::hold(&db)?;
    let backups = args
        .backup_every
        .zip(args.backup_dir)
        .map(|(every, dir)| Backups {
            every,
            rotation: crate::ops::backup::Rotation {
                dir,
                keep: usize::try_from(args.keep).unwrap_or(usize::MAX),
            },
        });
    serve(
        Server::new(db, catalogue, args.private, campaign)
            .with_setup(setup.as_deref().map(crate::ops::invite::token_hash))
            .with_backups(backups),
        setup,
        args.listen,
        Limits {
            header_timeout: Duration::from_secs(args.header_timeout),
            request_timeout: Duration::from_secs(args.request_timeout),
            max_connections: usize::try_from(args.max_connections).unwrap_or(256),
        },
    )
}
