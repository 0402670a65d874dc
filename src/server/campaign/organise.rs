//! The organiser's page of a campaign (`GET /campaigns/{id}/organise`): its settings and
//! options, its name, its rosters (a new one, favour, deleting one), the invites, undo, and
//! deleting the campaign. Only the campaign's organiser sees it; each form goes to the routes
//! of `organise_actions`, `invites` and `organiser`.

use crate::error::Error;
use crate::ops;
use crate::ops::campaign::OfferedOption;
use crate::rules::standings::StandingsRule;
use crate::server::kit::extract::Path;
use crate::server::kit::form::{Choice, Field, Form};
use crate::server::kit::page::{Page, failed, league_page};
use crate::server::kit::rights::auth::may_read;
use crate::server::kit::shell::League;
use crate::server::{Failure, Shared};
use crate::store::RosterRow;
use crate::store::invites::Invite;
use axum::Router;
use axum::extract::State;
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
    /// The options the battlepack offers, in words, each with its values.
    offered: Vec<OfferedOption>,
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
            crate::server::kit::scope::campaign_name(s, store, id)?;
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
                offered: ops::campaign::offered_options(&s.catalogue, pack),
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
            (Form::new("rename", to("rename"), "Rename")
                .key(&key)
                .field(Field::text("name", "Rename the campaign", 100).value(&c.name).required())
                .render())
            h2 { "Delete the campaign" }
            p.note { "Its rosters go with it; battles and history are kept, and Undo on this page brings it all back." }
            (Form::new("delete-campaign", to("delete"), "Delete it")
                .key(&key)
                .button_class("danger")
                .field(Field::text("confirm", "Type its name to confirm", 100).required())
                .field(Field::check("force", "although it holds battles"))
                .render())
        },
    ))
}

/// Legends, the league table's order, and each option the battlepack offers, by what it does.
fn settings_form(o: &Organised, key: &str, action: &str) -> Markup {
    let c = &o.campaign;
    let legends = if c.legends { "on" } else { "off" };
    let standings = [StandingsRule::Wins, StandingsRule::Glory]
        .into_iter()
        .map(|r| Choice::new(r.as_str(), r.label()).hint(r.words()))
        .collect();
    let mut form = Form::new("settings", action, "Save the settings")
        .key(key)
        .field(
            Field::select(
                "legends",
                "Legends warscrolls",
                vec![Choice::new("off", "not allowed"), Choice::new("on", "allowed")],
            )
            .value(legends),
        )
        .field(
            Field::select("standings", "League table sorted by", standings)
                .value(c.options.standings.as_str())
                .hint(c.options.standings.words()),
        );
    for option in &o.offered {
        form = form.field(option_field(option, &c.options.value_of(option.name)));
    }
    form.render()
}

/// A select of option `option`'s values, named and explained in words; `now` selected.
fn option_field(option: &OfferedOption, now: &str) -> Field {
    let choices = option
        .values
        .iter()
        .map(|(value, words)| Choice::new(value, words))
        .collect();
    Field::select(option.name, option.label, choices)
        .value(now)
        .hint(option.about.clone())
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
                        (Form::new(format!("favour-{}", r.id), format!("/rosters/{}/favour", r.id), "Change")
                            .key(key)
                            .field(Field::number("change", "Change").hint("+1 gives a point, -1 takes one").required())
                            .field(Field::text("reason", "why", 200).required())
                            .render())
                    } @else { "-" } }
                    td {
                        (Form::new(format!("delete-roster-{}", r.id), format!("/rosters/{}/delete", r.id), "Delete")
                            .key(key)
                            .button_class("danger")
                            .field(Field::text("confirm", "Delete: type its name", 100).required())
                            .field(Field::check("force", "although battles name it"))
                            .render())
                    }
                }
            }
        } }
    }
}

/// `roster new`: the roster, its player and faction (each offered by its value, so the pick
/// is what is sent and is kept when refused), and its warlord with Path and ability.
fn new_roster_form(o: &Organised, key: &str, action: &str) -> Markup {
    let factions = o.factions.iter().map(|f| Choice::new(f, f)).collect();
    let paths = o.paths.iter().map(|(id, name)| Choice::new(id, name)).collect();
    Form::new("new-roster", action, "Create the roster")
        .key(key)
        .field(Field::text("name", "Name", 100).required())
        .field(Field::text("player", "player", 100).required())
        .field(Field::select("faction", "Faction", factions).required())
        .field(Field::text("warlord", "Warlord (warscroll)", 100).required())
        .field(Field::text("warlord_name", "its name", 100))
        .field(Field::select("path", "Path", paths).required())
        .field(Field::text("ability", "ability", 100).required())
        .field(Field::text("realm", "Realm of origin", 100))
        .render()
}

/// `GET /campaigns/{id}/export.json`: the campaign with its whole history as `ptg export
/// --campaign C` writes it, to download (the organiser's: it holds every roster and roll).
async fn export(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    let done = async {
        let at = crate::server::kit::actions::organised(&server, &headers, id).await?;
        let league = server
            .with_reader(move |_, store| {
                let mut text = Vec::new();
                ops::league::export(store, Some(at.id), &mut text).map(|_| text)
            })
            .await?;
        Ok::<_, Failure>((at.name, league))
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
