//! End-to-end: the exit codes of `ptg --help` — 0 done, 1 refused, 2 wrong usage, 3 internal
//! error — each with the database (or foreign file) left exactly as it was.

use crate::common;

use common::{ASHEN_VALE, HAMMERS, Ptg};

#[test]
fn done_exits_0_and_help_lists_the_codes() {
    let p = Ptg::ashen_vale();
    p.ok(&["campaign", "list"]);
    let help = p.ok(&["--help"]);
    assert!(help.contains("Exit codes: 0 done; 1 refused"), "{help}");
    assert!(help.contains("3 internal error"), "{help}");
}

#[test]
fn a_broken_rule_or_unknown_name_exits_1() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let err = p.refused(
        &["roster", "add", "Hammers of Dwan", "Liberators"],
        "unknown roster",
    );
    assert!(err.contains("did you mean 'Hammers of Dawn'"), "{err}");
    assert!(!err.contains("internal error"), "{err}");
    p.refused(&["roster", "add", HAMMERS, "Gutrippaz"], "Gutrippaz");
    p.refused(&["roster", "check", HAMMERS, "--points", "0"], "more than 0");
}

#[test]
fn wrong_usage_exits_2() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    // Missing an argument, an unknown flag, and a value clap cannot parse.
    p.refused_cmd(p.cmd(&["roster", "add", HAMMERS]), 2, "Usage");
    p.refused_cmd(p.cmd(&["roster", "show", HAMMERS, "--colour"]), 2, "--colour");
    let err = p.refused_cmd(
        p.cmd(&["battle", "result", "1", "--vp", "Hammers of Dawn:14"]),
        2,
        "expected ROSTER=N",
    );
    assert!(err.contains("--vp"), "{err}");
}

#[test]
fn a_file_that_is_not_a_ptg_database_exits_3_untouched() {
    let p = Ptg::new();
    {
        let conn = rusqlite::Connection::open(p.db()).unwrap();
        conn.execute_batch("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('bring dice');")
            .unwrap();
    }
    let before = std::fs::read(p.db()).unwrap();
    for args in [&["roster", "list"][..], &["campaign", "new", ASHEN_VALE]] {
        let err = p.refused_cmd(p.cmd(args), 3, "not a ptg one");
        assert!(err.starts_with("internal error:"), "{err}");
        assert!(err.contains("not something you did wrong"), "{err}");
        assert!(err.contains("report it"), "{err}");
    }
    assert_eq!(
        std::fs::read(p.db()).unwrap(),
        before,
        "the foreign file is byte for byte the same"
    );
    let wal = p.db().with_extension("sqlite3-wal");
    assert!(!wal.exists(), "the foreign file was not switched to WAL");

    // A text file given as the database is the user's path to fix (issue #33): exit 1, saying
    // what the file is not, for reading and writing commands alike, and the file untouched.
    std::fs::write(p.db(), b"shopping list: dice, glue").unwrap();
    for args in [&["roster", "list"][..], &["campaign", "new", ASHEN_VALE]] {
        let out = p.cmd(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(
            err.contains("is not a database file") && !err.contains("report it"),
            "{err}"
        );
    }
    assert_eq!(std::fs::read(p.db()).unwrap(), b"shopping list: dice, glue");
}

/// A folder given as `--db` is named as a folder (exit 1), with a file's path to use instead.
#[test]
fn a_folder_given_as_the_database_is_refused_naming_it() {
    let p = Ptg::new();
    let folder = p.dir.path().join("league");
    std::fs::create_dir(&folder).unwrap();
    for args in [&["campaign", "list"][..], &["campaign", "new", ASHEN_VALE]] {
        let mut cmd = p.cmd(args);
        cmd.env("PTG_DB", &folder);
        let err = p.refused_cmd(cmd, 1, "is a folder, not a database file");
        assert!(err.contains("ptg.sqlite3"), "{err}");
    }
    assert_eq!(
        std::fs::read_dir(&folder).unwrap().count(),
        0,
        "nothing made in the folder"
    );
}

#[test]
fn a_database_from_a_newer_ptg_exits_3_untouched() {
    let p = Ptg::ashen_vale();
    {
        let conn = rusqlite::Connection::open(p.db()).unwrap();
        conn.execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum) VALUES (99, 'from_the_future', '2030-01-01', '0')",
            [],
        )
        .unwrap();
    }
    let err = p.refused_cmd(p.cmd(&["campaign", "list"]), 3, "newer ptg (schema version 99");
    assert!(err.contains("install the newer ptg"), "{err}");
    p.refused_cmd(p.cmd(&["campaign", "new", "Second"]), 3, "newer ptg");
}

