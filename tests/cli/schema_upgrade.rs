//! End-to-end: databases written by earlier ptg versions (the files in `tests/fixtures/`)
//! upgrade on the first command and stay whole; a file an older ptg left half-upgraded (a
//! migration's SQL applied, its history row missing) is repaired; one whose schema matches no
//! version is refused untouched; and many processes opening one new file at once all succeed.

use crate::common;

use common::league::{LEAGUE, LEAGUE_FIXTURE, MOONCLAN, assert_table_adds_up, counted_in_table};
use common::{ASHEN_VALE, HAMMERS, Ptg, RATS, fixture};
use rusqlite::Connection;
use serde_json::Value;
use std::path::Path;

mod embedded {
    refinery::embed_migrations!("migrations");
}

/// The fixture files, written by `regenerate_schema_fixtures`.
const V1: &str = "schema_v1.sqlite3";
const V2: &str = "schema_v2.sqlite3";
const HALF_V3: &str = "schema_v2_with_v3_applied.sqlite3";
const V3: &str = "schema_v3.sqlite3";

/// The versions in the schema history of `db`.
fn history(db: &Path) -> Vec<i64> {
    let conn = Connection::open(db).expect("open db");
    let mut stmt = conn
        .prepare("SELECT version FROM refinery_schema_history ORDER BY version")
        .unwrap();
    stmt.query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Every migration's version, in order (numbers are given out ahead, so they may skip one).
fn every_version() -> Vec<i64> {
    let mut all: Vec<i64> = embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| i64::from(m.version()))
        .collect();
    all.sort_unstable();
    all
}

/// After an upgrade: every version recorded, the audit clean, both rosters readable.
fn assert_upgraded_and_whole(p: &Ptg) {
    assert_eq!(history(&p.db()), every_version());
    let audit = p.ok(&["audit"]);
    assert!(audit.contains("no findings"), "{audit}");
    for roster in [HAMMERS, RATS] {
        let shown = p.json(&["roster", "show", roster]);
        assert!(!shown["units"].as_array().expect("units").is_empty(), "{shown}");
    }
}

#[test]
fn a_version_1_database_upgrades_on_the_first_command() {
    let p = Ptg::from_fixture(V1);
    assert_eq!(history(&p.db()), vec![1]);
    assert!(p.ok(&["campaign", "list"]).contains(ASHEN_VALE));
    assert_upgraded_and_whole(&p);
    p.ok(&["roster", "add", HAMMERS, "Vindictors"]);
    assert!(p.ok(&["audit"]).contains("no findings"));
}

#[test]
fn a_version_2_database_with_a_fought_battle_upgrades_on_the_first_command() {
    let p = Ptg::from_fixture(V2);
    assert_eq!(history(&p.db()), vec![1, 2]);
    p.ok(&["roster", "show", HAMMERS]);
    assert_upgraded_and_whole(&p);
    let battles = p.json(&["battle", "list"]);
    assert_eq!(battles[0]["status"], "fought", "{battles}");
}

#[test]
fn a_version_3_database_upgrades_with_legends_not_allowed_in_its_campaigns() {
    let p = Ptg::from_fixture(V3);
    assert_eq!(history(&p.db()), vec![1, 2, 3]);
    let list = p.json(&["campaign", "list"]);
    assert_eq!(list[0]["legends"], false, "{list}");
    assert_upgraded_and_whole(&p);
    p.ok(&["campaign", "set", ASHEN_VALE, "--legends", "on"]);
    p.ok(&["undo", "--campaign", ASHEN_VALE]);
    assert_eq!(p.json(&["campaign", "list"])[0]["legends"], false);
}

