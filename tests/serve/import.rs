//! `ptg serve`, army lists into rosters (issue #20): a player pastes their list into their
//! roster in set-up, the organiser makes a roster from a player's list (pasted, sent to the
//! API, or its file chosen on the page), each with `roster import`'s outcome and report; a
//! list with lines that match nothing is refused with the database unchanged.

use crate::common;
use crate::serve_support;

use axum::http::StatusCode;
use common::{HAMMERS, Ptg};
use serde_json::json;
use serve_support::{api_post, form, form_key, invite, opened, page, refused_page, roster_id, send, sign_in};

#[tokio::test]
async fn a_player_pastes_their_list_into_their_roster_as_roster_import_does() {
    let (web, cli) = (Ptg::ashen_vale(), Ptg::ashen_vale());
    for p in [&web, &cli] {
        p.new_hammers();
    }
    let list = "Stormcast Eternals\n* 2x Liberators (90)\n* Vindictors - 90 pts\n";
    let file = cli.db().with_file_name("pasted.txt");
    std::fs::write(&file, list).unwrap();
    cli.ok(&["roster", "import", file.to_str().unwrap(), "--into", HAMMERS]);

    let hammers = roster_id(&web, HAMMERS);
    let cookie = sign_in(&web, HAMMERS).await;
    let html = page(&web, &format!("/rosters/{hammers}"), &cookie).await;
    assert!(
        html.contains("Import an army list"),
        "a roster in set-up offers it"
    );
    let key = form_key(&html);
    let uri = format!("/rosters/{hammers}/import");
    // Checked first: the report, and nothing written.
    let before = web.fingerprint();
    let checked = send(
        &web,
        form(
            &uri,
            Some(&cookie),
            &[("key", &key), ("list", list), ("dry_run", "yes")],
        ),
    )
    .await;
    // Its report shown beside the form, its disclosure open, the list still in it (issue #40:
    // it came back hidden).
    let checked = refused_page(&web, &checked, &cookie).await;
    let report = opened(&checked.body, "Import an army list into this roster");
    assert!(
        report.contains("nothing written") && report.contains("Vindictors"),
        "{report}"
    );
    assert!(
        report.contains(r#"role="status""#) && !report.contains(r#"role="alert""#),
        "{report}"
    );
    assert!(
        report.contains("* Vindictors - 90 pts"),
        "the list is kept: {report}"
    );
    assert!(
        report.contains(r#"name="dry_run" value="yes" checked"#),
        "the box stays ticked: {report}"
    );
    assert_eq!(web.fingerprint(), before);
    // Imported: back to the roster's page (a reload sends nothing again), which says so.
    let imported = send(&web, form(&uri, Some(&cookie), &[("key", &key), ("list", list)])).await;
    let landed = serve_support::follow(&web, &imported, &cookie).await;
    assert_eq!(landed.status, StatusCode::OK, "{}", landed.body);
    assert!(landed.body.contains("List imported"), "{}", landed.body);
    assert_eq!(
        web.json(&["roster", "show", HAMMERS]),
        cli.json(&["roster", "show", HAMMERS])
    );

    // A line that matches nothing: refused with the report, nothing written.
    let odd = "Stormcast Eternals\n* Liberators (90)\n* Frobnicators (90)\n";
    let token = invite(&web, &["--roster", HAMMERS]);
    let before = web.fingerprint();
    let refused = send(&web, form(&uri, Some(&cookie), &[("key", &key), ("list", odd)])).await;
    let refused = refused_page(&web, &refused, &cookie).await;
    let report = opened(&refused.body, "Import an army list into this roster");
    assert!(
        report.contains("NOT MATCHED")
            && report.contains("Frobnicators")
            && report.contains(r#"role="alert""#),
        "{report}"
    );
    let by_api = send(
        &web,
        api_post(
            &format!("/api/rosters/{hammers}/import"),
            Some(&token),
            json!({"list": odd}),
        ),
    )
    .await;
    assert_eq!(by_api.status, StatusCode::UNPROCESSABLE_ENTITY);
    let answer = by_api.json();
    assert!(
        answer["error"].as_str().unwrap().contains("did not match"),
        "{answer}"
    );
    assert!(
        answer["report"]["report"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["status"] == "unmatched")
    );
    assert_eq!(web.fingerprint(), before);
}

#[tokio::test]
async fn the_organiser_makes_a_roster_from_a_player_s_list_through_the_api() {
    let (web, cli) = (Ptg::ashen_vale(), Ptg::ashen_vale());
    for p in [&web, &cli] {
        p.new_hammers();
    }
    let file = common::fixture("lists/app-skaven.txt");
    cli.ok(&common::import_args(file.to_str().unwrap())
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>());
    let id = serve_support::campaign_id(&web, common::ASHEN_VALE);
    let body = json!({
        "list": std::fs::read_to_string(&file).unwrap(),
        "player": "Ana", "path": "warrior", "ability": "berserker",
    });
    let player = invite(&web, &["--roster", HAMMERS]);
    let before = web.fingerprint();
    let refused = send(
        &web,
        api_post(
            &format!("/api/campaigns/{id}/import"),
            Some(&player),
            body.clone(),
        ),
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "a player makes no rosters");
    assert_eq!(web.fingerprint(), before);
    let organiser = invite(&web, &["--organiser"]);
    let made = send(
        &web,
        api_post(&format!("/api/campaigns/{id}/import"), Some(&organiser), body),
    )
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    assert_eq!(made.json()["written"], true);
    let name = made.json()["roster"]["name"].as_str().unwrap().to_string();
    assert_eq!(
        web.json(&["roster", "show", &name]),
        cli.json(&["roster", "show", &name])
    );
    // Its page says what waits to be picked in its own words, not the CLI's commands.
    let id = made.json()["roster"]["id"].as_i64().unwrap();
    let html = send(&web, serve_support::api_get(&format!("/rosters/{id}"), None))
        .await
        .body;
    assert!(
        html.contains("Starting pick waiting: a spell (from the first WIZARD on the Order of Battle): pick it under the Arcane Tome"),
        "{html}"
    );
    assert!(!html.contains("ptg roster lore"), "{html}");
}

#[tokio::test]
async fn a_list_file_chosen_on_the_organiser_s_page_makes_the_roster_roster_import_makes() {
    let (web, cli) = (Ptg::ashen_vale(), Ptg::ashen_vale());
    let file = common::fixture("lists/stormcast.rosz");
    let args = common::import_args(file.to_str().unwrap());
    cli.ok(&args.iter().map(String::as_str).collect::<Vec<_>>());

    let organiser = serve_support::sign_in_with(&web, &["--organiser"]).await;
    let html = page(&web, "/campaigns/1/organise", &organiser).await;
    assert!(
        html.contains(r#"enctype="multipart/form-data""#)
            && html.contains(r#"type="file""#)
            && html.contains(r#"name="file""#)
    );
    // The form as a browser sends it: its fields, and the file's bytes as they are (a zip).
    let boundary = "ptg-test-boundary";
    let mut body = Vec::new();
    for (name, value) in [
        ("key", form_key(&html).as_str()),
        ("list", ""),
        ("player", "Ana"),
        ("name", ""),
        ("warlord", ""),
        ("path", "warrior"),
        ("ability", "berserker"),
    ] {
        body.extend(
            format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n")
                .bytes(),
        );
    }
    body.extend(
        format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"stormcast.rosz\"\r\n\
             Content-Type: application/octet-stream\r\n\r\n"
        )
        .bytes(),
    );
    body.extend(std::fs::read(&file).unwrap());
    body.extend(format!("\r\n--{boundary}--\r\n").bytes());
    let request = axum::http::Request::post("/campaigns/1/import")
        .header(axum::http::header::COOKIE, &organiser)
        .header(
            axum::http::header::CONTENT_TYPE,
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(axum::body::Body::from(body))
        .unwrap();
    let sent = send(&web, request).await;
    let landed = serve_support::follow(&web, &sent, &organiser).await;
    assert!(landed.body.contains("List imported"), "{}", landed.body);
    let name = cli.json(&["roster", "list"])[0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(
        web.json(&["roster", "show", &name]),
        cli.json(&["roster", "show", &name])
    );
}

/// A shared matched-play list led by a UNIQUE hero (issue #33): the API refuses it with the
/// warlord field as the fix and the HEROes of the list that may lead, and writes nothing.
#[tokio::test]
async fn a_list_led_by_a_unique_hero_is_refused_with_who_may_lead() {
    let web = Ptg::ashen_vale();
    let list = std::fs::read_to_string(common::fixture("lists/forum-listbot-daughters.txt")).unwrap();
    let id = serve_support::campaign_id(&web, common::ASHEN_VALE);
    let organiser = invite(&web, &["--organiser"]);
    let body = json!({"list": list, "player": "Ana", "name": "Khailebron", "path": "warrior", "ability": "berserker"});
    let before = web.fingerprint();
    let refused = send(
        &web,
        api_post(
            &format!("/api/campaigns/{id}/import"),
            Some(&organiser),
            body.clone(),
        ),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    let answer = refused.json();
    assert!(
        answer["error"]
            .as_str()
            .unwrap()
            .contains("Morathi-Khaine is UNIQUE"),
        "{answer}"
    );
    assert!(
        answer.to_string().contains("\"warlord\""),
        "the fix names the warlord field: {answer}"
    );
    assert_eq!(
        answer["report"]["may_lead"],
        json!(["Hag Queen", "Melusai Ironscale"])
    );
    assert_eq!(web.fingerprint(), before);
    let mut led = body;
    led["warlord"] = json!("Hag Queen");
    let made = send(
        &web,
        api_post(&format!("/api/campaigns/{id}/import"), Some(&organiser), led),
    )
    .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
}
