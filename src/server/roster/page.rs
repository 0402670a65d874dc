//! A roster's page: its Order of Battle, glory, Arcane Tome and Quest Log, what waits to be
//! picked, what `roster check` finds and what its glory buys in the next aftermath; with the
//! forms of whoever may change it.

use super::changes::{self, Offers};
use crate::ops;
use crate::server::Shared;
use crate::server::kit::extract::Path;
use crate::server::kit::page::{Page, battle_line, battle_pages, failed, league_page, text};
use crate::server::kit::rights::auth::may_read;
use crate::server::kit::shell::League;
use crate::views;
use axum::extract::{Query, State};
use axum::http::HeaderMap;
use maud::html;
use serde_json::Value;
use std::collections::HashMap;

/// `GET /rosters/{id}`.
pub async fn roster(State(server): State<Shared>, headers: HeaderMap, Path(id): Path<i64>) -> Page {
    let ring = may_read(&server, &headers).await.map_err(failed)?;
    let reader = ring.clone();
    let read = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            // What only the forms need is worked out only for whoever gets them: a league's
            // readers outnumber its players, and the offers weigh every enhancement.
            let may_change = reader.changer_of(at.campaign_id, id).is_some();
            // The roster loaded once for every section (`roster show`, `check`, `afford`).
            let read = ops::pages::roster_page(&s.catalogue, store, at.id, may_change)?;
            let (view, waiting) = views::roster::view_and_waiting(&read.shown)?;
            let subject = &read.shown.subject;
            let paths = path_words(subject.pack, &subject.roster);
            // The next rank each renown reaches, and at how much: the Order of Battle's bars.
            let ranks_at: Vec<(String, u32)> = subject
                .pack
                .ranks
                .iter()
                .map(|r| (r.name.clone(), r.renown))
                .collect();
            let open = ops::pages::open_sides(store, None, Some(at.id))?;
            let inputs = may_change.then(|| FormInputs::of(&s.catalogue, subject));
            // The newest battles it fought or will fight; the rest a link away.
            let battles = read.battles;
            let shown = Shown {
                campaign_id: at.campaign_id,
                favour: read.shown.favour,
                retired: read.retired,
                view,
                report: read.report,
                offers: read.offers,
                latest: read.latest,
                battles,
                waiting,
                paths,
                open,
                ranks_at,
                inputs,
            };
            Ok(shown)
        })
        .await
        .map_err(failed)?;
    let Shown {
        campaign_id,
        favour,
        retired,
        view: r,
        report,
        offers,
        latest,
        battles,
        waiting,
        paths,
        open,
        ranks_at,
        inputs,
    } = read;
    // The forms, for whoever may change this roster: a unit while in set-up, a quest when it
    // has none, a rank's ability when one waits.
    let signed = ring.changer_of(campaign_id, id);
    let key = signed.and_then(|k| k.form_key());
    let organiser = ring.organiser_of(campaign_id).is_some();
    let roster_name = r["name"].as_str().unwrap_or_default();
    let may_change = key.is_some();
    // The warscrolls the add-a-unit picker offers: those of its faction this campaign lets join;
    // worked out only for whoever gets the form (each refusal is a sentence drawn, issue 42).
    let allowed = crate::rules::roster::Allowed {
        campaign: r["campaign"].as_str().unwrap_or_default(),
        legends: r["legends_allowed"] == true,
    };
    let joinable = || -> Vec<(String, u32)> {
        let faction = r["faction"]
            .as_str()
            .and_then(|f| server.catalogue.faction(f).ok());
        faction
            .iter()
            .flat_map(|f| f.units.iter())
            .filter(|w| crate::rules::roster::check_may_join(w, allowed).is_ok())
            .map(|w| (w.name.clone(), w.points))
            .collect()
    };
    let forms = key.zip(inputs.as_ref()).map(|(key, FormInputs { ranks, quests, summaries, offers: changes })| {
        html! {
            @if r["setup_complete"] != true {
                (crate::server::roster::forms::add_unit_form(id, &key, &joinable()))
                (crate::server::roster::import::list_form(&format!("/rosters/{id}/import"), &key, false)
                    .disclosed("Import an army list into this roster")
                    .render())
            }
            @if r["quest"].is_null() {
                h2 #quest { "Start a quest" }
                (crate::server::roster::forms::quest_form(id, &key, quests, &r))
            }
            @if !ranks.is_empty() { (crate::server::roster::forms::rank_form(id, &key, ranks, summaries)) }
            div #more { (changes::forms(id, &key, &r, changes)) }
            @if let Some(latest) = &latest {
                (changes::undo_form(id, roster_name, &key, latest, organiser))
            }
        }
    });
    let none = Vec::new();
    let units = r["units"].as_array().unwrap_or(&none);
    let tome = r["tome"].as_array().unwrap_or(&none);
    let campaign = text(&r["campaign"]);
    Ok(league_page(
        League {
            id: campaign_id,
            name: &campaign,
        },
        &text(&r["name"]),
        html! {
            p { (text(&r["player"])) " — " (text(&r["faction"])) " — "
                a href={ "/campaigns/" (campaign_id) } { "the league: " (campaign) } }
            @if may_change { (crate::server::next::for_roster(id, &open, &waiting, r["quest"].is_null())) }
            p { "Glory: " strong { (text(&r["glory"])) } " · Points: " (text(&r["points"]))
                @if let Some(f) = favour { " · Favour: " strong { (f) } } }
            p { a.button.quiet href={ "/rosters/" (id) "/sheet.pdf" } { "Roster sheet (PDF)" } " "
                a.button.quiet href={ "/rosters/" (id) "/list.txt" } { "Army list (app text)" } }
            h2 { "Order of Battle" }
            // A card per unit on a phone (`table.cards`).
            div.scroll tabindex="0" role="region" aria-label="Order of Battle" { table.cards {
                tr { th { "#" } th { "Unit" } th { "Rank" } th { "Renown" } th { "Path" } th { "Enhancements" } }
                @for u in units {
                    tr {
                        td.wide { (text(&u["id"])) }
                        td.lead {
                            (text(&u["warscroll"]))
                            @if let Some(name) = u["name"].as_str() { " “" (name) "”" }
                            @if u["warlord"] == true { " (warlord)" }
                            @if u["reinforced"] == true { " (reinforced)" }
                            @if u["retired"] == true { " (retired)" }
                        }
                        td data-label="Rank" { (text(&u["rank"])) }
                        td data-label="Renown" {
                            (text(&u["renown"]))
                            @let renown = u["renown"].as_u64().unwrap_or(0);
                            @if let Some((next, at)) = ranks_at.iter().find(|(_, at)| u64::from(*at) > renown) {
                                " " meter min="0" max=(at) value=(renown) title={ (renown) " of " (at) " to " (next) } {}
                                " " span.note { (renown) " of " (at) " to " (next) }
                            }
                        }
                        td data-label="Path" { @match u["id"].as_i64().and_then(|id| paths.get(&id)) {
                            Some((path, abilities)) => {
                                (path)
                                @for (name, summary) in abilities { br; strong { (name) } ": " (summary) }
                            }
                            None => "-",
                        } }
                        td data-label="Enhancements" { (enhancements(u)) }
                    }
                }
            } }
            @if retired > 0 {
                p.note { (crate::names::counted(retired as usize, "unit", "units")) " retired, not listed ("
                    a href={ "/campaigns/" (campaign_id) "/history" } { "the league's history" } " tells what became of them)." }
            }
            @if let Some(forms) = forms { (forms) }
            @if !battles.lines.is_empty() {
                h2 { "Battles" }
                ul { @for b in &battles.lines { li { (battle_line(b)) } } }
                @if battles.older.is_some() {
                    p { a href={ "/rosters/" (id) "/battles" } { "All its battles" } }
                }
            }
            h2 { "Arcane Tome" }
            @if tome.is_empty() { p.note { "Empty." } }
            ul { @for e in tome { li { (text(&e["name"])) " (" (text(&e["lore"])) ")" } } }
            h2 { "Quest Log" }
            @match r["quest"].as_object() {
                Some(q) => p {
                    "Current: " strong { (text(&q["quest"])) } ", " (crate::names::counted(q["points"].as_u64().unwrap_or(0) as usize, "quest point", "quest points"))
                    @if let Some(unit) = units.iter().find(|u| u["id"] == q["unit"]) {
                        " — for " (unit["name"].as_str().or(unit["warscroll"].as_str()).unwrap_or("?"))
                    }
                },
                None => p.note { "No quest." },
            }
            @if let Some(done) = r["completed_quests"].as_array().filter(|d| !d.is_empty()) {
                p { "Completed: " (done.iter().map(text).collect::<Vec<_>>().join(", ")) }
            }
            @if !may_change && !waiting.is_empty() {
                h2 { "Waiting" }
                ul { @for w in &waiting { li { (w.page_words()) } } }
            }
            @if !report.problems.is_empty() || !report.notes.is_empty() {
                h2 { "Check" }
                ul {
                    @for f in &report.problems { li { strong { (f.rule) } ": " (worded(&f.message, may_change)) } }
                    @for n in &report.notes { li.note { (worded(n, may_change)) } }
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
            @if let Some(k) = signed.filter(|k| k.who.roster_id == Some(id)) { (crate::server::session::own_link_form(k)) }
            (crate::server::session::sign_out_form(ring.in_campaign(campaign_id)))
        },
    ))
}

/// What the page shows, read in one go on a read connection.
struct Shown {
    campaign_id: i64,
    favour: Option<u32>,
    retired: u64,
    /// The roster as `roster show --json` has it.
    view: Value,
    report: crate::rules::roster::CheckReport,
    offers: crate::rules::afford::Affordable,
    latest: Option<ops::undo::Preview>,
    battles: ops::pages::BattlesPage,
    waiting: Vec<views::roster::Waiting>,
    paths: HashMap<i64, (String, Vec<(String, String)>)>,
    open: Vec<crate::store::open_sides::OpenSide>,
    ranks_at: Vec<(String, u32)>,
    /// What the forms pick from; none for a reader who may not change the roster.
    inputs: Option<FormInputs>,
}

/// What the quest, rank and change forms pick from: only what the rules accept.
struct FormInputs {
    ranks: Vec<crate::rules::renown::RankChoice>,
    /// Each quest by name, with what it asks.
    quests: Vec<(String, String)>,
    /// What each ability does, by `path:ability`, for the rank picker.
    summaries: HashMap<String, String>,
    offers: Offers,
}

impl FormInputs {
    fn of(cat: &crate::catalogue::Catalogue, subject: &ops::Subject) -> FormInputs {
        let units: Vec<_> = subject.roster.active_units().collect();
        let pack = subject.pack;
        FormInputs {
            ranks: crate::rules::renown::rank_choices(pack, &units),
            quests: pack
                .quests
                .iter()
                .map(|q| (q.name.clone(), q.summary.clone()))
                .collect(),
            summaries: pack
                .paths
                .iter()
                .flat_map(|p| {
                    p.ranks.iter().flat_map(move |r| {
                        r.abilities
                            .iter()
                            .map(move |a| (format!("{}:{}", p.id, a.id), a.summary.clone()))
                    })
                })
                .collect(),
            offers: Offers::of(cat, subject),
        }
    }
}

/// A check's finding in the pages' words; the form it names linked to its section of this
/// page when the viewer has the page's forms.
fn worded(w: &crate::fix::Worded, forms: bool) -> maud::Markup {
    let (before, named, after) = w.page_parts();
    html! {
        (before)
        @match named {
            Some((words, Some(anchor))) if forms => a href={ "#" (anchor) } { (words) },
            Some((words, _)) => (words),
            None => {},
        }
        (after)
    }
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

/// Each unit's Path by name, and its chosen abilities by name with what each does (a player
/// reads them at the table, as on the PDF sheet).
fn path_words(
    pack: &crate::catalogue::battlepack::Battlepack,
    roster: &crate::rules::model::Roster,
) -> HashMap<i64, (String, Vec<(String, String)>)> {
    roster
        .units
        .iter()
        .filter_map(|u| {
            let path = pack.path(u.path.as_deref()?)?;
            let abilities = u
                .abilities
                .iter()
                .filter_map(|(rank, id)| {
                    let pr = path.ranks.iter().find(|pr| &pr.rank == rank)?;
                    let a = pr.abilities.iter().find(|a| &a.id == id)?;
                    Some((a.name.clone(), a.summary.clone()))
                })
                .collect();
            Some((u.id, (path.name.clone(), abilities)))
        })
        .collect()
}

/// `GET /rosters/{id}/battles`: the battles it fought or will fight, newest first, a page at a
/// time (its page lists the newest few).
pub async fn battles(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Query(older): Query<crate::server::campaign::Older>,
) -> Page {
    may_read(&server, &headers).await.map_err(failed)?;
    let (at, page) = server
        .with_reader(move |s, store| {
            let at = s.locate(store, id)?;
            let page = ops::pages::battles(store, ops::pages::BattlesOf::Roster(at.id), older.before)?;
            Ok((at, page))
        })
        .await
        .map_err(failed)?;
    Ok(league_page(
        League {
            id: at.campaign_id,
            name: &at.campaign,
        },
        &format!("Battles of {}", at.name),
        html! {
            p { a href={ "/rosters/" (id) } { "The roster's page" } }
            (battle_pages(&page, older.before, &format!("/rosters/{id}/battles")))
        },
    ))
}
