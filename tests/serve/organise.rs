//! `ptg serve`, the organiser's page (issue #20): what the organiser does besides battles
//! (settings and options, names, a new roster, favour, deletions, invites), through the page
//! and the API, each with the CLI's outcome. Players may not organise; every refusal leaves
//! the database unchanged.

use crate::common;
use crate::serve_support;

use axum::http::{StatusCode, header};
use common::league::{LEAGUE, LEAGUE_FIXTURE, MOONCLAN, SILKEN};
use common::{HAMMERS, Ptg, RATS, roster_new};
use serde_json::json;
use serve_support::{
    api_delete, api_get, api_post, campaign_id, follow, form, form_key, invite, page, refused_page,
    roster_id, send, sign_in, sign_in_with,
};

/// The organiser's session cookie and the key of their page's forms.
async fn organiser(p: &Ptg) -> (String, String, i64) {
    let cookie = sign_in_with(p, &["--organiser"]).await;
    let id = campaign_id(p, LEAGUE);
    let html = page(p, &format!("/campaigns/{id}/organise"), &cookie).await;
    (cookie, form_key(&html), id)
}

#[tokio::test]
async fn the_organiser_changes_settings_names_a_campaign_and_makes_a_roster_as_the_cli_does() {
    let (web, cli) = (LEAGUE_FIXTURE.copy(), LEAGUE_FIXTURE.copy());
    let (cookie, key, id) = organiser(&web).await;
    let html = page(&web, &format!("/campaigns/{id}/organise"), &cookie).await;
    for shown in [
        "Settings",
        "Realms of battle",
        "Triumphs",
        "battles are fought in a realm",
        HAMMERS,
        "Invites",
        "Delete the campaign",
    ] {
        assert!(html.contains(shown), "the organiser's page shows {shown}");
    }

    let settings = [
        ("key", key.as_str()),
        ("legends", "on"),
        ("standings", "glory"),
        ("realms", "on"),
        ("favour", "on"),
        ("triumphs", "2e"),
        ("sudden-death", "off"),
        ("allies", "on"),
    ];
    let sent = send(
        &web,
        form(&format!("/campaigns/{id}/settings"), Some(&cookie), &settings),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    cli.ok(&[
        "campaign",
        "set",
        LEAGUE,
        "--legends",
        "on",
        "--standings",
        "glory",
        "--option",
        "realms,favour,triumphs=2e,allies",
    ]);
    assert_eq!(
        web.json(&["campaign", "show", LEAGUE]),
        cli.json(&["campaign", "show", LEAGUE])
    );
    let page_now = page(&web, &format!("/campaigns/{id}/organise"), &cookie).await;
    assert!(
        page_now.contains(r#"<option value="2e" selected>"#),
        "the page shows the triumph table in force"
    );

    // A new roster from the form, as `roster new`.
    let new = [
        ("key", key.as_str()),
        ("name", "Iron Oath"),
        ("player", "Ana"),
        ("faction", "Stormcast Eternals"),
        ("warlord", "Lord-Vigilant on Gryph-stalker"),
        ("warlord_name", ""),
        ("path", "warrior"),
        ("ability", "berserker"),
        ("realm", "Ghur"),
    ];
    let sent = send(
        &web,
        form(&format!("/campaigns/{id}/rosters"), Some(&cookie), &new),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    let mut args = roster_new(
        "Iron Oath",
        LEAGUE,
        "Stormcast Eternals",
        "Lord-Vigilant on Gryph-stalker",
        "warrior",
        "berserker",
    );
    args.extend(["--realm", "Ghur"]);
    cli.ok(&args);
    assert_eq!(
        web.json(&["roster", "show", "Iron Oath"]),
        cli.json(&["roster", "show", "Iron Oath"])
    );

    // Renamed through the API, as `campaign rename`.
    let token = invite(&web, &["--organiser"]);
    let renamed = send(
        &web,
        api_post(
            &format!("/api/campaigns/{id}/rename"),
            Some(&token),
            json!({"name": "Ashen Peaks"}),
        ),
    )
    .await;
    assert_eq!(renamed.status, StatusCode::OK, "{}", renamed.body);
    assert_eq!(renamed.json()["campaign"]["name"], "Ashen Peaks");
    cli.ok(&["campaign", "rename", LEAGUE, "Ashen Peaks"]);
    assert_eq!(
        web.json(&["campaign", "show", "Ashen Peaks"]),
        cli.json(&["campaign", "show", "Ashen Peaks"])
    );

    // A refused setting: favour without realms, in the CLI's words, nothing changed.
    let before = web.fingerprint();
    let refused = send(
        &web,
        form(
            &format!("/campaigns/{id}/settings"),
            Some(&cookie),
            &[("key", key.as_str()), ("realms", "off"), ("favour", "on")],
        ),
    )
    .await;
    let refused = refused_page(&web, &refused, &cookie).await;
    assert!(
        refused.body.contains("favour is won and lost in a realm"),
        "{}",
        refused.body
    );
    assert_eq!(web.fingerprint(), before);
}

#[tokio::test]
async fn favour_and_deleting_a_roster_from_the_organiser_s_page() {
    let (web, cli) = (LEAGUE_FIXTURE.copy(), LEAGUE_FIXTURE.copy());
    for p in [&web, &cli] {
        p.ok(&["campaign", "set", LEAGUE, "--option", "realms,favour"]);
    }
    let (cookie, key, id) = organiser(&web).await;
    let silken = roster_id(&web, SILKEN);
    let html = page(&web, &format!("/campaigns/{id}/organise"), &cookie).await;
    assert!(
        html.contains(&format!("/rosters/{silken}/favour")),
        "a SLAANESH roster keeps favour"
    );
    let sent = send(
        &web,
        form(
            &format!("/rosters/{silken}/favour"),
            Some(&cookie),
            &[("key", &key), ("change", "2"), ("reason", "club rule: painted")],
        ),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    cli.ok(&["roster", "favour", SILKEN, "2", "--reason", "club rule: painted"]);
    assert_eq!(
        web.json(&["roster", "show", SILKEN]),
        cli.json(&["roster", "show", SILKEN])
    );

    // Deleting Moonclan Mob: its name must be typed, and battles name it.
    let moonclan = roster_id(&web, MOONCLAN);
    let delete = |fields: Vec<(&'static str, String)>| {
        let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
        form(&format!("/rosters/{moonclan}/delete"), Some(&cookie), &fields)
    };
    let before = web.fingerprint();
    let mistyped = send(
        &web,
        delete(vec![
            ("key", key.clone()),
            ("confirm", "Moonclan".into()),
            ("force", "on".into()),
        ]),
    )
    .await;
    let mistyped = refused_page(&web, &mistyped, &cookie).await;
    assert!(
        mistyped.body.contains("type its name exactly"),
        "{}",
        mistyped.body
    );
    let unforced = send(
        &web,
        delete(vec![("key", key.clone()), ("confirm", MOONCLAN.into())]),
    )
    .await;
    let unforced = refused_page(&web, &unforced, &cookie).await;
    let by_cli = cli.refused(&["roster", "delete", MOONCLAN], "battles");
    let message = by_cli.trim().trim_start_matches("error: ");
    assert!(
        unforced.body.contains(&message[..40]),
        "{}\nv the CLI's\n{by_cli}",
        unforced.body
    );
    assert_eq!(web.fingerprint(), before, "refused deletions change nothing");

    let forced = send(
        &web,
        delete(vec![
            ("key", key.clone()),
            ("confirm", MOONCLAN.into()),
            ("force", "on".into()),
        ]),
    )
    .await;
    assert_eq!(forced.status, StatusCode::SEE_OTHER, "{}", forced.body);
    assert_eq!(
        forced.headers[header::LOCATION],
        format!("/campaigns/{id}/organise")
    );
    cli.ok(&["roster", "delete", MOONCLAN, "--force"]);
    assert_eq!(web.json(&["roster", "list"]), cli.json(&["roster", "list"]));
    assert_eq!(
        send(&web, api_get(&format!("/api/rosters/{moonclan}"), None))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_player_may_not_organise() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    let cookie = sign_in(&p, HAMMERS).await;
    let own = page(&p, &format!("/rosters/{}", roster_id(&p, HAMMERS)), &cookie).await;
    let key = form_key(&own);
    let player_token = invite(&p, &["--roster", HAMMERS]);
    let before = p.fingerprint();

    let organise = send(
        &p,
        api_get(&format!("/campaigns/{id}/organise"), Some(&player_token)),
    )
    .await;
    assert_eq!(organise.status, StatusCode::FORBIDDEN);
    let settings = [("key", key.as_str()), ("legends", "on")];
    let by_form = send(
        &p,
        form(&format!("/campaigns/{id}/settings"), Some(&cookie), &settings),
    )
    .await;
    assert_eq!(by_form.status, StatusCode::FORBIDDEN, "{}", by_form.body);
    let delete_rats = [("key", key.as_str()), ("confirm", RATS), ("force", "on")];
    let rats = roster_id(&p, RATS);
    let deleting = send(
        &p,
        form(&format!("/rosters/{rats}/delete"), Some(&cookie), &delete_rats),
    )
    .await;
    assert_eq!(deleting.status, StatusCode::FORBIDDEN, "{}", deleting.body);
    let own_delete = [("key", key.as_str()), ("confirm", HAMMERS), ("force", "on")];
    let hammers = roster_id(&p, HAMMERS);
    let deleting_own = send(
        &p,
        form(&format!("/rosters/{hammers}/delete"), Some(&cookie), &own_delete),
    )
    .await;
    assert_eq!(
        deleting_own.status,
        StatusCode::FORBIDDEN,
        "deleting is the organiser's"
    );
    let by_api = send(
        &p,
        api_post(
            &format!("/api/campaigns/{id}/settings"),
            Some(&player_token),
            json!({"legends": "on"}),
        ),
    )
    .await;
    assert_eq!(by_api.status, StatusCode::FORBIDDEN);
    let invites = send(
        &p,
        api_get(&format!("/api/campaigns/{id}/invites"), Some(&player_token)),
    )
    .await;
    assert_eq!(invites.status, StatusCode::FORBIDDEN);
    let anonymous = send(
        &p,
        api_post(&format!("/api/campaigns/{id}/rename"), None, json!({"name": "X"})),
    )
    .await;
    assert_eq!(anonymous.status, StatusCode::UNAUTHORIZED);
    let anonymous_delete = send(&p, api_delete(&format!("/api/rosters/{rats}"), None)).await;
    assert_eq!(anonymous_delete.status, StatusCode::UNAUTHORIZED);
    assert_eq!(p.fingerprint(), before, "nothing a player tried was done");
}

#[tokio::test]
async fn the_organiser_makes_and_revokes_invites_from_the_web() {
    let p = LEAGUE_FIXTURE.copy();
    let (cookie, key, id) = organiser(&p).await;
    let rats = roster_id(&p, RATS);
    let made = send(
        &p,
        form(
            &format!("/campaigns/{id}/invites"),
            Some(&cookie),
            &[("key", &key), ("roster_id", &rats.to_string())],
        ),
    )
    .await;
    // Made: back to the organiser's page, which shows the link once; a reload makes no other.
    let made = serve_support::follow(&p, &made, &cookie).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.body);
    let at = made.body.find("/invite/").expect("the page shows the link") + "/invite/".len();
    let token: String = made.body[at..]
        .chars()
        .take_while(char::is_ascii_hexdigit)
        .collect();
    assert_eq!(token.len(), 64, "a 256-bit token");
    // The link signs in Rat Tide's player: their page, with its forms.
    let (sign_key, nonce) = serve_support::sign_in_page(&p, &token).await;
    let link = send(
        &p,
        form(&format!("/invite/{token}"), Some(&nonce), &[("key", &sign_key)]),
    )
    .await;
    assert_eq!(link.headers[header::LOCATION], format!("/rosters/{rats}"));
    let listed = p.json(&["invite", LEAGUE, "--list"]);
    let invite_id = listed.as_array().unwrap().last().unwrap()["id"].as_i64().unwrap();
    assert_eq!(listed.as_array().unwrap().last().unwrap()["roster"], RATS);

    // Revoked from the page: the token no longer lets anyone in.
    let revoked = send(
        &p,
        form(
            &format!("/campaigns/{id}/invites/{invite_id}/revoke"),
            Some(&cookie),
            &[("key", &key)],
        ),
    )
    .await;
    assert_eq!(revoked.status, StatusCode::SEE_OTHER, "{}", revoked.body);
    let stale = send(
        &p,
        api_post(
            &format!("/api/rosters/{rats}/quest"),
            Some(&token),
            json!({"quest": "x"}),
        ),
    )
    .await;
    assert_eq!(stale.status, StatusCode::UNAUTHORIZED);

    // The invite the organiser is signed in with cannot be revoked by themselves.
    let organiser_token = invite(&p, &["--organiser"]);
    let own = p
        .json(&["invite", LEAGUE, "--list"])
        .as_array()
        .unwrap()
        .last()
        .unwrap()["id"]
        .clone();
    let before = p.fingerprint();
    let lock_out = send(
        &p,
        api_delete(
            &format!("/api/campaigns/{id}/invites/{own}"),
            Some(&organiser_token),
        ),
    )
    .await;
    assert_eq!(lock_out.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        lock_out.json()["error"]
            .as_str()
            .unwrap()
            .contains("signed in with")
    );
    assert_eq!(p.fingerprint(), before);

    // The API makes one too, with the link on the server the request reached.
    let by_api = send(
        &p,
        api_post(
            &format!("/api/campaigns/{id}/invites"),
            Some(&organiser_token),
            json!({"roster_id": rats}),
        ),
    )
    .await;
    assert_eq!(by_api.status, StatusCode::OK, "{}", by_api.body);
    let new_token = by_api.json()["token"].as_str().unwrap().to_string();
    assert!(
        by_api.json()["link"]
            .as_str()
            .unwrap()
            .ends_with(&format!("/invite/{new_token}"))
    );
    let list = send(
        &p,
        api_get(&format!("/api/campaigns/{id}/invites"), Some(&organiser_token)),
    )
    .await;
    assert_eq!(
        list.json().as_array().unwrap().len(),
        listed.as_array().unwrap().len() + 2
    );
}

#[tokio::test]
async fn the_organiser_deletes_the_campaign_through_the_api_and_undo_brings_it_back() {
    let p = LEAGUE_FIXTURE.copy();
    let id = campaign_id(&p, LEAGUE);
    let token = invite(&p, &["--organiser"]);
    let shown = p.json(&["campaign", "show", LEAGUE]);
    let before = p.fingerprint();
    let unforced = send(&p, api_delete(&format!("/api/campaigns/{id}"), Some(&token))).await;
    assert_eq!(
        unforced.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{}",
        unforced.body
    );
    assert!(
        unforced.json()["error"]
            .as_str()
            .unwrap()
            .contains("holds 6 battle(s)"),
        "{}",
        unforced.body
    );
    // The fix comes as data beside the CLI's sentence, for a program to act on.
    assert_eq!(
        unforced.json()["fixes"],
        json!([{"fix": "give", "input": "force"}]),
        "{}",
        unforced.body
    );
    assert_eq!(p.fingerprint(), before);

    let forced = axum::http::Request::delete(format!("/api/campaigns/{id}"))
        .header(header::AUTHORIZATION, format!("Bearer {token}"))
        .header(header::CONTENT_TYPE, "application/json")
        .body(axum::body::Body::from(json!({"force": true}).to_string()))
        .unwrap();
    let deleted = send(&p, forced).await;
    assert_eq!(deleted.status, StatusCode::OK, "{}", deleted.body);
    assert_eq!(deleted.json()["rosters"].as_array().unwrap().len(), 4);
    assert_eq!(p.json(&["campaign", "list"]), json!([]));
    assert_eq!(
        send(&p, api_get(&format!("/campaigns/{id}"), None)).await.status,
        StatusCode::NOT_FOUND
    );

    p.ok(&["undo", "--campaign", LEAGUE, "--yes"]);
    assert_eq!(p.json(&["campaign", "show", LEAGUE]), shown);
}

#[tokio::test]
async fn a_refused_new_roster_comes_back_with_the_faction_picked() {
    let p = LEAGUE_FIXTURE.copy();
    let (cookie, key, id) = organiser(&p).await;
    let html = page(&p, &format!("/campaigns/{id}/organise"), &cookie).await;
    // Each faction is offered by its value: the pick is what is sent.
    assert!(
        html.contains(r#"<option value="Skaven">Skaven</option>"#),
        "{html}"
    );
    let before = p.fingerprint();
    // A warlord Skaven does not have: refused, nothing written.
    let new = [
        ("key", key.as_str()),
        ("name", "Gnaw"),
        ("player", "Bea"),
        ("faction", "Skaven"),
        ("warlord", "Lord-Vigilant on Gryph-stalker"),
        ("warlord_name", ""),
        ("path", "warrior"),
        ("ability", "berserker"),
        ("realm", ""),
    ];
    let sent = send(&p, form(&format!("/campaigns/{id}/rosters"), Some(&cookie), &new)).await;
    let shown = refused_page(&p, &sent, &cookie).await;
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    let at = shown
        .body
        .find(r#"id="new-roster""#)
        .expect("the new roster form");
    let form_html = &shown.body[at..];
    let form_html = &form_html[..form_html.find("</form>").unwrap()];
    assert!(
        form_html.contains(r#"<option value="Skaven" selected>"#),
        "the faction picked is kept, not the list's first: {form_html}"
    );
    assert!(form_html.contains(r#"value="Gnaw""#), "{form_html}");
    assert!(
        form_html.contains(r#"role="alert""#),
        "the refusal beside the form: {form_html}"
    );
}

#[tokio::test]
async fn the_organisers_done_notes_say_what_changed_what_was_undone_and_whose_invite_went() {
    let p = LEAGUE_FIXTURE.copy();
    let (cookie, key, id) = organiser(&p).await;
    let organise = format!("/campaigns/{id}/organise");
    // Settings: each setting changed, from what to what, and none that stayed.
    let settings = [
        ("key", key.as_str()),
        ("realms", "on"),
        ("triumphs", "2e"),
        ("allies", "off"),
    ];
    let sent = send(
        &p,
        form(&format!("/campaigns/{id}/settings"), Some(&cookie), &settings),
    )
    .await;
    let landed = follow(&p, &sent, &cookie).await;
    assert!(
        landed.body.contains(&format!(
            "Settings of {LEAGUE} saved: realms: off → on; triumphs: off → 2e."
        )),
        "{}",
        landed.body
    );
    assert!(!landed.body.contains("allies: "), "allies did not change");

    // The organiser's undo: what was undone, and whose command it was.
    let html = page(&p, &format!("/campaigns/{id}"), &cookie).await;
    let at =
        html.find(r#"name="expected" value=""#).expect("the undo form") + r#"name="expected" value=""#.len();
    let expected: String = html[at..].chars().take_while(char::is_ascii_digit).collect();
    let sent = send(
        &p,
        form(
            &format!("/campaigns/{id}/undo"),
            Some(&cookie),
            &[("key", key.as_str()), ("expected", expected.as_str())],
        ),
    )
    .await;
    let landed = follow(&p, &sent, &cookie).await;
    assert!(
        landed.body.contains(&format!(
            "Undone: the campaign's settings change (organiser) — #{expected} "
        )),
        "{}",
        landed.body
    );
    assert_eq!(
        p.json(&["campaign", "show", LEAGUE])["options"],
        json!([]),
        "undone"
    );

    // Revoke: whose invite went.
    invite(&p, &["--roster", RATS]);
    let listed = p.json(&["invite", LEAGUE, "--list"]);
    let invite_id = listed.as_array().unwrap().last().unwrap()["id"].as_i64().unwrap();
    let sent = send(
        &p,
        form(
            &format!("/campaigns/{id}/invites/{invite_id}/revoke"),
            Some(&cookie),
            &[("key", &key)],
        ),
    )
    .await;
    assert_eq!(sent.headers[header::LOCATION], organise.as_str());
    let landed = follow(&p, &sent, &cookie).await;
    assert!(
        landed.body.contains(&format!(
            "Invite #{invite_id} revoked: the player of {RATS}&#39;s link no longer signs in"
        )) || landed.body.contains(&format!(
            "Invite #{invite_id} revoked: the player of {RATS}'s link no longer signs in"
        )),
        "{}",
        landed.body
    );
}
