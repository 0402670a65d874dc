//! A real headless browser (Debian's Chromium) opens pages of `ptg serve` and reads what a
//! person would see (issue #20): the league table in its order, a roster's Order of Battle,
//! and that the organiser's invite link asks before it signs the browser in, on a phone-sized
//! window. Without Chromium the test says so and checks nothing, unless
//! PTG_BROWSER_TEST is set (CI sets it, and installs Chromium).

use crate::browser_support;
use crate::common;

use browser_support::{CHROMIUM, CHROMIUM_FLAGS, browser_here, serve};
use common::HAMMERS;
use common::league::{LEAGUE, LEAGUE_FIXTURE};
use std::path::Path;
use std::process::Command;

/// The page at `url` as Chromium has it after loading, in a phone-sized window.
fn seen(url: &str, profile: &Path) -> String {
    let out = Command::new(CHROMIUM)
        .args(CHROMIUM_FLAGS)
        .arg("--window-size=390,844")
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(["--dump-dom", url])
        .output()
        .expect("chromium runs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).to_string()
}

/// The text of the page, tags left out, spaces squeezed.
fn visible_text(dom: &str) -> String {
    let mut text = String::new();
    let mut in_tag = false;
    let mut in_style = false;
    for (i, c) in dom.char_indices() {
        match c {
            '<' => {
                in_tag = true;
                in_style = dom[i..].starts_with("<style") || (in_style && !dom[i..].starts_with("</style"));
            }
            '>' => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag && !in_style => text.push(c),
            _ => {}
        }
    }
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[test]
fn a_browser_shows_the_league_table_and_a_roster() {
    if !browser_here("a_browser_shows_the_league_table_and_a_roster", &[CHROMIUM]) {
        return;
    }
    let p = LEAGUE_FIXTURE.copy();
    let hammers = p.json(&["roster", "show", HAMMERS])["id"].as_i64().unwrap();
    let server = serve(&p);
    let profile = tempfile::tempdir().unwrap();
    let league = visible_text(&seen(&format!("{}/campaigns/1", server.url), profile.path()));
    assert!(league.contains(&format!("{LEAGUE} League table")), "{league}");
    // The table in the league's order, as `campaign show` sorts it.
    let order: Vec<usize> = ["Hammers of Dawn", "Moonclan Mob", "Rat Tide", "Silken Host"]
        .iter()
        .map(|r| {
            league
                .find(&format!("{r} Ana"))
                .unwrap_or_else(|| panic!("{r} in {league}"))
        })
        .collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "{league}");
    assert!(
        league.contains("Battle 6 : Rat Tide 10 v Silken Host 4 (fought)"),
        "{league}"
    );
    let roster = visible_text(&seen(
        &format!("{}/rosters/{hammers}", server.url),
        profile.path(),
    ));
    assert!(
        roster.contains("Hammers of Dawn Ana — Stormcast Eternals"),
        "{roster}"
    );
    assert!(
        roster.contains("Order of Battle") && roster.contains("Lord-Vigilant on Gryph-stalker (warlord)"),
        "{roster}"
    );
    assert!(roster.contains("Glory: 135"), "{roster}");

    // The organiser's invite link shows whose it is and a button: opening it signs nothing in
    // (another site could open it), so the league page then is still a reader's. The signed-in
    // pages behind the button are driven in tests/serve/organise.rs: `--dump-dom` presses no
    // button.
    let token = p.json(&["invite", LEAGUE, "--organiser"])["token"]
        .as_str()
        .unwrap()
        .to_string();
    let landed = visible_text(&seen(&format!("{}/invite/{token}", server.url), profile.path()));
    assert!(
        landed.contains("Sign in as an organiser") && landed.contains(LEAGUE),
        "{landed}"
    );
    let league = visible_text(&seen(&format!("{}/campaigns/1", server.url), profile.path()));
    assert!(
        !league.contains("Organise the campaign") && !league.contains("Plan a battle"),
        "{league}"
    );
}
