//! `ptg serve`, the roster page's other forms (issue #20): what a player does to their own
//! roster besides battles (enhancements, the Arcane Tome, the realm of origin, its name, a
//! starting unit off again), through the page and the API, each with the CLI's outcome. Every
//! refusal leaves the database unchanged.

use crate::common;
use crate::serve_support;

use axum::http::StatusCode;
use common::league::{LEAGUE, LEAGUE_FIXTURE, SILKEN};
use common::{HAMMERS, Ptg, RATS};
use serde_json::json;
use serve_support::{api_post, form, form_key, invite, opened, page, refused_page, roster_id, send, sign_in};

#[tokio::test]
async fn a_player_enhances_fills_the_tome_and_renames_their_roster_as_the_cli_does() {
    let (web, cli) = (LEAGUE_FIXTURE.copy(), LEAGUE_FIXTURE.copy());
    let rats = roster_id(&web, RATS);
    let cookie = sign_in(&web, RATS).await;
    let html = page(&web, &format!("/rosters/{rats}"), &cookie).await;
    let key = form_key(&html);
    let skaven = web.json(&["faction", "show", "Skaven"]);
    let heroic = skaven["enhancement_tables"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Heroic Traits")
        .expect("Skaven heroic traits")["enhancements"][0]
        .as_str()
        .unwrap()
        .to_string();
    let spell = skaven["lores"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["kind"] == "spell")
        .expect("a Skaven spell lore")["entries"][0]["name"]
        .as_str()
        .unwrap()
        .to_string();
    assert!(
        html.contains(&heroic) && html.contains(&spell),
        "the forms list the faction's choices"
    );
    let grey_seer = cli.json(&["roster", "show", RATS])["units"][0]["id"].to_string();

    let sent =
        |uri: &str, fields: &[(&str, &str)]| form(&format!("/rosters/{rats}/{uri}"), Some(&cookie), fields);
    let enhancement = [
        ("key", key.as_str()),
        ("unit", &grey_seer),
        ("enhancement", &heroic),
        ("reason", "a quest"),
    ];
    let enhanced = send(&web, sent("enhancements", &enhancement)).await;
    assert_eq!(enhanced.status, StatusCode::SEE_OTHER, "{}", enhanced.body);
    let enhance_by_cli = [
        "roster", "enhance", RATS, &grey_seer, &heroic, "--reason", "a quest",
    ];
    cli.ok(&enhance_by_cli);
    let tome = [
        ("key", key.as_str()),
        ("kind", "spell"),
        ("name", &spell),
        ("replace", ""),
        ("reason", "a quest"),
    ];
    let added = send(&web, sent("tome", &tome)).await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    cli.ok(&[
        "roster", "lore", RATS, "add", "spell", &spell, "--reason", "a quest",
    ]);
    let realm = send(&web, sent("realm", &[("key", &key), ("realm", "Ulgu")])).await;
    assert_eq!(realm.status, StatusCode::SEE_OTHER, "{}", realm.body);
    cli.ok(&["roster", "realm", RATS, "Ulgu"]);
    assert_eq!(
        web.json(&["roster", "show", RATS]),
        cli.json(&["roster", "show", RATS])
    );

    // A second heroic trait for the same unit is refused in the CLI's words.
    let before = web.fingerprint();
    let again = send(&web, sent("enhancements", &enhancement)).await;
    let again = refused_page(&web, &again, &cookie).await;
    let by_cli = cli.refused(&enhance_by_cli, "");
    let message = by_cli.trim().trim_start_matches("error: ");
    assert!(
        again.body.contains(&message[..30]),
        "{}\nv the CLI's\n{by_cli}",
        again.body
    );
    // ... beside the Enhancements form, its disclosure open (issue #40: it was hidden).
    let beside = opened(&again.body, "Enhancements");
    assert!(
        beside.contains(r#"role="alert""#) && beside.contains(&message[..30]),
        "{beside}"
    );
    assert_eq!(web.fingerprint(), before);

    // Renamed through the API with the player's token, as `roster rename`.
    let token = invite(&web, &["--roster", RATS]);
    let renamed = send(
        &web,
        api_post(
            &format!("/api/rosters/{rats}/rename"),
            Some(&token),
            json!({"name": "Rat King"}),
        ),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!(renamed.json()["roster"]["name"], "Rat King");
    cli.ok(&["roster", "rename", RATS, "Rat King"]);
    assert_eq!(
        web.json(&["roster", "show", "Rat King"]),
        cli.json(&["roster", "show", "Rat King"])
    );
    // ... but not another player's.
    let before = web.fingerprint();
    let hammers = roster_id(&web, HAMMERS);
    let theirs = send(
        &web,
        api_post(
            &format!("/api/rosters/{hammers}/rename"),
            Some(&token),
            json!({"name": "Mine"}),
        ),
    )
    .await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    assert_eq!(web.fingerprint(), before);
}

#[tokio::test]
async fn a_player_in_set_up_takes_a_unit_off_again_from_their_page() {
    let (web, cli) = (Ptg::ashen_vale(), Ptg::ashen_vale());
    for p in [&web, &cli] {
        p.new_hammers();
        p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    }
    let hammers = roster_id(&web, HAMMERS);
    let cookie = sign_in(&web, HAMMERS).await;
    let key = form_key(&page(&web, &format!("/rosters/{hammers}"), &cookie).await);
    let liberators = cli.json(&["roster", "show", HAMMERS])["units"][1]["id"].to_string();
    let removed = send(
        &web,
        form(
            &format!("/rosters/{hammers}/remove"),
            Some(&cookie),
            &[("key", &key), ("unit", &liberators)],
        ),
    )
    .await;
    assert_eq!(removed.status, StatusCode::SEE_OTHER, "{}", removed.body);
    cli.ok(&["roster", "remove", HAMMERS, &liberators]);
    assert_eq!(
        web.json(&["roster", "show", HAMMERS]),
        cli.json(&["roster", "show", HAMMERS])
    );
    // The warlord stays: refused in the CLI's words, nothing changed.
    let warlord = cli.json(&["roster", "show", HAMMERS])["units"][0]["id"].to_string();
    let before = web.fingerprint();
    let refused = send(
        &web,
        form(
            &format!("/rosters/{hammers}/remove"),
            Some(&cookie),
            &[("key", &key), ("unit", &warlord)],
        ),
    )
    .await;
    let refused = refused_page(&web, &refused, &cookie).await;
    assert!(refused.body.contains("warlord"), "{}", refused.body);
    // With the warlord alone left the form is gone: the refusal is shown under the title.
    assert!(refused.body.contains(r#"role="alert""#), "{}", refused.body);
    assert_eq!(web.fingerprint(), before);
}

#[tokio::test]
async fn the_roster_page_shows_what_its_glory_buys_and_what_roster_check_finds() {
    let p = LEAGUE_FIXTURE.copy();
    let hammers = roster_id(&p, HAMMERS);
    let html = send(&p, serve_support::api_get(&format!("/rosters/{hammers}"), None))
        .await
        .body;
    let afford = p.json(&["roster", "afford", HAMMERS]);
    let glory = afford["glory"].as_i64().unwrap();
    assert!(html.contains(&format!("What {glory} glory buys")), "{html}");
    let offers = afford["add"].as_array().unwrap();
    for o in offers.iter().filter(|o| o["affordable"] == true) {
        let line = format!("{}: {} glory", o["warscroll"].as_str().unwrap(), o["cost"]);
        assert!(
            html.contains(&line),
            "the page offers {line}, as `roster afford` does"
        );
    }
    let cheapest_beyond = offers
        .iter()
        .find(|o| o["affordable"] == false)
        .expect("a unit it cannot pay for");
    assert!(html.contains(&format!(
        "The cheapest unit beyond it: {}, {} glory.",
        cheapest_beyond["warscroll"].as_str().unwrap(),
        cheapest_beyond["cost"]
    )));
    for o in offers.iter().filter(|o| o["affordable"] == false) {
        let line = format!(
            "<li>{}: {} glory</li>",
            o["warscroll"].as_str().unwrap(),
            o["cost"]
        );
        assert!(!html.contains(&line), "{line} costs more than {glory} glory");
    }
    // Its battles (1, 3 and 5), and no other roster's.
    for b in ["1", "3", "5"] {
        assert!(html.contains(&format!(r#"href="/battles/{b}""#)), "battle {b}");
    }
    assert!(
        !html.contains(r#"href="/battles/2""#),
        "battle 2 was Silken Host v Moonclan Mob"
    );
    // Rat Tide's quest is running; Hammers have none, which `roster check` notes.
    let check = p.json(&["roster", "check", HAMMERS]);
    for note in check["notes"].as_array().unwrap() {
        assert!(
            html.contains(note.as_str().unwrap().split('`').next().unwrap()),
            "{note}"
        );
    }
}

#[tokio::test]
async fn the_army_list_download_is_roster_export_s_text() {
    let p = LEAGUE_FIXTURE.copy();
    let rats = roster_id(&p, RATS);
    let list = send(
        &p,
        serve_support::api_get(&format!("/rosters/{rats}/list.txt"), None),
    )
    .await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.body.trim_end(), p.ok(&["roster", "export", RATS]).trim_end());
    assert!(list.body.contains("Grey Seer"), "{}", list.body);
}

#[tokio::test]
async fn a_player_undoes_their_own_latest_command_but_not_a_battle_s() {
    let p = LEAGUE_FIXTURE.copy();
    let before_aftermath = p.json(&["roster", "show", RATS]);
    p.ok(&[
        "aftermath",
        "6",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "2,3,1",
    ]);
    let rats = roster_id(&p, RATS);
    let cookie = sign_in(&p, RATS).await;
    let html = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    let latest = p
        .json(&["history", "--roster", RATS])
        .as_array()
        .unwrap()
        .last()
        .unwrap()
        .clone();
    assert!(
        html.contains(&format!(r#"name="expected" value="{}""#, latest["id"])) && html.contains("Undo it"),
        "the page offers to undo the aftermath: {html}"
    );
    let key = form_key(&html);
    let expected = latest["id"].to_string();
    let sent = send(
        &p,
        form(
            &format!("/rosters/{rats}/undo"),
            Some(&cookie),
            &[("key", &key), ("expected", &expected)],
        ),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    assert_eq!(
        p.json(&["roster", "show", RATS]),
        before_aftermath,
        "the aftermath taken back whole"
    );
    p.ok(&["audit"]);

    // The quest it started before is its own too; once that is undone, the latest is battle
    // 6's result, which is both sides': the organiser's to undo.
    let html = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    assert!(html.contains("quest started: Seek Glory in Battle"), "{html}");
    let quest = html
        .split(r#"name="expected" value=""#)
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    let sent = send(
        &p,
        form(
            &format!("/rosters/{rats}/undo"),
            Some(&cookie),
            &[("key", &key), ("expected", &quest)],
        ),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    assert!(p.json(&["roster", "show", RATS])["quest"].is_null());
    let html = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    assert!(
        html.contains("Only the campaign's organiser can undo it"),
        "{html}"
    );
    let token = invite(&p, &["--roster", RATS]);
    let hammers = invite(&p, &["--roster", HAMMERS]);
    let before = p.fingerprint();
    let refused = send(
        &p,
        api_post(&format!("/api/rosters/{rats}/undo"), Some(&token), json!({})),
    )
    .await;
    assert_eq!(
        refused.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        refused.body
    );
    assert!(
        refused.json()["error"]
            .as_str()
            .unwrap()
            .contains("organiser undoes it")
    );
    // ... and another player may not undo Rat Tide's at all.
    let theirs = send(
        &p,
        api_post(&format!("/api/rosters/{rats}/undo"), Some(&hammers), json!({})),
    )
    .await;
    assert_eq!(theirs.status, StatusCode::FORBIDDEN);
    assert_eq!(p.fingerprint(), before);
}

/// Issue 30 (2): a player's undo takes back only that player's own commands; the organiser's
/// favour penalty on their roster is refused (naming who undoes it), and not offered on the page.
#[tokio::test]
async fn a_player_may_not_undo_the_organiser_s_favour_on_their_roster() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["campaign", "set", LEAGUE, "--option", "realms,favour"]);
    let silken = roster_id(&p, SILKEN);
    let organiser = invite(&p, &["--organiser"]);
    let player = invite(&p, &["--roster", SILKEN]);
    // Two of the organiser's commands: favour given, then a penalty.
    for (change, reason) in [(3, "club rule: painted"), (-2, "club rule: late")] {
        let favour = send(
            &p,
            api_post(
                &format!("/api/rosters/{silken}/favour"),
                Some(&organiser),
                json!({ "change": change, "reason": reason }),
            ),
        )
        .await;
        assert_eq!(favour.status, StatusCode::OK, "{}", favour.body);
    }
    let before = p.fingerprint();
    for _ in 0..2 {
        let refused = send(
            &p,
            api_post(&format!("/api/rosters/{silken}/undo"), Some(&player), json!({})),
        )
        .await;
        assert_eq!(
            refused.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{}",
            refused.body
        );
        let error = refused.json()["error"].as_str().unwrap().to_string();
        assert!(
            error.contains("organiser's command") && error.contains("the campaign's organiser undoes it"),
            "{error}"
        );
        assert_eq!(p.fingerprint(), before, "nothing undone");
    }
    // The player's page names the command but offers no button; the organiser's offers it.
    let cookie = sign_in(&p, SILKEN).await;
    let html = page(&p, &format!("/rosters/{silken}"), &cookie).await;
    assert!(
        html.contains("Only the campaign's organiser can undo it"),
        "{html}"
    );
    assert!(!html.contains("Undo it"), "{html}");
    let key = form_key(&html);
    let before = p.fingerprint();
    let forged = send(
        &p,
        form(
            &format!("/rosters/{silken}/undo"),
            Some(&cookie),
            &[("key", &key)],
        ),
    )
    .await;
    let forged = refused_page(&p, &forged, &cookie).await;
    assert!(
        forged.body.contains("the campaign's organiser undoes it"),
        "{}",
        forged.body
    );
    assert_eq!(p.fingerprint(), before);
    let boss = serve_support::sign_in_with(&p, &["--organiser"]).await;
    assert!(
        page(&p, &format!("/rosters/{silken}"), &boss)
            .await
            .contains("Undo it")
    );
    // The organiser takes it back from the roster's own undo.
    let undone = send(
        &p,
        api_post(
            &format!("/api/rosters/{silken}/undo"),
            Some(&organiser),
            json!({}),
        ),
    )
    .await;
    assert_eq!(undone.status, StatusCode::OK, "{}", undone.body);
    p.ok(&["audit"]);
}
