//! Issue 40, "every word from data": no page is rewritten after it is rendered, so each must be
//! written in the pages' words from the start. Every page kind (the league, a roster in set-up
//! with `roster check`'s notes, a roster after battles with picks waiting, a battle, the
//! organiser's page, the history with a corrected result, the audit, a 404, a refused form's
//! answer), seen by the organiser, a player and a reader, names no `ptg` command and no
//! `--flag`; and players' own names ("Blood--Drinkers") show as typed on every page.

use crate::common;
use crate::serve_support;

use axum::http::StatusCode;
use common::league::{LEAGUE, LEAGUE_FIXTURE, SILKEN};
use common::{HAMMERS, RATS};
use serve_support::{
    api_get, cli_words, form, form_key, invite, page, page_text, roster_id, send, sign_in, sign_in_with,
};

/// A roster named with a double hyphen, its player's name with a flag-like word in it.
const BLOOD: &str = "Blood--Drinkers";
const PLAYER: &str = "Dee --Dee";

/// What a page says to its reader, players' own names taken out (they are shown as typed).
fn said(html: &str) -> String {
    page_text(html).replace(BLOOD, "").replace(PLAYER, "")
}

#[tokio::test]
async fn every_page_kind_is_in_the_pages_words_and_names_show_as_typed() {
    let p = LEAGUE_FIXTURE.copy();
    // Battle 6's result corrected: the history names the correction.
    let (rats_vp, silken_vp) = (format!("{RATS}=10"), format!("{SILKEN}=5"));
    p.ok(&[
        "battle",
        "result",
        "6",
        "--vp",
        &rats_vp,
        "--vp",
        &silken_vp,
        "--correct",
    ]);
    // Silken Host renamed with a double hyphen; a new roster in set-up (no quest, its
    // starting enhancement not given) whose player typed a flag-like name.
    p.ok(&["roster", "rename", SILKEN, BLOOD]);
    p.ok(&[
        "roster",
        "new",
        "Fresh Blades",
        "--campaign",
        LEAGUE,
        "--player",
        PLAYER,
        "--faction",
        "Stormcast Eternals",
        "--warlord",
        "Lord-Vigilant on Gryph-stalker",
        "--path",
        "warrior",
        "--ability",
        "berserker",
    ]);
    // A Legends unit joined while the league allowed them, then Legends turned off: the audit
    // page's finding names the organiser's setting, not `campaign set --legends on`.
    p.ok(&["campaign", "set", LEAGUE, "--legends", "on"]);
    p.ok(&["roster", "add", "Fresh Blades", "Sequitors"]);
    p.ok(&["campaign", "set", LEAGUE, "--legends", "off"]);
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let hammers = sign_in(&p, HAMMERS).await;
    let fresh = sign_in(&p, "Fresh Blades").await;
    let rats = sign_in(&p, RATS).await;
    let rosters: Vec<i64> = p
        .json(&["roster", "list"])
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["id"].as_i64().unwrap())
        .collect();
    let mut uris: Vec<String> = [
        "/",
        "/campaigns/1",
        "/campaigns/1/organise",
        "/campaigns/1/history",
        "/campaigns/1/audit",
        "/campaigns/1/battles",
        "/rosters/999",
        "/battles/999",
    ]
    .iter()
    .map(|u| u.to_string())
    .collect();
    uris.extend(rosters.iter().map(|r| format!("/rosters/{r}")));
    uris.extend((1..=6).map(|b| format!("/battles/{b}")));
    for cookie in [organiser.as_str(), &hammers, &fresh, &rats, ""] {
        for uri in &uris {
            let html = page(&p, uri, cookie).await;
            if let Some(at) = cli_words(&said(&html)) {
                panic!("{uri} names a command or a flag: …{at}…");
            }
        }
    }

    // The roster in set-up: its check's notes name the forms, linked to where they are.
    let fresh_id = roster_id(&p, "Fresh Blades");
    let html = page(&p, &format!("/rosters/{fresh_id}"), &fresh).await;
    assert!(
        html.contains(
            r##"no current quest: pick one with <a href="#quest">the Quest form on the roster's page</a>"##
        ),
        "{html}"
    );
    assert!(html.contains(r#"<h2 id="quest">"#), "{html}");
    assert!(html.contains(PLAYER), "the player's name as typed: {html}");
    // After battles: the rank waiting links to a heading that exists.
    let hammers_id = roster_id(&p, HAMMERS);
    let html = page(&p, &format!("/rosters/{hammers_id}"), &hammers).await;
    // The anchor on the heading, or on the section it heads (as the roster's page draws it).
    assert!(
        html.contains(r#"<h2 id="ranks">Ranks reached</h2>"#)
            || html.contains(r#"<section id="ranks"><h2>Ranks reached</h2>"#),
        "{html}"
    );
    assert!(
        html.contains(r##"reached Aspiring: <a href="#ranks">pick its Path and ability under &quot;Ranks reached&quot;</a>"##)
            || html.contains(r##"reached Aspiring: <a href="#ranks">choose its ability under &quot;Ranks reached&quot;</a>"##),
        "{html}"
    );

    // The audit's Legends finding, in the pages' words (the loop above saw no command in it).
    let audit = page(&p, "/campaigns/1/audit", &organiser).await;
    assert!(
        audit.contains("Sequitors") && audit.contains("allow them with the Legends setting on the organiser"),
        "{audit}"
    );
    // The audit fails (exit 1) on its finding; its JSON keeps the CLI's sentence.
    let out = p
        .process(&["audit", "--campaign", LEAGUE, "--json"])
        .output()
        .unwrap();
    let cli = String::from_utf8_lossy(&out.stdout);
    assert!(
        cli.contains("allow them with `ptg campaign set"),
        "the JSON keeps the CLI's sentence: {cli}"
    );

    // The renamed roster's name, as typed, on every page that shows it.
    let blood_id = roster_id(&p, BLOOD);
    for uri in [
        "/campaigns/1".to_string(),
        format!("/rosters/{blood_id}"),
        "/battles/6".to_string(),
        "/campaigns/1/history".to_string(),
        "/campaigns/1/organise".to_string(),
    ] {
        let html = page(&p, &uri, &organiser).await;
        assert!(html.contains(BLOOD), "{uri}: {html}");
        assert!(
            !html.contains("Blood\"Drinkers") && !html.contains("Blood&quot;"),
            "{uri}: {html}"
        );
    }
    // The history names the correction by what it did.
    let history = page(&p, "/campaigns/1/history", &organiser).await;
    assert!(history.contains("battle result corrected"), "{history}");

    // A refused form's answer: the refusal's fix in the form's words.
    let key = form_key(&page(&p, "/battles/6", &rats).await);
    let rats_id = roster_id(&p, RATS).to_string();
    let before = p.fingerprint();
    let refused = send(
        &p,
        form(
            "/battles/6/aftermath",
            Some(&rats),
            &[("key", key.as_str()), ("roster_id", &rats_id), ("dice", "1")],
        ),
    )
    .await;
    // Sent back to its page (303) with the refusal beside the form.
    assert_eq!(refused.status, StatusCode::SEE_OTHER, "{}", refused.body);
    let refused = refusal_seen(&p, refused, &rats).await;
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    if let Some(at) = cli_words(&said(&refused)) {
        panic!("the refusal names a command or a flag: …{at}…");
    }
}

/// The JSON's `waiting` keeps its sentences for scripts, and gains `waiting_items`: each pick
/// as data with the action that makes it.
#[tokio::test]
async fn what_waits_is_data_in_the_json_beside_its_sentences() {
    let p = LEAGUE_FIXTURE.copy();
    let hammers = roster_id(&p, HAMMERS);
    let token = invite(&p, &["--roster", HAMMERS]);
    let api = send(&p, api_get(&format!("/api/rosters/{hammers}"), Some(&token))).await;
    assert_eq!(api.status, StatusCode::OK, "{}", api.body);
    let json = api.json();
    let cli = p.json(&["roster", "show", HAMMERS]);
    assert_eq!(json["waiting"], cli["waiting"]);
    assert_eq!(json["waiting_items"], cli["waiting_items"]);
    let sentence = json["waiting"][0].as_str().unwrap();
    assert!(
        sentence.contains("`ptg rank choose \"Hammers of Dawn\""),
        "{sentence}"
    );
    let item = &json["waiting_items"][0];
    assert_eq!(item["kind"], "rank");
    assert_eq!(item["rank"], "Aspiring");
    let unit_id = item["unit_id"].as_i64().unwrap();
    assert!(sentence.contains(&format!(" {unit_id} <ability>")), "{sentence}");
    assert_eq!(
        item["action"],
        serde_json::json!({"action": "choose_rank", "roster": HAMMERS, "unit_id": unit_id})
    );
}

/// A refused form as the browser ends up seeing it: the page it was sent back to (303), or
/// the answer itself.
async fn refusal_seen(p: &common::Ptg, answer: serve_support::Answer, cookie: &str) -> String {
    if answer.status == StatusCode::SEE_OTHER {
        serve_support::refused_page(p, &answer, cookie).await.body
    } else {
        answer.body
    }
}

/// Refusals whose fix was CLI text (an unknown faction's "see `ptg faction list`", a list
/// naming no faction's "name it with --faction") carry it as data: the page names its field.
#[tokio::test]
async fn refusals_from_the_organiser_s_forms_name_fields_not_flags() {
    let p = LEAGUE_FIXTURE.copy();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let key = form_key(&page(&p, "/campaigns/1/organise", &organiser).await);
    let before = p.fingerprint();
    let unknown = send(
        &p,
        form(
            "/campaigns/1/rosters",
            Some(&organiser),
            &[
                ("key", key.as_str()),
                ("name", "Odd Ones"),
                ("player", "Flo"),
                ("faction", "Stormcast Eternalz Nope"),
                ("warlord", "Lord-Vigilant on Gryph-stalker"),
                ("path", "warrior"),
                ("ability", "berserker"),
            ],
        ),
    )
    .await;
    let seen = refusal_seen(&p, unknown, &organiser).await;
    assert!(
        seen.contains("unknown faction") && seen.contains("see the factions (the pickers on the form)"),
        "{seen}"
    );
    if let Some(at) = cli_words(&said(&seen)) {
        panic!("the unknown faction's refusal names a command or a flag: …{at}…");
    }
    assert_eq!(p.fingerprint(), before, "nothing refused is written");

    // A list naming no faction, none of its units known.
    let key = form_key(&page(&p, "/campaigns/1/organise", &organiser).await);
    let boundary = "ptg-words-boundary";
    let mut body = String::new();
    for (name, value) in [
        ("key", key.as_str()),
        ("list", "Nobody Knows These x 3\nNor These x 2"),
        ("player", "Flo"),
        ("path", "warrior"),
        ("ability", "berserker"),
    ] {
        body.push_str(&format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
        ));
    }
    body.push_str(&format!("--{boundary}--\r\n"));
    let request = axum::http::Request::post("/campaigns/1/import")
        .header("cookie", organiser.as_str())
        .header(
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        )
        .body(axum::body::Body::from(body))
        .unwrap();
    let seen = refusal_seen(&p, send(&p, request).await, &organiser).await;
    assert!(seen.contains("names no faction"), "{seen}");
    assert!(
        seen.contains("fill in \u{201c}Faction\u{201d}"),
        "the page names the form's field: {seen}"
    );
    if let Some(at) = cli_words(&said(&seen)) {
        panic!("the list's refusal names a command or a flag: …{at}…");
    }
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
}
