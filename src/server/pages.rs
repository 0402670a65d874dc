//! The pages people read on a phone: the league table and recent battles, each roster, each
//! battle with its dice. Server-rendered HTML (maud checks it at compile time and escapes every
//! value), no JavaScript. They show the same JSON views the API gives.

use super::battle::plan;
use super::kit::rights::auth::may_read;
use super::kit::shell::League;
use super::{Failure, Shared, not_found_if_unknown};
use crate::names::counted;
use crate::ops;
use crate::server::kit::extract::Path;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use axum::routing::get;
use maud::{Markup, html};
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/", get(home))
        .route("/campaigns/{id}", get(campaign))
        .route("/rosters/{id}", get(super::roster::page::roster))
        .route("/rosters/{id}/sheet.pdf", get(sheet))
        .route("/rosters/{id}/list.txt", get(list))
        .route("/battles/{id}", get(super::battle::page::battle))
}

pub(super) type Page = Result<Html<String>, Response>;

/// A page in the house style (`shell`): readable on a phone, no script.
pub(super) fn page(title: &str, body: Markup) -> Html<String> {
    super::kit::shell::shell(title, None, body)
}

/// A page of campaign `league`: the bar on top links back to its league page.
pub(super) fn league_page(league: League, title: &str, body: Markup) -> Html<String> {
    super::kit::shell::shell(title, Some(league), body)
}

/// A failure as a page: the status and the message the CLI gives.
pub(super) fn failed(f: Failure) -> Response {
    let f = not_found_if_unknown(f);
    let status = f.status;
    (status, refusal_page(status, &f.for_pages())).into_response()
}

/// What a refused request shows: what happened, in the words given, and the way back to the
/// league (`/` goes to it, or to the campaigns when the server has several).
pub(super) fn refusal_page(status: StatusCode, message: &str) -> Html<String> {
    let (title, lead) = match status {
        StatusCode::NOT_FOUND => (
            "Not found",
            Some("Nothing is here: the link may be mistyped, or what it named was deleted."),
        ),
        StatusCode::BAD_REQUEST => (
            "Not understood",
            Some("The address, or the form sent, could not be read."),
        ),
        _ => ("Not shown", None),
    };
    page(
        title,
        html! {
            @if let Some(lead) = lead { p { (lead) } p.note { (message) } } @else { p { (message) } }
            p { a.button href="/" { "Back to the league" } }
        },
    )
}

pub(super) fn text(v: &Value) -> String {
    match v {
        Value::Null => "-".into(),
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
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
                                    " " (super::session::sign_out_form(Some(k)))
                                }
                                " " (super::session::own_link_form(k))
                            }
                        }
                    }
                }
                @if ring.keys.len() > 1 {
                    @if let Some(key) = ring.keys.first().and_then(|k| k.form_key()) {
                        (super::session::sign_out_everywhere_form(&key))
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
            super::campaign::undo::campaign_name(s, store, id)?;
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
            latest.map(|l| super::campaign::undo::undo_form_html(id, &key, &l))
        }
        _ => None,
    };
    let race = super::chart::figure(&server, id).await?;
    // On a phone the table keeps the roster, its wins, draws, losses and glory; the rest
    // (`.wide`) shows on wider screens.
    Ok(league_page(
        League { id, name: &title },
        &title,
        html! {
            @if organiser { (super::next::for_organiser(&open)) }
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
            (super::session::sign_out_form(ring.in_campaign(id)))
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

/// "Hammers of Dawn 14 v Rat Tide 8 (fought)".
pub(super) fn sides(b: &Value) -> String {
    let none = Vec::new();
    let sides: Vec<String> = b["sides"]
        .as_array()
        .unwrap_or(&none)
        .iter()
        .map(|s| match s["victory_points"].as_u64() {
            Some(vp) => format!("{} {vp}", text(&s["roster"])),
            None => text(&s["roster"]),
        })
        .collect();
    format!("{} ({})", sides.join(" v "), text(&b["status"]))
}

/// The roster sheet as `ptg roster sheet` prints it (the compiled-in template), to download.
async fn sheet(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    if let Err(f) = may_read(&server, &headers).await {
        return failed(f);
    }
    let made = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            let printed = chrono::Local::now().date_naive();
            let view = ops::sheet::view(&s.catalogue, store, at.id, printed)?;
            let pdf = crate::sheet::pdf::render(
                &view,
                &crate::sheet::Template::bundled(),
                crate::sheet::Faces::embedded(),
            );
            Ok((crate::names::slug(&view.army), pdf.bytes))
        })
        .await;
    match made {
        Ok((slug, bytes)) => {
            let mut response = bytes.into_response();
            let h = response.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
            h.insert(
                header::CONTENT_DISPOSITION,
                super::edge::attachment(&slug, "pdf", "roster"),
            );
            response
        }
        Err(f) => failed(f),
    }
}

/// The Order of Battle as the official app's text (`ptg roster export`), to paste into the app
/// or another tool.
async fn list(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    if let Err(f) = may_read(&server, &headers).await {
        return failed(f);
    }
    let made = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            let list = ops::lists::export(&s.catalogue, store, at.id)?;
            Ok(crate::lists::export::app_text(&list))
        })
        .await;
    match made {
        Ok(text) => {
            let mut response = text.into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/plain; charset=utf-8"),
            );
            response
        }
        Err(f) => failed(f),
    }
}

/// The battles of campaign `campaign` or of roster `roster`, newest first, as `battle list
/// --json` has them.
pub(super) fn battle_list(
    store: &mut crate::store::Store,
    campaign: Option<crate::ids::CampaignId>,
    roster: Option<crate::ids::RosterId>,
) -> crate::error::Result<Vec<Value>> {
    ops::battle::read_list(store, campaign, roster, |list| {
        let mut all = Vec::new();
        list.each(|b| {
            all.push(serde_json::to_value(&b)?);
            Ok(())
        })?;
        Ok(all)
    })
}
