//! `ptg serve` (issue #20), driven over HTTP through its router without a socket: pages render,
//! the API gives the CLI's JSON, an aftermath through the API equals the CLI's for the same
//! typed dice, and the access rules: no token 401, another player's roster 403 (even naming it
//! in the request), a revoked invite 401, a private league shows nothing without an invite.
//! Every refused write leaves the database unchanged.

use crate::common;
use crate::serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::league::{LEAGUE, LEAGUE_FIXTURE, SILKEN};
use common::{HAMMERS, Ptg, RATS};
use serde_json::json;
use serve_support::{Answer, api_get as get, api_post as post, invite, roster_id, send_to};

/// Sends one request to a server on `p`'s database.
async fn send(p: &Ptg, private: bool, request: Request<Body>) -> Answer {
    send_to(p, private, None, request).await
}

#[tokio::test]
async fn the_pages_show_the_league_each_roster_and_each_battle() {
    let p = LEAGUE_FIXTURE.copy();
    let home = send(&p, false, get("/", None)).await;
    assert_eq!(home.status, StatusCode::OK);
    assert!(home.body.contains("href=\"/campaigns/1\""), "{}", home.body);
    let league = send(&p, false, get("/campaigns/1", None)).await;
    assert_eq!(league.status, StatusCode::OK);
    assert!(
        league.body.contains("League table") && league.body.contains("Moonclan Mob"),
        "{}",
        league.body
    );
    assert!(league.body.contains("name=\"viewport\""), "readable on a phone");
    let hammers = roster_id(&p, HAMMERS);
    let page = send(&p, false, get(&format!("/rosters/{hammers}"), None)).await;
    assert!(
        page.body.contains("Lord-Vigilant on Gryph-stalker") && page.body.contains("Order of Battle"),
        "{}",
        page.body
    );
    let sheet = send(&p, false, get(&format!("/rosters/{hammers}/sheet.pdf"), None)).await;
    assert_eq!(sheet.status, StatusCode::OK);
    assert_eq!(sheet.headers[header::CONTENT_TYPE], "application/pdf");
    assert!(sheet.body.starts_with("%PDF-"), "a PDF");
    let battle = send(&p, false, get("/battles/6", None)).await;
    assert!(
        battle.body.contains("aftermath to run") && battle.body.contains("Dice"),
        "{}",
        battle.body
    );
    // The armies unit by unit, and every die of the battle: the roll-off typed in, 6 for Rat Tide.
    assert!(battle.body.contains("Grey Seer (general)"), "{}", battle.body);
    assert!(
        battle
            .body
            .contains("roll-off for Northern or Southern Territory: Rat Tide</td><td>D6</td><td>6</td>")
            && battle.body.contains("typed in"),
        "{}",
        battle.body
    );
    let missing = send(&p, false, get("/rosters/999", None)).await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert!(missing.body.contains("there is no roster with id 999"));
}

