//! End-to-end: what a clean audit proved is kept per roster, so the next plain `ptg audit`
//! replays only the rosters whose log moved (a command, an undo, a side named later) or whose
//! data changed. A row edited outside ptg marks the file (V20's triggers): every audit then
//! replays what it covers, so such a row is found by a plain audit, by `--roster` and by
//! `--full`, until a clean audit of the whole league clears the mark.

use super::{CAMPAIGN, HAMMERS, RATS, audit, corrupted, scalar};
use crate::common::Ptg;
use serde_json::Value;

/// A copy of the campaign audited clean once: both rosters kept as proven.
fn audited() -> Ptg {
    let p = CAMPAIGN.copy();
    let first = p.json(&["audit"]);
    assert_eq!(
        (
            first["rosters_checked"].as_u64(),
            first["rosters_unchanged"].as_u64()
        ),
        (Some(2), Some(0))
    );
    assert!(first["change_sets"].as_u64().unwrap() > 10, "{first}");
    assert_eq!(scalar(&p, "SELECT COUNT(*) FROM audit_checkpoints"), 2);
    p
}

/// The JSON report of `ptg --db <db> audit --json [extra]`, with its exit code.
fn report(p: &Ptg, db: &std::path::Path, extra: &[&str]) -> (Option<i32>, Value) {
    let mut args = vec!["--json"];
    args.extend(extra);
    let (code, stdout, stderr) = audit(p, db, &args);
    let report = serde_json::from_str(&stdout).unwrap_or_else(|e| panic!("{e}: {stdout}\n{stderr}"));
    (code, report)
}

fn checks(report: &Value) -> Vec<&str> {
    let found = report["findings"].as_array().expect("findings");
    found.iter().map(|f| f["check"].as_str().unwrap()).collect()
}

#[test]
fn a_plain_audit_after_a_clean_one_replays_only_what_is_new() {
    let p = audited();
    let again = p.json(&["audit"]);
    assert_eq!(again["findings"], serde_json::json!([]));
    assert_eq!(
        (
            again["rosters"].as_u64(),
            again["rosters_checked"].as_u64(),
            again["rosters_unchanged"].as_u64()
        ),
        (Some(2), Some(0), Some(2))
    );
    assert_eq!(
        (again["change_sets"].as_u64(), again["battles"].as_u64()),
        (Some(0), Some(0))
    );
    assert_eq!(again["full"], false);
    let newest = scalar(&p, "SELECT MAX(id) FROM change_sets");
    assert_eq!(again["verified_up_to"].as_i64(), Some(newest));
    assert!(
        p.ok(&["audit"])
            .contains("2 of them unchanged since a clean audit")
    );

    // A command for the Rats alone: only they are replayed; the Hammers stay proven.
    p.ok(&["roster", "rename", RATS, "Rat Swarm"]);
    let next = p.json(&["audit"]);
    assert_eq!(
        (
            next["rosters_checked"].as_u64(),
            next["rosters_unchanged"].as_u64()
        ),
        (Some(1), Some(1))
    );
    assert!(next["change_sets"].as_u64().unwrap() > 0);
    // One roster's audit takes what is kept too: nothing changed for the Hammers.
    let one = p.json(&["audit", "--roster", HAMMERS]);
    assert_eq!(
        (one["rosters_checked"].as_u64(), one["rosters_unchanged"].as_u64()),
        (Some(0), Some(1))
    );

    // --full replays both whatever is kept.
    let full = p.json(&["audit", "--full"]);
    assert_eq!(
        (full["rosters_checked"].as_u64(), full["full"].as_bool()),
        (Some(2), Some(true))
    );
    assert_eq!(full["change_sets"], audited_sets(&p));
}

/// The change sets a full audit of the campaign replays.
fn audited_sets(p: &Ptg) -> Value {
    p.json(&["audit", "--full"])["change_sets"].clone()
}

