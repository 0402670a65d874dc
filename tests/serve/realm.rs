//! Issue #31, item 7: "whoever rolls highest decides". After a roll-off for the realm only its
//! winner (or the organiser) names it, through the pages and the API alike; the loser is not
//! offered the form, and is refused with the database unchanged.

use crate::common;
use crate::serve_support;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS, battle_new_args};
use serde_json::json;
use serve_support::{api_post, form, form_key, page, roster_id, send, sign_in};

/// Ashen Vale playing realms; battle 1 planned with a roll-off for the realm, won 6 to 1 by
/// the Hammers of Dawn.
static ROLLED: Fixture = Fixture::new(|| {
    let p = Ptg::new();
    p.ok(&["campaign", "new", ASHEN_VALE, "--option", "realms"]);
    p.new_hammers();
    p.new_rats();
    let mut plan = battle_new_args("1000", "The Ruined Settlement");
    plan.extend(["--roll-realm", "--dice", "6,1"]);
    p.ok(&plan);
    p
});

fn token(p: &Ptg, roster: &str) -> String {
    p.json(&["invite", ASHEN_VALE, "--roster", roster])["token"]
        .as_str()
        .unwrap()
        .to_string()
}

#[tokio::test]
async fn only_the_roll_off_s_winner_names_the_realm() {
    let p = ROLLED.copy();
    assert_eq!(
        p.json(&["battle", "show", "1"])["realm_picker_id"],
        roster_id(&p, HAMMERS)
    );
    // The loser: refused through the API, and offered no form on the page.
    let loser = token(&p, RATS);
    let before = p.fingerprint();
    let refused = send(
        &p,
        api_post("/api/battles/1/realm", Some(&loser), json!({ "realm": "Aqshy" })),
    )
    .await;
    assert_eq!(refused.status, 422, "{}", refused.body);
    assert!(
        refused.body.contains("Hammers of Dawn won the roll-off"),
        "{}",
        refused.body
    );
    assert_eq!(p.fingerprint(), before);
    let cookie = sign_in(&p, RATS).await;
    let html = page(&p, "/battles/1", &cookie).await;
    assert!(!html.contains(r#"action="/battles/1/realm""#), "{html}");
    // The winner names it from the page.
    let cookie = sign_in(&p, HAMMERS).await;
    let html = page(&p, "/battles/1", &cookie).await;
    assert!(html.contains(r#"action="/battles/1/realm""#), "{html}");
    let sent = send(
        &p,
        form(
            "/battles/1/realm",
            Some(&cookie),
            &[("key", &form_key(&html)), ("realm", "Ghur")],
        ),
    )
    .await;
    assert_eq!(sent.status, 303, "{}", sent.body);
    assert_eq!(p.json(&["battle", "show", "1"])["realm"], "Ghur");
    let history = p.ok(&["history", "--campaign", ASHEN_VALE]);
    assert!(history.contains("Hammers of Dawn won the roll-off"), "{history}");
}
