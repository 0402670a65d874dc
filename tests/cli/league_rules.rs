//! A league file is checked by the engine's rules, not only by types and ranges (issue 39):
//! a real export, mutated into rows `ptg export` could never write (a battle missing a side, a
//! column left out, an enhancement on a unit that is not a HERO, a die outside its faces, a
//! twist in round 8, a day not in the calendar, ...), is refused with exit 1 naming the row,
//! into a new path (no database made) and into a full database (unchanged); the export itself
//! still imports with a clean audit. The same rows written into a database by sqlite3 are
//! found by `ptg audit`.

use crate::common;

use common::league::{LEAGUE, LEAGUE_FIXTURE};
use common::{Fixture, Ptg};
use serde_json::{Value, json};
use std::sync::OnceLock;

/// The test league with `ptg demo` beside it (twists, enhancements, rewards, a tome, quests)
/// and an undone `campaign set` (an undo and the set it undid).
static LEAGUE_AND_DEMO: Fixture = Fixture::new(|| {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["demo", "--db", p.db().to_str().unwrap()]);
    p.ok(&["campaign", "set", LEAGUE, "--standings", "wins"]);
    p.ok(&["undo", "--campaign", LEAGUE]);
    p
});

/// That league as `ptg export` writes it, exported once per test binary.
fn exported() -> &'static Value {
    static FILE: OnceLock<Value> = OnceLock::new();
    FILE.get_or_init(|| serde_json::from_str(&LEAGUE_AND_DEMO.copy().ok(&["export"])).unwrap())
}

fn at(file: &Value, table: &str, column: &str) -> usize {
    file["tables"][table]["columns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c == column)
        .unwrap_or_else(|| panic!("{table}.{column}"))
}

fn rows<'a>(file: &'a Value, table: &str) -> &'a Vec<Value> {
    file["tables"][table]["rows"].as_array().unwrap()
}

/// The index of the first row of `table` that `pick` takes.
fn first(file: &Value, table: &str, pick: impl Fn(&dyn Fn(&str) -> Value) -> bool) -> usize {
    rows(file, table)
        .iter()
        .position(|r| pick(&|c: &str| r[at(file, table, c)].clone()))
        .unwrap_or_else(|| panic!("no such row of {table}"))
}

fn set(file: &mut Value, table: &str, row: usize, column: &str, value: Value) {
    let c = at(file, table, column);
    file["tables"][table]["rows"][row][c] = value;
}

fn drop_column(file: &mut Value, table: &str, column: &str) {
    let c = at(file, table, column);
    file["tables"][table]["columns"].as_array_mut().unwrap().remove(c);
    for row in file["tables"][table]["rows"].as_array_mut().unwrap() {
        row.as_array_mut().unwrap().remove(c);
    }
}

