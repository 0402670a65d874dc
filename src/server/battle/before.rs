//! A battle's forms before it is fought (issue #20): roll a round's twist and name the realm
//! (the organiser or a player of the battle), pick the outnumbered side's sudden death
//! objective (its player or the organiser). Sent and checked as the forms of `forms.rs`
//! (session, key, rights); who may act is decided from the battle in the database, never from
//! the form's fields, and each form calls the operation its CLI command calls.

use crate::error::{Error, Result};
use crate::ops;
use crate::ops::invite::Principal;
use crate::rules::battle::{Battle, PickRequest};
use crate::server::kit::actions::{Keyed, keyed};
use crate::server::kit::extract::Json;
use crate::server::kit::extract::Path;
use crate::server::kit::form::{Choice, Field, Form};
use crate::server::kit::forms::Said;
use crate::server::kit::forms::{check_key, dice_of, refused, session, some, submit};
use crate::server::kit::rights::auth::{in_battle, organiser};
use crate::server::{Failure, Server, Shared, not_found_if_unknown};
use crate::store::Store;
use crate::views;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::post;
use maud::{Markup, html};
use serde::Deserialize;
use serde::de::DeserializeOwned;
use serde_json::{Value, json};

pub fn routes() -> Router<Shared> {
    let mut router = Router::new();
    router = battle_action(router, "twist", Rights::InBattle, twist);
    router = battle_action(router, "realm", Rights::InBattle, realm);
    // The sudden death pick names its roster: its API call has it in the path (`battle_api`).
    router.route("/battles/{id}/sudden-death", post(sudden_death))
}

/// An action on battle `b` with the request's body; its answer is the API's JSON.
pub(in crate::server) type BattleWork<B> = fn(&Server, &mut Store, &Battle, B) -> Result<Value>;

/// Both routes of battle action `action`: its form at `/battles/{id}/{action}` (checked by
/// [`submit_in_battle`]) and `POST /api/battles/{id}/{action}` (its token checked against the
/// battle as the database has it), one function behind both.
fn battle_action<B>(
    router: Router<Shared>,
    action: &'static str,
    rights: Rights,
    work: BattleWork<B>,
) -> Router<Shared>
where
    B: DeserializeOwned + Keyed + Send + 'static,
{
    let form =
        move |State(server): State<Shared>,
              headers: HeaderMap,
              Path(id): Path<i64>,
              crate::server::kit::extract::Form(b): crate::server::kit::extract::Form<B>| async move {
            let key = b.key().to_string();
            let mut b = b;
            submit_in_battle(
                &server,
                &headers,
                &key,
                id,
                rights,
                move |s, store, battle, who| {
                    b.sent_by(&who);
                    work(s, store, &battle, b).map(|done| done_note(action, &done))
                },
            )
            .await
        };
    let api = move |State(server): State<Shared>,
                    headers: HeaderMap,
                    Path(id): Path<i64>,
                    Json(b): Json<B>| async move {
        let battle = server
            .with_reader(move |s, store| Ok(s.battle(store, id)?.battle))
            .await
            .map_err(not_found_if_unknown)?;
        let sides: Vec<i64> = battle.sides.iter().map(|s| s.roster_id).collect();
        let who = match rights {
            Rights::Organiser => organiser(&server, &headers, battle.campaign_id).await?,
            Rights::InBattle => in_battle(&server, &headers, battle.campaign_id, &sides).await?,
        };
        let mut b = b;
        b.sent_by(&who);
        let done = server
            .with_store(move |s, store| work(s, store, &battle, b))
            .await?;
        Ok::<_, Failure>(Json(done))
    };
    router
        .route(&format!("/battles/{{id}}/{action}"), post(form))
        .route(&format!("/api/battles/{{id}}/{action}"), post(api))
}

/// Who may send a battle's form.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::server) enum Rights {
    /// The organiser of the battle's campaign only (its result).
    Organiser,
    /// The organiser, or the player of one of its sides (a twist, the realm).
    InBattle,
}

