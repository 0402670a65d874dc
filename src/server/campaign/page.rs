//! The pages people open first, read on a phone: every campaign served (`/`, with this
//! browser's sign-ins) and a campaign's league page (its table, race and recent battles).
//! Server-rendered HTML (maud checks it at compile time and escapes every value), no
//! JavaScript. They show the same JSON views the API gives.

use crate::names::counted;
use crate::ops;
use crate::server::Shared;
use crate::server::battle::plan;
use crate::server::kit::extract::Path;
use crate::server::kit::page::{Page, failed, league_page, page, sides, text};
use crate::server::kit::rights::auth::may_read;
use crate::server::kit::shell::League;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::get;
use maud::html;
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/", get(home))
        .route("/campaigns/{id}", get(campaign))
}

async fn home(State(server): State<Shared>, headers: HeaderMap) -> Response {
    if let Some(id) = server.campaign {
        return Redirect::to(&format!("/campaigns/{id}")).into_response();
    }
    match campaigns(&server, &headers).await {
        Ok(page) => page.into_response(),
        Err(response) => response,
    }
}

/// Every campaign served, each linking to its league page; first, the leagues and rosters
/// this browser is signed in to (its keyring), each with its way out.
async fn campaigns(server: &Shared, headers: &HeaderMap) -> Page {
    let ring = may_read(server, headers).await.map_err(failed)?;
    let rosters: Vec<i64> = ring.keys.iter().filter_map(|k| k.who.roster_id).collect();
    let (list, names) = server
        .with_reader(move |s, store| {
            let names = rosters
                .into_iter()
                .filter_map(|r| s.locate(store, r).ok().map(|at| (r, at.name)))
                .collect::<Vec<_>>();
            Ok((s.campaigns(store)?, names))
        })
        .await
        .map_err(failed)?;
    let campaign_name = |id: i64| {
        list.iter()
            .find(|c| c.campaign.id == id)
            .map(|c| c.campaign.name.clone())
    };
    let roster_name = |id: i64| names.iter().find(|(r, _)| *r == id).map(|(_, n)| n.clone());
    Ok(page(
        "Campaigns",
        html! {
            @if !ring.is_empty() {
                h2 { "Your leagues and rosters" }
                ul.keyring {
                    @for k in &ring.keys {
                        @if let Some(league) = campaign_name(k.who.campaign_id) {
                            li {
                                a href={ "/campaigns/" (k.who.campaign_id) } { (league) } ": "
                                @match k.who.roster_id {
                                    Some(r) => { "player of " a href={ "/rosters/" (r) } { (roster_name(r).unwrap_or_default()) } }
                                    None => { "organiser (" a href={ "/campaigns/" (k.who.campaign_id) "/organise" } { "organise" } ")" }
                                }
                                // One way out per league, after its last sign-in.
                                @if ring.keys.iter().rev().find(|o| o.who.campaign_id == k.who.campaign_id).is_some_and(|o| std::ptr::eq(o, k)) {
                                    " " (crate::server::session::sign_out_form(Some(k)))
                                }
                                " " (crate::server::session::own_link_form(k))
                            }
                        }
                    }
                }
                @if ring.keys.len() > 1 {
                    @if let Some(key) = ring.keys.first().and_then(|k| k.form_key()) {
                        (crate::server::session::sign_out_everywhere_form(&key))
                    }
                }
                h2 { "Every campaign" }
            }
            ul {
                @for c in &list {
                    li {
                        a href={ "/campaigns/" (c.campaign.id) } { (c.campaign.name) }
                        " — " (counted(c.rosters as usize, "roster", "rosters")) ", "
                        (counted(c.battles as usize, "battle", "battles"))
                    }
                }
            }
        },
    ))
}

