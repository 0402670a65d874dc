//! Issue 40, "every word from data": no page is rewritten after it is rendered, so each must be
//! written in the pages' words from the start. Every page kind (the league, a roster in set-up
//! with `roster check`'s notes, a roster after battles with picks waiting, a battle, the
//! organiser's page, the history with a corrected result, the audit, a 404, a refused form's
//! answer), seen by the organiser, a player and a reader, names no `ptg` command and no
//! `--flag`; and players' own names ("Blood--Drinkers") show as typed on every page.

mod common;
mod serve_support;

use axum::http::StatusCode;
use common::league::{LEAGUE, LEAGUE_FIXTURE, SILKEN};
use common::{HAMMERS, RATS};
use serve_support::{api_get, form, form_key, invite, page, roster_id, send, sign_in, sign_in_with};

/// A roster named with a double hyphen, its player's name with a flag-like word in it.
const BLOOD: &str = "Blood--Drinkers";
const PLAYER: &str = "Dee --Dee";

/// What a page says to its reader: the body's text, tags and text areas (what a player
/// typed) left out, and players' own names taken out (they are shown as typed).
fn said(html: &str) -> String {
    let body = html.find("<body").map_or(html, |at| &html[at..]);
    let mut out = String::new();
    let mut rest = body;
    // A text area's content is what was typed: not the page's words.
    while let Some(at) = rest.find("<textarea") {
        out.push_str(&rest[..at]);
        rest = rest[at..].find("</textarea>").map_or("", |end| &rest[at + end..]);
    }
    out.push_str(rest);
    let mut text = String::new();
    let mut in_tag = false;
    for c in out.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace(BLOOD, "").replace(PLAYER, "")
}

/// A `ptg` command or a `--flag` in `text`, with where it is.
fn cli_words(text: &str) -> Option<String> {
    let command = text.match_indices("ptg ").find(|(at, _)| {
        text[at + 4..]
            .chars()
            .next()
            .is_some_and(|c| c.is_ascii_lowercase())
    });
    let at = command.map(|(at, _)| at).or_else(|| text.find("--"))?;
    let from = text[..at].char_indices().rev().nth(80).map_or(0, |(i, _)| i);
    let to = text[at..]
        .char_indices()
        .nth(80)
        .map_or(text.len(), |(i, _)| at + i);
    Some(text[from..to].to_string())
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
    assert!(html.contains(r#"<h2 id="ranks">Ranks reached</h2>"#), "{html}");
    assert!(
        html.contains(r##"reached Aspiring: <a href="#ranks">pick its Path and ability under &quot;Ranks reached&quot;</a>"##)
            || html.contains(r##"reached Aspiring: <a href="#ranks">choose its ability under &quot;Ranks reached&quot;</a>"##),
        "{html}"
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
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    if let Some(at) = cli_words(&said(&refused.body)) {
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
