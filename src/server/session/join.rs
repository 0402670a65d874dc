//! Joining a campaign from the web (issue #32, item 10): the organiser makes a join link on
//! their page; a new player opens it, picks their faction, then their warlord, its Path and
//! first ability from lists of what the rules allow, names their roster and themselves, and is
//! signed in as its player on their roster's page, where they add the rest (or paste their
//! list: its general, being the warlord, is not added twice). Only the newest join link works.

use super::{guarded, ring_cookie, same_site, secure};
use crate::ops;
use crate::ops::join::Joining;
use crate::rules::roster::{Allowed, WarlordChoice, eligible_warlords};
use crate::server::kit::actions::organised;
use crate::server::kit::extract::Form;
use crate::server::kit::extract::Path;
use crate::server::kit::form::{self, Choice, Field};
use crate::server::kit::forms::{Fields, check_key, field, refused, session};
use crate::server::kit::page::{failed, league_page};
use crate::server::kit::shell::League;
use crate::server::{Failure, Shared};
use axum::Router;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use maud::{Markup, html};
use serde::Deserialize;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/join/{token}", get(join_page).post(join))
        .route("/campaigns/{id}/join-link", post(make_link))
}

fn unknown_link() -> Failure {
    Failure::new(
        StatusCode::NOT_FOUND,
        "this join link is unknown or was replaced by a newer one; ask the organiser for the link",
    )
}

#[derive(Debug, Default, Deserialize)]
struct Picked {
    faction: Option<String>,
}

/// `GET /join/{token}[?faction=F]`: first the faction; with it, the rest of the roster.
async fn join_page(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
    Query(picked): Query<Picked>,
) -> Response {
    let lookup = token.clone();
    let only = server.campaign;
    // Through the read connections: a look-up of any token opens nothing for writing.
    let found = server
        .with_reader(move |s, store| {
            // Another campaign's link is not this server's (`--campaign`).
            let Some(c) = ops::join::campaign_of(store, &lookup)?.filter(|c| only.is_none_or(|o| o == c.id))
            else {
                return Ok(None);
            };
            let pack = ops::pack_of(&s.catalogue, &c)?.clone();
            Ok(Some((c, pack)))
        })
        .await;
    let (campaign, pack) = match found {
        Ok(Some(found)) => found,
        Ok(None) => return failed(unknown_link()),
        Err(f) => return failed(f),
    };
    // The join form's same-site key (`same_site`), as the sign-in button's.
    let (secret, (nonce, new)) = match same_site::secret(&server)
        .await
        .and_then(|s| Ok((s, same_site::nonce(&headers)?)))
    {
        Ok(k) => k,
        Err(f) => return failed(f),
    };
    let key = same_site::key(&secret, &nonce);
    let faction = picked
        .faction
        .as_deref()
        .and_then(|f| server.catalogue.faction(f).ok());
    let action = format!("/join/{token}");
    let body = match faction {
        None => html! {
            p { "Join " strong { (campaign.name) } ": pick your army's faction, then its warlord." }
            (form::Form::new("faction", &action, "Next: your warlord")
                .lookup()
                .field(Field::select("faction", "Faction", server.catalogue.faction_names().map(|f| Choice::new(f, f)).collect()).required())
                .render())
        },
        Some(f) => {
            let allowed = Allowed {
                campaign: &campaign.name,
                legends: campaign.legends,
            };
            roster_form(
                &action,
                &key,
                &campaign.name,
                &f.name,
                &eligible_warlords(&pack, f, allowed),
                &pack,
            )
        }
    };
    // In the campaign's shell: the bar on top names the league joined and links to its page.
    let league = League {
        id: campaign.id,
        name: &campaign.name,
    };
    let mut response = league_page(league, "Join the campaign", body).into_response();
    if new {
        let cookie = same_site::cookie(&nonce, "/join", secure(&headers));
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().insert(header::SET_COOKIE, v);
        }
    }
    guarded(response)
}

/// The roster's own form once the faction is picked: only warlords the rules allow, each Path
/// with its first rank's abilities. It carries the page's same-site key (`same_site`: no
/// session yet) and, as every form, a one-use token, so a double tap joins once. Refused, it
/// comes back with what was typed.
fn roster_form(
    action: &str,
    key: &str,
    campaign: &str,
    faction: &str,
    warlords: &[&crate::catalogue::Warscroll],
    pack: &crate::catalogue::Battlepack,
) -> Markup {
    let warlords = warlords
        .iter()
        .map(|w| Choice::new(&w.name, format!("{} ({} pts)", w.name, w.points)))
        .collect();
    let abilities = pack
        .paths
        .iter()
        .flat_map(|p| {
            let first = p
                .ranks
                .first()
                .map(|r| r.abilities.as_slice())
                .unwrap_or_default();
            first.iter().map(move |a| {
                Choice::new(format!("{}:{}", p.id, a.id), format!("{} — {}", p.name, a.name)).hint(&a.summary)
            })
        })
        .collect();
    let lead = html! {
        p { "Join " strong { (campaign) } " with " strong { (faction) } " ("
            a href=(action) { "another faction" } ")." }
    };
    let form = form::Form::new("join", action, "Join with this roster")
        .key(key)
        .hidden("faction", faction)
        .lead(lead)
        .field(Field::text("player", "Your name", 100).required())
        .field(Field::text("name", "Your roster's name", 100).required())
        .field(Field::select("warlord", "Warlord", warlords).required())
        .field(Field::text("warlord_name", "its own name (optional)", 100))
        .field(
            Field::select("path_ability", "Path and first ability", abilities)
                .required()
                .hint("A Path for WIZARDs or PRIESTs needs a warlord who is one."),
        )
        .after(html! {
            details { summary { "What each first ability does" }
                ul { @for p in &pack.paths {
                    @for a in p.ranks.first().map(|r| r.abilities.as_slice()).unwrap_or_default() {
                        li { strong { (p.name) " — " (a.name) } ": " (a.summary) }
                    }
                } }
            }
        });
    form.render()
}

