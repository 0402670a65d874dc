//! Signing a browser in and out. An invite link (`GET /invite/{token}`) shows whose invite it
//! is and a "Sign in" button; only that button's POST, sent from this very page, makes a
//! session (`ops::session`: an id of its own, 256 random bits, kept hashed, ending after 30
//! days or when the invite is revoked) and sets its cookie. So another site cannot sign a
//! browser in as someone else (login CSRF: its forged POST lacks the page's key, which rides on
//! a SameSite=Lax cookie set by the page), and a link tapped in webmail still lands signed
//! in: the POST and the redirect after it are same-site. The session cookie is SameSite=Lax, so
//! following a link to the league from elsewhere shows the pages signed in; every write still
//! needs a form's key or a Bearer token. Signing out is a form with its key too.

pub(super) mod auth;
pub(super) mod invites;
pub(super) mod join;
pub(super) mod setup;

use crate::ops;
use crate::server::forms::{check_key, refused};
use crate::server::pages::league_page;
use crate::server::shell::League;
use crate::server::{Failure, Shared};
use auth::COOKIE;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use axum::{Form, Router};
use maud::{Markup, html};
use serde::Deserialize;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/invite/{token}", get(confirm).post(sign_in))
        .route("/signout", post(sign_out))
        .merge(invites::routes())
        .merge(join::routes())
        .merge(setup::routes())
}

/// The cookie that ties the sign-in button's POST to the page that showed it.
const SIGN_IN_COOKIE: &str = "ptg_sign_in";

/// The key the sign-in page's form carries for sign-in nonce `nonce` (its cookie's value).
fn sign_in_key(nonce: &str) -> String {
    ops::invite::token_hash(&format!("sign-in:{nonce}"))
}

/// `; Secure` when the request came over HTTPS through a proxy that says so.
fn secure(headers: &HeaderMap) -> &'static str {
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
fn guarded(mut response: Response) -> Response {
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
    let found = server
        .with_reader(move |_, store| ops::invite::find(store, &lookup))
        .await;
    let invite = match found {
        Ok(Some(invite)) => invite,
        Ok(None) => return unknown_invite(),
        Err(f) => return guarded(refused(f, "/")),
    };
    let nonce = match ops::invite::new_token() {
        Ok(n) => n,
        Err(e) => return guarded(refused(Failure::from(e), "/")),
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
                strong { (invite.campaign) } ", for " (ops::session::LIFETIME_DAYS) " days or until you sign out." }
            form method="post" action={ "/invite/" (token) } {
                input type="hidden" name="key" value=(sign_in_key(&nonce));
                button { "Sign in as " (whom) }
            }
            p.note { "Anyone with this link may sign in with it: keep it to yourself." }
        },
    );
    let cookie = format!(
        "{SIGN_IN_COOKIE}={nonce}; Path=/invite; HttpOnly; SameSite=Lax; Max-Age=900{}",
        secure(&headers)
    );
    let mut response = body.into_response();
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        response.headers_mut().insert(header::SET_COOKIE, v);
    }
    guarded(response)
}

#[derive(Debug, Deserialize)]
struct Confirmed {
    #[serde(default)]
    key: String,
}

