//! What the server tests (`tests/serve/router.rs`, `tests/serve/forms.rs`) share: one request sent
//! to `ptg serve`'s router on a test database without a socket, and invite tokens.

#![allow(dead_code)]

pub mod process;

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
    let server = Server::new(p.db(), Catalogue::load(&[]).unwrap(), private, campaign);
    send_via(&router(server), request).await
}

/// Sends one request through `app`, a router kept for several requests (its server's set-up
/// link and kept connections last between them).
pub async fn send_via(app: &axum::Router, request: Request<Body>) -> Answer {
    let response = app.clone().oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).to_string(),
    }
}

/// The page a form's redirect (303) leads to, fetched with `cookie` and the one-time note
/// cookie the answer set, as a browser follows it.
pub async fn follow(p: &Ptg, answer: &Answer, cookie: &str) -> Answer {
    send(p, followed(answer, cookie)).await
}

/// A refused form's answer: a 303 back to its page (so Back and reload never send it again),
/// and that page as the browser then sees it, the form drawn again with the refusal beside it.
pub async fn refused_page(p: &Ptg, answer: &Answer, cookie: &str) -> Answer {
    let to = answer
        .headers
        .get(header::LOCATION)
        .and_then(|l| l.to_str().ok())
        .unwrap_or_default();
    assert!(
        to.ends_with("#refused"),
        "a refusal goes back to its form: {to:?} {}",
        answer.body
    );
    follow(p, answer, cookie).await
}

/// [`follow`] through `app`.
pub async fn follow_via(app: &axum::Router, answer: &Answer, cookie: &str) -> Answer {
    send_via(app, followed(answer, cookie)).await
}

