//! The pages' other forms: a player records their army; the organiser plans a battle (its result is `result_form.rs`'s). Sent and checked as
//! the forms of `forms.rs` (session, key, rights), each calling its CLI command's operation.

use super::Shared;
use super::forms::{
    Fields, all, dice_of, field, key_and_roster, list, no_roster, some, submit, submit_as_organiser,
};
use crate::error::Error;
use crate::ops;
use crate::ops::battle::NewBattle;
use crate::rules::army::ArmyChoice;
use crate::rules::realms::RealmChoice;
use crate::rules::renown::RankChoice;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::{Form, Router};
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/battles/{id}/army", post(army))
        .route("/campaigns/{id}/battles", post(plan))
}

/// A side's army: a `unit` field per unit ticked (ids), its general, the roll-off's dice.
async fn army(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(battle): Path<i64>,
    Form(f): Form<Fields>,
) -> Response {
    let Some((key, roster_id)) = key_and_roster(&f) else {
        return super::forms::refused(no_roster(), &format!("/battles/{battle}"));
    };
    submit(
        &server,
        &headers,
        &key,
        roster_id,
        format!("/battles/{battle}"),
        move |s, store, roster| {
            // Ticked boxes, or names and ids typed with commas (as the CLI takes them).
            let units: Vec<String> = all(&f, "unit").iter().flat_map(|u| list(u)).collect();
            let general = field(&f, "general").map(str::to_string);
            let choice = ArmyChoice {
                units: &units,
                general: general.as_deref(),
                regiments: &[],
            };
            let mut dice = dice_of(field(&f, "dice").unwrap_or_default())?;
            ops::battle::record_army(&s.catalogue, store, battle, roster, &choice, None, dice.as_mut())
                .map(|_| ())
        },
    )
    .await
}

#[derive(Debug, Deserialize)]
struct Plan {
    key: String,
    a: i64,
    b: i64,
    points: u32,
    #[serde(default)]
    battleplan: String,
    /// A realm agreed, "roll-off", or empty (option `realms`).
    #[serde(default)]
    realm: String,
    #[serde(default)]
    dice: String,
}

async fn plan(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(campaign): Path<i64>,
    Form(f): Form<Plan>,
) -> Response {
    let key = f.key.clone();
    submit_as_organiser(
        &server,
        &headers,
        &key,
        campaign,
        format!("/campaigns/{campaign}"),
        move |s, store| {
            let (a, b) = (s.locate(store, f.a)?, s.locate(store, f.b)?);
            if a.campaign_id != campaign || b.campaign_id != campaign {
                return Err(Error::refused("both rosters must be of this campaign"));
            }
            let battleplan = some(&f.battleplan);
            let new = NewBattle {
                campaign: crate::ids::CampaignId(a.campaign_id),
                points: f.points,
                rosters: [a.id, b.id],
                battleplan: battleplan.as_deref(),
                realm: realm_choice(&f.realm),
            };
            let mut dice = dice_of(&f.dice)?;
            ops::battle::plan(&s.catalogue, store, &new, dice.as_mut()).map(|_| ())
        },
    )
    .await
}

