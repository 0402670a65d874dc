//! Actions offered twice, as a page's form and as an API call, written once: each is a plain
//! function (`RosterWork`, `CampaignWork`) over the request's body, and these wrappers turn it
//! into the form's route (session cookie, the form's key, back to the page or the refusal as a
//! page) and the API's (a token, JSON in and out). Who may send it is checked here, against
//! the roster or campaign in the path, never against what the body says.

use super::forms::{check_key, refused, session};
use super::rights::auth::{changing_by, organiser};
use crate::error::Result;
use crate::ops::invite::Principal;
use crate::ops::roster::Located;
use crate::server::kit::extract::Path;
use crate::server::kit::extract::{Form, Json};
use crate::server::{Failure, Server, Shared, not_found_if_unknown};
use crate::store::Store;
use axum::extract::State;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Redirect};
use axum::routing::{MethodFilter, MethodRouter, on, post};
use serde::de::DeserializeOwned;
use serde_json::Value;

/// A form's body: its fields and the key that shows it came from this league's page.
pub(in crate::server) trait Keyed {
    fn key(&self) -> &str;

    /// Told who sent it, once their rights are checked, for a body whose work depends on it
    /// (a player's undo takes back less than the organiser's).
    fn sent_by(&mut self, _who: &Principal) {}
}

/// `impl Keyed` for bodies with a `key: String` field.
macro_rules! keyed {
    ($($body:ty),* $(,)?) => {
        $(impl crate::server::kit::actions::Keyed for $body {
            fn key(&self) -> &str {
                &self.key
            }
        })*
    };
}
pub(in crate::server) use keyed;

/// A new name (`roster rename`, `campaign rename`).
#[derive(Debug, Default, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub(in crate::server) struct Rename {
    #[serde(default)]
    pub key: String,
    pub name: String,
}

keyed!(Rename);

/// A yes or no in a body: the API's `true`/`false`, or a form's word (a ticked box sends its
/// value, "on" or "yes"; an unticked one sends nothing, which is no). Only real yes/no words
/// are read (true/false, on/off, yes/no, 1/0, and an empty field for no); any other is refused,
/// so `"reinforced": "maybe"` is a 422 naming the field, never a silent no.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::server) struct Flag(pub bool);

impl Flag {
    /// The yes or no `word` says, if it is one.
    pub(in crate::server) fn parse(word: &str) -> Option<bool> {
        let word = word.trim().to_ascii_lowercase();
        match word.as_str() {
            "true" | "on" | "yes" | "1" => Some(true),
            "false" | "off" | "no" | "0" | "" => Some(false),
            _ => None,
        }
    }
}

impl<'de> serde::Deserialize<'de> for Flag {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Flag, D::Error> {
        struct Visit;
        impl serde::de::Visitor<'_> for Visit {
            type Value = Flag;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("yes or no (true/false, on/off, yes/no, 1/0)")
            }

            fn visit_bool<E: serde::de::Error>(self, v: bool) -> std::result::Result<Flag, E> {
                Ok(Flag(v))
            }

            fn visit_u64<E: serde::de::Error>(self, v: u64) -> std::result::Result<Flag, E> {
                match v {
                    0 | 1 => Ok(Flag(v == 1)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Unsigned(v), &self)),
                }
            }

            fn visit_i64<E: serde::de::Error>(self, v: i64) -> std::result::Result<Flag, E> {
                match v {
                    0 | 1 => Ok(Flag(v == 1)),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Signed(v), &self)),
                }
            }

            fn visit_str<E: serde::de::Error>(self, v: &str) -> std::result::Result<Flag, E> {
                Flag::parse(v)
                    .map(Flag)
                    .ok_or_else(|| E::invalid_value(serde::de::Unexpected::Str(v), &self))
            }
        }
        d.deserialize_any(Visit)
    }
}

/// Whether `flag` says yes; left out, no.
pub(in crate::server) fn yes(flag: &Option<Flag>) -> bool {
    flag.is_some_and(|f| f.0)
}

/// Who may act on a roster.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::server) enum May {
    /// Its player, or the campaign's organiser.
    Player,
    /// The campaign's organiser only.
    Organiser,
}

/// Where a roster's form goes back to once done.
#[derive(Debug, Clone, Copy)]
pub(in crate::server) enum Back {
    /// The roster's page.
    Roster,
    /// The organiser's page of its campaign.
    Organise,
}

/// An action on roster `at`, with the request's body; its answer is the API's JSON.
pub(in crate::server) type RosterWork<B> = fn(&Server, &mut Store, &Located, B) -> Result<Value>;

/// A campaign the organiser acts on: its name, and the organiser's invite.
pub(in crate::server) struct CampaignAt {
    pub id: crate::ids::CampaignId,
    /// Its name, for the confirmations that ask for it typed out.
    pub name: String,
    pub who: crate::ops::invite::Principal,
}

/// An action on campaign `at` (the organiser's), with the request's body.
pub(in crate::server) type CampaignWork<B> = fn(&Server, &mut Store, &CampaignAt, B) -> Result<Value>;