#[test]
fn battles_kept_for_undo_by_an_older_ptg_are_undone_after_the_upgrade() {
    // The version 3 fixture: battle 1 fought (the Hammers' Vindictors destroyed), the Rat
    // Tide's army having decided who picks roles; each command kept the whole battle before it.
    let p = Ptg::from_fixture(V3);
    let battle = |p: &Ptg| p.json(&["battle", "show", "1"]);
    let fought = battle(&p);
    assert_eq!(
        (&fought["status"], &fought["roles_roster_id"]),
        (&"fought".into(), &2.into())
    );
    let mut planned = fought.clone();
    planned["status"] = "planned".into();
    for side in planned["sides"].as_array_mut().unwrap() {
        (side["victory_points"], side["result"]) = (Value::Null, Value::Null);
        for unit in side["army"].as_array_mut().unwrap() {
            unit["destroyed"] = false.into();
        }
    }
    // Planned again, it shows the generals' renown that decides roles until a result.
    planned["generals_renown"] = serde_json::json!([5, 5]);
    p.ok(&["undo", "--yes"]); // the result
    assert_eq!(battle(&p), planned);
    p.ok(&["undo", "--yes"]); // the Rat Tide's army, and the roles it decided
    planned["roles_roster_id"] = Value::Null;
    planned.as_object_mut().unwrap().remove("generals_renown");
    planned["sides"][1]["army"] = serde_json::json!([]);
    assert_eq!(battle(&p), planned);
    p.ok(&["undo", "--yes"]); // the Hammers' army
    planned["sides"][0]["army"] = serde_json::json!([]);
    assert_eq!(battle(&p), planned);
    assert!(p.ok(&["audit"]).contains("no findings"));
}

#[test]
fn a_version_12_league_upgrades_with_what_its_table_shows_counted_from_its_history() {
    // The test league (six battles, five with their aftermaths), one aftermath undone, as a
    // ptg of schema 12 kept it: nothing kept beside the log and the battles; the league table
    // counted the glory earned and the results on each view.
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["undo", "--roster", MOONCLAN, "--yes"]);
    let table = counted_in_table(&p, LEAGUE);
    p.checkpoint();
    let old = Ptg::new();
    project(&p.db(), &old.db(), 12);
    assert_eq!(history(&old.db()), (1..=12).collect::<Vec<_>>());

    assert_eq!(counted_in_table(&old, LEAGUE), table);
    assert_eq!(history(&old.db()), every_version());
    assert_table_adds_up(&old, LEAGUE, "upgraded from schema 12");
    // Kept from then on: an aftermath, and its undo.
    let aftermath = [
        "aftermath",
        "6",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1",
    ];
    old.ok(&aftermath);
    assert_table_adds_up(&old, LEAGUE, "an aftermath after the upgrade");
    old.ok(&["undo", "--roster", RATS, "--yes"]);
    assert_eq!(counted_in_table(&old, LEAGUE), table);
    // And a result: the Rats' quest, then battle 6's result, undone.
    for _ in 0..2 {
        old.ok(&["undo", "--campaign", LEAGUE, "--yes"]);
    }
    assert_ne!(counted_in_table(&old, LEAGUE), table);
    assert_table_adds_up(&old, LEAGUE, "a result undone after the upgrade");
}

#[test]
fn a_half_upgraded_database_is_repaired() {
    let p = Ptg::from_fixture(HALF_V3);
    assert_eq!(history(&p.db()), vec![1, 2]);
    // Older ptg failed here on every run: "duplicate column name: regiment".
    p.ok(&["campaign", "list"]);
    assert_upgraded_and_whole(&p);
    let conn = Connection::open(p.db()).unwrap();
    let rows: Vec<(i64, String, String)> = conn
        .prepare("SELECT version, name, checksum FROM refinery_schema_history ORDER BY version")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    // In version order: refinery lists the embedded files by name, so V10 before V2.
    let mut expected: Vec<(i64, String, String)> = embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| {
            (
                i64::from(m.version()),
                m.name().to_string(),
                m.checksum().to_string(),
            )
        })
        .collect();
    expected.sort();
    assert_eq!(rows, expected, "the repaired rows are the ones refinery writes");
}

