//! Every kind of page of `ptg serve` on a phone (issue 32), in a real headless Chromium driven
//! through chromedriver (WebDriver): a reader's, a player's signed in through their invite link,
//! and the organiser's, each page at 390×844 and then 360 wide. On every page: nothing wider
//! than the screen, every control at least 44 px tall (a tick box: its label's row) with 16-px
//! text, every field labelled, and a link to the league. Each failure names the page and the
//! element, so it is quick to fix. Without Chromium or chromedriver the suite says so and
//! checks nothing, unless PTG_BROWSER_TEST is set (CI sets it).

mod browser_support;
mod common;

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

/// What a page is checked for, run in the page at its size. Every `details` is opened first so
/// the forms folded in it are checked too. Answers a list of [problem, element's HTML], and the
/// page's figures.
const CHECK_CONTROLS: &str = r#"
const out = [];
const html = el => { const h = el.outerHTML.replace(/\s+/g, ' '); return h.length > 240 ? h.slice(0, 240) + '…' : h; };
document.querySelectorAll('details').forEach(d => d.open = true);
const shown = el => { const r = el.getBoundingClientRect(); const s = getComputedStyle(el);
  return r.width > 0 && r.height > 0 && s.visibility !== 'hidden'; };
let lowest = Infinity, smallest = Infinity, count = 0;
for (const el of document.querySelectorAll('button, input:not([type=hidden]), select, textarea, a.button')) {
  if (!shown(el)) continue;
  count++;
  const tick = el.matches('input[type=checkbox], input[type=radio]');
  const row = tick ? el.closest('label') : el;
  if (!row) { out.push(['a tick box outside any label (its row cannot be tapped)', html(el)]); continue; }
  const h = row.getBoundingClientRect().height;
  const size = parseFloat(getComputedStyle(row).fontSize);
  lowest = Math.min(lowest, h); smallest = Math.min(smallest, size);
  if (h < 43.5) out.push([(tick ? 'its label row is ' : '') + h.toFixed(1) + ' px tall (44 wanted)', html(row)]);
  if (size < 15.95) out.push(['its text is ' + size.toFixed(1) + ' px (16 wanted)', html(row)]);
  if (el.matches('input, select, textarea') && el.labels.length === 0 && !el.getAttribute('aria-label'))
    out.push(['no label', html(el)]);
}
for (const [rel, href] of [['stylesheet', '/style.css'], ['icon', '/favicon.svg'], ['manifest', '/manifest.webmanifest']])
  if (![...document.querySelectorAll('link[rel=' + rel + ']')].some(l => l.getAttribute('href').startsWith(href)))
    out.push(['no <link rel=' + rel + '> to ' + href, '']);
if (![...document.styleSheets].some(s => s.cssRules.length > 20)) out.push(['the stylesheet did not load', '']);
return { problems: out, controls: count, lowest: count ? lowest : 0, smallest: count ? smallest : 0 };
"#;

/// How wide the page is at the window's width, and the deepest elements that stick out past
/// it (outside any box of their own that scrolls or clips).
const CHECK_WIDTH: &str = r#"
const w = document.documentElement.clientWidth;
const html = el => { const h = el.outerHTML.replace(/\s+/g, ' '); return h.length > 240 ? h.slice(0, 240) + '…' : h; };
const past = el => el.getBoundingClientRect().right > w + 0.5;
const boxed = el => { for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
  if (getComputedStyle(a).overflowX !== 'visible') return true; return false; };
const out = [];
for (const el of document.body.querySelectorAll('*'))
  if (past(el) && !boxed(el) && ![...el.children].some(past)) out.push(html(el));
return { width: document.documentElement.scrollWidth, viewport: w, wide: out.slice(0, 5) };
"#;

/// The words of the command line a page shows: `ptg COMMAND` and `--flag`s. Pages are for
/// players, who do not type commands.
fn cli_words(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let mut found = Vec::new();
    for (i, w) in words.iter().enumerate() {
        let bare = w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-');
        if bare == "ptg"
            && let Some(next) = words.get(i + 1)
            && next.starts_with(|c: char| c.is_ascii_lowercase())
        {
            found.push(format!(
                "ptg {}",
                next.trim_end_matches(|c: char| !c.is_alphanumeric())
            ));
        }
        let flag = w.trim_start_matches(|c: char| !c.is_alphanumeric() && c != '-');
        if let Some(name) = flag.strip_prefix("--")
            && name.starts_with(|c: char| c.is_ascii_lowercase())
        {
            let name: String = name
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-')
                .collect();
            found.push(format!("--{name}"));
        }
    }
    found
}

