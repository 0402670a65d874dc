//! The forms on the pages and what they share: a signed-in player runs their aftermath; the
//! organiser may do so for any roster of the campaign. The same operations as the CLI and the
//! API. A form is sent with the session cookie (HttpOnly,
//! SameSite=Lax) and carries a key derived from the session (`ops::invite::form_key`), so a
//! form forged on another site is refused; which roster it changes is checked against the invite
//! whatever the form's fields say.

use super::{Failure, Server, Shared};
use crate::error::Result;
use crate::ids::RosterId;
use crate::ops;
use crate::ops::invite::{Principal, form_key};
use crate::rules::aftermath::Choices;
use crate::rules::dice::{Dice, SeededDice, TypedDice};
use crate::store::Store;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use axum::{Form, Router};
use maud::{Markup, html};
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new().route("/battles/{id}/aftermath", post(aftermath))
}

/// The browser session's rights and id, from its cookie (forms come from a browser).
pub(super) async fn session(server: &Shared, headers: &HeaderMap) -> Result<(Principal, String), Failure> {
    let Some(id) = super::auth::session_id(headers) else {
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

/// A refused form as a page: what was wrong, in the CLI's words, and the way back.
pub(super) fn refused(f: Failure, back: &str) -> Response {
    let status = f.status;
    let body = super::pages::page(
        "Not done",
        html! { p { (f.message) } p { a href=(back) { "Back" } } },
    );
    (status, body).into_response()
}

/// A form about roster `roster_id`: once the session, its key and its rights over the roster
/// are checked, `work` runs with the roster's `CAMPAIGN/ROSTER` name; then back to `back`, or
/// the refusal as a page.
pub(super) async fn submit(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    roster_id: i64,
    back: String,
    work: impl FnOnce(&Server, &mut Store, RosterId) -> Result<()> + Send + 'static,
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
        Ok(()) => Redirect::to(&back).into_response(),
        Err(f) => refused(f, &back),
    }
}

/// A form only the organiser of campaign `campaign_id` may send; as [`submit`].
pub(super) async fn submit_as_organiser(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    campaign_id: i64,
    back: String,
    work: impl FnOnce(&Server, &mut Store) -> Result<()> + Send + 'static,
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
        Ok(()) => Redirect::to(&back).into_response(),
        Err(f) => refused(f, &back),
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

/// A side's aftermath: favoured warriors, a unit to add, one to reinforce, a `retire` field
/// per unit ticked, the quest, the dice.
async fn aftermath(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(battle): Path<i64>,
    Form(f): Form<Fields>,
) -> Response {
    let back = format!("/battles/{battle}");
    let Some((key, roster_id)) = key_and_roster(&f) else {
        return refused(no_roster(), &back);
    };
    submit(
        &server,
        &headers,
        &key,
        roster_id,
        back,
        move |s, store, roster| {
            let text = |name: &str| field(&f, name).unwrap_or_default();
            let quest = match some(text("quest")) {
                Some(q) => q.parse().map_err(crate::error::Error::refused)?,
                None => Default::default(),
            };
            let choices = Choices {
                favoured: some(text("favoured")),
                add_units: list(text("add_unit")),
                add_name: None,
                ally: None,
                reinforce: list(text("reinforce")),
                retire: all(&f, "retire").iter().flat_map(|r| list(r)).collect(),
                warlord: some(text("warlord")),
                quest,
            };
            let mut dice = dice_of(text("dice"))?;
            ops::aftermath::run(&s.catalogue, store, battle, roster, &choices, dice.as_mut(), None)
                .map(|_| ())
        },
    )
    .await
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

/// The add-a-unit form of a roster in set-up.
pub fn add_unit_form(roster_id: i64, key: &str) -> Markup {
    html! {
        form method="post" action={ "/rosters/" (roster_id) "/units" } {
            input type="hidden" name="key" value=(key);
            label { "Warscroll " input name="warscroll" required; }
            " "
            label { input type="checkbox" name="reinforced" value="yes"; " reinforced" }
            " "
            button { "Add to the Order of Battle" }
        }
    }
}

/// The aftermath form of one side: favoured warriors among its units, then what to buy with
/// the glory it will hold (`offers`, as `roster afford` lists them; the glory this battle earns
/// is added first, so dearer units are listed too and the aftermath refuses what it cannot pay).
pub fn aftermath_form(
    battle_id: i64,
    roster_id: i64,
    key: &str,
    units: &[Value],
    offers: &crate::rules::afford::Affordable,
) -> Markup {
    html! {
        form method="post" action={ "/battles/" (battle_id) "/aftermath" } {
            input type="hidden" name="key" value=(key);
            input type="hidden" name="roster_id" value=(roster_id);
            p.note { "Glory held now: " (offers.glory) "; the glory this battle earns is added before anything is bought." }
            p { label { "Favoured warriors "
                select name="favoured" {
                    option value="" { "-" }
                    @for u in units {
                        option value=(u["id"].to_string()) {
                            (u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?"))
                        }
                    }
                }
            } }
            p { label { "Add a unit "
                select name="add_unit" {
                    option value="" { "-" }
                    @for o in &offers.add {
                        option value=(o.warscroll) { (o.warscroll) " (" (o.cost) " glory)" }
                    }
                }
            } }
            p { label { "Reinforce "
                select name="reinforce" {
                    option value="" { "-" }
                    @for o in &offers.reinforce {
                        option value=(o.unit) { (o.name) " (" (o.cost) " glory)" }
                    }
                    option value="new" { "the unit added" }
                }
            } }
            p { "Retire: "
                @for u in units.iter().filter(|u| u["retired"] != true) {
                    label { input type="checkbox" name="retire" value=(u["id"].to_string()); " "
                        (u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?")) } " "
                }
            }
            @let heroes: Vec<&Value> = units
                .iter()
                .filter(|u| u["retired"] != true && u["warlord"] != true)
                .filter(|u| u["keywords"].as_array().is_some_and(|k| k.iter().any(|k| k == "HERO")))
                .collect();
            @if !heroes.is_empty() {
                p { label { "Who leads the roster if the warlord retires (club option retire-warlord) "
                    select name="warlord" {
                        option value="" { "-" }
                        @for u in &heroes {
                            option value=(u["id"].to_string()) {
                                (u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?"))
                            }
                        }
                    }
                } }
            }
            p { label { "Quest "
                select name="quest" {
                    option value="auto" { "complete it if it can be, else record progress" }
                    option value="keep" { "record progress only" }
                    option value="complete" { "complete it" }
                    option value="abandon" { "give it up" }
                }
            } }
            p { label { "Dice rolled at the table (empty: the server rolls) " input name="dice" inputmode="numeric"; } }
            button { "Run the aftermath" }
        }
    }
}