async fn campaign(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    let ring = may_read(&server, &headers).await.map_err(failed)?;
    // The forms act with this browser's organiser's sign-in of this campaign (`keyring`).
    let signed = ring.organiser_of(id);
    let shown = server
        .with_reader(move |s, store| {
            crate::server::kit::scope::campaign_name(s, store, id)?;
            let shown = ops::campaign::show(&s.catalogue, store, crate::ids::CampaignId(id))?;
            // What the plan form picks from: the battleplans, and the realms when played.
            let pack = ops::pack_of(&s.catalogue, &shown.campaign)?;
            let choices = plan::PlanChoices {
                battleplans: pack.battleplans.iter().map(|b| b.name.clone()).collect(),
                realms: match shown.campaign.options.realms {
                    true => ops::realms::all_realms(&s.catalogue)?
                        .iter()
                        .map(|r| (r.name.clone(), r.summary.clone()))
                        .collect(),
                    false => Vec::new(),
                },
            };
            let open = ops::pages::open_sides(store, Some(crate::ids::CampaignId(id)), None)?;
            Ok((serde_json::to_value(&shown)?, choices, open))
        })
        .await
        .map_err(failed)?;
    let (shown, choices, open) = shown;
    let organiser = signed.is_some();
    let title = text(&shown["campaign"]["name"]);
    let none = Vec::new();
    let standings = shown["standings"].as_array().unwrap_or(&none);
    let battles = shown["recent_battles"].as_array().unwrap_or(&none);
    let key = signed.and_then(|k| k.form_key());
    let plan_form = key
        .as_deref()
        .map(|key| plan::plan_form(id, key, standings, &choices));
    // The organiser's undo, naming the command it would take back.
    let undo_form = match key {
        Some(key) => {
            let latest = server
                .with_reader(move |_, store| {
                    let scope = ops::undo::Scope {
                        roster: None,
                        campaign: Some(crate::ids::CampaignId(id)),
                        player_only: false,
                    };
                    Ok(ops::undo::preview(store, scope).ok())
                })
                .await
                .map_err(failed)?;
            latest.map(|l| super::undo::undo_form_html(id, &key, &l))
        }
        _ => None,
    };
    // The race's legend names the rosters of the table; the chart is an image of its own.
    let names: std::collections::HashMap<i64, String> = standings
        .iter()
        .filter_map(|s| Some((s["roster_id"].as_i64()?, s["roster"].as_str()?.to_string())))
        .collect();
    let fought = standings
        .iter()
        .any(|s| s["played"].as_u64().is_some_and(|n| n > 0));
    let race = super::chart::figure(id, &names, fought);
    // On a phone the table keeps the roster, its wins, draws, losses and glory; the rest
    // (`.wide`) shows on wider screens.
    Ok(league_page(
        League { id, name: &title },
        &title,
        html! {
            @if organiser { (crate::server::next::for_organiser(&open)) }
            h2 { "League table" }
            div.scroll tabindex="0" role="region" aria-label="League table" { table.league {
                tr { th.num { "#" } th { "Roster" } th.wide { "Player" } th.wide { "Faction" } th.num.wide { "Played" }
                     th.num { span.long { "Won" } span.short { abbr title="Won" { "W" } } }
                     th.num { span.long { "Drawn" } span.short { abbr title="Drawn" { "D" } } }
                     th.num { span.long { "Lost" } span.short { abbr title="Lost" { "L" } } }
                     th.num { span.long { "Glory earned" } span.short { "Glory" } }
                     th.num.wide { "Renown" } th.wide { "Quest" } }
                @for s in standings {
                    tr {
                        td.num { (text(&s["place"])) }
                        td { a href={ "/rosters/" (text(&s["roster_id"])) } { (text(&s["roster"])) } }
                        td.wide { (text(&s["player"])) }
                        td.wide { (text(&s["faction"])) }
                        td.num.wide { (text(&s["played"])) }
                        td.num { (count(s, &["major_victories", "minor_victories"]))
                            span.wide { " (" (count(s, &["major_victories"])) " major)" } }
                        td.num { (text(&s["draws"])) }
                        td.num { (lost(s)) }
                        td.num { (text(&s["glory_earned"])) }
                        td.num.wide { (text(&s["renown"])) }
                        td.wide { (text(&s["quest"])) }
                    }
                }
            } }
            (race)
            @if let Some(form) = plan_form {
                p { a href={ "/campaigns/" (id) "/organise" } { "Organise the campaign" } ": settings, rosters, invites" }
                h2 { "Plan a battle" } (form)
            }
            @if let Some(form) = undo_form { h2 { "Undo" } (form) }
            (crate::server::session::sign_out_form(ring.in_campaign(id)))
            p { a.button.quiet href={ "/campaigns/" (id) "/battles" } { "All battles" } " "
                a.button.quiet href={ "/campaigns/" (id) "/history" } { "History" } " "
                a.button.quiet href={ "/campaigns/" (id) "/audit" } { "Audit" } }
            h2 { "Recent battles" }
            ul {
                @for b in battles {
                    li { a href={ "/battles/" (text(&b["id"])) } { "Battle " (text(&b["id"])) } ": " (sides(b)) }
                }
            }
        },
    ))
}

fn count(s: &Value, keys: &[&str]) -> u64 {
    keys.iter().filter_map(|k| s[*k].as_u64()).sum()
}

fn lost(s: &Value) -> u64 {
    count(s, &["minor_defeats", "major_defeats"])
}
