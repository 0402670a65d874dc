//! Golden reports (issue #18): every list fixture's printed import report — each line matched,
//! ignored with its reason, or not matched with suggestions, the points warnings, the set-up
//! problems and the refusal if any — is compared with a stored copy in `tests/golden/lists/`.
//! A change to what the import says shows up as a diff here. After a deliberate change, run
//! `PTG_BLESS=1 cargo test --release --test cli lists_golden::` and review the diff of the stored
//! reports before committing it.
//!
//! Then every fixture, imported for real, goes round the official app's layout: exported as
//! app text and imported back, it gives the same Order of Battle; so does ptg's own JSON.

use crate::common;

use common::Ptg;
use std::path::{Path, PathBuf};

fn fixtures() -> Vec<PathBuf> {
    let dir = common::fixture("lists");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("the list fixtures")
        .map(|e| e.expect("a fixture").path())
        .collect();
    out.sort();
    assert!(out.len() >= 22, "the list fixtures are missing: {out:?}");
    out
}

/// Fixtures refused whole by design (two lists pasted in one file): their golden report is the
/// refusal, and nothing of them imports.
const REFUSED_WHOLE: &[&str] = &["two-lists.txt"];

fn file_name(f: &Path) -> String {
    f.file_name().unwrap().to_string_lossy().into_owned()
}

/// The arguments of a new roster in Ashen Vale from `file`, named `name`.
fn import(file: &Path, name: &str) -> Vec<String> {
    let mut args = common::import_args(file.to_str().unwrap());
    args.extend(["--name".to_string(), name.to_string()]);
    args
}

/// What a player sees: the exit code, stdout, then stderr.
fn printed(p: &Ptg, args: &[String]) -> String {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = p.cmd(&refs).output().expect("ptg runs");
    format!(
        "exit: {}\n{}{}",
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn every_fixture_reports_as_its_golden_copy() {
    let p = Ptg::ashen_vale();
    let before = p.fingerprint();
    let golden = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/lists");
    let bless = std::env::var_os("PTG_BLESS").is_some();
    let mut differ = Vec::new();
    for f in fixtures() {
        let mut args = import(&f, "Golden Host");
        args.push("--dry-run".into());
        let got = printed(&p, &args);
        let stored = golden.join(format!("{}.report", file_name(&f)));
        if bless {
            std::fs::create_dir_all(&golden).unwrap();
            std::fs::write(&stored, &got).unwrap();
            continue;
        }
        match std::fs::read_to_string(&stored) {
            Ok(want) if want == got => {}
            Ok(want) => differ.push(format!(
                "{}: the report changed\n--- stored\n{want}\n--- now\n{got}",
                file_name(&f)
            )),
            Err(_) => differ.push(format!(
                "{}: no stored report (run with PTG_BLESS=1)",
                file_name(&f)
            )),
        }
    }
    assert!(differ.is_empty(), "{}", differ.join("\n\n"));
    assert_eq!(p.fingerprint(), before, "dry runs write nothing");
}

/// Each unit of `roster` as compared: warscroll, own name, reinforced, warlord, points,
/// enhancements; sorted.
fn order_of_battle(p: &Ptg, roster: &str) -> Vec<String> {
    let r = p.json(&["roster", "show", roster]);
    let mut out: Vec<String> = r["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            let enhancements: Vec<&str> = u["enhancements"]
                .as_array()
                .unwrap()
                .iter()
                .map(|e| e["name"].as_str().unwrap())
                .collect();
            format!(
                "{} {} reinforced={} warlord={} pts={} ally={} [{}]",
                u["warscroll"],
                u["name"],
                u["reinforced"],
                u["warlord"],
                u["points"],
                u["ally"],
                enhancements.join(", ")
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_fixture_imported_goes_round_the_app_layout_unchanged() {
    let p = Ptg::ashen_vale();
    let dir = p.dir.path().to_path_buf();
    let mut imported = 0;
    for (i, f) in fixtures().iter().enumerate() {
        if REFUSED_WHOLE.contains(&file_name(f).as_str()) {
            continue;
        }
        let first = format!("List {i}");
        let mut args = import(f, &first);
        args.push("--skip-unknown".into());
        if !printed(&p, &args).starts_with("exit: 0") {
            // A list led by a hero that may not lead (UNIQUE, over the points cap): led by the
            // first HERO of the list the import offers instead.
            let mut json = args.clone();
            json.extend(["--dry-run".to_string(), "--json".to_string()]);
            let refs: Vec<&str> = json.iter().map(String::as_str).collect();
            let out = p.cmd(&refs).output().expect("ptg runs");
            let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap_or_default();
            let Some(leader) = v["may_lead"][0].as_str() else {
                continue;
            };
            args.extend(["--warlord".to_string(), leader.to_string()]);
            if !printed(&p, &args).starts_with("exit: 0") {
                continue;
            }
        }
        imported += 1;
        let text = dir.join(format!("list-{i}.txt"));
        p.ok(&["roster", "export", &first, "--out", text.to_str().unwrap()]);
        let again = format!("List {i} again");
        let back = printed(&p, &import(&text, &again));
        assert!(back.starts_with("exit: 0"), "{}: {back}", file_name(f));
        assert!(!back.contains("NOT MATCHED"), "{}: {back}", file_name(f));
        assert_eq!(
            order_of_battle(&p, &again),
            order_of_battle(&p, &first),
            "{}",
            file_name(f)
        );
        // ptg's own JSON goes round the same way.
        let json = dir.join(format!("list-{i}.json"));
        p.ok(&[
            "roster",
            "export",
            &first,
            "--format",
            "json",
            "--out",
            json.to_str().unwrap(),
        ]);
        let from_json = format!("List {i} from JSON");
        let back = printed(&p, &import(&json, &from_json));
        assert!(back.contains("Read as ptg-json"), "{}: {back}", file_name(f));
        assert_eq!(
            order_of_battle(&p, &from_json),
            order_of_battle(&p, &first),
            "{}",
            file_name(f)
        );
    }
    assert_eq!(
        imported,
        fixtures().len() - REFUSED_WHOLE.len(),
        "every fixture imports with --skip-unknown"
    );
}

/// Every line of a text list is accounted for in its report: a unit, an enhancement, a lore,
/// set aside with why, or not matched (issue #33: every list read or refused with the reason).
#[test]
fn every_line_of_a_text_fixture_is_in_its_report() {
    let p = Ptg::ashen_vale();
    for f in fixtures()
        .iter()
        .filter(|f| f.extension().is_some_and(|e| e == "txt"))
        .filter(|f| !REFUSED_WHOLE.contains(&file_name(f).as_str()))
    {
        let mut args = import(f, "Accounted");
        args.extend(["--dry-run".to_string(), "--json".to_string()]);
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = p.cmd(&refs).output().expect("ptg runs");
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("a JSON report");
        let report = v["report"].as_array().unwrap();
        let reported: std::collections::BTreeSet<u64> =
            report.iter().map(|l| l["line"].as_u64().unwrap()).collect();
        // An enhancement on a line of its own is reported on its unit's line, by its text.
        let texts: Vec<&str> = report.iter().map(|l| l["text"].as_str().unwrap()).collect();
        let text = std::fs::read_to_string(f).unwrap();
        let missing: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
            .map(|(i, l)| (i + 1, l))
            .filter(|(n, l)| !reported.contains(&(*n as u64)) && !texts.iter().any(|t| l.contains(t)))
            .collect();
        assert!(missing.is_empty(), "{}: {missing:?}", file_name(f));
    }
}