/// `POST /invite/{token}`: the sign-in page's button. A session for the invite, its cookie,
/// then the roster's page (a player's) or the campaign's (the organiser's).
async fn sign_in(
    State(server): State<Shared>,
    Path(token): Path<String>,
    headers: HeaderMap,
    Form(f): Form<Confirmed>,
) -> Response {
    let from_the_page =
        auth::cookie(&headers, SIGN_IN_COOKIE).is_some_and(|nonce| sign_in_key(&nonce) == f.key);
    if !from_the_page {
        return guarded(refused(
            Failure::new(
                StatusCode::FORBIDDEN,
                "signing in must be confirmed on this league's own page: open the invite link \
                 again and press its button",
            ),
            "/",
        ));
    }
    // A session this browser held before (another invite's) ends: one browser, one session.
    let before = auth::session_id(&headers);
    let made = server
        .with_store(move |_, store| {
            let made = ops::session::sign_in(store, &token)?;
            if let (Some(_), Some(old)) = (&made, before) {
                ops::session::sign_out(store, &old)?;
            }
            Ok(made)
        })
        .await;
    let session = match made {
        Ok(Some(session)) => session,
        Ok(None) => return unknown_invite(),
        Err(f) => return guarded(refused(f, "/")),
    };
    let who = session.principal;
    let to = match who.roster_id {
        Some(r) => format!("/rosters/{r}"),
        None => format!("/campaigns/{}", who.campaign_id),
    };
    let cookies = [
        session_cookie(&headers, &session.id),
        format!("{SIGN_IN_COOKIE}=; Path=/invite; HttpOnly; SameSite=Lax; Max-Age=0"),
    ];
    let mut response = Redirect::to(&to).into_response();
    for cookie in cookies {
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    guarded(response)
}

/// The cookie that carries session `id` for its lifetime.
pub(in crate::server) fn session_cookie(headers: &HeaderMap, id: &str) -> String {
    let max_age = ops::session::LIFETIME_DAYS * 24 * 60 * 60;
    format!(
        "{COOKIE}={id}; Path=/; HttpOnly; SameSite=Lax; Max-Age={max_age}{}",
        secure(headers)
    )
}

#[derive(Debug, Deserialize)]
struct SignOut {
    #[serde(default)]
    key: String,
}

/// Signs this browser out (a club's shared laptop): its session ends and the cookie is
/// dropped; the invite link still works, on this browser or another, until the organiser
/// revokes it. The form's key is needed, so another site cannot sign a browser out.
async fn sign_out(headers: HeaderMap, State(server): State<Shared>, Form(f): Form<SignOut>) -> Response {
    let Some(session) = auth::session_id(&headers) else {
        return Redirect::to("/").into_response();
    };
    if let Err(refusal) = check_key(&session, &f.key) {
        return refused(refusal, "/");
    }
    if let Err(f) = server
        .with_store(move |_, store| ops::session::sign_out(store, &session))
        .await
    {
        return refused(f, "/");
    }
    let mut response = Redirect::to("/").into_response();
    let gone = format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
    if let Ok(v) = HeaderValue::from_str(&gone) {
        response.headers_mut().insert(header::SET_COOKIE, v);
    }
    response
}

/// Drops a session cookie that names no live session (ended, revoked, or from a ptg before
/// sessions, whose cookie held the invite's token itself), so a browser does not keep it; and
/// tells the page shell who a live one is.
pub(in crate::server) async fn clear_stale_session(
    State(server): State<Shared>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let session = auth::session_id(req.headers()).filter(|_| auth::bearer(req.headers()).is_none());
    let found = match session {
        Some(id) => Some(
            server
                .with_reader(move |_, store| ops::session::principal(store, &id))
                .await,
        ),
        None => None,
    };
    let stale = matches!(found, Some(Ok(None)));
    // Who is signed in, for the bar on top of every page (`shell`).
    let who = match found {
        Some(Ok(who)) => who,
        _ => None,
    };
    let mut response = crate::server::shell::SIGNED_IN.scope(who, next.run(req)).await;
    let sets_one = response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .any(|v| v.as_bytes().starts_with(format!("{COOKIE}=").as_bytes()));
    if stale && !sets_one {
        let gone = format!("{COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
        if let Ok(v) = HeaderValue::from_str(&gone) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    response
}

/// The sign-out button, for pages seen signed in (with the session's key).
pub(in crate::server) fn sign_out_form(headers: &HeaderMap) -> Markup {
    let Some(session) = auth::session_id(headers) else {
        return html! {};
    };
    html! {
        form.signout method="post" action="/signout" {
            input type="hidden" name="key" value=(ops::invite::form_key(&session));
            button { "Sign out of this browser" }
        }
    }
}
