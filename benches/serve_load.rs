//! Load on `ptg serve` over loopback (issue #20): 50 readers and 5 writers at once for 30 s.
//! Readers fetch pages and API answers; each writer adds a unit to its own roster in set-up
//! and takes it off again, through its player's invite; meanwhile the CLI does the same to a
//! roster of its own on the same file. Counts every answer that is not a 200 (and every CLI
//! command that fails) as an error, reports each kind's latency (p50, p99, max), and runs
//! `ptg audit` after.
//!
//! `cargo bench --bench serve_load [-- --seconds N]`

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const READERS: usize = 50;
const WRITERS: usize = 5;
const CAMPAIGN: &str = "Ashen Vale (demo)";

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

/// One HTTP/1.1 request on a new connection: the status and the body.
fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> std::io::Result<(u16, String)> {
    let mut s = TcpStream::connect(addr)?;
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    if let Some(t) = token {
        head.push_str(&format!("Authorization: Bearer {t}\r\n"));
    }
    let body = body.unwrap_or("");
    if !body.is_empty() {
        head.push_str(&format!(
            "Content-Type: application/json\r\nContent-Length: {}\r\n",
            body.len()
        ));
    }
    head.push_str("\r\n");
    s.write_all(head.as_bytes())?;
    s.write_all(body.as_bytes())?;
    let mut answer = String::new();
    s.read_to_string(&mut answer)?;
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = answer.split_once("\r\n\r\n").map_or("", |(_, b)| b).to_string();
    Ok((status, body))
}

/// `ptg serve` on a free port, stopped when dropped.
struct Serving(Child);

