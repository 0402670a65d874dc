//! `ptg serve [--listen ADDR] [--private] [--base-url URL] [--trusted-proxy ADDR]...`: the
//! league's pages and JSON API (see `src/server`), on the same database as every other command.

use super::App;
use crate::error::Result;
use crate::server::{Backups, BaseUrl, Limits, Public, Server, parse_proxy, serve};
use clap::Args;
use ipnet::IpNet;
use std::net::SocketAddr;
use std::time::Duration;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The address and port to listen on: 127.0.0.1 for this machine only, 0.0.0.0 for the
    /// club's network.
    #[arg(long, default_value = "127.0.0.1:8080", value_name = "ADDR:PORT", value_parser = listen_addr)]
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
    /// The address people open, which every link the server makes starts with (invite, join
    /// and set-up links): e.g. https://league.example.org behind a proxy. Default: the
    /// address listened on (for 0.0.0.0, this machine's address on its network).
    #[arg(long, value_name = "URL", value_parser = BaseUrl::parse)]
    base_url: Option<BaseUrl>,
    /// A proxy in front of the server (an address or range, e.g. 127.0.0.1 or 10.0.0.0/8;
    /// repeat for more) whose X-Forwarded-For, -Proto and -Host are believed; from anyone else
    /// they are ignored.
    #[arg(long, value_name = "ADDR", value_parser = parse_proxy)]
    trusted_proxy: Vec<IpNet>,
    /// Write no line per request on standard error.
    #[arg(long)]
    quiet: bool,
    /// Serve at most this many connections at once to one client address; its next ones are
    /// refused at once while others are served (a --trusted-proxy is not held to it: each of
    /// its connections is some client's).
    #[arg(long, default_value_t = 64, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=65536))]
    max_per_address: u64,
    /// Close a connection whose client has taken none of an answer for this many seconds (it
    /// sends requests and never reads the answers).
    #[arg(long, default_value_t = 20, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=3600))]
    write_timeout: u64,
    /// Close any connection after this many seconds, once its request under way is answered
    /// (browsers open a new one).
    #[arg(long, default_value_t = 600, value_name = "SECONDS", value_parser = clap::value_parser!(u64).range(1..=86400))]
    connection_lifetime: u64,
    /// Let one join link make at most this many rosters in any hour; the next players are told
    /// to ask the organiser.
    #[arg(long, default_value_t = crate::ops::join::JOINS_PER_HOUR, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100000))]
    joins_per_hour: u32,
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
            .with_public(Public {
                base: args.base_url,
                proxies: args.trusted_proxy,
                log: !args.quiet,
            })
            .with_joins_per_hour(args.joins_per_hour)
            .with_backups(backups),
        setup,
        args.listen,
        Limits {
            header_timeout: Duration::from_secs(args.header_timeout),
            request_timeout: Duration::from_secs(args.request_timeout),
            max_connections: usize::try_from(args.max_connections).unwrap_or(256),
            max_per_address: usize::try_from(args.max_per_address).unwrap_or(64),
            write_timeout: Duration::from_secs(args.write_timeout),
            connection_lifetime: Duration::from_secs(args.connection_lifetime),
        },
    )
}

/// `--listen` as typed, or a message with examples: clap's own ("invalid socket address
/// syntax") says neither what is wanted nor how it looks.
fn listen_addr(typed: &str) -> std::result::Result<SocketAddr, String> {
    typed.trim().parse().map_err(|_| {
        format!(
            "'{typed}' is not an address and port; give both, e.g. --listen 127.0.0.1:8080 \
             (this machine only), --listen 0.0.0.0:8080 (the club's network) or --listen [::1]:8080"
        )
    })
}
