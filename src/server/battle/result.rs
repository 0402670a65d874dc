//! The organiser records how a battle ended from its page, with everything `ptg battle result`
//! takes: victory points, quest points, who withdrew, whose general was slain, the units
//! destroyed and those that slew a HERO or MONSTER (ticked from each army's units), and with
//! option `sudden-death` the objective achieved or the models each side lost and added. The
//! sides are the battle's as the database has them: field `_a` is its first side, `_b` its
//! second.

use crate::error::{Error, Result};
use crate::ops;
use crate::rules::battle::{Battle, DecisionReport, ResultReport};
use crate::server::Shared;
use crate::server::battle::before::{ArmyOf, Rights, submit_in_battle};
use crate::server::extract::Form;
use crate::server::extract::Path;
use crate::server::forms::{Fields, all, dice_of, field};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::{Markup, html};
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new().route("/battles/{id}/result", post(result))
}

/// Field `{name}_a` and `{name}_b` as (roster, N) for the sides they were given for, as the
/// CLI's `--vp ROSTER=N`.
fn per_side(f: &Fields, b: &Battle, name: &str, what: &str) -> Result<Vec<(String, u32)>> {
    let mut out = Vec::new();
    for (side, suffix) in b.sides.iter().zip(["a", "b"]) {
        if let Some(v) = field(f, &format!("{name}_{suffix}")) {
            let n = crate::numbers::read(v).map_err(|e| Error::refused(format!("{what} {e}")))?;
            out.push((side.roster.clone(), n));
        }
    }
    Ok(out)
}

/// The result report the form says, as `battle result` builds it from its flags.
fn report(f: &Fields, b: &Battle) -> Result<ResultReport> {
    let side = |suffix: &str| match suffix {
        "a" => b.sides.first(),
        "b" => b.sides.get(1),
        _ => None,
    };
    let withdrew = match field(f, "withdrew") {
        None => None,
        Some(w) => Some(
            side(w)
                .map(|s| s.roster.clone())
                .ok_or_else(|| Error::refused(format!("'{w}' is not a side of battle {}", b.id)))?,
        ),
    };
    let general_slain = ["a", "b"]
        .into_iter()
        .filter(|s| field(f, &format!("general_slain_{s}")).is_some())
        .filter_map(|s| side(s).map(|s| s.roster.clone()))
        .collect();
    Ok(ResultReport {
        victory_points: per_side(f, b, "vp", "victory points")?,
        quest_points: per_side(f, b, "quest", "quest points")?,
        withdrew,
        general_slain,
        destroyed: all(f, "destroyed"),
        slew_hero_or_monster: all(f, "slew"),
        decision: DecisionReport {
            sudden_death_achieved: field(f, "sudden_death") == Some("achieved"),
            models_lost: per_side(f, b, "lost", "models lost")?,
            models_added: per_side(f, b, "added", "models added")?,
        },
    })
}

/// `POST /battles/{id}/result`: `ptg battle result` (the organiser).
async fn result(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<Fields>,
) -> Response {
    submit_result(server, headers, id, f, false).await
}

/// The organiser's result form sent: the result recorded, or (`correct`) the one recorded
/// corrected in its place (`correct.rs`).
pub(super) async fn submit_result(
    server: Shared,
    headers: HeaderMap,
    id: i64,
    f: Fields,
    correct: bool,
) -> Response {
    let key = field(&f, "key").unwrap_or_default().to_string();
    submit_in_battle(
        &server,
        &headers,
        &key,
        id,
        Rights::Organiser,
        move |s, store, b, _| {
            let report = report(&f, &b)?;
            if correct {
                return ops::correct::correct_result(&s.catalogue, store, id, &report).map(|_| ());
            }
            let mut dice = dice_of(field(&f, "dice").unwrap_or_default())?;
            ops::battle::record_result(&s.catalogue, store, id, &report, dice.as_mut()).map(|_| ())
        },
    )
    .await
}

/// With option `sudden-death`: the objective picked, if any, as "Hammers of Dawn: Assassinate".
pub struct SuddenDeathFields {
    pub picked: Option<String>,
}