/// `POST /join/{token}`: the roster, its player's invite and this browser's session in one
/// transaction; then the roster's page.
async fn join(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(token): Path<String>,
    Form(f): Form<Fields>,
) -> Response {
    let text = |name: &str| field(&f, name).unwrap_or_default().to_string();
    let faction = text("faction");
    let back = format!("/join/{token}?faction={}", urlencode(&faction));
    // Sent from the join page itself, not another site (login CSRF: a forged join would sign
    // this browser in as a new player).
    if let Err(refusal) = same_site::check(&server, &headers, &text("key"), "joining").await {
        return refused(refusal, &back);
    }
    let only = server.campaign;
    let (player, name, warlord, warlord_name) = (
        text("player"),
        text("name"),
        text("warlord"),
        text("warlord_name"),
    );
    let path_ability = text("path_ability");
    let (path, ability) = path_ability.split_once(':').unwrap_or((&path_ability, ""));
    let (path, ability) = (path.to_string(), ability.to_string());
    // An unknown link is told so from the read connections, before one is opened to write.
    let lookup = token.clone();
    match server
        .with_reader(move |_, store| ops::join::campaign_of(store, &lookup))
        .await
    {
        Ok(Some(_)) => {}
        Ok(None) => return failed(unknown_link()),
        Err(f) => return failed(f),
    }
    let made = server
        .with_store(move |s, store| {
            let joining = Joining {
                name: &name,
                player: &player,
                faction: &faction,
                warlord: WarlordChoice {
                    warscroll: &warlord,
                    name: Some(warlord_name.as_str()).filter(|n| !n.trim().is_empty()),
                    path: &path,
                    ability: &ability,
                },
            };
            ops::join::join(&s.catalogue, store, &token, only, &joining, s.joins_per_hour)
        })
        .await;
    let joined = match made {
        Ok(Some(made)) => made,
        Ok(None) => return failed(unknown_link()),
        Err(f) => return refused(f, &back),
    };
    // The player's own link, shown once: the way back on a new phone.
    let link = server.public.link(&format!("/invite/{}", joined.invite_token));
    let said = html! {
        strong { "Welcome: your roster is made and this browser is signed in as its player." }
        p { "Your own link, to sign in on another phone or computer. Keep it to yourself; it is shown only now:" }
        (super::links::link_box(&link))
        p { "Add your starting units below, or paste your army list." }
    };
    let mut response =
        crate::server::kit::answers::done(&format!("/rosters/{}", joined.roster_id), said.into_string());
    let cookies = [
        ring_cookie(&headers, Some(&joined.session.id), &[]),
        format!(
            "{}=; Path=/join; HttpOnly; SameSite=Lax; Max-Age=0",
            same_site::COOKIE
        ),
    ];
    for cookie in cookies {
        if let Ok(v) = HeaderValue::from_str(&cookie) {
            response.headers_mut().append(header::SET_COOKIE, v);
        }
    }
    guarded(response)
}

#[derive(Debug, Deserialize)]
struct MakeLink {
    #[serde(default)]
    key: String,
    /// The rosters the link may make in an hour; blank: the server's `--joins-per-hour`.
    #[serde(default)]
    per_hour: String,
}

/// The form's `per_hour`: blank is the server's number.
fn per_hour(text: &str) -> Result<Option<u32>, Failure> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    crate::numbers::read(text).map(Some).map_err(|e| {
        Failure::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("“new rosters an hour” {e}; leave it blank for the server's"),
        )
        .on_field("per_hour")
    })
}

/// `POST /campaigns/{id}/join-link`: the organiser's new join link, shown once on their page.
async fn make_link(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<MakeLink>,
) -> Response {
    let back = format!("/campaigns/{id}/organise");
    let made = async {
        let ring = session(&server, &headers).await?;
        check_key(&ring, &f.key)?;
        let at = organised(&server, &headers, id).await?;
        let by = at.who.invite_id;
        let per_hour = per_hour(&f.per_hour)?;
        server
            .with_store(move |_, store| ops::join::make_link(store, at.id, Some(by), per_hour))
            .await
    };
    match made.await {
        Ok(token) => {
            let link = server.public.link(&format!("/join/{token}"));
            let said = html! {
                strong { "Join link made." }
                p { "Send it to your players: each opens it, makes their own roster and is signed in as its player. It is shown only now; a new one replaces it, and revoking your invite ends it." }
                (super::links::link_box(&link))
            };
            crate::server::kit::answers::done(&back, said.into_string())
        }
        Err(f) => refused(f, &back),
    }
}

/// The join link form on the organiser's page; a link makes `per_hour` rosters an hour unless
/// the organiser lets it make more.
pub fn section(campaign_id: i64, key: &str, per_hour: u32) -> Markup {
    form::Form::new(
        "join-link",
        format!("/campaigns/{campaign_id}/join-link"),
        "Make a join link for new players",
    )
    .key(key)
    .field(
        Field::number("per_hour", "New rosters it may make an hour")
            .hint(format!("1 to {}; blank: {per_hour}", ops::join::MOST_PER_HOUR)),
    )
    .render()
}

/// `text` as a URL query value.
fn urlencode(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}
