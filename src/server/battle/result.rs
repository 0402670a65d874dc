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
use crate::server::forms::{Fields, all, dice_of, field};
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use axum::{Form, Router};
use maud::{Markup, html};

pub fn routes() -> Router<Shared> {
    Router::new().route("/battles/{id}/result", post(result))
}

/// Field `{name}_a` and `{name}_b` as (roster, N) for the sides they were given for, as the
/// CLI's `--vp ROSTER=N`.
fn per_side(f: &Fields, b: &Battle, name: &str, what: &str) -> Result<Vec<(String, u32)>> {
    let mut out = Vec::new();
    for (side, suffix) in b.sides.iter().zip(["a", "b"]) {
        if let Some(v) = field(f, &format!("{name}_{suffix}")) {
            let n = v
                .parse()
                .map_err(|_| Error::refused(format!("{what} must be a whole number; '{v}' is not one")))?;
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
    let key = field(&f, "key").unwrap_or_default().to_string();
    submit_in_battle(
        &server,
        &headers,
        &key,
        id,
        Rights::Organiser,
        move |s, store, b, _| {
            let report = report(&f, &b)?;
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
    html! {
        form method="post" action={ "/battles/" (battle_id) "/result" } {
            input type="hidden" name="key" value=(key);
            @for (s, x) in sides.iter().zip(["a", "b"]) {
                fieldset {
                    legend { (s.roster) }
                    p {
                        label { "Victory points " input name={ "vp_" (x) } required inputmode="numeric" size="4"; } " "
                        label { "quest points " input name={ "quest_" (x) } inputmode="numeric" size="4"; } " "
                        label { input type="checkbox" name={ "general_slain_" (x) } value="yes"; " its general was slain" }
                    }
                    table {
                        tr { th { "Unit" } th { "destroyed" } th { "slew a HERO or MONSTER" } }
                        @for (id, name) in &s.units {
                            tr {
                                td { (name) }
                                td { label.tick { input type="checkbox" name="destroyed" value=(id) aria-label={ (name) " destroyed" }; } }
                                td { label.tick { input type="checkbox" name="slew" value=(id) aria-label={ (name) " slew a HERO or MONSTER" }; } }
                            }
                        }
                    }
                    @if sudden.is_some() {
                        p {
                            label { "models lost (a battle not fought to its end) " input name={ "lost_" (x) } inputmode="numeric" size="4"; } " "
                            label { "models added during the game " input name={ "added_" (x) } inputmode="numeric" size="4"; }
                        }
                    }
                }
            }
            p { label { "Withdrew "
                select name="withdrew" {
                    option value="" { "no one" }
                    @for (s, x) in sides.iter().zip(["a", "b"]) { option value=(x) { (s.roster) } }
                }
            } }
            @if let Some(picked) = sudden.and_then(|s| s.picked.as_deref()) {
                p { label {
                    input type="checkbox" name="sudden_death" value="achieved";
                    " sudden death objective achieved (" (picked) ")"
                } }
            }
            p { label { "Dice typed at the table, for a roll-off between generals who drew level or a triumph due to this battle (empty: the server rolls) "
                input name="dice" inputmode="numeric";
            } }
            button { "Record the result" }
        }
    }
}
