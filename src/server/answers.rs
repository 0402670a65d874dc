//! How the pages' forms are answered (issue #32), for every form at once:
//! - a form done answers with a redirect (POST/redirect/GET), so a reload, a pull-to-refresh or
//!   a double tap sends nothing again; what was done is said on the page the browser lands on
//!   (a one-time note kept here in memory, named by a short-lived cookie);
//! - a form refused answers with the page it was sent from, the message beside that form and
//!   everything typed kept (`refill`), with the refusal's status: nothing was written, so a
//!   reload only asks again.
//!
//! Handlers say which page they came from and what happened through response extensions
//! ([`Refused`], [`Done`]); this layer does the rest, so no handler renders an answer page.

use super::refill::{escape, refill, under_title};
use super::session::auth;
use axum::Router;
use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// A refused form (or one that only checks, as a list's "check it first"): its message, more
/// to show under it as HTML (an import's report), and the page it was sent from, shown again
/// refilled with the response's status.
#[derive(Clone, Debug)]
pub struct Refused {
    pub message: String,
    pub detail: Option<String>,
    pub back: String,
}

/// What a form did, as HTML to show on the page the browser is sent to.
#[derive(Clone, Debug)]
pub struct Done(pub String);

/// The answer to a form done: back to `back`, where `html` says what happened.
pub fn done(back: &str, html: String) -> Response {
    let mut response = axum::response::Redirect::to(back).into_response();
    response.extensions_mut().insert(Done(html));
    response
}

/// A title and lines of plain text, as HTML for a [`Done`].
pub fn said(title: &str, lines: &[String]) -> String {
    let items: String = lines.iter().map(|l| format!("<li>{}</li>", escape(l))).collect();
    format!("<strong>{}</strong><ul>{items}</ul>", escape(title))
}

const FLASH: &str = "ptg_flash";
/// A note not read within this long is dropped.
const KEEP: Duration = Duration::from_secs(300);

/// The notes waiting to be shown, by the id their cookie carries: one store for the process,
/// so every router built on it (a test builds one per request) finds them.
static NOTES: LazyLock<Mutex<HashMap<String, (Instant, String)>>> = LazyLock::new(Mutex::default);

/// The router that renders a page again after a refusal.
pub struct Answers {
    app: Router,
}

impl Answers {
    pub fn new(app: Router) -> Arc<Answers> {
        Arc::new(Answers { app })
    }

    fn keep(&self, html: String) -> Option<String> {
        let id = crate::ops::invite::new_token().ok()?;
        let mut notes = NOTES.lock().ok()?;
        notes.retain(|_, (at, _)| at.elapsed() < KEEP);
        notes.insert(id.clone(), (Instant::now(), html));
        Some(id)
    }

    fn take(&self, id: &str) -> Option<String> {
        let mut notes = NOTES.lock().ok()?;
        let (at, html) = notes.remove(id)?;
        (at.elapsed() < KEEP).then_some(html)
    }
}

/// The layer: see the module's documentation.
pub async fn answer_forms(State(answers): State<Arc<Answers>>, req: Request, next: Next) -> Response {
    let is_form = req.method() == Method::POST && !req.uri().path().starts_with("/api/");
    if is_form {
        return answer_form(&answers, req, next).await;
    }
    let note = match auth::cookie(req.headers(), FLASH) {
        Some(id) if req.method() == Method::GET => Some(answers.take(&id)),
        _ => None,
    };
    let response = next.run(req).await;
    match note {
        None => response,
        Some(html) => {
            let mut shown = match html {
                Some(html) => rewrite_page(response, |page| under_title(page, &note_html(&html))).await,
                None => response,
            };
            set_cookie(
                shown.headers_mut(),
                &format!("{FLASH}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
            );
            shown
        }
    }
}

fn note_html(inner: &str) -> String {
    format!(r#"<div class="done" role="status">{inner}</div>"#)
}

async fn answer_form(answers: &Answers, req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, super::edge::MAX_BODY).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "the form is too large").into_response();
    };
    let path = parts.uri.path().to_string();
    let headers = parts.headers.clone();
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes.clone())))
        .await;
    if let Some(refused) = response.extensions().get::<Refused>().cloned() {
        let sent = fields(&headers, bytes).await;
        return shown_again(answers, &headers, &path, &sent, refused, response).await;
    }
    if response.status() != StatusCode::SEE_OTHER {
        return response;
    }
    let said = match response.extensions().get::<Done>() {
        Some(Done(html)) => html.clone(),
        None => escape(done_words(&path)),
    };
    let mut response = response;
    if let Some(id) = answers.keep(said) {
        set_cookie(
            response.headers_mut(),
            &format!("{FLASH}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300"),
        );
    }
    response
}

