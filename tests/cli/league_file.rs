//! `ptg export` and `ptg import` (issue #19): a league with its whole history as JSON, restored
//! into an empty database (everything identical, ids too) or into one with a league of its own
//! (every id moves, and history, undo and the audit still work), and every refusal leaving the
//! database as it was.

use crate::common;

use common::league::{LEAGUE, LEAGUE_FIXTURE, MOONCLAN, assert_table_adds_up};
use common::{Fixture, HAMMERS, Ptg, named};
use serde_json::Value;

const DEMO: &str = "Ashen Vale (demo)";

/// The test league, with `ptg demo` run twice beside it (so one demo campaign is deleted and
/// another is live: twists, rewards, tome entries, enhancements and quests), and Moonclan Mob
/// deleted (it has fought, so with --force).
static EXPORTED: Fixture = Fixture::new(|| {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["demo", "--db", p.db().to_str().unwrap()]);
    p.ok(&["demo", "--db", p.db().to_str().unwrap()]);
    p.ok(&["roster", "delete", MOONCLAN, "--force"]);
    p
});

/// The league's file, as `ptg export` writes it to standard output.
fn export(p: &Ptg, args: &[&str]) -> (String, Value) {
    let text = p.ok(&[&["export"][..], args].concat());
    let value = serde_json::from_str(&text).expect("the export is JSON");
    (text, value)
}

/// Writes `text` beside `p`'s database and imports it.
fn import(p: &Ptg, text: &str) -> String {
    let file = p.dir.path().join("league.json");
    std::fs::write(&file, text).unwrap();
    p.ok(&["import", file.to_str().unwrap()])
}

/// Every live roster as `CAMPAIGN/ROSTER`.
fn rosters(p: &Ptg) -> Vec<String> {
    let list = p.json(&["roster", "list"]);
    list.as_array()
        .unwrap()
        .iter()
        .map(|r| {
            format!(
                "{}/{}",
                r["campaign"].as_str().unwrap(),
                r["name"].as_str().unwrap()
            )
        })
        .collect()
}

/// What a player sees of a league: each roster (text and JSON), each campaign's table and
/// battles, the history and the dice log.
fn seen(p: &Ptg, campaigns: &[&str]) -> Vec<String> {
    let mut out = Vec::new();
    for r in rosters(p) {
        out.push(p.ok(&["roster", "show", &r]));
        out.push(p.json(&["roster", "show", &r]).to_string());
    }
    for c in campaigns {
        out.push(p.json(&["campaign", "show", c]).to_string());
        out.push(p.ok(&["battle", "list", "--campaign", c]));
        out.push(p.ok(&["history", "--campaign", c]));
    }
    out.push(p.ok(&["rolls"]));
    out
}

/// The file without the moment it was written.
fn undated(mut file: Value) -> Value {
    file["exported_at"] = Value::Null;
    file
}

#[test]
fn a_league_imported_into_an_empty_database_is_the_same_league_with_the_same_ids() {
    let p = EXPORTED.copy();
    let (text, file) = export(&p, &[]);
    assert_eq!(file["format"], "ptg-league");
    assert_eq!(file["version"], 1);
    assert_eq!(file["campaigns"], serde_json::json!([LEAGUE, DEMO, DEMO]));
    let q = Ptg::new();
    let said = import(&q, &text);
    assert!(said.contains("ids as in the file"), "{said}");
    assert!(
        said.contains(&format!("Imported campaign '{DEMO}' (id 2) (deleted, as it was)")),
        "{said}"
    );
    assert!(
        said.contains(&format!("Audit of '{LEAGUE}'")) && said.contains("all add up"),
        "{said}"
    );
    q.ok(&["audit"]);
    // The file carries the log and the battles, not what the league table keeps beside them:
    // counted again from them.
    assert!(!text.contains("glory_earned") && !text.contains("major_victories"));
    assert_table_adds_up(&q, LEAGUE, "imported into an empty database");
    assert_table_adds_up(&q, DEMO, "the live demo, imported");
    assert_eq!(seen(&q, &[LEAGUE, DEMO]), seen(&p, &[LEAGUE, DEMO]));
    // Exported again, it is the same file.
    assert_eq!(undated(export(&q, &[]).1), undated(file));
    // Undo goes on where it left off: Moonclan Mob comes back in both.
    for db in [&p, &q] {
        db.ok(&["undo", "--campaign", LEAGUE]);
        assert!(rosters(db).contains(&format!("{LEAGUE}/{MOONCLAN}")));
    }
    // The undo just run is stamped with the second each ran in, which may differ: compared
    // without the wall clock (the imported entries' own times were compared above).
    let untimed = |db: &Ptg| seen(db, &[LEAGUE]).iter().map(|s| untimed(s)).collect::<Vec<_>>();
    assert_eq!(untimed(&q), untimed(&p));
}

