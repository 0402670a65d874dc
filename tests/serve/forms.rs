//! `ptg serve`'s forms (issue #20): a player signed in through their invite link runs their
//! aftermath and adds starting units from the pages, with the CLI's outcome for the same typed
//! dice; a form for another player's roster (its hidden field edited), without the page's key
//! (forged elsewhere) or without the session is refused, the database unchanged.

use crate::common;
use crate::serve_support;

use axum::http::{StatusCode, header};
use common::league::{LEAGUE, LEAGUE_FIXTURE, SILKEN};
use common::{Ptg, RATS, named};
use serve_support::{form, form_key, page, refused_page, roster_id, send, sign_in, sign_in_with};

fn id_of(p: &Ptg, roster: &str) -> String {
    roster_id(p, roster).to_string()
}

#[tokio::test]
async fn an_aftermath_through_the_form_equals_the_cli_s_for_the_same_dice() {
    let by_cli = LEAGUE_FIXTURE.copy();
    by_cli.ok(&[
        "aftermath",
        "6",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "2,3,1",
    ]);
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, RATS).await;
    let battle = page(&p, "/battles/6", &cookie).await;
    assert!(battle.contains("Run the aftermath"), "{battle}");
    let key = form_key(&battle);
    let clanrats = p.json(&["roster", "show", RATS])["units"][1]["id"].to_string();
    let rats = id_of(&p, RATS);
    let fields = [
        ("key", key.as_str()),
        ("roster_id", &rats),
        ("favoured", &clanrats),
        ("dice", "2, 3, 1"),
    ];
    let sent = send(&p, form("/battles/6/aftermath", Some(&cookie), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    assert_eq!(sent.headers[header::LOCATION], "/battles/6");
    assert_eq!(
        p.json(&["roster", "show", RATS]),
        by_cli.json(&["roster", "show", RATS])
    );
    p.ok(&["audit"]);
    // The form is gone for Rat Tide once its aftermath is in; Silken Host's player never saw it.
    assert!(
        !page(&p, "/battles/6", &cookie)
            .await
            .contains("Run the aftermath")
    );
}

#[tokio::test]
async fn a_unit_bought_from_the_aftermath_form_s_lists_equals_the_cli_s() {
    // The dearest unit Rat Tide can pay for once battle 6's glory is in (more than it holds
    // before): learnt on a scratch copy.
    let scratch = LEAGUE_FIXTURE.copy();
    let glory_only = [
        "aftermath",
        "6",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "2,3,1",
    ];
    scratch.ok(&glory_only);
    let after = scratch.json(&["roster", "afford", RATS]);
    let glory = after["glory"].as_u64().unwrap();
    let bought = after["add"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|o| o["affordable"] == true)
        .max_by_key(|o| o["cost"].as_u64())
        .unwrap_or_else(|| panic!("Rat Tide can add a unit with {glory} glory: {after}"));
    let warscroll = bought["warscroll"].as_str().unwrap();

    let by_cli = LEAGUE_FIXTURE.copy();
    by_cli.ok(&[&glory_only[..], &["--add-unit", warscroll]].concat());
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, RATS).await;
    let battle = page(&p, "/battles/6", &cookie).await;
    let held = p.json(&["roster", "afford", RATS]);
    let cost = &named(&held["add"], "warscroll", warscroll)["cost"];
    assert!(
        battle.contains(&format!(
            r#"<option value="{warscroll}">{warscroll} ({cost} glory)</option>"#
        )),
        "the form lists {warscroll} with its cost"
    );
    let clanrats = p.json(&["roster", "show", RATS])["units"][1]["id"].to_string();
    let fields = [
        ("key", form_key(&battle)),
        ("roster_id", id_of(&p, RATS)),
        ("favoured", clanrats),
        ("add_unit", warscroll.to_string()),
        ("reinforce", String::new()),
        ("retire", String::new()),
        ("quest", "auto".to_string()),
        ("dice", "2,3,1".to_string()),
    ];
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let sent = send(&p, form("/battles/6/aftermath", Some(&cookie), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    assert_eq!(
        p.json(&["roster", "show", RATS]),
        by_cli.json(&["roster", "show", RATS])
    );
}

#[tokio::test]
async fn units_ticked_to_retire_in_the_aftermath_form_retire_as_in_the_cli() {
    let by_cli = LEAGUE_FIXTURE.copy();
    let p = LEAGUE_FIXTURE.copy();
    let clanrats = p.json(&["roster", "show", RATS])["units"][1]["id"].to_string();
    by_cli.ok(&[
        "aftermath",
        "6",
        RATS,
        "--favoured",
        &clanrats,
        "--retire",
        &clanrats,
        "--dice",
        "2,3,1",
    ]);
    let cookie = sign_in(&p, RATS).await;
    let battle = page(&p, "/battles/6", &cookie).await;
    let tick = format!(r#"<input type="checkbox" name="retire" value="{clanrats}">"#);
    assert!(battle.contains(&tick), "the form offers to retire Clanrats");
    let (key, rats) = (form_key(&battle), id_of(&p, RATS));
    let fields = [
        ("key", key.as_str()),
        ("roster_id", &rats),
        ("favoured", &clanrats),
        ("retire", &clanrats),
        ("dice", "2,3,1"),
    ];
    let sent = send(&p, form("/battles/6/aftermath", Some(&cookie), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    assert_eq!(
        p.json(&["roster", "show", RATS]),
        by_cli.json(&["roster", "show", RATS])
    );
    assert_eq!(p.json(&["roster", "show", RATS])["units"][1]["retired"], true);
    // The roster's page lists its Order of Battle and, of its retired units, those its quest
    // names: Clanrats, whose quest can no longer be completed (issue 42).
    let roster_page = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    assert!(roster_page.contains("Clanrats (retired)"), "{roster_page}");
    assert!(!roster_page.contains("not listed"), "{roster_page}");
}

#[tokio::test]
async fn a_form_for_another_roster_or_from_another_site_changes_nothing() {
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, RATS).await;
    let key = form_key(&page(&p, "/battles/6", &cookie).await);
    let silken = id_of(&p, SILKEN);
    let before = p.fingerprint();
    // The hidden roster field edited to Silken Host's: the invite does not reach it.
    let edited = send(
        &p,
        form(
            "/battles/6/aftermath",
            Some(&cookie),
            &[("key", &key), ("roster_id", &silken)],
        ),
    )
    .await;
    assert_eq!(edited.status, StatusCode::FORBIDDEN, "{}", edited.body);
    assert!(edited.body.contains("may not change that roster"));
    // Forged on another site: the browser sends the cookie (were it not SameSite), not the key.
    let rats = id_of(&p, RATS);
    let forged = send(
        &p,
        form(
            "/battles/6/aftermath",
            Some(&cookie),
            &[("key", "guess"), ("roster_id", &rats)],
        ),
    )
    .await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN);
    // No session at all.
    let anonymous = send(
        &p,
        form(
            "/battles/6/aftermath",
            None,
            &[("key", &key), ("roster_id", &rats)],
        ),
    )
    .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    // A rule broken: the CLI's words on the page.
    let no_favoured = send(
        &p,
        form(
            "/battles/6/aftermath",
            Some(&cookie),
            &[("key", &key), ("roster_id", &rats), ("dice", "1")],
        ),
    )
    .await;
    let no_favoured = refused_page(&p, &no_favoured, &cookie).await;
    assert!(
        no_favoured.body.contains("pick 1 unit that took part"),
        "{}",
        no_favoured.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");
}

#[tokio::test]
async fn a_player_in_set_up_adds_a_unit_from_their_roster_page() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&common::roster_new(
        "Latecomers",
        LEAGUE,
        "Stormcast Eternals",
        "Knight-Questor",
        "warrior",
        "berserker",
    ));
    let late = id_of(&p, "Latecomers");
    let cookie = sign_in(&p, "Latecomers").await;
    let roster = page(&p, &format!("/rosters/{late}"), &cookie).await;
    assert!(roster.contains("Add to the Order of Battle"), "{roster}");
    // Another roster's page offers it no form.
    assert!(
        !page(&p, &format!("/rosters/{}", id_of(&p, RATS)), &cookie)
            .await
            .contains("Add to the Order")
    );
    let key = form_key(&roster);
    let uri = format!("/rosters/{late}/units");
    let added = send(
        &p,
        form(
            &uri,
            Some(&cookie),
            &[("key", &key), ("warscroll", "Liberators"), ("reinforced", "yes")],
        ),
    )
    .await;
    assert_eq!(added.status, StatusCode::SEE_OTHER, "{}", added.body);
    let units = p.json(&["roster", "show", "Latecomers"])["units"].clone();
    assert_eq!(units[1]["warscroll"], "Liberators");
    assert_eq!(units[1]["reinforced"], true);
    let before = p.fingerprint();
    let rats = id_of(&p, RATS);
    let other = send(
        &p,
        form(
            &format!("/rosters/{rats}/units"),
            Some(&cookie),
            &[("key", &key), ("warscroll", "Clanrats")],
        ),
    )
    .await;
    assert_eq!(other.status, StatusCode::FORBIDDEN);
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn a_whole_battle_through_the_pages_equals_the_cli_s() {
    let setup = || {
        let p = Ptg::ashen_vale();
        p.new_hammers();
        p.new_rats();
        p.ok(&["roster", "add", common::HAMMERS, "Liberators"]);
        p.ok(&["roster", "add", RATS, "Clanrats"]);
        p
    };
    let cli = setup();
    cli.plan_small_battle("1000");
    let (h_vp, r_vp) = (format!("{}=14", common::HAMMERS), format!("{RATS}=8"));
    cli.ok(&["battle", "result", "1", "--vp", &h_vp, "--vp", &r_vp]);
    cli.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,2,3",
    ]);

    let p = setup();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let hammers_c = sign_in(&p, common::HAMMERS).await;
    let rats_c = sign_in(&p, RATS).await;
    let (hammers, rats) = (id_of(&p, common::HAMMERS), id_of(&p, RATS));

    let league = page(&p, "/campaigns/1", &organiser).await;
    assert!(league.contains("Plan the battle"), "{league}");
    assert!(
        !page(&p, "/campaigns/1", &hammers_c)
            .await
            .contains("Plan the battle"),
        "a player does not plan"
    );
    let key = form_key(&league);
    let plan = [
        ("key", key.as_str()),
        ("a", &hammers),
        ("b", &rats),
        ("points", "1000"),
        ("battleplan", "The Ruined Settlement"),
    ];
    let planned = send(&p, form("/campaigns/1/battles", Some(&organiser), &plan)).await;
    assert_eq!(planned.status, StatusCode::SEE_OTHER, "{}", planned.body);

    for (cookie, roster, name, units, dice) in [
        (
            &hammers_c,
            &hammers,
            common::HAMMERS,
            ["Lord-Vigilant on Gryph-stalker", "Liberators"],
            "",
        ),
        (&rats_c, &rats, RATS, ["Grey Seer", "Clanrats"], "6, 1"),
    ] {
        let battle = page(&p, "/battles/1", cookie).await;
        assert!(battle.contains("Record the army"), "{battle}");
        let key = form_key(&battle);
        // A box ticked per unit taken, as the browser sends them: `unit` once for each.
        let order_of_battle = p.json(&["roster", "show", name]);
        let ids: Vec<String> = units
            .iter()
            .map(|w| named(&order_of_battle["units"], "warscroll", w)["id"].to_string())
            .collect();
        for id in &ids {
            let tick = format!(r#"<input type="checkbox" name="unit" value="{id}">"#);
            assert!(battle.contains(&tick), "the army form lists unit {id}");
        }
        let mut fields = vec![("key", key.as_str()), ("roster_id", roster.as_str())];
        fields.extend(ids.iter().map(|id| ("unit", id.as_str())));
        fields.extend([("general", ""), ("dice", dice)]);
        let sent = send(&p, form("/battles/1/army", Some(cookie), &fields)).await;
        assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    }
    let battle = page(&p, "/battles/1", &organiser).await;
    assert!(battle.contains("Record the result"), "{battle}");
    let key = form_key(&battle);
    let result = [
        ("key", key.as_str()),
        ("campaign_id", "1"),
        ("side_a", common::HAMMERS),
        ("vp_a", "14"),
        ("side_b", RATS),
        ("vp_b", "8"),
    ];
    let sent = send(&p, form("/battles/1/result", Some(&organiser), &result)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    let key = form_key(&page(&p, "/battles/1", &rats_c).await);
    let clanrats = p.json(&["roster", "show", RATS])["units"][1]["id"].to_string();
    let fields = [
        ("key", key.as_str()),
        ("roster_id", &rats),
        ("favoured", &clanrats),
        ("dice", "1,2,3"),
    ];
    let sent = send(&p, form("/battles/1/aftermath", Some(&rats_c), &fields)).await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    p.assert_same_play(&cli, &[common::HAMMERS, RATS], "1");
    p.ok(&["audit"]);
}

#[tokio::test]
async fn a_player_picks_a_rank_s_ability_and_starts_a_quest_on_their_page() {
    let cli = LEAGUE_FIXTURE.copy();
    cli.ok(&[
        "rank",
        "choose",
        common::HAMMERS,
        "Liberators",
        "Hardened Resolve",
        "--path",
        "defender",
    ]);
    cli.ok(&[
        "quest",
        "start",
        common::HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Liberators",
    ]);
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, common::HAMMERS).await;
    let hammers = id_of(&p, common::HAMMERS);
    let roster = page(&p, &format!("/rosters/{hammers}"), &cookie).await;
    assert!(
        roster.contains("Choose") && roster.contains("Start the quest"),
        "{roster}"
    );
    // The choices are listed: each Path the Liberators may walk with its abilities, and the
    // battlepack's quests.
    let liberators = p.json(&["roster", "show", common::HAMMERS])["units"][1]["id"].clone();
    for shown in [
        format!(r#"name="unit" value="{liberators}""#),
        r#"name="path" value="defender""#.to_string(),
        // Each ability with what it does, in the data's words.
        ">Hardened Resolve: ".to_string(),
        r#"<option value="Seek Glory in Battle""#.to_string(),
    ] {
        assert!(roster.contains(&shown), "the page offers {shown}");
    }
    assert!(
        !roster.contains(r#"name="path" value="mage""#),
        "Liberators may not walk a WIZARD's Path"
    );
    let key = form_key(&roster);
    let rank = [
        ("key", key.as_str()),
        ("unit", "Liberators"),
        ("ability", "Hardened Resolve"),
        ("path", "defender"),
    ];
    let sent = send(
        &p,
        form(&format!("/rosters/{hammers}/rank"), Some(&cookie), &rank),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    let quest = [
        ("key", key.as_str()),
        ("quest", "Seek Glory in Battle"),
        ("unit", "Liberators"),
    ];
    let sent = send(
        &p,
        form(&format!("/rosters/{hammers}/quest"), Some(&cookie), &quest),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    assert_eq!(
        p.json(&["roster", "show", common::HAMMERS]),
        cli.json(&["roster", "show", common::HAMMERS])
    );
    // Another player's session cannot, whatever the form says.
    let rats = sign_in(&p, RATS).await;
    let rats_key = form_key(&page(&p, "/battles/6", &rats).await);
    let before = p.fingerprint();
    let quest = [("key", rats_key.as_str()), ("quest", "Seek Glory in Battle")];
    let sent = send(
        &p,
        form(&format!("/rosters/{hammers}/quest"), Some(&rats), &quest),
    )
    .await;
    assert_eq!(sent.status, StatusCode::FORBIDDEN);
    assert_eq!(p.fingerprint(), before);
}

#[tokio::test]
async fn the_organiser_undoes_from_the_league_page_what_it_names() {
    let p = LEAGUE_FIXTURE.copy();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let league = page(&p, "/campaigns/1", &organiser).await;
    // The button names whose command it takes back: a player's quest, not the organiser's.
    let named = format!("Undo {RATS}&#39;s quest start (player)");
    let named_plain = format!("Undo {RATS}'s quest start (player)");
    assert!(
        (league.contains(&named) || league.contains(&named_plain)) && league.contains("Seek Glory in Battle"),
        "{league}"
    );
    assert!(
        !page(&p, "/campaigns/1", &sign_in(&p, RATS).await)
            .await
            .contains("/campaigns/1/undo")
    );
    let key = form_key(&league);
    let at = league.find(r#"name="expected" value=""#).unwrap() + r#"name="expected" value=""#.len();
    let expected = league[at..].split('"').next().unwrap().to_string();
    let before = p.fingerprint();
    let stale = send(
        &p,
        form(
            "/campaigns/1/undo",
            Some(&organiser),
            &[("key", &key), ("expected", "1")],
        ),
    )
    .await;
    let stale = refused_page(&p, &stale, &organiser).await;
    assert!(stale.body.contains("changed meanwhile"), "{}", stale.body);
    assert_eq!(p.fingerprint(), before);
    let done = send(
        &p,
        form(
            "/campaigns/1/undo",
            Some(&organiser),
            &[("key", &key), ("expected", &expected)],
        ),
    )
    .await;
    assert_eq!(done.status, StatusCode::SEE_OTHER, "{}", done.body);
    assert!(
        p.json(&["roster", "show", RATS])["quest"].is_null(),
        "the quest started last is undone"
    );
}

#[tokio::test]
async fn signing_out_drops_the_session_and_its_forms() {
    let p = LEAGUE_FIXTURE.copy();
    let cookie = sign_in(&p, RATS).await;
    let rats = id_of(&p, RATS);
    let signed_in = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    assert!(signed_in.contains("Sign out") && signed_in.contains(r#"name="key""#));
    // Without the page's key (a form on another site): refused, still signed in.
    let forged = send(&p, form("/signout", Some(&cookie), &[])).await;
    assert_eq!(forged.status, StatusCode::FORBIDDEN, "{}", forged.body);
    assert!(
        page(&p, &format!("/rosters/{rats}"), &cookie)
            .await
            .contains("Sign out")
    );
    let key = form_key(&signed_in);
    let out = send(&p, form("/signout", Some(&cookie), &[("key", &key)])).await;
    assert_eq!(out.status, StatusCode::SEE_OTHER, "{}", out.body);
    let dropped = out.headers[header::SET_COOKIE].to_str().unwrap();
    assert!(
        dropped.starts_with("ptg_session=;") && dropped.contains("Max-Age=0"),
        "{dropped}"
    );
    // The session is over, even were the old cookie sent again.
    let stale = page(&p, &format!("/rosters/{rats}"), &cookie).await;
    assert!(!stale.contains(r#"name="key""#) && !stale.contains("Sign out"));
    // The browser then sends no cookie: the page is read-only again.
    let anonymous = send(&p, serve_support::api_get(&format!("/rosters/{rats}"), None))
        .await
        .body;
    assert!(!anonymous.contains(r#"name="key""#) && !anonymous.contains("Sign out"));
}
