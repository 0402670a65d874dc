//! Quest points within what one battle can give (issue #38, item 5): Harness Manifestation
//! gives 0, or 4 to 6 a use (at most one use a battle round); Search for the Artefact at most a
//! point a battle round. Impossible counts are refused wherever they enter (`battle result`,
//! its form and the API, a league file), in the quest's own words with the nearest totals as
//! fixes, the database unchanged; a count an older ptg took is refused by the aftermath and
//! found by `ptg audit`, naming roster, battle and change set.

use crate::common;
use crate::serve_support;

use axum::http::StatusCode;
use common::{Fixture, HAMMERS, Ptg, RATS};
use serde_json::{Value, json};
use serve_support::{api_post, form, form_key, invite, page, roster_id, send, sign_in_with};

/// `Ptg::small_battle` (battle 1 planned, both armies in) with Rat Tide on Harness
/// Manifestation (Summon Vermintide, Wild) and Hammers of Dawn on Search for the Artefact.
static ON_QUESTS: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle();
    p.ok(&[
        "quest",
        "start",
        RATS,
        "Harness Manifestation",
        "--manifestation",
        "Summon Vermintide",
    ]);
    p.ok(&["quest", "start", HAMMERS, "Search for the Artefact"]);
    p
});

fn result_args<'a>(quest_points: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=10",
        "--vp",
        "Rat Tide=8",
    ];
    for q in quest_points {
        args.extend(["--quest-points", q]);
    }
    args
}

const HARNESS: &str = "Harness Manifestation gives 4 to 6 quest points at a time, at most once a battle round, so a battle of 5 battle rounds gives 0, 4 to 6 or 8 to 30";

#[test]
fn battle_result_refuses_quest_points_no_battle_gives_naming_the_quest_and_the_nearest() {
    let p = ON_QUESTS.copy();
    // Harness Manifestation completed on 3 + 7: neither is what a battle gives.
    p.refused(
        &result_args(&["Rat Tide=7"]),
        &format!(
            "Rat Tide cannot gain 7 quest points for Harness Manifestation in one battle: {HARNESS}; use --quest-points \"Rat Tide=6\", or use --quest-points \"Rat Tide=8\""
        ),
    );
    p.refused(
        &result_args(&["Rat Tide=3"]),
        "cannot gain 3 quest points for Harness Manifestation in one battle",
    );
    // Search for the Artefact: 6 points in a five-round battle.
    p.refused(
        &result_args(&["Hammers of Dawn=6"]),
        "Hammers of Dawn cannot gain 6 quest points for Search for the Artefact in one battle: Search for the Artefact gives 1 quest point at a time, at most once a battle round, so a battle of 5 battle rounds gives 0 to 5; use --quest-points \"Hammers of Dawn=5\"",
    );
    // What a battle gives is recorded, and counted by the aftermath.
    p.ok(&result_args(&["Rat Tide=8", "Hammers of Dawn=5"]));
    let b = p.json(&["battle", "show", "1"]);
    let points: Vec<u64> = b["sides"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["quest_points"].as_u64().unwrap())
        .collect();
    assert_eq!(points, [5, 8]);
    p.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1",
    ]);
    let history = p.ok(&["history"]);
    assert!(
        history.contains("+8 quest points for Harness Manifestation"),
        "{history}"
    );
    assert!(p.ok(&["audit"]).contains("no findings"));
}

#[test]
fn a_refusal_through_the_api_carries_the_fixes_as_data() {
    let p = ON_QUESTS.copy();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let (hammers, rats) = (roster_id(&p, HAMMERS), roster_id(&p, RATS));
    let organiser = invite(&p, &["--organiser"]);
    let before = p.fingerprint();
    let body = json!({
        "victory_points": { hammers.to_string(): 10, rats.to_string(): 8 },
        "quest_points": { rats.to_string(): 7 },
    });
    let sent = rt.block_on(send(
        &p,
        api_post("/api/battles/1/result", Some(&organiser), body),
    ));
    assert_eq!(sent.status, StatusCode::UNPROCESSABLE_ENTITY, "{}", sent.body);
    let answer = sent.json();
    let words = answer.to_string();
    assert!(words.contains(HARNESS), "{words}");
    assert!(words.contains("\"value\":\"Rat Tide=6\""), "{words}");
    assert!(words.contains("\"value\":\"Rat Tide=8\""), "{words}");
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");
}

#[test]
fn a_refusal_on_the_result_form_says_which_field_to_set() {
    let p = ON_QUESTS.copy();
    let rt = tokio::runtime::Runtime::new().unwrap();
    let organiser = rt.block_on(sign_in_with(&p, &["--organiser"]));
    let key = form_key(&rt.block_on(page(&p, "/battles/1", &organiser)));
    let before = p.fingerprint();
    // Side a is Hammers of Dawn, on Search for the Artefact.
    let fields = [
        ("key", key.as_str()),
        ("vp_a", "10"),
        ("vp_b", "8"),
        ("quest_a", "6"),
    ];
    let sent = rt.block_on(send(&p, form("/battles/1/result", Some(&organiser), &fields)));
    let sent = rt.block_on(serve_support::refused_page(&p, &sent, &organiser));
    assert!(
        sent.body
            .contains("cannot gain 6 quest points for Search for the Artefact in one battle")
            && sent
                .body
                .contains("set Hammers of Dawn's \u{201c}quest points\u{201d} to 5"),
        "{}",
        sent.body
    );
    assert_eq!(p.fingerprint(), before, "nothing refused was saved");
}

