//! A side's aftermath from the battle's page: the form (favoured warriors, what to buy and
//! retire, the quest, the dice) and its route, calling `ops::aftermath::run` as the CLI does.

use crate::ops;
use crate::ops::pages::SideChoices;
use crate::rules::aftermath::Choices;
use crate::server::Shared;
use crate::server::kit::answers::said;
use crate::server::kit::extract::Path;
use crate::server::kit::form::{Choice, Field, Form};
use crate::server::kit::forms::{
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
    crate::server::kit::extract::Form(f): crate::server::kit::extract::Form<Fields>,
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

/// The aftermath form of one side: the glory this battle earns it (before anything is spent),
/// the favoured warriors among the units the rules accept, then what to buy with the glory it
/// will hold (`offers`, as `roster afford` lists them; the glory this battle earns is added
/// first, so dearer units are listed too and the aftermath refuses what it cannot pay), the
/// units it may retire, the quest, the dice.
pub fn aftermath_form(
    battle_id: i64,
    roster_id: i64,
    key: &str,
    units: &[Value],
    offers: &crate::rules::afford::Affordable,
    side: &SideChoices,
) -> Markup {
    let choices = |list: &[(i64, String)]| -> Vec<Choice> {
        list.iter()
            .map(|(id, n)| Choice::new(id.to_string(), n))
            .collect()
    };
    let earned = side.glory.map(|g| (g.total(), g.breakdown()));
    let after = earned
        .as_ref()
        .map_or(offers.glory, |(total, _)| offers.glory + i64::from(*total));
    let mut form = Form::new(
        format!("aftermath-{roster_id}"),
        format!("/battles/{battle_id}/aftermath"),
        "Run the aftermath",
    )
    .key(key)
    .hidden("roster_id", roster_id)
    .lead(html! {
        p.note {
            @if let Some((total, breakdown)) = &earned {
                "This battle earns " strong { (total) " glory" } " (" (breakdown) "): "
                (offers.glory) " held now, " (after) " to spend."
            } @else {
                "Glory held now: " (offers.glory) "; the glory this battle earns is added before anything is bought."
            }
        }
    });
    // Only the units the rules accept: no "-" to be refused when some unit could be picked.
    if !side.favoured.is_empty() {
        form = form.field(
            Field::radio("favoured", "Favoured warriors", choices(&side.favoured))
                .required()
                .hint("one unit that took part (not the warlord, not UNIQUE); roll the D3s for renown at the table first and type them in below to pick knowing them"),
        );
    }
    let mut add = vec![Choice::new("", "none")];
    add.extend(
        offers
            .add
            .iter()
            .map(|o| Choice::new(&o.warscroll, format!("{} ({} glory)", o.warscroll, o.cost))),
    );
    let mut reinforce = vec![Choice::new("", "none")];
    reinforce.extend(
        offers
            .reinforce
            .iter()
            .map(|o| Choice::new(o.unit.to_string(), format!("{} ({} glory)", o.name, o.cost))),
    );
    reinforce.push(Choice::new("new", "the unit added"));
    form = form
        .field(Field::select("add_unit", "Add a unit", add))
        .field(Field::select("reinforce", "Reinforce", reinforce))
        .field(Field::checks("retire", "Retire", choices(&side.retire)));
    // Who leads the roster if the warlord retires: offered only when the warlord may retire.
    let warlord = units
        .iter()
        .find(|u| u["warlord"] == true)
        .and_then(|u| u["id"].as_i64());
    let heroes: Vec<Choice> = units
        .iter()
        .filter(|u| u["retired"] != true && u["warlord"] != true)
        .filter(|u| {
            u["keywords"]
                .as_array()
                .is_some_and(|k| k.iter().any(|k| k == "HERO"))
        })
        .map(|u| {
            Choice::new(
                u["id"].to_string(),
                u["name"].as_str().or(u["warscroll"].as_str()).unwrap_or("?"),
            )
        })
        .collect();
    if warlord.is_some_and(|w| side.retire.iter().any(|(id, _)| *id == w)) && !heroes.is_empty() {
        let mut lead = vec![Choice::new("", "the warlord is not retiring")];
        lead.extend(heroes);
        form = form.field(Field::select(
            "warlord",
            "Who leads the roster if the warlord retires",
            lead,
        ));
    }
    let quest = vec![
        Choice::new("auto", "complete it if it can be, else record progress"),
        Choice::new("keep", "record progress only"),
        Choice::new("complete", "complete it"),
        Choice::new("abandon", "give it up"),
    ];
    form.field(Field::select("quest", "Quest", quest))
        .field(Field::text(
            "dice",
            "The dice at the table, typed in (empty: the server rolls)",
            200,
        ))
        .render()
}