/// The request's body; without one, the default (a `DELETE` with nothing to say).
fn body_of<B: Default>(method: &Method, body: Option<Json<B>>) -> Result<B, Failure> {
    match body {
        Some(Json(b)) => Ok(b),
        None if method == Method::DELETE => Ok(B::default()),
        None => Err(Failure::new(
            StatusCode::BAD_REQUEST,
            "send the request's fields as a JSON body (Content-Type: application/json)",
        )),
    }
}

/// The API route of a roster action: the token must reach roster `{id}` as `may` says.
pub(in crate::server) fn roster_api<B>(
    method: MethodFilter,
    may: May,
    work: RosterWork<B>,
) -> MethodRouter<Shared>
where
    B: DeserializeOwned + Default + Keyed + Send + 'static,
{
    on(
        method,
        move |State(server): State<Shared>,
              headers: HeaderMap,
              verb: Method,
              Path(id): Path<i64>,
              body: Option<Json<B>>| async move {
            let mut body = body_of(&verb, body)?;
            let at = match may {
                May::Player => {
                    let (at, who) = changing_by(&server, &headers, id).await?;
                    body.sent_by(&who);
                    at
                }
                May::Organiser => {
                    let at = server
                        .with_reader(move |s, store| s.locate(store, id))
                        .await
                        .map_err(not_found_if_unknown)?;
                    body.sent_by(&organiser(&server, &headers, at.campaign_id).await?);
                    at
                }
            };
            let done = server
                .with_store(move |s, store| work(s, store, &at, body))
                .await?;
            Ok::<_, Failure>(Json(done))
        },
    )
}

/// Both routes of roster action `action`: its form at `/rosters/{id}/{action}` and its API
/// call at `POST /api/rosters/{id}/{action}`, one function behind both.
pub(in crate::server) fn roster_action<B>(
    router: axum::Router<Shared>,
    action: &str,
    may: May,
    back: Back,
    work: RosterWork<B>,
) -> axum::Router<Shared>
where
    B: DeserializeOwned + Default + Keyed + Send + 'static,
{
    router
        .route(&format!("/rosters/{{id}}/{action}"), roster_form(may, back, work))
        .route(
            &format!("/api/rosters/{{id}}/{action}"),
            roster_api(MethodFilter::POST, may, work),
        )
}

/// The form route of a roster action, checked as the API's but from the session cookie and
/// the form's key; then back to the page `back` names, or the refusal as a page.
pub(in crate::server) fn roster_form<B>(may: May, back: Back, work: RosterWork<B>) -> MethodRouter<Shared>
where
    B: DeserializeOwned + Keyed + Send + 'static,
{
    post(
        move |State(server): State<Shared>,
              headers: HeaderMap,
              Path(id): Path<i64>,
              Form(mut body): Form<B>| async move {
            let mut back_to = format!("/rosters/{id}");
            let done = async {
                let ring = session(&server, &headers).await?;
                check_key(&ring, body.key())?;
                let at = server
                    .with_reader(move |s, store| s.locate(store, id))
                    .await
                    .map_err(not_found_if_unknown)?;
                if let Back::Organise = back {
                    back_to = format!("/campaigns/{}/organise", at.campaign_id);
                }
                let allowed = match may {
                    May::Player => ring.changer_of(at.campaign_id, id),
                    May::Organiser => ring.organiser_of(at.campaign_id),
                };
                let Some(key) = allowed else {
                    return Err(Failure::new(StatusCode::FORBIDDEN, refusal_for(may)));
                };
                body.sent_by(&key.who);
                server.with_store(move |s, store| work(s, store, &at, body)).await
            };
            match done.await {
                // The work's `said` (what was done and the new figure) is the done note.
                Ok(v) => match v["said"].as_str() {
                    Some(note) => super::answers::done(&back_to, maud::html! { (note) }.into_string()),
                    None => Redirect::to(&back_to).into_response(),
                },
                Err(f) => refused(f, &back_to),
            }
        },
    )
}

fn refusal_for(may: May) -> &'static str {
    match may {
        May::Player => "your invite may not change that roster: a player changes their own roster only",
        May::Organiser => "only the campaign's organiser may do this",
    }
}

/// The campaign `{id}` if this server serves it, for its organiser.
pub(in crate::server) async fn organised(
    server: &Shared,
    headers: &HeaderMap,
    id: i64,
) -> Result<CampaignAt, Failure> {
    let who = organiser(server, headers, id).await?;
    let name = server
        .with_reader(move |s, store| super::scope::campaign_name(s, store, id))
        .await
        .map_err(not_found_if_unknown)?;
    Ok(CampaignAt {
        id: crate::ids::CampaignId(id),
        name,
        who,
    })
}