/// Writes `file` into a new file beside `p`'s database; returns its path.
fn write(p: &Ptg, file: &Value) -> String {
    let n = std::fs::read_dir(p.dir.path()).unwrap().count();
    let path = p.dir.path().join(format!("league-{n}.json"));
    std::fs::write(&path, file.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

/// A database with a league of its own (every id of the file taken), the file's league name
/// free.
fn full() -> Ptg {
    let q = LEAGUE_FIXTURE.copy();
    q.ok(&["campaign", "rename", LEAGUE, "Home League"]);
    q
}

/// Refused with exit 1 and `expected` in the words, into a new path (nothing made there) and
/// into a full database (unchanged: `refused` compares every row).
fn assert_refused(what: &str, file: &Value, expected: &str) {
    let empty = Ptg::new();
    let path = write(&empty, file);
    let said = empty.refused(&["import", &path], expected);
    assert!(
        !empty.db().exists(),
        "{what}: a refused import left a database behind\n{said}"
    );
    let q = full();
    let path = write(&q, file);
    q.refused(&["import", &path], expected);
    q.ok(&["audit"]);
}

type Mutation = (&'static str, Box<dyn Fn(&mut Value)>, String);

/// Each mutation of the export, with the words (row, column, problem) its refusal must hold.
fn mutations(file: &Value) -> Vec<Mutation> {
    let battle = rows(file, "battle_sides")[0][at(file, "battle_sides", "battle_id")]
        .as_i64()
        .unwrap();
    let battle_row = first(file, "battles", |c| c("id") == json!(battle)) + 1;
    let d6 = first(file, "rolls", |c| c("expression") == "D6");
    let d6_id = rows(file, "rolls")[d6][0].as_i64().unwrap();
    let twist = 0;
    let twist_battle = rows(file, "battle_twists")[twist][0].as_i64().unwrap();
    // An artefact moved to a unit of its roster that is not a HERO.
    let artefact = first(file, "enhancements", |c| c("kind") == "artefact");
    let owner = rows(file, "enhancements")[artefact][1].clone();
    let not_hero = first(file, "units", |c| {
        c("roster_id") == owner && !c("keywords").as_array().unwrap().contains(&json!("HERO"))
    });
    let not_hero_id = rows(file, "units")[not_hero][0].clone();
    let ended = first(file, "rosters", |c| c("setup_complete") == json!(true));
    let claimed = first(file, "rewards", |c| !c("claimed_set_id").is_null());
    let undo = first(file, "change_sets", |c| !c("undoes").is_null());
    let undone = rows(file, "change_sets")[undo][at(file, "change_sets", "undoes")]
        .as_i64()
        .unwrap();
    let undone_row = first(file, "change_sets", |c| c("id") == json!(undone));
    let fought = first(file, "battle_sides", |c| c("result") == "major_victory");
    // A unit of an army that is not its general, and that army's battle and roster.
    let soldier = first(file, "battle_units", |c| c("general") == json!(false));
    let soldier_row = &rows(file, "battle_units")[soldier];
    let (army_battle, army_roster) = (
        soldier_row[at(file, "battle_units", "battle_id")].clone(),
        soldier_row[at(file, "battle_units", "roster_id")].clone(),
    );
    let army_battle_row = first(file, "battles", |c| c("id") == army_battle) + 1;
    let claimed_id = rows(file, "rewards")[claimed][0].clone();
    let granted = rows(file, "rewards")[claimed][at(file, "rewards", "granted_set_id")].clone();
    let granted_words = granted.to_string();
    vec![
        (
            "an army's unit deleted",
            Box::new(move |f| {
                f["tables"]["battle_units"]["rows"]
                    .as_array_mut()
                    .unwrap()
                    .remove(soldier);
            }),
            format!(
                "row {army_battle_row} of table 'battles' (battle {army_battle}), its rows of table 'battle_units' of roster {army_roster}: the `battle army` set that recorded it took"
            ),
        ),
        (
            "a claimed reward naming another set",
            Box::new(move |f| set(f, "rewards", claimed, "claimed_set_id", granted.clone())),
            format!(
                "row {} of table 'rewards' (reward {claimed_id}), column 'claimed_set_id': set {granted_words} does not claim it",
                claimed + 1
            ),
        ),
        (
            "victory points changed and the result not",
            Box::new(move |f| set(f, "battle_sides", fought, "victory_points", json!(0))),
            "columns 'victory_points' and 'result': its victory points".to_string(),
        ),
        (
            "a battle with one side deleted",
            Box::new(move |f| {
                f["tables"]["battle_sides"]["rows"]
                    .as_array_mut()
                    .unwrap()
                    .remove(1);
            }),
            format!(
                "row {battle_row} of table 'battles' (battle {battle}), its rows of table 'battle_sides': it has 1 side(s)"
            ),
        ),
        (
            "a die of 7",
            Box::new(move |f| {
                set(f, "rolls", d6, "faces", json!([7]));
                set(f, "rolls", d6, "total", json!(7));
            }),
            format!(
                "row {} of table 'rolls' (roll {d6_id}), column 'faces': 7 cannot be rolled on a D6",
                d6 + 1
            ),
        ),
        (
            "a total its dice do not make",
            Box::new(move |f| set(f, "rolls", d6, "total", json!(13))),
            format!("row {} of table 'rolls' (roll {d6_id}), column 'total'", d6 + 1),
        ),
        (
            "a day not in the calendar",
            Box::new(|f| set(f, "rosters", 0, "created_at", json!("2026-02-30T10:00:00Z"))),
            "row 1 of table 'rosters', column 'created_at': '2026-02-30T10:00:00Z' is not a real date"
                .to_string(),
        ),
        (
            "a time in a form ptg does not write",
            Box::new(|f| set(f, "change_sets", 0, "created_at", json!("24/11/2026 05:27"))),
            "row 1 of table 'change_sets', column 'created_at'".to_string(),
        ),
        (
            "a twist in round 8",
            Box::new(move |f| set(f, "battle_twists", twist, "round", json!(8))),
            format!(
                "row 1 of table 'battle_twists' (battle {twist_battle}), column 'round': a battle has rounds 1 to 5, so there is no round 8"
            ),
        ),
        (
            "an artefact on a unit that is not a HERO",
            Box::new(move |f| set(f, "enhancements", artefact, "unit_id", not_hero_id.clone())),
            format!("row {} of table 'enhancements'", artefact + 1),
        ),
        (
            "a column left out that puts rosters back in set-up",
            Box::new(|f| drop_column(f, "rosters", "setup_complete")),
            "the file's table 'rosters' has no column 'setup_complete', which `ptg export` always writes"
                .to_string(),
        ),
        (
            "a column left out that makes rewards owed again",
            Box::new(|f| drop_column(f, "rewards", "claimed_set_id")),
            "the file's table 'rewards' has no column 'claimed_set_id'".to_string(),
        ),
        (
            "a twist moved to a round its roll was not rolled for",
            Box::new(move |f| set(f, "battle_twists", twist, "round", json!(3))),
            "column 'roll_id': the twist is of round 3, and its roll was rolled for".to_string(),
        ),
        (
            "an aftermath no longer marked on its side",
            Box::new(move |f| set(f, "battle_sides", fought, "aftermath_set_id", Value::Null)),
            "column 'aftermath_set_id': its aftermath (set".to_string(),
        ),
        (
            "a fought battle marked cancelled",
            Box::new(move |f| set(f, "battles", battle_row - 1, "cancelled", json!(true))),
            format!("row {battle_row} of table 'battles' (battle {battle}), column 'cancelled'"),
        ),
        (
            "a field of the head left out",
            Box::new(|f| {
                f.as_object_mut().unwrap().remove("written_by");
            }),
            "missing field `written_by`".to_string(),
        ),
        (
            "a table left out",
            Box::new(|f| {
                f["tables"].as_object_mut().unwrap().remove("battle_twists");
            }),
            "the file has no table 'battle_twists'".to_string(),
        ),
        (
            "a roster put back in set-up its log ended",
            Box::new(move |f| set(f, "rosters", ended, "setup_complete", json!(false))),
            "is stored as in set-up, but its change log completes set-up".to_string(),
        ),
        (
            "a claimed reward owed again",
            Box::new(move |f| set(f, "rewards", claimed, "claimed_set_id", Value::Null)),
            "the rewards stored as owed are".to_string(),
        ),
        (
            "a fought battle whose results are not opposite",
            Box::new(move |f| set(f, "battle_sides", fought, "result", json!("draw"))),
            "it is fought with the results draw and".to_string(),
        ),
        (
            "an undone set no longer marked undone",
            Box::new(move |f| set(f, "change_sets", undone_row, "undone_by", Value::Null)),
            format!(
                "column 'undoes': set {} undoes set {undone}, and set {undone} is marked not undone",
                rows(file, "change_sets")[undo][0]
            ),
        ),
    ]
}

#[test]
fn the_export_itself_imports_with_a_clean_audit() {
    let file = exported();
    for q in [Ptg::new(), full()] {
        let path = write(&q, file);
        let said = q.ok(&["import", &path]);
        assert!(said.contains("all add up"), "{said}");
        let audit = q.ok(&["audit"]);
        assert!(audit.contains("no findings"), "{audit}");
    }
}

#[test]
fn each_row_ptg_could_never_write_is_refused_naming_it() {
    let file = exported();
    for (what, mutate, expected) in mutations(file) {
        let mut bad = file.clone();
        mutate(&mut bad);
        assert_refused(what, &bad, &expected);
    }
}

#[test]
fn every_column_left_out_is_refused_but_those_older_files_lack() {
    let file = exported();
    let p = Ptg::new();
    for (table, t) in file["tables"].as_object().unwrap() {
        for column in t["columns"].as_array().unwrap() {
            let column = column.as_str().unwrap();
            let mut bad = file.clone();
            drop_column(&mut bad, table, column);
            let path = write(&p, &bad);
            let older = [("battles", "roles_rolled"), ("battle_triumphs", "dropped_set_id")];
            if older.contains(&(table.as_str(), column)) {
                // Files written before schema V14 lack them: read with the old meaning.
                let q = Ptg::new();
                q.ok(&["import", &path]);
                continue;
            }
            let out = p.cmd(&["import", &path]).output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{table}.{column} left out: {stderr}");
            assert!(
                stderr.contains(&format!("the file's table '{table}' has no column '{column}'")),
                "{table}.{column}: {stderr}"
            );
            assert!(!p.db().exists(), "{table}.{column}: a database was made");
        }
    }
}

/// A copy of `p`'s database with `sql` run on it by sqlite itself.
fn by_sqlite(p: &Ptg, sql: &str) -> String {
    p.checkpoint();
    let n = std::fs::read_dir(p.dir.path()).unwrap().count();
    let copy = p.dir.path().join(format!("edited-{n}.sqlite3"));
    std::fs::copy(p.db(), &copy).unwrap();
    let conn = rusqlite::Connection::open(&copy).unwrap();
    conn.execute_batch(sql).unwrap_or_else(|e| panic!("{sql}: {e}"));
    copy.to_str().unwrap().to_string()
}

#[test]
fn the_audit_finds_the_same_rows_written_by_sqlite() {
    let p = LEAGUE_AND_DEMO.copy();
    let demo = "Ashen Vale (demo)";
    let cases = [
        (
            "UPDATE rolls SET faces = '[7]', total = 7 WHERE id = (SELECT MIN(id) FROM rolls WHERE expression = 'D6');",
            "7 cannot be rolled on a D6",
        ),
        ("UPDATE battle_twists SET round = 8;", "so there is no round 8"),
        (
            "DELETE FROM battle_sides WHERE side = 1 AND battle_id = (SELECT MIN(battle_id) FROM battle_sides);",
            "it has 1 side(s)",
        ),
        (
            "UPDATE change_sets SET created_at = '2026-02-30T10:00:00Z' WHERE id = (SELECT MAX(id) FROM change_sets);",
            "is not a real date",
        ),
        (
            "UPDATE enhancements SET unit_id = (SELECT u.id FROM units u WHERE u.roster_id = enhancements.roster_id
               AND u.keywords NOT LIKE '%\"HERO\"%' LIMIT 1)
             WHERE id = (SELECT MIN(id) FROM enhancements WHERE kind = 'artefact');",
            "holds the enhancement",
        ),
        (
            "UPDATE rewards SET claimed_set_id = NULL WHERE claimed_set_id IS NOT NULL;",
            "the rewards stored as owed are",
        ),
        (
            "DELETE FROM battle_units WHERE rowid = (SELECT MIN(rowid) FROM battle_units WHERE general = 0);",
            "the `battle army` set that recorded it took",
        ),
        (
            "UPDATE battle_sides SET victory_points = 0 WHERE result = 'major_victory';",
            "'s rule, and it is stored as",
        ),
        (
            "UPDATE rewards SET claimed_set_id = granted_set_id WHERE claimed_set_id IS NOT NULL;",
            "the set's changes do not claim reward",
        ),
    ];
    for (sql, expected) in cases {
        let db = by_sqlite(&p, sql);
        // `--full`: replays every roster whatever a clean audit kept.
        let out = p
            .cmd(&["--db", &db, "audit", "--full", "--json"])
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(1), "{sql}");
        let report: Value = serde_json::from_slice(&out.stdout).unwrap();
        let messages: Vec<&str> = report["findings"]
            .as_array()
            .unwrap()
            .iter()
            .map(|f| f["message"].as_str().unwrap())
            .collect();
        assert!(
            messages.iter().any(|m| m.contains(expected)),
            "{sql}: {expected} not in {messages:#?}"
        );
    }
    let clean = p.ok(&["audit", "--campaign", demo]);
    assert!(clean.contains("no findings"), "{clean}");
}
