//! `ptg serve`, the roster page offers only what the rules accept and says what a player needs
//! before tapping (issue #40): the Paths a unit may walk, by name; no prayer lore without a
//! PRIEST; enhancements the rules give; a refusal shown open beside its form, with the pick
//! kept; done notes that name what was done and the new figure; favour and the realms' rules.

use crate::common;
use crate::serve_support;

use common::league::{LEAGUE, LEAGUE_FIXTURE, SILKEN};
use common::{HAMMERS, Ptg, RATS};
use serve_support::{follow, form, form_key, opened, page, refused_page, roster_id, send, sign_in};

/// The part of `html` from `from` to the next `until`.
fn between<'a>(html: &'a str, from: &str, until: &str) -> &'a str {
    let at = html.find(from).unwrap_or_else(|| panic!("{from} in {html}"));
    let end = html[at..].find(until).map_or(html.len(), |e| at + e);
    &html[at..end]
}

#[tokio::test]
async fn the_path_picker_offers_only_the_paths_the_unit_may_walk_by_name() {
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, HAMMERS).await;
    let html = page(&p, &format!("/rosters/{}", roster_id(&p, HAMMERS)), &cookie).await;
    // The "What's next" lines send the player to a heading that exists.
    let ranks = between(
        &html,
        r#"<section id="ranks"><h2>Ranks reached</h2>"#,
        "</section>",
    );
    // The Liberators (not a HERO) reached a rank with no Path yet: the two Paths for units
    // that are not HEROes, named in words.
    for path in ["Path of the Attacker", "Path of the Defender"] {
        assert!(ranks.contains(path), "{path} offered: {ranks}");
    }
    for path in ["Warrior", "Leader", "Mage", "Devout"] {
        assert!(!ranks.contains(path), "{path} is not the Liberators': {ranks}");
    }
    // A Path sent all the same is refused, naming those it may walk in words, not ids.
    let liberators = p.json(&["roster", "show", HAMMERS])["units"][1]["id"].to_string();
    let before = p.fingerprint();
    let sent = send(
        &p,
        form(
            &format!("/rosters/{}/rank", roster_id(&p, HAMMERS)),
            Some(&cookie),
            &[
                ("key", &form_key(&html)),
                ("unit", &liberators),
                ("path", "mage"),
                ("ability", "Hardened Resolve"),
            ],
        ),
    )
    .await;
    let back = refused_page(&p, &sent, &cookie).await;
    assert!(
        back.body
            .contains("pick one of: Path of the Attacker, Path of the Defender"),
        "{}",
        back.body
    );
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn a_roster_with_no_priest_is_offered_no_prayer_and_no_refused_enhancement() {
    let p = LEAGUE_FIXTURE.copy();
    let rats = p.json(&["roster", "show", RATS]);
    let skaven = p.json(&["faction", "show", "Skaven"]);
    assert!(
        skaven["lores"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["kind"] == "prayer"),
        "Skaven have prayers to offer"
    );
    let units = rats["units"].as_array().unwrap();
    let has = |u: &serde_json::Value, k: &str| {
        u["keywords"]
            .as_array()
            .is_some_and(|all| all.iter().any(|x| x.as_str().is_some_and(|x| x.starts_with(k))))
    };
    assert!(
        !units.iter().any(|u| has(u, "PRIEST")),
        "the Rat Tide has no PRIEST"
    );
    let cookie = sign_in(&p, RATS).await;
    let html = page(&p, &format!("/rosters/{}", roster_id(&p, RATS)), &cookie).await;
    let tome = between(&html, r#"<form id="tome""#, "</form>");
    assert!(tome.contains(r#"value="spell:"#), "a WIZARD's spells: {tome}");
    assert!(
        !tome.contains(r#"value="prayer:"#),
        "no PRIEST, no prayer: {tome}"
    );
    // Enhancements: only to the roster's HEROes that are not UNIQUE, picked by unit.
    let enhance = between(&html, r#"<form id="enhance""#, "</form>");
    for u in units {
        let offered = enhance.contains(&format!(r#"value="{}:"#, u["id"]));
        if offered {
            assert!(has(u, "HERO") && !has(u, "UNIQUE"), "{u} offered: {enhance}");
        }
        if !has(u, "HERO") {
            assert!(!offered, "{u} is not a HERO: {enhance}");
        }
    }
}

#[tokio::test]
async fn a_refused_enhancement_comes_back_open_with_the_pick_kept_and_the_reason_marked() {
    let p = LEAGUE_FIXTURE.copy();
    let rats = roster_id(&p, RATS);
    let cookie = sign_in(&p, RATS).await;
    let html = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    // One the rules give only when earned (set-up is over): sent without saying how.
    let earned = between(&html, r#"<form id="enhance""#, "</form>")
        .split("<option ")
        .find(|o| o.contains("earned: say how"))
        .and_then(|o| o.split('"').nth(1))
        .expect("an enhancement to earn")
        .to_string();
    let key = form_key(&html);
    let before = p.fingerprint();
    let sent = send(
        &p,
        form(
            &format!("/rosters/{rats}/enhancements"),
            Some(&cookie),
            &[("key", &key), ("pick", &earned), ("reason", "")],
        ),
    )
    .await;
    let back = refused_page(&p, &sent, &cookie).await;
    assert_eq!(p.fingerprint(), before);
    let form = opened(&back.body, "Enhancements");
    assert!(
        form.contains(r#"role="alert""#) && form.contains("must be earned"),
        "{form}"
    );
    let picked = format!(r#"value="{}" selected"#, earned.replace('"', "&quot;"));
    assert!(form.contains(&picked), "the pick is kept: {form}");
    assert!(
        between(form, r#"name="reason""#, ">").contains(r#"aria-invalid="true""#),
        "the reason is marked: {form}"
    );
}

#[tokio::test]
async fn done_notes_name_what_was_done_and_the_new_figure() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let hammers = roster_id(&p, HAMMERS);
    let cookie = sign_in(&p, HAMMERS).await;
    let key = form_key(&page(&p, &format!("/rosters/{hammers}"), &cookie).await);
    let sent = |what: &str, fields: &[(&str, &str)]| {
        form(&format!("/rosters/{hammers}/{what}"), Some(&cookie), fields)
    };
    let added = send(&p, sent("units", &[("key", &key), ("warscroll", "Liberators")])).await;
    let landed = follow(&p, &added, &cookie).await;
    let points = p.json(&["roster", "show", HAMMERS])["points"].clone();
    assert!(
        landed.body.contains(&format!("Order of Battle {points} points"))
            && landed.body.contains("Liberators"),
        "{}",
        landed.body
    );
    let renamed = send(&p, sent("rename", &[("key", &key), ("name", "Dawnbringers")])).await;
    let landed = follow(&p, &renamed, &cookie).await;
    assert!(landed.body.contains("Renamed Dawnbringers"), "{}", landed.body);
    let undone = send(&p, sent("undo", &[("key", &key)])).await;
    let landed = follow(&p, &undone, &cookie).await;
    assert!(
        landed.body.contains("Undone: #") && landed.body.contains("renamed Dawnbringers"),
        "{}",
        landed.body
    );
}

#[tokio::test]
async fn the_roster_page_shows_favour_where_kept_and_each_realm_s_rules_in_short() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["campaign", "set", LEAGUE, "--option", "realms,favour"]);
    // The Silken Host's god keeps favour.
    let cookie = sign_in(&p, SILKEN).await;
    let html = page(&p, &format!("/rosters/{}", roster_id(&p, SILKEN)), &cookie).await;
    assert!(html.contains("Favour: <strong>"), "{html}");
    let realm = between(&html, r#"<form id="realm""#, "</form>");
    // Aqshy's rules in short, as data/realms/aqshy.toml words them.
    assert!(realm.contains("The Realm of Fire: volcanic plains"), "{realm}");
    assert!(realm.contains(r#"<option value="Aqshy""#), "{realm}");
}

#[tokio::test]
async fn a_rank_pick_says_which_ability_and_which_unit() {
    let p = LEAGUE_FIXTURE.copy();
    let hammers = roster_id(&p, HAMMERS);
    let cookie = sign_in(&p, HAMMERS).await;
    let key = form_key(&page(&p, &format!("/rosters/{hammers}"), &cookie).await);
    // The Liberators reached their first rank: the Path of the Defender and its ability.
    let liberators = p.json(&["roster", "show", HAMMERS])["units"][1]["id"].to_string();
    let fields = [
        ("key", key.as_str()),
        ("unit", liberators.as_str()),
        ("path", "defender"),
        ("ability", "Hardened Resolve"),
    ];
    let sent = send(
        &p,
        form(&format!("/rosters/{hammers}/rank"), Some(&cookie), &fields),
    )
    .await;
    let landed = follow(&p, &sent, &cookie).await;
    let note = between(&landed.body, "Ability chosen", "</");
    assert!(
        note.contains("Liberators") && note.contains("Hardened Resolve"),
        "the ability by name, and the unit: {note}"
    );
}
