//! One tap, one write (issue 40): a write (POST, PUT, PATCH, DELETE) carrying a one-use token,
//! the form field `once` (each rendered form carries a fresh one) or the API's
//! `Idempotency-Key` header, is done at most once. The first send runs; a second send of the
//! same token to the same path while the first runs waits for it, and any later one within
//! [`KEEP`] gets the first one's answer again (status, `Location`, `Set-Cookie`, body) with no
//! second write: a double tap adds one unit, and a join tapped twice signs the player in
//! rather than telling them their own roster's name is taken.
//!
//! A refusal (4xx) wrote nothing and is not kept: the same token sent again runs again (the
//! player may have put the field right). Answers are kept in memory, at most [`MOST`] of them
//! and for [`KEEP`], the oldest dropped first; keyed by the database served, the path, the
//! token and the request's `Authorization` (by its hash), so one API client's key never
//! replays another's answer. Requests without a token behave as without this layer.

use crate::server::{Failure, Shared};
use axum::body::{Body, Bytes, to_bytes};
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::watch;

/// How long an answer is given again.
pub const KEEP: Duration = Duration::from_secs(600);
/// The most answers kept at once.
pub const MOST: usize = 4096;
/// The form field that carries a page's one-use token.
pub const FIELD: &str = "once";
/// The header that carries a script's one-use token.
pub const HEADER: &str = "idempotency-key";
/// The longest token read (a page's are 64 hex digits).
const LONGEST: usize = 200;

/// The database served, the path, the token, and the hash of the `Authorization` sent.
type Key = (String, String, String, String);

/// An answer as it was sent, to send again.
struct Kept {
    status: StatusCode,
    headers: HeaderMap,
    body: Bytes,
}

/// A token's send: under way (its first answer comes on the channel), or done.
enum Slot {
    Running(watch::Receiver<Option<Arc<Kept>>>),
    Done(Instant, Arc<Kept>),
}

/// One table for the process, as the answers' notes: every router on a database (a test
/// builds several) finds the tokens sent to it.
static SLOTS: LazyLock<Mutex<HashMap<Key, Slot>>> = LazyLock::new(Mutex::default);

/// What a send of a token may do.
enum Claim {
    /// Run: no send of this token is under way or kept.
    Run(watch::Sender<Option<Arc<Kept>>>),
    /// Wait for the send under way.
    Wait(watch::Receiver<Option<Arc<Kept>>>),
    /// Answer as the first send was answered.
    Replay(Arc<Kept>),
}

fn claim(key: &Key) -> Claim {
    let Ok(mut slots) = SLOTS.lock() else {
        // A poisoned table: run without it rather than refuse every write.
        return Claim::Run(watch::channel(None).0);
    };
    match slots.get(key) {
        Some(Slot::Done(at, kept)) if at.elapsed() < KEEP => return Claim::Replay(kept.clone()),
        Some(Slot::Running(rx)) => return Claim::Wait(rx.clone()),
        _ => {}
    }
    slots.retain(|_, s| !matches!(s, Slot::Done(at, _) if at.elapsed() >= KEEP));
    while slots.len() >= MOST {
        let oldest = slots
            .iter()
            .filter_map(|(k, s)| match s {
                Slot::Done(at, _) => Some((*at, k.clone())),
                Slot::Running(_) => None,
            })
            .min();
        match oldest {
            Some((_, k)) => slots.remove(&k),
            None => break,
        };
    }
    let (tx, rx) = watch::channel(None);
    slots.insert(key.clone(), Slot::Running(rx));
    Claim::Run(tx)
}

/// A send under way: its slot is taken out again if it ends without an answer kept (a refusal,
/// or the request dropped), so the waiting sends run themselves.
struct Running {
    key: Option<Key>,
    tx: watch::Sender<Option<Arc<Kept>>>,
}

impl Running {
    fn keep(mut self, kept: Arc<Kept>) {
        if let Some(key) = self.key.take()
            && let Ok(mut slots) = SLOTS.lock()
        {
            slots.insert(key, Slot::Done(Instant::now(), kept.clone()));
        }
        self.tx.send_replace(Some(kept));
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        if let Some(key) = self.key.take()
            && let Ok(mut slots) = SLOTS.lock()
            && matches!(slots.get(&key), Some(Slot::Running(_)))
        {
            slots.remove(&key);
        }
    }
}

