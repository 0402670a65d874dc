//! What else the organiser does from the pages and the API: undo the campaign's latest command
//! (as `ptg undo --campaign C`, the command named first so a change meanwhile is refused, not
//! undone).

use crate::ops;
use crate::rules::log::Command;
use crate::rules::undo::UndoneBy;
use crate::server::kit::extract::Path;
use crate::server::kit::extract::{Form, Json};
use crate::server::kit::form;
use crate::server::kit::forms::submit_as_organiser;
use crate::server::kit::rights::auth::organiser;
use crate::server::kit::scope::campaign_name;
use crate::server::{Failure, Shared, not_found_if_unknown};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/api/campaigns/{id}/undo", post(undo_api))
        .route("/campaigns/{id}/undo", post(undo_form))
}

/// Undoes the campaign's latest command, if it is still change set `expected`.
fn undo(
    s: &crate::server::Server,
    store: &mut crate::store::Store,
    id: i64,
    expected: Option<i64>,
) -> crate::error::Result<Value> {
    campaign_name(s, store, id)?; // one of this server's campaigns
    let scope = ops::undo::Scope {
        roster: None,
        campaign: Some(crate::ids::CampaignId(id)),
        player_only: false,
    };
    let done = ops::undo::undo(&s.catalogue, store, scope, expected)?;
    Ok(json!({ "undone": done.undone, "undo_set": done.undo_set, "summary": done.summary }))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoBody {
    /// The change set the organiser means to undo (`history`); refused if another is latest.
    #[serde(default, deserialize_with = "crate::numbers::de::maybe")]
    expected: Option<i64>,
}

/// `POST /api/campaigns/{id}/undo`: `ptg undo --campaign C` (the organiser).
async fn undo_api(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    body: Option<Json<UndoBody>>,
) -> Result<Json<Value>, Failure> {
    organiser(&server, &headers, id).await?;
    let expected = body.and_then(|Json(b)| b.expected);
    let done = server
        .with_store(move |s, store| undo(s, store, id, expected))
        .await
        .map_err(not_found_if_unknown)?;
    Ok(Json(done))
}

#[derive(Debug, Deserialize)]
struct UndoForm {
    key: String,
    #[serde(deserialize_with = "crate::numbers::de::whole")]
    expected: i64,
}

async fn undo_form(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<UndoForm>,
) -> Response {
    let key = f.key.clone();
    submit_as_organiser(
        &server,
        &headers,
        &key,
        id,
        format!("/campaigns/{id}"),
        move |s, store| {
            // What is undone, and whose it was, for the done note ("Undone: Rat Tide's rank
            // pick (player) — #12 ..."): read before the undo, refused if changed meanwhile.
            let scope = ops::undo::Scope {
                roster: None,
                campaign: Some(crate::ids::CampaignId(id)),
                player_only: false,
            };
            let latest = ops::undo::preview(store, scope)?;
            let done = undo(s, store, id, Some(f.expected))?;
            let note = format!(
                "Undone: {} — #{} {}",
                undo_words(&latest),
                done["undone"].as_i64().unwrap_or(latest.set_id),
                latest.summary
            );
            Ok(html! { (note) }.into_string())
        },
    )
    .await
}

/// The organiser's undo button: what it would undo and whose command it is, named, so a
/// change meanwhile is refused, not undone ("Undo Rat Tide's rank pick (player)").
pub fn undo_form_html(campaign_id: i64, key: &str, latest: &ops::undo::Preview) -> Markup {
    let what = undo_words(latest);
    let lead = html! { p { "Latest command: #" (latest.set_id) " " (latest.summary) "." } };
    if !latest.undoable {
        return html! { p.note { "Latest command: #" (latest.set_id) ", " (what) ": " (latest.summary) ". It cannot be undone." } };
    }
    form::Form::new(
        "undo",
        format!("/campaigns/{campaign_id}/undo"),
        format!("Undo {what}"),
    )
    .key(key)
    .hidden("expected", latest.set_id)
    .lead(lead)
    .render()
}

/// Whose command `p` is and what it did, from the change log ("Rat Tide's rank pick
/// (player)", "battle 3's result (battle)", "the campaign's settings change (organiser)").
pub(in crate::server) fn undo_words(p: &ops::undo::Preview) -> String {
    let Some(command) = p.command else {
        return format!("command #{}", p.set_id);
    };
    let by = match command.undone_by() {
        UndoneBy::Player => "player",
        UndoneBy::Organiser => "organiser",
        UndoneBy::Battle => "battle",
    };
    let battle = p.battle_id.map(|b| format!(" of battle {b}")).unwrap_or_default();
    let rosters = p
        .whose
        .iter()
        .map(|(name, _)| format!("{name}'s"))
        .collect::<Vec<_>>()
        .join(" and ");
    let whose = match (command, p.battle_id) {
        (
            Command::CampaignSet | Command::CampaignRename | Command::CampaignDelete | Command::CampaignNew,
            _,
        ) => "the campaign's".to_string(),
        (Command::BattleArmy | Command::Aftermath, _) if !rosters.is_empty() => rosters,
        (_, Some(b)) if command.undone_by() == UndoneBy::Battle => format!("battle {b}'s"),
        _ if !rosters.is_empty() => rosters,
        _ => "the".to_string(),
    };
    let battle = match command {
        Command::BattleArmy | Command::Aftermath => battle,
        _ => String::new(),
    };
    format!("{whose} {}{battle} ({by})", command_words(command))
}

/// What a command did, in a player's words.
fn command_words(command: Command) -> &'static str {
    match command {
        Command::RosterNew => "creation",
        Command::RosterAdd => "unit added",
        Command::RosterRemove => "unit taken off",
        Command::RosterEnhance => "enhancement",
        Command::RosterLoreAdd => "Arcane Tome addition",
        Command::RosterFavour => "favour change",
        Command::RosterImport => "army list import",
        Command::QuestStart => "quest start",
        Command::RankChoose => "rank pick",
        Command::BattleNew => "planning",
        Command::BattleRealm => "realm",
        Command::BattleArmy => "army",
        Command::BattleTwist => "twist",
        Command::BattleSuddenDeath => "sudden death objective",
        Command::BattleResult => "result",
        Command::BattleCorrect => "corrected result",
        Command::Aftermath => "aftermath",
        Command::CampaignSet => "settings change",
        Command::RosterRename => "new name",
        Command::RosterDelete => "deletion",
        Command::CampaignRename => "new name",
        Command::CampaignDelete => "deletion",
        Command::RosterRealm => "realm of origin",
        Command::CampaignNew => "creation",
        Command::Undo => "undo",
    }
}
