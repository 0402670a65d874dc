//! axe-core on every kind of page (issue 40, "Looks"): each page of `ptg serve` opened in a
//! 360-px-wide headless Chromium, its folded sections opened, and axe-core's rules run in it
//! (`tests/vendor/axe-core/axe.min.js`, committed: the tests run with no network). Every
//! serious or critical finding fails the test, named with its page, rule and elements. Each
//! page is checked twice: in the light theme and in the dark one (Chromium told the system
//! prefers dark), since contrast is a theme's. Without Chromium or chromedriver the suite says
//! so and checks nothing, unless PTG_BROWSER_TEST is set (CI sets it).

use crate::browser_support;
use crate::common;

use browser_support::walk::tap_and_wait;
use browser_support::{
    CHROMEDRIVER, CHROMIUM, Chromedriver, browser_here, click_and_leave, phone_with, seen, serve, serve_with,
    viewport,
};
use common::league::{LEAGUE, LEAGUE_FIXTURE, MOONCLAN};
use common::{HAMMERS, Ptg, RATS};
use fantoccini::{Client, Locator};

/// axe-core, as published (its licence header kept).
const AXE: &str = include_str!("../vendor/axe-core/axe.min.js");

/// Runs axe-core in the page shown (after opening every `details`, so folded forms are checked)
/// and answers its serious and critical findings as lines naming the rule and the elements.
/// With `expect_dark`, the page must see the system's dark theme (else the light one).
const RUN_AXE: &str = r#"
const done = arguments[arguments.length - 1];
document.querySelectorAll('details').forEach(d => d.open = true);
const dark = matchMedia('(prefers-color-scheme: dark)').matches;
// Moderate in axe, wanted all the same (issue 40): one `main`, all content in landmarks, and
// scroll boxes reachable by keyboard.
const ALSO = ['landmark-one-main', 'region', 'scrollable-region-focusable'];
const html = el => el.outerHTML.replace(/\s+/g, ' ').slice(0, 200);
const shown = el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'; };
const own = [];
// Every link and control at least 44 px tall (a tick box: its label's row).
for (const el of document.querySelectorAll('a, button, input:not([type=hidden]), select, textarea, summary')) {
  if (!shown(el)) continue;
  const row = el.matches('input[type=checkbox], input[type=radio]') ? (el.closest('label') || el) : el;
  const h = row.getBoundingClientRect().height;
  if (h < 43.5) own.push('under 44 px (' + h.toFixed(1) + '): ' + html(row));
}
// A form's answer says what it is by a mark as well as its colour.
for (const el of document.querySelectorAll('.error, .done')) {
  const mark = getComputedStyle(el, '::before').content;
  if (!mark || mark === 'none' || mark === 'normal') own.push('a note with no mark: ' + html(el));
}
if (document.querySelectorAll('main').length !== 1) own.push('not one <main>');
for (const el of document.querySelectorAll('.scroll'))
  if (el.tabIndex !== 0 || el.getAttribute('role') !== 'region' || !el.getAttribute('aria-label'))
    own.push('a scroll box the keyboard cannot reach or name: ' + html(el));
axe.run(document, { resultTypes: ['violations'] }).then(r => done({
  dark,
  found: own.concat(r.violations
    .filter(v => v.impact === 'serious' || v.impact === 'critical' || ALSO.includes(v.id))
    .map(v => v.impact + ' ' + v.id + ': ' + v.help + '\n    ' + v.nodes.slice(0, 6).map(n =>
      n.html.replace(/\s+/g, ' ').slice(0, 200) + (n.failureSummary ? ' — ' + n.failureSummary.replace(/\s+/g, ' ').slice(0, 240) : '')
    ).join('\n    ')))
}), e => done({ dark, found: ['axe failed: ' + e] }));
"#;

/// The league of `tests/common/league.rs` (battle 6 fought with its dice), and battle 7
/// planned with both armies in and dice typed for a side.
fn axe_league() -> Ptg {
    let p = LEAGUE_FIXTURE.copy();
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
    p.ok(&[
        "battle",
        "army",
        "7",
        HAMMERS,
        "Lord-Vigilant on Gryph-stalker",
        "Liberators",
    ]);
    p.ok(&[
        "battle",
        "army",
        "7",
        MOONCLAN,
        "Loonboss",
        "Moonclan Stabbas",
        "--dice",
        "6,1",
    ]);
    p
}

/// The findings on the page shown, each line starting with `what` and the theme.
async fn check(c: &Client, what: &str, dark: bool) -> Vec<String> {
    let url = c.current_url().await.expect("the page's address");
    // Injected once per page: a page loaded anew has no axe.
    let here = c
        .execute("return typeof axe !== 'undefined';", vec![])
        .await
        .expect("ask for axe");
    if here != true {
        c.execute(&format!("{AXE}\nreturn true;"), vec![])
            .await
            .expect("axe-core loads in the page");
    }
    let ran = c.execute_async(RUN_AXE, vec![]).await.expect("axe-core runs");
    let theme = if dark { "dark" } else { "light" };
    // With PTG_AXE_SHOTS=DIR, each page as a picture (DIR/THEME-PAGE.png), to look at.
    if let Some(dir) = std::env::var_os("PTG_AXE_SHOTS") {
        let name: String = format!("{theme}-{what}")
            .chars()
            .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
            .collect();
        browser_support::checks::shoot_whole(c, std::path::Path::new(&dir), &name).await;
    }
    let mut out = Vec::new();
    if ran["dark"] != dark {
        out.push(format!("{what} ({theme}, {url}): the page sees the other theme"));
    }
    for f in ran["found"].as_array().into_iter().flatten() {
        out.push(format!(
            "{what} ({theme}, {url}): {}",
            f.as_str().unwrap_or_default()
        ));
    }
    out
}

