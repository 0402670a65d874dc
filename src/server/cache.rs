//! Pages kept for readers who are no one in particular (issue 42): on a public server, a
//! `GET` of a league, roster or battle page (or the API's roster and battle) sent without a
//! cookie or a token is the same page for everyone who sends it, until the league changes.
//! Such a page is kept once drawn and answered again, whole, while nothing was committed to
//! the file since, by the server or by any other process (the CLI writing the same file
//! included).
//!
//! "Nothing committed since" is a number, the cache's generation, that only grows: before a
//! page is looked up, one of the kept read connections asks SQLite's `PRAGMA data_version`
//! (`Store::data_version`), which moves whenever another connection committed since that
//! connection last asked; if it moved (or the connection is new), the generation goes up and
//! every kept page is dropped. A page is kept under the generation read *before* any of its
//! reads began, so a page kept under generation `g` holds every commit made before `g` was
//! reached; and any commit finished before a request is seen by that request's own look (its
//! connection last looked before the commit, or an earlier look on it already moved the
//! generation past it). Read connections never write (`query_only`), so no commit goes
//! unseen by their `data_version`.
//!
//! A signed-in reader's page (their forms, their form keys, the bar saying who they are), a
//! flash, a private server's pages and any answer other than a 200 without cookies are never
//! kept: one person's view is never served to another.

use super::Shared;
use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

/// The most bytes of pages kept: beyond it no more are kept until the league changes (the
/// server's memory stays within the 60 MB).
const MOST_BYTES: usize = 4 * 1024 * 1024;

/// A page larger than this is not kept (a league's whole export, say).
const LARGEST: usize = 512 * 1024;

/// The pages kept, all of one generation.
#[derive(Default)]
pub struct Cache {
    generation: AtomicU64,
    kept: Mutex<Kept>,
}

#[derive(Default)]
struct Kept {
    generation: u64,
    bytes: usize,
    /// Each page of this generation: drawn once, by the first request for it, while the others
    /// asking meanwhile wait for it (a commit drops every page, and 50 readers drawing the
    /// same page again at once cost more than the page). `None`: not one to keep.
    pages: HashMap<String, Cell>,
}

type Cell = Arc<tokio::sync::OnceCell<Option<Page>>>;

/// A kept answer: its content type and body (the security headers are added around it).
#[derive(Clone)]
struct Page {
    content_type: Option<HeaderValue>,
    body: Bytes,
}

impl Cache {
    /// The generation now.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    /// A connection saw a commit it had not seen (or is new): every page kept is out of date.
    pub fn moved(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// The cell of page `key` of `generation`, made when there is none; `None` when
    /// `generation` is no longer the newest or no more pages fit.
    fn cell(&self, generation: u64, key: &str) -> Option<Cell> {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if generation != self.generation() {
            return None;
        }
        if kept.generation != generation {
            *kept = Kept {
                generation,
                ..Kept::default()
            };
        }
        if let Some(cell) = kept.pages.get(key) {
            return Some(cell.clone());
        }
        if kept.bytes + key.len() > MOST_BYTES {
            return None;
        }
        kept.bytes += key.len();
        let cell = Cell::default();
        kept.pages.insert(key.to_string(), cell.clone());
        Some(cell)
    }

    /// Counts a page drawn for `generation` against [`MOST_BYTES`].
    fn drawn(&self, generation: u64, bytes: usize) {
        let mut kept = self
            .kept
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if kept.generation == generation {
            kept.bytes += bytes;
        }
    }
}

/// Whether a request's answer may be the one kept for everyone: a `GET` of one of the pages
/// below with no cookie and no token, on a server that is not private.
fn keeps(server: &Shared, req: &Request) -> bool {
    let h = req.headers();
    req.method() == Method::GET
        && !server.private
        && !h.contains_key(header::COOKIE)
        && !h.contains_key(header::AUTHORIZATION)
        && kept_path(req.uri().path())
}

/// The pages kept: a league's, a roster's and a battle's page, and the API's roster and battle
/// (not downloads, whose sheet carries the day it was printed, nor the audit, which writes).
fn kept_path(path: &str) -> bool {
    let parts: Vec<&str> = path.trim_start_matches('/').split('/').collect();
    let id = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match parts.as_slice() {
        ["campaigns" | "rosters" | "battles", n] => id(n),
        ["api", "rosters" | "battles", n] => id(n),
        _ => false,
    }
}

/// The layer answering kept pages again (see the module's comment).
pub(super) async fn kept_pages(State(server): State<Shared>, req: Request, next: Next) -> Response {
    if !keeps(&server, &req) {
        return next.run(req).await;
    }
    // Any commit since this server's read connection last looked moves the generation first.
    let Ok(generation) = server.look_for_commits().await else {
        return next.run(req).await;
    };
    let key = req.uri().to_string();
    let Some(cell) = server.cache.cell(generation, &key) else {
        return next.run(req).await;
    };
    // The first request draws the page (its answer is `own` when it is not one to keep); the
    // others asking meanwhile wait for it, and draw their own only when it is not kept.
    let mut request = Some(req);
    let mut own = None;
    let page = cell
        .get_or_init(|| async {
            let req = request.take()?;
            let answer = next.clone().run(req).await;
            if answer.status() != StatusCode::OK || answer.headers().contains_key(header::SET_COOKIE) {
                own = Some(answer);
                return None;
            }
            let (parts, body) = answer.into_parts();
            match axum::body::to_bytes(body, LARGEST).await {
                Ok(body) => {
                    server.cache.drawn(generation, body.len());
                    Some(Page {
                        content_type: parts.headers.get(header::CONTENT_TYPE).cloned(),
                        body,
                    })
                }
                Err(_) => {
                    own = Some(
                        (StatusCode::INTERNAL_SERVER_ERROR, "the page could not be read").into_response(),
                    );
                    None
                }
            }
        })
        .await
        .clone();
    match (page, own, request) {
        (Some(page), _, _) => {
            let mut answer = Response::new(Body::from(page.body));
            if let Some(t) = page.content_type {
                answer.headers_mut().insert(header::CONTENT_TYPE, t);
            }
            answer
        }
        (None, Some(own), _) => own,
        (None, None, Some(req)) => next.run(req).await,
        (None, None, None) => (StatusCode::INTERNAL_SERVER_ERROR, "the page was not drawn").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_league_s_roster_s_and_battle_s_pages_are_kept() {
        for path in [
            "/campaigns/1",
            "/rosters/12",
            "/battles/3",
            "/api/rosters/4",
            "/api/battles/5",
        ] {
            assert!(kept_path(path), "{path}");
        }
        for path in [
            "/",
            "/rosters/1/sheet.pdf",
            "/campaigns/1/audit",
            "/campaigns/1/export.json",
            "/rosters/x",
            "/rosters/",
            "/healthz",
            "/api/campaigns",
        ] {
            assert!(!kept_path(path), "{path}");
        }
    }

    #[test]
    fn a_page_of_an_older_generation_is_never_answered() {
        let cache = Cache::default();
        let page = Page {
            content_type: None,
            body: Bytes::from_static(b"old"),
        };
        let cell = cache
            .cell(0, "/rosters/1")
            .expect("a cell of the newest generation");
        assert!(cell.set(Some(page)).is_ok(), "set once");
        assert!(cache.cell(0, "/rosters/1").is_some_and(|c| c.initialized()));
        cache.moved();
        // The old generation's cell is not handed out any more, and the new one starts empty.
        assert!(cache.cell(0, "/rosters/1").is_none());
        assert!(cache.cell(1, "/rosters/1").is_some_and(|c| !c.initialized()));
    }
}
