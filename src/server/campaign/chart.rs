//! The league's race (issue #32): each roster's glory earned and total renown, battle by
//! battle, drawn as SVG on the server (readable without JavaScript). The league page draws the
//! glory chart in the page with its legend (inline, so its text and lines follow the page's
//! light or dark theme; `/campaigns/{id}/race.svg` is the same chart as a file of its own, for
//! scripts and links); the race page (`/campaigns/{id}/race`) has both charts and the same numbers
//! as a table for screen readers and for anyone who would rather read them. Both read the
//! change log's gains once (`ops::campaign::race`).

use crate::ids::CampaignId;
use crate::ops;
use crate::rules::race::Line;
use crate::server::Shared;
use crate::server::kit::extract::Path;
use crate::server::kit::page::{Page, failed, league_page};
use crate::server::kit::rights::auth::may_read;
use crate::server::kit::shell::League;
use crate::store::{Identity, Store};
use axum::Router;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{Markup, html};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

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
) -> Result<(String, Arc<Vec<Line>>, HashMap<i64, String>), Response> {
    may_read(server, headers).await.map_err(failed)?;
    server
        .with_reader(move |s, store| {
            let name = crate::server::kit::scope::campaign_name(s, store, id)?;
            let lines = s.races.race(store, CampaignId(id))?;
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

/// `GET /campaigns/{id}/race.svg`: the glory chart alone, the league page's image. Its tag is
/// where the log and the file stood (`Races::mark`): a browser asks again with it on every view
/// of the league page and gets a 304 for one indexed read until something is written.
async fn race_svg(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    RawQuery(query): RawQuery,
) -> Response {
    // `?legend=false`: without the rosters' names under it (the league page draws its legend
    // beside it).
    let legend = !query.is_some_and(|q| q.split('&').any(|p| p == "legend=false"));
    if let Err(refused) = may_read(&server, &headers).await {
        return failed(refused);
    }
    let mark = match server.with_reader(|_, store| Races::mark(store)).await {
        Ok(mark) => mark,
        Err(f) => return failed(f),
    };
    let tag = format!("\"race-{id}-{}-{}\"", mark_tag(&mark), legend);
    let asked = headers.get(header::IF_NONE_MATCH).and_then(|v| v.to_str().ok());
    if asked.is_some_and(|asked| asked.split(',').any(|t| t.trim() == tag)) {
        let mut response = StatusCode::NOT_MODIFIED.into_response();
        set_tag(&mut response, &tag);
        return response;
    }
    let (_, lines, names) = match read(&server, &headers, id).await {
        Ok(read) => read,
        Err(refused) => return refused,
    };
    let named = named(&lines, &names);
    let svg = chart("Glory earned", &named, |p| p.1, true, legend).into_string();
    let mut response = svg.into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("image/svg+xml"));
    set_tag(&mut response, &tag);
    response
}

/// The image's tag, and that it is to be asked again (with the tag) before each use.
fn set_tag(response: &mut Response, tag: &str) {
    if let Ok(tag) = HeaderValue::from_str(tag) {
        response.headers_mut().insert(header::ETAG, tag);
    }
    response.headers_mut().insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, no-cache"),
    );
}

/// A mark as the image's tag says it.
fn mark_tag(mark: &(Identity, i64)) -> String {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    mark.0.hash(&mut h);
    format!("{:x}-{}", h.finish(), mark.1)
}

/// The league page's figure: the glory chart as an image (`race.svg`, its colours set in it for
/// the light and the dark theme), its legend, and the way to the race page. The page draws
/// the legend from the campaign's rosters alone and reads nothing of the race itself: the
/// league page costs the same however long the league has run, and the image comes from the
/// browser's cache until something is written. Nothing before a battle has been fought.
pub fn figure(campaign_id: i64, names: &HashMap<i64, String>, fought: bool) -> Markup {
    if !fought {
        return html! {};
    }
    let named: Vec<(&str, usize)> = by_place(names)
        .iter()
        .enumerate()
        .map(|(i, id)| (names[*id].as_str(), i))
        .collect();
    html! {
        figure.race {
            img src={ "/campaigns/" (campaign_id) "/race.svg?legend=false" } width="320" height="160"
                alt="Glory earned by each roster, battle by battle (the numbers are on the race page)";
            (legend(&named))
            figcaption { a href={ "/campaigns/" (campaign_id) "/race" } { "The race, battle by battle: glory, renown and the numbers" } }
        }
    }
}

/// Each roster's line as the charts draw it (its colour and its dashes) beside its name: the
/// lines told apart by their dashes too, not by colour alone.
fn legend(named: &[(&str, usize)]) -> Markup {
    html! {
        ul.legend { @for (name, i) in named {
            // A line drawn, not a `style` attribute: the pages' policy runs no inline style.
            li {
                svg.swatch width="28" height="12" viewBox="0 0 28 12" aria-hidden="true" {
                    line class={ "c" (i % PALETTE.len()) } x1="1" y1="6" x2="27" y2="6" stroke=(PALETTE[i % PALETTE.len()])
                        stroke-width="3" stroke-dasharray=(DASHES[i % DASHES.len()]) {}
                }
                " " (name)
            }
        } }
    }
}

/// The campaign's rosters in the order that gives each its place (its colour and dashes).
fn by_place(names: &HashMap<i64, String>) -> Vec<&i64> {
    let mut ids: Vec<&i64> = names.keys().collect();
    ids.sort();
    ids
}

/// Each line with its roster's name and its place among the campaign's rosters by id, which
/// picks its colour and dashes (so the league page's legend, drawn from the rosters alone,
/// matches the image's lines).
fn named<'a>(lines: &'a [Line], names: &'a HashMap<i64, String>) -> Vec<(&'a Line, &'a str, usize)> {
    let ids = by_place(names);
    lines
        .iter()
        .filter_map(|l| {
            let place = ids.binary_search(&&l.roster_id).ok()?;
            Some((l, names.get(&l.roster_id)?.as_str(), place))
        })
        .collect()
}

