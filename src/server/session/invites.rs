//! The organiser's invites from the web, as `ptg invite` makes them: list them, make one for a
//! roster's player or another organiser's link (its link shown once, on the page that made
//! it), and revoke one. The invite a request is signed in with cannot be revoked by that
//! request: an organiser would lock themselves out. An invite made here remembers the
//! organiser's invite that made it, and is revoked with it: a leaked organiser link, once
//! revoked, leaves no links of its making behind.

use crate::error::{Error, Result};
use crate::ids::CampaignId;
use crate::ops;
use crate::ops::invite::Principal;
use crate::server::kit::actions::organised;
use crate::server::kit::extract::Path;
use crate::server::kit::extract::{Form, Json};
use crate::server::kit::form::{self, Choice, Field};
use crate::server::kit::forms::{check_key, refused, session};
use crate::server::{Failure, Server, Shared};
use crate::store::Store;
use crate::store::invites::Invite;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::Response;
use axum::routing::{delete, get, post};
use maud::{Markup, html};
use serde::Deserialize;
use serde_json::{Value, json};

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/api/campaigns/{id}/invites", get(list_api).post(create_api))
        .route("/api/campaigns/{id}/invites/{invite}", delete(revoke_api))
        .route("/campaigns/{id}/invites", post(create_form))
        .route("/campaigns/{id}/invites/{invite}/revoke", post(revoke_form))
}

/// An invite for roster `roster_id`'s player (which must be of this campaign), or with
/// the organiser's rights, made by the organiser's invite `made_by` (revoking that one revokes
/// this one).
fn create(
    s: &Server,
    store: &mut Store,
    campaign_id: i64,
    roster_id: Option<i64>,
    made_by: i64,
) -> Result<ops::invite::NewInvite> {
    // Both in this server's campaigns; `ops::invite::create` checks the roster is the campaign's.
    crate::server::kit::scope::campaign_name(s, store, campaign_id)?;
    let roster = roster_id
        .map(|id| s.locate(store, id))
        .transpose()?
        .map(|at| at.id);
    ops::invite::create_by(store, CampaignId(campaign_id), roster, Some(made_by))
}

/// Revokes invite `invite` of the campaign, unless it is the one `who` is signed in with.
fn revoke(s: &Server, store: &mut Store, campaign_id: i64, invite: i64, who: Principal) -> Result<Invite> {
    if invite == who.invite_id {
        return Err(Error::refused(
            "that is the invite you are signed in with; revoke it from another organiser's link, or from the command line",
        ));
    }
    crate::server::kit::scope::campaign_name(s, store, campaign_id)?;
    ops::invite::revoke(store, CampaignId(campaign_id), &invite.to_string())
}

/// The invite's link: on the server's base URL (`--base-url`), never on the request's `Host`,
/// which its sender chose.
fn link(server: &Server, token: &str) -> String {
    server.public.link(&format!("/invite/{token}"))
}