#[test]
fn a_database_whose_schema_matches_no_version_exits_3_untouched() {
    let p = Ptg::from_fixture(V2);
    {
        // Part of version 3 without the rest: no ptg ever writes this.
        let conn = Connection::open(p.db()).unwrap();
        conn.execute_batch("ALTER TABLE battle_units ADD COLUMN regiment INTEGER REFERENCES units(id);")
            .unwrap();
    }
    let before = std::fs::read(p.db()).unwrap();
    for args in [&["campaign", "list"][..], &["roster", "show", HAMMERS]] {
        let err = p.refused_cmd(p.cmd(args), 3, "matches no ptg schema version");
        assert!(err.contains("left the file untouched"), "{err}");
        assert!(!err.contains("duplicate column"), "{err}");
    }
    assert_eq!(std::fs::read(p.db()).unwrap(), before, "byte for byte the same");
    let wal = p.db().with_extension("sqlite3-wal");
    assert!(!wal.exists(), "the file was not switched to WAL");
    assert_eq!(history(&p.db()), vec![1, 2]);
}

/// How many processes open one new file at once, and how many times the race is run.
const PROCESSES: usize = 8;
const RACES: usize = 20;

#[test]
fn many_processes_opening_one_new_file_at_once_all_succeed() {
    let mut failures = Vec::new();
    for race in 0..RACES {
        let p = Ptg::new();
        let outputs: Vec<_> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..PROCESSES)
                .map(|i| {
                    let p = &p;
                    s.spawn(move || {
                        let name = format!("Campaign {i}");
                        // Every process writes: a read command on a file that does not
                        // exist yet is refused without creating it (tests/cli/exit_codes.rs).
                        p.cmd(&["campaign", "new", &name]).output().expect("ptg runs")
                    })
                })
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for out in outputs.iter().filter(|o| !o.status.success()) {
            failures.push(format!("race {race}: {}", String::from_utf8_lossy(&out.stderr)));
        }
        if failures.is_empty() {
            let list = p.json(&["campaign", "list"]);
            assert_eq!(list.as_array().unwrap().len(), PROCESSES, "{list}");
            assert_eq!(history(&p.db()), every_version());
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} runs failed:\n{}",
        failures.len(),
        PROCESSES * RACES,
        failures.join("\n")
    );
}

/// Writes `tests/fixtures/*.sqlite3`: a campaign of two rosters played by today's ptg, then
/// projected onto the schema of each earlier version (migrations 1..=N applied by refinery,
/// every column that version has copied over), as an older ptg would have left it:
/// `cargo test --test cli schema_upgrade::regenerate_schema_fixtures -- --ignored`. What today's
/// ptg no longer writes is written as older ones did: battle snapshots of form 1 (see
/// [`keeping_form_1`]) and the columns V7 dropped (see [`project`]).
#[test]
#[ignore]
fn regenerate_schema_fixtures() {
    let dir = fixture("");
    std::fs::create_dir_all(&dir).unwrap();
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    for w in ["Liberators", "Knight-Arcanum", "Vindictors"] {
        p.ok(&["roster", "add", HAMMERS, w]);
    }
    for w in ["Clanrats", "Stormvermin"] {
        p.ok(&["roster", "add", RATS, w]);
    }
    p.checkpoint();
    project(&p.db(), &dir.join(V1), 1);

    p.plan_battle("1000", "The Ruined Settlement");
    let lord = "Lord-Vigilant on Gryph-stalker";
    keeping_form_1(
        &p,
        &[
            "battle",
            "army",
            "1",
            HAMMERS,
            lord,
            "Liberators",
            "Knight-Arcanum",
            "Vindictors",
        ],
    );
    keeping_form_1(
        &p,
        &[
            "battle",
            "army",
            "1",
            RATS,
            "Grey Seer",
            "Clanrats",
            "Stormvermin",
        ],
    );
    let vp = ["--vp", "Hammers of Dawn=14", "--vp", "Rat Tide=8"];
    let mut result = vec!["battle", "result", "1"];
    result.extend(vp);
    result.extend(["--destroyed", "Vindictors"]);
    keeping_form_1(&p, &result);
    p.checkpoint();
    project(&p.db(), &dir.join(V2), 2);
    project(&p.db(), &dir.join(V3), 3);

    // An older ptg killed between version 3's SQL and its history row.
    std::fs::copy(dir.join(V2), dir.join(HALF_V3)).unwrap();
    let v3 = embedded::migrations::runner()
        .get_migrations()
        .iter()
        .find(|m| m.version() == 3)
        .unwrap()
        .clone();
    let conn = Connection::open(dir.join(HALF_V3)).unwrap();
    conn.execute_batch(v3.sql().unwrap()).unwrap();
    conn.execute_batch("VACUUM").unwrap();
}

