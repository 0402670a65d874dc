//! The soak of issue 39: `ptg serve` with 50 clients reading and writing and the audit page
//! asked every 2 s, a backup taken meanwhile, then SIGTERM: no request fails, the write-ahead
//! log stays under 64 MB throughout, the exit is 0 with no `-wal` left, and the backup
//! restores (`ptg restore`) to a league that passes the audit.
//!
//! The normal run lasts 25 s; the issue's 10 minutes is the ignored test (not in the default
//! run): `PTG_SOAK_SECONDS=600 cargo test --release --test serve_soak -- --ignored --nocapture`
//! (its figures are printed: requests, requests/s, the largest `-wal`).

#![cfg(unix)]

#[path = "../benches/serve_load/client.rs"]
#[allow(dead_code)]
mod client;
mod common;
mod serve_support;

use client::Client;
use common::league::{LEAGUE, LEAGUE_FIXTURE};
use common::{Ptg, roster_new};
use serve_support::process::serve;
use serve_support::{invite, roster_id};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

const CLIENTS: usize = 50;
/// Of the clients, those that write (each on a roster of its own in set-up).
const WRITERS: usize = 10;
const WAL_LIMIT: u64 = 64 * 1024 * 1024;

#[test]
fn a_short_soak_holds() {
    soak(Duration::from_secs(25));
}

#[test]
#[ignore = "the issue's 10-minute soak: PTG_SOAK_SECONDS=600 cargo test --test serve_soak -- --ignored"]
fn the_long_soak_holds() {
    let seconds = std::env::var("PTG_SOAK_SECONDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(600);
    soak(Duration::from_secs(seconds));
}

fn beside(db: &Path, suffix: &str) -> PathBuf {
    let mut path = db.as_os_str().to_owned();
    path.push(suffix);
    PathBuf::from(path)
}

/// What the clients saw.
#[derive(Default)]
struct Seen {
    requests: AtomicU64,
    errors: Mutex<Vec<String>>,
}

impl Seen {
    fn answer(&self, what: &str, answer: std::io::Result<(u16, String)>) -> Option<String> {
        self.requests.fetch_add(1, Ordering::Relaxed);
        match answer {
            Ok((200, body)) => Some(body),
            Ok((status, body)) => {
                self.errors
                    .lock()
                    .unwrap()
                    .push(format!("{what}: {status} {body}"));
                None
            }
            Err(e) => {
                self.errors.lock().unwrap().push(format!("{what}: {e}"));
                None
            }
        }
    }
}

fn soak(length: Duration) {
    let p = LEAGUE_FIXTURE.copy();
    let writers: Vec<(i64, String)> = (1..=WRITERS)
        .map(|w| {
            let name = format!("Writer {w}");
            p.ok(&roster_new(
                &name,
                LEAGUE,
                "Stormcast Eternals",
                "Knight-Questor",
                "warrior",
                "berserker",
            ));
            (roster_id(&p, &name), invite(&p, &["--roster", &name]))
        })
        .collect();
    let rosters: Vec<i64> = ["Hammers of Dawn", "Rat Tide", "Silken Host", "Moonclan Mob"]
        .iter()
        .map(|n| roster_id(&p, n))
        .collect();
    let mut server = serve(&p, &[]);
    let addr: std::net::SocketAddr = server.addr.parse().unwrap();
    let stop = Arc::new(AtomicBool::new(false));
    let seen = Arc::new(Seen::default());
    let max_wal = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let mut threads = Vec::new();
    for (roster, token) in writers {
        let (stop, seen) = (stop.clone(), seen.clone());
        threads.push(std::thread::spawn(move || {
            let mut c = Client::new(addr);
            let add = format!("/api/rosters/{roster}/units");
            while !stop.load(Ordering::Relaxed) {
                let body = r#"{"warscroll":"Liberators"}"#;
                let added = seen.answer("POST unit", c.request("POST", &add, Some(&token), Some(body)));
                let unit = added
                    .and_then(|b| serde_json::from_str::<serde_json::Value>(&b).ok())
                    .and_then(|v| v["roster"]["units"][1]["id"].as_i64());
                if let Some(unit) = unit {
                    let gone = c.request("DELETE", &format!("{add}/{unit}"), Some(&token), None);
                    seen.answer("DELETE unit", gone);
                }
            }
        }));
    }
    for reader in 0..CLIENTS - WRITERS {
        let (stop, seen, rosters) = (stop.clone(), seen.clone(), rosters.clone());
        threads.push(std::thread::spawn(move || {
            let mut c = Client::new(addr);
            let mut n = reader;
            while !stop.load(Ordering::Relaxed) {
                n += 1;
                let roster = rosters[n % rosters.len()];
                let path = match n % 5 {
                    0 => "/".to_string(),
                    1 => "/campaigns/1".to_string(),
                    2 => format!("/rosters/{roster}"),
                    3 => format!("/battles/{}", 1 + n % 6),
                    _ => format!("/api/rosters/{roster}"),
                };
                let answer = c.request("GET", &path, None, None);
                seen.answer(&path, answer);
            }
        }));
    }
    {
        let (stop, seen) = (stop.clone(), seen.clone());
        threads.push(std::thread::spawn(move || {
            let mut c = Client::new(addr);
            while !stop.load(Ordering::Relaxed) {
                let asked = Instant::now();
                let audit = seen.answer("audit page", c.request("GET", "/campaigns/1/audit", None, None));
                if audit.is_some_and(|page| !page.contains("against their history")) {
                    seen.errors
                        .lock()
                        .unwrap()
                        .push("the audit page says no audit".into());
                }
                std::thread::sleep(Duration::from_secs(2).saturating_sub(asked.elapsed()));
            }
        }));
    }
    let wal = beside(&p.db(), "-wal");
    let backup = p.dir.path().join("during.sqlite3");
    let mut backed_up = false;
    while started.elapsed() < length {
        let size = std::fs::metadata(&wal).map_or(0, |m| m.len());
        max_wal.fetch_max(size, Ordering::Relaxed);
        assert!(size < WAL_LIMIT, "the -wal reached {size} bytes");
        if !backed_up && started.elapsed() >= length / 2 {
            p.ok(&["backup", backup.to_str().unwrap()]);
            backed_up = true;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    let ran = started.elapsed();
    let pid = libc::pid_t::try_from(server.child.id()).unwrap();
    // SAFETY: a signal to the child this test started and has not yet waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let stopping = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            stopping.elapsed() < Duration::from_secs(30),
            "ptg serve did not stop on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    let requests = seen.requests.load(Ordering::Relaxed);
    let errors = seen.errors.lock().unwrap();
    eprintln!(
        "soak: {:.0?}, {CLIENTS} clients: {requests} requests ({:.0}/s), {} errors, largest -wal {:.1} MB",
        ran,
        requests as f64 / ran.as_secs_f64(),
        errors.len(),
        max_wal.load(Ordering::Relaxed) as f64 / 1_048_576.0
    );
    assert!(
        errors.is_empty(),
        "{} errors, the first: {:?}",
        errors.len(),
        &errors[..errors.len().min(5)]
    );
    assert!(requests > 0);
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(!wal.exists(), "a -wal was left after SIGTERM");
    p.ok(&["audit"]);
    let restored = Ptg::new();
    restored.ok(&["restore", backup.to_str().unwrap()]);
    restored.ok(&["audit"]);
}
