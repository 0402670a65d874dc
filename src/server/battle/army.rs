//! A side's army on a planned battle: the form of its units and general, and its route.

use crate::ops;
use crate::ops::pages::SideChoices;
use crate::rules::army::ArmyChoice;
use crate::server::Shared;
use crate::server::kit::extract::Path;
use crate::server::kit::form::{Choice, Field, Form};
use crate::server::kit::forms::{Fields, all, dice_of, field, key_and_roster, list, no_roster, submit};
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

/// A side's army: a `unit` field per unit ticked (ids), its general, the triumph table when
/// the side may pick one (`--triumph-table`), the roll-off's dice.
async fn army(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(battle): Path<i64>,
    crate::server::kit::extract::Form(f): crate::server::kit::extract::Form<Fields>,
) -> Response {
    let Some((key, roster_id)) = key_and_roster(&f) else {
        return crate::server::kit::forms::refused(no_roster(), &format!("/battles/{battle}"));
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
            let triumph_table = field(&f, "triumph_table").map(str::to_string);
            let choice = ArmyChoice {
                units: &units,
                general: general.as_deref(),
                regiments: &[],
            };
            let mut dice = dice_of(field(&f, "dice").unwrap_or_default())?;
            let table = triumph_table.as_deref();
            ops::battle::record_army(&s.catalogue, store, battle, roster, &choice, table, dice.as_mut())
                .map(|_| ())
        },
    )
    .await
}

/// Record a side's army (a planned battle): a box per unit on its Order of Battle priced as
/// recorded (a reinforced unit at twice its points), the army's total against the battle's
/// points limit, and its general among its HEROes (or left to the rules: the warlord when it
/// is taken). With `taken` (the army as recorded), its units come ticked and its general
/// picked, so the player changes it while the battle is planned.
pub fn army_form(
    battle_id: i64,
    roster_id: i64,
    key: &str,
    units: &[Value],
    taken: &[Value],
    offers: &SideChoices,
    points_limit: u64,
) -> Markup {
    let name = |u: &Value| {
        u["name"]
            .as_str()
            .or(u["warscroll"].as_str())
            .unwrap_or("?")
            .to_string()
    };
    let units_offered = offers
        .costs
        .iter()
        .map(|(id, cost)| {
            let unit = units.iter().find(|u| u["id"].as_i64() == Some(*id));
            let reinforced = unit.is_some_and(|u| u["reinforced"] == true);
            let label = format!(
                "{} ({cost} pts{})",
                unit.map(name).unwrap_or_else(|| format!("unit {id}")),
                if reinforced { ", reinforced" } else { "" }
            );
            Choice::new(id.to_string(), label)
        })
        .collect();
    let ticked: Vec<String> = taken.iter().map(|t| t["unit_id"].to_string()).collect();
    let general = taken
        .iter()
        .find(|t| t["general"] == true)
        .map(|t| t["unit_id"].to_string())
        .unwrap_or_default();
    let mut generals = vec![Choice::new(
        "",
        "left to the rules (the warlord when it is taken)",
    )];
    generals.extend(
        offers
            .generals
            .iter()
            .map(|(id, n)| Choice::new(id.to_string(), n)),
    );
    let general_hint = match taken.is_empty() {
        true => "The warlord, when taken, must be the general; else a WARMASTER, when one is taken.",
        false => {
            "Only what the rules accept for the army recorded: its warlord, else a WARMASTER taken, else a HERO taken. Recording other units? Leave it to the rules, or record them first."
        }
    };
    // The triumph tables, when this side's triumph is due and its victory was won in a realm
    // with a table of its own (Mount Hedon): the engine decides (`triumph_tables_offered`).
    let tables: Vec<Choice> = offers
        .triumph
        .tables
        .iter()
        .map(|t| Choice::new(t.id.clone(), t.name.clone()).hint(t.words.clone()))
        .collect();
    let first_table = offers.triumph.tables.first().map(|t| t.id.clone());
    let total = match taken.is_empty() {
        true => format!("No army recorded yet; the battle's points limit is {points_limit}."),
        false => format!(
            "The army recorded: {} of the battle's {points_limit} points{}.",
            offers.army_points,
            if offers.army_points > points_limit {
                " (over the limit)"
            } else {
                ""
            }
        ),
    };
    let submit = match taken.is_empty() {
        true => "Record the army",
        false => "Record the army again",
    };
    let mut form = Form::new(format!("army-{roster_id}"), format!("/battles/{battle_id}/army"), submit)
        .key(key)
        .hidden("roster_id", roster_id)
        .lead(html! { p.note { (total) " Each unit is priced as recorded: a reinforced unit at twice its points." } })
        .field(Field::checks("unit", "Units taken", units_offered).values(ticked))
        .field(
            Field::select("general", "General (a HERO)", generals)
                .value(general)
                .hint(general_hint),
        );
    if let Some(first) = first_table {
        form = form.field(
            Field::radio("triumph_table", "Triumph table to roll on", tables)
                .value(first)
                .hint("The army's triumph is rolled as it is recorded with its general."),
        );
    }
    form.field(Field::text(
        "dice",
        "Roll-off dice (empty: the server rolls)",
        100,
    ))
    .render()
}
