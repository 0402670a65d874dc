//! Migration V7 on battle snapshots of form 1 (the whole battle, every row an object keyed by
//! column names, as ptg kept them before): each is converted to form 2, and undo through the
//! converted form puts the battle back exactly as form 1's restore did, including a snapshot
//! written before ptg kept who picks roles (its undo leaves roles alone). A snapshot that
//! cannot be read is an error naming its change set, not a panic.

use super::super::{Store, battles, history};
use super::upgrade::at_version;
use crate::rules::undo::BattleUndo;
use rusqlite::Connection;
use rusqlite::types::Value;

/// Campaign, two rosters of three units each, battle 1 planned between them: all of it at
/// schema version 6, written as ptg then wrote it.
const PLANNED: &str = "
    INSERT INTO campaigns (id, name, battlepack, created_at) VALUES (1, 'Vale', 'ascension', 't');
    INSERT INTO rosters (id, campaign_id, name, player, faction, created_at)
        VALUES (1, 1, 'Hammers', 'Ann', 'Stormcast Eternals', 't'),
               (2, 1, 'Rats', 'Bob', 'Skaven', 't');
    INSERT INTO units (id, roster_id, warscroll, points, unit_size, reinforceable, keywords, created_at)
        VALUES (1, 1, 'a', 100, 1, 0, '[]', 't'), (2, 1, 'b', 100, 5, 1, '[]', 't'),
               (3, 1, 'c', 100, 1, 0, '[]', 't'), (4, 2, 'd', 100, 1, 0, '[]', 't'),
               (5, 2, 'e', 100, 5, 1, '[]', 't'), (6, 2, 'f', 100, 5, 1, '[]', 't');
    INSERT INTO battles (id, campaign_id, points_limit, battleplan, created_at)
        VALUES (1, 1, 1000, 'The Ambush', 't');
    INSERT INTO battle_sides (battle_id, roster_id, side) VALUES (1, 1, 0), (1, 2, 1);
    INSERT INTO change_sets (id, campaign_id, battle_id, command, summary, created_at)
        VALUES (1, 1, 1, 'battle new', 'Battle 1 planned', 't');
";

/// Logs change set `id` of `command` by `roster` and keeps battle 1 as it is now in form 1:
/// what `battles::snapshot` wrote before V7 (`SELECT *` of the sides and units, keys by
/// column name), with or without who picks roles.
fn log_with_form_1(conn: &Connection, id: i64, command: &str, roster: Option<i64>, roles_kept: bool) {
    conn.execute(
        "INSERT INTO change_sets (id, campaign_id, roster_id, battle_id, command, summary, created_at)
         VALUES (?1, 1, ?2, 1, ?3, 'a command', 't')",
        rusqlite::params![id, roster, command],
    )
    .unwrap();
    let form_1 = include_str!("../../../tests/fixtures/form_1_snapshot.sql");
    let kept: String = conn.query_row(form_1, [], |r| r.get(0)).unwrap();
    let kept = if roles_kept {
        kept
    } else {
        let mut v: serde_json::Value = serde_json::from_str(&kept).unwrap();
        v.as_object_mut().unwrap().remove("roles_roster_id");
        v.to_string()
    };
    conn.execute(
        "UPDATE change_sets SET battle_before = ?2 WHERE id = ?1",
        rusqlite::params![id, kept],
    )
    .unwrap();
}

