//! `ptg serve` stops on SIGTERM (`systemctl stop`, `docker stop`) as on Ctrl-C (issue #39): the
//! requests under way finished, exit 0, and the database whole with no write-ahead log left
//! beside it, so a copy of the file alone is the whole league.

#![cfg(unix)]

use crate::common;
use crate::serve_support;

use common::RATS;
use common::league::LEAGUE_FIXTURE;
use serve_support::process::serve;
use serve_support::{invite, roster_id};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// The status line of the answer to a POST of `json` to `path` with `token`.
fn post(addr: &str, path: &str, token: &str, json: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{json}",
        json.len()
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    answer.lines().next().unwrap_or_default().to_string()
}

fn beside(db: &std::path::Path, suffix: &str) -> PathBuf {
    let mut path = db.as_os_str().to_owned();
    path.push(suffix);
    PathBuf::from(path)
}

#[test]
fn sigterm_stops_the_server_as_ctrl_c_does_exit_0_and_no_wal_left() {
    let p = LEAGUE_FIXTURE.copy();
    let token = invite(&p, &["--organiser"]);
    let rats = roster_id(&p, RATS);
    let mut server = serve(&p, &[]);
    let renamed = post(
        &server.addr,
        &format!("/api/rosters/{rats}/rename"),
        &token,
        r#"{"name": "Rat King"}"#,
    );
    assert!(renamed.starts_with("HTTP/1.1 200"), "{renamed}");
    let wal = beside(&p.db(), "-wal");
    assert!(
        wal.exists(),
        "the server holds the database open, its log beside it"
    );

    let pid = libc::pid_t::try_from(server.child.id()).unwrap();
    // SAFETY: a signal to the child this test started and has not yet waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "ptg serve did not stop on SIGTERM"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0), "{status:?}");
    assert!(!wal.exists(), "the write-ahead log was left beside the database");
    // The write made is in the database file itself.
    assert_eq!(p.json(&["roster", "show", "Rat King"])["id"], rats);
}
