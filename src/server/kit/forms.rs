//! What the pages' forms share: the session behind a form, its key, its fields, and the
//! answer (back to the page, or the refusal). A form is sent with the session cookie (HttpOnly,
//! SameSite=Lax) and carries a key derived from one of the browser's sessions
//! (`ops::invite::form_key`, `kit::rights::keyring`), so a form forged on another site is refused; which roster it changes is checked against the invite
//! whatever the form's fields say.

use super::rights::keyring::{Key, Keyring};
use crate::error::Result;
use crate::ids::RosterId;
use crate::ops;
use crate::ops::invite::Principal;
use crate::rules::dice::{Dice, SeededDice, TypedDice};
use crate::rules::realms::RealmChoice;
use crate::server::{Failure, Server, Shared};
use crate::store::Store;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use maud::html;

/// The browser's live sessions, from its keyring cookie (forms come from a browser); 401
/// without one.
pub(in crate::server) async fn session(server: &Shared, headers: &HeaderMap) -> Result<Keyring, Failure> {
    let ids = super::rights::keyring::ids(headers);
    if ids.is_empty() {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "open your invite link first: changing a roster needs it",
        ));
    }
    let live = server
        .with_reader(move |_, store| ops::session::principals(store, &ids))
        .await?;
    if live.is_empty() {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this browser's session has ended (or its invite was revoked); open your invite link again",
        ));
    }
    Ok(Keyring {
        keys: live
            .into_iter()
            .map(|(id, who)| Key {
                who,
                session: Some(id),
            })
            .collect(),
    })
}

/// Refuses a form without the key of one of the browser's sessions: one sent from another
/// site, or a stale page. The sign-in whose key it carries.
pub(in crate::server) fn check_key<'a>(ring: &'a Keyring, key: &str) -> Result<&'a Key, Failure> {
    ring.by_form_key(key).ok_or_else(|| {
        Failure::new(
            StatusCode::FORBIDDEN,
            "this form did not come from this league's page (or the page is out of date); reload it and send it again",
        )
    })
}

/// Refuses a form without one of the browser's keys, or for a roster none of its sign-ins
/// reaches; the sign-in that reaches it.
fn check(ring: &Keyring, key: &str, campaign_id: i64, roster_id: i64) -> Result<Principal, Failure> {
    check_key(ring, key)?;
    match ring.changer_of(campaign_id, roster_id) {
        Some(k) => Ok(k.who),
        None => Err(Failure::new(
            StatusCode::FORBIDDEN,
            "your invite may not change that roster: a player changes their own roster only",
        )),
    }
}

/// The organiser's sign-in of campaign `campaign_id` among the browser's, or 403.
pub(in crate::server) fn organiser_in(ring: &Keyring, campaign_id: i64) -> Result<Principal, Failure> {
    ring.organiser_of(campaign_id)
        .map(|k| k.who)
        .ok_or_else(|| Failure::new(StatusCode::FORBIDDEN, "only the campaign's organiser may do this"))
}

/// A refused form: what was wrong, in the pages' words, as a page with the way back; the
/// answer layer (`answers.rs`) sends the browser back to `back` instead, where the form is
/// drawn again with what was sent and the fields the refusal is about marked.
pub(in crate::server) fn refused(f: Failure, back: &str) -> Response {
    let message = f.for_pages();
    let fields = fields_of(&f);
    let mut response = shown_again(f.status, message, None, back);
    if let Some(r) = response.extensions_mut().get_mut::<super::answers::Refused>() {
        r.fields = fields;
    }
    response
}

/// The form fields a refusal is about (as the CLI's flags name them: a form's field has the
/// flag's name), each with what its fix says.
fn fields_of(f: &Failure) -> Vec<(String, String)> {
    use crate::fix::Fix;
    f.fixes
        .iter()
        .filter_map(|fix| match fix {
            Fix::Give { input } | Fix::Set { input, .. } | Fix::LeaveOut { input } => {
                Some((input.flag().trim_start_matches("--").to_string(), fix.for_pages()))
            }
            _ => None,
        })
        .collect()
}

