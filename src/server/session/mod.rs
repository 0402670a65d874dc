//! Signing a browser in and out. An invite link (`GET /invite/{token}`) shows whose invite it
//! is and a "Sign in" button; only that button's POST, sent from this very page, makes a
//! session (`ops::session`: an id of its own, 256 random bits, kept hashed, ending after 30
//! days or when the invite is revoked) and adds it to the browser's keyring (`keyring`: one
//! cookie holding every session the browser was given, so a person in several leagues keeps
//! them all on one phone). So another site cannot sign a browser in as someone else (login
//! CSRF: its forged POST lacks the page's key, derived from a nonce cookie and the server's
//! secret, `same_site`), and a link tapped in webmail still lands signed in: the POST and the
//! redirect after it are same-site. The session cookie is SameSite=Lax, so following a link to
//! the league from elsewhere shows the pages signed in; every write still needs a form's key or
//! a Bearer token. Signing out ends one league's session (or every one) with a form's key.

pub(super) mod invites;
pub(super) mod join;
pub(super) mod links;
pub(super) mod setup;

use crate::ops;
use crate::server::kit::extract::Form;
use crate::server::kit::extract::Path;
use crate::server::kit::forms::refused;
use crate::server::kit::page::league_page;
use crate::server::kit::rights::{auth, keyring, same_site};
use crate::server::kit::shell::League;
use crate::server::{Failure, Shared};
use auth::COOKIE;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use keyring::Key;
use maud::{Markup, html};
use serde::Deserialize;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/invite/{token}", get(confirm).post(sign_in))
        .route("/signout", post(sign_out))
        .merge(invites::routes())
        .merge(join::routes())
        .merge(links::routes())
        .merge(setup::routes())
}

/// `; Secure` when the request came over HTTPS through a proxy that says so.
pub(super) fn secure(headers: &HeaderMap) -> &'static str {
    match headers
        .get("x-forwarded-proto")
        .is_some_and(|p| p.as_bytes() == b"https")
    {
        true => "; Secure",
        false => "",
    }
}

/// What a page that shows an invite's token says about itself: never cached, never named in a
/// Referer (never framed, as every page, so its button cannot be clicked through another site:
/// `edge::security_headers`).
pub(super) fn guarded(mut response: Response) -> Response {
    let h = response.headers_mut();
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    response
}

/// The page for a link whose invite is unknown or revoked (401).
fn unknown_invite() -> Response {
    guarded(refused(
        Failure::new(
            StatusCode::UNAUTHORIZED,
            "this invite is unknown or was revoked; ask the organiser for a new link",
        ),
        "/",
    ))
}

/// `GET /invite/{token}`: whose invite it is, and the button that signs this browser in.
async fn confirm(State(server): State<Shared>, Path(token): Path<String>, headers: HeaderMap) -> Response {
    let lookup = token.clone();
    let only = server.campaign;
    let found = server
        .with_reader(move |_, store| ops::invite::find(store, &lookup))
        .await
        .map(|found| found.filter(|i| only.is_none_or(|c| c == i.campaign_id)));
    let invite = match found {
        Ok(Some(invite)) => invite,
        Ok(None) => return unknown_invite(),
        Err(f) => return guarded(refused(f, "/")),
    };
    let secret = match same_site::secret(&server).await {
        Ok(s) => s,
        Err(f) => return guarded(refused(f, "/")),
    };
    let (nonce, new) = match same_site::nonce(&headers) {
        Ok(n) => n,
        Err(f) => return guarded(refused(f, "/")),
    };
    let whom = match &invite.roster {
        Some(roster) => format!("the player of {roster}"),
        None => "an organiser".to_string(),
    };
    let league = League {
        id: invite.campaign_id,
        name: &invite.campaign,
    };
    let body = league_page(
        league,
        "Sign in",
        html! {
            p { "This link signs this browser in as " strong { (whom) } " of the campaign "
                strong { (invite.campaign) } ", for " (ops::session::LIFETIME_DAYS) " days or until you sign out. "
                "Your other leagues on this browser stay signed in." }
            // No session yet: the page's same-site key, not a session's.
            (crate::server::kit::form::Form::new("sign-in", format!("/invite/{token}"), format!("Sign in as {whom}"))
                .key(&same_site::key(&secret, &nonce))
                .render())
            p.note { "Anyone with this link may sign in with it: keep it to yourself." }
        },
    );
    let mut response = body.into_response();
    if new {
        let cookie = same_site::cookie(&nonce, "/invite", secure(&headers));
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().insert(header::SET_COOKIE, v);
        }
    }
    guarded(response)
}

