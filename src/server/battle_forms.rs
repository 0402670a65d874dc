//! A battle's forms before it is fought (issue #20): roll a round's twist and name the realm
//! (the organiser or a player of the battle), pick the outnumbered side's sudden death
//! objective (its player or the organiser). Sent and checked as the forms of `forms.rs`
//! (session, key, rights); who may act is decided from the battle in the database, never from
//! the form's fields, and each form calls the operation its CLI command calls.

use super::auth::acts_in_battle;
use super::forms::{check_key, dice_of, refused, session, some, submit};
use super::{Failure, Server, Shared, not_found_if_unknown};
use crate::error::{Error, Result};
use crate::ops;
use crate::rules::battle::{Battle, PickRequest};
use crate::store::Store;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use axum::{Form, Router};
use maud::{Markup, html};
use serde::Deserialize;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/battles/{id}/twist", post(twist))
        .route("/battles/{id}/realm", post(realm))
        .route("/battles/{id}/sudden-death", post(sudden_death))
}

/// Who may send a battle's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Rights {
    /// The organiser of the battle's campaign only (its result).
    Organiser,
    /// The organiser, or the player of one of its sides (a twist, the realm).
    InBattle,
}

/// A form about battle `battle_id`: once the session, its key and its rights over the battle
/// (as it is in the database) are checked, `work` runs with the battle; then back to the
/// battle's page, or the refusal as a page.
pub(super) async fn submit_in_battle(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    battle_id: i64,
    rights: Rights,
    work: impl FnOnce(&Server, &mut Store, Battle) -> Result<()> + Send + 'static,
) -> Response {
    let back = format!("/battles/{battle_id}");
    let done = async {
        let (who, token) = session(server, headers).await?;
        check_key(&token, key)?;
        let battle = server
            .with_store(move |s, store| Ok(s.battle(store, battle_id)?.battle))
            .await
            .map_err(not_found_if_unknown)?;
        let sides: Vec<i64> = battle.sides.iter().map(|s| s.roster_id).collect();
        let organiser = who.is_organiser() && who.campaign_id == battle.campaign_id;
        let allowed = match rights {
            Rights::Organiser => organiser,
            Rights::InBattle => acts_in_battle(&who, battle.campaign_id, &sides),
        };
        if !allowed {
            return Err(Failure::new(
                StatusCode::FORBIDDEN,
                match rights {
                    Rights::Organiser => "only the campaign's organiser may do this",
                    Rights::InBattle => {
                        "only the campaign's organiser or a player of this battle may do this"
                    }
                },
            ));
        }
        server.with_store(move |s, store| work(s, store, battle)).await
    };
    match done.await {
        Ok(()) => Redirect::to(&back).into_response(),
        Err(f) => refused(f, &back),
    }
}

/// The name of side `roster_id` of battle `b`, as the CLI is told it.
pub(super) fn side_name(b: &Battle, roster_id: i64) -> Result<String> {
    b.sides
        .iter()
        .find(|s| s.roster_id == roster_id)
        .map(|s| s.roster.clone())
        .ok_or_else(|| Error::refused(format!("roster {roster_id} is not a side of battle {}", b.id)))
}

#[derive(Debug, Deserialize)]
struct Twist {
    key: String,
    round: u32,
    /// The underdog's roster id; empty, the rules decide (the players roll off).
    #[serde(default)]
    underdog: String,
    #[serde(default)]
    dice: String,
}

/// `POST /battles/{id}/twist`: `ptg battle twist BATTLE --round N [--underdog R] [--dice ...]`.
async fn twist(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<Twist>,
) -> Response {
    let key = f.key.clone();
    submit_in_battle(
        &server,
        &headers,
        &key,
        id,
        Rights::InBattle,
        move |s, store, b| {
            let underdog = match some(&f.underdog) {
                Some(u) => {
                    let roster_id = u
                        .parse()
                        .map_err(|_| Error::refused(format!("'{u}' is not a roster id")))?;
                    Some(side_name(&b, roster_id)?)
                }
                None => None,
            };
            let mut dice = dice_of(&f.dice)?;
            ops::battle::twist(
                &s.catalogue,
                store,
                id,
                f.round,
                underdog.as_deref(),
                dice.as_mut(),
            )
            .map(|_| ())
        },
    )
    .await
}

