//! A battle's actions on its page and in the API (issue #20): the result with whose general was
//! slain, the units destroyed and those that slew a HERO or MONSTER ticked by name; a round's
//! twist; the realm (option `realms`); the outnumbered side's sudden death objective and the
//! results it decides (option `sudden-death`). Each equals the CLI's on a twin database, glory
//! included; a player outside the battle, a player recording the result or no session at all
//! is refused, and so is what the rules refuse, in the CLI's words, the database unchanged.

use crate::common;
use crate::serve_support;

use axum::http::StatusCode;
use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS};
use serde_json::{Value, json};
use serve_support::{
    api_post, form, form_key, invite, page, refused_page, roster_id, send, sign_in, sign_in_with,
};

/// Battle 1 planned in Ashen Vale (no options) with both armies in (`Ptg::small_battle`):
/// Hammers of Dawn (Lord-Vigilant on Gryph-stalker, its general; Liberators) first, Rat Tide
/// (Grey Seer, its general; Clanrats) second; and Outsiders, a roster of the campaign that is
/// not in the battle.
static PLANNED: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle();
    p.ok(&common::roster_new(
        "Outsiders",
        ASHEN_VALE,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    p
});

/// As `Ptg::small_battle` in an Ashen Vale playing options `realms` and `sudden-death`: the
/// realm is still to be named, and the Hammers' 6 models are outnumbered by the Rat Tide's 21.
static OPTIONS: Fixture = Fixture::new(|| Ptg::small_battle_with(&["--option", "realms,sudden-death"]));

fn unit_id(p: &Ptg, roster: &str, warscroll: &str) -> String {
    let r = p.json(&["roster", "show", roster]);
    common::named(&r["units"], "warscroll", warscroll)["id"].to_string()
}

fn side<'a>(b: &'a Value, roster: &str) -> &'a Value {
    common::named(&b["sides"], "roster", roster)
}

fn vp(roster: &str, n: u32) -> String {
    format!("{roster}={n}")
}