/// The lines' colours in the file of its own (`race.svg`); in a page, the stylesheet's classes
/// `c0`..`c7` give each a colour for the light theme and a brighter one for the dark.
const PALETTE: [&str; 8] = [
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2",
];
/// The image's own colours for the light and the dark theme (the stylesheet's `--c0`..`--c7`):
/// an image follows the reader's theme only through styles set in it.
const ALONE_STYLE: &str = "svg{color:#1f1c18}text{fill:#1f1c18}\
.c0{stroke:#1f77b4}.c1{stroke:#d62728}.c2{stroke:#2ca02c}.c3{stroke:#9467bd}\
.c4{stroke:#e06c00}.c5{stroke:#138f9c}.c6{stroke:#8c564b}.c7{stroke:#c2459e}\
@media (prefers-color-scheme:dark){svg{color:#ece7de}text{fill:#ece7de}\
.c0{stroke:#6cb4ee}.c1{stroke:#ff7b7b}.c2{stroke:#6fd46f}.c3{stroke:#c3a4f0}\
.c4{stroke:#ffab5c}.c5{stroke:#4fd6e3}.c6{stroke:#d3a89a}.c7{stroke:#f5a3d6}}";

/// The lines' dashes, so two lines are told apart without their colours.
const DASHES: [&str; 4] = ["none", "7 3", "2 3", "9 3 2 3"];
/// The chart's size in its own units (it scales to the page's width), and its margin.
const W: f64 = 320.0;
const H: f64 = 160.0;
const PAD: f64 = 24.0;

/// Each campaign's race as last worked out, with where the log and the file stood then. The
/// race reads every gain of the league's past: the league page, viewed far more often than a
/// result is recorded, draws it from here until a write moves the log (`ops::campaign::
/// log_mark`) or another file is served (`Store::identity`), so a league page costs the same
/// after ten years as on the first night.
#[derive(Default)]
pub struct Races {
    kept: Mutex<HashMap<i64, Kept>>,
}

struct Kept {
    at: (Identity, i64),
    lines: Arc<Vec<Line>>,
}

/// Campaigns whose race is kept at most: a server serves a few; past this, all are dropped.
const RACES_KEPT: usize = 64;

impl Races {
    /// Where the file and its change log stand: a race worked out at one mark holds until it
    /// moves.
    pub fn mark(store: &mut Store) -> crate::error::Result<(Identity, i64)> {
        Ok((store.identity()?, ops::campaign::log_mark(store)?))
    }

    /// The race of `campaign`, from what is kept when the log has not moved since.
    pub fn race(&self, store: &mut Store, campaign: CampaignId) -> crate::error::Result<Arc<Vec<Line>>> {
        let at = Races::mark(store)?;
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(k) = kept.get(&campaign.get()).filter(|k| k.at == at) {
            return Ok(k.lines.clone());
        }
        drop(kept);
        let lines = Arc::new(ops::campaign::race(store, campaign)?);
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        if kept.len() >= RACES_KEPT {
            kept.clear();
        }
        kept.insert(
            campaign.get(),
            Kept {
                at,
                lines: lines.clone(),
            },
        );
        Ok(lines)
    }
}

