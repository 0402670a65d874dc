//! The one-time set-up link `ptg serve` prints when there is no campaign yet (or with
//! `--setup`): a page that makes the campaign (name, battlepack, options, Legends, how the
//! league table is sorted) and signs this browser in as its organiser, ending on the
//! organiser's page with their own link to keep. The link works once: the campaign made, it is
//! gone. Its token is kept (hashed) in the running server only.

use super::ring_cookie;
use crate::ops;
use crate::ops::campaign::OfferedOption;
use crate::ops::join::NewCampaign;
use crate::rules::standings::StandingsRule;
use crate::server::kit::extract::Form;
use crate::server::kit::extract::Path;
use crate::server::kit::form::{self, Choice, Field};
use crate::server::kit::forms::{Fields, all, field, refused};
use crate::server::kit::page::failed;
use crate::server::kit::page::page;
use crate::server::{Failure, Shared};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use maud::{Markup, html};

pub fn routes() -> Router<Shared> {
    Router::new().route("/setup/{token}", get(setup_page).post(start))
}

/// Whether `token` is the set-up link still unused.
fn is_setup(server: &Shared, token: &str) -> bool {
    let hash = ops::invite::token_hash(token);
    server
        .setup
        .lock()
        .is_ok_and(|s| s.as_deref() == Some(hash.as_str()))
}

/// Takes the set-up link (its hash) if `token` is it and it is still unused.
fn take_setup(server: &Shared, token: &str) -> Option<String> {
    let hash = ops::invite::token_hash(token);
    let mut setup = server.setup.lock().ok()?;
    (setup.as_deref() == Some(hash.as_str()))
        .then(|| setup.take())
        .flatten()
}

fn used_or_unknown() -> Failure {
    Failure::new(
        StatusCode::NOT_FOUND,
        "this set-up link is unknown or has made its campaign already; the organiser's own link signs in",
    )
}

/// `GET /setup/{token}`: the form that makes the campaign.
async fn setup_page(State(server): State<Shared>, Path(token): Path<String>) -> Response {
    if !is_setup(&server, &token) {
        return failed(used_or_unknown());
    }
    let packs: Vec<(String, String, Vec<OfferedOption>)> = match server.catalogue.battlepacks() {
        Ok(packs) => packs
            .iter()
            .map(|p| {
                let offered = ops::campaign::offered_options(&server.catalogue, p);
                (p.id.clone(), p.name.clone(), offered)
            })
            .collect(),
        Err(e) => return failed(Failure::from(crate::error::Error::refused(e.to_string()))),
    };
    let body = page(
        "Start a campaign",
        html! {
            p { "Make the campaign your club will play. You become its organiser on this browser, and the next page gives you your own link to keep." }
            (setup_form(&token, &packs))
        },
    );
    let mut response = body.into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// The set-up form: the campaign's name, battlepack, the options of the first battlepack by
/// what each does (sent as `option=NAME=VALUE`, as `campaign new --option` takes them),
/// Legends, and the league table's order. No session yet: the set-up link's token is its key.
fn setup_form(token: &str, packs: &[(String, String, Vec<OfferedOption>)]) -> Markup {
    let battlepacks = packs.iter().map(|(id, name, _)| Choice::new(id, name)).collect();
    let standings = [StandingsRule::Wins, StandingsRule::Glory]
        .into_iter()
        .map(|r| Choice::new(r.as_str(), r.label()).hint(r.words()))
        .collect();
    let mut form = form::Form::new("setup", format!("/setup/{token}"), "Make the campaign")
        .field(Field::text("name", "Campaign name", 100).required())
        .field(Field::select("battlepack", "Battlepack", battlepacks));
    if let Some((_, pack, offered)) = packs.first() {
        for o in offered {
            let choices = o
                .values
                .iter()
                .map(|(value, words)| Choice::new(format!("{}={value}", o.name), words))
                .collect();
            form = form.field(
                Field::select("option", &format!("{} ({pack})", o.label), choices).hint(o.about.clone()),
            );
        }
    }
    form.field(
        Field::check("legends", "allow Legends warscrolls")
            .hint("older warscrolls Games Workshop no longer updates"),
    )
    .field(Field::select("standings", "League table sorted by", standings))
    .render()
}

/// `POST /setup/{token}`: the campaign, its organiser's invite and this browser's session, in
/// one transaction; then the organiser's page with their link.
async fn start(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
    Form(f): Form<Fields>,
) -> Response {
    let back = format!("/setup/{token}");
    // Taken before the campaign is made, so two presses make one campaign; given back if the
    // campaign is refused.
    let Some(hash) = take_setup(&server, &token) else {
        return failed(used_or_unknown());
    };
    let name = field(&f, "name").unwrap_or_default().to_string();
    let battlepack = field(&f, "battlepack").unwrap_or("ascension").to_string();
    let options: Vec<String> = all(&f, "option");
    // A value the form does not offer is refused, naming its field, never read as another.
    let picked = legends_of(&f).and_then(|legends| Ok((legends, standings_of(&f)?)));
    let (legends, standings) = match picked {
        Ok(picked) => picked,
        Err(refusal) => {
            if let Ok(mut setup) = server.setup.lock() {
                *setup = Some(hash);
            }
            return refused(refusal, &back);
        }
    };
    let made = server
        .with_store(move |s, store| {
            let new = NewCampaign {
                name: &name,
                battlepack: &battlepack,
                legends,
                options: &options,
                standings,
            };
            ops::join::start_campaign(&s.catalogue, store, &new)
        })
        .await;
    let (campaign, organiser_token, session) = match made {
        Ok(made) => made,
        Err(f) => {
            if let Ok(mut setup) = server.setup.lock() {
                *setup = Some(hash);
            }
            return refused(f, &back);
        }
    };
    let link = server.public.link(&format!("/invite/{organiser_token}"));
    let said = html! {
        strong { "Campaign " (campaign.name) " made: you are its organiser on this browser." }
        p { "Your own link, to sign in on another phone or computer (keep it to yourself; it is shown only now):" }
        (super::links::link_box(&link))
        p { "Next: make a join link below for your players, or add their rosters yourself." }
    };
    let mut response = crate::server::kit::answers::done(
        &format!("/campaigns/{}/organise", campaign.id),
        said.into_string(),
    );
    // Added to the browser's keyring: its other leagues stay signed in.
    if let Ok(v) = HeaderValue::from_str(&ring_cookie(&headers, Some(&session.id), &[])) {
        response.headers_mut().append(header::SET_COOKIE, v);
    }
    response
}

/// The set-up form's Legends box: ticked (`yes`, or `on` as browsers send a box without a
/// value) or not sent; any other value is refused.
fn legends_of(f: &Fields) -> Result<bool, Failure> {
    match field(f, "legends") {
        None => Ok(false),
        Some("on" | "yes") => Ok(true),
        Some(other) => Err(Failure::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("the field “legends” is “yes” (the box ticked) or not sent, not '{other}'"),
        )),
    }
}

/// The set-up form's league table rule: one of [`StandingsRule::NAMES`], or the default when
/// not sent; an unknown one is refused.
fn standings_of(f: &Fields) -> Result<StandingsRule, Failure> {
    let Some(sent) = field(f, "standings") else {
        return Ok(StandingsRule::default());
    };
    sent.parse().map_err(|_| {
        Failure::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!(
                "the field “standings” is one of {}, not '{sent}'",
                StandingsRule::NAMES.join(", ")
            ),
        )
    })
}
