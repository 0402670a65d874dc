//! The JSON API (`docs/API.md`): the same operations as the CLI, for scripts and apps. Reads
//! are open unless the server is private; writes need an invite token that reaches the roster.

use crate::server::kit::actions::with_roster;
use crate::server::kit::rights::auth::{changing, may_read};
mod actions;

use crate::ops;
use crate::rules::aftermath::Choices;
use crate::rules::dice::{Dice, SeededDice, TypedDice};
use crate::server::kit::extract::Json;
use crate::server::kit::extract::Path;
use crate::server::{Failure, Shared, not_found_if_unknown};
use crate::views;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::{delete, get, post};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/api/campaigns", get(campaigns))
        .route("/api/rosters/{id}", get(roster))
        .route("/api/rosters/{id}/units/{unit}", delete(remove_unit))
        .route("/api/battles/{id}", get(battle))
        .route("/api/battles/{id}/aftermath/{roster_id}", post(aftermath))
        .merge(actions::routes())
}

type Answer = Result<Json<Value>, Failure>;

async fn campaigns(State(server): State<Shared>, headers: HeaderMap) -> Answer {
    may_read(&server, &headers).await?;
    let list = server.with_reader(|s, store| s.campaigns(store)).await?;
    Ok(Json(serde_json::to_value(list).map_err(internal)?))
}

async fn roster(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Answer {
    may_read(&server, &headers).await?;
    let view = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            views::roster::view(&ops::roster::show(&s.catalogue, store, at.id)?)
        })
        .await
        .map_err(not_found_if_unknown)?;
    Ok(Json(view))
}

async fn battle(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Answer {
    may_read(&server, &headers).await?;
    let view = server
        .with_reader(move |s, store| views::battle::view(&s.battle(store, id)?))
        .await
        .map_err(not_found_if_unknown)?;
    Ok(Json(view))
}

/// `DELETE /api/rosters/{id}/units/{unit}`: `ptg roster remove` (set-up only; undone by
/// `ptg undo`).
async fn remove_unit(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path((id, unit)): Path<(i64, i64)>,
) -> Answer {
    let at = changing(&server, &headers, id).await?;
    let done = server
        .with_store(move |s, store| {
            let done = ops::roster::remove_unit(&s.catalogue, store, at.id, &unit.to_string())?;
            with_roster(s, store, at.id, &done.outcome.summary)
        })
        .await?;
    Ok(Json(done))
}

/// `POST /api/battles/{id}/aftermath/{roster_id}`: `ptg aftermath`. Dice are rolled by the
/// server (and logged) unless `dice` gives the ones rolled at the table.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct AftermathBody {
    favoured: Option<String>,
    #[serde(default)]
    add_units: Vec<String>,
    add_name: Option<String>,
    ally: Option<String>,
    #[serde(default)]
    reinforce: Vec<String>,
    #[serde(default)]
    retire: Vec<String>,
    /// Who leads the roster when `retire` names the warlord (option `retire-warlord`).
    warlord: Option<String>,
    /// `auto` (default), `complete`, `abandon` or `keep`, as `ptg aftermath --quest`.
    quest: Option<String>,
    /// The dice rolled at the table, in the order the aftermath asks for them.
    dice: Option<Vec<u32>>,
}

async fn aftermath(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path((battle, roster_id)): Path<(i64, i64)>,
    Json(body): Json<AftermathBody>,
) -> Answer {
    let at = changing(&server, &headers, roster_id).await?;
    let done = server
        .with_store(move |s, store| {
            let cat = &s.catalogue;
            let quest = match body.quest.as_deref() {
                Some(q) => q.parse().map_err(crate::error::Error::refused)?,
                None => Default::default(),
            };
            let choices = Choices {
                favoured: body.favoured,
                add_units: body.add_units,
                add_name: body.add_name,
                ally: body
                    .ally
                    .as_deref()
                    .map(|a| ops::aftermath::ally_faction(cat, a))
                    .transpose()?,
                reinforce: body.reinforce,
                retire: body.retire,
                warlord: body.warlord,
                quest,
            };
            let mut typed;
            let mut seeded;
            let dice: &mut dyn Dice = match body.dice {
                Some(values) => {
                    typed = TypedDice::new(values);
                    &mut typed
                }
                None => {
                    seeded = SeededDice::new(SeededDice::random_seed());
                    &mut seeded
                }
            };
            let done = ops::aftermath::run(cat, store, battle, at.id, &choices, dice, None)?;
            let view = views::roster::view(&ops::roster::show(cat, store, at.id)?)?;
            Ok(json!({
                "battle": done.battle,
                "summary": done.outcome.summary,
                "changes": done.outcome.changes.iter().map(|c| c.describe()).collect::<Vec<_>>(),
                "rolls": done.outcome.rolls,
                "roster": view,
            }))
        })
        .await?;
    Ok(Json(done))
}

fn internal(e: impl std::fmt::Display) -> Failure {
    Failure::new(StatusCode::INTERNAL_SERVER_ERROR, format!("internal error: {e}"))
}