/// Both charts and the table, for `lines` named by `names` (roster id to name).
pub fn race(lines: &[Line], names: &HashMap<i64, String>) -> Markup {
    let named = named(lines, names);
    if named.iter().all(|(l, _, _)| l.points.len() < 2) {
        return html! { p.note { "No battle's aftermath has run yet." } };
    }
    html! {
        section.race {
            h2 { "The race" }
            figure { (chart("Glory earned", &named, |p| p.1, false, false)) figcaption { "Glory earned" } }
            figure { (chart("Renown", &named, |p| p.2, false, false)) figcaption { "Renown" } }
            (legend(&named.iter().map(|(_, name, i)| (*name, *i)).collect::<Vec<_>>()))
            details {
                summary { "The numbers, battle by battle" }
                div.scroll tabindex="0" role="region" aria-label="The numbers, battle by battle" { table {
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
/// (its colours set in it), with the rosters' names in it as a `legend` when asked.
fn chart(
    title: &str,
    named: &[(&Line, &str, usize)],
    value: fn(&(u32, u64, u64)) -> u64,
    alone: bool,
    legend: bool,
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
    let height = if legend { H + 14.0 * named.len() as f64 } else { H };
    html! {
            svg xmlns="http://www.w3.org/2000/svg" viewBox={ "0 0 " (W) " " (height) } role="img" aria-label={ (title) ", battle by battle (the numbers are on the race page, as a table)" } {
                title { (title) }
                line x1=(PAD) y1=(H - PAD) x2=(W - PAD) y2=(H - PAD) stroke="currentColor" stroke-opacity="0.4" {}
                line x1=(PAD) y1=(PAD) x2=(PAD) y2=(H - PAD) stroke="currentColor" stroke-opacity="0.4" {}
                text x=(PAD + 2.0) y=(PAD - 6.0) font-size="11" fill="currentColor" { (max_y) }
                text x=(W - PAD) y=(H - 6.0) font-size="11" text-anchor="end" fill="currentColor" { (max_x) " battles" }
                @if alone {
                    // Theme-following text in a file of its own (not drawn in a page, so no
                    // `currentColor` to follow).
                    style { (ALONE_STYLE) }
                }
                @for (l, name, i) in named {
                    @let points: Vec<String> = l.points.iter().map(|p| {
                        let (x, y) = at(p.0, value(p));
                        format!("{x:.1},{y:.1}")
                    }).collect();
                    polyline class={ "c" (i % PALETTE.len()) } fill="none" stroke=(PALETTE[i % PALETTE.len()]) stroke-width="2"
                        stroke-dasharray=(DASHES[i % DASHES.len()]) points=(points.join(" "))
                        data-roster=(name) data-values=(series(l, value)) {}
                }
                @if legend {
                    @for (row, (_, name, i)) in named.iter().enumerate() {
                        line class={ "c" (i % PALETTE.len()) } x1=(PAD) y1=(H + 8.0 + 14.0 * row as f64) x2=(PAD + 22.0) y2=(H + 8.0 + 14.0 * row as f64)
                            stroke=(PALETTE[i % PALETTE.len()]) stroke-width="3" stroke-dasharray=(DASHES[i % DASHES.len()]) {}
                        text x=(PAD + 28.0) y=(H + 12.0 + 14.0 * row as f64) font-size="11" { (name) }
                    }
                }
            }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two() -> (Vec<Line>, HashMap<i64, String>) {
        let lines = vec![
            Line {
                roster_id: 1,
                points: vec![(0, 0, 0), (1, 40, 40)],
            },
            Line {
                roster_id: 2,
                points: vec![(0, 0, 0), (1, 20, 20)],
            },
        ];
        let names = HashMap::from([(1, "Gnaw".to_string()), (2, "Bright".to_string())]);
        (lines, names)
    }

    #[test]
    fn the_legend_draws_each_line_as_the_chart_does_beside_its_name() {
        let (lines, names) = two();
        let page = race(&lines, &names).into_string();
        let legend = &page[page.find(r#"<ul class="legend">"#).expect("a legend")..];
        // Each roster's colour class and dashes, in the chart and in the legend alike: told
        // apart by the dashes too, not by colour alone.
        for (i, name) in [(0, "Gnaw"), (1, "Bright")] {
            let drawn = format!(r#"class="c{i}""#);
            let dashes = format!(r#"stroke-dasharray="{}""#, DASHES[i]);
            let line = &page[page.find(&format!("<polyline {drawn}")).expect("its line")..];
            assert!(
                line[..line.find("/>").unwrap_or(line.len()).min(400)].contains(&dashes),
                "{line}"
            );
            let item = &legend[legend.find(&drawn).expect("its swatch")..];
            assert!(
                item.contains(&dashes) && item.contains(&format!("</svg> {name}</li>")),
                "{item}"
            );
        }
        assert_ne!(DASHES[0], DASHES[1]);
    }

    #[test]
    fn the_chart_in_a_page_follows_the_page_s_colour_and_the_file_its_own_theme() {
        let (lines, names) = two();
        let named = named(&lines, &names);
        let in_page = chart("Glory earned", &named, |p| p.1, false, false).into_string();
        assert!(
            in_page.contains(r#"fill="currentColor""#) && !in_page.contains("<style>"),
            "{in_page}"
        );
        let alone = chart("Glory earned", &named, |p| p.1, true, true).into_string();
        assert!(alone.contains("prefers-color-scheme:dark"), "{alone}");
        assert!(
            alone.contains(">Gnaw</text>") && alone.contains(">Bright</text>"),
            "{alone}"
        );
        // The league page's image: its own colours, its legend left to the page.
        let bare = chart("Glory earned", &named, |p| p.1, true, false).into_string();
        assert!(
            bare.contains("prefers-color-scheme:dark") && !bare.contains(">Gnaw</text>"),
            "{bare}"
        );
    }
}
