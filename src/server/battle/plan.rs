//! The organiser plans a battle from the league page: the form and its route, calling
//! `ops::battle::plan` as `ptg battle new` does.

use crate::error::Error;
use crate::ops;
use crate::ops::battle::NewBattle;
use crate::server::Shared;
use crate::server::kit::extract::Form;
use crate::server::kit::extract::Path;
use crate::server::kit::form::{Choice, Field, Form as FormOf};
use crate::server::kit::forms::{ROLL_OFF, dice_of, realm_choice, some, submit_as_organiser};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new().route("/campaigns/{id}/battles", post(plan))
}

#[derive(Debug, Deserialize)]
struct Plan {
    key: String,
    #[serde(deserialize_with = "crate::numbers::de::whole")]
    a: i64,
    #[serde(deserialize_with = "crate::numbers::de::whole")]
    b: i64,
    #[serde(deserialize_with = "crate::numbers::de::whole")]
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

/// Plan a battle between two of the campaign's rosters (the organiser).
/// What a battle is planned with: the battlepack's battleplans, and the realms when the
/// campaign plays option `realms` (else none).
pub struct PlanChoices {
    pub battleplans: Vec<String>,
    /// Each realm with its rules in short, shown beside the picker.
    pub realms: Vec<(String, String)>,
}

pub fn plan_form(campaign_id: i64, key: &str, rosters: &[Value], choices: &PlanChoices) -> Markup {
    let sides: Vec<Choice> = rosters
        .iter()
        .map(|r| Choice::new(r["roster_id"].to_string(), r["roster"].as_str().unwrap_or("?")))
        .collect();
    // The second side starts on another roster than the first, so the form as it comes never
    // sets a roster against itself.
    let second = sides
        .get(1)
        .or(sides.first())
        .map(|c| c.value.clone())
        .unwrap_or_default();
    let mut battleplans = vec![Choice::new(
        "",
        "rolled (the server rolls it, or the dice typed below)",
    )];
    battleplans.extend(choices.battleplans.iter().map(|b| Choice::new(b, b)));
    let mut form = FormOf::new(
        "plan",
        format!("/campaigns/{campaign_id}/battles"),
        "Plan the battle",
    )
    .key(key)
    .field(Field::select("a", "First side", sides.clone()))
    .field(Field::select("b", "Second side", sides).value(second))
    .field(Field::number("points", "Points limit").value("1000").required())
    .field(Field::select("battleplan", "Battleplan", battleplans));
    if !choices.realms.is_empty() {
        let mut realms = vec![
            Choice::new("", "none"),
            Choice::new(ROLL_OFF, "roll off: the winner names it"),
        ];
        realms.extend(
            choices
                .realms
                .iter()
                .map(|(name, summary)| Choice::new(name, name).hint(summary)),
        );
        form = form.field(Field::select("realm", "Realm", realms)).after(html! {
            details { summary { "Each realm's rules in short" }
                ul { @for (name, summary) in &choices.realms { li { strong { (name) } ": " (summary) } } }
            }
        });
    }
    form.field(Field::text(
        "dice",
        "Dice rolled at the table (empty: the server rolls)",
        100,
    ))
    .render()
}