async fn list_api(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
) -> Result<Json<Value>, Failure> {
    let at = organised(&server, &headers, id).await?;
    let list = server
        .with_reader(move |_, store| ops::invite::list(store, at.id))
        .await?;
    Ok(Json(json!(list)))
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewInviteBody {
    /// The roster whose player is invited; none: another organiser's link.
    #[serde(default, deserialize_with = "crate::numbers::de::maybe")]
    roster_id: Option<i64>,
}

async fn create_api(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Json(b): Json<NewInviteBody>,
) -> Result<Json<Value>, Failure> {
    let by = organised(&server, &headers, id).await?.who.invite_id;
    let made = server
        .with_store(move |s, store| create(s, store, id, b.roster_id, by))
        .await?;
    let link = link(&server, &made.token);
    Ok(Json(
        json!({ "invite": made.invite, "token": made.token, "link": link }),
    ))
}

async fn revoke_api(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path((id, invite)): Path<(i64, i64)>,
) -> Result<Json<Value>, Failure> {
    let who = organised(&server, &headers, id).await?.who;
    let revoked = server
        .with_store(move |s, store| revoke(s, store, id, invite, who))
        .await?;
    Ok(Json(json!(revoked)))
}

#[derive(Debug, Deserialize)]
struct CreateForm {
    key: String,
    /// A roster's id, or empty for another organiser's link.
    #[serde(default)]
    roster_id: String,
}

/// Makes an invite from the organiser's page and shows its link, once.
async fn create_form(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<CreateForm>,
) -> Response {
    let back = format!("/campaigns/{id}/organise");
    let made = async {
        let ring = session(&server, &headers).await?;
        check_key(&ring, &f.key)?;
        let by = organised(&server, &headers, id).await?.who.invite_id;
        let roster_id = match f.roster_id.trim() {
            "" => None,
            r => Some(crate::numbers::read::<i64>(r).map_err(|_| {
                Failure::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!("'{r}' is not a roster's id"),
                )
            })?),
        };
        server
            .with_store(move |s, store| create(s, store, id, roster_id, by))
            .await
    };
    match made.await {
        Ok(made) => {
            let whom = match &made.invite.roster {
                Some(r) => format!("the player of {r}"),
                None => "another organiser".into(),
            };
            let link = link(&server, &made.token);
            let said = html! {
                strong { "Invite #" (made.invite.id) " made." }
                p { "Send this link to " (whom) ". Anyone who has it has these rights, and it is shown only now:" }
                (super::links::link_box(&link))
                p.note { "For scripts, the token (`Authorization: Bearer`): " code { (made.token) } }
            };
            crate::server::kit::answers::done(&back, said.into_string())
        }
        Err(f) => refused(f, &back),
    }
}

#[derive(Debug, Deserialize)]
struct RevokeForm {
    key: String,
}

async fn revoke_form(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path((id, invite)): Path<(i64, i64)>,
    Form(f): Form<RevokeForm>,
) -> Response {
    let back = format!("/campaigns/{id}/organise");
    let done = async {
        let ring = session(&server, &headers).await?;
        check_key(&ring, &f.key)?;
        let who = organised(&server, &headers, id).await?.who;
        server
            .with_store(move |s, store| revoke(s, store, id, invite, who))
            .await
    };
    match done.await {
        Ok(revoked) => crate::server::kit::answers::done(&back, revoked_note(&revoked).into_string()),
        Err(f) => refused(f, &back),
    }
}

/// The done note of a revoke: whose invite it was, and that the links it made go with it.
fn revoked_note(i: &Invite) -> Markup {
    let whose = match &i.roster {
        Some(roster) => format!("the player of {roster}"),
        None => "an organiser".to_string(),
    };
    html! { "Invite #" (i.id) " revoked: " (whose) "'s link no longer signs in, nor any link it made." }
}

/// The organiser's page's invites: each with its revoke button, and a form to make one.
pub fn section(campaign_id: i64, key: &str, invites: &[Invite], rosters: &[(i64, String)]) -> Markup {
    let mut whom: Vec<Choice> = rosters
        .iter()
        .map(|(id, name)| Choice::new(id.to_string(), format!("the player of {name}")))
        .collect();
    whom.push(Choice::new("", "another organiser"));
    html! {
        // A card per invite on a phone (`table.cards`).
        div.scroll tabindex="0" role="region" aria-label="Invites" { table.cards {
            tr { th { "#" } th { "For" } th { "Made" } th { "Made by" } th { "Revoked" } th {} }
            @for i in invites {
                tr {
                    td.wide { (i.id) }
                    td.lead { (i.roster.as_deref().unwrap_or("the organiser")) }
                    td data-label="Made" { (i.created_at) }
                    td data-label="Made by" { @match i.made_by { Some(m) => { "#" (m) }, None => "-" } }
                    td data-label="Revoked" { (i.revoked_at.as_deref().unwrap_or("-")) }
                    td { @if i.revoked_at.is_none() {
                        (form::Form::new(
                            format!("revoke-{}", i.id),
                            format!("/campaigns/{campaign_id}/invites/{}/revoke", i.id),
                            format!("Revoke invite #{}", i.id),
                        )
                        .key(key)
                        .render())
                    } }
                }
            }
        } }
        (form::Form::new("invite", format!("/campaigns/{campaign_id}/invites"), "Make the link")
            .key(key)
            .field(Field::select("roster_id", "Invite", whom))
            .render())
    }
}
