//! The "What's next" panels (issue #32, item 7): a player's roster page says which battle waits
//! for their army and which for their aftermath, with a link to it; the organiser's league
//! page lists the armies, results and aftermaths still to come.

use crate::common;
use crate::serve_support;

use common::league::{LEAGUE_FIXTURE, SILKEN};
use common::{HAMMERS, RATS, battle_new_args};
use serve_support::{page, roster_id, sign_in, sign_in_with};

#[tokio::test]
async fn a_player_and_the_organiser_see_what_waits_on_them() {
    let p = LEAGUE_FIXTURE.copy();
    // Battle 7: Hammers v Rats, planned, no army in yet. Battle 6's aftermaths are not run.
    p.ok(&battle_new_args("1000", "The Ruined Settlement"));
    let rats = sign_in(&p, RATS).await;
    let html = page(&p, &format!("/rosters/{}", roster_id(&p, RATS)), &rats).await;
    assert!(html.contains("What's next"), "{html}");
    assert!(
        html.contains(
            r#"Battle 7 against Hammers of Dawn is planned: <a href="/battles/7">record your army</a>"#
        ),
        "{html}"
    );
    assert!(
        html.contains(
            r#"Battle 6 against Silken Host is fought: <a href="/battles/6">run your aftermath</a>"#
        ),
        "{html}"
    );
    // Back to the league from the roster's page.
    assert!(
        html.contains(r#"<a href="/campaigns/1">the league: Ashen Vale</a>"#),
        "{html}"
    );

    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let league = page(&p, "/campaigns/1", &organiser).await;
    for line in [
        format!("Battle 6: {RATS}'s aftermath is waiting"),
        format!("Battle 6: {SILKEN}'s aftermath is waiting"),
        format!("Battle 7: {HAMMERS}'s army is still to be recorded"),
        format!("Battle 7: {RATS}'s army is still to be recorded"),
    ] {
        assert!(league.contains(&line), "{line} in {league}");
    }
    // A reader sees no panel.
    let reader = page(&p, "/campaigns/1", "").await;
    assert!(!reader.contains("What's next"));
}

/// Issue #32, item 8: pickers offer only legal choices: a unit to add is picked from the
/// faction's warscrolls with their points (and may be named), and the warlord is never offered
/// as the favoured warriors.
#[tokio::test]
async fn pickers_offer_what_the_rules_allow() {
    let p = common::Ptg::ashen_vale();
    p.new_hammers();
    let hammers = sign_in(&p, HAMMERS).await;
    let html = page(&p, &format!("/rosters/{}", roster_id(&p, HAMMERS)), &hammers).await;
    assert!(
        html.contains(r#"<option value="Liberators">Liberators (90 pts)</option>"#),
        "{html}"
    );
    assert!(html.contains(r#"name="name""#), "the unit's own name: {html}");

    let p = LEAGUE_FIXTURE.copy();
    let rats = sign_in(&p, RATS).await;
    let html = page(&p, "/battles/6", &rats).await;
    let favoured = &html[html.find(r#"name="favoured""#).unwrap()..];
    let favoured = &favoured[..favoured.find("</select>").unwrap()];
    let units = p.json(&["roster", "show", RATS])["units"].clone();
    let warlord = units[0]["id"].to_string();
    let clanrats = units[1]["id"].to_string();
    assert!(!favoured.contains(&format!(r#"value="{warlord}""#)), "{favoured}");
    assert!(favoured.contains(&format!(r#"value="{clanrats}""#)), "{favoured}");
}

/// Issue #32, item 7: the history reads newest first, each set's changes folded away.
#[tokio::test]
async fn the_history_page_shows_the_newest_first() {
    let p = LEAGUE_FIXTURE.copy();
    let html = page(&p, "/campaigns/1/history", "").await;
    let ids: Vec<i64> = html
        .match_indices(r#"id="set-"#)
        .map(|(at, m)| {
            let rest = &html[at + m.len()..];
            rest[..rest.find('"').unwrap()].parse().unwrap()
        })
        .collect();
    assert!(ids.len() > 2 && ids.windows(2).all(|w| w[0] > w[1]), "{ids:?}");
    assert!(html.contains("<details><summary>#"), "{html}");
}

/// Issue #32, item 7: a battle's page gives its battleplan's roles, deployment and scoring in
/// the data's own words, as `battle show --json` has them.
#[tokio::test]
async fn a_battle_page_says_how_its_battleplan_is_played() {
    let p = LEAGUE_FIXTURE.copy();
    let plan = p.json(&["battle", "show", "1"])["battleplan_details"].clone();
    let html = page(&p, "/battles/1", "").await;
    for field in ["deployment", "scoring"] {
        let words = plan[field].as_str().unwrap();
        let escaped = maud::html! { (words) }.into_string();
        assert!(html.contains(&escaped), "{field}: {words} in {html}");
    }
    // The roles as the battleplan names them: "Northern or Southern Territory".
    let shown = p.json(&["battle", "show", "1"]);
    let roles = shown["roles_choice"].as_str().expect("the roles in words");
    assert!(
        roles.contains("Northern") && roles.contains("Southern Territory"),
        "{roles}"
    );
    assert!(html.contains(&format!("Roles: {roles}")), "{html}");
}

/// Issue #32, item 8: while the battle is planned a player records their army again, from the
/// form showing the army as recorded.
#[tokio::test]
async fn a_player_records_their_army_again_while_the_battle_is_planned() {
    let p = common::Ptg::small_battle();
    let hammers = sign_in(&p, HAMMERS).await;
    let html = page(&p, "/battles/1", &hammers).await;
    assert!(html.contains("Record the army again"), "{html}");
    let units = p.json(&["roster", "show", HAMMERS])["units"].clone();
    let (lord, liberators) = (units[0]["id"].to_string(), units[1]["id"].to_string());
    assert!(
        html.contains(&format!(r#"name="unit" value="{liberators}" checked"#)),
        "{html}"
    );
    let key = serve_support::form_key(&html);
    let fields = [
        ("key", key.as_str()),
        ("roster_id", &roster_id(&p, HAMMERS).to_string()),
        ("unit", &lord),
    ];
    let sent = serve_support::send(
        &p,
        serve_support::form("/battles/1/army", Some(&hammers), &fields),
    )
    .await;
    assert_eq!(sent.status, axum::http::StatusCode::SEE_OTHER, "{}", sent.body);
    let army = p.json(&["battle", "show", "1"])["sides"][0]["army"].clone();
    assert_eq!(army.as_array().unwrap().len(), 1, "{army}");
}

/// Issue #32, item 8: an enhancement is offered only for the roster's HEROes, and the Arcane
/// Tome's picker pairs each entry with its own kind (no spell asked of a manifestation lore).
#[tokio::test]
async fn enhancements_and_the_tome_offer_only_what_fits() {
    let p = common::Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    let hammers = sign_in(&p, HAMMERS).await;
    let id = roster_id(&p, HAMMERS);
    let html = page(&p, &format!("/rosters/{id}"), &hammers).await;
    let units = p.json(&["roster", "show", HAMMERS])["units"].clone();
    let give = &html[html.find(r#"action="/rosters/1/enhancements""#).unwrap()..];
    let give = &give[..give.find("</form>").unwrap()];
    assert!(
        give.contains(&format!(r#"value="{}:"#, units[0]["id"])),
        "the warlord: {give}"
    );
    assert!(
        !give.contains(&format!(r#"value="{}:"#, units[1]["id"])),
        "not the Liberators: {give}"
    );
    // No WIZARD nor PRIEST yet: the tome offers nothing (the rules would refuse it all).
    assert!(!html.contains(r#"action="/rosters/1/tome""#), "{html}");
    assert!(html.contains("Nothing to add"), "{html}");
    // With a WIZARD, its spells and manifestations, each entry paired with its own kind.
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
    let html = page(&p, &format!("/rosters/{id}"), &hammers).await;
    assert!(html.contains(r#"<option value="manifestation:"#), "{html}");
    assert!(!html.contains(r#"<option value="prayer:"#), "no PRIEST: {html}");
    assert!(!html.contains(r#"name="kind""#), "{html}");
}

/// Issue #32, item 8: a roster's creation cannot be undone, so no page offers to undo it.
#[tokio::test]
async fn no_undo_button_is_offered_for_a_roster_s_creation() {
    let p = common::Ptg::ashen_vale();
    p.new_hammers();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    for uri in [
        format!("/rosters/{}", roster_id(&p, HAMMERS)),
        "/campaigns/1".to_string(),
    ] {
        let html = page(&p, &uri, &organiser).await;
        assert!(!html.contains("Undo it"), "{uri}: {html}");
        assert!(html.contains("It cannot be undone."), "{uri}: {html}");
    }
}

/// Issue #32: each unit's renown against the next rank it reaches, as a bar with the numbers.
#[tokio::test]
async fn a_roster_page_shows_each_unit_s_renown_against_its_next_rank() {
    let p = common::Ptg::ashen_vale();
    p.new_hammers();
    let html = page(&p, &format!("/rosters/{}", roster_id(&p, HAMMERS)), "").await;
    // The warlord starts at 5 renown, Aspiring; Ascension's next rank, Elite, is at 15.
    assert!(html.contains(r#"<meter min="0" max="15" value="5""#), "{html}");
    assert!(html.contains("5 of 15 to Elite"), "{html}");
}
