//! The forms a roster's page shows its player: a starting unit to add, a quest to start, the
//! ability of each rank reached. Each is sent to `roster::actions`.

use crate::rules::renown::RankChoice;
use crate::server::kit::form::{Choice, Field, Form};
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

/// Pick the ability of each rank reached, under the heading "Ranks reached" (`#ranks`, where
/// the "What's next" lines send the player): a form per unit and Path open to it (at a unit's
/// first rank, one per Path its keywords let it walk, `rules::renown::walkable_paths`, which it
/// picks with the ability), the Path named in words. Each ability is offered with what it does
/// (`summaries`, by `PATH:ABILITY`).
pub fn rank_form(
    roster_id: i64,
    key: &str,
    choices: &[RankChoice],
    summaries: &std::collections::HashMap<String, String>,
) -> Markup {
    let forms = choices.iter().flat_map(|c| {
        c.paths.iter().map(move |p| {
            let abilities = p
                .abilities
                .iter()
                .map(|(id, name)| {
                    let label = match summaries.get(&format!("{}:{id}", p.id)) {
                        Some(what) => format!("{name}: {what}"),
                        None => name.clone(),
                    };
                    Choice::new(id, label)
                })
                .collect();
            let mut form = Form::new(
                format!("rank-{}-{}", c.unit_id, p.id),
                format!("/rosters/{roster_id}/rank"),
                "Choose",
            )
            .key(key)
            .hidden("unit", c.unit_id)
            .lead(html! { p { strong { (c.unit) } " reached " (c.rank) ": " (p.name) } })
            .field(Field::select("ability", "Ability", abilities).required());
            if c.picks_path {
                form = form.hidden("path", &p.id);
            }
            form.render()
        })
    });
    html! {
        section #ranks {
            h2 { "Ranks reached" }
            @for form in forms { (form) }
        }
    }
}