/// Record the result (the organiser): both sides' points, losses and deeds, unit by unit.
pub fn result_form(
    battle_id: i64,
    key: &str,
    sides: &[ArmyOf],
    sudden: Option<&SuddenDeathFields>,
) -> Markup {
    let action = format!("/battles/{battle_id}/result");
    result_fields(&action, key, sides, sudden, None, "Record the result")
}

/// The result's form sent to `action`, filled in from `now` (the battle's view, as the page
/// reads it) when it corrects a result recorded (`correct.rs`).
pub(super) fn result_fields(
    action: &str,
    key: &str,
    sides: &[ArmyOf],
    sudden: Option<&SuddenDeathFields>,
    now: Option<&Value>,
    button: &str,
) -> Markup {
    let side_now = |i: usize| now.map(|b| &b["sides"][i]);
    let number = |i: usize, k: &str| side_now(i).and_then(|s| s[k].as_u64()).map(|n| n.to_string());
    let decided = |i: usize, k: &str| {
        side_now(i)
            .and_then(|s| s["decision"][k].as_u64())
            .map(|n| n.to_string())
    };
    let flag = |i: usize, k: &str| side_now(i).is_some_and(|s| s[k] == true);
    let marked = |i: usize, unit: i64, k: &str| {
        side_now(i)
            .and_then(|s| s["army"].as_array())
            .into_iter()
            .flatten()
            .any(|u| u["unit_id"].as_i64() == Some(unit) && u[k] == true)
    };
    let achieved = now.is_some_and(|b| {
        b["sides"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|s| s["decision"]["by"] == "sudden_death")
    });
    html! {
        form method="post" action=(action) {
            input type="hidden" name="key" value=(key);
            @for (i, (s, x)) in sides.iter().zip(["a", "b"]).enumerate() {
                fieldset {
                    legend { (s.roster) }
                    p {
                        label { "Victory points " input name={ "vp_" (x) } value=[number(i, "victory_points")] required inputmode="numeric" size="4"; } " "
                        label { "quest points " input name={ "quest_" (x) } value=[number(i, "quest_points").filter(|n| n != "0")] inputmode="numeric" size="4"; } " "
                        label { input type="checkbox" name={ "general_slain_" (x) } value="yes" checked[flag(i, "general_slain")]; " its general was slain" }
                    }
                    table {
                        tr { th { "Unit" } th { "destroyed" } th { "slew a HERO or MONSTER" } }
                        @for (id, name) in &s.units {
                            tr {
                                td { (name) }
                                td { label.tick { input type="checkbox" name="destroyed" value=(id) checked[marked(i, *id, "destroyed")] aria-label={ (name) " destroyed" }; } }
                                td { label.tick { input type="checkbox" name="slew" value=(id) checked[marked(i, *id, "slew_hero_or_monster")] aria-label={ (name) " slew a HERO or MONSTER" }; } }
                            }
                        }
                    }
                    @if sudden.is_some() {
                        p {
                            label { "models lost (a battle not fought to its end) " input name={ "lost_" (x) } value=[decided(i, "models_lost")] inputmode="numeric" size="4"; } " "
                            label { "models added during the game " input name={ "added_" (x) } value=[decided(i, "models_added")] inputmode="numeric" size="4"; }
                        }
                    }
                }
            }
            p { label { "Withdrew "
                select name="withdrew" {
                    option value="" { "no one" }
                    @for (i, (s, x)) in sides.iter().zip(["a", "b"]).enumerate() { option value=(x) selected[flag(i, "withdrew")] { (s.roster) } }
                }
            } }
            @if let Some(picked) = sudden.and_then(|s| s.picked.as_deref()) {
                p { label {
                    input type="checkbox" name="sudden_death" value="achieved" checked[achieved];
                    " sudden death objective achieved (" (picked) ")"
                } }
            }
            @if now.is_none() {
                p { label { "Dice typed at the table, for a roll-off between generals who drew level or a triumph due to this battle (empty: the server rolls) "
                    input name="dice" inputmode="numeric";
                } }
            }
            button { (button) }
        }
    }
}
