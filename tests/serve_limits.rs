//! `ptg serve` bounds what a client may hold (issue #30): connections that send their headers
//! slowly, or nothing, are closed after `--header-timeout`, and normal requests are still
//! answered meanwhile, also with more slow clients than `--max-connections`; a body declared
//! over the limit is refused at once (issue #39), not waited for.

mod common;
mod serve_support;

use common::league::LEAGUE_FIXTURE;
use serve_support::process::{get, serve};
use std::io::{Read, Write};
use std::net::TcpStream;
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
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    write!(
        s,
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {declared}\r\n\r\n"
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