/// Runs the battle command `args`, then replaces the battle it kept for undo with form 1, the
/// whole battle before it as ptg kept it up to schema version 6 (`SELECT *` of battle 1's sides
/// and units, each row an object keyed by column names, with who picks roles).
fn keeping_form_1(p: &Ptg, args: &[&str]) {
    let form_1 = include_str!("../fixtures/form_1_snapshot.sql");
    let kept: String = Connection::open(p.db())
        .unwrap()
        .query_row(form_1, [], |r| r.get(0))
        .unwrap();
    p.ok(args);
    Connection::open(p.db())
        .unwrap()
        .execute(
            "UPDATE change_sets SET battle_before = ?1 WHERE id = (SELECT MAX(id) FROM change_sets)",
            [kept],
        )
        .unwrap();
}

/// Columns versions 1 to 6 had that V7 dropped, each a copy of its change set's column.
const FROM_THE_SET: [(&str, &str); 5] = [
    ("changes", "created_at"),
    ("changes", "battle_id"),
    ("rolls", "created_at"),
    ("rolls", "battle_id"),
    ("rolls", "roster_id"),
];

/// Writes `to`: a new database at schema `version`, holding every row of `from` in the
/// columns that version has (a column V7 dropped taken from the row's change set).
fn project(from: &Path, to: &Path, version: i32) {
    let _ = std::fs::remove_file(to);
    let mut conn = Connection::open(to).unwrap();
    // Small pages keep the committed files small (one page per table and index at least).
    conn.pragma_update(None, "page_size", 1024).unwrap();
    embedded::migrations::runner()
        .set_target(refinery::Target::Version(version))
        .set_grouped(true)
        .run(&mut conn)
        .unwrap();
    // Tables are copied one by one, so a row may name one of a table copied later.
    conn.pragma_update(None, "foreign_keys", "OFF").unwrap();
    conn.execute("ATTACH DATABASE ?1 AS src", [from.to_str().unwrap()])
        .unwrap();
    let tables: Vec<String> = conn
        .prepare("SELECT name FROM main.sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'refinery_schema_history'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    for t in tables {
        let columns = |schema: &str| -> Vec<String> {
            conn.prepare(&format!("SELECT name FROM pragma_table_info('{t}', '{schema}')"))
                .unwrap()
                .query_map([], |r| r.get(0))
                .unwrap()
                .collect::<Result<_, _>>()
                .unwrap()
        };
        let (cols, there) = (columns("main"), columns("src"));
        let values: Vec<String> = cols
            .iter()
            .map(|c| {
                if there.contains(c) {
                    c.clone()
                } else {
                    assert!(FROM_THE_SET.contains(&(t.as_str(), c.as_str())), "{t}.{c}");
                    format!("(SELECT s.{c} FROM src.change_sets s WHERE s.id = change_set_id)")
                }
            })
            .collect();
        conn.execute_batch(&format!(
            "INSERT INTO main.{t} ({}) SELECT {} FROM src.{t}",
            cols.join(", "),
            values.join(", ")
        ))
        .unwrap();
    }
    conn.execute_batch("DETACH DATABASE src; VACUUM;").unwrap();
}

#[test]
fn a_damaged_schema_history_exits_3_untouched_instead_of_panicking() {
    for (column, value) in [("applied_on", "garbage"), ("checksum", "not a number")] {
        let p = Ptg::from_fixture("schema_v1.sqlite3");
        {
            let conn = rusqlite::Connection::open(p.db()).unwrap();
            let sql = format!("UPDATE refinery_schema_history SET {column} = ?1");
            conn.execute(&sql, [value]).unwrap();
        }
        let before = std::fs::read(p.db()).unwrap();
        let out = p.cmd(&["campaign", "new", "Later"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(3), "{column}: {err}");
        assert!(
            err.contains("schema history of this database is damaged"),
            "{err}"
        );
        assert_eq!(
            std::fs::read(p.db()).unwrap(),
            before,
            "{column}: the file is untouched"
        );
    }
}