/// Battle 1 as stored: its own row, then every side and unit row, each column's value.
fn battle_rows(conn: &Connection) -> (String, Vec<String>) {
    let rows = |sql: &str| -> Vec<String> {
        let mut stmt = conn.prepare(sql).unwrap();
        let n = stmt.column_count();
        stmt.query_map([], |r| {
            let values: Vec<Value> = (0..n).map(|i| r.get(i)).collect::<Result<_, _>>()?;
            Ok(format!("{values:?}"))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
    };
    // The columns every version has (V8 added the realm's after them).
    let battle = rows(
        "SELECT id, campaign_id, points_limit, battleplan, created_at, status, roles_roster_id, cancelled
         FROM battles WHERE id = 1",
    )
    .remove(0);
    let mut parts = rows("SELECT * FROM battle_sides WHERE battle_id = 1 ORDER BY roster_id");
    parts.extend(rows(
        "SELECT * FROM battle_units WHERE battle_id = 1 ORDER BY roster_id, position",
    ));
    (battle, parts)
}

fn units(conn: &Connection, roster: i64, rows: &str) {
    conn.execute(
        "DELETE FROM battle_units WHERE battle_id = 1 AND roster_id = ?1",
        [roster],
    )
    .unwrap();
    conn.execute_batch(&format!(
        "INSERT INTO battle_units (battle_id, roster_id, unit_id, general, regiment, destroyed,
                                   slew_hero_or_monster, position) VALUES {rows}"
    ))
    .unwrap();
}

fn kept(store: &Store, set: i64) -> String {
    history::battle_before(store.conn(), set).unwrap().unwrap()
}

fn undo(store: &mut Store, set: i64, what: BattleUndo) -> anyhow::Result<()> {
    store.write(|tx| battles::undo_records(tx, 1, set, what))
}

#[test]
fn form_1_snapshots_are_converted_and_undo_restores_what_it_did() {
    let conn = at_version(6);
    conn.execute_batch(PLANNED).unwrap();
    let planned = battle_rows(&conn);
    // Set 2: Hammers' first army (nothing of theirs before it).
    log_with_form_1(&conn, 2, "battle army", Some(1), true);
    units(&conn, 1, "(1, 1, 1, 1, 1, 0, 0, 0), (1, 1, 2, 0, 1, 0, 0, 1)");
    let first_army = battle_rows(&conn);
    // Set 3: the Hammers' army replaced (their first one kept).
    log_with_form_1(&conn, 3, "battle army", Some(1), true);
    units(
        &conn,
        1,
        "(1, 1, 3, 1, 3, 0, 0, 0), (1, 1, 2, 0, 3, 0, 0, 1), (1, 1, 1, 0, NULL, 0, 0, 2)",
    );
    let second_army = battle_rows(&conn);
    // Set 4: the Rats' army, kept by a ptg that did not keep who picks roles yet; this army
    // decides them. Unit 6 comes marked destroyed (an army written back as loaded).
    log_with_form_1(&conn, 4, "battle army", Some(2), false);
    units(&conn, 2, "(1, 2, 4, 1, 4, 0, 0, 0), (1, 2, 6, 0, 4, 1, 0, 1)");
    conn.execute("UPDATE battles SET roles_roster_id = 2 WHERE id = 1", [])
        .unwrap();
    let both_armies = battle_rows(&conn);
    // Set 5: the result.
    log_with_form_1(&conn, 5, "battle result", None, true);
    conn.execute_batch(
        "UPDATE battle_sides SET victory_points = 14, result = 'major_victory', general_slain = 1,
                quest_points = 2 WHERE roster_id = 1;
         UPDATE battle_sides SET victory_points = 8, result = 'major_defeat', withdrew = 1
          WHERE roster_id = 2;
         UPDATE battle_units SET destroyed = 1 WHERE unit_id IN (4, 2);
         UPDATE battle_units SET slew_hero_or_monster = 1 WHERE unit_id = 3;
         UPDATE battles SET status = 'fought' WHERE id = 1;",
    )
    .unwrap();
    // Sets 6 and 7: damaged before the upgrade (not JSON; JSON but not form 1); they stay as
    // they were.
    for (set, damaged) in [(6, "garbage"), (7, "[1]")] {
        log_with_form_1(&conn, set, "battle army", Some(2), true);
        conn.execute(
            "UPDATE change_sets SET battle_before = ?2 WHERE id = ?1",
            rusqlite::params![set, damaged],
        )
        .unwrap();
    }
    let fought = battle_rows(&conn);

    let mut store = Store::setup(conn).expect("upgraded to the newest version");
    assert_eq!(kept(&store, 2), r#"{"v":2,"army":{"roles":null,"units":[]}}"#);
    assert_eq!(
        kept(&store, 3),
        r#"{"v":2,"army":{"roles":null,"units":[[1,1,1,0,0,0],[2,0,1,0,0,1]]}}"#
    );
    assert_eq!(
        kept(&store, 4),
        r#"{"v":2,"army":{"units":[]}}"#,
        "roles not kept"
    );
    assert_eq!(
        kept(&store, 5),
        r#"{"v":2,"result":{"status":"planned","sides":[[1,null,null,0,0,0],[2,null,null,0,0,0]],"units":[[3,0,0],[2,0,0],[1,0,0],[4,0,0],[6,1,0]]}}"#
    );
    assert_eq!(
        (kept(&store, 6), kept(&store, 7)),
        ("garbage".into(), "[1]".into())
    );
    assert_eq!(
        battle_rows(store.conn()),
        fought,
        "the upgrade leaves the battle alone"
    );

    for (set, problem) in [(6, "is not JSON"), (7, "not a JSON object")] {
        let err = undo(&mut store, set, BattleUndo::RestoreArmy { roster: 2 }).unwrap_err();
        let err = format!("{err:#}");
        assert!(
            err.contains(&format!("change set {set}")) && err.contains(problem),
            "{err}"
        );
    }
    assert_eq!(battle_rows(store.conn()), fought, "a failed undo writes nothing");

    undo(&mut store, 5, BattleUndo::RestoreResult).unwrap();
    assert_eq!(battle_rows(store.conn()), both_armies);
    // Form 1 without `roles_roster_id` left roles alone: the Rats' army had set them to 2.
    undo(&mut store, 4, BattleUndo::RestoreArmy { roster: 2 }).unwrap();
    let (battle, rest) = battle_rows(store.conn());
    assert_eq!(rest, second_army.1);
    assert_eq!(battle, both_armies.0, "roles still 2");
    undo(&mut store, 3, BattleUndo::RestoreArmy { roster: 1 }).unwrap();
    assert_eq!(battle_rows(store.conn()).1, first_army.1);
    undo(&mut store, 2, BattleUndo::RestoreArmy { roster: 1 }).unwrap();
    assert_eq!(battle_rows(store.conn()), planned, "roles back to none, no units");
}

#[test]
fn a_snapshot_of_the_wrong_kind_or_form_is_an_error_naming_the_problem() {
    let conn = at_version(6);
    conn.execute_batch(PLANNED).unwrap();
    let mut store = Store::setup(conn).unwrap();
    let cases = [
        (r#"{"v":2,"army":{"roles":null,"units":[]}}"#, "kept by an army"),
        (r#"{"v":3,"result":{}}"#, "of form 3"),
        (r#"{"status":"planned","sides":[],"units":[]}"#, "no form version"),
        (
            r#"{"v":2,"result":{"status":"planned","sides":[],"units":[[1,2,0]]}}"#,
            "not a flag",
        ),
        (
            r#"{"v":2,"result":{"status":"won","sides":[],"units":[]}}"#,
            "won",
        ),
        (
            r#"{"v":2,"result":{"status":"planned","sides":[[9,null,null,0,0,0]],"units":[]}}"#,
            "roster 9",
        ),
        (
            r#"{"v":2,"result":{"status":"planned","sides":[],"units":[[9,0,0]]}}"#,
            "unit 9",
        ),
        ("[1]", "not a JSON object"),
    ];
    let before = battle_rows(store.conn());
    for (kept, problem) in cases {
        store
            .conn()
            .execute("UPDATE change_sets SET battle_before = ?1 WHERE id = 1", [kept])
            .unwrap();
        let err = undo(&mut store, 1, BattleUndo::RestoreResult).unwrap_err();
        let err = format!("{err:#}");
        assert!(
            err.contains("change set 1") && err.contains(problem),
            "{kept}: {err}"
        );
        // Some of these fail after the status was put back: all of it is rolled back.
        assert_eq!(
            battle_rows(store.conn()),
            before,
            "{kept}: a failed undo writes nothing"
        );
    }
    store
        .conn()
        .execute(
            "UPDATE change_sets SET battle_before = ?1 WHERE id = 1",
            [r#"{"v":2,"result":{"status":"planned","sides":[],"units":[]}}"#],
        )
        .unwrap();
    let err = format!(
        "{:#}",
        undo(&mut store, 1, BattleUndo::RestoreArmy { roster: 1 }).unwrap_err()
    );
    assert!(err.contains("kept by a result"), "{err}");
    assert_eq!(battle_rows(store.conn()), before);
}