#[derive(Debug, Deserialize)]
struct Confirmed {
    #[serde(default)]
    key: String,
}

/// `POST /invite/{token}`: the sign-in page's button. A session for the invite, added to the
/// browser's keyring (replacing one with the same rights), then the roster's page (a
/// player's) or the campaign's (the organiser's).
async fn sign_in(
    State(server): State<Shared>,
    Path(token): Path<String>,
    headers: HeaderMap,
    Form(f): Form<Confirmed>,
) -> Response {
    if let Err(refusal) = same_site::check(&server, &headers, &f.key, "signing in").await {
        return guarded(refused(refusal, "/"));
    }
    let ring = keyring::ids(&headers);
    let only = server.campaign;
    let kept = ring.clone();
    let made = server
        .with_store(move |_, store| ops::session::sign_in(store, &token, only, &kept))
        .await;
    let (session, replaced) = match made {
        Ok(Some(made)) => made,
        Ok(None) => return unknown_invite(),
        Err(f) => return guarded(refused(f, "/")),
    };
    let who = session.principal;
    let to = match who.roster_id {
        Some(r) => format!("/rosters/{r}"),
        None => format!("/campaigns/{}", who.campaign_id),
    };
    let cookies = [
        ring_cookie(&headers, Some(&session.id), &replaced),
        format!(
            "{}=; Path=/invite; HttpOnly; SameSite=Lax; Max-Age=0",
            same_site::COOKIE
        ),
    ];
    let mut response = Redirect::to(&to).into_response();
    for cookie in cookies {
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    guarded(response)
}

/// The keyring cookie: the request's sessions but `dropped`, with `added` as the newest; for
/// the keyring's lifetime, or gone when it holds none.
pub(in crate::server) fn ring_cookie(headers: &HeaderMap, added: Option<&str>, dropped: &[String]) -> String {
    let mut ids: Vec<String> = keyring::ids(headers)
        .into_iter()
        .filter(|id| !dropped.contains(id) && Some(id.as_str()) != added)
        .collect();
    ids.extend(added.map(str::to_string));
    cookie_of(headers, &ids)
}

/// The keyring cookie holding sessions `ids` (dropped when there are none).
fn cookie_of(headers: &HeaderMap, ids: &[String]) -> String {
    if ids.is_empty() {
        return format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    }
    let max_age = ops::session::LIFETIME_DAYS * 24 * 60 * 60;
    format!(
        "{COOKIE}={}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
        keyring::value(ids),
        secure(headers)
    )
}

#[derive(Debug, Deserialize)]
struct SignOut {
    #[serde(default)]
    key: String,
    /// `every`: sign out of every league on this browser.
    #[serde(default)]
    all: String,
}

/// Signs this browser out of one league (that of the session whose key the form carries) or,
/// with `all=every`, of every one (a club's shared laptop): the sessions end and leave the keyring;
/// the others stay. The invite links still work until the organiser revokes them. The form's
/// key is needed, so another site cannot sign a browser out.
async fn sign_out(headers: HeaderMap, State(server): State<Shared>, Form(f): Form<SignOut>) -> Response {
    let ring = match crate::server::kit::forms::session(&server, &headers).await {
        Ok(ring) => ring,
        // Nothing live to sign out of: the cookie goes.
        Err(_) => return with_cookie(Redirect::to("/").into_response(), &cookie_of(&headers, &[])),
    };
    let Some(signed) = ring.by_form_key(&f.key) else {
        return refused(
            Failure::new(
                StatusCode::FORBIDDEN,
                "this form did not come from this league's page (or the page is out of date); reload it and send it again",
            ),
            "/",
        );
    };
    // Every session of the league (its organiser's and a player's alike), or of every league.
    let league = signed.who.campaign_id;
    let ending: Vec<String> = match f.all.as_str() {
        "every" => keyring::ids(&headers),
        _ => ring
            .keys
            .iter()
            .filter(|k| k.who.campaign_id == league)
            .filter_map(|k| k.session.clone())
            .collect(),
    };
    let ended = ending.clone();
    if let Err(f) = server
        .with_store(move |_, store| ops::session::sign_out(store, &ended))
        .await
    {
        return refused(f, "/");
    }
    with_cookie(
        Redirect::to("/").into_response(),
        &ring_cookie(&headers, None, &ending),
    )
}

fn with_cookie(mut response: Response, cookie: &str) -> Response {
    if let Ok(v) = HeaderValue::from_str(cookie) {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
    response
}

/// Drops from the keyring cookie the sessions that are no longer live (ended, revoked, or
/// from a ptg before sessions, whose cookie held the invite's token itself), so a browser does
/// not keep them; and tells the page shell whose rights the live ones carry.
pub(in crate::server) async fn clear_stale_session(
    State(server): State<Shared>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let ids = match auth::bearer(req.headers()) {
        Some(_) => Vec::new(),
        None => keyring::ids(req.headers()),
    };
    let had_cookie = auth::cookie(req.headers(), COOKIE).is_some() && auth::bearer(req.headers()).is_none();
    let found = match ids.is_empty() {
        true => Ok(Vec::new()),
        false => {
            let lookup = ids.clone();
            server
                .with_reader(move |_, store| ops::session::principals(store, &lookup))
                .await
        }
    };
    let live: Vec<String> = match &found {
        Ok(live) => live.iter().map(|(id, _)| id.clone()).collect(),
        Err(_) => ids.clone(),
    };
    // A cookie with sessions that ended, or with nothing well-formed in it.
    let stale = had_cookie && (live.len() != ids.len() || ids.is_empty());
    // Who is signed in, for the bar on top of every page (`shell`).
    let who = found
        .map(|live| live.into_iter().map(|(_, who)| who).collect())
        .unwrap_or_default();
    let headers = req.headers().clone();
    let mut response = crate::server::kit::shell::SIGNED_IN
        .scope(who, next.run(req))
        .await;
    let sets_one = response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .any(|v| v.as_bytes().starts_with(format!("{COOKIE}=").as_bytes()));
    if stale && !sets_one {
        let kept = cookie_of(&headers, &live);
        if let Ok(v) = HeaderValue::from_str(&kept) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    response
}

/// The sign-out button of a page of a league the browser is signed in to (`signed`: its
/// sign-in there), with its session's key.
pub(in crate::server) fn sign_out_form(signed: Option<&Key>) -> Markup {
    let Some((key, who)) = signed.and_then(|k| Some((k.form_key()?, k.who))) else {
        return html! {};
    };
    crate::server::kit::form::Form::new(
        format!("signout-{}", who.campaign_id),
        "/signout",
        "Sign out of this league on this browser",
    )
    .key(&key)
    .class("signout")
    .render()
}

/// The button that signs this browser out of every league (a club's shared laptop), with the
/// key of one of its sign-ins.
pub(in crate::server) fn sign_out_everywhere_form(key: &str) -> Markup {
    crate::server::kit::form::Form::new(
        "signout-every",
        "/signout",
        "Sign out of every league on this browser",
    )
    .key(key)
    .class("signout")
    .hidden("all", "every")
    .render()
}

pub(in crate::server) use links::own_link_form;
