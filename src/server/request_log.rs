//! One line per request on standard error (issue 39), for `journalctl -u ptg` or a terminal:
//!
//! ```text
//! 2026-11-27T21:04:05Z 203.0.113.7 POST /invite/… 303 12ms
//! ```
//!
//! when it was answered (UTC), the client (through a trusted proxy, the address it names:
//! `public::Public::client`), the method, the path with every token taken out (the segment
//! after `/invite/`, `/join/` and `/setup/`, any long hex segment, and the query's values), the
//! status and the time taken. A request not answered (its time ran out, or the client left) is
//! logged with `-` for its status. `--quiet` turns the lines off.
//!
//! The lines are handed to a thread of their own that writes them: a request never waits on
//! standard error (a full pipe, a slow terminal); if that thread falls more than
//! [`BACKLOG`] lines behind, lines are dropped and it says how many. No `tracing` subscriber:
//! one fixed line needs neither spans nor filters, and nothing in ptg emits other events.

use super::Shared;
use super::public::peer;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::Response;
use std::io::Write;
use std::net::IpAddr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{SyncSender, TrySendError, sync_channel};
use std::time::Instant;

/// Lines waiting to be written before new ones are dropped.
const BACKLOG: usize = 4096;

/// The path segments whose next segment is a token.
const BEFORE_A_TOKEN: [&str; 3] = ["invite", "join", "setup"];

/// `uri`'s path and query as they may be logged: no token, no query value.
pub fn redacted(uri: &Uri) -> String {
    let mut out = String::new();
    let mut after_token_word = false;
    for segment in uri.path().split('/').skip(1) {
        out.push('/');
        let long_hex = segment.len() >= 32 && segment.bytes().all(|b| b.is_ascii_hexdigit());
        if after_token_word || long_hex {
            out.push('…');
        } else {
            out.push_str(segment);
        }
        after_token_word = BEFORE_A_TOKEN.contains(&segment);
    }
    if out.is_empty() {
        out.push('/');
    }
    if let Some(query) = uri.query() {
        let keys: Vec<String> = query
            .split('&')
            .filter(|p| !p.is_empty())
            .map(|pair| match pair.split_once('=') {
                Some((key, _)) => format!("{key}=…"),
                None => pair.to_string(),
            })
            .collect();
        out.push('?');
        out.push_str(&keys.join("&"));
    }
    out
}

/// The writer thread's end of the lines, started on first use.
fn lines() -> &'static SyncSender<String> {
    static LINES: OnceLock<SyncSender<String>> = OnceLock::new();
    LINES.get_or_init(|| {
        let (send, receive) = sync_channel::<String>(BACKLOG);
        let _ = std::thread::Builder::new()
            .name("ptg-request-log".into())
            .spawn(move || {
                for line in receive {
                    let mut err = std::io::stderr().lock();
                    let _ = err.write_all(line.as_bytes());
                    let lost = DROPPED.swap(0, Ordering::Relaxed);
                    if lost > 0 {
                        let _ = writeln!(
                            err,
                            "ptg serve: {lost} request log lines dropped (standard error too slow)"
                        );
                    }
                }
            });
        send
    })
}

/// Lines dropped since the writer last said so.
static DROPPED: AtomicU64 = AtomicU64::new(0);

/// Hands `line` to the writer thread, or drops it when that thread is [`BACKLOG`] behind.
fn write(line: String) {
    if let Err(TrySendError::Full(_)) = lines().try_send(line) {
        DROPPED.fetch_add(1, Ordering::Relaxed);
    }
}

/// One request under way: its line is written when it is answered, or when it is dropped
/// unanswered (its time ran out, or its client left).
struct Pending {
    started: Instant,
    client: Option<IpAddr>,
    method: Method,
    path: String,
    status: Option<StatusCode>,
}

impl Drop for Pending {
    fn drop(&mut self) {
        let status = self
            .status
            .map_or_else(|| "-".to_string(), |s| s.as_u16().to_string());
        let client = self.client.map_or_else(|| "-".to_string(), |c| c.to_string());
        write(format!(
            "{} {client} {} {} {status} {}ms\n",
            chrono::Utc::now().format("%Y-%m-%dT%H:%M:%SZ"),
            self.method,
            self.path,
            self.started.elapsed().as_millis(),
        ));
    }
}

/// The layer that logs each request that reaches the server from a client (not the pages a
/// form's answer renders again inside the server), when the server logs (`Public::log`).
pub async fn log_requests(State(server): State<Shared>, req: Request, next: Next) -> Response {
    if !server.public.log {
        return next.run(req).await;
    }
    let mut pending = Pending {
        started: Instant::now(),
        client: peer(&req).map(|p| server.public.client(p.ip(), req.headers())),
        method: req.method().clone(),
        path: redacted(req.uri()),
        status: None,
    };
    let response = next.run(req).await;
    pending.status = Some(response.status());
    response
}

#[cfg(test)]
mod tests {
    use super::redacted;

    #[test]
    fn no_token_is_logged() {
        let token = "0123456789abcdef".repeat(4);
        let r = |s: &str| redacted(&s.parse().unwrap());
        assert_eq!(r(&format!("/invite/{token}")), "/invite/…");
        assert_eq!(r(&format!("/join/{token}?faction=Skaven")), "/join/…?faction=…");
        assert_eq!(r("/setup/short"), "/setup/…");
        assert_eq!(r(&format!("/some/{token}/page")), "/some/…/page");
        assert_eq!(r("/rosters/3"), "/rosters/3");
        assert_eq!(r("/"), "/");
        assert_eq!(
            r("/campaigns/1/history?before=40&x"),
            "/campaigns/1/history?before=…&x"
        );
    }
}
