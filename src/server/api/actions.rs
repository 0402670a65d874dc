//! The API's other actions (`docs/API.md`): a player records their army, starts a quest and
//! picks a rank's ability; the organiser plans a battle and records its result. Each calls the
//! operation its CLI command calls.

use crate::error::Error;
use crate::ops;
use crate::ops::battle::NewBattle;
use crate::rules::army::ArmyChoice;
use crate::rules::battle::{DecisionReport, ResultReport};
use crate::rules::dice::{Dice, SeededDice, TypedDice};
use crate::server::kit::extract::Json;
use crate::server::kit::extract::Path;
use crate::server::kit::rights::auth::{changing, organiser};
use crate::server::{Failure, Shared, not_found_if_unknown};
use crate::views;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::routing::post;
use serde::Deserialize;
use serde_json::Value;
use std::collections::BTreeMap;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/api/battles", post(plan))
        .route("/api/battles/{id}/army/{roster_id}", post(army))
        .route("/api/battles/{id}/result", post(result))
        .route("/api/battles/{id}/result/correct", post(correct))
}

type Answer = Result<Json<Value>, Failure>;

/// The dice typed at the table, or the server's.
fn dice_of(typed: Option<Vec<u32>>) -> Box<dyn Dice + Send> {
    match typed {
        Some(values) => Box::new(TypedDice::new(values)),
        None => Box::new(SeededDice::new(SeededDice::random_seed())),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Army {
    /// Unit ids or names from the Order of Battle.
    units: Vec<String>,
    general: Option<String>,
    /// The roll-off for roles when the generals' renown is equal, if typed.
    dice: Option<Vec<u32>>,
    /// The triumph table to roll on when the side may pick one (`--triumph-table`: a major
    /// victory won in a realm with a table of its own, Mount Hedon).
    triumph_table: Option<String>,
}

/// `POST /api/battles/{id}/army/{roster_id}`: `ptg battle army`.
async fn army(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path((battle, roster_id)): Path<(i64, i64)>,
    Json(a): Json<Army>,
) -> Answer {
    let at = changing(&server, &headers, roster_id).await?;
    let view = server
        .with_store(move |s, store| {
            let choice = ArmyChoice {
                units: &a.units,
                general: a.general.as_deref(),
                regiments: &[],
            };
            let mut dice = dice_of(a.dice);
            views::battle::view(&ops::battle::record_army(
                &s.catalogue,
                store,
                battle,
                at.id,
                &choice,
                a.triumph_table.as_deref(),
                dice.as_mut(),
            )?)
        })
        .await?;
    Ok(Json(view))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Plan {
    /// The two rosters, by id, of the organiser's campaign.
    rosters: [i64; 2],
    #[serde(deserialize_with = "crate::numbers::de::whole")]
    points: u32,
    /// A battleplan by name; left out, it is rolled.
    battleplan: Option<String>,
    /// The realm agreed (option `realms`), or `"roll-off"`: the winner names it later.
    realm: Option<String>,
    dice: Option<Vec<u32>>,
}

/// `POST /api/battles`: `ptg battle new` (the organiser).
async fn plan(State(server): State<Shared>, headers: HeaderMap, Json(p): Json<Plan>) -> Answer {
    let [a, b] = p.rosters;
    let found = server
        .with_reader(move |s, store| Ok((s.locate(store, a)?, s.locate(store, b)?)))
        .await
        .map_err(not_found_if_unknown)?;
    let (a, b) = found;
    organiser(&server, &headers, a.campaign_id).await?;
    let view = server
        .with_store(move |s, store| {
            if a.campaign_id != b.campaign_id {
                return Err(Error::refused("the two rosters are in different campaigns"));
            }
            let new = NewBattle {
                campaign: crate::ids::CampaignId(a.campaign_id),
                points: p.points,
                rosters: [a.id, b.id],
                battleplan: p.battleplan.as_deref(),
                realm: crate::server::kit::forms::realm_choice(p.realm.as_deref().unwrap_or("")),
            };
            let mut dice = dice_of(p.dice);
            views::battle::view(&ops::battle::plan(&s.catalogue, store, &new, dice.as_mut())?)
        })
        .await?;
    Ok(Json(view))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Result_ {
    /// Victory points by roster id, both sides.
    #[serde(deserialize_with = "crate::numbers::de::map")]
    victory_points: BTreeMap<i64, u32>,
    #[serde(default, deserialize_with = "crate::numbers::de::map")]
    quest_points: BTreeMap<i64, u32>,
    #[serde(default, deserialize_with = "crate::numbers::de::maybe")]
    withdrew: Option<i64>,
    #[serde(default)]
    general_slain: Vec<i64>,
    /// Units (ids) destroyed, and units (ids) that slew a HERO or MONSTER.
    #[serde(default)]
    destroyed: Vec<i64>,
    #[serde(default)]
    slew_hero_or_monster: Vec<i64>,
    /// Option sudden-death: `"achieved"`, as `--sudden-death achieved`.
    sudden_death: Option<Achieved>,
    /// Option sudden-death: models each side lost, and added during the game, by roster id.
    #[serde(default)]
    models_lost: BTreeMap<i64, u32>,
    #[serde(default)]
    models_added: BTreeMap<i64, u32>,
    /// Dice typed at the table for what the result re-decides (a roll-off for roles between
    /// generals that drew level, a triumph due and not rolled); the server rolls without.
    dice: Option<Vec<u32>>,
}

/// What `sudden_death` may say of the outnumbered side's objective.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Achieved {
    Achieved,
}

/// `POST /api/battles/{id}/result`: `ptg battle result` (the organiser).
async fn result(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(r): Json<Result_>,
) -> Answer {
    record(server, headers, id, r, false).await
}

/// `POST /api/battles/{id}/result/correct`: `ptg battle result --correct` (the organiser),
/// with the body of a result.
async fn correct(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(r): Json<Result_>,
) -> Answer {
    record(server, headers, id, r, true).await
}

/// Records battle `id`'s result, or with `correct` corrects the one recorded.
async fn record(server: Shared, headers: HeaderMap, id: i64, r: Result_, correct: bool) -> Answer {
    let sides = server
        .with_reader(move |s, store| {
            let shown = s.battle(store, id)?;
            let sides: Vec<(i64, String)> = shown
                .battle
                .sides
                .iter()
                .map(|s| (s.roster_id, s.roster.clone()))
                .collect();
            Ok((shown.battle.campaign_id, sides))
        })
        .await
        .map_err(not_found_if_unknown)?;
    let (campaign_id, sides) = sides;
    organiser(&server, &headers, campaign_id).await?;
    let name = move |roster: i64| -> Result<String, Error> {
        sides
            .iter()
            .find(|(id, _)| *id == roster)
            .map(|(_, n)| n.clone())
            .ok_or_else(|| Error::refused(format!("roster {roster} is not a side of battle {id}")))
    };
    let view = server
        .with_store(move |s, store| {
            let named = |m: &BTreeMap<i64, u32>| -> Result<Vec<(String, u32)>, Error> {
                m.iter().map(|(r, n)| Ok((name(*r)?, *n))).collect()
            };
            let report = ResultReport {
                victory_points: named(&r.victory_points)?,
                quest_points: named(&r.quest_points)?,
                withdrew: r.withdrew.map(&name).transpose()?,
                general_slain: r
                    .general_slain
                    .iter()
                    .map(|g| name(*g))
                    .collect::<Result<_, _>>()?,
                destroyed: r.destroyed.iter().map(i64::to_string).collect(),
                slew_hero_or_monster: r.slew_hero_or_monster.iter().map(i64::to_string).collect(),
                decision: DecisionReport {
                    sudden_death_achieved: matches!(r.sudden_death, Some(Achieved::Achieved)),
                    models_lost: named(&r.models_lost)?,
                    models_added: named(&r.models_added)?,
                },
            };
            let shown = match correct {
                true => ops::correct::correct_result(&s.catalogue, store, id, &report)?,
                false => {
                    let mut dice = dice_of(r.dice.clone());
                    ops::battle::record_result(&s.catalogue, store, id, &report, dice.as_mut())?
                }
            };
            views::battle::view(&shown)
        })
        .await?;
    Ok(Json(view))
}
