//! The league's race (issue #32): each roster's glory earned and total renown, battle by
//! battle, drawn as SVG on the server (readable without JavaScript). The league page shows the
//! glory chart as an image of its own (`/campaigns/{id}/race.svg`), so the table's page costs
//! no more to serve; the race page (`/campaigns/{id}/race`) has both charts and the same numbers
//! as a table for screen readers and for anyone who would rather read them. Both read the
//! change log's gains once (`ops::campaign::race`).

use super::Shared;
use super::pages::{Page, failed, league_page};
use super::session::auth::may_read;
use super::shell::League;
use crate::ids::CampaignId;
use crate::ops;
use crate::rules::race::Line;
use crate::server::extract::Path;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{Markup, html};
use std::collections::HashMap;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/campaigns/{id}/race", get(race_page))
        .route("/campaigns/{id}/race.svg", get(race_svg))
}

/// The campaign's name and its race, each line named.
async fn read(
    server: &Shared,
    headers: &HeaderMap,
    id: i64,
) -> Result<(String, Vec<Line>, HashMap<i64, String>), Response> {
    may_read(server, headers).await.map_err(failed)?;
    server
        .with_reader(move |s, store| {
            let name = super::campaign::undo::campaign_name(s, store, id)?;
            let lines = ops::campaign::race(store, CampaignId(id))?;
            let names = ops::campaign::roster_names(store, CampaignId(id))?;
            Ok((name, lines, names))
        })
        .await
        .map_err(failed)
}

/// `GET /campaigns/{id}/race`: both charts and the numbers.
async fn race_page(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    let (name, lines, names) = read(&server, &headers, id).await?;
    Ok(league_page(
        League { id, name: &name },
        &format!("The race in {name}"),
        race(&lines, &names),
    ))
}

/// `GET /campaigns/{id}/race.svg`: the glory chart alone, for the league page's image.
async fn race_svg(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Response {
    let (_, lines, names) = match read(&server, &headers, id).await {
        Ok(read) => read,
        Err(refused) => return refused,
    };
    let named = named(&lines, &names);
    let svg = chart("Glory earned", &named, |p| p.1, true).into_string();
    let mut response = svg.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    response
}

/// The league page's figure: the glory chart as an image, and the way to the race page.
pub fn figure(campaign_id: i64) -> Markup {
    html! {
        figure.race {
            img src={ "/campaigns/" (campaign_id) "/race.svg" } width="320" height="160"
                alt="Glory earned by each roster, battle by battle (the numbers are on the race page)";
            figcaption { a href={ "/campaigns/" (campaign_id) "/race" } { "The race, battle by battle: glory, renown and the numbers" } }
        }
    }
}

fn named<'a>(lines: &'a [Line], names: &'a HashMap<i64, String>) -> Vec<(&'a Line, &'a str, &'static str)> {
    lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| Some((l, names.get(&l.roster_id)?.as_str(), PALETTE[i % PALETTE.len()])))
        .collect()
}

const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
];
/// The chart's size in its own units (it scales to the page's width), and its margin.
const W: f64 = 320.0;
const H: f64 = 160.0;
const PAD: f64 = 24.0;

/// Both charts and the table, for `lines` named by `names` (roster id to name).
pub fn race(lines: &[Line], names: &HashMap<i64, String>) -> Markup {
    let named = named(lines, names);
    if named.iter().all(|(l, _, _)| l.points.len() < 2) {
        return html! { p.note { "No battle's aftermath has run yet." } };
    }
    html! {
        section.race {
            h2 { "The race" }
            figure { (chart("Glory earned", &named, |p| p.1, false)) figcaption { "Glory earned" } }
            figure { (chart("Renown", &named, |p| p.2, false)) figcaption { "Renown" } }
            ul.legend { @for (_, name, colour) in &named {
                // A square drawn, not a `style` attribute: the pages' policy runs no inline style.
                li {
                    svg.swatch width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" {
                        rect width="12" height="12" fill=(colour) {}
                    }
                    " " (name)
                }
            } }
            details {
                summary { "The numbers, battle by battle" }
                div.scroll { table {
                    tr { th { "Roster" } th { "Glory earned" } th { "Renown" } }
                    @for (l, name, _) in &named {
                        tr {
                            td { (name) }
                            td { (series(l, |p| p.1)) }
                            td { (series(l, |p| p.2)) }
                        }
                    }
                } }
            }
        }
    }
}

/// "0, 55, 90": the value after each battle, the start first.
fn series(line: &Line, value: fn(&(u32, u64, u64)) -> u64) -> String {
    line.points
        .iter()
        .map(|p| value(p).to_string())
        .collect::<Vec<_>>()
        .join(", ")
}

/// One chart: a line per roster, battles played across, `value` up; `alone`, a file of its own
/// (its namespace, and the rosters' names in it as a legend).
fn chart(
    title: &str,
    named: &[(&Line, &str, &str)],
    value: fn(&(u32, u64, u64)) -> u64,
    alone: bool,
) -> Markup {
    let max_x = named
        .iter()
        .flat_map(|(l, _, _)| l.points.iter().map(|p| p.0))
        .max()
        .unwrap_or(0)
        .max(1);
    let max_y = named
        .iter()
        .flat_map(|(l, _, _)| l.points.iter().map(value))
        .max()
        .unwrap_or(0)
        .max(1);
    let at = |x: u32, y: u64| {
        (
            PAD + (W - 2.0 * PAD) * f64::from(x) / f64::from(max_x),
            H - PAD - (H - 2.0 * PAD) * (y as f64) / (max_y as f64),
        )
    };
    let height = if alone { H + 14.0 * named.len() as f64 } else { H };
    html! {
            svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (W) " " (height) } role="img" aria-label={ (title) ", battle by battle (the numbers are in the table below)" } {
                title { (title) }
                line x1=(PAD) y1=(H - PAD) x2=(W - PAD) y2=(H - PAD) stroke="currentColor" stroke-opacity="0.4" {}
                line x1=(PAD) y1=(PAD) x2=(PAD) y2=(H - PAD) stroke="currentColor" stroke-opacity="0.4" {}
                text x=(PAD + 2.0) y=(PAD - 6.0) font-size="11" fill="currentColor" { (max_y) }
                text x=(W - PAD) y=(H - 6.0) font-size="11" text-anchor="end" fill="currentColor" { (max_x) " battles" }
                @for (l, name, colour) in named {
                    @let points: Vec<String> = l.points.iter().map(|p| {
                        let (x, y) = at(p.0, value(p));
                        format!("{x:.1},{y:.1}")
                    }).collect();
                    polyline fill="none" stroke=(colour) stroke-width="2" points=(points.join(" "))
                        data-roster=(name) data-values=(series(l, value)) {}
                }
                @if alone {
                    @for (i, (_, name, colour)) in named.iter().enumerate() {
                        text x=(PAD) y=(H + 12.0 + 14.0 * i as f64) font-size="11" fill=(colour) { (name) }
                    }
                }
            }
    }
}
