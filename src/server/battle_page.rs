//! A battle's page: its sides and armies, the result and whose aftermath is still to run, its
//! twists and every die rolled for it (from the dice log), with the forms of whoever may act.

use super::auth::{self, may_read};
use super::pages::{Page, failed, page, sides, text};
use super::{Shared, forms, forms_more};
use crate::cli::views;
use crate::ops;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use maud::{Markup, html};
use serde_json::Value;

/// `GET /battles/{id}`.
pub async fn battle(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    let who = may_read(&server, &headers).await.map_err(failed)?;
    let (b, rosters, rolls) = server
        .with_store(move |s, store| {
            let shown = s.battle(store, id)?;
            let rosters = serde_json::to_value(&shown.rosters)?;
            let view = views::battle(&shown)?;
            // Every die of the battle from the dice log, each command's.
            let mut rolls = Vec::new();
            ops::rolls::each(store, Some(id), None, |r| {
                rolls.push(r);
                Ok(())
            })?;
            Ok((view, rosters, rolls))
        })
        .await
        .map_err(failed)?;
    let key = auth::token(&headers).map(|t| ops::invite::form_key(&t));
    let campaign_id = b["campaign_id"].as_i64().unwrap_or_default();
    // Each side's form for whoever may change it: its army while the battle is planned, its
    // aftermath once fought; and the result, for the organiser, once both armies are in.
    let none = Vec::new();
    let both = b["sides"].as_array().unwrap_or(&none);
    let armies_in = both
        .iter()
        .all(|s| s["army"].as_array().is_some_and(|a| !a.is_empty()));
    let organiser = who.is_some_and(|w| w.is_organiser() && w.campaign_id == campaign_id);
    let result_form = match &key {
        Some(key) if organiser && armies_in && b["status"] == "planned" => {
            Some(forms_more::result_form(id, campaign_id, key, both))
        }
        _ => None,
    };
    let form_of = |side: &Value| -> Option<Markup> {
        let roster_id = side["roster_id"].as_i64()?;
        let allowed = who.is_some_and(|w| w.may_change(campaign_id, roster_id));
        if !allowed {
            return None;
        }
        if b["status"] == "planned" && side["army"].as_array().is_some_and(Vec::is_empty) {
            return Some(forms_more::army_form(id, roster_id, key.as_deref()?));
        }
        if b["status"] != "fought" || side["aftermath_done"] == true {
            return None;
        }
        let units = rosters
            .as_array()?
            .iter()
            .find(|r| r["id"].as_i64() == Some(roster_id))?["units"]
            .as_array()?
            .clone();
        Some(forms::aftermath_form(id, roster_id, key.as_deref()?, &units))
    };
    let none = Vec::new();
    let twists = b["twists"].as_array().unwrap_or(&none);
    // Each unit's name as its Order of Battle has it, for the armies.
    let label = |unit: &Value| -> String {
        let id = unit["unit_id"].as_i64();
        let found = rosters
            .as_array()
            .into_iter()
            .flatten()
            .flat_map(|r| r["units"].as_array().into_iter().flatten())
            .find(|u| u["id"].as_i64() == id);
        match found {
            Some(u) => u["name"]
                .as_str()
                .or(u["warscroll"].as_str())
                .unwrap_or("?")
                .to_string(),
            None => format!("unit {}", text(&unit["unit_id"])),
        }
    };
    Ok(page(
        &format!("Battle {id}"),
        html! {
            p { (sides(&b)) " — " (text(&b["points_limit"])) " points, " (text(&b["battleplan"])) }
            h2 { "Sides" }
            ul {
                @for s in b["sides"].as_array().unwrap_or(&none) {
                    li {
                        a href={ "/rosters/" (text(&s["roster_id"])) } { (text(&s["roster"])) }
                        ": " (text(&s["result"]).replace('_', " "))
                        @if s["aftermath_done"] == true { " (aftermath run)" } @else { " (aftermath to run)" }
                        @if let Some(army) = s["army"].as_array().filter(|a| !a.is_empty()) {
                            ul {
                                @for u in army {
                                    li {
                                        (label(u))
                                        @if u["general"] == true { " (general)" }
                                        @if u["destroyed"] == true { " — destroyed" }
                                        @if u["slew_hero_or_monster"] == true { " — slew a HERO or MONSTER" }
                                    }
                                }
                            }
                        } @else { " — no army recorded yet" }
                        @if let Some(form) = form_of(s) { (form) }
                    }
                }
            }
            @if let Some(form) = result_form { h2 { "Result" } (form) }
            @if !twists.is_empty() {
                h2 { "Twists" }
                ul { @for t in twists { li { "Round " (text(&t["round"])) ": " (text(&t["twist"])) } } }
            }
            h2 { "Dice" }
            @if rolls.is_empty() { p.note { "No dice rolled for this battle yet." } }
            div.scroll { table {
                @if !rolls.is_empty() { tr { th { "#" } th { "For" } th { "Roll" } th { "Dice" } th { "Total" } th { "How" } } }
                @for r in &rolls {
                    tr {
                        td { (r.id) }
                        td { (r.roster.as_deref().unwrap_or("-")) ": " (r.purpose) }
                        td { (r.expression) }
                        td { (r.faces.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")) }
                        td { (r.total) }
                        td { @if r.source == "typed" { "typed in" } @else { "rolled by ptg" } }
                    }
                }
            } }
        },
    ))
}
