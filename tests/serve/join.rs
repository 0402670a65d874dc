//! Starting on the web (issue #32, item 10): `ptg serve`'s one-time set-up link makes the
//! campaign and signs its browser in as the organiser; the organiser's join link lets a new
//! player make their own roster from pickers and signs them in as its player. What the rules
//! refuse comes back on the same page with what was typed kept, the database unchanged.

use crate::common;
use crate::serve_support;

use axum::http::{StatusCode, header};
use common::Ptg;
use serve_support::{
    SETUP, follow_via as follow, form, form_key, get_via, send_via, served_with_setup, set_cookie,
    token_after,
};

/// A refused form's answer through `app`: a 303 back to its page's form (`#refused`), and
/// that page as the browser then sees it.
async fn refused_via(
    app: &axum::Router,
    answer: &serve_support::Answer,
    cookie: &str,
) -> serve_support::Answer {
    assert_eq!(answer.status, StatusCode::SEE_OTHER, "{}", answer.body);
    let to = answer.headers[header::LOCATION].to_str().unwrap();
    assert!(to.ends_with("#refused"), "back to the form: {to}");
    follow(app, answer, cookie).await
}

#[tokio::test]
async fn a_club_starts_its_campaign_and_a_new_player_joins_on_the_web() {
    let p = Ptg::new();
    let app = served_with_setup(&p, None);
    // The set-up page makes the campaign; options the rules refuse come back with what was typed.
    let setup = get_via(&app, &format!("/setup/{SETUP}"), "").await;
    assert!(setup.body.contains("Start a campaign"), "{}", setup.body);
    // Its options by what each does, not by their ids.
    for words in [
        "Sudden death",
        "Endure judged at the battle&#39;s end",
        "may pick a sudden death objective",
        "judged at the end of the battle",
    ] {
        let plain = words.replace("&#39;", "'");
        assert!(
            setup.body.contains(words) || setup.body.contains(&plain),
            "{words}: {}",
            setup.body
        );
    }
    let refused = send_via(
        &app,
        form(
            &format!("/setup/{SETUP}"),
            None,
            &[
                ("name", "Ashen Vale"),
                ("battlepack", "ascension"),
                ("option", "realms=off"),
                ("option", "favour=on"),
            ],
        ),
    )
    .await;
    // Refused, the browser is sent back (303: Back never resends it) to the form, drawn again
    // with what was typed and the message beside it.
    let refused = refused_via(&app, &refused, "").await;
    assert!(refused.body.contains("needs the option"), "{}", refused.body);
    assert!(refused.body.contains(r#"value="Ashen Vale""#), "{}", refused.body);
    assert!(
        refused.body.contains(r#"<option value="favour=on" selected>"#),
        "the option picked is kept: {}",
        refused.body
    );
    assert_eq!(
        p.json(&["campaign", "list"]),
        serde_json::json!([]),
        "nothing refused is written"
    );
    let made = send_via(
        &app,
        form(
            &format!("/setup/{SETUP}"),
            None,
            &[
                ("name", "Ashen Vale"),
                ("battlepack", "ascension"),
                ("option", "realms=on"),
            ],
        ),
    )
    .await;
    assert_eq!(made.headers[header::LOCATION], "/campaigns/1/organise");
    let organiser = set_cookie(&made, "ptg_session=").expect("signed in");
    let organise = follow(&app, &made, &organiser).await;
    assert!(
        organise.body.contains("Campaign Ashen Vale made"),
        "{}",
        organise.body
    );
    assert_eq!(
        token_after(&organise.body, "/invite/").len(),
        64,
        "the organiser's own link"
    );
    assert_eq!(
        p.json(&["campaign", "show", "Ashen Vale"])["campaign"]["options"]["realms"],
        true
    );
    // The link works once.
    assert_eq!(
        get_via(&app, &format!("/setup/{SETUP}"), "").await.status,
        StatusCode::NOT_FOUND
    );

    // A join link, shown once on the organiser's page.
    let key = form_key(&organise.body);
    let made = send_via(
        &app,
        form("/campaigns/1/join-link", Some(&organiser), &[("key", &key)]),
    )
    .await;
    let shown = follow(&app, &made, &organiser).await;
    let join = token_after(&shown.body, "/join/");
    // A new player, signed in nowhere: the faction first, then only warlords the rules allow.
    let first = get_via(&app, &format!("/join/{join}"), "").await;
    assert!(
        first.body.contains(r#"<option value="Skaven">"#),
        "{}",
        first.body
    );
    // Picking the faction writes nothing: a GET, with no one-use token to spend.
    assert!(
        first
            .body
            .contains(&format!(r#"method="get" action="/join/{join}""#))
            && !first.body.contains(r#"name="once""#),
        "{}",
        first.body
    );
    // The bar on top names the league joined and links to it.
    assert!(
        first.body.contains(r#"<a href="/campaigns/1">Ashen Vale</a>"#),
        "{}",
        first.body
    );
    let second = get_via(&app, &format!("/join/{join}?faction=Skaven"), "").await;
    assert!(
        second.body.contains(r#"<option value="Grey Seer">"#),
        "{}",
        second.body
    );
    assert!(
        !second.body.contains(r#"<option value="Clanrats">"#),
        "not a HERO"
    );
    assert!(
        second.body.contains(r#"value="mage:dedicated-practitioner""#),
        "{}",
        second.body
    );
    // The join form's same-site key, tied to the nonce cookie its page set (as sign-in's).
    let nonce = set_cookie(&second, "ptg_sign_in=").expect("the join page's nonce");
    let key = form_key(&second.body);
    let fields = |warlord: &'static str| {
        [
            ("key", key.as_str()),
            ("faction", "Skaven"),
            ("player", "Bea"),
            ("name", "Gnaw"),
            ("warlord", warlord),
            ("path_ability", "mage:dedicated-practitioner"),
        ]
    };
    let before = p.fingerprint();
    let refused = send_via(
        &app,
        form(&format!("/join/{join}"), Some(&nonce), &fields("Clanrats")),
    )
    .await;
    let refused = refused_via(&app, &refused, &nonce).await;
    assert!(
        refused.body.contains(r#"value="Bea""#),
        "what was typed is kept: {}",
        refused.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    let joined = send_via(
        &app,
        form(&format!("/join/{join}"), Some(&nonce), &fields("Grey Seer")),
    )
    .await;
    let player = set_cookie(&joined, "ptg_session=").expect("signed in as the player");
    let roster = follow(&app, &joined, &player).await;
    assert!(
        roster.body.contains("Welcome: your roster is made"),
        "{}",
        roster.body
    );
    assert!(
        roster.body.contains("Add to the Order of Battle"),
        "the player's forms: {}",
        roster.body
    );
    let gnaw = p.json(&["roster", "show", "Gnaw"]);
    assert_eq!(
        (gnaw["player"].as_str(), gnaw["faction"].as_str()),
        (Some("Bea"), Some("Skaven"))
    );
    assert_eq!(gnaw["units"][0]["warscroll"], "Grey Seer");
    assert_eq!(gnaw["units"][0]["warlord"], true);
    p.ok(&["audit"]);
}
