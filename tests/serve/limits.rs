//! `ptg serve` bounds what a client may hold (issue #30): connections that send their headers
//! slowly, or nothing, are closed after `--header-timeout`, and normal requests are still
//! answered meanwhile, also with more slow clients than `--max-connections`; a body declared
//! over the limit is refused at once (issue #39), not waited for. One hostile machine cannot
//! hold the server (issue #39): clients that pipeline requests and never read the answers are
//! dropped after `--write-timeout`, every connection ends after `--connection-lifetime`, and
//! one address holds at most `--max-per-address` connections while others are served.

use crate::common;
use crate::serve_support;

use common::league::LEAGUE_FIXTURE;
use serve_support::process::{connect_from, get, get_from, serve};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::sync::mpsc;
use std::time::{Duration, Instant};

#[test]
fn slow_clients_are_dropped_while_normal_requests_are_answered() {
    let p = LEAGUE_FIXTURE.copy();
    let server = serve(&p, &["--header-timeout", "1", "--max-connections", "10"]);
    let started = Instant::now();
    // 20 clients that start a request and never finish its headers, and 5 that say nothing.
    let mut slow: Vec<TcpStream> = (0..25)
        .map(|i| {
            let mut s = TcpStream::connect(&server.addr).unwrap();
            if i < 20 {
                write!(s, "GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ").unwrap();
            }
            s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
            s
        })
        .collect();
    // A normal request still gets its answer, queued behind the slow ones at worst.
    let answered = get(&server.addr, "/api/campaigns");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "{:?}",
        started.elapsed()
    );
    // Every slow client is dropped (the read ends), well within 30 s.
    for s in &mut slow {
        let mut buf = [0u8; 1024];
        loop {
            match s.read(&mut buf) {
                Ok(0) => break,
                Ok(_) => continue, // a 408 before closing is fine
                Err(e)
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    panic!("a slow client was kept past its timeout: {e}")
                }
                Err(_) => break, // reset: dropped too
            }
        }
    }
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "{:?}",
        started.elapsed()
    );
    assert!(get(&server.addr, "/").starts_with("HTTP/1.1 200"));
}

/// The status line of the answer to a request that declares `declared` bytes of body and sends
/// none, read as soon as it comes (not waiting for the connection to close).
fn declared_only(addr: &str, path: &str, declared: u64) -> String {
    declared_only_as(addr, path, declared, "application/json")
}

/// [`declared_only`] with the body's type `kind`, a few of its bytes sent.
fn declared_only_as(addr: &str, path: &str, declared: u64, kind: &str) -> String {
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: {kind}\r\nContent-Length: {declared}\r\n\r\nname=a"
    )
    .unwrap();
    let mut answer = Vec::new();
    let mut buf = [0u8; 4096];
    while !answer.windows(4).any(|w| w == b"\r\n\r\n") {
        match s.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => answer.extend_from_slice(&buf[..n]),
        }
    }
    String::from_utf8_lossy(&answer)
        .lines()
        .next()
        .unwrap_or_default()
        .to_string()
}

#[test]
fn a_body_declared_over_the_limit_is_413_before_it_is_sent() {
    let p = LEAGUE_FIXTURE.copy();
    let server = serve(&p, &[]);
    for path in ["/api/campaigns/1/import", "/rosters/1/import", "/api/nothing"] {
        let started = Instant::now();
        let status = declared_only(&server.addr, path, 100 * 1024 * 1024);
        assert!(status.starts_with("HTTP/1.1 413"), "{path}: {status:?}");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{path}: {:?}",
            started.elapsed()
        );
    }
    // The server answers the next request as ever.
    assert!(get(&server.addr, "/").starts_with("HTTP/1.1 200"));
}

/// A client from `from` that pipelines requests for the league page and never reads an answer:
/// it writes until the server drops it, then says so on `ended`. `None` when it could not
/// connect at all.
fn never_reading(from: &str, addr: &str, ended: mpsc::Sender<()>) -> Option<TcpStream> {
    let s = connect_from(from, addr).ok()?;
    let mut writer = s.try_clone().ok()?;
    let requests = format!("GET / HTTP/1.1\r\nHost: {addr}\r\n\r\n").repeat(64);
    std::thread::spawn(move || {
        while writer.write_all(requests.as_bytes()).is_ok() {}
        let _ = ended.send(());
    });
    Some(s)
}