#[tokio::test]
async fn a_result_with_the_general_slain_through_the_form_equals_the_cli_s_glory_included() {
    let cli = PLANNED.copy();
    cli.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &vp(HAMMERS, 14),
        "--vp",
        &vp(RATS, 8),
        "--general-slain",
        RATS,
        "--destroyed",
        "Clanrats",
        "--slew-hero-or-monster",
        "Liberators",
    ]);
    let p = PLANNED.copy();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let battle = page(&p, "/battles/1", &organiser).await;
    let (clanrats, liberators) = (unit_id(&p, RATS, "Clanrats"), unit_id(&p, HAMMERS, "Liberators"));
    // Each army's units are ticked by name, not typed as ids.
    for field in [
        r#"name="general_slain_b""#.to_string(),
        format!(r#"name="destroyed" value="{clanrats}""#),
        format!(r#"name="slew" value="{liberators}""#),
        r#"name="withdrew""#.to_string(),
        r#"name="quest_a""#.to_string(),
    ] {
        assert!(battle.contains(&field), "{field} in {battle}");
    }
    assert!(
        !battle.contains("models lost"),
        "no sudden-death fields without the option"
    );
    let key = form_key(&battle);
    let fields = [
        ("key", key.as_str()),
        ("vp_a", "14"),
        ("vp_b", "8"),
        ("general_slain_b", "yes"),
        ("destroyed", &clanrats),
        ("slew", &liberators),
    ];
    // A player may not record the result, even with their own session's key; nor may no one.
    let rats = sign_in(&p, RATS).await;
    let rats_key = form_key(&page(&p, "/battles/1", &rats).await);
    let before = p.fingerprint();
    let mut by_player = fields;
    by_player[0] = ("key", &rats_key);
    let refused = send(&p, form("/battles/1/result", Some(&rats), &by_player)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let anonymous = send(&p, form("/battles/1/result", None, &fields)).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    // Withdrawing needs half the army destroyed: the CLI's words, on the page.
    let withdrew = [
        ("key", key.as_str()),
        ("vp_a", "14"),
        ("vp_b", "8"),
        ("withdrew", "b"),
    ];
    let early = send(&p, form("/battles/1/result", Some(&organiser), &withdrew)).await;
    let early = refused_page(&p, &early, &organiser).await;
    assert!(
        early
            .body
            .contains("Rat Tide may withdraw only once at least half of its starting army is destroyed"),
        "{}",
        early.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");

    let sent = send(&p, form("/battles/1/result", Some(&organiser), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, RATS)["general_slain"], true);
    assert_eq!(
        side(&b, RATS)["army"][0]["destroyed"],
        true,
        "a one-model general slain is a destroyed unit"
    );
    assert_eq!(side(&b, HAMMERS)["army"][1]["slew_hero_or_monster"], true);
    // The aftermaths on both databases: the Rat Tide's slain general earns it no glory for a
    // general alive; the Hammers' 5 does.
    for db in [&cli, &p] {
        db.ok(&["aftermath", "1", RATS, "--favoured", "Clanrats", "--dice", "1"]);
        db.ok(&[
            "aftermath",
            "1",
            HAMMERS,
            "--favoured",
            "Liberators",
            "--dice",
            "1,1,1",
        ]);
    }
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let glory = |r: &str| p.json(&["roster", "show", r])["glory"].as_u64();
    assert_eq!(glory(RATS), Some(30), "fought 30, no general alive");
    assert_eq!(
        glory(HAMMERS),
        Some(55),
        "fought 30, major victory 20, general alive 5"
    );
}

#[tokio::test]
async fn a_twist_through_the_form_equals_the_cli_s_and_only_the_battle_s_people_roll_it() {
    let cli = PLANNED.copy();
    let twist = [
        "battle",
        "twist",
        "1",
        "--round",
        "2",
        "--underdog",
        RATS,
        "--dice",
        "2",
    ];
    cli.ok(&twist);
    let p = PLANNED.copy();
    let hammers = sign_in(&p, HAMMERS).await;
    let battle = page(&p, "/battles/1", &hammers).await;
    assert!(battle.contains("Roll the twist"), "{battle}");
    let key = form_key(&battle);
    let rats = roster_id(&p, RATS).to_string();
    let fields = [
        ("key", key.as_str()),
        ("round", "2"),
        ("underdog", &rats),
        ("dice", "2"),
    ];
    // Outsiders' player is of the campaign, not of the battle: no form, and refused anyway.
    let outsider = sign_in(&p, "Outsiders").await;
    let token = invite(&p, &["--roster", "Outsiders"]);
    let before = p.fingerprint();
    assert!(!page(&p, "/battles/1", &outsider).await.contains("Roll the twist"));
    let outsiders = roster_id(&p, "Outsiders");
    let outsider_key = form_key(&page(&p, &format!("/rosters/{outsiders}"), &outsider).await);
    let mut theirs = fields;
    theirs[0] = ("key", &outsider_key);
    let refused = send(&p, form("/battles/1/twist", Some(&outsider), &theirs)).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.body);
    let body = json!({ "round": 2, "underdog": roster_id(&p, RATS), "dice": [2] });
    let api = send(&p, api_post("/api/battles/1/twist", Some(&token), body.clone())).await;
    assert_eq!(api.status, StatusCode::FORBIDDEN, "{}", api.body);
    let anonymous = send(&p, form("/battles/1/twist", None, &fields)).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let anonymous = send(&p, api_post("/api/battles/1/twist", None, body.clone())).await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    // A round the battle does not have: the CLI's refusal, on the page.
    let message = "a battle has rounds 1 to 5, so there is no round 9";
    cli.refused(&["battle", "twist", "1", "--round", "9", "--dice", "2"], message);
    let mut round_9 = fields;
    round_9[1] = ("round", "9");
    let refused = send(&p, form("/battles/1/twist", Some(&hammers), &round_9)).await;
    let refused = refused_page(&p, &refused, &hammers).await;
    assert!(refused.body.contains(message), "{}", refused.body);
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");

    let sent = send(&p, form("/battles/1/twist", Some(&hammers), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let rolled = cli.json(&["battle", "show", "1"])["twists"][0]["twist"].clone();
    let battle = page(&p, "/battles/1", &hammers).await;
    assert!(
        battle.contains(&format!(
            "Round 2: <strong>{}</strong> (Rat Tide): ",
            rolled.as_str().unwrap()
        )),
        "{battle}"
    );
}

#[tokio::test]
async fn the_realm_named_through_the_form_or_the_api_equals_the_cli_s() {
    let cli = OPTIONS.copy();
    cli.ok(&["battle", "realm", "1", "Aqshy"]);
    // A player of the battle names it on the page.
    let p = OPTIONS.copy();
    let hammers = sign_in(&p, HAMMERS).await;
    let battle = page(&p, "/battles/1", &hammers).await;
    assert!(
        battle.contains("its realm still to be named") && battle.contains(r#"<option value="Aqshy""#),
        "{battle}"
    );
    let key = form_key(&battle);
    let sent = send(
        &p,
        form(
            "/battles/1/realm",
            Some(&hammers),
            &[("key", &key), ("realm", "Aqshy")],
        ),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let battle = page(&p, "/battles/1", &hammers).await;
    assert!(
        battle.contains("fought in Aqshy") && !battle.contains("Fight it in this realm"),
        "{battle}"
    );
    // The organiser through the API; once named, it is refused as the CLI refuses it.
    let api = OPTIONS.copy();
    let token = invite(&api, &["--organiser"]);
    let named = send(
        &api,
        api_post("/api/battles/1/realm", Some(&token), json!({ "realm": "Aqshy" })),
    )
    .await;
    assert_eq!(named.status, StatusCode::OK, "{}", named.body);
    assert_eq!(named.json()["realm"], "Aqshy");
    api.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let before = api.fingerprint();
    let again = send(
        &api,
        api_post("/api/battles/1/realm", Some(&token), json!({ "realm": "Ghur" })),
    )
    .await;
    assert_eq!(again.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        again.json()["error"]
            .as_str()
            .unwrap()
            .contains("battle 1's realm is already picked (Aqshy)")
    );
    assert_eq!(api.fingerprint(), before);
    // Issue #38: the page says where as players do, "on the Crystalline Shores".
    let shores = OPTIONS.copy();
    let token = invite(&shores, &["--organiser"]);
    let named = send(
        &shores,
        api_post(
            "/api/battles/1/realm",
            Some(&token),
            json!({ "realm": "Crystalline Shores" }),
        ),
    )
    .await;
    assert_eq!(named.status, StatusCode::OK, "{}", named.body);
    assert_eq!(named.json()["realm_phrase"], "on the Crystalline Shores");
    let hammers = sign_in(&shores, HAMMERS).await;
    let battle = page(&shores, "/battles/1", &hammers).await;
    assert!(battle.contains("fought on the Crystalline Shores"), "{battle}");

    // A campaign that does not play realms: no form, and the CLI's refusal.
    let plain = PLANNED.copy();
    let hammers = sign_in(&plain, HAMMERS).await;
    let battle = page(&plain, "/battles/1", &hammers).await;
    assert!(!battle.contains("Fight it in this realm"), "{battle}");
    let message = "the campaign 'Ashen Vale' does not play realms";
    plain.refused(&["battle", "realm", "1", "Aqshy"], message);
    let before = plain.fingerprint();
    let key = form_key(&battle);
    let refused = send(
        &plain,
        form(
            "/battles/1/realm",
            Some(&hammers),
            &[("key", &key), ("realm", "Aqshy")],
        ),
    )
    .await;
    let refused = refused_page(&plain, &refused, &hammers).await;
    assert!(refused.body.contains(message), "{}", refused.body);
    assert_eq!(plain.fingerprint(), before);
}

#[tokio::test]
async fn the_outnumbered_side_s_objective_and_its_victory_through_the_pages_equal_the_cli_s() {
    let cli = OPTIONS.copy();
    cli.ok(&[
        "battle",
        "sudden-death",
        "1",
        HAMMERS,
        "Assassinate",
        "--target",
        "Grey Seer",
    ]);
    let p = OPTIONS.copy();
    let hammers = sign_in(&p, HAMMERS).await;
    let rats = sign_in(&p, RATS).await;
    let battle = page(&p, "/battles/1", &hammers).await;
    assert!(
        battle.contains("Pick the objective")
            && battle.contains("Seize Ground")
            && battle.contains("Hammers of Dawn is outnumbered"),
        "{battle}"
    );
    // The Rat Tide outnumbers: its player sees no form, and may not pick for the Hammers.
    let rats_page = page(&p, "/battles/1", &rats).await;
    assert!(!rats_page.contains("Pick the objective"), "{rats_page}");
    let rats_key = form_key(&rats_page);
    let seer = unit_id(&p, RATS, "Grey Seer");
    let (hammers_id, rats_id) = (
        roster_id(&p, HAMMERS).to_string(),
        roster_id(&p, RATS).to_string(),
    );
    let before = p.fingerprint();
    let pick = |cookie: &str, key: &str, roster: &str| {
        let fields = [
            ("key", key),
            ("roster_id", roster),
            ("objective", "Assassinate"),
            ("target", &seer),
            ("terrain", ""),
        ];
        form("/battles/1/sudden-death", Some(cookie), &fields)
    };
    let for_them = send(&p, pick(&rats, &rats_key, &hammers_id)).await;
    assert_eq!(for_them.status, StatusCode::FORBIDDEN, "{}", for_them.body);
    let not_outnumbered = send(&p, pick(&rats, &rats_key, &rats_id)).await;
    let not_outnumbered = refused_page(&p, &not_outnumbered, &rats).await;
    assert!(
        not_outnumbered
            .body
            .contains("Rat Tide has 21 models and Hammers of Dawn 6"),
        "{}",
        not_outnumbered.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");
    let key = form_key(&battle);
    let sent = send(&p, pick(&hammers, &key, &hammers_id)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");

    // Achieved: a major victory for the Hammers though behind on victory points.
    cli.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &vp(HAMMERS, 2),
        "--vp",
        &vp(RATS, 15),
        "--sudden-death",
        "achieved",
    ]);
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let battle = page(&p, "/battles/1", &organiser).await;
    assert!(
        battle.contains("sudden death objective achieved (Hammers of Dawn: Assassinate (Grey Seer))")
            && battle.contains("models lost"),
        "{battle}"
    );
    let key = form_key(&battle);
    let fields = [
        ("key", key.as_str()),
        ("vp_a", "2"),
        ("vp_b", "15"),
        ("sudden_death", "achieved"),
    ];
    let sent = send(&p, form("/battles/1/result", Some(&organiser), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(side(&b, HAMMERS)["result"], "major_victory");
    assert_eq!(side(&b, HAMMERS)["decision"]["by"], "sudden_death");
}

#[tokio::test]
async fn an_objective_and_a_result_by_casualties_through_the_api_equal_the_cli_s() {
    let cli = OPTIONS.copy();
    cli.ok(&[
        "battle",
        "sudden-death",
        "1",
        HAMMERS,
        "Seize Ground",
        "--terrain",
        "Old Watchtower",
    ]);
    cli.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &vp(HAMMERS, 3),
        "--vp",
        &vp(RATS, 9),
        "--models-lost",
        &vp(HAMMERS, 3),
        "--models-lost",
        &vp(RATS, 14),
        "--models-added",
        &vp(RATS, 4),
    ]);
    let p = OPTIONS.copy();
    let (hammers, rats) = (roster_id(&p, HAMMERS), roster_id(&p, RATS));
    let hammers_t = invite(&p, &["--roster", HAMMERS]);
    let rats_t = invite(&p, &["--roster", RATS]);
    let organiser = invite(&p, &["--organiser"]);
    let objective = json!({ "objective": "Seize Ground", "terrain": "Old Watchtower" });
    let uri = format!("/api/battles/1/sudden-death/{hammers}");
    let result = json!({
        "victory_points": { hammers.to_string(): 3, rats.to_string(): 9 },
        "models_lost": { hammers.to_string(): 3, rats.to_string(): 14 },
        "models_added": { rats.to_string(): 4 },
    });
    let before = p.fingerprint();
    for (token, status) in [
        (None, StatusCode::UNAUTHORIZED),
        (Some(&rats_t), StatusCode::FORBIDDEN),
    ] {
        let sent = send(&p, api_post(&uri, token.map(String::as_str), objective.clone())).await;
        assert_eq!(sent.status, status, "{}", sent.body);
    }
    let by_player = send(
        &p,
        api_post("/api/battles/1/result", Some(&hammers_t), result.clone()),
    )
    .await;
    assert_eq!(
        by_player.status,
        StatusCode::FORBIDDEN,
        "a player does not record the result"
    );
    assert_eq!(p.fingerprint(), before);

    let picked = send(&p, api_post(&uri, Some(&hammers_t), objective.clone())).await;
    assert_eq!(picked.status, StatusCode::OK, "{}", picked.body);
    assert_eq!(
        side(&picked.json(), HAMMERS)["sudden_death"]["target_text"],
        "Old Watchtower"
    );
    let recorded = send(
        &p,
        api_post("/api/battles/1/result", Some(&organiser), result.clone()),
    )
    .await;
    assert_eq!(recorded.status, StatusCode::OK, "{}", recorded.body);
    p.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    let b = recorded.json();
    assert_eq!(
        side(&b, HAMMERS)["result"],
        "minor_victory",
        "half lost against two thirds"
    );
    assert_eq!(side(&b, RATS)["decision"]["models_added"], 4);
}

#[tokio::test]
async fn a_battle_planned_with_a_realm_roll_off_on_the_league_page_equals_the_cli_s() {
    let (web, cli) = (Ptg::ashen_vale(), Ptg::ashen_vale());
    for p in [&web, &cli] {
        p.ok(&["campaign", "set", common::ASHEN_VALE, "--option", "realms"]);
        p.new_hammers();
        p.new_rats();
    }
    let plan = common::battle_new_args("1000", "The Ruined Settlement");
    cli.ok(&[&plan[..], &["--roll-realm", "--dice", "2,5"]].concat());

    let organiser = sign_in_with(&web, &["--organiser"]).await;
    let league = page(&web, "/campaigns/1", &organiser).await;
    assert!(
        league.contains(r#"<option value="roll-off">"#) && league.contains(r#"<option value="Aqshy""#),
        "a campaign playing realms offers them: {league}"
    );
    let (hammers, rats) = (
        roster_id(&web, HAMMERS).to_string(),
        roster_id(&web, RATS).to_string(),
    );
    let key = form_key(&league);
    let fields = [
        ("key", key.as_str()),
        ("a", &hammers),
        ("b", &rats),
        ("points", "1000"),
        ("battleplan", "The Ruined Settlement"),
        ("realm", "roll-off"),
        ("dice", "2,5"),
    ];
    let sent = send(&web, form("/campaigns/1/battles", Some(&organiser), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    web.assert_same_play(&cli, &[HAMMERS, RATS], "1");
    assert_eq!(
        web.json(&["rolls", "--battle", "1"])[0]["faces"],
        cli.json(&["rolls", "--battle", "1"])[0]["faces"]
    );
}
