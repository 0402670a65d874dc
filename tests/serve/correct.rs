//! Issue 38 on the web: the organiser corrects a battle's result from its page (the result's
//! form again, filled in with the result as recorded) and through the API; it equals `battle
//! result --correct` on a twin database, the battle keeps its place in campaign time, and a
//! refusal comes back beside the form with what was typed, the database unchanged.

use crate::common;
use crate::serve_support;

use axum::http::StatusCode;
use common::{Fixture, HAMMERS, Ptg, RATS};
use serde_json::{Value, json};
use serve_support::{
    api_post, form, form_key, invite, page, refused_page, roster_id, send, sign_in, sign_in_with,
};

/// `Ptg::small_battle` in an Ashen Vale playing option `triumphs`, battle 1 fought: Hammers of
/// Dawn 14, Rat Tide 8 (a major victory for the Hammers), the Clanrats destroyed.
static FOUGHT: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle_with(&["--option", "triumphs"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
        "--destroyed",
        "Clanrats",
    ]);
    p
});

fn side<'a>(b: &'a Value, roster: &str) -> &'a Value {
    common::named(&b["sides"], "roster", roster)
}

#[tokio::test]
async fn a_result_corrected_through_the_form_equals_the_cli_s_and_undo_puts_it_back() {
    let cli = FOUGHT.copy();
    cli.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=9",
        "--vp",
        "Rat Tide=9",
        "--correct",
    ]);
    let p = FOUGHT.copy();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let battle = page(&p, "/battles/1", &organiser).await;
    // The form is filled in with the result as recorded.
    assert!(battle.contains(r#"action="/battles/1/correct""#), "{battle}");
    assert!(battle.contains(r#"name="vp_a" value="14""#), "{battle}");
    let clanrats = common::named(
        &p.json(&["roster", "show", RATS])["units"],
        "warscroll",
        "Clanrats",
    )["id"]
        .to_string();
    assert!(
        battle.contains(&format!(r#"name="destroyed" value="{clanrats}" checked"#)),
        "{battle}"
    );
    // A player sees no such form and may not send it.
    let rats = sign_in(&p, RATS).await;
    let theirs = page(&p, "/battles/1", &rats).await;
    assert!(!theirs.contains("/battles/1/correct"), "{theirs}");
    let key = form_key(&battle);
    let fields = [("key", key.as_str()), ("vp_a", "9"), ("vp_b", "9")];
    let before = p.fingerprint();
    let mut by_player = fields;
    let rats_key = form_key(&theirs);
    by_player[0] = ("key", &rats_key);
    let refused = send(&p, form("/battles/1/correct", Some(&rats), &by_player)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(p.fingerprint(), before);

    let sent = send(&p, form("/battles/1/correct", Some(&organiser), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "draw");
    // The organiser's undo puts the result back as it was.
    let campaign = serve_support::campaign_id(&p, common::ASHEN_VALE);
    let token = invite(&p, &["--organiser"]);
    let uri = format!("/api/campaigns/{campaign}/undo");
    let undone = send(&p, api_post(&uri, Some(&token), json!({}))).await;
    assert_eq!(undone.status, StatusCode::OK, "{}", undone.body);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "major_victory");
    assert_eq!(side(&b, RATS)["army"][1]["destroyed"], true, "{b}");
    p.ok(&["audit"]);
}

#[tokio::test]
async fn a_correction_refused_comes_back_beside_the_form_with_what_was_typed() {
    let p = FOUGHT.copy();
    // Battle 2 is planned and the Hammers' army for it rolls the triumph of battle 1's victory.
    p.plan_battle("1000", "The Ruined Settlement");
    p.ok(&[
        "battle",
        "army",
        "2",
        HAMMERS,
        "Lord-Vigilant on Gryph-stalker",
        "Liberators",
        "--seed",
        "5",
    ]);
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let key = form_key(&page(&p, "/battles/1", &organiser).await);
    let token = invite(&p, &["--organiser"]);
    let before = p.fingerprint();
    let fields = [("key", key.as_str()), ("vp_a", "10"), ("vp_b", "11")];
    let refused = send(&p, form("/battles/1/correct", Some(&organiser), &fields)).await;
    let refused = refused_page(&p, &refused, &organiser).await;
    assert!(
        refused.body.contains(
            "Hammers of Dawn's army for battle 2 rolled a triumph from its major victory in battle 1"
        ),
        "{}",
        refused.body
    );
    assert!(
        refused.body.contains(r#"name="vp_b" value="11""#),
        "what was typed is kept"
    );
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");
    // The same through the API, in the CLI's words.
    let (h, r) = (roster_id(&p, HAMMERS), roster_id(&p, RATS));
    let body = json!({ "victory_points": { h.to_string(): 10, r.to_string(): 11 } });
    let api = send(&p, api_post("/api/battles/1/result/correct", Some(&token), body)).await;
    assert_eq!(api.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", api.body);
    assert!(api.body.contains("undo that army"), "{}", api.body);
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn a_result_corrected_through_the_api_equals_the_cli_s() {
    let cli = FOUGHT.copy();
    cli.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=8",
        "--vp",
        "Rat Tide=14",
        "--correct",
    ]);
    let p = FOUGHT.copy();
    let (h, r) = (roster_id(&p, HAMMERS), roster_id(&p, RATS));
    let body = json!({ "victory_points": { h.to_string(): 8, r.to_string(): 14 } });
    let player = invite(&p, &["--roster", HAMMERS]);
    let before = p.fingerprint();
    let refused = send(
        &p,
        api_post("/api/battles/1/result/correct", Some(&player), body.clone()),
    )
    .await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    assert_eq!(p.fingerprint(), before);
    let organiser = invite(&p, &["--organiser"]);
    let done = send(
        &p,
        api_post("/api/battles/1/result/correct", Some(&organiser), body),
    )
    .await;
    assert_eq!(done.status, StatusCode::OK, "{}", done.body);
    assert_eq!(side(&done.json(), RATS)["result"], "major_victory");
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
}
