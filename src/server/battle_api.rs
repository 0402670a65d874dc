//! The API's actions on a planned battle besides its armies and twists (`docs/API.md`): name
//! its realm (the organiser or a player of the battle) and pick the outnumbered side's sudden
//! death objective (its player or the organiser). Each calls the operation its CLI command
//! calls and answers the battle as `GET /api/battles/{id}` does.

use super::auth::{changing, in_battle};
use super::{Failure, Shared, not_found_if_unknown};
use crate::cli::views;
use crate::ops;
use crate::rules::battle::PickRequest;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/api/battles/{id}/realm", post(realm))
        .route("/api/battles/{id}/sudden-death/{roster_id}", post(sudden_death))
}

type Answer = Result<Json<Value>, Failure>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Realm {
    realm: String,
}

/// `POST /api/battles/{id}/realm`: `ptg battle realm BATTLE REALM`.
async fn realm(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(r): Json<Realm>,
) -> Answer {
    let (campaign_id, sides) = server
        .with_store(move |s, store| {
            let b = s.battle(store, id)?.battle;
            Ok((
                b.campaign_id,
                b.sides.iter().map(|s| s.roster_id).collect::<Vec<_>>(),
            ))
        })
        .await
        .map_err(not_found_if_unknown)?;
    in_battle(&server, &headers, campaign_id, &sides).await?;
    let view = server
        .with_store(move |s, store| {
            views::battle(&ops::realms::pick_realm(&s.catalogue, store, id, &r.realm)?)
        })
        .await?;
    Ok(Json(view))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SuddenDeath {
    /// Assassinate, Blunt, Endure or Seize Ground (the battlepack's table).
    objective: String,
    /// The other army's unit to slay (its id), for Assassinate and Blunt.
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
            views::battle(&ops::sudden_death::pick(
                &s.catalogue,
                store,
                id,
                &at.typed,
                &request,
            )?)
        })
        .await
        .map_err(not_found_if_unknown)?;
    Ok(Json(view))
}
