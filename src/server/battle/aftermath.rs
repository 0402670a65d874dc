//! A side's aftermath from the battle's page: the form (favoured warriors, what to buy and
//! retire, the quest, the dice) and its route, calling `ops::aftermath::run` as the CLI does.

use crate::ops;
use crate::rules::aftermath::Choices;
use crate::server::Shared;
use crate::server::answers::said;
use crate::server::extract::Form;
use crate::server::extract::Path;
use crate::server::forms::{
    Fields, all, dice_of, field, key_and_roster, list, no_roster, refused, some, submit,
};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::{Markup, html};
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new().route("/battles/{id}/aftermath", post(aftermath))
}

/// A side's aftermath: favoured warriors, a unit to add, one to reinforce, a `retire` field
/// per unit ticked, the quest, the dice.
async fn aftermath(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(battle): Path<i64>,
    Form(f): Form<Fields>,
) -> Response {
    let back = format!("/battles/{battle}");
    let Some((key, roster_id)) = key_and_roster(&f) else {
        return refused(no_roster(), &back);
    };
    submit(
        &server,
        &headers,
        &key,
        roster_id,
        back,
        move |s, store, roster| {
            let text = |name: &str| field(&f, name).unwrap_or_default();
            let quest = match some(text("quest")) {
                Some(q) => q.parse().map_err(crate::error::Error::refused)?,
                None => Default::default(),
            };
            let choices = Choices {
                favoured: some(text("favoured")),
                add_units: list(text("add_unit")),
                add_name: None,
                ally: None,
                reinforce: list(text("reinforce")),
                retire: all(&f, "retire").iter().flat_map(|r| list(r)).collect(),
                warlord: some(text("warlord")),
                quest,
            };
            let mut dice = dice_of(text("dice"))?;
            let done =
                ops::aftermath::run(&s.catalogue, store, battle, roster, &choices, dice.as_mut(), None)?;
            let mut lines = crate::views::outcome::outcome_lines(&done.outcome, &done.after);
            lines.extend(crate::views::roster::waiting_words(done.pack, &done.after));
            Ok(said(&done.outcome.summary, &lines))
        },
    )
    .await
}

/// The aftermath form of one side: favoured warriors among its units, then what to buy with
/// the glory it will hold (`offers`, as `roster afford` lists them; the glory this battle earns
/// is added first, so dearer units are listed too and the aftermath refuses what it cannot pay).
pub fn aftermath_form(
    battle_id: i64,
    roster_id: i64,
    key: &str,
    units: &[Value],
    offers: &crate::rules::afford::Affordable,
) -> Markup {
    html! {
        form method="post" action={ "/battles/" (battle_id) "/aftermath" } {
            input type="hidden" name="key" value=(key);
            input type="hidden" name="roster_id" value=(roster_id);
            p.note { "Glory held now: " (offers.glory) "; the glory this battle earns is added before anything is bought." }
            // Only units that may be the favoured warriors: not the warlord, not UNIQUE.
            @let favourable = units.iter().filter(|u| {
                u["warlord"] != true
                    && u["retired"] != true
                    && !u["keywords"].as_array().is_some_and(|k| k.iter().any(|k| k == "UNIQUE"))
            });
            p { label { "Favoured warriors "
                select name="favoured" {
                    option value="" { "-" }
                    @for u in favourable {
                        option value=(u["id"].to_string()) {
                            (u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?"))
                        }
                    }
                }
            } }
            p { label { "Add a unit "
                select name="add_unit" {
                    option value="" { "-" }
                    @for o in &offers.add {
                        option value=(o.warscroll) { (o.warscroll) " (" (o.cost) " glory)" }
                    }
                }
            } }
            p { label { "Reinforce "
                select name="reinforce" {
                    option value="" { "-" }
                    @for o in &offers.reinforce {
                        option value=(o.unit) { (o.name) " (" (o.cost) " glory)" }
                    }
                    option value="new" { "the unit added" }
                }
            } }
            p { "Retire: "
                @for u in units.iter().filter(|u| u["retired"] != true) {
                    label { input type="checkbox" name="retire" value=(u["id"].to_string()); " "
                        (u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?")) } " "
                }
            }
            @let heroes: Vec<&Value> = units
                .iter()
                .filter(|u| u["retired"] != true && u["warlord"] != true)
                .filter(|u| u["keywords"].as_array().is_some_and(|k| k.iter().any(|k| k == "HERO")))
                .collect();
            @if !heroes.is_empty() {
                p { label { "Who leads the roster if the warlord retires (club option retire-warlord) "
                    select name="warlord" {
                        option value="" { "-" }
                        @for u in &heroes {
                            option value=(u["id"].to_string()) {
                                (u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?"))
                            }
                        }
                    }
                } }
            }
            p { label { "Quest "
                select name="quest" {
                    option value="auto" { "complete it if it can be, else record progress" }
                    option value="keep" { "record progress only" }
                    option value="complete" { "complete it" }
                    option value="abandon" { "give it up" }
                }
            } }
            p { label { "Dice rolled at the table (empty: the server rolls) " input name="dice" inputmode="numeric"; } }
            button { "Run the aftermath" }
        }
    }
}
