//! `roster import` and `roster export` end to end (issue #18): a list imported as a new roster
//! or into one in set-up, the report of every line, dry runs, `--strict`, `--skip-unknown`,
//! stdin, malformed input refused with the database unchanged, and an export that imports back
//! to the same Order of Battle.

use crate::common;

use common::{HAMMERS, Ptg, fixture, import_args, named};
use std::io::Write;

const LIST: &str = "lists/ptg-hammers-app.txt";

fn run(p: &Ptg, args: &[String]) -> String {
    p.ok(&args.iter().map(String::as_str).collect::<Vec<_>>())
}

fn path(name: &str) -> String {
    fixture(name).to_str().unwrap().to_string()
}

/// A unit as compared: warscroll, own name, reinforced, warlord, enhancements.
type UnitLine = (String, Option<String>, bool, bool, Vec<String>);

/// Each unit of `roster`, sorted.
fn units(p: &Ptg, roster: &str) -> Vec<UnitLine> {
    let r = p.json(&["roster", "show", roster]);
    let mut out: Vec<_> = r["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["warscroll"].as_str().unwrap().to_string(),
                u["name"].as_str().map(String::from),
                u["reinforced"].as_bool().unwrap(),
                u["warlord"].as_bool().unwrap(),
                u["enhancements"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|e| e["name"].as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn an_app_list_becomes_a_roster_and_every_line_is_reported() {
    let p = Ptg::ashen_vale();
    let before = p.fingerprint();
    let dry = run(&p, &[import_args(&path(LIST)), vec!["--dry-run".into()]].concat());
    assert!(dry.contains("Dry run: nothing was written."), "{dry}");
    assert!(dry.contains("Hammers of Dawn would have 4 units"), "{dry}");
    assert_eq!(p.fingerprint(), before, "a dry run writes nothing");
    let args = import_args(&path(LIST));
    let report = p.json(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(report["written"], true);
    // 19 non-blank lines: 4 units, 2 enhancements, 1 lore, the rest ignored with a reason.
    let lines = report["report"].as_array().unwrap();
    let count = |s: &str| lines.iter().filter(|l| l["status"] == s).count();
    assert_eq!(
        (
            count("unit"),
            count("enhancement"),
            count("lore"),
            count("not_matched")
        ),
        (4, 2, 1, 0)
    );
    assert_eq!(lines.len(), 19, "{report}");
    assert_eq!(
        units(&p, HAMMERS),
        [
            (
                "Knight-Arcanum".into(),
                None,
                false,
                false,
                vec!["Mirrorshield".into()]
            ),
            ("Liberators".into(), None, true, false, vec![]),
            (
                "Lord-Vigilant on Gryph-stalker".into(),
                None,
                false,
                true,
                vec!["Staunch Defender".into()]
            ),
            ("Vindictors".into(), None, false, false, vec![]),
        ]
    );
    p.ok(&["audit"]);
}

#[test]
fn an_export_imports_back_to_the_same_order_of_battle() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.add_dawn_guard();
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
    p.ok(&["roster", "enhance", HAMMERS, "Knight-Arcanum", "Mirrorshield"]);
    let out = p.db().parent().unwrap().join("hammers.txt");
    p.ok(&["roster", "export", HAMMERS, "--out", out.to_str().unwrap()]);
    p.ok(&["campaign", "new", "Second Vale"]);
    let file = out.to_str().unwrap().to_string();
    run(
        &p,
        &[
            "roster",
            "import",
            &file,
            "--campaign",
            "Second Vale",
            "--player",
            "Ana",
            "--name",
            "Hammers Again",
            "--path",
            "warrior",
            "--ability",
            "berserker",
        ]
        .map(String::from),
    );
    assert_eq!(units(&p, "Hammers Again"), units(&p, HAMMERS));
    let json = p.json(&["roster", "export", HAMMERS, "--format", "json"]);
    assert_eq!(
        (json["schema"].as_str(), json["version"].as_u64()),
        (Some("ptg-list"), Some(1))
    );
    assert_eq!(named(&json["units"], "name", "Dawn Guard")["reinforced"], true);
}

#[test]
fn unmatched_lines_refuse_the_list_unless_skipped() {
    let p = Ptg::ashen_vale();
    let text = std::fs::read_to_string(fixture(LIST))
        .unwrap()
        .replace("Vindictors (90)", "Vindicators (90)");
    let file = p.db().parent().unwrap().join("typo.txt");
    std::fs::write(&file, text).unwrap();
    let args = import_args(file.to_str().unwrap());
    let err = p.refused(
        &args.iter().map(String::as_str).collect::<Vec<_>>(),
        "did not match",
    );
    assert!(err.contains("--skip-unknown"), "{err}");
    let out = p
        .cmd(&args.iter().map(String::as_str).collect::<Vec<_>>())
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("NOT MATCHED") && stdout.contains("Vindictors"),
        "the report shows the suggestion: {stdout}"
    );
    run(&p, &[args, vec!["--skip-unknown".into()]].concat());
    assert_eq!(units(&p, HAMMERS).len(), 3);
}

#[test]
fn a_list_over_the_starting_points_is_imported_with_its_problems_or_refused_with_strict() {
    let p = Ptg::ashen_vale();
    let text = std::fs::read_to_string(fixture(LIST)).unwrap().replace(
        "Vindictors (90)",
        "Vindictors (90)\nAnnihilators (130)\nAnnihilators (130)\nAnnihilators (130)\nAnnihilators (130)",
    );
    let file = p.db().parent().unwrap().join("big.txt");
    std::fs::write(&file, text).unwrap();
    let args = import_args(file.to_str().unwrap());
    p.refused(
        &[args.clone(), vec!["--strict".into()]]
            .concat()
            .iter()
            .map(String::as_str)
            .collect::<Vec<_>>(),
        "--strict",
    );
    let out = run(&p, &args);
    assert!(out.contains("problem (starting points)"), "{out}");
    let check = p.cmd(&["roster", "check", HAMMERS]).output().unwrap();
    assert_eq!(check.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&check.stdout).contains("starting points"));
}

#[test]
fn pasted_text_on_stdin_goes_into_a_roster_in_set_up() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let mut cmd = p.process(&["roster", "import", "-", "--into", HAMMERS]);
    cmd.stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"Stormcast Eternals\r\n* 2x Liberators (90)\r\n* Vindictors \xE2\x80\x93 90 pts\r\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stdout));
    assert_eq!(units(&p, HAMMERS).len(), 4);
}

