//! Load on `ptg serve` over loopback (issues #20 and #32), on a generated league of 1,000
//! battles (`benches/league/generate.rs`: 50 rosters in one campaign).
//!
//! Each kind of read (a roster page, the league page, a battle page, `GET /api/rosters/{id}`)
//! is measured on its own for `--seconds` by 50 readers, each on a connection kept open as a
//! browser does, going round the league's rosters or battles. All the while 5 writers add a
//! unit to their own roster in set-up and take it off again, through their player's invite,
//! and the CLI does the same to a roster of its own on the same file. Every answer that is not
//! a 200 (and every CLI command that fails) is an error. Reports each kind's reads per second
//! and latency (p50, p99, max), one request of each kind on the idle server against
//! `ptg --version`, the server's peak resident memory, and runs `ptg audit` after.
//!
//! ```text
//! cargo bench --bench serve_load [-- --seconds N] [--battles N] [--reuse]
//! ```
//!
//! `--seconds` per kind (10), `--battles` the league's size (1000: ~25 s to generate on two
//! cores); `--reuse` serves a league an earlier run generated (kept in the bench's scratch
//! folder) instead of generating it again.

#[path = "serve_load/client.rs"]
mod client;
#[path = "league/generate.rs"]
mod generate;

use client::{Client, Tally};
use std::io::Read;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

const READERS: usize = 50;
const WRITERS: usize = 5;
const SEED: u64 = 32;
/// Requests of each kind timed one at a time on the idle server.
const IDLE: usize = 30;

fn ptg(db: &Path, home: &Path, args: &[&str]) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_ptg"))
        .args(args)
        .env("PTG_DB", db)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home)
        .env_remove("PTG_DATA_DIR")
        .output()
        .expect("ptg runs");
    assert!(
        out.status.success(),
        "ptg {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).to_string()
}

fn json(db: &Path, home: &Path, args: &[&str]) -> serde_json::Value {
    let args = [args, &["--json"]].concat();
    serde_json::from_str(&ptg(db, home, &args)).expect("ptg's JSON")
}

/// `ptg serve` on a free port, stopped when dropped.
struct Serving(Child);

impl Serving {
    /// The server's peak and current resident memory (Linux's `VmHWM` and `VmRSS`), or what
    /// stood in the way of reading them.
    fn memory(&self) -> String {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.0.id()));
        let field = |text: &str, name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name))
                .and_then(|v| v.trim().strip_suffix(" kB"))
                .and_then(|kb| kb.trim().parse::<f64>().ok())
                .map(|kb| format!("{:.1} MB", kb / 1024.0))
        };
        match status {
            Ok(text) => match (field(&text, "VmHWM:"), field(&text, "VmRSS:")) {
                (Some(peak), Some(now)) => format!("peak {peak}, at the end {now}"),
                _ => "not in /proc's status".to_string(),
            },
            Err(e) => format!("not readable ({e})"),
        }
    }
}

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(db: &Path, home: &Path) -> (Serving, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ptg"))
        // --quiet: no request log, whose lines nobody here reads (the figures stay comparable).
        .args(["serve", "--listen", "127.0.0.1:0", "--quiet"])
        .env("PTG_DB", db)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home)
        .env_remove("PTG_DATA_DIR")
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ptg serve starts");
    let mut stderr = child.stderr.take().unwrap();
    let mut said = Vec::new();
    let mut byte = [0u8; 1];
    while stderr.read(&mut byte).unwrap_or(0) == 1 && byte[0] != b'\n' {
        said.push(byte[0]);
    }
    let said = String::from_utf8_lossy(&said).to_string();
    let addr = said
        .split_whitespace()
        .find_map(|w| w.strip_prefix("http://"))
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("no address in {said:?}"));
    (Serving(child), addr)
}

fn flag<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> T {
    match args.iter().position(|a| a == name) {
        Some(i) => args.get(i + 1).and_then(|s| s.parse().ok()).unwrap_or_else(|| {
            eprintln!("usage: cargo bench --bench serve_load -- [--seconds N] [--battles N] [--reuse]");
            std::process::exit(2)
        }),
        None => default,
    }
}

