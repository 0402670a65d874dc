//! Issue #38 through the pages: a result recorded on the battle's page re-decides what was
//! recorded ahead as the CLI's does (a triumph due rolled with the dice typed in the form), and
//! refuses an army that no longer fits its Order of Battle beside the form, the database
//! unchanged.

use crate::common;
use crate::serve_support;

use axum::http::StatusCode;
use common::{Fixture, HAMMERS, Ptg, RATS};
use serve_support::{form, form_key, page, refused_page, roster_id, send, sign_in_with};

const LORD: &str = "Lord-Vigilant on Gryph-stalker";

/// `Ptg::small_battle` in a campaign playing triumphs, with battle 2's armies recorded before
/// battle 1 is fought (a major victory for the Hammers).
static AHEAD: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle_with(&["--option", "triumphs"]);
    p.plan_battle("1000", "The Ruined Settlement");
    p.ok(&["battle", "army", "2", HAMMERS, LORD, "Liberators"]);
    p.ok(&[
        "battle",
        "army",
        "2",
        RATS,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "6,1",
    ]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
    ]);
    p
});

#[tokio::test]
async fn a_result_through_the_form_rolls_the_triumph_its_army_could_not_as_the_cli_does() {
    let cli = AHEAD.copy();
    cli.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        "Hammers of Dawn=3",
        "--vp",
        "Rat Tide=9",
        "--dice",
        "4",
    ]);
    let p = AHEAD.copy();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let battle = page(&p, "/battles/2", &organiser).await;
    assert!(
        battle.contains(r#"name="dice""#),
        "the result form takes dice: {battle}"
    );
    let key = form_key(&battle);
    let fields = [("key", key.as_str()), ("vp_a", "3"), ("vp_b", "9"), ("dice", "4")];
    let sent = send(&p, form("/battles/2/result", Some(&organiser), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "2");
    let b = p.json(&["battle", "show", "2"]);
    assert!(b["sides"][0]["triumph"].is_object(), "{b}");
}

#[tokio::test]
async fn a_result_for_an_army_no_longer_fitting_is_refused_beside_the_form() {
    let p = AHEAD.copy();
    // Battle 1's aftermath retires the Liberators, who are in battle 2's army.
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--retire",
        "Liberators",
        "--dice",
        "1,1,1",
    ]);
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    // The roster's page lists its Order of Battle and counts the unit retired, which nothing
    // on it names (issue 42: a roster of ten years has retired most of the units it had).
    let hammers = page(&p, &format!("/rosters/{}", roster_id(&p, HAMMERS)), &organiser).await;
    assert!(!hammers.contains("Liberators"), "{hammers}");
    assert!(hammers.contains("1 unit retired, not listed"), "{hammers}");
    let battle = page(&p, "/battles/2", &organiser).await;
    let key = form_key(&battle);
    let before = p.fingerprint();
    let fields = [("key", key.as_str()), ("vp_a", "14"), ("vp_b", "8")];
    let refused = send(&p, form("/battles/2/result", Some(&organiser), &fields)).await;
    let refused = refused_page(&p, &refused, &organiser).await;
    assert!(refused.body.contains("is retired"), "{}", refused.body);
    assert!(refused.body.contains("no longer fits it"), "{}", refused.body);
    assert!(
        !refused.body.contains("ptg battle army"),
        "no CLI words on a page"
    );
    assert!(refused.body.contains(r#"value="14""#), "what was typed is kept");
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");
}