#[test]
fn malformed_input_is_refused_with_the_database_unchanged() {
    let p = Ptg::ashen_vale();
    let dir = p.db().parent().unwrap().to_path_buf();
    let write = |name: &str, bytes: &[u8]| {
        let f = dir.join(name);
        std::fs::write(&f, bytes).unwrap();
        f.to_str().unwrap().to_string()
    };
    let cases = [
        (write("empty.txt", b""), "empty"),
        (
            write("junk.bin", &[0xff, 0xfe, 0x00, 0x81, 0x92, 0x00, 0x13]),
            "not text",
        ),
        (write("huge.txt", &vec![b'a'; 10 * 1024 * 1024]), "is not one"),
        (write("half.rosz", b"PK\x03\x04\x14\x00\x00\x00\x08\x00"), ""),
        (write("bad.ros", b"<?xml version=\"1.0\"?><notaroster/>"), ""),
    ];
    for (file, expected) in cases {
        p.refused(
            &import_args(&file).iter().map(String::as_str).collect::<Vec<_>>(),
            expected,
        );
    }
    p.refused(
        &["roster", "import", "/no/such/list.txt", "--into", HAMMERS],
        "cannot read",
    );
}

#[test]
fn allied_units_export_and_import_back_as_allies() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Wastes", "--option", "allies"]);
    p.ok(&common::roster_new(
        "Silken Host",
        "Wastes",
        "Hedonites of Slaanesh",
        "Lord of Pain",
        "warrior",
        "berserker",
    ));
    p.ok(&["roster", "add", "Silken Host", "Daemonettes"]);
    p.ok(&["roster", "add", "Silken Host", "Blissbarb Archers"]);
    p.ok(&[
        "roster",
        "add",
        "Silken Host",
        "Chaos Spawn",
        "--ally",
        "Slaves to Darkness",
        "--name",
        "Gift",
    ]);
    let out = p.db().parent().unwrap().join("silken.txt");
    p.ok(&["roster", "export", "Silken Host", "--out", out.to_str().unwrap()]);
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(text.contains("• Ally: Slaves to Darkness"), "{text}");
    run(
        &p,
        &[
            "roster",
            "import",
            out.to_str().unwrap(),
            "--campaign",
            "Wastes",
            "--player",
            "Ana",
            "--name",
            "Silken Again",
            "--path",
            "warrior",
            "--ability",
            "berserker",
        ]
        .map(String::from),
    );
    let again = p.json(&["roster", "show", "Silken Again"]);
    assert_eq!(
        named(&again["units"], "name", "Gift")["ally"],
        "Slaves to Darkness"
    );
    assert_eq!(units(&p, "Silken Again"), units(&p, "Silken Host"));
}