/// The page `back` again, with `message` and `detail` (HTML) beside the form sent, with
/// `status` (a refusal's, or 200 for a form that only checks).
pub(in crate::server) fn shown_again(
    status: StatusCode,
    message: String,
    detail: Option<String>,
    back: &str,
) -> Response {
    let body = super::page::page(
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
        fields: Vec::new(),
        is_error: !status.is_success(),
    });
    response
}

/// A form about roster `roster_id`: once the session, its key and its rights over the roster
/// are checked, `work` runs with the roster's `CAMPAIGN/ROSTER` name; then back to `back`, or
/// the refusal as a page.
pub(in crate::server) async fn submit<R: Said + Send + 'static>(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    roster_id: i64,
    back: String,
    work: impl FnOnce(&Server, &mut Store, RosterId) -> Result<R> + Send + 'static,
) -> Response {
    let done = async {
        let ring = session(server, headers).await?;
        let at = server
            .with_reader(move |s, store| s.locate(store, roster_id))
            .await?;
        check(&ring, key, at.campaign_id, roster_id)?;
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
pub(in crate::server) async fn submit_as_organiser<R: Said + Send + 'static>(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    campaign_id: i64,
    back: String,
    work: impl FnOnce(&Server, &mut Store) -> Result<R> + Send + 'static,
) -> Response {
    let done = async {
        let ring = session(server, headers).await?;
        check_key(&ring, key)?;
        organiser_in(&ring, campaign_id)?;
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
pub(in crate::server) trait Said {
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
pub(in crate::server) type Fields = Vec<(String, String)>;

/// The first value of field `name` that is not empty.
pub(in crate::server) fn field<'a>(f: &'a Fields, name: &str) -> Option<&'a str> {
    f.iter()
        .filter(|(k, _)| k == name)
        .map(|(_, v)| v.trim())
        .find(|v| !v.is_empty())
}

/// Every value of field `name` that is not empty.
pub(in crate::server) fn all(f: &Fields, name: &str) -> Vec<String> {
    f.iter()
        .filter(|(k, _)| k == name)
        .filter_map(|(_, v)| some(v))
        .collect()
}

pub(in crate::server) fn some(s: &str) -> Option<String> {
    Some(s.trim().to_string()).filter(|s| !s.is_empty())
}

pub(in crate::server) fn list(s: &str) -> Vec<String> {
    s.split(',').filter_map(some).collect()
}

/// A side's form's key and roster id.
pub(in crate::server) fn key_and_roster(f: &Fields) -> Option<(String, i64)> {
    let roster_id = field(f, "roster_id")?.parse().ok()?;
    Some((field(f, "key").unwrap_or_default().to_string(), roster_id))
}

/// A side's form that names no roster.
pub(in crate::server) fn no_roster() -> Failure {
    Failure::new(StatusCode::UNPROCESSABLE_ENTITY, "the form names no roster")
}

/// The dice typed in a form ("2, 3, 6"), or the server's when it was left empty.
pub(in crate::server) fn dice_of(typed: &str) -> Result<Box<dyn Dice + Send>> {
    Ok(match some(typed) {
        Some(values) => Box::new(TypedDice::parse(&values)?),
        None => Box::new(SeededDice::new(SeededDice::random_seed())),
    })
}

/// What the plan form's realm field says: none, a roll-off, or a realm agreed.
pub(in crate::server) fn realm_choice(field: &str) -> RealmChoice {
    match some(field) {
        None => RealmChoice::None,
        Some(r) if r == ROLL_OFF => RealmChoice::RollOff,
        Some(r) => RealmChoice::Named(r),
    }
}

/// The realm field's value for "the players roll off, the winner names it".
pub(in crate::server) const ROLL_OFF: &str = "roll-off";