#[test]
fn reading_commands_never_create_a_database_or_its_folder() {
    let p = Ptg::new();
    let folder = p.dir.path().join("league");
    let db = folder.join("ptg.sqlite3");
    let with_db = |args: &[&str]| {
        let mut cmd = p.cmd(args);
        cmd.env("PTG_DB", &db);
        cmd
    };
    let reads: [&[&str]; 13] = [
        &["campaign", "list"],
        &["roster", "list"],
        &["roster", "show", HAMMERS],
        &["roster", "check", HAMMERS],
        &["roster", "sheet", HAMMERS],
        &["battle", "show", "1"],
        &["battle", "list"],
        &["rolls"],
        &["history"],
        &["audit"],
        &["rank", "pending", HAMMERS],
        &["history", "--campaign", ASHEN_VALE],
        &["roster", "list", "--json"],
    ];
    for args in reads {
        let err = p.refused_cmd(with_db(args), 1, "no database at");
        assert!(
            err.contains(&format!(
                "no database at {} yet; create one with `ptg campaign new`",
                db.display()
            )),
            "{args:?}: {err}"
        );
        assert!(!folder.exists(), "{args:?} created {}", folder.display());
    }
    // Faction commands need no database at all.
    with_db(&["faction", "list"]).assert().success();
    assert!(!folder.exists());
    // A writing command creates it as before; then reading works.
    with_db(&["campaign", "new", ASHEN_VALE]).assert().success();
    assert!(db.is_file());
    with_db(&["roster", "list"]).assert().success();
}

#[test]
fn a_roster_typed_where_the_battle_goes_is_explained_in_players_words() {
    let p = Ptg::small_battle();
    for args in [
        &["aftermath", "Hammers of Dawn", "1"][..],
        &["battle", "army", "Hammers of Dawn", "1", "Liberators"],
    ] {
        let err = p.refused_cmd(p.cmd(args), 2, "is not a battle id");
        assert!(err.contains("first, then the roster"), "{err}");
    }
    // A command that takes no roster is shown as typed (issue 41), with no roster to put after.
    let err = p.refused_cmd(p.cmd(&["battle", "show", "first"]), 2, "is not a battle id");
    assert!(
        err.contains("e.g. `ptg battle show 3`") && !err.contains("roster"),
        "{err}"
    );
    let help = p.ok(&["help", "aftermath"]);
    assert!(help.contains("<BATTLE>  The battle fought"), "{help}");
}

/// With `--json` a refusal is JSON too (issue #33): its kind, exit code, message, the hint in
/// the CLI's words and the fixes as data; an internal error says it is one.
#[test]
fn with_json_a_refusal_is_json() {
    let p = Ptg::ashen_vale();
    let before = p.fingerprint();
    let out = p
        .cmd(&["--json", "campaign", "new", ASHEN_VALE])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let err: serde_json::Value = serde_json::from_slice(&out.stderr).expect("the refusal is JSON");
    let e = &err["error"];
    assert_eq!(
        (e["kind"].as_str(), e["exit"].as_u64()),
        (Some("refused"), Some(1)),
        "{err}"
    );
    assert!(e["message"].as_str().unwrap().contains(ASHEN_VALE), "{err}");
    assert_eq!(p.fingerprint(), before);

    let missing = p
        .cmd(&["--json", "roster", "show", "Nobody At All"])
        .output()
        .unwrap();
    let err: serde_json::Value = serde_json::from_slice(&missing.stderr).expect("JSON");
    assert_eq!(
        err["error"]["hint"], "see the rosters (`ptg roster list`)",
        "{err}"
    );
    assert_eq!(
        err["error"]["fixes"],
        serde_json::json!([{"fix": "do", "action": {"action": "read_rosters", "campaign": null}}])
    );

    std::fs::write(p.db(), b"SQLite format 3\0 but broken past its header").unwrap();
    let broken = p.cmd(&["--json", "campaign", "list"]).output().unwrap();
    assert_eq!(broken.status.code(), Some(3));
    let err: serde_json::Value = serde_json::from_slice(&broken.stderr).expect("JSON");
    assert_eq!(err["error"]["kind"], "internal", "{err}");
}

/// The command line's words (issue #33): a database set by PTG_DB is not shown in usage lines
/// as if typed, placeholders name what to give, and an unknown page for `ptg man` is wrong
/// usage (exit 2), as it is for `ptg help`.
#[test]
fn usage_lines_and_placeholders_say_what_to_type() {
    let p = Ptg::new();
    let out = p.cmd(&["roster", "add"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("Usage: ptg roster add <ROSTER> <WARSCROLL>"),
        "{err}"
    );
    assert!(!err.contains("--db"), "PTG_DB is set, not typed: {err}");
    assert!(!p.db().exists(), "wrong usage makes no database");

    let help = p.ok(&["battle", "result", "--help"]);
    for shown in [
        "--withdrew <ROSTER>",
        "--general-slain <ROSTER>",
        "--destroyed <UNIT>",
        "--slew-hero-or-monster <UNIT>",
    ] {
        assert!(help.contains(shown), "{shown}: {help}");
    }
    for args in [&["man", "nope"][..], &["help", "nope"]] {
        let out = p.cmd(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
    }
}
