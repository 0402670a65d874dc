//! Every league a person is in, on one phone (issue #39): the browser's keyring keeps each
//! sign-in it was given, each page acts with the one that has rights there, the home page lists
//! them and signing out of one keeps the others. And the links: a player's own link after
//! joining and for another device; the join form's same-site key; a join link dying with the
//! invite that made it; a deleted roster's player losing its rights; `--campaign` scoping the
//! links; the sign-in key needing the server's secret; the set-up form refusing what it does
//! not offer.

use crate::common;
use crate::serve_support;

use axum::Router;
use axum::http::{StatusCode, header};
use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS};
use ptg::catalogue::Catalogue;
use ptg::server::{Server, router};
use serve_support::{
    Answer, SETUP, api_post, follow_via, form, form_key, get_via, invite, roster_id, send_via,
    served_with_setup, set_cookie, sign_in_page, token_after,
};

/// Battle 1 planned in Ashen Vale between Hammers of Dawn and Rat Tide (`Ptg::small_battle`),
/// and a second campaign, Blasted Keep, with no roster.
static TWO_LEAGUES: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle();
    p.ok(&["campaign", "new", KEEP]);
    p
});

const KEEP: &str = "Blasted Keep";

/// A new invite's token in campaign `campaign` (`ptg invite CAMPAIGN ARGS`).
fn invite_in(p: &Ptg, campaign: &str, args: &[&str]) -> String {
    let made = p.json(&[&["invite", campaign][..], args].concat());
    made["token"].as_str().unwrap().to_string()
}

