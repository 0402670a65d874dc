//! The pages' common parts: a page in the house style (`shell`), a failure as a page, and the
//! few ways of writing a JSON view's values the resources' pages share.

use super::shell::{League, shell};
use crate::ops::pages::{BattleLine, BattlesPage};
use crate::server::{Failure, not_found_if_unknown};
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};
use maud::{Markup, html};
use serde_json::Value;

pub(in crate::server) type Page = Result<Html<String>, Response>;

/// A page in the house style (`shell`): readable on a phone, no script.
pub(in crate::server) fn page(title: &str, body: Markup) -> Html<String> {
    shell(title, None, body)
}

/// A page of campaign `league`: the bar on top links back to its league page.
pub(in crate::server) fn league_page(league: League, title: &str, body: Markup) -> Html<String> {
    shell(title, Some(league), body)
}

/// A failure as a page: the status and the message the CLI gives.
pub(in crate::server) fn failed(f: Failure) -> Response {
    let f = not_found_if_unknown(f);
    let status = f.status;
    (status, refusal_page(status, &f.for_pages())).into_response()
}

/// What a refused request shows: what happened, in the words given, and the way back to the
/// league (`/` goes to it, or to the campaigns when the server has several).
pub(in crate::server) fn refusal_page(status: StatusCode, message: &str) -> Html<String> {
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

pub(in crate::server) fn text(v: &Value) -> String {
    match v {
        Value::Null => "-".into(),
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

/// "Hammers of Dawn 14 v Rat Tide 8 (fought)".
pub(in crate::server) fn sides(b: &Value) -> String {
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

/// A page of a list of battles, newest first, each with whose aftermath is still to run, and
/// links to the older battles and back to the newest; `base` is the list's own address.
pub(in crate::server) fn battle_pages(page: &BattlesPage, before: Option<i64>, base: &str) -> maud::Markup {
    maud::html! {
        @if page.lines.is_empty() {
            p.note { @if before.is_some() { "No older battles." } @else { "No battles yet." } }
        }
        ul { @for b in &page.lines { li { (battle_line(b)) } } }
        @if let Some(older) = page.older {
            p { a href={ (base) "?before=" (older) } { "Older battles" } }
        }
        @if before.is_some() { p { a href=(base) { "The newest battles" } } }
    }
}

/// "Battle 7: Hammers of Dawn 14 v Rat Tide 8 (fought) — aftermath to run: Rat Tide", its
/// number a link to the battle's page.
pub(in crate::server) fn battle_line(b: &BattleLine) -> maud::Markup {
    let sides: Vec<String> = b
        .sides
        .iter()
        .map(|s| match s.victory_points {
            Some(vp) => format!("{} {vp}", s.roster),
            None => s.roster.clone(),
        })
        .collect();
    let fought = b.status == crate::rules::battle::BattleStatus::Fought;
    let waiting: Vec<&str> = match fought {
        true => b
            .sides
            .iter()
            .filter(|s| !s.aftermath_done)
            .map(|s| s.roster.as_str())
            .collect(),
        false => Vec::new(),
    };
    maud::html! {
        a href={ "/battles/" (b.id) } { "Battle " (b.id) }
        ": " (sides.join(" v ")) " (" (b.status) ")"
        @if !waiting.is_empty() { " — aftermath to run: " (waiting.join(", ")) }
    }
}