/// `text` with every time a table, the history or JSON prints (`2026-11-21 19:04:11`,
/// `2026-11-21T19:04:11`) as `<time>`.
fn untimed(text: &str) -> String {
    let shape = |w: &[u8]| {
        w.len() == 19
            && w.iter().enumerate().all(|(i, b)| match i {
                4 | 7 => *b == b'-',
                10 => *b == b' ' || *b == b'T',
                13 | 16 => *b == b':',
                _ => b.is_ascii_digit(),
            })
    };
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes.get(i..i + 19).is_some_and(shape) {
            out.push_str("<time>");
            i += 19;
        } else {
            let ch = text[i..].chars().next().unwrap_or_default();
            out.push(ch);
            i += ch.len_utf8().max(1);
        }
    }
    out
}

#[test]
fn untimed_hides_the_wall_clock_and_nothing_else() {
    assert_eq!(
        untimed("#7 2026-11-21 19:04:11 undo: é \"2026-11-21T19:04:11Z\" #2026"),
        "#7 <time> undo: é \"<time>Z\" #2026"
    );
}

/// A JSON value with every id left out: keys `id`, `*_id` and `regiment`, and numbers in text (`#N`, a
/// unit's id in a suggested command).
fn without_ids(v: &Value) -> Value {
    match v {
        Value::Object(map) => map
            .iter()
            .filter(|(k, _)| !["id", "regiment"].contains(&k.as_str()) && !k.ends_with("_id"))
            .map(|(k, v)| (k.clone(), without_ids(v)))
            .collect(),
        Value::Array(items) => items.iter().map(without_ids).collect(),
        Value::String(s) => Value::from(
            s.split_whitespace()
                .filter(|w| {
                    let w = w.trim_start_matches(['(', '#']);
                    !w.starts_with(|c: char| c.is_ascii_digit())
                })
                .collect::<Vec<_>>()
                .join(" "),
        ),
        v => v.clone(),
    }
}

