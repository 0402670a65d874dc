//! Every kind of page of `ptg serve` on a phone (issue 32), in a real headless Chromium driven
//! through chromedriver (WebDriver): a reader's, a player's signed in through their invite link,
//! and the organiser's, each page at 390×844 and then 360 wide, through the checks of
//! `browser_support/checks.rs`: nothing wider than the screen, every control at least 44 px
//! tall (a tick box: its label's row) with 16-px text, every field labelled, and a link to the
//! league. Each failure names the page and the element, so it is quick to fix. Without Chromium or chromedriver the suite says so and
//! checks nothing, unless PTG_BROWSER_TEST is set (CI sets it).

use crate::browser_support;
use crate::common;

use browser_support::checks::{Checked, check_page, cli_words};
use browser_support::{
    CHROMEDRIVER, CHROMIUM, Chromedriver, browser_here, click_and_leave, click_and_see, get, phone, serve,
    viewport,
};
use common::league::{LEAGUE, LEAGUE_FIXTURE, MOONCLAN};
use common::{HAMMERS, Ptg, RATS, roster_new};
use fantoccini::Client;
use std::fmt::Write as _;
use std::time::Instant;

/// The league of `tests/common/league.rs`, and besides: battle 7 planned with no armies yet,
/// battle 8 planned with both armies in (its twist and result forms), and a fifth roster still
/// in set-up (its set-up forms).
fn phone_league() -> Ptg {
    let p = LEAGUE_FIXTURE.copy();
    for _ in 0..2 {
        p.ok(&[
            "battle",
            "new",
            "--campaign",
            LEAGUE,
            "--points",
            "1000",
            "--battleplan",
            "The Ruined Settlement",
            HAMMERS,
            MOONCLAN,
        ]);
    }
    p.ok(&[
        "battle",
        "army",
        "8",
        HAMMERS,
        "Lord-Vigilant on Gryph-stalker",
        "Liberators",
    ]);
    p.ok(&[
        "battle",
        "army",
        "8",
        MOONCLAN,
        "Loonboss",
        "Moonclan Stabbas",
        "--dice",
        "6,1",
    ]);
    p.ok(&roster_new(
        "Ember Court",
        LEAGUE,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    p.ok(&["roster", "add", "Ember Court", "Clanrats"]);
    p
}

/// Opens `path` on the server and checks it (see `check_page`).
async fn visit(
    c: &Client,
    base: &str,
    path: &str,
    what: &str,
    league: Option<&str>,
    signed_in: bool,
) -> Checked {
    c.goto(&format!("{base}{path}")).await.expect("open the page");
    check_page(c, what, league, signed_in).await
}

#[tokio::test]
async fn every_page_fits_a_phone() {
    if !browser_here("every_page_fits_a_phone", &[CHROMIUM, CHROMEDRIVER]) {
        return;
    }
    let started = Instant::now();
    let p = phone_league();
    let id = |roster: &str| p.json(&["roster", "show", roster])["id"].to_string();
    let (hammers, rats, ember) = (id(HAMMERS), id(RATS), id("Ember Court"));
    let token = |args: &[&str]| p.json(args)["token"].as_str().expect("a token").to_string();
    let player = token(&["invite", LEAGUE, "--roster", RATS]);
    let organiser = token(&["invite", LEAGUE, "--organiser"]);
    let server = serve(&p);
    let base = server.url.clone();

    // The files every page links to.
    for (path, kind) in [
        ("/style.css", "text/css"),
        ("/favicon.svg", "image/svg+xml"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/apple-touch-icon.png", "image/png"),
        ("/icon-192.png", "image/png"),
        ("/icon-512.png", "image/png"),
    ] {
        let (head, body) = get(&base, path);
        assert!(head.starts_with("http/1.1 200"), "{path}: {head}");
        assert!(head.contains(&format!("content-type: {kind}")), "{path}: {head}");
        assert!(head.contains("cache-control: public, max-age="), "{path}: {head}");
        assert!(!body.is_empty(), "{path} is empty");
    }
    let (_, manifest) = get(&base, "/manifest.webmanifest");
    let manifest: serde_json::Value = serde_json::from_str(&manifest).expect("the manifest is JSON");
    assert_eq!(
        (manifest["name"].as_str(), manifest["display"].as_str()),
        (Some("ptg"), Some("standalone"))
    );

    let driver = Chromedriver::start();
    let profile = tempfile::tempdir().expect("a profile folder");
    let c = phone(&driver, profile.path()).await;
    let league = Some("/campaigns/1");
    let home = Some("/");
    let mut all = Vec::new();

    let (hammers, rats, ember) = (
        format!("/rosters/{hammers}"),
        format!("/rosters/{rats}"),
        format!("/rosters/{ember}"),
    );
    let invite_page = format!("/invite/{player}");
    // A reader: no session.
    let reader = [
        ("/", "campaigns", None),
        ("/campaigns/1", "league", league),
        (hammers.as_str(), "roster (reader)", league),
        ("/battles/6", "battle fought (reader)", league),
        ("/battles/7", "battle planned (reader)", league),
        ("/campaigns/1/history", "history", league),
        ("/campaigns/1/audit", "audit", league),
        ("/campaigns/1/battles", "battle list", league),
        (invite_page.as_str(), "invite", league),
        ("/no/such/page", "404 (no such route)", home),
        ("/rosters/999", "404 (no such roster)", home),
        ("/rosters/not-a-number", "400", home),
    ];
    for (path, what, to) in reader {
        all.push(visit(&c, &base, path, what, to, false).await);
    }
    // Rat Tide's player, signed in through the invite page's button: their roster and the
    // aftermath of battle 6 still to run.
    c.goto(&format!("{base}/invite/{player}"))
        .await
        .expect("open the invite");
    click_and_leave(&c, "form[action^='/invite/'] button").await;
    all.push(check_page(&c, "roster (player, forms)", league, true).await);
    all.push(visit(&c, &base, "/battles/6", "aftermath (player, forms)", league, true).await);
    // The organiser: the league page with its forms, the organiser's page, a new invite's
    // page, battles planned and fought with their forms, and rosters with theirs.
    c.goto(&format!("{base}/invite/{organiser}"))
        .await
        .expect("open the invite");
    click_and_leave(&c, "form[action^='/invite/'] button").await;
    all.push(check_page(&c, "league (organiser, forms)", league, true).await);
    let organiser_pages = [
        ("/campaigns/1/organise", "organise"),
        ("/battles/7", "battle planned (armies)"),
        ("/battles/8", "battle planned (result)"),
        ("/battles/6", "battle fought (organiser)"),
        (hammers.as_str(), "roster (organiser)"),
        (ember.as_str(), "roster in set-up"),
        (rats.as_str(), "roster with a quest"),
    ];
    for (path, what) in organiser_pages {
        all.push(visit(&c, &base, path, what, league, true).await);
    }
    c.goto(&format!("{base}/campaigns/1/organise"))
        .await
        .expect("open organise");
    // Made: the organiser's page again, showing the link once.
    click_and_see(&c, "form[action$='/invites'] button", "made.").await;
    all.push(check_page(&c, "new invite's link", league, true).await);
    c.close().await.expect("Chromium quits");
    drop(driver);

    let mut report = String::from("page                         w390 w360 controls lowest(px) font(px)\n");
    for checked in &all {
        let _ = writeln!(report, "{}", checked.figures);
    }
    let _ = writeln!(
        report,
        "{} pages in {:.1} s",
        all.len(),
        started.elapsed().as_secs_f64()
    );
    eprintln!("{report}");
    let failures: Vec<&String> = all.iter().flat_map(|c| &c.failures).collect();
    assert!(
        failures.is_empty(),
        "{} problems on a phone:\n{}",
        failures.len(),
        failures.iter().map(|f| f.as_str()).collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_command_line_s_words_are_found() {
    assert_eq!(
        cli_words("Undo it with `ptg undo --roster Rat Tide`, or see ptg's help; -- and --5 are not flags"),
        ["ptg undo", "--roster"]
    );
    assert!(cli_words("Glory: 135 · Points: 1000 — 3 (1 major)").is_empty());
}

/// Writes `docs/screenshots/league.png` (the league page) and `docs/screenshots/roster.png`
/// (Rat Tide's page, its player signed in) as a 390×844 phone shows them:
/// `cargo test --test browser phone::screenshots -- --ignored`.
#[tokio::test]
#[ignore = "writes docs/screenshots; run it when the pages' look changes"]
async fn screenshots() {
    if !browser_here("screenshots", &[CHROMIUM, CHROMEDRIVER]) {
        return;
    }
    let p = LEAGUE_FIXTURE.copy();
    let rats = p.json(&["invite", LEAGUE, "--roster", RATS])["token"]
        .as_str()
        .expect("a token")
        .to_string();
    let server = serve(&p);
    let driver = Chromedriver::start();
    let profile = tempfile::tempdir().expect("a profile folder");
    let c = phone(&driver, profile.path()).await;
    viewport(&c, 390, 844).await;
    let docs = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/screenshots");
    std::fs::create_dir_all(&docs).expect("docs/screenshots");
    c.goto(&format!("{}/campaigns/1", server.url))
        .await
        .expect("the league page");
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(docs.join("league.png"), png).expect("write league.png");
    c.goto(&format!("{}/invite/{rats}", server.url))
        .await
        .expect("the invite");
    click_and_leave(&c, "form[action^='/invite/'] button").await;
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(docs.join("roster.png"), png).expect("write roster.png");
    c.close().await.expect("Chromium quits");
}