/// A form about battle `battle_id`: once the session, its key and its rights over the battle
/// (as it is in the database) are checked, `work` runs with the battle; then back to the
/// battle's page, or the refusal as a page.
pub(in crate::server) async fn submit_in_battle<R: Said + Send + 'static>(
    server: &Shared,
    headers: &HeaderMap,
    key: &str,
    battle_id: i64,
    rights: Rights,
    work: impl FnOnce(&Server, &mut Store, Battle, Principal) -> Result<R> + Send + 'static,
) -> Response {
    let back = format!("/battles/{battle_id}");
    let done = async {
        let ring = session(server, headers).await?;
        check_key(&ring, key)?;
        let battle = server
            .with_reader(move |s, store| Ok(s.battle(store, battle_id)?.battle))
            .await
            .map_err(not_found_if_unknown)?;
        let sides: Vec<i64> = battle.sides.iter().map(|s| s.roster_id).collect();
        let allowed = match rights {
            Rights::Organiser => ring.organiser_of(battle.campaign_id),
            Rights::InBattle => ring.in_battle(battle.campaign_id, &sides),
        };
        let Some(who) = allowed.map(|k| k.who) else {
            return Err(Failure::new(
                StatusCode::FORBIDDEN,
                match rights {
                    Rights::Organiser => "only the campaign's organiser may do this",
                    Rights::InBattle => {
                        "only the campaign's organiser or a player of this battle may do this"
                    }
                },
            ));
        };
        server
            .with_store(move |s, store| work(s, store, battle, who))
            .await
    };
    match done.await {
        Ok(said) => match said.said() {
            Some(html) => crate::server::kit::answers::done(&back, html),
            None => Redirect::to(&back).into_response(),
        },
        Err(f) => refused(f, &back),
    }
}

/// What a battle action's form did, in words, from its answer: the twist rolled and what it
/// does, the realm named and its rules.
fn done_note(action: &str, done: &Value) -> String {
    let text = |v: &Value| v.as_str().unwrap_or_default().to_string();
    match action {
        "twist" => {
            let what = some(&text(&done["summary"]))
                .map(|w| format!(" — {w}"))
                .unwrap_or_default();
            crate::server::kit::answers::said(
                &format!("Twist rolled: {}{what}", text(&done["twist"])),
                &[format!(
                    "Round {}, {} the underdog",
                    done["round"],
                    text(&done["underdog"])
                )],
            )
        }
        _ => crate::server::kit::answers::said(
            &format!("Realm named: {}", text(&done["realm"])),
            &[text(&done["realm_rules"])]
                .into_iter()
                .filter(|l| !l.is_empty())
                .collect::<Vec<_>>(),
        ),
    }
}

/// The name of side `roster_id` of battle `b`, as the CLI is told it.
pub(in crate::server) fn side_name(b: &Battle, roster_id: i64) -> Result<String> {
    b.sides
        .iter()
        .find(|s| s.roster_id == roster_id)
        .map(|s| s.roster.clone())
        .ok_or_else(|| Error::refused(format!("roster {roster_id} is not a side of battle {}", b.id)))
}

/// `ptg battle twist BATTLE --round N [--underdog R] [--dice ...]`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Twist {
    #[serde(default)]
    key: String,
    #[serde(deserialize_with = "crate::numbers::de::whole")]
    round: u32,
    /// The underdog's roster id; left out or empty, the rules decide (the players roll off).
    #[serde(default)]
    underdog: Option<Typed>,
    /// The dice rolled at the table: a list (API) or "2, 5" (form); left out, the server rolls.
    #[serde(default)]
    dice: Option<Typed>,
}

/// A value as the API sends it (a number, a list of numbers) or as a form does (text).
#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Typed {
    Number(i64),
    Numbers(Vec<u32>),
    Text(String),
}

impl Typed {
    /// The value as a form has it: "3", "2,5", or the text.
    fn text(&self) -> String {
        match self {
            Typed::Number(n) => n.to_string(),
            Typed::Numbers(list) => list.iter().map(u32::to_string).collect::<Vec<_>>().join(","),
            Typed::Text(t) => t.clone(),
        }
    }
}