/// The layer: see the module's documentation.
pub async fn one_write(State(server): State<Shared>, req: Request, next: Next) -> Response {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return next.run(req).await;
    }
    let path = req.uri().path().to_string();
    let (req, token) = match header_token(req.headers()) {
        Some(t) => (req, Some(t)),
        None => match field_token(req).await {
            Ok(found) => found,
            Err(refused) => return refused,
        },
    };
    let Some(token) = token else {
        return next.run(req).await;
    };
    if token.is_empty() || token.len() > LONGEST || !token.bytes().all(|b| b.is_ascii_graphic()) {
        let message = format!(
            "the one-use token (the `{FIELD}` field or the Idempotency-Key header) is 1 to {LONGEST} \
             visible ASCII characters"
        );
        return refusal(&path, StatusCode::BAD_REQUEST, &message);
    }
    let by = req
        .headers()
        .get(header::AUTHORIZATION)
        .map(|v| crate::ops::invite::token_hash(&String::from_utf8_lossy(v.as_bytes())))
        .unwrap_or_default();
    let key: Key = (server.db.display().to_string(), path.clone(), token, by);
    let tx = loop {
        match claim(&key) {
            Claim::Run(tx) => break tx,
            Claim::Replay(kept) => return replay(&kept),
            // Done or dropped: claimed again, to replay the answer kept or to run.
            Claim::Wait(mut rx) => {
                let _ = rx.wait_for(Option::is_some).await;
            }
        }
    };
    let running = Running { key: Some(key), tx };
    let response = next.run(req).await;
    if response.status().is_client_error() {
        return response;
    }
    let (parts, body) = response.into_parts();
    let Ok(body) = to_bytes(body, super::extract::MAX_BODY * 4).await else {
        return refusal(
            &path,
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the answer could not be read",
        );
    };
    let kept = Arc::new(Kept {
        status: parts.status,
        headers: parts.headers,
        body,
    });
    running.keep(kept.clone());
    replay(&kept)
}

fn replay(kept: &Kept) -> Response {
    let mut response = Response::new(Body::from(kept.body.clone()));
    *response.status_mut() = kept.status;
    *response.headers_mut() = kept.headers.clone();
    response
}

fn refusal(path: &str, status: StatusCode, message: &str) -> Response {
    match path == "/api" || path.starts_with("/api/") {
        true => Failure::new(status, message).into_response(),
        false => (status, super::page::refusal_page(status, message)).into_response(),
    }
}

fn header_token(headers: &HeaderMap) -> Option<String> {
    let v = headers.get(HEADER)?;
    Some(String::from_utf8_lossy(v.as_bytes()).trim().to_string())
}

fn content_type(headers: &HeaderMap) -> String {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_ascii_lowercase()
}

/// The form's `once` field, and the request to hand on: an urlencoded form's without the field
/// (the bodies take no field they do not know), a multipart form's as sent (its reader skips it).
async fn field_token(req: Request) -> Result<(Request, Option<String>), Response> {
    let kind = content_type(req.headers());
    let urlencoded = kind.starts_with("application/x-www-form-urlencoded");
    if !urlencoded && !kind.starts_with("multipart/form-data") {
        return Ok((req, None));
    }
    let path = req.uri().path().to_string();
    let (mut parts, body) = req.into_parts();
    let Ok(bytes) = to_bytes(body, super::extract::MAX_BODY).await else {
        return Err(refusal(
            &path,
            StatusCode::PAYLOAD_TOO_LARGE,
            "what was sent is too large",
        ));
    };
    let (bytes, token) = match urlencoded {
        true => without_field(&bytes),
        false => (bytes.clone(), multipart_field(&kind, bytes).await),
    };
    parts
        .headers
        .insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
    Ok((Request::from_parts(parts, Body::from(bytes)), token))
}

/// An urlencoded body without its `once` pairs (the others as sent, byte for byte), and the
/// first `once`'s value.
fn without_field(body: &[u8]) -> (Bytes, Option<String>) {
    let mut token = None;
    let mut kept: Vec<&[u8]> = Vec::new();
    for pair in body.split(|b| *b == b'&') {
        let (name, value) = form_urlencoded::parse(pair).next().unwrap_or_default();
        if name == FIELD {
            token.get_or_insert_with(|| value.into_owned());
        } else {
            kept.push(pair);
        }
    }
    match token {
        None => (Bytes::copy_from_slice(body), None),
        Some(t) => (Bytes::from(kept.join(&b'&')), Some(t)),
    }
}

/// A multipart form's `once` field.
async fn multipart_field(kind: &str, bytes: Bytes) -> Option<String> {
    let mut req = Request::new(Body::from(bytes));
    req.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_str(kind).ok()?);
    let mut multipart = Multipart::from_request(req, &()).await.ok()?;
    while let Ok(Some(field)) = multipart.next_field().await {
        if field.name() == Some(FIELD) {
            return field.text().await.ok();
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::without_field;

    #[test]
    fn the_token_is_taken_out_of_a_form() {
        let (body, token) = without_field(b"key=k1&once=abc&name=Blood%2D%2DDrinkers&points=1%2C000");
        assert_eq!(token.as_deref(), Some("abc"));
        assert_eq!(&body[..], b"key=k1&name=Blood%2D%2DDrinkers&points=1%2C000");
        let (body, token) = without_field(b"once=x");
        assert_eq!((&body[..], token.as_deref()), (&b""[..], Some("x")));
        let (body, token) = without_field(b"a=1&b=2");
        assert_eq!((&body[..], token), (&b"a=1&b=2"[..], None));
    }
}
