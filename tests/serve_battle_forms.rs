//! The battle page's forms offer only what the rules accept and show what a player needs
//! before tapping (issue #40): a refused plan keeps its picks, the General among HEROes, the
//! army priced as recorded with its total, Retire without the warlord, Favoured warriors with
//! no refused default, the glory the battle earns.

mod common;
mod serve_support;

use common::{HAMMERS, Ptg, RATS};
use serve_support::{form, form_key, page, refused_page, roster_id, send, sign_in, sign_in_with};

/// The HTML of the element from `start` (a tag's text) to the next `end`.
fn between<'a>(html: &'a str, start: &str, end: &str) -> &'a str {
    let at = html.find(start).unwrap_or_else(|| panic!("{start} in {html}"));
    let rest = &html[at..];
    &rest[..rest.find(end).unwrap_or(rest.len())]
}

#[tokio::test]
async fn a_plan_refused_comes_back_with_its_battleplan_and_realm_picked() {
    let p = Ptg::ashen_vale();
    p.ok(&["campaign", "set", common::ASHEN_VALE, "--option", "realms"]);
    p.new_hammers();
    p.new_rats();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let key = form_key(&page(&p, "/campaigns/1", &organiser).await);
    let hammers = roster_id(&p, HAMMERS).to_string();
    let before = p.fingerprint();
    // A roster against itself: refused.
    let fields = [
        ("key", key.as_str()),
        ("a", hammers.as_str()),
        ("b", hammers.as_str()),
        ("points", "1000"),
        ("battleplan", "The Ruined Settlement"),
        ("realm", "Aqshy"),
        ("dice", ""),
    ];
    let sent = send(&p, form("/campaigns/1/battles", Some(&organiser), &fields)).await;
    let back = refused_page(&p, &sent, &organiser).await;
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    let html = &back.body;
    assert!(html.contains(r#"role="alert""#), "{html}");
    assert!(
        html.contains(r#"<option value="The Ruined Settlement" selected"#),
        "the battleplan picked is kept: {html}"
    );
    assert!(
        html.contains(r#"<option value="Aqshy" selected"#),
        "the realm picked is kept: {html}"
    );
}

#[tokio::test]
async fn the_army_form_offers_only_heroes_as_general_and_prices_units_as_recorded() {
    let p = Ptg::small_battle();
    p.add_dawn_guard();
    let hammers = sign_in(&p, HAMMERS).await;
    let html = page(&p, "/battles/1", &hammers).await;
    let army = between(&html, r#"action="/battles/1/army""#, "</form>");
    let general = between(army, r#"name="general""#, "</select>");
    assert!(
        !general.contains("Liberators") && !general.contains("Dawn Guard"),
        "{general}"
    );
    assert!(
        army.contains("Dawn Guard (180 pts, reinforced)"),
        "a reinforced unit at twice its points: {army}"
    );
    assert!(
        army.contains("of the battle's 1000 points"),
        "the army's total: {army}"
    );
}

#[tokio::test]
async fn the_aftermath_form_offers_only_legal_picks_and_shows_the_glory_earned() {
    let p = Ptg::small_battle_at("1500", &[]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=14"),
        "--vp",
        &format!("{RATS}=2"),
    ]);
    let warlord = p.json(&["roster", "show", HAMMERS])["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["warlord"] == true)
        .map(|u| u["id"].to_string())
        .unwrap();
    let hammers = sign_in(&p, HAMMERS).await;
    let html = page(&p, "/battles/1", &hammers).await;
    let after = between(&html, r#"action="/battles/1/aftermath""#, "</form>");
    // Retire never offers the warlord without club option retire-warlord.
    assert!(
        !after.contains(&format!(r#"name="retire" value="{warlord}""#)),
        "{after}"
    );
    // Favoured warriors: only what the rules accept, no "-" they then refuse, the dice at the
    // table offered.
    assert!(!after.contains(r#"<option value="">-</option>"#), "{after}");
    assert!(after.contains(r#"name="favoured" value=""#), "{after}");
    assert!(
        !after.contains(r#"name="favoured" value="""#),
        "no empty pick: {after}"
    );
    assert!(
        !after.contains(&format!(r#"name="favoured" value="{warlord}""#)),
        "never the warlord: {after}"
    );
    assert!(after.contains("The dice at the table"), "{after}");
    // The glory the battle earns, before anything is spent: 1500 points, major victory,
    // general alive.
    assert!(
        after.contains(
            "This battle earns <strong>100 glory</strong> (fought 60, major victory 30, general alive 10)"
        ),
        "{after}"
    );
}
