//! The pages' common parts: a page in the house style (`shell`), a failure as a page, and the
//! few ways of writing a JSON view's values the resources' pages share.

use super::shell::{League, shell};
use crate::ops;
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

/// The battles of campaign `campaign` or of roster `roster`, newest first, as `battle list
/// --json` has them.
pub(in crate::server) fn battle_list(
    store: &mut crate::store::Store,
    campaign: Option<crate::ids::CampaignId>,
    roster: Option<crate::ids::RosterId>,
) -> crate::error::Result<Vec<Value>> {
    ops::battle::read_list(store, campaign, roster, None, |list| {
        let mut all = Vec::new();
        list.each(|b| {
            all.push(serde_json::to_value(&b)?);
            Ok(())
        })?;
        Ok(all)
    })
}
