//! How the pages answer a form (issue #32, items 2, 5 and 6): a form done answers with a
//! redirect, so reloading the page it lands on writes nothing more (a list imported once, one
//! invite made); a refused form comes back on its own page with the message beside it and
//! everything typed kept; and the page a form lands on says what was done (an aftermath's
//! glory, renown and dice).

use crate::common;
use crate::serve_support;

use axum::http::{StatusCode, header};
use common::league::LEAGUE_FIXTURE;
use common::{HAMMERS, Ptg, RATS};
use serve_support::{
    cli_words, follow, form, form_key, page, page_text, refused_page, roster_id, send, sign_in, sign_in_with,
};

/// The `value` of the first `<input>` named `name` in `html`.
fn input_value(html: &str, name: &str) -> Option<String> {
    let at = html.find(&format!(r#"name="{name}""#))?;
    let start = html[..at].rfind('<')?;
    let end = at + html[at..].find('>')?;
    let tag = &html[start..end];
    let v = tag.find("value=\"")? + "value=\"".len();
    Some(tag[v..].split('"').next()?.to_string())
}

#[tokio::test]
async fn a_refused_result_comes_back_with_its_scores_and_ticks_and_the_message_beside_it() {
    let p = Ptg::small_battle();
    let organiser = sign_in_with(&p, &["--organiser"]).await;
    let battle = page(&p, "/battles/1", &organiser).await;
    let key = form_key(&battle);
    let before = p.fingerprint();
    // The Rat Tide withdrew with no model lost: the rules refuse it.
    let fields = [
        ("key", key.as_str()),
        ("vp_a", "14"),
        ("vp_b", "8"),
        ("withdrew", "b"),
        ("general_slain_a", "yes"),
    ];
    let refused = send(&p, form("/battles/1/result", Some(&organiser), &fields)).await;
    // A 303 back to the battle's page, which draws the result form with what was sent.
    let refused = refused_page(&p, &refused, &organiser).await;
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    let html = &refused.body;
    // The battle's own page, not a page of its own with a Back link.
    assert!(
        html.contains("Record the result") && !html.contains("Not done"),
        "{html}"
    );
    // The message sits inside the result form, before its fields.
    let form_at = html.find(r#"action="/battles/1/result""#).unwrap();
    let message_at = html
        .find("may withdraw only once at least half of its starting army is destroyed")
        .expect("the rule's words");
    let field_at = html.find(r#"name="vp_a""#).unwrap();
    assert!(form_at < message_at && message_at < field_at, "{html}");
    // The refusal's fix is worded for the form, not as the CLI's flags.
    assert!(
        html.contains("tick the units destroyed, or pick \u{201c}no one\u{201d} as withdrawn"),
        "{html}"
    );
    // What was typed, ticked and picked is kept.
    assert_eq!(input_value(html, "vp_a").as_deref(), Some("14"));
    assert_eq!(input_value(html, "vp_b").as_deref(), Some("8"));
    assert!(
        html.contains(r#"name="general_slain_a" value="yes" checked"#),
        "{html}"
    );
    assert!(html.contains(r#"<option value="b" selected"#), "{html}");
}

#[tokio::test]
async fn a_list_imported_from_the_page_is_imported_once_however_often_the_page_is_reloaded() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let cookie = sign_in(&p, HAMMERS).await;
    let hammers = roster_id(&p, HAMMERS);
    let key = form_key(&page(&p, &format!("/rosters/{hammers}"), &cookie).await);
    // Its lore line's report names the command that picks from it, reworded on the page.
    let list = "Stormcast Eternals\nSpell Lore - Lore of the Storm\n* Liberators (90)\n";
    let sent = send(
        &p,
        form(
            &format!("/rosters/{hammers}/import"),
            Some(&cookie),
            &[("key", &key), ("list", list)],
        ),
    )
    .await;
    assert_eq!(sent.status, StatusCode::SEE_OTHER, "{}", sent.body);
    assert_eq!(sent.headers[header::LOCATION], format!("/rosters/{hammers}"));
    let after = p.fingerprint();
    let landed = follow(&p, &sent, &cookie).await;
    assert!(landed.body.contains("List imported"), "{}", landed.body);
    assert!(
        landed
            .body
            .contains("the Arcane Tome's picks are made with the Arcane Tome form on the roster's page")
            && cli_words(&page_text(&landed.body)).is_none(),
        "the note is in the pages' words: {}",
        landed.body
    );
    // Reloading the page it landed on (twice, as pull-to-refresh does) writes nothing; the note
    // was shown once.
    for _ in 0..2 {
        let again = follow(&p, &sent, &cookie).await;
        assert!(!again.body.contains("List imported"), "{}", again.body);
    }
    assert_eq!(p.fingerprint(), after);
    assert_eq!(
        p.json(&["roster", "show", HAMMERS])["units"]
            .as_array()
            .unwrap()
            .len(),
        2
    );
}

#[tokio::test]
async fn the_page_an_aftermath_lands_on_says_what_it_earned_and_rolled() {
    let p = LEAGUE_FIXTURE.copy();
    let glory_before = p.json(&["roster", "show", RATS])["glory"].as_i64().unwrap();
    let cookie = sign_in(&p, RATS).await;
    let key = form_key(&page(&p, "/battles/6", &cookie).await);
    let clanrats = p.json(&["roster", "show", RATS])["units"][1]["id"].to_string();
    let rats = roster_id(&p, RATS).to_string();
    let fields = [
        ("key", key.as_str()),
        ("roster_id", &rats),
        ("favoured", &clanrats),
        ("dice", "2, 3, 1"),
    ];
    let sent = send(&p, form("/battles/6/aftermath", Some(&cookie), &fields)).await;
    let landed = follow(&p, &sent, &cookie).await;
    let gained = p.json(&["roster", "show", RATS])["glory"].as_i64().unwrap() - glory_before;
    let html = &landed.body;
    assert!(html.contains(r#"role="status""#), "{html}");
    assert!(html.contains("Aftermath of battle 6 for Rat Tide"), "{html}");
    assert!(html.contains(&format!("+{gained} glory (battle 6: ")), "{html}");
    assert!(
        html.contains("rolled D6 for favoured warriors: Clanrats: 1 = 1"),
        "{html}"
    );
}

/// Issue #32, item 4: a refusal shown on a page names no `ptg` command nor a `--flag` (every
/// page kind, for each kind of reader, is scanned in `words.rs`).
#[tokio::test]
async fn a_refusal_on_a_page_shows_no_cli_command_or_flag() {
    let p = LEAGUE_FIXTURE.copy();
    let player = sign_in(&p, RATS).await;
    // A refusal whose CLI words name a flag, on the page.
    let key = form_key(&page(&p, "/battles/6", &player).await);
    let rats = roster_id(&p, RATS).to_string();
    let before = p.fingerprint();
    let refused = send(
        &p,
        form(
            "/battles/6/aftermath",
            Some(&player),
            &[("key", key.as_str()), ("roster_id", &rats), ("dice", "1")],
        ),
    )
    .await;
    let refused = refused_page(&p, &refused, &player).await;
    assert_eq!(p.fingerprint(), before, "nothing refused is written");
    let text = page_text(&refused.body);
    assert!(
        text.contains("Dice rolled at the table") || text.contains("Favoured warriors"),
        "{text}"
    );
    assert_eq!(cli_words(&text), None, "{text}");
}
