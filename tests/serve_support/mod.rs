//! What the server tests (`tests/serve.rs`, `tests/serve_forms.rs`, `tests/serve_battle.rs`)
//! share: one request sent to `ptg serve`'s router on a test database without a socket, invite
//! tokens, and a browser's session: signing in through an invite link, pages, forms.

#![allow(dead_code)]

use super::common::Ptg;
use super::common::league::LEAGUE;
use axum::body::{Body, to_bytes};
use axum::http::{HeaderMap, Request, StatusCode, header};
use ptg::catalogue::Catalogue;
use ptg::server::{Server, router};
use serde_json::Value;
use tower::ServiceExt;

/// The answer to one request: status, headers and body.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Sends one request to a server on `p`'s database (`--private` when `private`, serving
/// `campaign` only when given, as `--campaign`).
pub async fn send_to(p: &Ptg, private: bool, campaign: Option<i64>, request: Request<Body>) -> Answer {
    let server = Server {
        db: p.db(),
        catalogue: Catalogue::load(&[]).unwrap(),
        private,
        campaign,
    };
    let response = router(server).oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).to_string(),
    }
}

/// A new invite's token (`ptg invite LEAGUE ARGS`).
pub fn invite(p: &Ptg, args: &[&str]) -> String {
    let made = p.json(&[&["invite", LEAGUE][..], args].concat());
    made["token"].as_str().unwrap().to_string()
}

/// The id of roster `name`.
pub fn roster_id(p: &Ptg, name: &str) -> i64 {
    p.json(&["roster", "show", name])["id"].as_i64().unwrap()
}

/// The session cookie of a new invite made with `args` (`--roster R`, `--organiser`), as its
/// link sets it (`name=value`).
pub async fn sign_in_with(p: &Ptg, args: &[&str]) -> String {
    let token = invite(p, args);
    let link = send_to(
        p,
        false,
        None,
        Request::get(format!("/invite/{token}"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    let cookie = link.headers[header::SET_COOKIE].to_str().unwrap();
    cookie.split(';').next().unwrap().to_string()
}

/// The session cookie of roster `roster`'s player.
pub async fn sign_in(p: &Ptg, roster: &str) -> String {
    sign_in_with(p, &["--roster", roster]).await
}

/// Page `uri` as the session `cookie` sees it.
pub async fn page(p: &Ptg, uri: &str, cookie: &str) -> String {
    let r = Request::get(uri)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap();
    send_to(p, false, None, r).await.body
}

/// The value of the first `name="key"` field of a page's forms.
pub fn form_key(html: &str) -> String {
    let at = html.find(r#"name="key" value=""#).expect("a form with its key") + r#"name="key" value=""#.len();
    html[at..].split('"').next().unwrap().to_string()
}

/// A form sent as a browser sends it, with the session `cookie` if any.
pub fn form(uri: &str, cookie: Option<&str>, fields: &[(&str, &str)]) -> Request<Body> {
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{k}={}", v.replace(' ', "+").replace(',', "%2C")))
        .collect();
    let mut r = Request::post(uri).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some(c) = cookie {
        r = r.header(header::COOKIE, c);
    }
    r.body(Body::from(body.join("&"))).unwrap()
}

/// A JSON request to the API, with the invite `token` if any.
pub fn post_json(uri: &str, token: Option<&str>, body: &Value) -> Request<Body> {
    let mut r = Request::post(uri).header(header::CONTENT_TYPE, "application/json");
    if let Some(t) = token {
        r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    r.body(Body::from(body.to_string())).unwrap()
}
