//! The API's sudden death pick on a planned battle (`docs/API.md`): the outnumbered side's
//! objective, by its player or the organiser (its twist and realm are `battle_forms`'s). Each calls the operation its CLI command
//! calls and answers the battle as `GET /api/battles/{id}` does.

use crate::ops;
use crate::rules::battle::PickRequest;
use crate::server::kit::extract::Json;
use crate::server::kit::extract::Path;
use crate::server::kit::rights::auth::changing;
use crate::server::{Failure, Shared, not_found_if_unknown};
use crate::views;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use serde::Deserialize;
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new().route("/api/battles/{id}/sudden-death/{roster_id}", post(sudden_death))
}

type Answer = Result<Json<Value>, Failure>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SuddenDeath {
    /// Assassinate, Blunt, Endure or Seize Ground (the battlepack's table).
    objective: String,
    /// The other army's unit to slay (its id), for Assassinate and Blunt.
    #[serde(default, deserialize_with = "crate::numbers::de::maybe")]
    target: Option<i64>,
    /// The terrain feature, for Seize Ground.
    terrain: Option<String>,
}

/// `POST /api/battles/{id}/sudden-death/{roster_id}`: `ptg battle sudden-death BATTLE ROSTER
/// OBJECTIVE [--target UNIT] [--terrain TEXT]`, the roster's player or the organiser.
async fn sudden_death(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path((id, roster_id)): Path<(i64, i64)>,
    Json(d): Json<SuddenDeath>,
) -> Answer {
    let at = changing(&server, &headers, roster_id).await?;
    let view = server
        .with_store(move |s, store| {
            let target = d.target.map(|t| t.to_string());
            let request = PickRequest {
                objective: &d.objective,
                target: target.as_deref(),
                terrain: d.terrain.as_deref(),
            };
            views::battle::view(&ops::sudden_death::pick(
                &s.catalogue,
                store,
                id,
                at.id,
                &request,
            )?)
        })
        .await
        .map_err(not_found_if_unknown)?;
    Ok(Json(view))
}
