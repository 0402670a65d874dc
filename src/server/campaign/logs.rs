//! A campaign's history (`ptg history --campaign C`, the latest change sets in the CLI's
//! words, older ones a page at a time), its audit (`ptg audit --campaign C`) and its battles
//! (`ptg battle list --campaign C`, a page at a time): what a club checks before a league night, read by
//! whoever may read the league.

use crate::names::counted;
use crate::ops;
use crate::ops::history::Page as LogPage;
use crate::rules::audit::Finding;
use crate::server::Shared;
use crate::server::kit::extract::Path;
use crate::server::kit::page::{Page, failed, league_page};
use crate::server::kit::rights::auth::may_read;
use crate::server::kit::shell::League;
use crate::views::history::{change_lines as history_change_lines, page_heading as history_heading};
use axum::Router;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::routing::get;
use maud::{Markup, html};
use serde::Deserialize;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/campaigns/{id}/history", get(history))
        .route("/campaigns/{id}/audit", get(audit))
        .route("/campaigns/{id}/battles", get(battles))
}

/// How many change sets a page shows.
const PER_PAGE: u32 = 50;

#[derive(Debug, Deserialize)]
pub(in crate::server) struct Older {
    /// Show the page that ends before change set (or battle) `before`.
    #[serde(default, deserialize_with = "crate::numbers::de::maybe")]
    pub(in crate::server) before: Option<i64>,
}

/// One change set as the page shows it: its heading and its lines.
struct Shown {
    id: i64,
    heading: String,
    lines: Vec<String>,
}

async fn history(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Query(older): Query<Older>,
) -> Page {
    may_read(&server, &headers).await.map_err(failed)?;
    let (name, sets, earlier) = server
        .with_reader(move |s, store| {
            let name = crate::server::kit::scope::campaign_name(s, store, id)?;
            let mut sets = Vec::new();
            // The latest page, or the page before set `before`: read from its index down.
            let page = LogPage {
                since: None,
                before: older.before,
                limit: Some(PER_PAGE),
            };
            let shown = ops::history::each(
                store,
                None,
                Some(crate::ids::CampaignId(id)),
                page,
                |set, names| {
                    sets.push(Shown {
                        id: set.id,
                        heading: history_heading(set),
                        lines: history_change_lines(set, names),
                    });
                    Ok(())
                },
            )?;
            Ok((name, sets, shown.earlier as usize))
        })
        .await
        .map_err(failed)?;
    Ok(league_page(
        League { id, name: &name },
        &format!("History of {name}"),
        html! {
            p { a href={ "/campaigns/" (id) } { "The league page" } }
            @if sets.is_empty() { p.note { "No history yet." } }
            // Newest first, each set's changes folded under its heading.
            ul.history {
                @for set in sets.iter().rev() {
                    li id={ "set-" (set.id) } {
                        @if set.lines.is_empty() { (set.heading) }
                        @else {
                            details {
                                summary { (set.heading) }
                                ul { @for l in &set.lines { li { (l) } } }
                            }
                        }
                    }
                }
            }
            @if earlier > 0 {
                @if let Some(first) = sets.first() {
                    p { a href={ "/campaigns/" (id) "/history?before=" (first.id) } { (earlier) " earlier change sets" } }
                }
            }
        },
    ))
}

async fn audit(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    may_read(&server, &headers).await.map_err(failed)?;
    let (name, audit) = server
        .with_reader_apart(move |s, store| {
            let name = crate::server::kit::scope::campaign_name(s, store, id)?;
            // The page reads only: it skips what a clean `ptg audit` proved, and keeps nothing.
            let scope = ops::audit::Scope {
                campaign: Some(crate::ids::CampaignId(id)),
                ..Default::default()
            };
            let audit = ops::audit::run(&s.catalogue, store, scope)?;
            Ok((name, audit))
        })
        .await
        .map_err(failed)?;
    Ok(league_page(
        League { id, name: &name },
        &format!("Audit of {name}"),
        html! {
            p { a href={ "/campaigns/" (id) } { "The league page" } }
            p { "Checked " (counted(audit.rosters, "roster", "rosters")) ", "
                (counted(audit.battles, "battle", "battles")) " and "
                (counted(audit.change_sets, "change set", "change sets")) " against their history." }
            @if audit.rosters_unchanged > 0 {
                p { (counted(audit.rosters_unchanged, "roster", "rosters"))
                    " unchanged since a clean audit, not replayed." }
            }
            @if audit.findings.is_empty() {
                p { strong { "Every number agrees with its history." } }
            } @else {
                h2 { "Findings" }
                (findings(&audit.findings))
            }
            @if !audit.notes.is_empty() {
                h2 { "Notes" }
                (findings(&audit.notes))
            }
        },
    ))
}

/// Findings as the CLI's table has them: roster, unit, battle, change set, and what is wrong,
/// naming the form that puts it right (not the command).
fn findings(list: &[Finding]) -> Markup {
    html! {
        ul {
            @for f in list {
                li {
                    strong { (f.roster) } ": "
                    @if let Some(u) = &f.unit { (u) ": " }
                    (f.message.for_pages())
                    @if let Some(b) = f.battle { " (battle " (b) ")" }
                    @if let Some(set) = f.set { " (#" (set) ")" }
                }
            }
        }
    }
}

/// `GET /campaigns/{id}/battles`: its battles, newest first, a page at a time, with whose
/// aftermath is to run.
async fn battles(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Query(older): Query<Older>,
) -> Page {
    may_read(&server, &headers).await.map_err(failed)?;
    let (name, page) = server
        .with_reader(move |s, store| {
            let name = crate::server::kit::scope::campaign_name(s, store, id)?;
            let of = ops::pages::BattlesOf::Campaign(crate::ids::CampaignId(id));
            Ok((name, ops::pages::battles(store, of, older.before)?))
        })
        .await
        .map_err(failed)?;
    Ok(league_page(
        League { id, name: &name },
        &format!("Battles of {name}"),
        html! {
            p { a href={ "/campaigns/" (id) } { "The league page" } }
            (crate::server::kit::page::battle_pages(&page, older.before, &format!("/campaigns/{id}/battles")))
        },
    ))
}
