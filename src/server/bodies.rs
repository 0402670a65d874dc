//! No body is read before the route and the rights to send it are known (issue #39). The forms'
//! layer (`answers`) keeps a form's fields to show them again, and the handlers' extractors read
//! a body before their own rights check: so 250 anonymous posts of 2 MB each were held in
//! memory at once. Here, before anything reads it:
//! - a write to a route anyone may post (signing in, joining, the set-up link, signing out)
//!   is read up to [`ANONYMOUS_BODY`], its few fields' worth, and refused (413) past it;
//! - any other page form needs a live session, and an API write a live invite token, else it
//!   is refused (401) at once and its body never read (the connection is closed after).
//!
//! The handlers still check what the rights allow (this roster, this campaign); this only
//! bounds what an unknown client can make the server hold.

use super::kit::rights::auth;
use super::{Failure, Shared};
use axum::body::{Body, to_bytes};
use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

/// The most read of a form anyone may post: a few names and choices.
pub const ANONYMOUS_BODY: usize = 16 * 1024;

/// Whether anyone, signed in or not, may post to `path`.
fn open_to_anyone(path: &str) -> bool {
    ["/invite/", "/join/", "/setup/"]
        .iter()
        .any(|p| path.starts_with(p))
        || path == "/signout"
}

/// The layer: see the module's documentation.
pub async fn rights_before_body(State(server): State<Shared>, req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let path = req.uri().path().to_string();
    let api = path == "/api" || path.starts_with("/api/");
    if !api && open_to_anyone(&path) {
        let declared = req
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.trim().parse::<u64>().ok());
        // Over the limit declared: refused at once, not waited for.
        let read = match declared.is_some_and(|n| n > ANONYMOUS_BODY as u64) {
            true => None,
            false => {
                let (parts, body) = req.into_parts();
                to_bytes(body, ANONYMOUS_BODY).await.ok().map(|b| (parts, b))
            }
        };
        return match read {
            Some((parts, bytes)) => next.run(Request::from_parts(parts, Body::from(bytes))).await,
            None => refused(
                api,
                StatusCode::PAYLOAD_TOO_LARGE,
                &format!(
                    "what was sent is too large: this form takes at most {} KB",
                    ANONYMOUS_BODY / 1024
                ),
                false,
            ),
        };
    }
    let headers = req.headers();
    // A page's form needs a live session of the browser's keyring, an API write a live token.
    let carries = match api {
        true => auth::bearer(headers).is_some(),
        false => auth::has_session(headers),
    };
    let checked = match carries {
        true => match auth::keyring(&server, headers).await {
            Ok(ring) if !ring.is_empty() => Ok(Some(())),
            Ok(_) => Ok(None),
            // An ended session's page is told to open its link again (below); a script's
            // revoked token is told so.
            Err(f) if f.status == StatusCode::UNAUTHORIZED && !api => Ok(None),
            Err(f) => Err(f),
        },
        false => Ok(None),
    };
    match checked {
        Ok(Some(_)) => next.run(req).await,
        Ok(None) if api => refused(
            api,
            StatusCode::UNAUTHORIZED,
            "changing anything needs an invite: send `Authorization: Bearer <token>` (see `ptg invite`)",
            false,
        ),
        Ok(None) => {
            let stale = auth::has_session(headers);
            let message = match stale {
                true => {
                    "this browser's session has ended (or its invite was revoked); open your invite link again"
                }
                false => "open your invite link first: changing anything needs it",
            };
            refused(api, StatusCode::UNAUTHORIZED, message, stale)
        }
        Err(f) => refused(api, f.status, &f.message, false),
    }
}

/// A refusal (in the API's shape or as a page) sent before the body is read: the connection is
/// closed after it, the body not read being not skipped; with `stale`, the ended session's
/// cookie is dropped too.
fn refused(api: bool, status: StatusCode, message: &str, stale: bool) -> Response {
    let mut response = match api {
        true => Failure::new(status, message).into_response(),
        false => (status, super::kit::page::refusal_page(status, message)).into_response(),
    };
    let h = response.headers_mut();
    h.insert(header::CONNECTION, HeaderValue::from_static("close"));
    if stale {
        let gone = format!("{}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0", auth::COOKIE);
        if let Ok(v) = HeaderValue::from_str(&gone) {
            h.append(header::SET_COOKIE, v);
        }
    }
    response
}