#[test]
fn into_a_database_with_a_league_of_its_own_every_id_moves_and_history_still_works() {
    let p = EXPORTED.copy();
    let (text, _) = export(&p, &["--campaign", LEAGUE]);
    // The other database holds the same league under another name: every id is taken.
    let q = LEAGUE_FIXTURE.copy();
    q.ok(&["campaign", "rename", LEAGUE, "Home League"]);
    let said = import(&q, &text);
    assert!(
        said.contains(&format!("Imported campaign '{LEAGUE}' (id 2).")),
        "{said}"
    );
    assert!(said.contains("ids given after this database's own"), "{said}");
    q.ok(&["audit"]);
    assert_table_adds_up(&q, LEAGUE, "imported with every id moved");
    assert_table_adds_up(&q, "Home League", "the home league beside it");
    let hammers = format!("{LEAGUE}/{HAMMERS}");
    let shown = |db: &Ptg| without_ids(&db.json(&["roster", "show", &hammers]));
    assert_eq!(shown(&q), shown(&p));
    let ids = |db: &Ptg| -> Vec<i64> {
        let r = db.json(&["roster", "show", &hammers]);
        r["units"]
            .as_array()
            .unwrap()
            .iter()
            .map(|u| u["id"].as_i64().unwrap())
            .collect()
    };
    assert!(
        ids(&q).iter().min() > ids(&p).iter().max(),
        "{:?} moved past {:?}",
        ids(&q),
        ids(&p)
    );
    // The imported history undoes as it would have at home: the deletion, the quest, battle
    // 6's result and an army (restored from what they kept of the battle, which names units
    // and rosters), then a whole aftermath whose changes name units by their new ids.
    let battle_6 = |db: &Ptg| {
        // The home league has battles 1 to 6 of its own: the imported ones are 7 to 12.
        let id = if std::ptr::eq(db, &q) { "12" } else { "6" };
        without_ids(&db.json(&["battle", "show", id]))
    };
    assert_eq!(battle_6(&q), battle_6(&p));
    for db in [&p, &q] {
        for _ in 0..4 {
            db.ok(&["undo", "--campaign", LEAGUE]);
        }
        db.ok(&["undo", "--roster", &hammers]);
        db.ok(&["audit", "--campaign", LEAGUE]);
        assert_table_adds_up(db, LEAGUE, "after undoing imported history");
    }
    assert_eq!(battle_6(&q), battle_6(&p));
    assert_eq!(
        battle_6(&p)["sides"][1]["army"],
        serde_json::json!([]),
        "{}",
        battle_6(&p)
    );
    assert_eq!(shown(&q), shown(&p));
    let table = |db: &Ptg| without_ids(&db.json(&["campaign", "show", LEAGUE])["standings"]);
    assert_eq!(table(&q), table(&p));
    // The home league is untouched.
    q.ok(&["audit", "--campaign", "Home League"]);
}

#[test]
fn one_campaign_exports_alone_and_an_output_file_is_not_replaced_unasked() {
    let p = EXPORTED.copy();
    let (_, file) = export(&p, &["--campaign", LEAGUE]);
    assert_eq!(file["campaigns"], serde_json::json!([LEAGUE]));
    let rosters = &file["tables"]["rosters"]["rows"];
    assert_eq!(
        rosters.as_array().unwrap().len(),
        4,
        "the four, Moonclan Mob deleted"
    );
    let out = p.dir.path().join("vale.json");
    let out = out.to_str().unwrap();
    let said = p.ok(&["export", "--campaign", LEAGUE, "--output", out]);
    assert!(said.contains("Exported 1 campaign(s)"), "{said}");
    p.refused(&["export", "--output", out], "already exists; pass --force");
    p.ok(&["export", "--output", out, "--force"]);
    let whole: Value = serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap();
    assert_eq!(whole["campaigns"].as_array().unwrap().len(), 3);
}

/// `text` changed by `edit`, as a new file beside `p`'s database.
fn edited(p: &Ptg, text: &str, edit: impl FnOnce(&mut Value)) -> String {
    let mut file: Value = serde_json::from_str(text).unwrap();
    edit(&mut file);
    let n = std::fs::read_dir(p.dir.path()).unwrap().count();
    let path = p.dir.path().join(format!("edited-{n}.json"));
    std::fs::write(&path, file.to_string()).unwrap();
    path.to_str().unwrap().to_string()
}