/// The request a browser sends following `answer`'s redirect.
fn followed(answer: &Answer, cookie: &str) -> Request<Body> {
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    let to = answer.headers[header::LOCATION].to_str().unwrap().to_string();
    // A browser never sends the fragment (`#refused`: where the page scrolls to).
    let to = to.split('#').next().unwrap_or_default().to_string();
    let note = set_cookie(answer, "ptg_flash=").unwrap_or_default();
    let cookies = [cookie, note.as_str()]
        .iter()
        .filter(|c| !c.is_empty())
        .copied()
        .collect::<Vec<_>>()
        .join("; ");
    Request::get(&to)
        .header(header::COOKIE, cookies)
        .body(Body::empty())
        .unwrap()
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

/// One request to a server that is not private and serves every campaign.
pub async fn send(p: &Ptg, request: Request<Body>) -> Answer {
    send_to(p, false, None, request).await
}

/// The session cookie an invite link for `roster` sets (`name=value`).
pub async fn sign_in(p: &Ptg, roster: &str) -> String {
    sign_in_with(p, &["--roster", roster]).await
}

/// The session cookie of a new invite made with `args` (`--roster R`, `--organiser`).
pub async fn sign_in_with(p: &Ptg, args: &[&str]) -> String {
    let token = invite(p, args);
    sign_in_token(p, &token).await
}

/// The session cookie a browser gets from invite link `token`: the link's page, then its
/// "Sign in" button (`name=value`).
pub async fn sign_in_token(p: &Ptg, token: &str) -> String {
    let (key, nonce) = sign_in_page(p, token).await;
    let confirmed = send(
        p,
        form(&format!("/invite/{token}"), Some(&nonce), &[("key", &key)]),
    )
    .await;
    assert_eq!(confirmed.status, StatusCode::SEE_OTHER, "{}", confirmed.body);
    set_cookie(&confirmed, "ptg_session=").expect("the session cookie")
}

/// The sign-in page of invite link `token`: its form's key and the cookie it set with it.
pub async fn sign_in_page(p: &Ptg, token: &str) -> (String, String) {
    let link = send(
        p,
        Request::get(format!("/invite/{token}"))
            .body(Body::empty())
            .unwrap(),
    )
    .await;
    assert_eq!(link.status, StatusCode::OK, "{}", link.body);
    let nonce = set_cookie(&link, "ptg_sign_in=").expect("the sign-in page's cookie");
    (form_key(&link.body), nonce)
}

/// The `name=value` of the cookie starting `prefix` that `answer` sets.
pub fn set_cookie(answer: &Answer, prefix: &str) -> Option<String> {
    answer
        .headers
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .map(|v| v.split(';').next().unwrap_or_default().to_string())
        .find(|v| v.starts_with(prefix))
}

pub async fn page(p: &Ptg, uri: &str, cookie: &str) -> String {
    let r = Request::get(uri)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap();
    send(p, r).await.body
}

/// The value of the first `name="key"` field of a page's forms.
pub fn form_key(html: &str) -> String {
    let at = html.find(r#"name="key" value=""#).expect("a form with its key") + r#"name="key" value=""#.len();
    html[at..].split('"').next().unwrap().to_string()
}

/// A form sent as a browser sends it, with the session cookie when given.
pub fn form(uri: &str, cookie: Option<&str>, fields: &[(&str, &str)]) -> Request<Body> {
    let body: Vec<String> = fields
        .iter()
        .map(|(k, v)| format!("{}={}", encoded(k), encoded(v)))
        .collect();
    let mut r = Request::post(uri).header(header::CONTENT_TYPE, "application/x-www-form-urlencoded");
    if let Some(c) = cookie {
        r = r.header(header::COOKIE, c);
    }
    r.body(Body::from(body.join("&"))).unwrap()
}

/// `s` percent-encoded for a form's body.
fn encoded(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A GET with the token as `Authorization: Bearer`, when given.
pub fn api_get(uri: &str, token: Option<&str>) -> Request<Body> {
    let mut r = Request::get(uri);
    if let Some(t) = token {
        r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    r.body(Body::empty()).unwrap()
}

/// A POST of `body` as JSON, with the token when given.
pub fn api_post(uri: &str, token: Option<&str>, body: Value) -> Request<Body> {
    let mut r = Request::post(uri).header(header::CONTENT_TYPE, "application/json");
    if let Some(t) = token {
        r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    r.body(Body::from(body.to_string())).unwrap()
}

/// A DELETE with the token when given, and no body.
pub fn api_delete(uri: &str, token: Option<&str>) -> Request<Body> {
    let mut r = Request::delete(uri);
    if let Some(t) = token {
        r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    r.body(Body::empty()).unwrap()
}

/// The id of campaign `name`.
pub fn campaign_id(p: &Ptg, name: &str) -> i64 {
    let list = p.json(&["campaign", "list"]);
    super::common::named(&list, "name", name)["id"].as_i64().unwrap()
}

/// The one-time set-up link's token of [`served_with_setup`]'s server.
pub const SETUP: &str = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";

/// One server (one router) on `p`'s database, serving `campaign` only when given, with the
/// set-up link [`SETUP`] unused.
pub fn served_with_setup(p: &Ptg, campaign: Option<i64>) -> axum::Router {
    // `ptg serve` opens (makes) the database before it serves: its requests never make one.
    ptg::store::Store::open(&p.db()).unwrap();
    router(
        Server::new(p.db(), Catalogue::load(&[]).unwrap(), false, campaign)
            .with_setup(Some(ptg::ops::invite::token_hash(SETUP))),
    )
}

/// `GET uri` on `app` from a browser holding `cookie` (empty: none).
pub async fn get_via(app: &axum::Router, uri: &str, cookie: &str) -> Answer {
    let request = Request::get(uri)
        .header(header::COOKIE, cookie)
        .body(Body::empty())
        .unwrap();
    send_via(app, request).await
}

/// The 64-hex token after `prefix` in `html`.
pub fn token_after(html: &str, prefix: &str) -> String {
    let at = html.find(prefix).unwrap_or_else(|| panic!("{prefix} in {html}")) + prefix.len();
    html[at..].chars().take_while(char::is_ascii_hexdigit).collect()
}

/// The `<details>` drawn open whose summary is `summary`, up to its end: a form come back
/// refused (or with a check's answer), its message in it.
pub fn opened<'a>(html: &'a str, summary: &str) -> &'a str {
    let at = html
        .find(&format!("<details open><summary>{summary}</summary>"))
        .unwrap_or_else(|| panic!("{summary} is open: {html}"));
    let end = html[at..].find("</details>").map_or(html.len(), |e| at + e);
    &html[at..end]
}

/// What a page says to its reader: the body's text, tags and text areas (what a player typed)
/// left out.
pub fn page_text(html: &str) -> String {
    let body = html.find("<body").map_or(html, |at| &html[at..]);
    let mut out = String::new();
    let mut rest = body;
    while let Some(at) = rest.find("<textarea") {
        out.push_str(&rest[..at]);
        rest = rest[at..].find("</textarea>").map_or("", |end| &rest[at + end..]);
    }
    out.push_str(rest);
    let mut text = String::new();
    let mut in_tag = false;
    for c in out.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}

/// A `ptg` command (the word followed by a subcommand) or a `--flag` in `text`, with the
/// words around it; none when the text has neither (pages speak players' words).
pub fn cli_words(text: &str) -> Option<String> {
    let command = text.match_indices("ptg ").find(|(at, _)| {
        text[at + 4..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase())
    });
    let at = command.map(|(at, _)| at).or_else(|| text.find("--"))?;
    let from = text[..at].char_indices().rev().nth(80).map_or(0, |(i, _)| i);
    let to = text[at..]
        .char_indices()
        .nth(80)
        .map_or(text.len(), |(i, _)| at + i);
    Some(text[from..to].to_string())
}
