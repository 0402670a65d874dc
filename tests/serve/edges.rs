//! The server's edges (issue 40): numbers as people type them ("1,000") at every entrance,
//! a body or a path that cannot be read refused in the server's own words (naming the field,
//! the friendly 404 page, never the framework's "Cannot parse"), and one tap, one write: a
//! form's `once` token or the API's `Idempotency-Key` sent twice writes once, the second send
//! answered as the first.

use crate::common;
use crate::serve_support;

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS};
use serde_json::json;
use serve_support::{
    Answer, api_post, follow_via, form, form_key, get_via, roster_id, send, send_via, served_with_setup,
    set_cookie, sign_in, sign_in_with, token_after,
};

/// Ashen Vale with Hammers of Dawn and Rat Tide, nothing planned.
static TWO_ROSTERS: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p
});

/// Every battle's points limit, smallest first.
fn limits(p: &Ptg) -> Vec<u64> {
    let list = p.json(&["battle", "list"]);
    let mut all: Vec<u64> = list
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|b| b["points_limit"].as_u64())
        .collect();
    all.sort();
    all
}

fn units(p: &Ptg, roster: &str) -> usize {
    p.json(&["roster", "show", roster])["units"]
        .as_array()
        .map_or(0, Vec::len)
}

fn token(p: &Ptg, args: &[&str]) -> String {
    let made = p.json(&[&["invite", ASHEN_VALE][..], args].concat());
    made["token"].as_str().unwrap().to_string()
}

/// The organiser's plan of a battle between the two rosters at `points`, as the league page's
/// form sends it.
async fn plan(p: &Ptg, organiser: &str, points: &str) -> Answer {
    let league = serve_support::page(p, "/campaigns/1", organiser).await;
    let key = form_key(&league);
    let (a, b) = (roster_id(p, HAMMERS).to_string(), roster_id(p, RATS).to_string());
    let fields = [
        ("key", key.as_str()),
        ("a", &a),
        ("b", &b),
        ("points", points),
        ("battleplan", "The Ruined Settlement"),
    ];
    send(p, form("/campaigns/1/battles", Some(organiser), &fields)).await
}

