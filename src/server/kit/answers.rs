//! How the pages' forms are answered (issues #32, #40), for every form at once: a form done or
//! refused answers 303 to its page (POST/redirect/GET), so a reload, a pull-to-refresh or Back
//! never sends it again. What the page must show once is kept in the flash (`flash.rs`):
//! - a form done: a note saying what was done, shown under the page's title;
//! - a form refused (or one that only checks, as a list's "check it first"): the fields as
//!   sent and the message, which the page's form takes when it is drawn (`form::Form::render`),
//!   so the page is rendered once, from its own state, and never rewritten afterwards.
//!
//! Handlers say which page they came from and what happened through response extensions
//! ([`Refused`], [`Done`]); this layer does the rest, so no handler renders an answer page.

use super::flash::{self, Flash, Kept};
use super::rights::auth;
use axum::body::Body;
use axum::extract::{FromRequest, Multipart, Request};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Redirect, Response};

/// A refused form (or one that only checks, as a list's "check it first"): its message, more
/// to show under it as HTML (an import's report), the page it was sent from, and the fields
/// the refusal is about with what to do about each.
#[derive(Clone, Debug)]
pub struct Refused {
    pub message: String,
    pub detail: Option<String>,
    pub back: String,
    pub fields: Vec<(String, String)>,
    /// A refusal; `false` for a form that only checked.
    pub is_error: bool,
}

/// What a form did, as HTML to show on the page the browser is sent to.
#[derive(Clone, Debug)]
pub struct Done(pub String);

/// The answer to a form done: back to `back`, where `html` says what happened.
pub fn done(back: &str, html: String) -> Response {
    let mut response = Redirect::to(back).into_response();
    response.extensions_mut().insert(Done(html));
    response
}

/// A title and lines of plain text, as HTML for a [`Done`].
pub fn said(title: &str, lines: &[String]) -> String {
    maud::html! { strong { (title) } ul { @for l in lines { li { (l) } } } }.into_string()
}

/// The refusals a form's page shows beside the form, after a 303: what was typed can be
/// shown again. Others (no right to send it, nothing there, the server's own failure) are
/// answered with their page and status, as there is no form to show again.
fn shown_beside_the_form(status: StatusCode) -> bool {
    matches!(
        status,
        StatusCode::OK
            | StatusCode::BAD_REQUEST
            | StatusCode::CONFLICT
            | StatusCode::PAYLOAD_TOO_LARGE
            | StatusCode::UNPROCESSABLE_ENTITY
    )
}

/// The layer: see the module's documentation.
pub async fn answer_forms(req: Request, next: Next) -> Response {
    let is_form = req.method() == Method::POST && !req.uri().path().starts_with("/api/");
    if is_form {
        return answer_form(req, next).await;
    }
    let shown = match auth::cookie(req.headers(), flash::COOKIE) {
        Some(id) if req.method() == Method::GET => Some(flash::take(&id).unwrap_or_default()),
        _ => None,
    };
    match shown {
        None => next.run(req).await,
        Some(flash) => {
            let mut page = flash::showing(flash, next.run(req)).await;
            set_cookie(
                page.headers_mut(),
                &format!("{}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0", flash::COOKIE),
            );
            page
        }
    }
}

async fn answer_form(req: Request, next: Next) -> Response {
    let (parts, body) = req.into_parts();
    let Ok(bytes) = axum::body::to_bytes(body, super::extract::MAX_BODY).await else {
        return (StatusCode::PAYLOAD_TOO_LARGE, "the form is too large").into_response();
    };
    let action = parts.uri.path().to_string();
    let headers = parts.headers.clone();
    let response = next
        .run(Request::from_parts(parts, Body::from(bytes.clone())))
        .await;
    if let Some(refused) = response.extensions().get::<Refused>().cloned() {
        if !shown_beside_the_form(response.status()) {
            return response;
        }
        let sent = fields(&headers, bytes).await;
        let kept = Kept {
            action,
            sent,
            message: refused.message,
            detail: refused.detail,
            fields: refused.fields,
            is_error: refused.is_error,
        };
        let flash = Flash {
            done: None,
            refused: Some(kept),
        };
        return with_flash(
            Redirect::to(&format!("{}#refused", refused.back)).into_response(),
            flash,
            &response,
        );
    }
    if response.status() != StatusCode::SEE_OTHER {
        return response;
    }
    let said = match response.extensions().get::<Done>() {
        Some(Done(html)) => html.clone(),
        None => maud::html! { (done_words(&action)) }.into_string(),
    };
    let flash = Flash {
        done: Some(said),
        refused: None,
    };
    let Some(id) = flash::keep(flash) else {
        return response;
    };
    let mut response = response;
    set_cookie(
        response.headers_mut(),
        &format!(
            "{}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300",
            flash::COOKIE
        ),
    );
    response
}

/// `redirect` with `flash` kept for the page it leads to, and the cookies `original` set (a
/// stale session dropped still is).
fn with_flash(mut redirect: Response, flash: Flash, original: &Response) -> Response {
    if let Some(id) = flash::keep(flash) {
        set_cookie(
            redirect.headers_mut(),
            &format!(
                "{}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=300",
                flash::COOKIE
            ),
        );
    }
    for v in original.headers().get_all(header::SET_COOKIE) {
        redirect.headers_mut().append(header::SET_COOKIE, v.clone());
    }
    redirect
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