/// Opens `path` on the server at `base` and checks it.
async fn visit(c: &Client, base: &str, path: &str, what: &str, dark: bool) -> Vec<String> {
    c.goto(&format!("{base}{path}")).await.expect("open the page");
    check(c, what, dark).await
}

/// A 360-px-wide Chromium session, told the system prefers `dark` or light.
async fn session(driver: &Chromedriver, profile: &std::path::Path, dark: bool) -> Client {
    let scheme = if dark {
        "--force-dark-mode"
    } else {
        "--disable-features=WebContentsForceDark"
    };
    let c = phone_with(driver, profile, &[scheme]).await;
    viewport(&c, 360, 844).await;
    c
}

#[tokio::test]
async fn every_page_kind_passes_axe_core_light_and_dark() {
    if !browser_here(
        "every_page_kind_passes_axe_core_light_and_dark",
        &[CHROMIUM, CHROMEDRIVER],
    ) {
        return;
    }
    let p = axe_league();
    let rats = p.json(&["roster", "show", RATS])["id"].to_string();
    let hammers = p.json(&["roster", "show", HAMMERS])["id"].to_string();
    let server = serve(&p);
    let base = server.url.clone();
    // An empty database: the set-up page.
    let empty = Ptg::new();
    empty.ok(&["data", "status"]);
    let (setup_server, setup) = serve_with(&empty, &[]);
    let setup = setup.expect("with no campaign, ptg serve prints a set-up link");
    let driver = Chromedriver::start();
    let mut failures = Vec::new();
    let mut pages = 0; // checked, both themes

    for dark in [false, true] {
        let token = |args: &[&str]| p.json(args)["token"].as_str().expect("a token").to_string();
        let player = token(&["invite", LEAGUE, "--roster", RATS]);
        let organiser = token(&["invite", LEAGUE, "--organiser"]);
        let profile = tempfile::tempdir().expect("a profile folder");
        let c = session(&driver, profile.path(), dark).await;
        let mut found = Vec::new();

        let hammers_page = format!("/rosters/{hammers}");
        let invite_page = format!("/invite/{player}");
        for (path, what) in [
            ("/", "campaigns"),
            ("/campaigns/1", "league"),
            ("/campaigns/1/race", "race"),
            (hammers_page.as_str(), "roster (reader)"),
            ("/battles/6", "battle fought, dice (reader)"),
            ("/battles/7", "battle planned (reader)"),
            ("/campaigns/1/history", "history"),
            ("/campaigns/1/audit", "audit"),
            ("/campaigns/1/battles", "battle list"),
            (invite_page.as_str(), "invite"),
            ("/no/such/page", "404"),
            ("/rosters/not-a-number", "400"),
        ] {
            found.extend(visit(&c, &base, path, what, dark).await);
        }
        pages += 12;
        c.goto(&setup).await.expect("open the set-up page");
        found.extend(check(&c, "set-up", dark).await);
        pages += 1;

        // Rat Tide's player, signed in: their roster's forms, the aftermath still to run.
        c.goto(&format!("{base}{invite_page}"))
            .await
            .expect("open the invite");
        click_and_leave(&c, "form[action^='/invite/'] button").await;
        found.extend(check(&c, "roster (player, forms)", dark).await);
        found.extend(visit(&c, &base, "/battles/6", "aftermath (player, forms)", dark).await);

        // The organiser: every form of theirs, and a join link's page.
        c.goto(&format!("{base}/invite/{organiser}"))
            .await
            .expect("open the invite");
        click_and_leave(&c, "form[action^='/invite/'] button").await;
        found.extend(check(&c, "league (organiser, forms)", dark).await);
        for (path, what) in [
            ("/campaigns/1/organise", "organise"),
            ("/battles/7", "battle planned (organiser, forms)"),
            ("/battles/6", "battle fought (organiser)"),
            (hammers_page.as_str(), "roster (organiser)"),
        ] {
            found.extend(visit(&c, &base, path, what, dark).await);
        }
        c.goto(&format!("{base}/campaigns/1/organise"))
            .await
            .expect("open organise");
        tap_and_wait(&c, "form[action$='/join-link'] button").await;
        found.extend(check(&c, "join link made (done note)", dark).await);
        let text = seen(&c).await;
        let at = text.find("/join/").expect("the join link on the page");
        let join = text[at..]
            .split_whitespace()
            .next()
            .expect("the link")
            .to_string();
        found.extend(visit(&c, &base, &join, "join", dark).await);
        pages += 11;
        found.extend(
            visit(
                &c,
                &base,
                &format!("/rosters/{rats}"),
                "roster (organiser, quest)",
                dark,
            )
            .await,
        );
        // A refusal: a battle planned with a roster on both sides shows the error note.
        c.goto(&format!("{base}/campaigns/1"))
            .await
            .expect("open the league");
        c.execute(
            "const f = document.querySelector('form[action$=\"/battles\"]'); \
             f.querySelector('select[name=b]').value = f.querySelector('select[name=a]').value;",
            vec![],
        )
        .await
        .expect("pick one roster for both sides");
        tap_and_wait(&c, "form[action$='/battles'] button").await;
        assert!(
            c.find(Locator::Css("[role=alert]")).await.is_ok(),
            "a roster against itself is refused: {}",
            seen(&c).await
        );
        found.extend(check(&c, "plan refused (error note)", dark).await);
        c.close().await.expect("Chromium quits");
        failures.extend(found);
    }
    drop(setup_server);
    drop(driver);
    eprintln!("{pages} pages checked by axe-core");
    assert!(
        failures.is_empty(),
        "{} serious or critical findings:\n{}",
        failures.len(),
        failures.join("\n")
    );
}