#[test]
fn rows_tampered_after_a_checkpoint_are_still_found() {
    let p = audited();
    let roll = scalar(&p, "SELECT MIN(roll_id) FROM changes WHERE roll_id IS NOT NULL");
    // (what, the SQL, the check that finds it)
    let tampered = [
        (
            "glory",
            "UPDATE rosters SET glory = 999 WHERE name = 'Hammers of Dawn';".to_string(),
            "glory-balance",
        ),
        (
            "renown",
            "UPDATE units SET renown = 40 WHERE name = 'Dawn Guard';".into(),
            "renown",
        ),
        (
            "a roll",
            format!("DELETE FROM rolls WHERE id = {roll};"),
            "dice-log",
        ),
        (
            "a change's JSON",
            "UPDATE changes SET payload = 'not json' WHERE kind = 'reinforce';".into(),
            "change-log",
        ),
    ];
    for (what, sql, check) in tampered {
        let db = corrupted(&p, &sql);
        assert_eq!(scalar_in(&db, "SELECT edited FROM audit_marks"), 1, "{what}");
        for extra in [&[][..], &["--roster", HAMMERS], &["--full"]] {
            let (code, found) = report(&p, &db, extra);
            assert_eq!(code, Some(1), "{what} with {extra:?}: {found}");
            assert!(
                checks(&found).contains(&check),
                "{what} with {extra:?}: {found:#}"
            );
            assert_eq!(found["edited_outside"], true, "{what}");
        }
        // The Rats, untouched, are clean, but replayed: nothing kept is trusted while the
        // file is marked, and the failed audits left the mark.
        let (code, rats) = report(&p, &db, &["--roster", RATS]);
        assert_eq!(
            (code, rats["rosters_checked"].as_u64()),
            (Some(0), Some(1)),
            "{what}"
        );
        assert_eq!(scalar_in(&db, "SELECT edited FROM audit_marks"), 1, "{what}");
    }
}

#[test]
fn a_clean_audit_of_the_whole_league_clears_the_mark_of_a_hand_edit() {
    let p = audited();
    // A hand edit that changes nothing the audit finds (the same glory written again).
    let db = corrupted(
        &p,
        "UPDATE rosters SET glory = glory WHERE name = 'Hammers of Dawn';",
    );
    // One roster's or one campaign's clean audit does not clear it: the others are unproven.
    for extra in [&["--roster", HAMMERS][..], &["--campaign", "Ashen Vale"]] {
        let (code, one) = report(&p, &db, extra);
        assert_eq!((code, one["rosters_unchanged"].as_u64()), (Some(0), Some(0)));
        assert_eq!(scalar_in(&db, "SELECT edited FROM audit_marks"), 1, "{extra:?}");
    }
    let (code, whole) = report(&p, &db, &[]);
    assert_eq!(
        (
            code,
            whole["rosters_checked"].as_u64(),
            whole["edited_outside"].as_bool()
        ),
        (Some(0), Some(2), Some(true))
    );
    assert_eq!(scalar_in(&db, "SELECT edited FROM audit_marks"), 0);
    let (_, next) = report(&p, &db, &["--roster", HAMMERS]);
    assert_eq!(
        (
            next["rosters_unchanged"].as_u64(),
            next["edited_outside"].as_bool()
        ),
        (Some(1), Some(false))
    );
}

#[test]
fn ptgs_own_writes_leave_the_file_unmarked() {
    let p = audited();
    p.ok(&["roster", "rename", RATS, "Rat Swarm"]);
    p.ok(&["undo", "--yes"]);
    p.ok(&["undo", "--roster", HAMMERS, "--yes"]);
    p.ok(&["campaign", "set", "Ashen Vale", "--legends", "off"]);
    assert_eq!(scalar(&p, "SELECT edited FROM audit_marks"), 0);
    // Each moved what the audit keys on: both rosters are replayed, and come out clean.
    let after = p.json(&["audit"]);
    assert_eq!(
        (
            after["rosters_checked"].as_u64(),
            after["edited_outside"].as_bool()
        ),
        (Some(2), Some(false)),
        "{after}"
    );
    assert_eq!(after["findings"], serde_json::json!([]));
}

#[test]
fn full_trusts_no_checkpoint_even_when_the_triggers_are_gone() {
    // Someone who knows the scheme drops the trigger before editing: the checkpoint stands,
    // so the plain audit skips the roster, but --full replays it and finds the edit.
    let p = audited();
    let db = corrupted(
        &p,
        "DROP TRIGGER audit_rosters_update; UPDATE rosters SET glory = 999 WHERE name = 'Hammers of Dawn';",
    );
    assert_eq!(report(&p, &db, &[]).0, Some(0));
    let (code, found) = report(&p, &db, &["--full"]);
    assert_eq!(code, Some(1));
    assert!(checks(&found).contains(&"glory-balance"), "{found:#}");
}

