//! The database file under a running `ptg serve` (issue 39): copied over by a smaller one,
//! deleted, moved. The server never crashes (it died of SIGBUS reading a memory map of a file
//! made shorter), never makes a new empty database at the path, and answers 503 naming what
//! happened, or reads the file put back. And a request that outlasts `--request-timeout` is
//! either not saved or says it was (a retry planned a second battle).

#![cfg(unix)]

use crate::common;
use crate::serve_support;

use common::league::LEAGUE_FIXTURE;
use common::{Ptg, RATS};
use serve_support::process::{serve, serve_with};
use serve_support::{invite, roster_id};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

/// The status line and body of `method path` (with a JSON `body` and `token` if given).
fn request(addr: &str, method: &str, path: &str, token: Option<&str>, body: &str) -> (String, String) {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    write!(
        s,
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    let _ = s.read_to_string(&mut answer);
    let status = answer.lines().next().unwrap_or_default().to_string();
    let body = answer
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn get(addr: &str, path: &str) -> (String, String) {
    request(addr, "GET", path, None, "")
}

const PAGES: [&str; 4] = ["/", "/campaigns/1", "/api/campaigns", "/healthz"];

#[test]
fn a_file_copied_over_deleted_or_moved_under_the_server_is_answered_not_crashed_on() {
    let p = LEAGUE_FIXTURE.copy();
    let db = p.db();
    let mut server = serve(&p, &[]);
    for page in PAGES {
        assert!(get(&server.addr, page).0.contains(" 200 "), "{page}");
    }
    let token = invite(&p, &["--organiser"]);
    let rats = roster_id(&p, RATS);
    let rename_to = |name: &str| {
        let body = format!(r#"{{"name": "{name}"}}"#);
        request(
            &server.addr,
            "POST",
            &format!("/api/rosters/{rats}/rename"),
            Some(&token),
            &body,
        )
    };
    // A write first, so the server keeps a write connection to the file it then loses.
    let (status, body) = rename_to("Rat Host");
    assert!(status.contains(" 200 "), "{status} {body}");
    let original = p.dir.path().join("original.sqlite3");
    p.ok(&["backup", original.to_str().unwrap()]);

    // A smaller database copied over the served one, in place (same file, shorter).
    let small = Ptg::new();
    small.ok(&["campaign", "new", "Tiny"]);
    small.checkpoint();
    assert!(std::fs::metadata(small.db()).unwrap().len() < std::fs::metadata(&db).unwrap().len());
    std::fs::copy(small.db(), &db).unwrap();
    for _ in 0..3 {
        for page in PAGES {
            let (status, body) = get(&server.addr, page);
            assert!(
                status.contains(" 200 ") || status.contains(" 503 ") || status.contains(" 404 "),
                "{page}: {status} {body}"
            );
            if status.contains(" 503 ") && page != "/healthz" && !body.is_empty() {
                assert!(body.contains("database file"), "{page}: {body}");
            }
        }
    }
    assert!(server.child.try_wait().unwrap().is_none(), "the server died");

    // Deleted: 503 saying so, and no new database made at the path.
    std::fs::remove_file(&db).unwrap();
    for page in PAGES {
        let (status, body) = get(&server.addr, page);
        assert!(status.contains(" 503 "), "{page}: {status}");
        if page.starts_with("/api") {
            assert!(body.contains("no longer there"), "{page}: {body}");
        }
    }
    let (status, body) = rename_to("Rat King");
    assert!(status.contains(" 503 "), "{status} {body}");
    assert!(!db.exists(), "a database was made at the path of the deleted one");

    // Put back, then moved away: the file put back is served and written (the write lands in
    // it, not in a connection kept to the file before), the move answered 503.
    std::fs::copy(&original, &db).unwrap();
    for page in PAGES {
        assert!(
            get(&server.addr, page).0.contains(" 200 "),
            "{page} after the file was put back"
        );
    }
    // Everyone's roster page, kept once drawn, is drawn again after the write to the file
    // put back: the page cache watches that file, not the one deleted.
    let page = format!("/rosters/{rats}");
    for _ in 0..2 {
        let (status, body) = get(&server.addr, &page);
        assert!(
            status.contains(" 200 ") && body.contains("Rat Host"),
            "{status} {body}"
        );
    }
    let (status, body) = rename_to("Rat Court");
    assert!(status.contains(" 200 "), "{status} {body}");
    assert!(
        p.ok(&["roster", "list"]).contains("Rat Court"),
        "the write is in the file put back"
    );
    let (status, body) = get(&server.addr, &page);
    assert!(
        status.contains(" 200 ") && body.contains("Rat Court"),
        "{status} {body}"
    );
    let moved = p.dir.path().join("moved.sqlite3");
    std::fs::rename(&db, &moved).unwrap();
    let (status, body) = get(&server.addr, "/api/campaigns");
    assert!(
        status.contains(" 503 ") && body.contains("deleted or moved"),
        "{status} {body}"
    );
    assert!(!db.exists(), "a database was made at the path of the moved one");
    assert!(server.child.try_wait().unwrap().is_none(), "the server died");
}

/// Stops `server` with SIGTERM and waits for it: every request's work has ended then.
fn stop(server: &mut serve_support::process::Serving) {
    let pid = libc::pid_t::try_from(server.child.id()).unwrap();
    // SAFETY: a signal to the child this test started and has not yet waited for.
    assert_eq!(unsafe { libc::kill(pid, libc::SIGTERM) }, 0);
    let started = Instant::now();
    while server.child.try_wait().unwrap().is_none() {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "ptg serve did not stop"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_write_that_outlasts_its_request_timeout_is_not_saved_and_says_so() {
    let p = LEAGUE_FIXTURE.copy();
    let token = invite(&p, &["--organiser"]);
    let rats = roster_id(&p, RATS);
    // Test-only: every write transaction waits 2.5 s before it commits.
    let mut server = serve_with(
        &p,
        &["--request-timeout", "1"],
        &[("PTG_TEST_SLOW_WRITE_MS", "2500")],
    );
    let (status, body) = request(
        &server.addr,
        "POST",
        &format!("/api/rosters/{rats}/rename"),
        Some(&token),
        r#"{"name": "Rat King"}"#,
    );
    assert!(status.contains(" 503 "), "{status} {body}");
    assert!(body.contains("nothing of it was saved"), "{body}");
    stop(&mut server);
    assert_eq!(
        p.json(&["roster", "show", RATS])["id"],
        rats,
        "the late write was saved"
    );
}
