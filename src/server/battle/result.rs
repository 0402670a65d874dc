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
use crate::server::kit::extract::Path;
use crate::server::kit::form::{Choice, Field, Form};
use crate::server::kit::forms::{Fields, all, dice_of, field};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::Markup;
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
    crate::server::kit::extract::Form(f): crate::server::kit::extract::Form<Fields>,
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
            let shown = match correct {
                true => ops::correct::correct_result(&s.catalogue, store, id, &report)?,
                false => {
                    let mut dice = dice_of(field(&f, "dice").unwrap_or_default())?;
                    ops::battle::record_result(&s.catalogue, store, id, &report, dice.as_mut())?
                }
            };
            Ok(recorded_note(&shown.battle, correct))
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

/// "Result recorded: Hammers of Dawn major victory, Rat Tide major loss", and the glory each
/// side's aftermath will add.
fn recorded_note(b: &Battle, corrected: bool) -> String {
    let sides: Vec<String> = b
        .sides
        .iter()
        .map(|s| {
            let result = s
                .result
                .map(|r| r.to_string().replace('_', " "))
                .unwrap_or_default();
            format!("{} {result}", s.roster)
        })
        .collect();
    let what = if corrected {
        "Result corrected"
    } else {
        "Result recorded"
    };
    crate::server::kit::answers::said(
        &format!("{what}: {}", sides.join(", ")),
        &["Each side's aftermath is next: its form shows the glory the battle earns.".to_string()],
    )
}

/// The result's form sent to `action`, filled in from `now` (the battle's view, as the page
/// reads it) when it corrects a result recorded (`correct.rs`). Fields named per side
/// (`vp_a`, `vp_b`) or shared by both (`destroyed`, `slew`: unit ids).
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
    let marked = |k: &str| -> Vec<String> {
        (0..sides.len())
            .filter_map(side_now)
            .flat_map(|s| s["army"].as_array().cloned().unwrap_or_default())
            .filter(|u| u[k] == true)
            .map(|u| u["unit_id"].to_string())
            .collect()
    };
    let achieved = now.is_some_and(|b| {
        b["sides"]
            .as_array()
            .into_iter()
            .flatten()
            .any(|s| s["decision"]["by"] == "sudden_death")
    });
    let units: Vec<Choice> = sides
        .iter()
        .flat_map(|s| {
            s.units
                .iter()
                .map(|(id, n)| Choice::new(id.to_string(), format!("{}: {n}", s.roster)))
        })
        .collect();
    let id = action.trim_start_matches('/').replace('/', "-");
    let mut form = Form::new(id, action, button).key(key);
    for (i, (s, x)) in sides.iter().zip(["a", "b"]).enumerate() {
        let vp = Field::number(&format!("vp_{x}"), &format!("{}: victory points", s.roster)).required();
        let quest = Field::number(&format!("quest_{x}"), &format!("{}: quest points", s.roster));
        form = form
            .field(match number(i, "victory_points") {
                Some(n) => vp.value(n),
                None => vp,
            })
            .field(match number(i, "quest_points").filter(|n| n != "0") {
                Some(n) => quest.value(n),
                None => quest,
            });
        let slain = Field::check(
            &format!("general_slain_{x}"),
            &format!("{}: its general was slain", s.roster),
        );
        form = form.field(if flag(i, "general_slain") {
            slain.value("yes")
        } else {
            slain
        });
        if sudden.is_some() {
            let lost = Field::number(
                &format!("lost_{x}"),
                &format!("{}: models lost (a battle not fought to its end)", s.roster),
            );
            let added = Field::number(
                &format!("added_{x}"),
                &format!("{}: models added during the game", s.roster),
            );
            form = form
                .field(match decided(i, "models_lost") {
                    Some(n) => lost.value(n),
                    None => lost,
                })
                .field(match decided(i, "models_added") {
                    Some(n) => added.value(n),
                    None => added,
                });
        }
    }
    form = form
        .field(Field::checks("destroyed", "Units destroyed", units.clone()).values(marked("destroyed")))
        .field(
            Field::checks("slew", "Units that slew a HERO or MONSTER", units)
                .values(marked("slew_hero_or_monster")),
        );
    let mut withdrew = vec![Choice::new("", "no one")];
    withdrew.extend(
        sides
            .iter()
            .zip(["a", "b"])
            .map(|(s, x)| Choice::new(x, &s.roster)),
    );
    let gone = ["a", "b"]
        .into_iter()
        .enumerate()
        .find(|(i, _)| flag(*i, "withdrew"))
        .map(|(_, x)| x);
    form = form.field(Field::select("withdrew", "Withdrew", withdrew).values(gone));
    if let Some(picked) = sudden.and_then(|s| s.picked.as_deref()) {
        let f = Field::checks(
            "sudden_death",
            "Sudden death",
            vec![Choice::new(
                "achieved",
                format!("sudden death objective achieved ({picked})"),
            )],
        );
        form = form.field(if achieved { f.values(["achieved"]) } else { f });
    }
    if now.is_none() {
        form = form.field(Field::text(
            "dice",
            "Dice typed at the table, for a roll-off between generals who drew level or a triumph due to this battle (empty: the server rolls)",
            200,
        ));
    }
    form.render()
}
