//! The forms a roster's page shows its player: a starting unit to add, a quest to start, the
//! ability of each rank reached. Each is sent to `roster::actions`.

use crate::rules::renown::RankChoice;
use crate::server::form::{Choice, Field, Form};
use maud::{Markup, html};
use serde_json::Value;

/// The add-a-unit form of a roster in set-up.
pub fn add_unit_form(roster_id: i64, key: &str, warscrolls: &[(String, u32)]) -> Markup {
    let choices = warscrolls
        .iter()
        .map(|(name, points)| Choice::new(name, format!("{name} ({points} pts)")))
        .collect();
    Form::new(
        "add-unit",
        format!("/rosters/{roster_id}/units"),
        "Add to the Order of Battle",
    )
    .key(key)
    .field(Field::select("warscroll", "Warscroll", choices).required())
    .field(Field::text("name", "its name (optional)", 100))
    .field(Field::check("reinforced", "reinforced"))
    .render()
}

/// Start a quest (a roster with none); sent to `roster_actions`.
pub fn quest_form(roster_id: i64, key: &str, quests: &[(String, String)], roster: &Value) -> Markup {
    let none = Vec::new();
    let units = roster["units"].as_array().unwrap_or(&none);
    let quest_choices = quests
        .iter()
        .map(|(name, summary)| Choice::new(name, name).hint(summary))
        .collect();
    let mut unit_choices = vec![Choice::new("", "-")];
    unit_choices.extend(units.iter().filter(|u| u["retired"] != true).map(|u| {
        Choice::new(
            u["id"].to_string(),
            u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?"),
        )
    }));
    Form::new("quest", format!("/rosters/{roster_id}/quest"), "Start the quest")
        .key(key)
        .field(Field::select("quest", "Quest", quest_choices).required())
        .field(Field::select(
            "unit",
            "for unit (a quest that names one)",
            unit_choices,
        ))
        .after(html! {
            details { summary { "What each quest asks" }
                ul { @for (name, summary) in quests { li { strong { (name) } ": " (summary) } } }
            }
        })
        .render()
}

/// Pick the ability of each rank reached: a form per unit and Path open to it (at a unit's
/// first rank, one per Path it may walk, which it picks with the ability).
/// Each ability is offered with what it does (`summaries`, by `PATH:ABILITY`).
pub fn rank_form(
    roster_id: i64,
    key: &str,
    choices: &[RankChoice],
    summaries: &std::collections::HashMap<String, String>,
) -> Markup {
    html! {
        @for c in choices {
            @for p in &c.paths {
                form method="post" action={ "/rosters/" (roster_id) "/rank" } {
                    input type="hidden" name="key" value=(key);
                    input type="hidden" name="unit" value=(c.unit_id);
                    @if c.picks_path { input type="hidden" name="path" value=(p.id); }
                    label { (c.unit) " reached " (c.rank) ": " (p.name) " "
                        select name="ability" {
                            @for (id, name) in &p.abilities {
                                option value=(id) {
                                    (name)
                                    @if let Some(what) = summaries.get(&format!("{}:{id}", p.id)) { ": " (what) }
                                }
                            }
                        }
                    }
                    " "
                    button { "Choose" }
                }
            }
        }
    }
}