/// The league of `battles` battles, generated into the bench's scratch folder (or the one an
/// earlier run left there, with `reuse`), copied into `dir` for this run.
fn league(battles: usize, reuse: bool, dir: &Path, home: &Path) -> PathBuf {
    let work = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("serve_load");
    std::fs::create_dir_all(&work).expect("a scratch folder");
    let kept = work.join(format!("league-{battles}.sqlite3"));
    if !(reuse && kept.exists()) {
        for ext in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{}{ext}", kept.display()));
        }
        eprintln!("serve_load: generating {battles} battles into {}", kept.display());
        let start = Instant::now();
        let status = Command::new(std::env::current_exe().expect("own path"))
            .args(["--generate", &battles.to_string(), &kept.display().to_string()])
            .env("XDG_DATA_HOME", home)
            .env("HOME", home)
            .env_remove("PTG_DATA_DIR")
            .stdout(Stdio::null())
            .status()
            .expect("the generator runs");
        assert!(status.success(), "generating {battles} battles failed");
        eprintln!("serve_load: generated in {:.1?}", start.elapsed());
        // Checkpointed into the one file, so the copy below is the whole league.
        ptg(&kept, home, &["roster", "list"]);
    }
    let db = dir.join("league.sqlite3");
    std::fs::copy(&kept, &db).expect("copy the league");
    db
}

/// A new roster of the league in set-up, for one writer.
fn writer_roster(db: &Path, home: &Path, name: &str) -> i64 {
    ptg(
        db,
        home,
        &[
            "roster",
            "new",
            name,
            "--campaign",
            generate::CAMPAIGN,
            "--player",
            "Load",
            "--faction",
            "Stormcast Eternals",
            "--warlord",
            "Knight-Questor",
            "--path",
            "warrior",
            "--ability",
            "berserker",
        ],
    );
    json(db, home, &["roster", "show", name])["id"].as_i64().unwrap()
}

