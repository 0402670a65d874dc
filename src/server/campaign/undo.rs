//! What else the organiser does from the pages and the API: undo the campaign's latest command
//! (as `ptg undo --campaign C`, the command named first so a change meanwhile is refused, not
//! undone).

use crate::error::Error;
use crate::ops;
use crate::server::extract::Path;
use crate::server::extract::{Form, Json};
use crate::server::forms::submit_as_organiser;
use crate::server::session::auth::organiser;
use crate::server::{Failure, Shared, not_found_if_unknown};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/api/campaigns/{id}/undo", post(undo_api))
        .route("/campaigns/{id}/undo", post(undo_form))
}

/// The campaign's name, if this server serves it: one look-up of that campaign, not the list
/// of every campaign with its counts (which every page of a campaign asks, issue #32).
pub(in crate::server) fn campaign_name(
    s: &crate::server::Server,
    store: &mut crate::store::Store,
    id: i64,
) -> crate::error::Result<String> {
    let unknown = || Error::refused(format!("there is no campaign with id {id}"));
    if !s.in_scope(id) {
        return Err(unknown());
    }
    match ops::campaign::get(store, crate::ids::CampaignId(id)) {
        Ok(campaign) => Ok(campaign.name),
        Err(Error::Refused { .. }) => Err(unknown()),
        Err(e) => Err(e),
    }
}

/// Undoes the campaign's latest command, if it is still change set `expected`.
fn undo(
    s: &crate::server::Server,
    store: &mut crate::store::Store,
    id: i64,
    expected: Option<i64>,
) -> crate::error::Result<Value> {
    campaign_name(s, store, id)?; // one of this server's campaigns
    let scope = ops::undo::Scope {
        roster: None,
        campaign: Some(crate::ids::CampaignId(id)),
        player_only: false,
    };
    let done = ops::undo::undo(&s.catalogue, store, scope, expected)?;
    Ok(json!({ "undone": done.undone, "undo_set": done.undo_set, "summary": done.summary }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    /// The change set the organiser means to undo (`history`); refused if another is latest.
    #[serde(default, deserialize_with = "crate::numbers::de::maybe")]
    expected: Option<i64>,
}

/// `POST /api/campaigns/{id}/undo`: `ptg undo --campaign C` (the organiser).
async fn undo_api(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    body: Option<Json<UndoBody>>,
) -> Result<Json<Value>, Failure> {
    organiser(&server, &headers, id).await?;
    let expected = body.and_then(|Json(b)| b.expected);
    let done = server
        .with_store(move |s, store| undo(s, store, id, expected))
        .await
        .map_err(not_found_if_unknown)?;
    Ok(Json(done))
}

#[derive(Debug, Deserialize)]
struct UndoForm {
    key: String,
    #[serde(deserialize_with = "crate::numbers::de::whole")]
    expected: i64,
}

async fn undo_form(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<UndoForm>,
) -> Response {
    let key = f.key.clone();
    submit_as_organiser(
        &server,
        &headers,
        &key,
        id,
        format!("/campaigns/{id}"),
        move |s, store| undo(s, store, id, Some(f.expected)).map(|_| ()),
    )
    .await
}

/// The organiser's undo button: what it would undo, named, so a change meanwhile is refused.
pub fn undo_form_html(campaign_id: i64, key: &str, latest: &ops::undo::Preview) -> Markup {
    html! {
        @if latest.undoable {
            form method="post" action={ "/campaigns/" (campaign_id) "/undo" } {
                input type="hidden" name="key" value=(key);
                input type="hidden" name="expected" value=(latest.set_id);
                "Latest command: #" (latest.set_id) " " (latest.summary) " "
                button { "Undo it" }
            }
        } @else {
            p.note { "Latest command: #" (latest.set_id) " " (latest.summary) ". It cannot be undone." }
        }
    }
}
