//! A battle's page: its sides and armies, the result and whose aftermath is still to run, its
//! twists and every die rolled for it (from the dice log), with the forms of whoever may act:
//! before the battle its realm, twists and sudden death objective, then its result and each
//! side's aftermath.

use crate::error::Error;
use crate::ops;
use crate::rules::battle::BattleStatus;
use crate::server::Shared;
use crate::server::battle::before::{self, ArmyOf};
use crate::server::battle::correct;
use crate::server::battle::result::{self, SuddenDeathFields};
use crate::server::kit::extract::Path;
use crate::server::kit::page::{Page, failed, sides, text};
use crate::server::kit::rights::auth::may_read;
use crate::server::kit::shell::{League, shell};
use crate::views;
use axum::extract::State;
use axum::http::HeaderMap;
use maud::{Markup, html};
use serde_json::Value;
use std::collections::HashMap;

/// `GET /battles/{id}`.
pub async fn battle(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    let ring = may_read(&server, &headers).await.map_err(failed)?;
    let reader = ring.clone();
    let (b, (names, rosters), rolls, realms, objectives, (offers, league, choices)) = server
        .with_reader(move |s, store| {
            // One read: each side's roster loaded once, for the battle and its aftermath's
            // choices alike (issue #32).
            let page = ops::pages::battle_page(&s.catalogue, store, id)?;
            if !s.in_scope(page.shown.battle.campaign_id) {
                return Err(Error::refused(format!("there is no battle {id}")));
            }
            let shown = &page.shown;
            let campaign = shown.battle.campaign_id;
            // Each unit's name as its Order of Battle has it, for the armies; and, as JSON for
            // the army and aftermath forms, the units of the rosters this reader may change
            // only (most readers change none: a page costs what it shows).
            let names: HashMap<i64, String> = shown
                .rosters
                .iter()
                .flat_map(|r| &r.units)
                .map(|u| (u.id, u.display_name().to_string()))
                .collect();
            let mut rosters: Vec<(i64, Value)> = Vec::new();
            for r in &shown.rosters {
                if reader.changer_of(campaign, r.id).is_some() {
                    rosters.push((r.id, serde_json::to_value(&r.units)?));
                }
            }
            let view = views::battle::view(shown)?;
            // The realms to name one from, while it is still to be named (option `realms`).
            let planned = shown.battle.status == BattleStatus::Planned;
            let realms_on = shown.rosters.first().is_some_and(|r| r.options.realms);
            let realms: Vec<(String, String)> = match planned && realms_on && shown.battle.realm.is_none() {
                true => ops::realms::all_realms(&s.catalogue)?
                    .iter()
                    .map(|r| (r.name.clone(), r.summary.clone()))
                    .collect(),
                false => Vec::new(),
            };
            let objectives: Vec<(String, String)> =
                page.objectives.into_iter().map(|o| (o.name, o.summary)).collect();
            let (offers, rolls, league) = (page.offers, page.rolls, page.league);
            Ok((
                view,
                (names, rosters),
                rolls,
                realms,
                objectives,
                (offers, league, page.choices),
            ))
        })
        .await
        .map_err(failed)?;
    let campaign_id = b["campaign_id"].as_i64().unwrap_or_default();
    // The forms carry the key of the sign-in that acts in this league (`keyring`).
    let key = ring.form_key_in(campaign_id);
    let none = Vec::new();
    let both = b["sides"].as_array().unwrap_or(&none);
    let planned = b["status"] == "planned";
    let armies_in = both
        .iter()
        .all(|s| s["army"].as_array().is_some_and(|a| !a.is_empty()));
    // Each unit's name as its Order of Battle has it, for the armies.
    let label = |unit_id: Option<i64>| -> String {
        match unit_id.and_then(|id| names.get(&id)) {
            Some(name) => name.clone(),
            None => format!("unit {}", unit_id.map_or("?".into(), |i| i.to_string())),
        }
    };
    let armies: Vec<ArmyOf> = both
        .iter()
        .map(|s| ArmyOf {
            roster_id: s["roster_id"].as_i64().unwrap_or_default(),
            roster: text(&s["roster"]),
            units: s["army"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(|u| Some((u["unit_id"].as_i64()?, label(u["unit_id"].as_i64()))))
                .collect(),
        })
        .collect();
    let side_ids: Vec<i64> = armies.iter().map(|a| a.roster_id).collect();
    let organiser = ring.organiser_of(campaign_id).is_some();
    let in_battle = ring.in_battle(campaign_id, &side_ids).is_some();
    let may_change = |roster_id: i64| ring.changer_of(campaign_id, roster_id).is_some();
    let key = key.as_deref();
    // Before the battle, for the organiser or its players: the realm still to be named, the
    // twists once both armies are in, and the outnumbered side's sudden death objective.
    // After a roll-off only its winner (or the organiser) names the realm: only they see it.
    let names_realm = match b["realm_picker_id"].as_i64() {
        Some(winner) => organiser || may_change(winner),
        None => in_battle,
    };
    let realm_form = key
        .filter(|_| names_realm && !realms.is_empty())
        .map(|k| before::realm_form(id, k, &realms));
    let twist_form = key
        .filter(|_| in_battle && planned && armies_in)
        .map(|k| before::twist_form(id, k, &armies));
    let outnumbered = b["models"]["outnumbered"].as_str();
    let picked = both.iter().find_map(|s| {
        let p = s.get("sudden_death")?;
        let target = match p["target_unit"].as_i64() {
            Some(unit) => format!(" ({})", label(Some(unit))),
            None => p["target_text"]
                .as_str()
                .map(|t| format!(" ({t})"))
                .unwrap_or_default(),
        };
        Some(format!(
            "{}: {}{target}",
            text(&s["roster"]),
            text(&p["objective"])
        ))
    });
    let sudden_death_form = match (key, outnumbered) {
        (Some(k), Some(out)) if planned && picked.is_none() => {
            let at = armies.iter().position(|a| a.roster == out);
            at.filter(|&i| may_change(armies[i].roster_id))
                .map(|i| before::sudden_death_form(id, k, &armies[i], &armies[1 - i], &objectives))
        }
        _ => None,
    };
    // The result, for the organiser, once both armies are in.
    let sudden = b.get("models").map(|_| SuddenDeathFields {
        picked: picked.clone(),
    });
    let result_form = key
        .filter(|_| organiser && armies_in && planned)
        .map(|k| result::result_form(id, k, &armies, sudden.as_ref()));
    // Its correction, for the organiser, once fought and until either aftermath has run.
    let correctable = b["status"] == "fought" && both.iter().all(|s| s["aftermath_done"] != true);
    let correct_form = key
        .filter(|_| organiser && correctable)
        .map(|k| correct::correct_form(id, k, &armies, sudden.as_ref(), &b));
    // Each side's form for whoever may change it: its army while the battle is planned, its
    // aftermath once fought.
    let form_of = |side: &Value| -> Option<Markup> {
        let roster_id = side["roster_id"].as_i64()?;
        if !may_change(roster_id) {
            return None;
        }
        // The side's Order of Battle, as the battle's rosters have it.
        let units = rosters.iter().find(|(id, _)| *id == roster_id)?.1.as_array()?;
        let offered = choices.iter().find(|c| c.roster_id == roster_id)?;
        // While the battle is planned its player records the army, or records it again.
        if planned && let Some(taken) = side["army"].as_array() {
            let limit = b["points_limit"].as_u64().unwrap_or_default();
            return Some(crate::server::battle::army::army_form(
                id, roster_id, key?, units, taken, offered, limit,
            ));
        }
        if b["status"] != "fought" || side["aftermath_done"] == true {
            return None;
        }
        let offer = offers.iter().find(|(r, _)| *r == roster_id).map(|(_, o)| o)?;
        Some(crate::server::battle::aftermath::aftermath_form(
            id, roster_id, key?, units, offer, offered,
        ))
    };
    // The triumph a side rolled, with what it does (its table's data).
    let triumph_of = |side: &Value| {
        let roster_id = side["roster_id"].as_i64()?;
        let offered = choices.iter().find(|c| c.roster_id == roster_id)?;
        offered.triumph.rolled.as_ref()
    };
    let twists = b["twists"].as_array().unwrap_or(&none);
    let realm = match b["realm"].as_str() {
        Some(r) => match b["realm_phrase"].as_str() {
            Some(phrase) => format!(", fought {phrase}"),
            None => format!(", fought in {r}"),
        },
        None if !realms.is_empty() => {
            let picker = armies
                .iter()
                .find(|a| b["realm_picker_id"].as_i64() == Some(a.roster_id))
                .map(|a| format!(" ({} won the roll-off and names it)", a.roster))
                .unwrap_or_default();
            format!(", its realm still to be named{picker}")
        }
        None => String::new(),
    };
    let models = b["models"]["models"].as_array().map(|m| {
        let counts: Vec<String> = m
            .iter()
            .map(|s| format!("{} {}", text(&s["roster"]), text(&s["models"])))
            .collect();
        let verdict = match outnumbered {
            Some(r) => format!("{r} is outnumbered"),
            None => "neither army outnumbers the other".to_string(),
        };
        format!("Models: {}; {verdict}", counts.join(", "))
    });
    let league = league.as_deref().map(|name| League {
        id: campaign_id,
        name,
    });
    Ok(shell(
        &format!("Battle {id}"),
        league,
        html! {
            p { (sides(&b)) " — " (text(&b["points_limit"])) " points, " (text(&b["battleplan"])) (realm) }
            h2 { "Sides" }
            ul {
                @for s in both {
                    li {
                        a href={ "/rosters/" (text(&s["roster_id"])) } { (text(&s["roster"])) }
                        @if b["status"] == "fought" {
                            ": " (text(&s["result"]).replace('_', " "))
                            @if s["aftermath_done"] == true { " (aftermath run)" } @else { " (aftermath to run)" }
                        }
                        @if s["general_slain"] == true { " — its general was slain" }
                        @if s["withdrew"] == true { " — withdrew" }
                        @if let Some(t) = s["triumph"]["triumph"].as_str() {
                            " — triumph rolled: " strong { (t) }
                            @if let Some(shown) = triumph_of(s).filter(|t| !t.summary.is_empty()) {
                                " (" (shown.table) "): " (shown.summary)
                            }
                        }
                        @if let Some(army) = s["army"].as_array().filter(|a| !a.is_empty()) {
                            ul {
                                @for u in army {
                                    li {
                                        (label(u["unit_id"].as_i64()))
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
            @if let Some(plan) = b["battleplan_details"].as_object() {
                h2 { "Battleplan: " (text(&b["battleplan"])) }
                @let picker = both.iter().find(|s| s["roster_id"] == b["roles_roster_id"]).map(|s| text(&s["roster"]));
                p { "Roles: " (text(&b["roles_choice"]))
                    @if let Some(who) = &picker { " — " (who) " picks (its general has fewer renown, or won the roll-off for " (text(&b["roles_choice"])) ")" }
                    @else if b["generals_renown"].as_array().is_some_and(|r| r.len() == 2 && r[0] == r[1]) {
                        " — the generals drew level after the armies were recorded: they roll off for " (text(&b["roles_choice"])) " when the result is recorded"
                    } }
                p { strong { "Deployment: " } (text(&plan["deployment"])) }
                p { strong { "Scoring: " } (text(&plan["scoring"])) }
                @if let Some(reward) = plan.get("campaign_reward").and_then(|r| r.as_object()) {
                    p { strong { "Campaign reward: " } (text(&reward["summary"])) }
                }
            }
            @if let Some(m) = &models { p { (m) } }
            @if let Some(p) = &picked { p { "Sudden death objective: " (p) } }
            @if let Some(form) = realm_form { h2 { "Realm" } (form) }
            @if let Some(form) = sudden_death_form { h2 { "Sudden death" } (form) }
            @if let Some(form) = twist_form { h2 { "Roll a twist" } (form) }
            @if let Some(form) = result_form { h2 { "Result" } (form) }
            @if let Some(form) = correct_form { h2 { "Correct the result" } (form) }
            @if !twists.is_empty() {
                h2 { "Twists" }
                @let summaries = b["battleplan_details"]["twists"].as_array();
                ul { @for t in twists {
                    li {
                        "Round " (text(&t["round"])) ": " strong { (text(&t["twist"])) } " (" (text(&t["underdog"])) ")"
                        @if let Some(what) = summaries.and_then(|all| all.iter().find(|d| d["name"] == t["twist"])) {
                            ": " (text(&what["summary"]))
                        }
                    }
                } }
            }
            h2 { "Dice" }
            @if rolls.is_empty() { p.note { "No dice rolled for this battle yet." } }
            div.scroll tabindex="0" role="region" aria-label="Dice rolled" { table {
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
