//! A roster's page: its Order of Battle, glory, Arcane Tome and Quest Log, what waits to be
//! picked, what `roster check` finds and what its glory buys in the next aftermath; with the
//! forms of whoever may change it.

use super::auth::{self, may_read};
use super::pages::{Page, failed, page, text};
use super::{Shared, forms, forms_more};
use crate::cli::views;
use crate::ops;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use maud::html;
use serde_json::Value;

/// `GET /rosters/{id}`.
pub async fn roster(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    let who = may_read(&server, &headers).await.map_err(failed)?;
    let read = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            // The roster loaded once for every section (`roster show`, `check`, `afford`).
            let read = ops::pages::roster_page(&s.catalogue, store, at.id)?;
            let view = views::roster(&read.shown)?;
            // What the quest and rank forms pick from.
            let subject = &read.shown.subject;
            let units: Vec<_> = subject.roster.active_units().collect();
            let ranks = crate::rules::renown::rank_choices(subject.pack, &units);
            let quests: Vec<(String, String)> = subject
                .pack
                .quests
                .iter()
                .map(|q| (q.name.clone(), q.summary.clone()))
                .collect();
            // The battles it fought or will fight, newest first.
            let battles = read
                .battles
                .iter()
                .map(serde_json::to_value)
                .collect::<Result<Vec<_>, _>>()?;
            Ok((
                at.campaign_id,
                view,
                read.report,
                read.offers,
                (ranks, quests, read.latest, battles),
            ))
        })
        .await
        .map_err(failed)?;
    let (campaign_id, r, report, offers, (ranks, quests, latest, battles)) = read;
    // The forms, for whoever may change this roster: a unit while in set-up, a quest when it
    // has none, a rank's ability when one waits.
    let key = match (who, auth::session_id(&headers)) {
        (Some(who), Some(token)) if who.may_change(campaign_id, id) => Some(ops::invite::form_key(&token)),
        _ => None,
    };
    let organiser = who.is_some_and(|w| w.is_organiser());
    let faction = r["faction"]
        .as_str()
        .and_then(|f| server.catalogue.faction(f).ok());
    let forms = key.map(|key| {
        html! {
            @if r["setup_complete"] != true {
                (forms::add_unit_form(id, &key))
                details {
                    summary { "Import an army list into this roster" }
                    (super::import_forms::import_form(&format!("/rosters/{id}/import"), &key, false))
                }
            }
            @if r["quest"].is_null() { (forms_more::quest_form(id, &key, &quests, &r)) }
            @if !ranks.is_empty() { (forms_more::rank_form(id, &key, &ranks)) }
            (super::roster_actions::forms(id, &key, &r, faction))
            @if let Some(latest) = &latest {
                (super::roster_actions::undo_form(id, r["name"].as_str().unwrap_or(""), &key, latest, organiser))
            }
        }
    });
    let none = Vec::new();
    let units = r["units"].as_array().unwrap_or(&none);
    let tome = r["tome"].as_array().unwrap_or(&none);
    // What waits to be picked, in the page's words (the CLI's lines name its commands): each
    // rank choice, and each reward owed, picked with the forms above.
    let label = |id: &Value| {
        units.iter().find(|u| u["id"] == *id).map(|u| {
            u["name"]
                .as_str()
                .or(u["warscroll"].as_str())
                .unwrap_or("?")
                .to_string()
        })
    };
    let mut waiting: Vec<String> = ranks
        .iter()
        .map(|c| format!("{} reached {}: pick its ability", c.unit, c.rank))
        .collect();
    for reward in r["rewards"].as_array().unwrap_or(&none) {
        let what = text(&reward["reward"]).replace(['-', '_'], " ");
        let whom = label(&reward["unit"])
            .map(|u| format!(" for {u}"))
            .unwrap_or_default();
        waiting.push(format!(
            "A {what}{whom} to pick (from {})",
            text(&reward["source"])
        ));
    }
    Ok(page(
        &text(&r["name"]),
        html! {
            p { (text(&r["player"])) " — " (text(&r["faction"])) " — campaign " (text(&r["campaign"])) }
            p { "Glory: " strong { (text(&r["glory"])) } " · Points: " (text(&r["points"]))
                " · " a href={ "/rosters/" (id) "/sheet.pdf" } { "Roster sheet (PDF)" }
                " · " a href={ "/rosters/" (id) "/list.txt" } { "Army list (app text)" } }
            h2 { "Order of Battle" }
            div.scroll { table {
                tr { th { "#" } th { "Unit" } th { "Rank" } th { "Renown" } th { "Path" } th { "Enhancements" } }
                @for u in units {
                    tr {
                        td { (text(&u["id"])) }
                        td {
                            (text(&u["warscroll"]))
                            @if let Some(name) = u["name"].as_str() { " “" (name) "”" }
                            @if u["warlord"] == true { " (warlord)" }
                            @if u["reinforced"] == true { " (reinforced)" }
                            @if u["retired"] == true { " (retired)" }
                        }
                        td { (text(&u["rank"])) }
                        td { (text(&u["renown"])) }
                        td { (text(&u["path"])) }
                        td { (enhancements(u)) }
                    }
                }
            } }
            @if let Some(forms) = forms { (forms) }
            @if !battles.is_empty() {
                h2 { "Battles" }
                ul { @for b in &battles {
                    li { a href={ "/battles/" (text(&b["id"])) } { "Battle " (text(&b["id"])) } ": " (super::pages::sides(b)) }
                } }
            }
            h2 { "Arcane Tome" }
            @if tome.is_empty() { p.note { "Empty." } }
            ul { @for e in tome { li { (text(&e["name"])) " (" (text(&e["lore"])) ")" } } }
            h2 { "Quest Log" }
            @match r["quest"].as_object() {
                Some(q) => p { (text(&q["quest"])) ": " (text(&q["points"])) " quest points" },
                None => p.note { "No quest." },
            }
            @if !waiting.is_empty() {
                h2 { "Waiting" }
                ul { @for w in &waiting { li { (w) } } }
            }
            @if !report.problems.is_empty() || !report.notes.is_empty() {
                h2 { "Check" }
                ul {
                    @for f in &report.problems { li { strong { (f.rule) } ": " (f.message) } }
                    @for n in &report.notes { li.note { (n) } }
                }
            }
            @if r["setup_complete"] == true {
                h2 { "What " (offers.glory) " glory buys in the next aftermath" }
                @let add: Vec<_> = offers.add.iter().filter(|o| o.affordable).collect();
                @let reinforce: Vec<_> = offers.reinforce.iter().filter(|o| o.affordable).collect();
                @let dearer = offers.add.iter().filter(|o| !o.affordable).min_by_key(|o| o.cost);
                @if add.is_empty() && reinforce.is_empty() { p.note { "Nothing yet." } }
                @if !add.is_empty() {
                    details {
                        summary { "Units to add (up to " (offers.max_units_added) " an aftermath): " (add.len()) }
                        ul { @for o in &add { li { (o.warscroll) ": " (o.cost) " glory" } } }
                    }
                }
                @if let Some(d) = dearer {
                    p.note { "The cheapest unit beyond it: " (d.warscroll) ", " (d.cost) " glory." }
                }
                @if !reinforce.is_empty() {
                    p { "Reinforce (up to " (offers.max_units_reinforced) "): "
                        (reinforce.iter().map(|o| format!("{} ({} glory)", o.name, o.cost)).collect::<Vec<_>>().join(", ")) }
                }
            }
            @if who.is_some() { (super::sessions::sign_out_form(&headers)) }
        },
    ))
}

fn enhancements(u: &Value) -> String {
    let none = Vec::new();
    let names: Vec<String> = u["enhancements"]
        .as_array()
        .unwrap_or(&none)
        .iter()
        .map(|e| text(&e["name"]))
        .collect();
    if names.is_empty() {
        "-".into()
    } else {
        names.join(", ")
    }
}