#[test]
fn one_machine_holds_its_share_of_connections_and_another_is_served() {
    let p = LEAGUE_FIXTURE.copy();
    // Only the cap per address bounds them here: they are never dropped for not reading.
    let server = serve(
        &p,
        &[
            "--max-connections",
            "16",
            "--max-per-address",
            "8",
            "--write-timeout",
            "3600",
        ],
    );
    let (ended, endings) = mpsc::channel();
    let hostile: Vec<TcpStream> = (0..40)
        .filter_map(|_| never_reading("127.0.0.1", &server.addr, ended.clone()))
        .collect();
    // All but 8 of them are refused at once (their writes fail once they are closed).
    for i in 0..hostile.len() - 8 {
        endings
            .recv_timeout(Duration::from_secs(20))
            .unwrap_or_else(|_| panic!("only {i} of the connections over the cap were refused"));
    }
    // Another machine is served meanwhile, at once.
    let started = Instant::now();
    let answered = get_from("127.0.0.2", &server.addr, "/api/campaigns");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered:?}");
    assert!(
        started.elapsed() < Duration::from_secs(5),
        "{:?}",
        started.elapsed()
    );
    // The first machine's next connection is told why it is refused.
    let refused = get_from("127.0.0.1", &server.addr, "/api/campaigns");
    assert!(refused.starts_with("HTTP/1.1 503"), "{refused:?}");
    assert!(endings.try_recv().is_err(), "the 8 held within the cap are kept");
}

#[test]
fn a_trusted_proxy_is_not_held_to_one_address_s_cap() {
    let p = LEAGUE_FIXTURE.copy();
    // Behind Caddy every player's connection comes from the proxy's address.
    let server = serve(&p, &["--max-per-address", "2", "--trusted-proxy", "127.0.0.1"]);
    let held: Vec<TcpStream> = (0..5)
        .map(|_| connect_from("127.0.0.1", &server.addr).expect("it connects"))
        .collect();
    let answered = get_from("127.0.0.1", &server.addr, "/api/campaigns");
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered:?}");
    // Another address is still held to it.
    let others: Vec<TcpStream> = (0..2)
        .map(|_| connect_from("127.0.0.2", &server.addr).expect("it connects"))
        .collect();
    // Refused: told so, or closed before it could be (a reset), never answered.
    let refused = get_from("127.0.0.2", &server.addr, "/api/campaigns");
    assert!(
        refused.starts_with("HTTP/1.1 503") || refused.is_empty(),
        "{refused:?}"
    );
    drop((held, others));
}

#[test]
fn a_client_that_never_reads_its_answers_is_dropped() {
    let p = LEAGUE_FIXTURE.copy();
    let server = serve(&p, &["--write-timeout", "1"]);
    let (ended, endings) = mpsc::channel();
    let _hostile = never_reading("127.0.0.1", &server.addr, ended).expect("it connects");
    // Its requests are answered until its socket is full; then, a second on, it is dropped
    // (on main it was held for ever, past every other timeout).
    endings
        .recv_timeout(Duration::from_secs(30))
        .expect("the client that never reads was dropped");
    assert!(get(&server.addr, "/").starts_with("HTTP/1.1 200"));
}

#[test]
fn a_connection_ends_after_its_lifetime_even_while_it_keeps_asking() {
    let p = LEAGUE_FIXTURE.copy();
    let server = serve(&p, &["--connection-lifetime", "2"]);
    let mut s = TcpStream::connect(&server.addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    let started = Instant::now();
    let mut answers = 0;
    let mut buf = [0u8; 4096];
    // Within the header timeout each time, so only the lifetime ends it.
    'asking: while started.elapsed() < Duration::from_secs(30) {
        if write!(s, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n").is_err() {
            break;
        }
        let mut answer = Vec::new();
        while !answer.windows(11).any(|w| w == b"{\"ok\":true}") {
            match s.read(&mut buf) {
                Ok(0) | Err(_) => break 'asking,
                Ok(n) => answer.extend_from_slice(&buf[..n]),
            }
        }
        answers += 1;
        std::thread::sleep(Duration::from_millis(100));
    }
    assert!(answers > 0, "it was served before its end");
    assert!(
        started.elapsed() < Duration::from_secs(30),
        "a connection outlived its lifetime: {:?}",
        started.elapsed()
    );
}

#[test]
fn an_anonymous_write_is_refused_before_its_body_is_read() {
    let p = LEAGUE_FIXTURE.copy();
    let server = serve(&p, &[]);
    let form = "application/x-www-form-urlencoded";
    // A megabyte declared (within the 2 MB limit) and never sent: refused at once, for want of
    // a session or a token, where it was waited for (and then held in memory) before.
    for (path, kind, status) in [
        ("/rosters/1/units", form, "401"),
        ("/campaigns/1/battles", form, "401"),
        ("/api/rosters/1/units", "application/json", "401"),
        (
            "/api/campaigns/1/import",
            "multipart/form-data; boundary=x",
            "401",
        ),
        // A form anyone may post takes a few fields, not a megabyte.
        ("/join/0123", form, "413"),
        ("/invite/0123", form, "413"),
    ] {
        let started = Instant::now();
        let answered = declared_only_as(&server.addr, path, 1024 * 1024, kind);
        assert!(
            answered.starts_with(&format!("HTTP/1.1 {status}")),
            "{path}: {answered:?}"
        );
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{path}: {:?}",
            started.elapsed()
        );
    }
    assert!(get(&server.addr, "/").starts_with("HTTP/1.1 200"));
}