#[test]
fn a_side_named_later_or_other_data_outdate_the_checkpoint() {
    let p = audited();
    // Each edit below clears the mark a hand edit leaves, as ptg's own write would: what is
    // shown is that the log's position (or the data key) alone outdates the checkpoint.
    let corrupted =
        |p: &Ptg, sql: &str| super::corrupted(p, &format!("{sql} UPDATE audit_marks SET edited = 0;"));
    // A side named after the battle's sets were logged lists those sets for its roster: the
    // Rats' log holds one more set, so their checkpoint no longer stands.
    let db = corrupted(
        &p,
        "INSERT INTO roster_sets (roster_id, change_set_id)
             SELECT (SELECT id FROM rosters WHERE name = 'Rat Tide'), MIN(id) FROM change_sets
             WHERE roster_id = (SELECT id FROM rosters WHERE name = 'Hammers of Dawn');",
    );
    let (_, later) = report(&p, &db, &[]);
    assert_eq!(
        (
            later["rosters_checked"].as_u64(),
            later["rosters_unchanged"].as_u64()
        ),
        (Some(1), Some(1)),
        "{later}"
    );
    // A set of the Hammers marked not in force moves their log too.
    let db = corrupted(
        &p,
        "UPDATE change_sets SET undone_by = id WHERE id = (SELECT MIN(id) FROM change_sets
             WHERE roster_id = (SELECT id FROM rosters WHERE name = 'Hammers of Dawn'));",
    );
    let (_, undone) = report(&p, &db, &[]);
    assert_eq!(undone["rosters_checked"].as_u64(), Some(1), "{undone}");
    // A checkpoint made with other data (another ptg, or other faction data) is not trusted.
    let db = corrupted(
        &p,
        "UPDATE audit_checkpoints SET data_key = 'ptg 0.0.1 older'
             WHERE roster_id = (SELECT id FROM rosters WHERE name = 'Rat Tide');",
    );
    let (code, other) = report(&p, &db, &[]);
    assert_eq!(
        (code, other["rosters_checked"].as_u64()),
        (Some(0), Some(1)),
        "{other}"
    );
}

#[test]
fn an_undo_after_a_checkpoint_keeps_the_audit_right() {
    let p = audited();
    p.ok(&["undo", "--roster", HAMMERS]);
    // The undo moved the Hammers' log: the next audit replays them.
    let after = p.json(&["audit"]);
    assert_eq!(after["findings"], serde_json::json!([]));
    assert!(after["rosters_checked"].as_u64().unwrap() >= 1, "{after}");
    assert_eq!(p.json(&["audit", "--full"])["findings"], serde_json::json!([]));
    // Undo the battle result too (both rosters' battle), then audit: still clean.
    p.ok(&["undo", "--roster", RATS]);
    assert_eq!(p.json(&["audit"])["findings"], serde_json::json!([]));
    assert_eq!(p.json(&["audit"])["rosters_checked"], 0);
}

#[test]
fn a_refused_audit_changes_nothing() {
    let p = CAMPAIGN.copy();
    // The Hammers tampered with: the audit is refused, and keeps nothing even for the clean Rats.
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.execute("UPDATE rosters SET glory = 999 WHERE name = ?1", [HAMMERS])
        .unwrap();
    drop(conn);
    let before = p.fingerprint();
    for args in [
        &["audit"][..],
        &["audit", "--full"],
        &["audit", "--roster", HAMMERS],
    ] {
        let (code, _, _) = audit(&p, &p.db(), &args[1..]);
        assert_eq!(code, Some(1), "{args:?}");
        assert_eq!(p.fingerprint(), before, "{args:?} changed the database");
    }
    p.refused(&["audit", "--roster", "Nobody"], "Nobody");
    assert_eq!(p.fingerprint(), before);
    assert_eq!(scalar(&p, "SELECT COUNT(*) FROM audit_checkpoints"), 0);
}

fn scalar_in(db: &std::path::Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).unwrap()
}