#[test]
fn a_list_without_a_general_shows_its_report_and_asks_for_the_warlord() {
    let p = Ptg::ashen_vale();
    let file = p.db().parent().unwrap().join("plain.txt");
    std::fs::write(&file, "Liberators (90)\nKnight-Arcanum (120)\n").unwrap();
    let mut args = import_args(file.to_str().unwrap());
    args.extend([
        "--faction".to_string(),
        "Stormcast Eternals".to_string(),
        "--name".into(),
        "Plain".into(),
    ]);
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = p.cmd(&refs).output().unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).contains("Knight-Arcanum (120 pts)"));
    p.refused(
        &refs,
        "the list marks no general; name the warlord: of the list's HEROes, Knight-Arcanum may lead; add --warlord UNIT",
    );
    run(
        &p,
        &[args, vec!["--warlord".into(), "Knight-Arcanum".into()]].concat(),
    );
    assert_eq!(units(&p, "Plain").len(), 2);
}

#[test]
fn a_list_that_matches_nothing_writes_nothing_and_a_huge_one_is_refused() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let dir = p.db().parent().unwrap().to_path_buf();
    let nothing = dir.join("nothing.txt");
    std::fs::write(
        &nothing,
        "Stormcast Eternals\n* 2x Liberatorzz (90)\n* Vindictorzz - 90 pts\n",
    )
    .unwrap();
    let nothing = nothing.to_str().unwrap();
    let sets = |p: &Ptg| {
        p.json(&["history", "--roster", HAMMERS])
            .as_array()
            .unwrap()
            .len()
    };
    let before = sets(&p);
    p.refused(
        &["roster", "import", nothing, "--into", HAMMERS, "--skip-unknown"],
        "no line of the list matched a unit",
    );
    assert_eq!(sets(&p), before, "a change set was written");
    // 1.7 MB of lines that match nothing: refused by its size, not matched line by line.
    let huge = dir.join("huge.txt");
    let text: String = (0..60_000)
        .map(|i| format!("* Not a unit number {i} (90)\n"))
        .collect();
    std::fs::write(&huge, format!("Stormcast Eternals\n{text}")).unwrap();
    p.refused(
        &[
            "roster",
            "import",
            huge.to_str().unwrap(),
            "--into",
            HAMMERS,
            "--skip-unknown",
        ],
        "an army list has far fewer (at most 1000)",
    );
}

/// Issue #32, item 3: the organiser made the roster with its warlord, and the player's list
/// names the same hero as its general: that line is the warlord (its heroic trait goes on
/// it), not a second Lord-Vigilant.
#[test]
fn a_list_into_a_roster_with_its_warlord_does_not_add_the_general_again() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let list = p.db().parent().unwrap().join("hammers.txt");
    std::fs::write(
        &list,
        "Hammers of Dawn 1000/2000 pts\n\nStormcast Eternals\n\nGeneral's Regiment\n\
         Lord-Vigilant on Gryph-stalker (120)\n• General\n• Heroic Traits: Staunch Defender\nLiberators (90)\n",
    )
    .unwrap();
    let out = p.ok(&["roster", "import", list.to_str().unwrap(), "--into", HAMMERS]);
    assert!(
        out.contains("the roster's warlord already (Lord-Vigilant on Gryph-stalker (#1)): not added again"),
        "{out}"
    );
    let r = p.json(&["roster", "show", HAMMERS]);
    let units = r["units"].as_array().unwrap();
    assert_eq!(units.len(), 2, "the warlord and the Liberators");
    assert_eq!(units[0]["warlord"], true);
    assert_eq!(units[0]["enhancements"][0]["name"], "Staunch Defender");
    assert_eq!(units[1]["warscroll"], "Liberators");
}