/// The kinds of read measured: a label and the paths its readers go round.
fn kinds(db: &Path, home: &Path) -> Vec<(&'static str, Vec<String>)> {
    let rosters: Vec<i64> = json(db, home, &["roster", "list", "--campaign", generate::CAMPAIGN])
        .as_array()
        .expect("a list of rosters")
        .iter()
        .filter(|r| r["name"].as_str().is_some_and(|n| n.starts_with("Roster ")))
        .filter_map(|r| r["id"].as_i64())
        .collect();
    let campaign = json(db, home, &["campaign", "list"])
        .as_array()
        .expect("a list of campaigns")
        .iter()
        .find(|c| c["name"] == generate::CAMPAIGN)
        .and_then(|c| c["id"].as_i64())
        .expect("the league's id");
    let battles: Vec<i64> = json(db, home, &["battle", "list"])
        .as_array()
        .expect("a list of battles")
        .iter()
        .filter_map(|b| b["id"].as_i64())
        .collect();
    assert!(
        !rosters.is_empty() && !battles.is_empty(),
        "a league with rosters and battles"
    );
    let each = |ids: &[i64], f: &dyn Fn(i64) -> String| ids.iter().map(|&i| f(i)).collect();
    vec![
        ("roster page", each(&rosters, &|i| format!("/rosters/{i}"))),
        ("league page", vec![format!("/campaigns/{campaign}")]),
        ("battle page", each(&battles, &|i| format!("/battles/{i}"))),
        ("API roster", each(&rosters, &|i| format!("/api/rosters/{i}"))),
    ]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--bench").collect();
    generate::when_asked("serve_load", &args, SEED);
    let seconds: u64 = flag(&args, "--seconds", 10);
    let battles: usize = flag(&args, "--battles", 1000);
    let reuse = args.iter().any(|a| a == "--reuse");
    let dir = tempfile::tempdir().expect("a scratch folder");
    let home = dir.path().join("home");
    std::fs::create_dir_all(&home).expect("a home folder");
    let db = league(battles, reuse, dir.path(), &home);
    let kinds = kinds(&db, &home);
    writer_roster(&db, &home, "By Hand");
    let writers: Vec<(i64, String)> = (1..=WRITERS)
        .map(|w| {
            let name = format!("Writer {w}");
            let id = writer_roster(&db, &home, &name);
            let made = json(&db, &home, &["invite", generate::CAMPAIGN, "--roster", &name]);
            (id, made["token"].as_str().unwrap().to_string())
        })
        .collect();
    let version = {
        let mut runs: Vec<Duration> = (0..5)
            .map(|_| {
                let start = Instant::now();
                ptg(&db, &home, &["--version"]);
                start.elapsed()
            })
            .collect();
        runs.sort();
        runs[2]
    };
    let (server, addr) = serve(&db, &home);
    // One request at a time on the idle server: what one page costs.
    let idle: Vec<Tally> = kinds
        .iter()
        .map(|(_, paths)| {
            let mut c = Client::new(addr);
            let mut t = Tally::default();
            for i in 0..IDLE {
                let path = &paths[i % paths.len()];
                let start = Instant::now();
                match c.request("GET", path, None, None) {
                    Ok((200, _)) => t.times.push(start.elapsed()),
                    Ok((status, body)) => t.errors.push(format!("GET {path}: {status} {body}")),
                    Err(e) => t.errors.push(format!("GET {path}: {e}")),
                }
            }
            t.times.sort();
            t
        })
        .collect();
    let stop = Arc::new(AtomicBool::new(false));
    let writer_threads: Vec<_> = writers
        .into_iter()
        .map(|(roster, token)| {
            let stop = stop.clone();
            std::thread::spawn(move || server_writer(addr, roster, &token, &stop))
        })
        .collect();
    let cli = {
        let (db, home, stop) = (db.clone(), home.clone(), stop.clone());
        std::thread::spawn(move || cli_writer(&db, &home, &stop))
    };
    let loaded: Vec<Tally> = kinds
        .iter()
        .map(|(label, paths)| {
            eprintln!("serve_load: {label}s for {seconds} s");
            readers(addr, paths, Duration::from_secs(seconds))
        })
        .collect();
    stop.store(true, Ordering::Relaxed);
    let writes = Tally::gather(writer_threads.into_iter().map(|t| t.join().expect("a writer")));
    let cli = Tally::gather([cli.join().expect("the CLI writer")]);
    let memory = server.memory();
    drop(server);
    let audit = Command::new(env!("CARGO_BIN_EXE_ptg"))
        .arg("audit")
        .env("PTG_DB", &db)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", &home)
        .output()
        .expect("ptg audit runs");
    println!(
        "serve_load: {battles}-battle league, {READERS} readers per kind for {seconds} s each, \
         {WRITERS} server writers and the CLI writing meanwhile; loopback; `ptg --version` {version:.1?}"
    );
    println!("| read | reads/s | p50 | p99 | max | errors | alone (x `ptg --version`) |");
    println!("|---|---|---|---|---|---|---|");
    let mut failed = false;
    for (((label, _), t), alone) in kinds.iter().zip(&loaded).zip(&idle) {
        let one = alone.pct(0.5);
        println!(
            "| {label} | {:.0} | {:.1?} | {:.1?} | {:.1?} | {} | {one:.1?} ({:.1}x) |",
            t.times.len() as f64 / seconds as f64,
            t.pct(0.5),
            t.pct(0.99),
            t.max(),
            t.errors.len() + alone.errors.len(),
            one.as_secs_f64() / version.as_secs_f64(),
        );
        failed |= !t.errors.is_empty() || !alone.errors.is_empty();
    }
    let total = seconds as f64 * kinds.len() as f64;
    for (label, t) in [("server writes", &writes), ("CLI writes", &cli)] {
        println!(
            "  {label}: {} ({:.0}/s), {} errors; p50 {:.1?}, p99 {:.1?}, max {:.1?}",
            t.times.len(),
            t.times.len() as f64 / total,
            t.errors.len(),
            t.pct(0.5),
            t.pct(0.99),
            t.max(),
        );
        failed |= !t.errors.is_empty();
    }
    for t in loaded.iter().chain(&idle).chain([&writes, &cli]) {
        for e in t.errors.iter().take(3) {
            println!("    {e}");
        }
    }
    println!("  server's resident memory: {memory}");
    let audit_ok = audit.status.success();
    println!(
        "  audit afterwards: {}",
        if audit_ok { "passes" } else { "FAILS" }
    );
    if failed || !audit_ok {
        println!("{}", String::from_utf8_lossy(&audit.stdout));
        std::process::exit(1);
    }
}

