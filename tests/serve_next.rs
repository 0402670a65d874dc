//! The "What's next" panels (issue #32, item 7): a player's roster page says which battle waits
//! for their army and which for their aftermath, with a link to it; the organiser's league
//! page lists the armies, results and aftermaths still to come.

mod common;
mod serve_support;

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