/// The API route of a campaign action (the organiser's).
pub(in crate::server) fn campaign_api<B>(method: MethodFilter, work: CampaignWork<B>) -> MethodRouter<Shared>
where
    B: DeserializeOwned + Default + Send + 'static,
{
    on(
        method,
        move |State(server): State<Shared>,
              headers: HeaderMap,
              verb: Method,
              Path(id): Path<i64>,
              body: Option<Json<B>>| async move {
            let body = body_of(&verb, body)?;
            let at = organised(&server, &headers, id).await?;
            let done = server
                .with_store(move |s, store| work(s, store, &at, body))
                .await?;
            Ok::<_, Failure>(Json(done))
        },
    )
}

/// Both routes of campaign action `action` (the organiser's): its form at
/// `/campaigns/{id}/{action}`, back to the organiser's page, and `POST
/// /api/campaigns/{id}/{action}`.
pub(in crate::server) fn campaign_action<B>(
    router: axum::Router<Shared>,
    action: &str,
    work: CampaignWork<B>,
) -> axum::Router<Shared>
where
    B: DeserializeOwned + Default + Keyed + Send + 'static,
{
    let organise = |id: i64| format!("/campaigns/{id}/organise");
    router
        .route(
            &format!("/campaigns/{{id}}/{action}"),
            campaign_form(organise, work),
        )
        .route(
            &format!("/api/campaigns/{{id}}/{action}"),
            campaign_api(MethodFilter::POST, work),
        )
}

/// The form route of a campaign action (the organiser's); back to `back`, given the
/// campaign's id.
pub(in crate::server) fn campaign_form<B>(
    back: fn(i64) -> String,
    work: CampaignWork<B>,
) -> MethodRouter<Shared>
where
    B: DeserializeOwned + Keyed + Send + 'static,
{
    post(
        move |State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>, Form(body): Form<B>| async move {
            let organise = format!("/campaigns/{id}/organise");
            let done = async {
                let ring = session(&server, &headers).await?;
                check_key(&ring, body.key())?;
                if ring.organiser_of(id).is_none() {
                    return Err(Failure::new(StatusCode::FORBIDDEN, refusal_for(May::Organiser)));
                }
                let at = organised(&server, &headers, id).await?;
                server.with_store(move |s, store| work(s, store, &at, body)).await
            };
            match done.await {
                // The work's `said`, if it has one, is the done note.
                Ok(v) => match v["said"].as_str() {
                    Some(note) => super::answers::done(&back(id), maud::html! { (note) }.into_string()),
                    None => Redirect::to(&back(id)).into_response(),
                },
                Err(f) => refused(f, &organise),
            }
        },
    )
}

/// What a write about one roster answers: its summary and the roster after it.
pub(in crate::server) fn with_roster(
    s: &crate::server::Server,
    store: &mut crate::store::Store,
    roster: crate::ids::RosterId,
    summary: &str,
) -> crate::error::Result<Value> {
    let view = crate::views::roster::view(&crate::ops::roster::show(&s.catalogue, store, roster)?)?;
    Ok(serde_json::json!({ "summary": summary, "roster": view }))
}

#[cfg(test)]
mod tests {
    use super::Flag;

    #[derive(Debug, serde::Deserialize)]
    struct Body {
        #[serde(default)]
        reinforced: Option<Flag>,
    }

    fn json(body: &str) -> Result<bool, String> {
        serde_json::from_str::<Body>(body)
            .map(|b| super::yes(&b.reinforced))
            .map_err(|e| e.to_string())
    }

    #[test]
    fn a_flag_reads_only_yes_or_no() {
        for (body, yes) in [
            (r#"{"reinforced": true}"#, true),
            (r#"{"reinforced": false}"#, false),
            (r#"{"reinforced": "on"}"#, true),
            (r#"{"reinforced": " Yes "}"#, true),
            (r#"{"reinforced": "off"}"#, false),
            (r#"{"reinforced": "0"}"#, false),
            (r#"{"reinforced": 1}"#, true),
            (r#"{"reinforced": null}"#, false),
            (r#"{}"#, false),
        ] {
            assert_eq!(json(body), Ok(yes), "{body}");
        }
        for body in [
            r#"{"reinforced": "maybe"}"#,
            r#"{"reinforced": 2}"#,
            r#"{"reinforced": -1}"#,
            r#"{"reinforced": 0.5}"#,
            r#"{"reinforced": []}"#,
        ] {
            let refused = json(body).unwrap_err();
            assert!(refused.contains("yes or no"), "{body}: {refused}");
        }
        let form: Result<Body, _> = serde_urlencoded_like("reinforced=maybe");
        assert!(form.is_err());
    }

    /// A form's body as axum's `Form` reads it (every value a string).
    fn serde_urlencoded_like(body: &str) -> Result<Body, serde_json::Error> {
        let fields: serde_json::Map<String, serde_json::Value> = body
            .split('&')
            .filter_map(|kv| kv.split_once('='))
            .map(|(k, v)| (k.to_string(), serde_json::Value::String(v.to_string())))
            .collect();
        serde_json::from_value(serde_json::Value::Object(fields))
    }
}