/// `READERS` readers going round `paths` for `time`, each on its own kept-alive connection.
fn readers(addr: SocketAddr, paths: &[String], time: Duration) -> Tally {
    let deadline = Instant::now() + time;
    let threads: Vec<_> = (0..READERS)
        .map(|r| {
            let paths = paths.to_vec();
            std::thread::spawn(move || {
                let (mut c, mut t) = (Client::new(addr), Tally::default());
                // Each reader starts elsewhere in the list, so they do not all read one page.
                let mut i = r * 7;
                while Instant::now() < deadline {
                    let path = &paths[i % paths.len()];
                    i += 1;
                    let start = Instant::now();
                    match c.request("GET", path, None, None) {
                        Ok((200, _)) => t.times.push(start.elapsed()),
                        Ok((status, body)) => t.errors.push(format!("GET {path}: {status} {body}")),
                        Err(e) => t.errors.push(format!("GET {path}: {e}")),
                    }
                }
                t
            })
        })
        .collect();
    Tally::gather(threads.into_iter().map(|t| t.join().expect("a reader")))
}

/// A player adding a unit to `roster` through the API and taking it off again, until `stop`.
fn server_writer(addr: SocketAddr, roster: i64, token: &str, stop: &AtomicBool) -> Tally {
    let (mut c, mut t) = (Client::new(addr), Tally::default());
    let add = format!("/api/rosters/{roster}/units");
    while !stop.load(Ordering::Relaxed) {
        let start = Instant::now();
        let added = match c.request("POST", &add, Some(token), Some(r#"{"warscroll":"Liberators"}"#)) {
            Ok((200, body)) => {
                t.times.push(start.elapsed());
                let v: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
                v["roster"]["units"][1]["id"].as_i64()
            }
            Ok((status, body)) => {
                t.errors.push(format!("POST {add}: {status} {body}"));
                None
            }
            Err(e) => {
                t.errors.push(format!("POST {add}: {e}"));
                None
            }
        };
        let Some(unit) = added else { continue };
        let start = Instant::now();
        match c.request("DELETE", &format!("{add}/{unit}"), Some(token), None) {
            Ok((200, _)) => t.times.push(start.elapsed()),
            Ok((status, body)) => t.errors.push(format!("DELETE: {status} {body}")),
            Err(e) => t.errors.push(format!("DELETE: {e}")),
        }
    }
    t
}

/// The command line writing the same file meanwhile, until `stop`.
fn cli_writer(db: &Path, home: &Path, stop: &AtomicBool) -> Tally {
    let mut t = Tally::default();
    while !stop.load(Ordering::Relaxed) {
        for args in [
            &["roster", "add", "By Hand", "Liberators"][..],
            &["roster", "remove", "By Hand", "Liberators"],
        ] {
            let start = Instant::now();
            let out = Command::new(env!("CARGO_BIN_EXE_ptg"))
                .args(args)
                .env("PTG_DB", db)
                .env("HOME", home)
                .env("XDG_DATA_HOME", home)
                .env_remove("PTG_DATA_DIR")
                .output();
            match out {
                Ok(o) if o.status.success() => t.times.push(start.elapsed()),
                Ok(o) => t
                    .errors
                    .push(format!("ptg {args:?}: {}", String::from_utf8_lossy(&o.stderr))),
                Err(e) => t.errors.push(format!("ptg {args:?}: {e}")),
            }
        }
    }
    t
}