impl Drop for Serving {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn serve(db: &Path, home: &Path) -> (Serving, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ptg"))
        .args(["serve", "--listen", "127.0.0.1:0"])
        .env("PTG_DB", db)
        .env("HOME", home)
        .env("XDG_DATA_HOME", home)
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

/// Latencies of one kind of request, and its errors.
#[derive(Default)]
struct Tally {
    times: Vec<Duration>,
    errors: Vec<String>,
}

fn pct(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 * p).ceil() as usize).clamp(1, sorted.len()) - 1]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seconds: u64 = args
        .iter()
        .position(|a| a == "--seconds")
        .and_then(|i| args.get(i + 1))
        .and_then(|s| s.parse().ok())
        .unwrap_or(30);
    let dir = tempfile::tempdir().expect("a scratch folder");
    let (db, home) = (dir.path().join("league.sqlite3"), dir.path().join("home"));
    ptg(&db, &home, &["demo"]);
    ptg(
        &db,
        &home,
        &[
            "roster",
            "new",
            "By Hand",
            "--campaign",
            CAMPAIGN,
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
    let mut writers = Vec::new();
    for w in 1..=WRITERS {
        let name = format!("Writer {w}");
        ptg(
            &db,
            &home,
            &[
                "roster",
                "new",
                &name,
                "--campaign",
                CAMPAIGN,
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
        let id: serde_json::Value =
            serde_json::from_str(&ptg(&db, &home, &["roster", "show", &name, "--json"])).unwrap();
        let made: serde_json::Value = serde_json::from_str(&ptg(
            &db,
            &home,
            &["invite", CAMPAIGN, "--roster", &name, "--json"],
        ))
        .unwrap();
        writers.push((
            id["id"].as_i64().unwrap(),
            made["token"].as_str().unwrap().to_string(),
        ));
    }
    let version = {
        let start = Instant::now();
        ptg(&db, &home, &["--version"]);
        start.elapsed()
    };
    let (server, addr) = serve(&db, &home);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let reads = [
        "/api/rosters/1",
        "/campaigns/1",
        "/battles/1",
        "/api/battles/1",
        "/rosters/2",
        "/api/campaigns",
    ];
    let readers: Vec<_> = (0..READERS)
        .map(|r| {
            std::thread::spawn(move || {
                let mut t = Tally::default();
                let mut i = r;
                while Instant::now() < deadline {
                    let path = reads[i % reads.len()];
                    i += 1;
                    let start = Instant::now();
                    match request(addr, "GET", path, None, None) {
                        Ok((200, _)) => t.times.push(start.elapsed()),
                        Ok((status, body)) => t.errors.push(format!("GET {path}: {status} {body}")),
                        Err(e) => t.errors.push(format!("GET {path}: {e}")),
                    }
                }
                t
            })
        })
        .collect();
    let writer_threads: Vec<_> = writers
        .into_iter()
        .map(|(roster, token)| {
            let token = Arc::new(token);
            std::thread::spawn(move || {
                let mut t = Tally::default();
                let add = format!("/api/rosters/{roster}/units");
                while Instant::now() < deadline {
                    let start = Instant::now();
                    let added = match request(
                        addr,
                        "POST",
                        &add,
                        Some(&token),
                        Some(r#"{"warscroll":"Liberators"}"#),
                    ) {
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
                    match request(addr, "DELETE", &format!("{add}/{unit}"), Some(&token), None) {
                        Ok((200, _)) => t.times.push(start.elapsed()),
                        Ok((status, body)) => t.errors.push(format!("DELETE: {status} {body}")),
                        Err(e) => t.errors.push(format!("DELETE: {e}")),
                    }
                }
                t
            })
        })
        .collect();
    // The command line writing the same file meanwhile.
    let cli = {
        let (db, home) = (db.clone(), home.clone());
        std::thread::spawn(move || {
            let mut t = Tally::default();
            while Instant::now() < deadline {
                for args in [
                    &["roster", "add", "By Hand", "Liberators"][..],
                    &["roster", "remove", "By Hand", "Liberators"],
                ] {
                    let start = Instant::now();
                    let out = Command::new(env!("CARGO_BIN_EXE_ptg"))
                        .args(args)
                        .env("PTG_DB", &db)
                        .env("HOME", &home)
                        .env("XDG_DATA_HOME", &home)
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
        })
    };
    let gather = |threads: Vec<std::thread::JoinHandle<Tally>>| {
        let mut all = Tally::default();
        for t in threads {
            let t = t.join().expect("a client thread");
            all.times.extend(t.times);
            all.errors.extend(t.errors);
        }
        all.times.sort();
        all
    };
    let (reads, writes, cli) = (gather(readers), gather(writer_threads), gather(vec![cli]));
    drop(server);
    let audit = Command::new(env!("CARGO_BIN_EXE_ptg"))
        .arg("audit")
        .env("PTG_DB", &db)
        .env("HOME", &home)
        .env("XDG_DATA_HOME", &home)
        .output()
        .expect("ptg audit runs");
    println!(
        "serve_load: {READERS} readers and {WRITERS} writers for {seconds} s on loopback (`ptg --version` took {version:.1?})"
    );
    for (kind, t) in [("reads", &reads), ("writes", &writes), ("CLI writes", &cli)] {
        println!(
            "  {kind}: {} answered ({:.0}/s), {} errors; p50 {:.1?}, p99 {:.1?} ({:.0}x `ptg --version`), max {:.1?}",
            t.times.len(),
            t.times.len() as f64 / seconds as f64,
            t.errors.len(),
            pct(&t.times, 0.50),
            pct(&t.times, 0.99),
            pct(&t.times, 0.99).as_secs_f64() / version.as_secs_f64(),
            t.times.last().copied().unwrap_or_default(),
        );
        for e in t.errors.iter().take(3) {
            println!("    {e}");
        }
    }
    let audit_ok = audit.status.success();
    println!(
        "  audit afterwards: {}",
        if audit_ok { "passes" } else { "FAILS" }
    );
    if !reads.errors.is_empty() || !writes.errors.is_empty() || !cli.errors.is_empty() || !audit_ok {
        println!("{}", String::from_utf8_lossy(&audit.stdout));
        std::process::exit(1);
    }
}