/// The app and Sigdex print a HERO's enhancements as bare bullets (`• Staunch Defender`):
/// those the faction has are given to that HERO; the rest stay wargear; one under a unit that
/// may not hold it is set aside with a warning, never dropped silently.
#[test]
fn enhancements_printed_as_bare_bullets_are_given_to_their_heroes() {
    let p = Ptg::ashen_vale();
    let args = import_args(&path("lists/app-enhancement-bullets.txt"));
    let report = p.json(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(report["written"], true, "{report}");
    let lines = report["report"].as_array().unwrap();
    let on = |line: u64| lines.iter().find(|l| l["line"] == line).unwrap();
    assert_eq!(on(12)["status"], "enhancement", "{report}");
    assert_eq!(on(21)["status"], "enhancement", "{report}");
    assert_eq!(on(16)["status"], "warning", "{report}");
    let held: Vec<(String, Vec<String>)> = units(&p, "Dawnbringers")
        .into_iter()
        .map(|(w, _, _, _, e)| (w, e))
        .collect();
    assert_eq!(
        held,
        [
            ("Knight-Arcanum".to_string(), vec!["Null Pendant".to_string()]),
            ("Liberators".into(), vec![]),
            (
                "Lord-Celestant on Dracoth".into(),
                vec!["Staunch Defender".into()]
            ),
            ("Vindictors".into(), vec![]),
        ]
    );
}

#[test]
fn a_file_of_two_lists_is_refused_naming_where_the_second_starts() {
    let p = Ptg::ashen_vale();
    let args = import_args(&path("lists/two-lists.txt"));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    // `refused` checks the exit code 1 and that the database is unchanged.
    let err = p.refused(&refs, "a second one starts on line 14 (`Daka Daka 2`)");
    assert!(err.contains("split the file"), "{err}");
    let skipped = [refs.clone(), vec!["--skip-unknown"]].concat();
    p.refused(&skipped, "two lists");
}

#[test]
fn the_roster_takes_the_lists_name_as_printed_digits_kept() {
    let p = Ptg::ashen_vale();
    run(&p, &import_args(&path("lists/app-name-with-digits.txt")));
    assert_eq!(units(&p, "Daka Daka 2").len(), 2);
    run(&p, &import_args(&path("lists/app-separators.txt")));
    assert_eq!(units(&p, "KO1").len(), 3);
}

/// A companion printed without points right under its UNIQUE hero (`Neave's Companions`) is
/// set aside with a warning, not refused as unknown: the list imports without --skip-unknown,
/// and bare dash bullets (`- Staunch Defender`) are their HEROes' enhancements.
#[test]
fn a_companion_without_points_under_its_hero_does_not_stop_the_import() {
    let p = Ptg::ashen_vale();
    let args = import_args(&path("lists/app-companion-and-dash-bullets.txt"));
    let report = p.json(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(report["written"], true, "{report}");
    let lines = report["report"].as_array().unwrap();
    let on = |line: u64| lines.iter().find(|l| l["line"] == line).unwrap();
    assert_eq!(on(11)["status"], "warning", "{report}");
    assert_eq!(on(9)["status"], "enhancement", "{report}");
    let held: Vec<(String, Vec<String>)> = units(&p, "Sky Talons")
        .into_iter()
        .map(|(w, _, _, _, e)| (w, e))
        .collect();
    assert_eq!(
        held,
        [
            ("Knight-Arcanum".to_string(), vec!["Null Pendant".to_string()]),
            ("Liberators".into(), vec![]),
            (
                "Lord-Celestant on Dracoth".into(),
                vec!["Staunch Defender".into()]
            ),
            ("Neave Blacktalon".into(), vec![]),
        ]
    );
}

/// Path to Glory's enhancement rules apply to bullets read as enhancements: the same artefact
/// printed under a second HERO is a warning beside its line and is not given, so the roster
/// holds it once, on the first HERO, and the list imports without --skip-unknown.
#[test]
fn an_enhancement_the_rules_refuse_is_reported_and_not_given() {
    let p = Ptg::ashen_vale();
    let args = import_args(&path("lists/sigdex-style-enhancement-twice.txt"));
    let report = p.json(&args.iter().map(String::as_str).collect::<Vec<_>>());
    assert_eq!(report["written"], true, "{report}");
    let lines = report["report"].as_array().unwrap();
    let on = |line: u64| lines.iter().find(|l| l["line"] == line).unwrap();
    assert_eq!(on(12)["status"], "enhancement", "{report}");
    assert_eq!(on(17)["status"], "warning", "{report}");
    assert!(
        on(17)["detail"]
            .to_string()
            .contains("already held by Lord-Celestant on Dracoth"),
        "{report}"
    );
    let held: Vec<(String, Vec<String>)> = units(&p, "Storm Wardens")
        .into_iter()
        .map(|(w, _, _, _, e)| (w, e))
        .collect();
    assert_eq!(
        held,
        [
            ("Knight-Arcanum".to_string(), vec![]),
            (
                "Lord-Celestant on Dracoth".into(),
                vec!["Staunch Defender".to_string(), "Null Pendant".into()]
            ),
            ("Vindictors".into(), vec![]),
        ]
    );
}
