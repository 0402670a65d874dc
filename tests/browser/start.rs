//! A club starts on phones (issue #32, items 1, 2 and 10), in headless Chromium through
//! WebDriver at 390 × 844: the organiser opens `ptg serve`'s set-up link and makes the campaign;
//! a player taps the join link on another site (a chat's page), makes their roster from the
//! pickers and lands signed in on its page; reloading it writes nothing more; and a player's
//! invite link tapped on another site signs its browser in.

use crate::browser_support;
use crate::common;

use browser_support::{
    CHROMEDRIVER, CHROMIUM, Chromedriver, browser_here, click_and_leave, phone, seen, serve_with,
    tap_from_elsewhere, type_into,
};
use common::Ptg;
use fantoccini::Locator;

#[tokio::test]
async fn a_club_starts_its_campaign_and_a_player_joins_on_phones() {
    if !browser_here(
        "a_club_starts_its_campaign_and_a_player_joins_on_phones",
        &[CHROMIUM, CHROMEDRIVER],
    ) {
        return;
    }
    let p = Ptg::new();
    p.ok(&["data", "status"]); // the database's folder and file, empty of campaigns
    let (server, setup) = serve_with(&p, &[]);
    let setup = setup.expect("with no campaign, ptg serve prints a set-up link");
    let driver = Chromedriver::start();

    // The organiser makes the campaign from the set-up link.
    let profile = tempfile::tempdir().unwrap();
    let organiser = phone(&driver, profile.path()).await;
    organiser.goto(&setup).await.unwrap();
    type_into(&organiser, "input[name=name]", "Ashen Vale").await;
    click_and_leave(&organiser, "form button").await;
    let text = seen(&organiser).await;
    assert!(text.contains("Campaign Ashen Vale made"), "{text}");
    assert!(text.contains("Signed in as the organiser"), "{text}");
    // A join link, read off the page as the organiser would copy it.
    organiser
        .find(Locator::Css("form[action$='/join-link'] button"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    let join = loop {
        let text = seen(&organiser).await;
        if let Some(at) = text.find("/join/") {
            let start = text[..at].rfind("http").unwrap();
            break text[start..].split_whitespace().next().unwrap().to_string();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    organiser.close().await.unwrap();

    // A player taps it in the club's chat, on their own phone.
    let profile = tempfile::tempdir().unwrap();
    let player = phone(&driver, profile.path()).await;
    tap_from_elsewhere(&player, &join).await;
    player
        .find(Locator::Css("select[name=faction] option[value='Skaven']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    click_and_leave(&player, "form button").await;
    type_into(&player, "input[name=player]", "Bea").await;
    type_into(&player, "input[name=name]", "Gnaw").await;
    player
        .find(Locator::Css("select[name=warlord] option[value='Grey Seer']"))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    player
        .find(Locator::Css(
            "select[name=path_ability] option[value='mage:dedicated-practitioner']",
        ))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
    click_and_leave(&player, "form[method=post] button").await;
    let text = seen(&player).await;
    assert!(text.contains("Welcome: your roster is made"), "{text}");
    assert!(
        text.contains("Add to the Order of Battle"),
        "signed in, with the forms: {text}"
    );
    // A reload (pull to refresh) writes nothing more: one roster, and the note is gone.
    let before = p.fingerprint();
    player.refresh().await.unwrap();
    let text = seen(&player).await;
    assert!(!text.contains("Welcome: your roster is made"), "{text}");
    assert_eq!(p.fingerprint(), before);
    player.close().await.unwrap();

    // A player's invite link tapped on another site signs its browser in (item 1).
    let token = p.json(&["invite", "Ashen Vale", "--roster", "Gnaw"])["token"]
        .as_str()
        .unwrap()
        .to_string();
    let profile = tempfile::tempdir().unwrap();
    let other = phone(&driver, profile.path()).await;
    tap_from_elsewhere(&other, &format!("{}/invite/{token}", server.url)).await;
    click_and_leave(&other, "form button").await;
    let text = seen(&other).await;
    assert!(
        text.contains("Signed in as a player") && text.contains("Add to the Order of Battle"),
        "{text}"
    );
    other.close().await.unwrap();
}