#[tokio::test]
async fn the_api_gives_the_same_json_as_the_cli() {
    let p = LEAGUE_FIXTURE.copy();
    let hammers = roster_id(&p, HAMMERS);
    let api = send(&p, false, get(&format!("/api/rosters/{hammers}"), None)).await;
    assert_eq!(api.json(), p.json(&["roster", "show", HAMMERS]));
    let api = send(&p, false, get("/api/battles/3", None)).await;
    assert_eq!(api.json(), p.json(&["battle", "show", "3"]));
    let api = send(&p, false, get("/api/campaigns", None)).await;
    assert_eq!(api.json(), p.json(&["campaign", "list"]));
    assert_eq!(
        send(&p, false, get("/api/battles/99", None)).await.status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn an_aftermath_through_the_api_equals_the_cli_s_for_the_same_dice() {
    let by_cli = LEAGUE_FIXTURE.copy();
    by_cli.ok(&[
        "aftermath",
        "6",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "2,3,1",
    ]);
    let by_api = LEAGUE_FIXTURE.copy();
    let rats = roster_id(&by_api, RATS);
    let token = invite(&by_api, &["--roster", RATS]);
    let body = json!({ "favoured": "Clanrats", "dice": [2, 3, 1] });
    let done = send(
        &by_api,
        false,
        post(&format!("/api/battles/6/aftermath/{rats}"), Some(&token), body),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(done.json()["roster"], by_cli.json(&["roster", "show", RATS]));
    assert_eq!(
        by_api.json(&["roster", "show", RATS]),
        by_cli.json(&["roster", "show", RATS])
    );
    by_api.ok(&["audit"]);
    // Run again, it is refused in the CLI's words and changes nothing.
    let before = by_api.fingerprint();
    let again = send(
        &by_api,
        false,
        post(
            &format!("/api/battles/6/aftermath/{rats}"),
            Some(&token),
            json!({ "favoured": "Clanrats", "dice": [1, 1, 1, 1] }),
        ),
    )
    .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", again.body);
    assert!(
        again.json()["error"].as_str().unwrap().contains("already"),
        "{}",
        again.body
    );
    assert_eq!(by_api.fingerprint(), before);
}

/// The league with a roster still in set-up, Latecomers, whose player and the Rat Tide's
/// player each have an invite.
fn with_latecomers() -> (Ptg, i64, String, String) {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&common::roster_new(
        "Latecomers",
        LEAGUE,
        "Stormcast Eternals",
        "Knight-Questor",
        "warrior",
        "berserker",
    ));
    let late = roster_id(&p, "Latecomers");
    let own = invite(&p, &["--roster", "Latecomers"]);
    let other = invite(&p, &["--roster", RATS]);
    (p, late, own, other)
}

#[tokio::test]
async fn a_player_changes_their_own_roster_and_no_other() {
    let (p, late, own, other) = with_latecomers();
    let uri = format!("/api/rosters/{late}/units");
    let unit = json!({ "warscroll": "Liberators", "reinforced": false });
    let before = p.fingerprint();
    let none = send(&p, false, post(&uri, None, unit.clone())).await;
    assert_eq!(none.status, StatusCode::UNAUTHORIZED);
    let wrong = send(&p, false, post(&uri, Some(&other), unit.clone())).await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN, "{}", wrong.body);
    let forged = send(&p, false, post(&uri, Some("0123456789abcdef"), unit.clone())).await;
    assert_eq!(forged.status, StatusCode::UNAUTHORIZED);
    assert_eq!(p.fingerprint(), before, "refused writes change nothing");
    let done = send(&p, false, post(&uri, Some(&own), unit)).await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(done.json()["summary"], "Liberators added to the Order of Battle");
    let added = done.json()["roster"]["units"][1]["id"].as_i64().unwrap();
    let remove = |token: Option<&str>| {
        let mut r = Request::delete(format!("{uri}/{added}"));
        if let Some(t) = token {
            r = r.header(header::AUTHORIZATION, format!("Bearer {t}"));
        }
        r.body(Body::empty()).unwrap()
    };
    let before = p.fingerprint();
    assert_eq!(
        send(&p, false, remove(Some(&other))).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(p.fingerprint(), before);
    let removed = send(&p, false, remove(Some(&own))).await;
    assert_eq!(removed.status, StatusCode::OK, "{}", removed.body);
    assert_eq!(removed.json()["roster"]["units"].as_array().unwrap().len(), 1);
    p.ok(&["undo", "--roster", "Latecomers"]);
    p.ok(&["audit"]);
    // A rule broken comes back with the CLI's message, nothing changed.
    let before = p.fingerprint();
    let too_big = send(
        &p,
        false,
        post(&uri, Some(&own), json!({ "warscroll": "Nobody's Unit" })),
    )
    .await;
    assert_eq!(too_big.status, StatusCode::UNPROCESSABLE_ENTITY);
    let cli = p.refused(&["roster", "add", "Latecomers", "Nobody's Unit"], "Nobody's Unit");
    assert!(
        cli.contains(too_big.json()["error"].as_str().unwrap()),
        "{cli} / {}",
        too_big.body
    );
    assert_eq!(p.fingerprint(), before);
    // The organiser changes any roster of the campaign.
    let organiser = invite(&p, &["--organiser"]);
    let done = send(
        &p,
        false,
        post(&uri, Some(&organiser), json!({ "warscroll": "Liberators" })),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
}

#[tokio::test]
async fn a_revoked_invite_lets_nobody_in() {
    let (p, late, own, _) = with_latecomers();
    let listed = p.json(&["invite", LEAGUE, "--list"]);
    let id = listed[0]["id"].as_i64().unwrap().to_string();
    p.ok(&["invite", LEAGUE, "--revoke", &id]);
    // The list shows its times as history and rolls do (issue #33): "YYYY-MM-DD HH:MM:SS".
    let table = p.ok(&["invite", LEAGUE, "--list"]);
    let stored = listed[0]["created_at"].as_str().unwrap();
    let shown = stored.replace('T', " ");
    let shown = shown.trim_end_matches('Z').split('.').next().unwrap();
    assert!(table.contains(shown) && !table.contains(stored), "{table}");
    let before = p.fingerprint();
    let refused = send(
        &p,
        false,
        post(
            &format!("/api/rosters/{late}/units"),
            Some(&own),
            json!({ "warscroll": "Liberators" }),
        ),
    )
    .await;
    assert_eq!(refused.status, StatusCode::UNAUTHORIZED);
    assert!(refused.body.contains("revoked"), "{}", refused.body);
    assert_eq!(p.fingerprint(), before);
    // Its holder still reads the pages, as anyone does (the league is not private).
    assert_eq!(
        send(&p, false, get("/api/campaigns", Some(&own))).await.status,
        StatusCode::OK
    );
    assert_eq!(
        send(&p, true, get("/api/campaigns", Some(&own))).await.status,
        StatusCode::UNAUTHORIZED
    );
    p.refused(&["invite", LEAGUE, "--revoke", &id], "already revoked");
    p.refused(
        &["invite", LEAGUE, "--roster", "Nobody"],
        "has no roster called 'Nobody'",
    );
}

#[tokio::test]
async fn a_private_league_shows_nothing_without_an_invite_and_the_link_signs_in() {
    let p = LEAGUE_FIXTURE.copy();
    for uri in ["/", "/campaigns/1", "/api/campaigns", "/battles/1"] {
        assert_eq!(
            send(&p, true, get(uri, None)).await.status,
            StatusCode::UNAUTHORIZED,
            "{uri}"
        );
    }
    let token = invite(&p, &["--roster", SILKEN]);
    // The link shows whose it is and a button; only the button's POST signs in.
    let link = send(&p, true, get(&format!("/invite/{token}"), None)).await;
    assert_eq!(link.status, StatusCode::OK);
    assert!(
        link.body.contains("Sign in as the player of Silken Host"),
        "{}",
        link.body
    );
    let nonce = serve_support::set_cookie(&link, "ptg_sign_in=").unwrap();
    let key = serve_support::form_key(&link.body);
    let confirmed = send(
        &p,
        true,
        serve_support::form(&format!("/invite/{token}"), Some(&nonce), &[("key", &key)]),
    )
    .await;
    assert_eq!(confirmed.status, StatusCode::SEE_OTHER, "{}", confirmed.body);
    let silken = roster_id(&p, SILKEN);
    assert_eq!(
        confirmed.headers[header::LOCATION],
        format!("/rosters/{silken}").as_str()
    );
    let cookie = confirmed.headers[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_string();
    assert!(
        cookie.starts_with("ptg_session=") && cookie.contains("HttpOnly") && cookie.contains("SameSite=Lax"),
        "{cookie}"
    );
    let session = cookie.split(';').next().unwrap().to_string();
    assert!(
        !session.contains(&token),
        "the cookie is a session of its own, not the invite's token"
    );
    let page = Request::get("/campaigns/1")
        .header(header::COOKIE, session)
        .body(Body::empty())
        .unwrap();
    let seen = send(&p, true, page).await;
    assert_eq!(seen.status, StatusCode::OK);
    assert!(seen.body.contains(HAMMERS));
    let bad = send(&p, true, get("/invite/not-a-token", None)).await;
    assert_eq!(bad.status, StatusCode::UNAUTHORIZED);
}

/// Ashen Vale with Hammers of Dawn and Rat Tide in set-up (each with one unit added), and
/// invites for both players and the organiser.
fn two_rosters() -> (Ptg, [String; 3]) {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    let invite = |args: &[&str]| {
        let made = p.json(&[&["invite", common::ASHEN_VALE][..], args].concat());
        made["token"].as_str().unwrap().to_string()
    };
    let tokens = [
        invite(&["--roster", HAMMERS]),
        invite(&["--roster", RATS]),
        invite(&["--organiser"]),
    ];
    (p, tokens)
}

#[tokio::test]
async fn a_whole_battle_through_the_api_equals_the_cli_s() {
    let (cli, _) = two_rosters();
    cli.plan_small_battle("1000");
    cli.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=14"),
        "--vp",
        &format!("{RATS}=8"),
    ]);
    cli.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "2,3,4",
    ]);

    let (p, [hammers_t, rats_t, organiser_t]) = two_rosters();
    let (hammers, rats) = (roster_id(&p, HAMMERS), roster_id(&p, RATS));
    let plan = json!({ "rosters": [hammers, rats], "points": 1000, "battleplan": "The Ruined Settlement" });
    let before = p.fingerprint();
    let by_player = send(&p, false, post("/api/battles", Some(&hammers_t), plan.clone())).await;
    assert_eq!(
        by_player.status,
        StatusCode::FORBIDDEN,
        "only the organiser plans battles"
    );
    assert_eq!(p.fingerprint(), before);
    let planned = send(&p, false, post("/api/battles", Some(&organiser_t), plan)).await;
    assert_eq!(planned.status, StatusCode::OK, "{}", planned.body);
    let army = |units: &[&str], dice: Option<Vec<u32>>| json!({ "units": units, "dice": dice });
    let h = send(
        &p,
        false,
        post(
            &format!("/api/battles/1/army/{hammers}"),
            Some(&hammers_t),
            army(&["Lord-Vigilant on Gryph-stalker", "Liberators"], None),
        ),
    )
    .await;
    assert_eq!(h.status, StatusCode::OK, "{}", h.body);
    let wrong = send(
        &p,
        false,
        post(
            &format!("/api/battles/1/army/{rats}"),
            Some(&hammers_t),
            army(&["Grey Seer"], None),
        ),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    let r = send(
        &p,
        false,
        post(
            &format!("/api/battles/1/army/{rats}"),
            Some(&rats_t),
            army(&["Grey Seer", "Clanrats"], Some(vec![6, 1])),
        ),
    )
    .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.body);
    let result = json!({ "victory_points": { hammers.to_string(): 14, rats.to_string(): 8 } });
    let by_player = send(
        &p,
        false,
        post("/api/battles/1/result", Some(&rats_t), result.clone()),
    )
    .await;
    assert_eq!(
        by_player.status,
        StatusCode::FORBIDDEN,
        "only the organiser records results"
    );
    let recorded = send(
        &p,
        false,
        post("/api/battles/1/result", Some(&organiser_t), result),
    )
    .await;
    assert_eq!(recorded.status, StatusCode::OK, "{}", recorded.body);
    let aftermath = json!({ "favoured": "Liberators", "dice": [2, 3, 4] });
    let done = send(
        &p,
        false,
        post(
            &format!("/api/battles/1/aftermath/{hammers}"),
            Some(&hammers_t),
            aftermath,
        ),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    p.assert_same_play(&cli, &[common::HAMMERS, RATS], "1");
    p.ok(&["audit"]);
}

#[tokio::test]
async fn a_player_picks_a_rank_s_ability_and_starts_a_quest_as_the_cli_does() {
    let cli = LEAGUE_FIXTURE.copy();
    cli.ok(&[
        "rank",
        "choose",
        HAMMERS,
        "Liberators",
        "Hardened Resolve",
        "--path",
        "defender",
    ]);
    cli.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Liberators",
    ]);
    let p = LEAGUE_FIXTURE.copy();
    let hammers = roster_id(&p, HAMMERS);
    let token = invite(&p, &["--roster", HAMMERS]);
    let rats_token = invite(&p, &["--roster", RATS]);
    let rank = json!({ "unit": "Liberators", "ability": "Hardened Resolve", "path": "defender" });
    let before = p.fingerprint();
    let wrong = send(
        &p,
        false,
        post(
            &format!("/api/rosters/{hammers}/rank"),
            Some(&rats_token),
            rank.clone(),
        ),
    )
    .await;
    assert_eq!(wrong.status, StatusCode::FORBIDDEN);
    assert_eq!(p.fingerprint(), before);
    let picked = send(
        &p,
        false,
        post(&format!("/api/rosters/{hammers}/rank"), Some(&token), rank),
    )
    .await;
    assert_eq!(picked.status, StatusCode::OK, "{}", picked.body);
    let quest = json!({ "quest": "Seek Glory in Battle", "unit": "Liberators" });
    let started = send(
        &p,
        false,
        post(&format!("/api/rosters/{hammers}/quest"), Some(&token), quest),
    )
    .await;
    assert_eq!(started.status, StatusCode::OK, "{}", started.body);
    assert_eq!(started.json()["roster"], cli.json(&["roster", "show", HAMMERS]));
}