/// Runs `sql` on `p`'s database, as an older ptg (or a hand edit) left it.
fn older(p: &Ptg, sql: &str) {
    p.checkpoint();
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.execute_batch(sql).unwrap();
}

fn findings(p: &Ptg) -> Vec<Value> {
    // `--full`: replays every roster whatever a clean audit kept.
    let out = p.cmd(&["audit", "--full", "--json"]).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let report: Value = serde_json::from_slice(&out.stdout).unwrap();
    report["findings"].as_array().unwrap().clone()
}

fn result_set(p: &Ptg) -> i64 {
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.query_row(
        "SELECT max(id) FROM change_sets WHERE command = 'battle result'",
        [],
        |r| r.get(0),
    )
    .unwrap()
}

#[test]
fn an_older_result_beyond_one_battle_is_refused_by_the_aftermath_and_found_by_the_audit() {
    let p = ON_QUESTS.copy();
    p.ok(&result_args(&["Rat Tide=6"]));
    let set = result_set(&p);
    older(
        &p,
        "UPDATE battle_sides SET quest_points = 7 WHERE roster_id = (SELECT id FROM rosters WHERE name = 'Rat Tide');",
    );
    let found = findings(&p);
    assert_eq!(found.len(), 1, "{found:#?}");
    let f = &found[0];
    assert_eq!(
        (
            f["check"].as_str(),
            f["roster"].as_str(),
            f["battle"].as_i64(),
            f["set"].as_i64()
        ),
        (Some("quest-points"), Some(RATS), Some(1), Some(set))
    );
    assert_eq!(
        f["message"],
        format!(
            "battle 1's result (set {set}) gives 7 quest points for Harness Manifestation, which no battle can give: {HARNESS}; its aftermath will refuse them"
        )
    );
    p.refused(
        &[
            "aftermath",
            "1",
            RATS,
            "--favoured",
            "Clanrats",
            "--dice",
            "1,1,1",
        ],
        "battle 1's result gives Rat Tide 7 quest points for Harness Manifestation, which no battle can give",
    );
    // Giving the quest up counts none of them.
    p.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1",
        "--quest",
        "abandon",
    ]);
}

#[test]
fn an_older_aftermath_that_counted_too_many_is_found_by_the_audit() {
    let p = ON_QUESTS.copy();
    p.ok(&result_args(&["Hammers of Dawn=5"]));
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,1,1",
        "--quest",
        "keep",
    ]);
    assert!(p.ok(&["audit"]).contains("no findings"));
    older(
        &p,
        "UPDATE changes SET payload = json_set(payload, '$.points', 6) WHERE kind = 'quest_progress';
         UPDATE battle_sides SET quest_points = 6 WHERE roster_id = (SELECT id FROM rosters WHERE name = 'Hammers of Dawn');
         UPDATE quests SET points = 6 WHERE status = 'current' AND roster_id = (SELECT id FROM rosters WHERE name = 'Hammers of Dawn');",
    );
    let set: i64 = {
        let conn = rusqlite::Connection::open(p.db()).unwrap();
        conn.query_row(
            "SELECT max(id) FROM change_sets WHERE command = 'aftermath'",
            [],
            |r| r.get(0),
        )
        .unwrap()
    };
    let found = findings(&p);
    let ours: Vec<&Value> = found.iter().filter(|f| f["check"] == "quest-points").collect();
    assert_eq!(ours.len(), 1, "{found:#?}");
    assert_eq!(
        (
            ours[0]["roster"].as_str(),
            ours[0]["battle"].as_i64(),
            ours[0]["set"].as_i64()
        ),
        (Some(HAMMERS), Some(1), Some(set))
    );
    assert!(
        ours[0]["message"].as_str().unwrap().starts_with(&format!(
            "battle 1's aftermath (set {set}) counted 6 quest points for Search for the Artefact"
        )),
        "{}",
        ours[0]["message"]
    );
}

#[test]
fn a_league_file_with_quest_points_no_battle_gives_is_not_imported() {
    let p = ON_QUESTS.copy();
    p.ok(&result_args(&["Rat Tide=6"]));
    let text = p.ok(&["export"]);
    let mut file: Value = serde_json::from_str(&text).unwrap();
    let sides = &mut file["tables"]["battle_sides"];
    let columns: Vec<String> = serde_json::from_value(sides["columns"].clone()).unwrap();
    let at = |name: &str| columns.iter().position(|c| c == name).unwrap();
    let (roster, points) = (at("roster_id"), at("quest_points"));
    let rats = roster_id(&p, RATS);
    for row in sides["rows"].as_array_mut().unwrap() {
        if row[roster] == rats {
            row[points] = Value::from(7);
        }
    }
    let q = Ptg::new();
    let path = q.dir.path().join("league.json");
    std::fs::write(&path, file.to_string()).unwrap();
    q.refused(
        &["import", path.to_str().unwrap()],
        "gives 7 quest points for Harness Manifestation, which no battle can give",
    );
    assert!(!q.db().exists(), "a refused import leaves no database behind");
}
