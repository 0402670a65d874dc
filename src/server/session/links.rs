//! A person's own links (issue #39): a link shown once (the player's after joining, the
//! organiser's after set-up, a join link, an invite) comes in a box to copy from, with a
//! button that shares it (the Web Share API, where the phone has it) or copies it; the button
//! is the static script `/share.js` at work (no inline script: the pages' CSP forbids it), and
//! without script the box still shows the link to copy. A signed-in person makes a link of
//! their own for another device (`POST /me/link`): an invite with the same rights, made by
//! theirs, so revoking theirs revokes it too.

use super::keyring::Key;
use crate::error::Result;
use crate::ids::{CampaignId, RosterId};
use crate::ops;
use crate::server::kit::extract::Form;
use crate::server::kit::form;
use crate::server::kit::forms::{check_key, refused, session};
use crate::server::{Failure, Shared};
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::{Markup, html};
use serde::Deserialize;

pub fn routes() -> Router<Shared> {
    Router::new().route("/me/link", post(own_link))
}

/// Link `link` to copy (its text, selected whole by one tap: `code.link` in the stylesheet),
/// and the share/copy button the script shows.
pub fn link_box(link: &str) -> Markup {
    html! {
        p { code.link { (link) } }
        p { button.share type="button" data-share=(link) hidden { "Share or copy the link" } }
    }
}

#[derive(Debug, Deserialize)]
struct OwnLink {
    #[serde(default)]
    key: String,
}

/// The form that makes a link of one's own for another device, with the sign-in `signed`'s
/// key (its id names the league and roster: a page may show several).
pub fn own_link_form(signed: &Key) -> Markup {
    let Some(key) = signed.form_key() else {
        return html! {};
    };
    let who = &signed.who;
    let id = match who.roster_id {
        Some(r) => format!("own-link-{}-{r}", who.campaign_id),
        None => format!("own-link-{}", who.campaign_id),
    };
    form::Form::new(id, "/me/link", "A link for another device of mine")
        .key(&key)
        .class("ownlink")
        .render()
}

/// `POST /me/link`: a new invite with the rights of the sign-in whose key the form carries,
/// made by its invite; its link shown once on the roster's page (a player's) or the
/// organiser's.
async fn own_link(State(server): State<Shared>, headers: HeaderMap, Form(f): Form<OwnLink>) -> Response {
    let made = async {
        let ring = session(&server, &headers).await?;
        let who = check_key(&ring, &f.key)?.who;
        let made = server
            .with_store(move |s, store| -> Result<_> {
                // Of a campaign this server serves (`--campaign`).
                crate::server::kit::scope::campaign_name(s, store, who.campaign_id)?;
                ops::invite::create_by(
                    store,
                    CampaignId(who.campaign_id),
                    who.roster_id.map(RosterId),
                    Some(who.invite_id),
                )
            })
            .await?;
        Ok::<_, Failure>((who, made))
    };
    let back = "/";
    match made.await {
        Ok((who, made)) => {
            let back = match who.roster_id {
                Some(r) => format!("/rosters/{r}"),
                None => format!("/campaigns/{}/organise", who.campaign_id),
            };
            let link = server.public.link(&format!("/invite/{}", made.token));
            let said = html! {
                strong { "Your link for another device." }
                p { "Open it on your other phone or computer to sign in there with your rights. It is shown only now; keep it to yourself." }
                (link_box(&link))
            };
            crate::server::kit::answers::done(&back, said.into_string())
        }
        Err(f) => refused(f, back),
    }
}