fn twist(s: &Server, store: &mut Store, b: &Battle, t: Twist) -> Result<Value> {
    let underdog = match t.underdog.as_ref().and_then(|u| some(&u.text())) {
        Some(u) => {
            let roster_id = u
                .parse()
                .map_err(|_| Error::refused(format!("'{u}' is not a roster id")))?;
            side_name(b, roster_id)?; // one of the battle's sides
            Some(crate::ids::RosterId(roster_id))
        }
        None => None,
    };
    let typed = t.dice.as_ref().map(Typed::text).unwrap_or_default();
    let mut dice = dice_of(&typed)?;
    let twisted = ops::battle::twist(&s.catalogue, store, b.id, t.round, underdog, dice.as_mut())?;
    Ok(json!({
        "battle": twisted.battle,
        "round": twisted.round,
        "underdog": twisted.underdog,
        "twist": twisted.twist.name,
        "summary": twisted.twist.summary,
        "rolls": twisted.rolls,
    }))
}

/// `ptg battle realm BATTLE REALM`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Realm {
    #[serde(default)]
    key: String,
    realm: String,
    /// The player's roster who sent it, once their rights are checked (`None`: the organiser).
    #[serde(skip)]
    by: Option<i64>,
}

fn realm(s: &Server, store: &mut Store, b: &Battle, r: Realm) -> Result<Value> {
    views::battle::view(&ops::realms::pick_realm(
        &s.catalogue,
        store,
        b.id,
        r.realm.trim(),
        r.by.map(crate::ids::RosterId),
    )?)
}

keyed!(Twist);

impl Keyed for Realm {
    fn key(&self) -> &str {
        &self.key
    }

    /// The roll-off's winner names the realm: a player's pick is checked against it.
    fn sent_by(&mut self, who: &Principal) {
        self.by = who.roster_id;
    }
}

#[derive(Debug, Deserialize)]
struct SuddenDeath {
    key: String,
    /// The outnumbered roster, which picks: the invite must reach it.
    #[serde(deserialize_with = "crate::numbers::de::whole")]
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
    crate::server::kit::extract::Form(f): crate::server::kit::extract::Form<SuddenDeath>,
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
    let rounds = (1..=5)
        .map(|r| Choice::new(r.to_string(), r.to_string()))
        .collect();
    let mut underdog = vec![Choice::new("", "roll off for it")];
    underdog.extend(
        sides
            .iter()
            .map(|s| Choice::new(s.roster_id.to_string(), &s.roster)),
    );
    Form::new("twist", format!("/battles/{battle_id}/twist"), "Roll the twist")
        .key(key)
        .field(Field::select("round", "Round", rounds))
        .field(Field::select("underdog", "Underdog", underdog))
        .field(Field::text(
            "dice",
            "Dice rolled at the table (empty: the server rolls)",
            100,
        ))
        .render()
}

/// Name the realm of a planned battle that has none yet (option `realms`): each realm with
/// its rules in short (`realms` as (name, summary)).
pub fn realm_form(battle_id: i64, key: &str, realms: &[(String, String)]) -> Markup {
    let choices = realms
        .iter()
        .map(|(n, what)| Choice::new(n, n).hint(what))
        .collect();
    Form::new(
        "realm",
        format!("/battles/{battle_id}/realm"),
        "Fight it in this realm",
    )
    .key(key)
    .field(Field::select("realm", "Realm", choices))
    .after(html! {
        ul { @for (name, what) in realms { li { strong { (name) } ": " (what) } } }
    })
    .render()
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
    let picks = objectives
        .iter()
        .map(|(n, what)| Choice::new(n, n).hint(what))
        .collect();
    let mut targets = vec![Choice::new("", "none (another objective)")];
    targets.extend(
        other
            .units
            .iter()
            .map(|(id, name)| Choice::new(id.to_string(), format!("{}: {name}", other.roster))),
    );
    Form::new(
        "sudden-death",
        format!("/battles/{battle_id}/sudden-death"),
        "Pick the objective",
    )
    .key(key)
    .hidden("roster_id", picker.roster_id)
    .lead(html! { p { (picker.roster) " is outnumbered and may pick a sudden death objective." } })
    .field(Field::radio("objective", "Objective", picks).required())
    .field(Field::select("target", "Target (Assassinate, Blunt)", targets))
    .field(Field::text("terrain", "Terrain feature (Seize Ground)", 100))
    .render()
}