/// One page's checks: its figures for the report, and its failures.
struct Checked {
    figures: String,
    failures: Vec<String>,
}

/// Checks the page the browser shows (called `what`): at 390×844 its controls, labels and
/// links, then its width at 390 and at 360. `league`: the league page it must link to (`/`
/// for a page in no campaign, `None` for the campaigns themselves); `signed_in`: whether the
/// bar on top must say who is.
async fn check_page(c: &Client, what: &str, league: Option<&str>, signed_in: bool) -> Checked {
    let url = c.current_url().await.expect("the page's address").to_string();
    let mut failures = Vec::new();
    let controls = c
        .execute(CHECK_CONTROLS, vec![])
        .await
        .expect("the control check runs");
    for p in controls["problems"].as_array().into_iter().flatten() {
        failures.push(format!("{what} ({url}): {}: {}", text(&p[0]), text(&p[1])));
    }
    if let Some(href) = league {
        let script =
            "return [...document.querySelectorAll('a')].some(a => a.getAttribute('href') === arguments[0]);";
        let linked = c
            .execute(script, vec![serde_json::json!(href)])
            .await
            .expect("the link check runs");
        if linked != true {
            failures.push(format!("{what} ({url}): no link to the league ({href})"));
        }
    }
    let nav = c
        .execute(
            "const n = document.querySelector('nav'); return n ? n.innerText : '';",
            vec![],
        )
        .await
        .expect("the bar on top");
    if signed_in && !text(&nav).contains("Signed in") {
        failures.push(format!(
            "{what} ({url}): the bar on top does not say who is signed in: {nav}"
        ));
    }
    let page_text = c
        .execute("return document.body.innerText;", vec![])
        .await
        .expect("the page's text");
    // No page speaks the command line's words (`server/words.rs` rewords them).
    for w in cli_words(&text(&page_text)) {
        failures.push(format!("{what} ({url}): says the command line's {w:?}"));
    }
    let mut widths = Vec::new();
    for w in [390, 360] {
        viewport(c, w, 844).await;
        let seen = c
            .execute(CHECK_WIDTH, vec![])
            .await
            .expect("the width check runs");
        let width = seen["width"].as_u64().unwrap_or(0);
        widths.push(width);
        if width > u64::from(w) {
            failures.push(format!(
                "{what} ({url}): {width} px wide at {w} (viewport {}); sticking out: {}",
                seen["viewport"],
                seen["wide"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(text)
                    .collect::<Vec<_>>()
                    .join(" | ")
            ));
        }
    }
    viewport(c, 390, 844).await;
    if let Some(dir) = std::env::var_os("PTG_PHONE_SHOTS") {
        let name: String = what
            .chars()
            .map(|ch| if ch.is_ascii_alphanumeric() { ch } else { '-' })
            .collect();
        shoot_whole(c, std::path::Path::new(&dir), &name).await;
    }
    let figures = format!(
        "{what:<28} {:>4} {:>4} {:>8} {:>10.1} {:>8.1}",
        widths[0],
        widths[1],
        controls["controls"].as_u64().unwrap_or(0),
        controls["lowest"].as_f64().unwrap_or(0.0),
        controls["smallest"].as_f64().unwrap_or(0.0),
    );
    Checked { figures, failures }
}

/// The whole page as a 390-px phone lays it out, as `dir/NAME.png` (with PTG_PHONE_SHOTS=DIR,
/// to look at every page): one picture as tall as the page (at most 6000 px).
async fn shoot_whole(c: &Client, dir: &std::path::Path, name: &str) {
    let tall = c
        .execute("return document.documentElement.scrollHeight;", vec![])
        .await
        .expect("the page's height");
    let tall = tall.as_u64().unwrap_or(844).clamp(844, 6000);
    viewport(c, 390, u32::try_from(tall).unwrap_or(844)).await;
    let png = c.screenshot().await.expect("a screenshot");
    std::fs::write(dir.join(format!("{name}.png")), png).expect("write the screenshot");
    viewport(c, 390, 844).await;
}

fn text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        v => v.to_string(),
    }
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
/// `cargo test --test browser_phone -- --ignored screenshots`.
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
