//! What the pages' forms share: the session behind a form, its key, its fields, and the
//! answer (back to the page, or the refusal). A form is sent with the session cookie (HttpOnly,
//! SameSite=Lax) and carries a key derived from the session (`ops::invite::form_key`), so a
//! form forged on another site is refused; which roster it changes is checked against the invite
//! whatever the form's fields say.

use super::{Failure, Server, Shared};
use crate::error::Result;
use crate::ids::RosterId;
use crate::ops;
use crate::ops::invite::{Principal, form_key};
use crate::rules::dice::{Dice, SeededDice, TypedDice};
use crate::store::Store;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use maud::html;

/// The browser session's rights and id, from its cookie (forms come from a browser).
pub(super) async fn session(server: &Shared, headers: &HeaderMap) -> Result<(Principal, String), Failure> {
    let Some(id) = super::session::auth::session_id(headers) else {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "open your invite link first: changing a roster needs it",
        ));
    };
    let lookup = id.clone();
    let who = server
        .with_reader(move |_, store| ops::session::principal(store, &lookup))
        .await?;
    match who {
        Some(who) => Ok((who, id)),
        None => Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this browser's session has ended (or its invite was revoked); open your invite link again",
        )),
    }
}

/// Refuses a form without the key of session `session`: one sent from another site, or a
/// stale page.
pub(super) fn check_key(session: &str, key: &str) -> Result<(), Failure> {
    if key != form_key(session) {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "this form did not come from this league's page (or the page is out of date); reload it and send it again",
        ));
    }
    Ok(())
}

/// Refuses a form without this session's key, or for a roster the invite does not reach.
fn check(who: &Principal, token: &str, key: &str, campaign_id: i64, roster_id: i64) -> Result<(), Failure> {
    check_key(token, key)?;
    if !who.may_change(campaign_id, roster_id) {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "your invite may not change that roster: a player changes their own roster only",
        ));
    }
    Ok(())
}

/// A refused form: what was wrong, in the CLI's words, as a page with the way back; the
/// answer layer (`answers.rs`) shows the page `back` again instead, the form refilled.
pub(super) fn refused(f: Failure, back: &str) -> Response {
    let message = f.for_pages();
    shown_again(f.status, message, None, back)
}

/// The page `back` again, with `message` and `detail` (HTML) beside the form sent, with
/// `status` (a refusal's, or 200 for a form that only checks).
pub(super) fn shown_again(
    status: StatusCode,
    message: String,
    detail: Option<String>,
    back: &str,
) -> Response {
    let body = super::pages::page(
        "Not done",
        html! {
            p { (message) }
            @if let Some(d) = &detail { (maud::PreEscaped(d)) }
            p { a href=(back) { "Back" } }
        },
    );
    let mut response = (status, body).into_response();
    response.extensions_mut().insert(super::answers::Refused {
        message,
        detail,
        back: back.to_string(),
    });
    response
}

/// A form about roster `roster_id`: once the session, its key and its rights over the roster
/// are checked, `work` runs with the roster's `CAMPAIGN/ROSTER` name; then back to `back`, or
/// the refusal as a page.
pub(super) async fn submit<R: Said + Send + 'static>(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    roster_id: i64,
    back: String,
    work: impl FnOnce(&Server, &mut Store, RosterId) -> Result<R> + Send + 'static,
) -> Response {
    let done = async {
        let (who, token) = session(server, headers).await?;
        let at = server
            .with_reader(move |s, store| s.locate(store, roster_id))
            .await?;
        check(&who, &token, key, at.campaign_id, roster_id)?;
        server.with_store(move |s, store| work(s, store, at.id)).await
    };
    match done.await {
        Ok(said) => match said.said() {
            Some(html) => super::answers::done(&back, html),
            None => Redirect::to(&back).into_response(),
        },
        Err(f) => refused(f, &back),
    }
}

/// A form only the organiser of campaign `campaign_id` may send; as [`submit`].
pub(super) async fn submit_as_organiser<R: Said + Send + 'static>(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    campaign_id: i64,
    back: String,
    work: impl FnOnce(&Server, &mut Store) -> Result<R> + Send + 'static,
) -> Response {
    let done = async {
        let (who, token) = session(server, headers).await?;
        check_key(&token, key)?;
        if !(who.is_organiser() && who.campaign_id == campaign_id) {
            return Err(Failure::new(
                StatusCode::FORBIDDEN,
                "only the campaign's organiser may do this",
            ));
        }
        server.with_store(work).await
    };
    match done.await {
        Ok(said) => match said.said() {
            Some(html) => super::answers::done(&back, html),
            None => Redirect::to(&back).into_response(),
        },
        Err(f) => refused(f, &back),
    }
}

/// What a form's work says it did, as HTML for the page the browser is sent back to; `()`
/// says nothing more than the answer layer's word for the form.
pub(super) trait Said {
    fn said(self) -> Option<String>;
}

impl Said for () {
    fn said(self) -> Option<String> {
        None
    }
}

impl Said for String {
    fn said(self) -> Option<String> {
        Some(self)
    }
}

/// A form's fields in the order sent, for forms where a field comes once per box ticked.
pub(super) type Fields = Vec<(String, String)>;

/// The first value of field `name` that is not empty.
pub(super) fn field<'a>(f: &'a Fields, name: &str) -> Option<&'a str> {
    f.iter()
        .filter(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
        .find(|v| !v.is_empty())
}

/// Every value of field `name` that is not empty.
pub(super) fn all(f: &Fields, name: &str) -> Vec<String> {
    f.iter()
        .filter(|(k, _)| k == name)
        .filter_map(|(_, v)| some(v))
        .collect()
}

pub(super) fn some(s: &str) -> Option<String> {
    Some(s.trim().to_string()).filter(|s| !s.is_empty())
}

pub(super) fn list(s: &str) -> Vec<String> {
    s.split(',').filter_map(some).collect()
}

/// A side's form's key and roster id.
pub(super) fn key_and_roster(f: &Fields) -> Option<(String, i64)> {
    let roster_id = field(f, "roster_id")?.parse().ok()?;
    Some((field(f, "key").unwrap_or_default().to_string(), roster_id))
}

/// A side's form that names no roster.
pub(super) fn no_roster() -> Failure {
    Failure::new(StatusCode::UNPROCESSABLE_ENTITY, "the form names no roster")
}

/// The dice typed in a form ("2, 3, 6"), or the server's when it was left empty.
pub(super) fn dice_of(typed: &str) -> Result<Box<dyn Dice + Send>> {
    Ok(match some(typed) {
        Some(values) => Box::new(TypedDice::parse(&values)?),
        None => Box::new(SeededDice::new(SeededDice::random_seed())),
    })
}