#[tokio::test]
async fn a_thousand_typed_as_people_type_it_plans_a_thousand_point_battle() {
    let p = TWO_ROSTERS.copy();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let planned = plan(&p, &organiser, "1,000").await;
    assert_eq!(planned.status, StatusCode::SEE_OTHER, "{}", planned.body);
    assert_eq!(limits(&p), [1000]);

    // Anything else is refused beside the form, naming the field; nothing is written.
    let before = p.fingerprint();
    for typed in ["1.5", "abc", "1,00", "-3"] {
        let sent = plan(&p, &organiser, typed).await;
        let refused = serve_support::refused_page(&p, &sent, &organiser).await;
        assert!(refused.body.contains("“points”"), "{typed}: {}", refused.body);
        assert!(refused.body.contains("whole number"), "{typed}: {}", refused.body);
        assert!(
            !refused.body.contains("Failed to deserialize"),
            "{}",
            refused.body
        );
        assert!(
            refused.body.contains("Plan the battle"),
            "the form shown again: {}",
            refused.body
        );
        assert!(
            refused
                .body
                .contains(&format!(r#"name="points" value="{typed}""#)),
            "what was typed is kept: {}",
            refused.body
        );
        assert_eq!(p.fingerprint(), before, "{typed}");
    }

    // The API takes the number as a string too; a refusal names the field as JSON.
    let organiser_token = token(&p, &["--organiser"]);
    let before = p.fingerprint();
    let rosters = [roster_id(&p, HAMMERS), roster_id(&p, RATS)];
    let body =
        |points: &str| json!({ "rosters": rosters, "points": points, "battleplan": "The Ruined Settlement" });
    let refused = send(&p, api_post("/api/battles", Some(&organiser_token), body("1.5"))).await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert_eq!(refused.json()["field"], "points", "{}", refused.body);
    assert_eq!(p.fingerprint(), before);
    let planned = send(
        &p,
        api_post("/api/battles", Some(&organiser_token), body("1 000")),
    )
    .await;
    assert_eq!(planned.status, StatusCode::OK, "{}", planned.body);
    assert_eq!(limits(&p), [1000, 1000]);

    // And the CLI's flag, the same reading.
    p.ok(&common::battle_new_args(" 2,000 ", "The Ruined Settlement"));
    assert_eq!(limits(&p), [1000, 1000, 2000]);
    let out = p
        .cmd(&common::battle_new_args("1.5", "The Ruined Settlement"))
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{said}");
    assert!(
        said.contains("--points") && said.contains("whole number"),
        "{said}"
    );
}

#[tokio::test]
async fn a_form_body_that_cannot_be_read_is_a_refusal_naming_its_field() {
    let p = TWO_ROSTERS.copy();
    let cookie = sign_in(&p, HAMMERS).await;
    let id = roster_id(&p, HAMMERS);
    let page = serve_support::page(&p, &format!("/rosters/{id}"), &cookie).await;
    let key = form_key(&page);
    let before = p.fingerprint();
    let uri = format!("/rosters/{id}/units");
    let sent = [
        ("key", key.as_str()),
        ("warscroll", "Liberators"),
        ("reinforced", "maybe"),
    ];
    let refused = send(&p, form(&uri, Some(&cookie), &sent)).await;
    let refused = serve_support::refused_page(&p, &refused, &cookie).await;
    assert!(refused.body.contains("“reinforced”"), "{}", refused.body);
    assert!(refused.body.contains("yes or no"), "{}", refused.body);
    assert!(
        !refused.body.contains("Failed to deserialize"),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains("<html"),
        "a page, not plain text: {}",
        refused.body
    );
    let missing = send(&p, form(&uri, Some(&cookie), &[("key", key.as_str())])).await;
    let missing = serve_support::refused_page(&p, &missing, &cookie).await;
    assert!(missing.body.contains("“warscroll”"), "{}", missing.body);
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn unknown_ids_and_malformed_paths_are_the_friendly_pages() {
    let p = TWO_ROSTERS.copy();
    let get = |uri: &str| Request::get(uri).body(Body::empty()).unwrap();
    for (uri, status) in [
        ("/rosters/abc", StatusCode::NOT_FOUND),
        ("/rosters/99999999999999999999", StatusCode::NOT_FOUND),
        ("/battles/99999", StatusCode::NOT_FOUND),
        ("/battles/abc/sheet", StatusCode::NOT_FOUND),
        // Signed in nowhere: the organiser's page is not shown, whichever campaign.
        ("/campaigns/-1/organise", StatusCode::FORBIDDEN),
        ("/campaigns/-1", StatusCode::NOT_FOUND),
        ("/campaigns/x/organise", StatusCode::NOT_FOUND),
        ("/rosters/1/units", StatusCode::METHOD_NOT_ALLOWED),
    ] {
        let answer = send(&p, get(uri)).await;
        assert_eq!(answer.status, status, "{uri}: {}", answer.body);
        assert!(answer.body.contains("<html"), "{uri}: {}", answer.body);
        assert!(!answer.body.contains("Cannot parse"), "{uri}: {}", answer.body);
    }
    for uri in [
        "/api/rosters/abc",
        "/api/battles/abc",
        "/api/battles/99999",
        "/api/campaigns/x/invites",
    ] {
        let answer = send(&p, get(uri)).await;
        assert_eq!(answer.status, StatusCode::NOT_FOUND, "{uri}: {}", answer.body);
        assert_eq!(answer.json()["status"], 404, "{uri}");
        assert!(!answer.body.contains("Cannot parse"), "{uri}: {}", answer.body);
    }
}

/// A unit-adding form of the Hammers' page, with `once` when given.
async fn add_unit(p: &Ptg, app: &axum::Router, cookie: &str, once: Option<&str>) -> Request<Body> {
    let id = roster_id(p, HAMMERS);
    let page = get_via(app, &format!("/rosters/{id}"), cookie).await;
    let key = form_key(&page.body);
    let mut fields = vec![("key", key.as_str()), ("warscroll", "Liberators")];
    if let Some(once) = once {
        fields.push(("once", once));
    }
    form(&format!("/rosters/{id}/units"), Some(cookie), &fields)
}

#[tokio::test]
async fn a_form_tapped_twice_adds_one_unit() {
    let p = TWO_ROSTERS.copy();
    let app = served_with_setup(&p, None);
    let cookie = sign_in(&p, HAMMERS).await;
    let start = units(&p, HAMMERS);
    let once = "7d1e0c5b9a8f4e3d2c1b0a9f8e7d6c5b";
    let first = send_via(&app, add_unit(&p, &app, &cookie, Some(once)).await).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    let again = send_via(&app, add_unit(&p, &app, &cookie, Some(once)).await).await;
    assert_eq!(again.status, StatusCode::SEE_OTHER, "{}", again.body);
    assert_eq!(again.headers[header::LOCATION], first.headers[header::LOCATION]);
    assert_eq!(units(&p, HAMMERS), start + 1, "one tap, one write");

    // Two sent at once: one runs, the other waits for it and gets its answer.
    let once = "0a1b2c3d4e5f60718293a4b5c6d7e8f9";
    let (a, b) = (
        add_unit(&p, &app, &cookie, Some(once)).await,
        add_unit(&p, &app, &cookie, Some(once)).await,
    );
    let (a, b) = tokio::join!(send_via(&app, a), send_via(&app, b));
    assert_eq!(
        (a.status, b.status),
        (StatusCode::SEE_OTHER, StatusCode::SEE_OTHER),
        "{} {}",
        a.body,
        b.body
    );
    assert_eq!(units(&p, HAMMERS), start + 2);

    // Without a token, or with another, each send is its own.
    send_via(&app, add_unit(&p, &app, &cookie, None).await).await;
    send_via(&app, add_unit(&p, &app, &cookie, Some("another-token")).await).await;
    assert_eq!(units(&p, HAMMERS), start + 4);
    p.ok(&["audit"]);
}

#[tokio::test]
async fn a_join_tapped_twice_makes_one_roster_and_signs_the_player_in_both_times() {
    let p = TWO_ROSTERS.copy();
    let app = served_with_setup(&p, None);
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let organise = get_via(&app, "/campaigns/1/organise", &organiser).await;
    let key = form_key(&organise.body);
    let made = send_via(
        &app,
        form("/campaigns/1/join-link", Some(&organiser), &[("key", &key)]),
    )
    .await;
    let shown = follow_via(&app, &made, &organiser).await;
    let join = token_after(&shown.body, "/join/");
    let picked = get_via(&app, &format!("/join/{join}?faction=Skaven"), "").await;
    let nonce = set_cookie(&picked, "ptg_sign_in=").expect("the join page's nonce");
    let key = form_key(&picked.body);
    let fields = [
        ("key", key.as_str()),
        ("faction", "Skaven"),
        ("player", "Bea"),
        ("name", "Gnaw"),
        ("warlord", "Grey Seer"),
        ("path_ability", "mage:dedicated-practitioner"),
        ("once", "5f4e3d2c1b0a99887766554433221100"),
    ];
    let first = send_via(&app, form(&format!("/join/{join}"), Some(&nonce), &fields)).await;
    assert_eq!(first.status, StatusCode::SEE_OTHER, "{}", first.body);
    let again = send_via(&app, form(&format!("/join/{join}"), Some(&nonce), &fields)).await;
    assert_eq!(
        again.status,
        StatusCode::SEE_OTHER,
        "not “name taken”: {}",
        again.body
    );
    assert_eq!(again.headers[header::LOCATION], first.headers[header::LOCATION]);
    assert_eq!(
        set_cookie(&again, "ptg_session="),
        set_cookie(&first, "ptg_session="),
        "the same sign-in"
    );
    let rosters = p.json(&["roster", "list"]);
    let gnaws = rosters
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["name"] == "Gnaw")
        .count();
    assert_eq!(gnaws, 1, "{rosters}");
}

#[tokio::test]
async fn an_api_call_with_an_idempotency_key_writes_once() {
    let p = TWO_ROSTERS.copy();
    let player = token(&p, &["--roster", HAMMERS]);
    let id = roster_id(&p, HAMMERS);
    let start = units(&p, HAMMERS);
    let add = |key: &str| {
        let mut r = api_post(
            &format!("/api/rosters/{id}/units"),
            Some(&player),
            json!({ "warscroll": "Liberators" }),
        );
        r.headers_mut().insert("idempotency-key", key.parse().unwrap());
        r
    };
    let first = send(&p, add("add-liberators-1")).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.body);
    let again = send(&p, add("add-liberators-1")).await;
    assert_eq!((again.status, &again.body), (first.status, &first.body));
    assert_eq!(units(&p, HAMMERS), start + 1);
    // Another client's same key is its own.
    let organiser = token(&p, &["--organiser"]);
    let mut theirs = api_post(
        &format!("/api/rosters/{id}/units"),
        Some(&organiser),
        json!({ "warscroll": "Liberators" }),
    );
    theirs
        .headers_mut()
        .insert("idempotency-key", "add-liberators-1".parse().unwrap());
    assert_eq!(send(&p, theirs).await.status, StatusCode::OK);
    assert_eq!(units(&p, HAMMERS), start + 2);
}