/// Start a quest (a roster with none); sent to `roster_actions`.
pub fn quest_form(roster_id: i64, key: &str, quests: &[(String, String)], roster: &Value) -> Markup {
    let none = Vec::new();
    let units = roster["units"].as_array().unwrap_or(&none);
    html! {
        form method="post" action={ "/rosters/" (roster_id) "/quest" } {
            input type="hidden" name="key" value=(key);
            label { "Quest "
                select name="quest" required {
                    @for (name, summary) in quests { option value=(name) title=(summary) { (name) } }
                }
            } " "
            label { "for unit (a quest that names one) "
                select name="unit" {
                    option value="" { "-" }
                    @for u in units.iter().filter(|u| u["retired"] != true) {
                        option value=(u["id"].to_string()) {
                            (u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?"))
                        }
                    }
                }
            } " "
            button { "Start the quest" }
        }
        details { summary { "What each quest asks" }
            ul { @for (name, summary) in quests { li { strong { (name) } ": " (summary) } } }
        }
    }
}

/// Pick the ability of each rank reached: a form per unit and Path open to it (at a unit's
/// first rank, one per Path it may walk, which it picks with the ability).
pub fn rank_form(roster_id: i64, key: &str, choices: &[RankChoice]) -> Markup {
    html! {
        @for c in choices {
            @for p in &c.paths {
                form method="post" action={ "/rosters/" (roster_id) "/rank" } {
                    input type="hidden" name="key" value=(key);
                    input type="hidden" name="unit" value=(c.unit_id);
                    @if c.picks_path { input type="hidden" name="path" value=(p.id); }
                    (c.unit) " reached " (c.rank) ": " (p.name) " "
                    select name="ability" {
                        @for (id, name) in &p.abilities { option value=(id) { (name) } }
                    }
                    " "
                    button { "Choose" }
                }
            }
        }
    }
}

/// Record a side's army (a planned battle): a box per unit on its Order of Battle, and its
/// general (left to the rules: the warlord when it is taken).
pub fn army_form(battle_id: i64, roster_id: i64, key: &str, units: &[Value]) -> Markup {
    let name = |u: &Value| {
        u["name"]
            .as_str()
            .or(u["warscroll"].as_str())
            .unwrap_or("?")
            .to_string()
    };
    let active: Vec<&Value> = units.iter().filter(|u| u["retired"] != true).collect();
    html! {
        form method="post" action={ "/battles/" (battle_id) "/army" } {
            input type="hidden" name="key" value=(key);
            input type="hidden" name="roster_id" value=(roster_id);
            p { "Units taken:" }
            ul { @for u in &active {
                li { label { input type="checkbox" name="unit" value=(u["id"].to_string()); " " (name(u))
                    " (" (u["points"].to_string()) " pts)" } }
            } }
            label { "General "
                select name="general" {
                    option value="" { "the warlord" }
                    @for u in &active { option value=(u["id"].to_string()) { (name(u)) } }
                }
            } " "
            label { "Roll-off dice (empty: the server rolls) " input name="dice"; } " "
            button { "Record the army" }
        }
    }
}

/// Plan a battle between two of the campaign's rosters (the organiser).
/// What a battle is planned with: the battlepack's battleplans, and the realms when the
/// campaign plays option `realms` (else none).
pub struct PlanChoices {
    pub battleplans: Vec<String>,
    pub realms: Vec<String>,
}

/// What the plan form's realm field says: none, a roll-off, or a realm agreed.
pub(super) fn realm_choice(field: &str) -> RealmChoice {
    match some(field) {
        None => RealmChoice::None,
        Some(r) if r == ROLL_OFF => RealmChoice::RollOff,
        Some(r) => RealmChoice::Named(r),
    }
}

/// The realm field's value for "the players roll off, the winner names it".
const ROLL_OFF: &str = "roll-off";

pub fn plan_form(campaign_id: i64, key: &str, rosters: &[Value], choices: &PlanChoices) -> Markup {
    let choose = |name: &str| {
        html! {
            select name=(name) {
                @for r in rosters {
                    option value=(r["roster_id"].to_string()) { (r["roster"].as_str().unwrap_or("?")) }
                }
            }
        }
    };
    html! {
        form method="post" action={ "/campaigns/" (campaign_id) "/battles" } {
            input type="hidden" name="key" value=(key);
            (choose("a")) " v " (choose("b")) " "
            label { "points " input name="points" value="1000" inputmode="numeric"; } " "
            label { "battleplan "
                select name="battleplan" {
                    option value="" { "rolled" }
                    @for b in &choices.battleplans { option { (b) } }
                }
            } " "
            @if !choices.realms.is_empty() {
                label { "realm "
                    select name="realm" {
                        option value="" { "-" }
                        option value=(ROLL_OFF) { "roll off: the winner names it" }
                        @for r in &choices.realms { option { (r) } }
                    }
                } " "
            }
            label { "dice rolled at the table (empty: the server rolls) " input name="dice"; } " "
            button { "Plan the battle" }
        }
    }
}