#[derive(Debug, Deserialize)]
struct Realm {
    key: String,
    realm: String,
}

/// `POST /battles/{id}/realm`: `ptg battle realm BATTLE REALM`.
async fn realm(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<Realm>,
) -> Response {
    let key = f.key.clone();
    submit_in_battle(
        &server,
        &headers,
        &key,
        id,
        Rights::InBattle,
        move |s, store, _| ops::realms::pick_realm(&s.catalogue, store, id, f.realm.trim()).map(|_| ()),
    )
    .await
}

#[derive(Debug, Deserialize)]
struct SuddenDeath {
    key: String,
    /// The outnumbered roster, which picks: the invite must reach it.
    roster_id: i64,
    objective: String,
    /// The other army's unit to slay (its id), for Assassinate and Blunt.
    #[serde(default)]
    target: String,
    /// The terrain feature, for Seize Ground.
    #[serde(default)]
    terrain: String,
}

/// `POST /battles/{id}/sudden-death`: `ptg battle sudden-death BATTLE ROSTER OBJECTIVE
/// [--target UNIT] [--terrain TEXT]`, by the roster's player or the organiser.
async fn sudden_death(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<SuddenDeath>,
) -> Response {
    let (key, roster_id) = (f.key.clone(), f.roster_id);
    let back = format!("/battles/{id}");
    submit(
        &server,
        &headers,
        &key,
        roster_id,
        back,
        move |s, store, roster| {
            let (target, terrain) = (some(&f.target), some(&f.terrain));
            let request = PickRequest {
                objective: f.objective.trim(),
                target: target.as_deref(),
                terrain: terrain.as_deref(),
            };
            ops::sudden_death::pick(&s.catalogue, store, id, roster, &request).map(|_| ())
        },
    )
    .await
}

/// A side of the battle as its forms list it: the roster and its army's units by name.
pub struct ArmyOf {
    pub roster_id: i64,
    pub roster: String,
    /// (unit id, its name in the Order of Battle).
    pub units: Vec<(i64, String)>,
}

/// Roll a battle round's twist (a planned battle with both armies in).
pub fn twist_form(battle_id: i64, key: &str, sides: &[ArmyOf]) -> Markup {
    html! {
        form method="post" action={ "/battles/" (battle_id) "/twist" } {
            input type="hidden" name="key" value=(key);
            label { "Round " select name="round" { @for r in 1..=5 { option value=(r) { (r) } } } } " "
            label { "underdog "
                select name="underdog" {
                    option value="" { "roll off for it" }
                    @for s in sides { option value=(s.roster_id) { (s.roster) } }
                }
            } " "
            label { "dice rolled at the table (empty: the server rolls) " input name="dice" inputmode="numeric"; } " "
            button { "Roll the twist" }
        }
    }
}

/// Name the realm of a planned battle that has none yet (option `realms`).
pub fn realm_form(battle_id: i64, key: &str, realms: &[String]) -> Markup {
    html! {
        form method="post" action={ "/battles/" (battle_id) "/realm" } {
            input type="hidden" name="key" value=(key);
            label { "Realm "
                select name="realm" { @for r in realms { option value=(r) { (r) } } }
            } " "
            button { "Fight it in this realm" }
        }
    }
}

/// The outnumbered side's sudden death objective (option `sudden-death`): `objectives` as
/// (name, summary), the target among the other army's units.
pub fn sudden_death_form(
    battle_id: i64,
    key: &str,
    picker: &ArmyOf,
    other: &ArmyOf,
    objectives: &[(String, String)],
) -> Markup {
    html! {
        form method="post" action={ "/battles/" (battle_id) "/sudden-death" } {
            input type="hidden" name="key" value=(key);
            input type="hidden" name="roster_id" value=(picker.roster_id);
            p { (picker.roster) " is outnumbered and may pick a sudden death objective." }
            ul { @for (name, summary) in objectives { li { b { (name) } ": " (summary) } } }
            label { "Objective "
                select name="objective" { @for (name, _) in objectives { option value=(name) { (name) } } }
            } " "
            label { "target (Assassinate, Blunt) "
                select name="target" {
                    option value="" { "-" }
                    @for (id, name) in &other.units { option value=(id) { (other.roster) ": " (name) } }
                }
            } " "
            label { "terrain feature (Seize Ground) " input name="terrain"; } " "
            button { "Pick the objective" }
        }
    }
}
