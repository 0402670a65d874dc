//! Issue #30, item 1: a roster is written by the id its rights were checked on. A roster of
//! another campaign named `CAMPAIGN/ROSTER` (as an older ptg allowed) used to capture every
//! look-up of the roster it spelled: its page, its owner's changes, the organiser's deletion;
//! and the other way round, a player's own roster could write a look-alike in another campaign.

use crate::common;
use crate::serve_support;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, roster_new};
use serde_json::json;
use serve_support::{api_delete, api_get, api_post, send, send_to};

const BLIGHT: &str = "Blighted Reach";
const GNAW: &str = "Gnaw";

/// Ashen Vale: Hammers of Dawn (roster 1) and Gnaw (2, Skaven). Blighted Reach: rosters named
/// "Ashen Vale/Hammers of Dawn" (3) and "Ashen Vale/Gnaw" (4), written straight into the
/// database as an older ptg let them be named.
static TWO_LEAGUES: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&roster_new(
        GNAW,
        ASHEN_VALE,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    ));
    p.ok(&["campaign", "new", BLIGHT]);
    for decoy in ["Decoy Hammers", "Decoy Gnaw"] {
        p.ok(&roster_new(
            decoy,
            BLIGHT,
            "Skaven",
            "Grey Seer",
            "mage",
            "dedicated-practitioner",
        ));
    }
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.execute(
        "UPDATE rosters SET name = 'Ashen Vale/Hammers of Dawn' WHERE id = 3",
        [],
    )
    .unwrap();
    conn.execute("UPDATE rosters SET name = 'Ashen Vale/Gnaw' WHERE id = 4", [])
        .unwrap();
    p
});

/// A token for roster `roster` of `campaign`, or the organiser's (`None`).
fn token(p: &Ptg, campaign: &str, roster: Option<&str>) -> String {
    let mut args = vec!["invite", campaign];
    match roster {
        Some(r) => args.extend(["--roster", r]),
        None => args.push("--organiser"),
    }
    p.json(&args)["token"].as_str().unwrap().to_string()
}

fn roster(p: &Ptg, id: i64) -> serde_json::Value {
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    let (name, realm, deleted, units): (String, Option<String>, bool, i64) = conn
        .query_row(
            "SELECT name, realm, deleted, (SELECT count(*) FROM units u WHERE u.roster_id = r.id)
             FROM rosters r WHERE id = ?1",
            [id],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
        )
        .unwrap();
    json!({ "name": name, "realm": realm, "deleted": deleted, "units": units })
}

#[tokio::test]
async fn a_look_alike_name_in_another_campaign_captures_nothing() {
    let p = TWO_LEAGUES.copy();
    let decoy_before = roster(&p, 3);
    // The page and the JSON of roster 1 are roster 1's.
    let shown = send(&p, api_get("/api/rosters/1", None)).await;
    assert_eq!(shown.status, 200, "{}", shown.body);
    assert_eq!(shown.json()["name"], HAMMERS);
    assert_eq!(shown.json()["id"], 1);
    // Its owner's realm lands on it, not on the look-alike.
    let owner = token(&p, ASHEN_VALE, Some(HAMMERS));
    let set = send(
        &p,
        api_post("/api/rosters/1/realm", Some(&owner), json!({ "realm": "Ghur" })),
    )
    .await;
    assert_eq!(set.status, 200, "{}", set.body);
    assert_eq!(roster(&p, 1)["realm"], "Ghur");
    assert_eq!(roster(&p, 3), decoy_before);
    // The organiser of Ashen Vale deleting roster 1 deletes roster 1.
    let organiser = token(&p, ASHEN_VALE, None);
    let deleted = send(&p, api_delete("/api/rosters/1", Some(&organiser))).await;
    assert_eq!(deleted.status, 200, "{}", deleted.body);
    assert_eq!(roster(&p, 1)["deleted"], true);
    assert_eq!(roster(&p, 3), decoy_before);
}

#[tokio::test]
async fn a_player_writes_their_own_roster_not_a_look_alike_of_another_campaign() {
    for scope in [None, Some(1)] {
        let p = TWO_LEAGUES.copy();
        let decoy_before = roster(&p, 4);
        let units_before = roster(&p, 2)["units"].as_i64().unwrap();
        let player = token(&p, ASHEN_VALE, Some(GNAW));
        let add = api_post(
            "/api/rosters/2/units",
            Some(&player),
            json!({ "warscroll": "Clanrats" }),
        );
        let added = send_to(&p, false, scope, add).await;
        assert_eq!(added.status, 200, "{scope:?}: {}", added.body);
        assert_eq!(added.json()["roster"]["id"], 2);
        assert_eq!(roster(&p, 2)["units"], units_before + 1, "{scope:?}");
        assert_eq!(roster(&p, 4), decoy_before, "{scope:?}");
        // And the player of the look-alike cannot reach roster 2 through it.
        let decoy_player = token(&p, BLIGHT, Some("Ashen Vale/Gnaw"));
        let reach = api_post(
            "/api/rosters/2/units",
            Some(&decoy_player),
            json!({ "warscroll": "Clanrats" }),
        );
        let before = p.fingerprint();
        let refused = send_to(&p, false, scope, reach).await;
        assert!(
            refused.status == 403 || refused.status == 404,
            "{scope:?}: {}",
            refused.status
        );
        assert_eq!(p.fingerprint(), before, "{scope:?}");
    }
}

