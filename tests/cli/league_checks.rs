//! `ptg import` checks a league file whole before it writes (issue 30): numbers out of range,
//! names the commands refuse, JSON columns of the wrong shape, ids that name nothing and a
//! league that fails its audit are refused (exit 1) listing every problem, with the database
//! unchanged, into an empty database and a full one alike; and history's words name the right
//! battle once ids moved.

use crate::common;

use common::Ptg;
use common::league::{LEAGUE, LEAGUE_FIXTURE};
use serde_json::{Value, json};

/// The test league as `ptg export --campaign` writes it.
fn league_file() -> Value {
    let p = LEAGUE_FIXTURE.copy();
    serde_json::from_str(&p.ok(&["export", "--campaign", LEAGUE])).unwrap()
}

/// Sets `column` of row `row` of `table` in a league file.
fn set(file: &mut Value, table: &str, row: usize, column: &str, value: Value) {
    let t = &mut file["tables"][table];
    let at = t["columns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c == column)
        .unwrap_or_else(|| panic!("{table}.{column}"));
    t["rows"][row][at] = value;
}

/// The row of `table` whose `column` is `value`.
fn row_where(file: &Value, table: &str, column: &str, value: &Value) -> usize {
    let t = &file["tables"][table];
    let at = t["columns"]
        .as_array()
        .unwrap()
        .iter()
        .position(|c| c == column)
        .unwrap();
    t["rows"]
        .as_array()
        .unwrap()
        .iter()
        .position(|r| &r[at] == value)
        .unwrap_or_else(|| panic!("no {table} row with {column} = {value}"))
}

/// Writes `file` beside `p`'s database; returns its path.
fn write(p: &Ptg, file: &Value) -> String {
    let n = std::fs::read_dir(p.dir.path()).unwrap().count();
    let path = p.dir.path().join(format!("league-{n}.json"));
    std::fs::write(&path, file.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

/// A database holding a league of its own, every id of the file taken.
fn full() -> Ptg {
    let q = LEAGUE_FIXTURE.copy();
    q.ok(&["campaign", "rename", LEAGUE, "Home League"]);
    q
}

/// Changes the first logged change `edit` takes (it says whether it changed it).
fn edit_payload(file: &mut Value, edit: impl Fn(&mut Value) -> bool) {
    let rows = file["tables"]["changes"]["rows"].as_array_mut().unwrap();
    for row in rows {
        if edit(&mut row[5]) {
            return;
        }
    }
    panic!("no logged change to edit");
}

/// A change made to a league file.
type Edit = Box<dyn Fn(&mut Value)>;

/// The edits of issue 30 that used to commit and break the database, or be let in: each with
/// the words of its refusal.
fn bad_edits(file: &Value) -> Vec<(&'static str, Edit, &'static str)> {
    let army = row_where(file, "change_sets", "command", &json!("battle army"));
    let result = row_where(file, "change_sets", "command", &json!("battle result"));
    vec![
        (
            "glory 1.5",
            Box::new(|f| set(f, "rosters", 0, "glory", json!(1.5))),
            "1.5 is out of range; a whole number from 0 to",
        ),
        (
            "glory 2^63",
            Box::new(|f| set(f, "rosters", 0, "glory", json!(9_223_372_036_854_775_808u64))),
            "9223372036854775808 is out of range",
        ),
        (
            "options of the wrong shape",
            Box::new(|f| set(f, "campaigns", 0, "options", json!([1, 2]))),
            "the campaign's options cannot be read",
        ),
        (
            "options not JSON",
            Box::new(|f| set(f, "campaigns", 0, "options", json!("{realms"))),
            "the campaign's options cannot be read",
        ),
        (
            "a battle kept for undo that cannot be read",
            Box::new(move |f| {
                set(
                    f,
                    "change_sets",
                    army,
                    "battle_before",
                    json!({"v": 2, "army": 7}),
                )
            }),
            "the battle it kept for undo cannot be read",
        ),
        (
            "an army's undo keeping a result",
            Box::new(move |f| {
                let kept = f["tables"]["change_sets"]["rows"][result][9].clone();
                set(f, "change_sets", army, "battle_before", kept);
            }),
            "a 'battle army' keeps a battle's army for its undo, and this one keeps its result",
        ),
        (
            "a change that cannot be read",
            Box::new(|f| set(f, "changes", 0, "payload", json!({"kind": "steal_glory"}))),
            "the change cannot be read",
        ),
        (
            "a change naming a unit not in the file",
            Box::new(|f| {
                edit_payload(f, |p| match p["unit"]["existing"].is_i64() {
                    true => {
                        p["unit"]["existing"] = json!(9999);
                        true
                    }
                    false => false,
                })
            }),
            "names unit 9999, which is not in the file",
        ),
        (
            "a NUL in a roster's name",
            Box::new(|f| set(f, "rosters", 0, "name", json!("Ham\u{0}mers"))),
            "roster name: no control characters allowed (found U+0000",
        ),
        (
            "an empty player name",
            Box::new(|f| set(f, "rosters", 1, "player", json!(""))),
            "player name: must not be blank",
        ),
        (
            "a campaign name of 10,000 characters",
            Box::new(|f| set(f, "campaigns", 0, "name", json!("x".repeat(10_000)))),
            "campaign name: 10000 characters is too long",
        ),
        (
            "an escape sequence in a unit's name",
            Box::new(|f| set(f, "units", 0, "name", json!("\u{1b}]0;pwned\u{7}"))),
            "unit name: no control characters allowed",
        ),
        (
            "a reason with a line break",
            Box::new(|f| {
                edit_payload(f, |p| match p["reason"].is_string() {
                    true => {
                        p["reason"] = json!("battle 1\n+100 glory (forged)");
                        true
                    }
                    false => false,
                })
            }),
            "reason: no control characters allowed",
        ),
        (
            "a dangling battle id",
            Box::new(|f| set(f, "battle_sides", 0, "battle_id", json!(77))),
            "names row 77 of table 'battles', which is not in the file",
        ),
        (
            "a negative id",
            Box::new(|f| set(f, "units", 0, "id", json!(-3))),
            "-3 is not an id",
        ),
        (
            "a result ptg does not write",
            Box::new(|f| set(f, "battle_sides", 0, "result", json!("crushing"))),
            "'crushing' is not a word ptg writes there",
        ),
    ]
}

#[test]
fn a_file_the_commands_would_not_have_let_in_is_refused_whole_into_an_empty_and_a_full_database() {
    let file = league_file();
    for (what, edit, expected) in bad_edits(&file) {
        let mut bad = file.clone();
        edit(&mut bad);
        let empty = Ptg::new();
        let path = write(&empty, &bad);
        empty.refused(&["import", &path], expected);
        assert!(
            !empty.db().exists(),
            "{what}: a refused import left a database behind"
        );
        // Nor the folders it would have been made in.
        let deep = empty.dir.path().join("new/league/ptg.sqlite3");
        let db = deep.to_str().unwrap();
        empty.refused(&["--db", db, "import", &path], expected);
        assert!(
            !empty.dir.path().join("new").exists(),
            "{what}: folders left behind"
        );
        let q = full();
        q.refused(&["import", &path], expected);
        q.ok(&["roster", "list"]);
        q.ok(&["audit"]);
    }
}

#[test]
fn a_refusal_lists_every_problem_not_only_the_first() {
    let mut file = league_file();
    set(&mut file, "rosters", 0, "glory", json!(1.5));
    set(&mut file, "rosters", 1, "name", json!(""));
    set(&mut file, "units", 2, "name", json!("a\u{9b}b"));
    set(&mut file, "campaigns", 0, "options", json!(3));
    let q = Ptg::new();
    let path = write(&q, &file);
    let said = q.refused(&["import", &path], "(4 problem(s); nothing was written)");
    for part in [
        "row 1 of table 'rosters', column 'glory'",
        "row 2 of table 'rosters', column 'name'",
        "row 3 of table 'units', column 'name'",
        "row 1 of table 'campaigns', column 'options'",
    ] {
        assert!(said.contains(part), "{part} in {said}");
    }
    // Into the database it came from: its name taken, and a null where a value is needed,
    // told with the rest.
    set(&mut file, "units", 0, "warscroll", Value::Null);
    let home = LEAGUE_FIXTURE.copy();
    let path = write(&home, &file);
    let said = home.refused(&["import", &path], "(6 problem(s); nothing was written)");
    for part in [
        "row 1 of table 'units', column 'warscroll': it is null",
        &format!("already has a campaign called '{LEAGUE}' (id 1)"),
    ] {
        assert!(said.contains(part), "{part} in {said}");
    }
}

#[test]
fn a_league_that_fails_its_audit_is_refused_and_nothing_is_written() {
    let mut file = league_file();
    let glory = file["tables"]["rosters"]["rows"][0][6].as_i64().unwrap();
    set(&mut file, "rosters", 0, "glory", json!(glory + 5));
    for q in [Ptg::new(), full()] {
        let path = write(&q, &file);
        q.refused(&["import", &path], "do not pass the audit");
    }
}

/// Every battle number history's words name ("Battle 3", "battle 3").
fn battles_named(text: &str) -> Vec<i64> {
    text.split("attle ")
        .skip(1)
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

#[test]
fn once_battle_ids_move_history_names_the_battles_by_their_new_ids() {
    let p = LEAGUE_FIXTURE.copy();
    // An undo, whose summary names the set it undid ("Undo #N: ...").
    p.ok(&["campaign", "set", LEAGUE, "--standings", "wins"]);
    p.ok(&["undo", "--campaign", LEAGUE]);
    let text = p.ok(&["export", "--campaign", LEAGUE]);
    let home = battles_named(&p.ok(&["history", "--campaign", LEAGUE]));
    assert!(home.contains(&1) && home.contains(&6), "{home:?}");
    let q = full();
    let path = q.dir.path().join("league.json");
    std::fs::write(&path, text).unwrap();
    q.ok(&["import", path.to_str().unwrap()]);
    // The home league has battles 1 to 6: the imported ones are 7 to 12.
    let imported = battles_named(&q.ok(&["history", "--campaign", LEAGUE]));
    assert!(!imported.is_empty());
    assert!(
        imported.iter().all(|n| (7..=12).contains(n)),
        "the imported history names {imported:?}"
    );
    let moved: Vec<i64> = home.iter().map(|n| n + 6).collect();
    assert_eq!(imported, moved);
    q.ok(&["audit"]);
    // Each undo names the imported set it undid, by its id here.
    let history = q.json(&["history", "--campaign", LEAGUE]);
    let undos: Vec<&Value> = history
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["command"] == "undo")
        .collect();
    assert!(!undos.is_empty());
    for undo in undos {
        let words = undo["summary"].as_str().unwrap();
        assert!(
            words.starts_with(&format!("Undo #{}: ", undo["undoes"])),
            "{words} undoes set {}",
            undo["undoes"]
        );
    }
}
