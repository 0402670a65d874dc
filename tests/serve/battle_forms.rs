//! The battle page's forms offer only what the rules accept and show what a player needs
//! before tapping (issue #40): a refused plan keeps its picks, the General among HEROes, the
//! army priced as recorded with its total, Retire without the warlord, Favoured warriors with
//! no refused default, the glory the battle earns.

use crate::common;
use crate::serve_support;

use common::wastes::{CULT, SILKEN, WASTES};
use common::{HAMMERS, Ptg, RATS};
use serve_support::{
    follow, form, form_key, page, refused_page, roster_id, send, sign_in, sign_in_token, sign_in_with,
};

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

/// The Blasted Wastes playing realms and triumphs: battle 1 on Mount Hedon won 14 to 4 by the
/// Silken Host (a major victory), and battle 2 planned, no army recorded yet.
fn won_on_mount_hedon() -> Ptg {
    let p = Ptg::the_wastes("realms,triumphs");
    let new_battle = |realm: &str| {
        p.ok(&[
            "battle",
            "new",
            "--campaign",
            WASTES,
            "--points",
            "1000",
            SILKEN,
            CULT,
            "--battleplan",
            "The Ruined Settlement",
            "--realm",
            realm,
        ])
    };
    new_battle("Mount Hedon");
    p.ok(&["battle", "army", "1", SILKEN, "Lord of Pain"]);
    p.ok(&["battle", "army", "1", CULT, "Magister", "--dice", "6,1"]);
    let (won, lost) = (format!("{SILKEN}=14"), format!("{CULT}=4"));
    p.ok(&["battle", "result", "1", "--vp", &won, "--vp", &lost]);
    new_battle("Ghur");
    p
}

#[tokio::test]
async fn after_a_victory_on_mount_hedon_the_army_form_offers_its_table_and_the_page_says_what_the_triumph_does()
 {
    let p = won_on_mount_hedon();
    let player = |roster: &str| {
        let token = p.json(&["invite", WASTES, "--roster", roster])["token"]
            .as_str()
            .map(str::to_string);
        token.expect("an invite's token")
    };
    let silken = sign_in_token(&p, &player(SILKEN)).await;
    let html = page(&p, "/battles/2", &silken).await;
    let army = between(&html, r#"action="/battles/2/army""#, "</form>");
    // Both tables, the campaign's picked, each saying what it is.
    assert!(
        army.contains(r#"name="triumph_table" value="1e" checked"#),
        "{army}"
    );
    assert!(
        army.contains(r#"name="triumph_table" value="mount-hedon""#),
        "{army}"
    );
    assert!(
        army.contains("Mount Hedon's own table, for the major victory won on Mount Hedon in battle 1"),
        "{army}"
    );
    assert!(army.contains("Blessed, Inspired or Empowered"), "{army}");
    // The losing side has no triumph due: no table to pick.
    let cult = sign_in_token(&p, &player(CULT)).await;
    let theirs = page(&p, "/battles/2", &cult).await;
    let theirs = between(&theirs, r#"action="/battles/2/army""#, "</form>");
    assert!(!theirs.contains("triumph_table"), "{theirs}");

    // Mount Hedon's table picked, a 3 rolled: The Blissful Host, and what it does.
    let key = form_key(&html);
    let lord = p.json(&["roster", "show", SILKEN])["units"][0]["id"].to_string();
    let fields = [
        ("key", key.as_str()),
        ("roster_id", &roster_id(&p, SILKEN).to_string()),
        ("unit", lord.as_str()),
        ("general", ""),
        ("triumph_table", "mount-hedon"),
        ("dice", "3"),
    ];
    let sent = send(&p, form("/battles/2/army", Some(&silken), &fields)).await;
    let landed = follow(&p, &sent, &silken).await;
    assert!(
        landed.body.contains(
            "triumph rolled: <strong>The Blissful Host</strong> (Mount Hedon Triumphs): Once, at the start of your hero phase, summon 3D6 Daemonettes near a HERO."
        ),
        "{}",
        landed.body
    );
    // Rolled: no table to pick any more.
    let army = between(&landed.body, r#"action="/battles/2/army""#, "</form>");
    assert!(!army.contains("triumph_table"), "{army}");
}

#[tokio::test]
async fn with_a_warmaster_in_the_army_recorded_only_warmasters_are_offered_as_general() {
    const CELESTANT: &str = "Celestant-Prime, Hammer of Sigmar";
    let p = Ptg::small_battle();
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
    p.ok(&["roster", "add", HAMMERS, CELESTANT]);
    // The WARMASTER taken without the warlord: it is the general, and no other HERO may be.
    p.ok(&[
        "battle",
        "army",
        "1",
        HAMMERS,
        CELESTANT,
        "Knight-Arcanum",
        "Liberators",
    ]);
    let html = page(&p, "/battles/1", &sign_in(&p, HAMMERS).await).await;
    let army = between(&html, r#"action="/battles/1/army""#, "</form>");
    let general = between(army, r#"name="general""#, "</select>");
    assert!(general.contains(CELESTANT), "{general}");
    for not_accepted in ["Knight-Arcanum", "Lord-Vigilant"] {
        assert!(!general.contains(not_accepted), "{not_accepted}: {general}");
    }
}

/// Scripts pick the triumph table as the army form does: `triumph_table` in the API's body.
#[tokio::test]
async fn the_api_records_an_army_with_mount_hedons_triumph_table() {
    let p = won_on_mount_hedon();
    let token = p.json(&["invite", WASTES, "--roster", SILKEN])["token"]
        .as_str()
        .map(str::to_string)
        .expect("an invite's token");
    let lord = p.json(&["roster", "show", SILKEN])["units"][0]["id"].to_string();
    let uri = format!("/api/battles/2/army/{}", roster_id(&p, SILKEN));
    let body = serde_json::json!({"units": [lord], "triumph_table": "mount-hedon", "dice": [3]});
    let answer = send(&p, serve_support::api_post(&uri, Some(&token), body)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let side = &p.json(&["battle", "show", "2"])["sides"][0];
    assert_eq!(side["triumph"]["triumph"], "The Blissful Host", "{side}");
}
