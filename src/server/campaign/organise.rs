//! The organiser's page of a campaign (`GET /campaigns/{id}/organise`): its settings and
//! options, its name, its rosters (a new one, favour, deleting one), the invites, undo, and
//! deleting the campaign. Only the campaign's organiser sees it; each form goes to the routes
//! of `organise_actions`, `invites` and `organiser`.

use crate::error::Error;
use crate::ops;
use crate::rules::options::CampaignOptions;
use crate::rules::standings::StandingsRule;
use crate::server::pages::{Page, failed, league_page};
use crate::server::session::auth::may_read;
use crate::server::shell::League;
use crate::server::{Failure, Shared};
use crate::store::RosterRow;
use crate::store::invites::Invite;
use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{Markup, html};

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/campaigns/{id}/organise", get(organise))
        .route("/campaigns/{id}/export.json", get(export))
}

/// What the page shows, read in one go.
struct Organised {
    campaign: crate::store::Campaign,
    battlepack: String,
    /// The options the battlepack offers, each with its values.
    offered: Vec<(&'static str, Vec<String>)>,
    rosters: Vec<RosterRow>,
    /// The rosters that keep favour points (option `favour`).
    keeps_favour: Vec<String>,
    invites: Vec<Invite>,
    factions: Vec<String>,
    paths: Vec<(String, String)>,
    latest: Option<ops::undo::Preview>,
}

async fn organise(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    let ring = may_read(&server, &headers).await.map_err(failed)?;
    let Some(signed) = ring.organiser_of(id) else {
        return Err(failed(Failure::new(
            StatusCode::FORBIDDEN,
            "only the campaign's organiser sees this page: open the organiser's invite link",
        )));
    };
    let key = signed.form_key().unwrap_or_default();
    let o = server
        .with_reader(move |s, store| {
            crate::server::campaign::undo::campaign_name(s, store, id)?;
            let shown = ops::campaign::show(&s.catalogue, store, crate::ids::CampaignId(id))?;
            let pack = s
                .catalogue
                .battlepack(&shown.campaign.battlepack)
                .map_err(Error::refused)?;
            let factions = s
                .catalogue
                .faction_summaries()
                .map_err(|e| Error::refused(e.to_string()))?
                .into_iter()
                .map(|(f, _)| f.name)
                .collect();
            let scope = ops::undo::Scope {
                roster: None,
                campaign: Some(crate::ids::CampaignId(id)),
                player_only: false,
            };
            Ok(Organised {
                offered: CampaignOptions::offered(&pack.options),
                paths: pack
                    .paths
                    .iter()
                    .map(|p| (p.id.clone(), p.name.clone()))
                    .collect(),
                battlepack: shown.battlepack,
                keeps_favour: shown
                    .rosters
                    .iter()
                    .filter(|r| r.favour.is_some())
                    .map(|r| r.name.clone())
                    .collect(),
                rosters: ops::roster::list(store, Some(crate::ids::CampaignId(id)))?,
                invites: ops::invite::list(store, crate::ids::CampaignId(id))?,
                latest: ops::undo::preview(store, scope).ok(),
                campaign: shown.campaign,
                factions,
            })
        })
        .await
        .map_err(failed)?;
    let c = &o.campaign;
    let to = |what: &str| format!("/campaigns/{id}/{what}");
    let rosters: Vec<(i64, String)> = o.rosters.iter().map(|r| (r.id, r.name.clone())).collect();
    Ok(league_page(
        League { id, name: &c.name },
        &format!("Organising {}", c.name),
        html! {
            p { a href={ "/campaigns/" (id) } { "The league page" } " · " (o.battlepack) " · "
                a href={ "/campaigns/" (id) "/export.json" } { "Download the league file" } " (the whole campaign with its history, to keep or to restore elsewhere)" }
            h2 { "Settings" }
            (settings_form(&o, &key, &to("settings")))
            h2 { "Rosters" }
            (rosters_table(&o, &key))
            h3 { "A new roster" }
            (new_roster_form(&o, &key, &to("rosters")))
            details {
                summary { "A new roster from a player's army list" }
                (crate::server::roster::import::import_form(&to("import"), &key, true))
            }
            h2 { "New players" }
            p.note { "A join link lets each new player make their own roster and sign in as its player." }
            (crate::server::session::join::section(id, &key, server.joins_per_hour))
            h2 { "Invites" }
            (crate::server::session::invites::section(id, &key, &o.invites, &rosters))
            @if let Some(latest) = &o.latest {
                h2 { "Undo" }
                (crate::server::campaign::undo::undo_form_html(id, &key, latest))
            }
            h2 { "Name" }
            form method="post" action=(to("rename")) {
                input type="hidden" name="key" value=(key);
                label { "Rename the campaign " input name="name" required value=(c.name); } " "
                button { "Rename" }
            }
            h2 { "Delete the campaign" }
            p.note { "Its rosters go with it; battles and history are kept, and Undo on this page brings it all back." }
            form method="post" action=(to("delete")) {
                input type="hidden" name="key" value=(key);
                label { "Type its name to confirm " input name="confirm" required; } " "
                label { input type="checkbox" name="force" value="on"; " although it holds battles" } " "
                button { "Delete it" }
            }
        },
    ))
}

/// Legends, the league table's order, and each option the battlepack offers.
fn settings_form(o: &Organised, key: &str, action: &str) -> Markup {
    let c = &o.campaign;
    let legends = if c.legends { "on" } else { "off" };
    html! {
        form method="post" action=(action) {
            input type="hidden" name="key" value=(key);
            p { label { "Legends warscrolls " (choice("legends", &["off", "on"], legends)) } }
            p { label { "League table by " (choice("standings", &StandingsRule::NAMES, c.options.standings.as_str())) } }
            @for (name, values) in &o.offered {
                p { label { "Option " (name) " " (choice(name, values, &c.options.value_of(name))) } }
            }
            button { "Save the settings" }
        }
    }
}

/// A select of `values` with `now` selected.
fn choice<S: AsRef<str>>(name: &str, values: &[S], now: &str) -> Markup {
    html! {
        select name=(name) {
            @for v in values {
                option selected[v.as_ref() == now] { (v.as_ref()) }
            }
        }
    }
}

/// Each roster with the organiser's forms: favour (for those that keep it) and delete.
fn rosters_table(o: &Organised, key: &str) -> Markup {
    html! {
        // A card per roster on a phone (`table.cards`, each cell named by its `data-label`).
        div.scroll tabindex="0" role="region" aria-label="Rosters" { table.cards {
            tr { th { "Roster" } th { "Player" } th { "Faction" } th { "Glory" } th { "Favour" } th { "Delete" } }
            @for r in &o.rosters {
                tr {
                    td.lead { a href={ "/rosters/" (r.id) } { (r.name) } }
                    td data-label="Player" { (r.player) }
                    td data-label="Faction" { (r.faction) }
                    td data-label="Glory" { (r.glory) }
                    td data-label="Favour" { @if o.keeps_favour.contains(&r.name) {
                        (r.favour)
                        form method="post" action={ "/rosters/" (r.id) "/favour" } {
                            input type="hidden" name="key" value=(key);
                            label { "Change " input name="change" required size="3" inputmode="numeric" placeholder="+1"; }
                            label { "why " input name="reason" required placeholder="why"; }
                            button { "Change" }
                        }
                    } @else { "-" } }
                    td {
                        form method="post" action={ "/rosters/" (r.id) "/delete" } {
                            input type="hidden" name="key" value=(key);
                            label { "Delete: type its name " input name="confirm" required placeholder="its name, to confirm"; }
                            label { input type="checkbox" name="force" value="on"; " although battles name it" }
                            button { "Delete" }
                        }
                    }
                }
            }
        } }
    }
}

/// `roster new`: the roster, its player and faction, and its warlord with Path and ability.
fn new_roster_form(o: &Organised, key: &str, action: &str) -> Markup {
    html! {
        form method="post" action=(action) {
            input type="hidden" name="key" value=(key);
            p { label { "Name " input name="name" required; } " "
                label { "player " input name="player" required; } }
            p { label { "Faction "
                select name="faction" { @for f in &o.factions { option { (f) } } }
            } }
            p { label { "Warlord (warscroll) " input name="warlord" required; } " "
                label { "its name " input name="warlord_name"; } }
            p { label { "Path "
                select name="path" { @for (id, name) in &o.paths { option value=(id) { (name) } } }
            } " "
                label { "ability " input name="ability" required; } }
            p { label { "Realm of origin " input name="realm"; } }
            button { "Create the roster" }
        }
    }
}

/// `GET /campaigns/{id}/export.json`: the campaign with its whole history as `ptg export
/// --campaign C` writes it, to download (the organiser's: it holds every roster and roll).
async fn export(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    let done = async {
        let at = crate::server::actions::organised(&server, &headers, id).await?;
        let league = server
            .with_reader(move |_, store| ops::league::export(store, Some(at.id)))
            .await?;
        Ok::<_, Failure>((at.name, league.text))
    };
    match done.await {
        Ok((name, text)) => {
            let mut response = text.into_response();
            let h = response.headers_mut();
            h.insert(header::CONTENT_TYPE, HeaderValue::from_static("application/json"));
            h.insert(
                header::CONTENT_DISPOSITION,
                crate::server::edge::attachment(&crate::names::slug(&name), "json", "league"),
            );
            response
        }
        Err(f) => failed(f),
    }
}