/// The keyring cookie (`ptg_session=...`) after signing in with invite `token` on a browser
/// holding `cookie` (empty: none).
async fn sign_in(app: &Router, token: &str, cookie: &str) -> String {
    let page = get_via(app, &format!("/invite/{token}"), cookie).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let nonce = set_cookie(&page, "ptg_sign_in=").expect("the sign-in page's nonce");
    let cookies = [cookie, nonce.as_str()]
        .into_iter()
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    let done = send_via(
        app,
        form(
            &format!("/invite/{token}"),
            Some(&cookies),
            &[("key", &form_key(&page.body))],
        ),
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    set_cookie(&done, "ptg_session=").expect("the keyring cookie")
}

/// How many sessions keyring cookie `cookie` holds.
fn held(cookie: &str) -> usize {
    cookie
        .trim_start_matches("ptg_session=")
        .split('.')
        .filter(|s| !s.is_empty())
        .count()
}

/// The value of hidden field `name` of the form posting to `action` in `html`.
fn field_of(html: &str, action: &str, name: &str) -> String {
    let form = &html[html
        .find(&format!(r#"action="{action}""#))
        .unwrap_or_else(|| panic!("{action} in {html}"))..];
    let marker = format!(r#"name="{name}" value=""#);
    let at = form.find(&marker).expect("the field") + marker.len();
    form[at..].split('"').next().unwrap().to_string()
}

/// The join link the organiser (`organiser`, a keyring cookie with their sign-in) makes for
/// campaign `id`.
async fn join_link(app: &Router, id: i64, organiser: &str) -> String {
    let page = get_via(app, &format!("/campaigns/{id}/organise"), organiser).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let key = field_of(&page.body, &format!("/campaigns/{id}/join-link"), "key");
    let made = send_via(
        app,
        form(
            &format!("/campaigns/{id}/join-link"),
            Some(organiser),
            &[("key", &key)],
        ),
    )
    .await;
    let shown = follow_via(app, &made, organiser).await;
    token_after(&shown.body, "/join/")
}

/// The fields of a Skaven player joining as `player` with roster `name`.
fn joining<'a>(key: &'a str, player: &'a str, name: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("key", key),
        ("faction", "Skaven"),
        ("player", player),
        ("name", name),
        ("warlord", "Grey Seer"),
        ("path_ability", "mage:dedicated-practitioner"),
    ]
}

/// Joins with join link `join` on a browser holding `cookie`: the answer.
async fn join(app: &Router, join: &str, cookie: &str, player: &str, name: &str) -> Answer {
    let page = get_via(app, &format!("/join/{join}?faction=Skaven"), cookie).await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let nonce = set_cookie(&page, "ptg_sign_in=").expect("the join page's nonce");
    let key = field_of(&page.body, &format!("/join/{join}"), "key");
    let cookies = [cookie, nonce.as_str()]
        .into_iter()
        .filter(|c| !c.is_empty())
        .collect::<Vec<_>>()
        .join("; ");
    send_via(
        app,
        form(
            &format!("/join/{join}"),
            Some(&cookies),
            &joining(&key, player, name),
        ),
    )
    .await
}

#[tokio::test]
async fn one_browser_keeps_every_league_it_signed_in_to_and_signs_out_of_one_only() {
    let p = TWO_LEAGUES.copy();
    let app = served_with_setup(&p, None);
    let (vale, keep) = (
        serve_support::campaign_id(&p, ASHEN_VALE),
        serve_support::campaign_id(&p, KEEP),
    );
    // The organiser of Ashen Vale, then of Blasted Keep, then the player of Rat Tide.
    let one = sign_in(&app, &invite(&p, &["--organiser"]), "").await;
    let two = sign_in(&app, &invite_in(&p, KEEP, &["--organiser"]), &one).await;
    let three = sign_in(&app, &invite(&p, &["--roster", RATS]), &two).await;
    assert_eq!(held(&three), 3, "{three}");
    // Each page acts with the sign-in that has rights there.
    for id in [vale, keep] {
        let organise = get_via(&app, &format!("/campaigns/{id}/organise"), &three).await;
        assert_eq!(
            organise.status,
            StatusCode::OK,
            "campaign {id}: {}",
            organise.body
        );
    }
    let rats = roster_id(&p, RATS);
    let roster = get_via(&app, &format!("/rosters/{rats}"), &three).await;
    assert!(
        roster.body.contains("Add to the Order of Battle"),
        "{}",
        roster.body
    );
    // A form of Blasted Keep's organiser page, sent with the keyring: done.
    let organise = get_via(&app, &format!("/campaigns/{keep}/organise"), &three).await;
    let key = field_of(&organise.body, &format!("/campaigns/{keep}/join-link"), "key");
    let made = send_via(
        &app,
        form(
            &format!("/campaigns/{keep}/join-link"),
            Some(&three),
            &[("key", &key)],
        ),
    )
    .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    // The home page lists them, each with its way out.
    let home = get_via(&app, "/", &three).await;
    assert!(home.body.contains("Your leagues and rosters"), "{}", home.body);
    for name in [ASHEN_VALE, KEEP, RATS] {
        assert!(home.body.contains(name), "{name}: {}", home.body);
    }
    // Signing out of Blasted Keep keeps Ashen Vale (its organiser and Rat Tide's player).
    let on_keep = get_via(&app, &format!("/campaigns/{keep}"), &three).await;
    let key = field_of(&on_keep.body, "/signout", "key");
    let out = send_via(&app, form("/signout", Some(&three), &[("key", &key)])).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER, "{}", out.body);
    let left = set_cookie(&out, "ptg_session=").expect("the keyring, less one");
    assert_eq!(held(&left), 2, "{left}");
    let keep_page = get_via(&app, &format!("/campaigns/{keep}/organise"), &left).await;
    assert_eq!(keep_page.status, StatusCode::FORBIDDEN, "{}", keep_page.body);
    let vale_page = get_via(&app, &format!("/campaigns/{vale}/organise"), &left).await;
    assert_eq!(vale_page.status, StatusCode::OK, "{}", vale_page.body);
    // The old keyring's Blasted Keep session has ended, for good.
    let ended = get_via(&app, &format!("/campaigns/{keep}/organise"), &three).await;
    assert_eq!(ended.status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn making_a_second_league_or_joining_another_keeps_the_first() {
    let p = TWO_LEAGUES.copy();
    let app = served_with_setup(&p, None);
    let vale = serve_support::campaign_id(&p, ASHEN_VALE);
    let organiser = sign_in(&app, &invite(&p, &["--organiser"]), "").await;
    // The set-up link makes a third league on the same browser.
    let made = send_via(
        &app,
        form(
            &format!("/setup/{SETUP}"),
            Some(&organiser),
            &[("name", "Third League"), ("battlepack", "ascension")],
        ),
    )
    .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let both = set_cookie(&made, "ptg_session=").expect("signed in to the new league too");
    assert_eq!(held(&both), 2, "{both}");
    let first = get_via(&app, &format!("/campaigns/{vale}/organise"), &both).await;
    assert_eq!(
        first.status,
        StatusCode::OK,
        "the first league's organiser: {}",
        first.body
    );
    // Joining Blasted Keep as a player keeps both.
    let keep = serve_support::campaign_id(&p, KEEP);
    let keep_organiser = sign_in(&app, &invite_in(&p, KEEP, &["--organiser"]), "").await;
    let link = join_link(&app, keep, &keep_organiser).await;
    let joined = join(&app, &link, &both, "Bea", "Gnaw").await;
    assert_eq!(joined.status, StatusCode::SEE_OTHER, "{}", joined.body);
    let all = set_cookie(&joined, "ptg_session=").expect("signed in as the player too");
    assert_eq!(held(&all), 3, "{all}");
    let first = get_via(&app, &format!("/campaigns/{vale}/organise"), &all).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    // The player's own link, shown once, with its share button; and the script behind it.
    let roster = follow_via(&app, &joined, &all).await;
    assert!(roster.body.contains("Your own link"), "{}", roster.body);
    assert_eq!(token_after(&roster.body, "/invite/").len(), 64);
    assert!(roster.body.contains("data-share="), "{}", roster.body);
    assert!(
        roster.body.contains(r#"<script src="/share.js"#),
        "{}",
        roster.body
    );
    let script = get_via(&app, "/share.js", "").await;
    assert_eq!(script.status, StatusCode::OK);
    assert!(
        script.headers[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/javascript")
    );
    assert!(script.body.contains("navigator.share"), "{}", script.body);
    // The player's link works: another phone signs in with it as Gnaw's player.
    let own = token_after(&roster.body, "/invite/");
    let phone = sign_in(&app, &own, "").await;
    let gnaw = roster_id(&p, "Gnaw");
    let page = get_via(&app, &format!("/rosters/{gnaw}"), &phone).await;
    assert!(page.body.contains("Add to the Order of Battle"), "{}", page.body);
}

#[tokio::test]
async fn a_signed_in_player_makes_a_link_for_another_device_of_their_own() {
    let p = TWO_LEAGUES.copy();
    let app = served_with_setup(&p, None);
    let player = sign_in(&app, &invite(&p, &["--roster", HAMMERS]), "").await;
    let hammers = roster_id(&p, HAMMERS);
    let page = get_via(&app, &format!("/rosters/{hammers}"), &player).await;
    let key = field_of(&page.body, "/me/link", "key");
    let made = send_via(&app, form("/me/link", Some(&player), &[("key", &key)])).await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let shown = follow_via(&app, &made, &player).await;
    let link = token_after(&shown.body, "/invite/");
    assert_eq!(link.len(), 64, "{}", shown.body);
    let tablet = sign_in(&app, &link, "").await;
    let page = get_via(&app, &format!("/rosters/{hammers}"), &tablet).await;
    assert!(page.body.contains("Add to the Order of Battle"), "{}", page.body);
    // Another site's form (no key) makes nothing.
    let forged = send_via(&app, form("/me/link", Some(&player), &[("key", "x")])).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
}

#[tokio::test]
async fn a_join_form_sent_from_another_site_is_refused() {
    let p = TWO_LEAGUES.copy();
    let app = served_with_setup(&p, None);
    let vale = serve_support::campaign_id(&p, ASHEN_VALE);
    let organiser = sign_in(&app, &invite(&p, &["--organiser"]), "").await;
    let link = join_link(&app, vale, &organiser).await;
    let before = p.fingerprint();
    // The organiser's browser, made to post the join form by another site: no key, no nonce.
    let forged = send_via(
        &app,
        form(
            &format!("/join/{link}"),
            Some(&organiser),
            &joining("", "Mallory", "Forged"),
        ),
    )
    .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    assert!(
        set_cookie(&forged, "ptg_session=").is_none(),
        "not signed in as a new player"
    );
    assert_eq!(p.fingerprint(), before, "no roster made");
}

#[tokio::test]
async fn a_join_link_dies_with_the_organiser_s_invite_that_made_it() {
    let p = TWO_LEAGUES.copy();
    let app = served_with_setup(&p, None);
    let vale = serve_support::campaign_id(&p, ASHEN_VALE);
    let leaked = invite(&p, &["--organiser"]);
    let organiser = sign_in(&app, &leaked, "").await;
    let link = join_link(&app, vale, &organiser).await;
    assert_eq!(
        get_via(&app, &format!("/join/{link}"), "").await.status,
        StatusCode::OK
    );
    p.ok(&["invite", ASHEN_VALE, "--revoke", &leaked]);
    assert_eq!(
        get_via(&app, &format!("/join/{link}"), "").await.status,
        StatusCode::NOT_FOUND
    );
    // A join POST with a nonce and its key as this server's pages give them (a sign-in page's).
    let (key, nonce) = sign_in_page(&p, &invite(&p, &["--roster", HAMMERS])).await;
    let before = p.fingerprint();
    let request = form(
        &format!("/join/{link}"),
        Some(&nonce),
        &joining(&key, "Bea", "Gnaw"),
    );
    assert_eq!(send_via(&app, request).await.status, StatusCode::NOT_FOUND);
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn the_player_of_a_deleted_roster_rolls_no_twist_in_its_battles() {
    let p = TWO_LEAGUES.copy();
    let app = served_with_setup(&p, None);
    let token = invite(&p, &["--roster", RATS]);
    let player = sign_in(&app, &token, "").await;
    let battle = get_via(&app, "/battles/1", &player).await;
    assert!(battle.body.contains("Roll the twist"), "{}", battle.body);
    let key = form_key(&battle.body);
    p.ok(&["roster", "delete", RATS, "--force"]);
    let before = p.fingerprint();
    let rats = roster_id_any(&p, RATS);
    let fields = [
        ("key", key.as_str()),
        ("round", "2"),
        ("underdog", &rats),
        ("dice", "2"),
    ];
    let refused = send_via(&app, form("/battles/1/twist", Some(&player), &fields)).await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED, "{}", refused.body);
    let body = serde_json::json!({ "round": 2, "underdog": rats.parse::<i64>().unwrap(), "dice": [2] });
    let api = send_via(&app, api_post("/api/battles/1/twist", Some(&token), body)).await;
    assert_eq!(api.status, StatusCode::UNAUTHORIZED, "{}", api.body);
    assert_eq!(p.fingerprint(), before);
    let invites = p.json(&["invite", ASHEN_VALE, "--list"]);
    let theirs = invites
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["roster"] == RATS)
        .expect("Rat Tide's invite");
    assert!(theirs["revoked_at"].is_string(), "{theirs}");
}

/// The id of roster `name` of Ashen Vale, deleted or not, as the battle lists it.
fn roster_id_any(p: &Ptg, name: &str) -> String {
    let battle = p.json(&["battle", "show", "1"]);
    let sides = battle["sides"].as_array().unwrap();
    let side = sides.iter().find(|s| s["roster"] == name).expect("the side");
    side["roster_id"].to_string()
}

#[tokio::test]
async fn a_server_of_one_campaign_refuses_another_campaign_s_links() {
    let p = TWO_LEAGUES.copy();
    let vale = serve_support::campaign_id(&p, ASHEN_VALE);
    let keep = serve_support::campaign_id(&p, KEEP);
    let everything = served_with_setup(&p, None);
    let keep_organiser = sign_in(&everything, &invite_in(&p, KEEP, &["--organiser"]), "").await;
    let link = join_link(&everything, keep, &keep_organiser).await;
    let other = invite_in(&p, KEEP, &["--organiser"]);
    let vale_only = served_with_setup(&p, Some(vale));
    let page = get_via(&vale_only, &format!("/invite/{other}"), "").await;
    assert_eq!(page.status, StatusCode::UNAUTHORIZED, "{}", page.body);
    let page = get_via(&vale_only, &format!("/join/{link}"), "").await;
    assert_eq!(page.status, StatusCode::NOT_FOUND, "{}", page.body);
    // Its own campaign's links work.
    let own = invite(&p, &["--organiser"]);
    assert_eq!(
        get_via(&vale_only, &format!("/invite/{own}"), "").await.status,
        StatusCode::OK
    );
}

#[tokio::test]
async fn the_sign_in_key_is_not_derived_from_the_nonce_alone() {
    let p = TWO_LEAGUES.copy();
    let token = invite(&p, &["--organiser"]);
    let (key, nonce) = sign_in_page(&p, &token).await;
    let value = nonce.trim_start_matches("ptg_sign_in=");
    // ptg before issue #39: the key was the hash of the nonce alone, which whoever set the
    // cookie could compute.
    let guessed = ptg::ops::invite::token_hash(&format!("sign-in:{value}"));
    assert_ne!(key, guessed);
    let app = served_with_setup(&p, None);
    let forged = send_via(
        &app,
        form(&format!("/invite/{token}"), Some(&nonce), &[("key", &guessed)]),
    )
    .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    assert!(set_cookie(&forged, "ptg_session=").is_none());
    // The page's own key signs in (the secret is kept: a second server on the file agrees).
    let done = send_via(
        &app,
        form(&format!("/invite/{token}"), Some(&nonce), &[("key", &key)]),
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
}

#[tokio::test]
async fn the_set_up_form_refuses_values_it_does_not_offer_naming_the_field() {
    let p = Ptg::new();
    let app = served_with_setup(&p, None);
    let before = p.fingerprint();
    for (field, value) in [("legends", "off"), ("standings", "points")] {
        let refused = send_via(
            &app,
            form(
                &format!("/setup/{SETUP}"),
                None,
                &[
                    ("name", "Ashen Vale"),
                    ("battlepack", "ascension"),
                    (field, value),
                ],
            ),
        )
        .await;
        assert_eq!(refused.status, StatusCode::SEE_OTHER, "{}", refused.body);
        let to = refused.headers[header::LOCATION].to_str().unwrap();
        assert!(to.ends_with("#refused"), "back to the form: {to}");
        let refused = follow_via(&app, &refused, "").await;
        assert!(refused.body.contains(field), "{field}: {}", refused.body);
        assert!(refused.body.contains(value), "{value}: {}", refused.body);
        assert_eq!(p.fingerprint(), before, "nothing refused is written");
    }
    // The link still works, and what it offers is taken.
    let made = send_via(
        &app,
        form(
            &format!("/setup/{SETUP}"),
            None,
            &[
                ("name", "Ashen Vale"),
                ("battlepack", "ascension"),
                ("legends", "on"),
                ("standings", "glory"),
            ],
        ),
    )
    .await;
    assert_eq!(made.status, StatusCode::SEE_OTHER, "{}", made.body);
    let shown = p.json(&["campaign", "show", "Ashen Vale"]);
    assert_eq!(shown["campaign"]["legends"], true, "{shown}");
}

#[tokio::test]
async fn a_private_server_shows_each_league_of_the_keyring() {
    let p = TWO_LEAGUES.copy();
    let (vale, keep) = (
        serve_support::campaign_id(&p, ASHEN_VALE),
        serve_support::campaign_id(&p, KEEP),
    );
    let app = router(Server::new(p.db(), Catalogue::load(&[]).unwrap(), true, None));
    let one = sign_in(&app, &invite(&p, &["--roster", RATS]), "").await;
    let both = sign_in(&app, &invite_in(&p, KEEP, &["--organiser"]), &one).await;
    for id in [vale, keep] {
        let page = get_via(&app, &format!("/campaigns/{id}"), &both).await;
        assert_eq!(page.status, StatusCode::OK, "campaign {id}: {}", page.body);
    }
    let rats = roster_id(&p, RATS);
    let roster = get_via(&app, &format!("/rosters/{rats}"), &both).await;
    assert!(
        roster.body.contains("Add to the Order of Battle"),
        "{}",
        roster.body
    );
    // Still nothing for a browser signed in nowhere.
    assert_eq!(
        get_via(&app, &format!("/campaigns/{vale}"), "").await.status,
        StatusCode::UNAUTHORIZED
    );
}