#[test]
fn a_slash_in_a_new_roster_or_campaign_name_is_refused_and_old_ones_are_noted() {
    let p = TWO_LEAGUES.copy();
    p.refused(
        &roster_new(
            "Ashen Vale/Rats",
            ASHEN_VALE,
            "Skaven",
            "Grey Seer",
            "mage",
            "dedicated-practitioner",
        ),
        "no '/' allowed",
    );
    p.refused(&["roster", "rename", HAMMERS, "A/B"], "no '/' allowed");
    p.refused(&["campaign", "new", "North/South"], "no '/' allowed");
    p.refused(&["campaign", "rename", BLIGHT, "North/South"], "no '/' allowed");
    // The old names still work by id and by their campaign; the audit notes them.
    let audit = p.json(&["audit", "--campaign", BLIGHT]);
    let notes = audit["notes"].to_string();
    assert!(notes.contains("Ashen Vale/Gnaw"), "{notes}");
    assert!(audit["findings"].as_array().unwrap().is_empty(), "{audit}");
}

#[tokio::test]
async fn the_api_refuses_what_the_cli_refuses_in_names_and_reasons() {
    let p = TWO_LEAGUES.copy();
    let organiser = token(&p, ASHEN_VALE, None);
    let before = p.fingerprint();
    let requests = [
        api_post(
            "/api/rosters/1/enhancements",
            Some(&organiser),
            json!({ "unit": "Lord-Vigilant on Gryph-stalker", "enhancement": "Staunch Defender",
                    "reason": "quest\n2026-01-01 forged history line" }),
        ),
        api_post(
            "/api/campaigns/1/rosters",
            Some(&organiser),
            json!({ "name": "Iron\u{202e}Oath", "player": "Ana", "faction": "Stormcast Eternals",
                    "warlord": "Lord-Vigilant on Gryph-stalker", "path": "warrior", "ability": "berserker" }),
        ),
        api_post(
            "/api/rosters/1/rename",
            Some(&organiser),
            json!({ "name": "Blighted Reach/Gnaw" }),
        ),
        api_post(
            "/api/rosters/1/units",
            Some(&organiser),
            json!({ "warscroll": "Liberators", "name": "Dawn\u{1b}[2JGuard" }),
        ),
    ];
    for request in requests {
        let uri = request.uri().to_string();
        let answer = send(&p, request).await;
        assert_eq!(answer.status, 422, "{uri}: {}", answer.body);
        assert_eq!(p.fingerprint(), before, "{uri} changed the database");
    }
}

#[tokio::test]
async fn a_pasted_list_s_hostile_own_name_is_refused_with_its_report() {
    let p = TWO_LEAGUES.copy();
    let player = token(&p, ASHEN_VALE, Some(HAMMERS));
    let list = json!({
        "schema": "ptg-list", "version": 1, "faction": "Stormcast Eternals",
        "units": [{ "warscroll": "Liberators", "name": "Dawn\u{1b}]0;pwned\u{7}Guard", "reinforced": false }]
    });
    let before = p.fingerprint();
    let sent = send(
        &p,
        api_post(
            "/api/rosters/1/import",
            Some(&player),
            json!({ "list": list.to_string() }),
        ),
    )
    .await;
    assert_eq!(sent.status, 422, "{}", sent.body);
    assert!(sent.body.contains("its own name"), "{}", sent.body);
    assert_eq!(p.fingerprint(), before);
}

#[test]
fn a_league_holding_an_older_slash_name_still_moves_to_another_database() {
    let p = TWO_LEAGUES.copy();
    let file = p.db().with_file_name("league.json");
    p.ok(&["export", "--output", file.to_str().unwrap()]);
    let other = Ptg::new();
    other.ok(&["import", file.to_str().unwrap()]);
    let listed = other.json(&["roster", "list"]);
    assert!(listed.to_string().contains("Ashen Vale/Gnaw"), "{listed}");
    let audit = other.json(&["audit"]);
    assert!(
        audit["notes"].to_string().contains("would be refused today"),
        "{audit}"
    );
}