#[test]
fn a_file_that_cannot_be_imported_whole_changes_nothing() {
    let p = EXPORTED.copy();
    let (text, _) = export(&p, &["--campaign", LEAGUE]);
    // Into the database it came from: the name is taken.
    let same = edited(&p, &text, |_| {});
    p.refused(
        &["import", &same],
        &format!("already has a campaign called '{LEAGUE}' (id 1)"),
    );

    let q = Ptg::new();
    q.ok(&["campaign", "new", "Elsewhere"]);
    let cases: Vec<(String, &str)> = vec![
        (
            edited(&q, &text, |f| f["version"] = Value::from(2)),
            "written by a newer ptg",
        ),
        (
            edited(&q, &text, |f| f["format"] = Value::from("ptg-list")),
            "not a ptg league",
        ),
        (
            edited(&q, &text, |f| {
                f["tables"]["rosters"]["rows"][0][4] = Value::from("Nobody's Host")
            }),
            "faction 'Nobody's Host', which this ptg does not know",
        ),
        (
            edited(&q, &text, |f| {
                f["tables"]["rosters"]["rows"][0][1] = Value::from(999)
            }),
            "names row 999 of table 'campaigns', which is not in the file",
        ),
        (
            edited(&q, &text, |f| {
                let rows = f["tables"]["units"]["rows"].as_array_mut().unwrap();
                let first = rows[0].clone();
                rows.push(first);
            }),
            "two rows of table 'units' with id 1",
        ),
        (
            edited(&q, &text, |f| {
                f["tables"]["units"]["columns"][2] = Value::from("colour")
            }),
            "a column 'colour' this ptg does not know",
        ),
        (
            // The glory earned is counted from the log, never taken from a file.
            edited(&q, &text, |f| {
                let rosters = &mut f["tables"]["rosters"];
                rosters["columns"]
                    .as_array_mut()
                    .unwrap()
                    .push("glory_earned".into());
                for row in rosters["rows"].as_array_mut().unwrap() {
                    row.as_array_mut().unwrap().push(Value::from(9999));
                }
            }),
            "a column 'glory_earned', which ptg counts from the league's history",
        ),
        (
            edited(&q, &text, |f| {
                f["tables"]["units"]["rows"][0][6] = Value::from("yes")
            }),
            "column 'reinforceable': \"yes\" is not true or false",
        ),
        (
            edited(&q, &text, |f| {
                f["tables"]["units"]["rows"][1].as_array_mut().unwrap().pop();
            }),
            "row 2 of table 'units' has 16 values for 17 columns",
        ),
    ];
    for (file, expected) in cases {
        q.refused(&["import", &file], expected);
    }
    let garbage = q.dir.path().join("garbage.json");
    std::fs::write(&garbage, "{\"format\": ").unwrap();
    q.refused(&["import", garbage.to_str().unwrap()], "not JSON");
}

#[test]
fn a_refused_import_into_a_new_database_leaves_no_database_behind() {
    let p = EXPORTED.copy();
    let (text, _) = export(&p, &["--campaign", LEAGUE]);
    let q = Ptg::new();
    let bad = edited(&q, &text, |f| f["version"] = Value::from(7));
    q.refused(&["import", &bad], "update ptg");
    assert!(!q.db().exists());
}

#[test]
fn a_unit_removed_at_set_up_comes_back_with_its_new_id_after_an_import() {
    let p = EXPORTED.copy();
    let late = "Latecomers";
    p.ok(&common::roster_new(
        late,
        LEAGUE,
        "Stormcast Eternals",
        "Knight-Questor",
        "warrior",
        "berserker",
    ));
    p.ok(&["roster", "add", late, "Liberators"]);
    p.ok(&["roster", "remove", late, "Liberators"]);
    let (text, _) = export(&p, &["--campaign", LEAGUE]);
    let q = LEAGUE_FIXTURE.copy();
    q.ok(&["campaign", "rename", LEAGUE, "Home League"]);
    import(&q, &text);
    let roster = format!("{LEAGUE}/{late}");
    q.ok(&["undo", "--roster", &roster]);
    q.ok(&["audit"]);
    let units = q.json(&["roster", "show", &roster])["units"].clone();
    let liberators = named(&units, "warscroll", "Liberators");
    let home_units = q.json(&["roster", "show", &format!("Home League/{HAMMERS}")])["units"].clone();
    let highest_home = home_units
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["id"].as_i64().unwrap())
        .max();
    assert!(liberators["id"].as_i64() > highest_home, "{liberators}");
}
