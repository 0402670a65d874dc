//! A side's army on a planned battle: the form of its units and general, and its route.

use crate::ops;
use crate::rules::army::ArmyChoice;
use crate::server::Shared;
use crate::server::extract::Form;
use crate::server::extract::Path;
use crate::server::forms::{Fields, all, dice_of, field, key_and_roster, list, no_roster, submit};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::{Markup, html};
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new().route("/battles/{id}/army", post(army))
}

/// A side's army: a `unit` field per unit ticked (ids), its general, the roll-off's dice.
async fn army(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(battle): Path<i64>,
    Form(f): Form<Fields>,
) -> Response {
    let Some((key, roster_id)) = key_and_roster(&f) else {
        return crate::server::forms::refused(no_roster(), &format!("/battles/{battle}"));
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

/// Record a side's army (a planned battle): a box per unit on its Order of Battle, and its
/// general (left to the rules: the warlord when it is taken).
/// With `taken` (the army as recorded), its units come ticked and its general picked, so the
/// player changes it while the battle is planned.
pub fn army_form(battle_id: i64, roster_id: i64, key: &str, units: &[Value], taken: &[Value]) -> Markup {
    let ticked = |u: &Value| taken.iter().any(|t| t["unit_id"] == u["id"]);
    let general = |u: &Value| {
        taken
            .iter()
            .any(|t| t["unit_id"] == u["id"] && t["general"] == true)
    };
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
                li { label { input type="checkbox" name="unit" value=(u["id"].to_string()) checked[ticked(u)]; " " (name(u))
                    " (" (u["points"].to_string()) " pts)" } }
            } }
            label { "General "
                select name="general" {
                    option value="" { "the warlord" }
                    @for u in &active { option value=(u["id"].to_string()) selected[general(u)] { (name(u)) } }
                }
            } " "
            label { "Roll-off dice (empty: the server rolls) " input name="dice"; } " "
            button { @if taken.is_empty() { "Record the army" } @else { "Record the army again" } }
        }
    }
}