#[tokio::test]
async fn a_server_for_one_campaign_shows_no_other() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["demo", "--db", p.db().to_str().unwrap()]);
    let demo_roster = p.json(&["roster", "show", "Hammers of Dawn (demo)"])["id"]
        .as_i64()
        .unwrap();
    let one = |uri: &str| send_to(&p, false, Some(1), get(uri, None));
    let home = one("/").await;
    assert_eq!(home.status, StatusCode::SEE_OTHER);
    assert_eq!(home.headers[header::LOCATION], "/campaigns/1");
    assert_eq!(one("/campaigns/1").await.status, StatusCode::OK);
    assert_eq!(one("/campaigns/2").await.status, StatusCode::NOT_FOUND);
    assert_eq!(
        one(&format!("/rosters/{demo_roster}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        one(&format!("/api/rosters/{demo_roster}")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        one("/api/battles/7").await.status,
        StatusCode::NOT_FOUND,
        "the demo's battle"
    );
    let listed = one("/api/campaigns").await.json();
    assert_eq!(listed.as_array().unwrap().len(), 1);
    assert_eq!(listed[0]["name"], LEAGUE);
}

#[tokio::test]
async fn the_organiser_undoes_the_campaign_s_latest_command_named_first() {
    let cli = LEAGUE_FIXTURE.copy();
    cli.ok(&["undo", "--campaign", LEAGUE]);
    let p = LEAGUE_FIXTURE.copy();
    let organiser = invite(&p, &["--organiser"]);
    let player = invite(&p, &["--roster", RATS]);
    let latest = p.json(&["history", "--campaign", LEAGUE]);
    let latest = latest.as_array().unwrap().last().unwrap()["id"].as_i64().unwrap();
    let before = p.fingerprint();
    let by_player = send(&p, false, post("/api/campaigns/1/undo", Some(&player), json!({}))).await;
    assert_eq!(by_player.status, StatusCode::FORBIDDEN);
    let stale = send(
        &p,
        false,
        post(
            "/api/campaigns/1/undo",
            Some(&organiser),
            json!({ "expected": latest - 1 }),
        ),
    )
    .await;
    assert_eq!(stale.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", stale.body);
    assert!(stale.body.contains("changed meanwhile"), "{}", stale.body);
    assert_eq!(p.fingerprint(), before);
    let done = send(
        &p,
        false,
        post(
            "/api/campaigns/1/undo",
            Some(&organiser),
            json!({ "expected": latest }),
        ),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(done.json()["undone"], latest);
    assert_eq!(
        p.json(&["roster", "show", RATS]),
        cli.json(&["roster", "show", RATS])
    );
}

#[tokio::test]
async fn a_player_of_the_battle_rolls_its_twist_as_the_cli_does() {
    let (cli, _) = two_rosters();
    let (p, [hammers_t, _, _]) = two_rosters();
    for db in [&cli, &p] {
        db.plan_small_battle("1000");
    }
    let rats = roster_id(&p, RATS);
    cli.ok(&[
        "battle",
        "twist",
        "1",
        "--round",
        "2",
        "--underdog",
        RATS,
        "--dice",
        "2",
    ]);
    p.ok(&common::roster_new(
        "Outsiders",
        common::ASHEN_VALE,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    let outsider = p.json(&["invite", common::ASHEN_VALE, "--roster", "Outsiders"])["token"]
        .as_str()
        .unwrap()
        .to_string();
    let body = json!({ "round": 2, "underdog": rats, "dice": [2] });
    let before = p.fingerprint();
    assert_eq!(
        send(&p, false, post("/api/battles/1/twist", None, body.clone()))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let not_theirs = send(
        &p,
        false,
        post("/api/battles/1/twist", Some(&outsider), body.clone()),
    )
    .await;
    assert_eq!(
        not_theirs.status,
        StatusCode::FORBIDDEN,
        "a player not in the battle"
    );
    assert_eq!(p.fingerprint(), before);
    let rolled = send(&p, false, post("/api/battles/1/twist", Some(&hammers_t), body)).await;
    assert_eq!(rolled.status, StatusCode::OK, "{}", rolled.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
}