/// The page `refused.back` as this browser sees it, the refused form refilled beside its
/// message; the refusal's own answer when that page cannot be shown.
async fn shown_again(
    answers: &Answers,
    headers: &HeaderMap,
    action: &str,
    sent: &[(String, String)],
    refused: Refused,
    original: Response,
) -> Response {
    let mut get = Request::get(&refused.back);
    for name in [header::COOKIE, header::HOST, header::AUTHORIZATION] {
        if let Some(v) = headers.get(&name) {
            get = get.header(name, v);
        }
    }
    if let Some(v) = headers.get("x-forwarded-proto") {
        get = get.header("x-forwarded-proto", v);
    }
    let Ok(get) = get.body(Body::empty()) else {
        return original;
    };
    let Ok(page) = answers.app.clone().oneshot(get).await;
    if page.status() != StatusCode::OK || !is_html(page.headers()) {
        return original;
    }
    let status = original.status();
    let message = format!(
        "{}{}",
        escape(&refused.message),
        refused.detail.as_deref().unwrap_or_default()
    );
    let mut again = rewrite_page(page, |html| refill(html, action, sent, &message)).await;
    *again.status_mut() = status;
    // The refusal's own cookies (a stale session dropped) still apply.
    for v in original.headers().get_all(header::SET_COOKIE) {
        again.headers_mut().append(header::SET_COOKIE, v.clone());
    }
    again
}

/// The form's text fields as sent (URL-encoded or multipart; files left out).
async fn fields(headers: &HeaderMap, bytes: axum::body::Bytes) -> Vec<(String, String)> {
    let kind = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if !kind.starts_with("multipart/form-data") {
        return form_urlencoded::parse(&bytes).into_owned().collect();
    }
    let mut req = Request::new(Body::from(bytes));
    if let Ok(v) = HeaderValue::from_str(kind) {
        req.headers_mut().insert(header::CONTENT_TYPE, v);
    }
    let mut out = Vec::new();
    let Ok(mut multipart) = Multipart::from_request(req, &()).await else {
        return out;
    };
    while let Ok(Some(field)) = multipart.next_field().await {
        let name = field.name().unwrap_or_default().to_string();
        if field.file_name().is_some() {
            continue;
        }
        if let Ok(text) = field.text().await {
            out.push((name, text));
        }
    }
    out
}

fn is_html(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"))
}

/// `response` with its HTML body passed through `change` (as it was when it is not HTML).
async fn rewrite_page(response: Response, change: impl FnOnce(&str) -> String) -> Response {
    if response.status() != StatusCode::OK || !is_html(response.headers()) {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, usize::MAX).await else {
        return StatusCode::INTERNAL_SERVER_ERROR.into_response();
    };
    let html = change(&String::from_utf8_lossy(&bytes));
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(html))
}

fn set_cookie(headers: &mut HeaderMap, cookie: &str) {
    if let Ok(v) = HeaderValue::from_str(cookie) {
        headers.append(header::SET_COOKIE, v);
    }
}

/// What a form sent to `path` did, when its handler says no more: by the path's last word.
fn done_words(path: &str) -> &'static str {
    let last = path.rsplit('/').next().unwrap_or_default();
    match last {
        _ if path.starts_with("/invite/") => "Signed in on this browser.",
        "signout" => "Signed out of this browser.",
        "battles" => "Battle planned.",
        "army" => "Army recorded.",
        "result" => "Result recorded.",
        "twist" => "Twist rolled.",
        "realm" => "Realm named.",
        "sudden-death" => "Sudden death objective picked.",
        "units" => "Unit added to the Order of Battle.",
        "remove" => "Unit taken off the Order of Battle.",
        "quest" => "Quest started.",
        "rank" => "Ability chosen.",
        "enhancements" => "Enhancement given.",
        "tome" => "Added to the Arcane Tome.",
        "rosters" => "Roster made.",
        "invites" => "Invite made.",
        "rename" => "Renamed.",
        "undo" => "Undone.",
        "settings" => "Settings saved.",
        "favour" => "Favour changed.",
        "delete" => "Deleted.",
        "revoke" => "Invite revoked.",
        _ => "Saved.",
    }
}
