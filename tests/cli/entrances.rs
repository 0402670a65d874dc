//! Issue #30, item 4: every entrance passes the same name and note rules, and the terminal
//! never gets a raw control character. Army lists with hostile own names, `--reason` texts
//! that would forge history lines, invisible and bidi characters and look-alike names are
//! refused with the database unchanged; a name an older ptg let in is printed escaped.

use crate::common;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, import_args};

/// Ashen Vale with Hammers of Dawn, which has Dawn Guard (reinforced Liberators).
static HAMMERS_WITH_GUARD: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.add_dawn_guard();
    p
});

/// Hammers of Dawn as ptg's JSON list, with Dawn Guard's own name changed by `rename`.
fn list_with(p: &Ptg, rename: impl Fn(&mut Vec<serde_json::Value>)) -> std::path::PathBuf {
    let text = p.ok(&["roster", "export", HAMMERS, "--format", "json"]);
    let mut list: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut units = list["units"].as_array().unwrap().clone();
    rename(&mut units);
    list["units"] = serde_json::Value::Array(units);
    let file = p.db().with_file_name("list.json");
    std::fs::write(&file, list.to_string()).unwrap();
    file
}

fn no_raw_control(text: &str) -> bool {
    !text
        .chars()
        .any(|c| (c.is_control() && c != '\n') || ptg::rules::names::is_invisible(c))
}

#[test]
fn a_list_s_hostile_or_duplicate_own_names_are_refused_line_by_line() {
    let p = HAMMERS_WITH_GUARD.copy();
    let escape = "Dawn\u{1b}]0;pwned\u{7}Guard".to_string();
    let long = "x".repeat(100_000);
    let bidi = "Dawn\u{202e}drauG".to_string();
    for (hostile, why) in [
        (escape, "no control characters"),
        (long, "100000 characters is too long"),
        (bidi, "no invisible or text-direction characters"),
    ] {
        let file = list_with(&p, |units| {
            for u in units.iter_mut().filter(|u| u["name"] == "Dawn Guard") {
                u["name"] = hostile.clone().into();
            }
        });
        let mut args = import_args(file.to_str().unwrap());
        args.extend(["--name".into(), "Hammers Again".into()]);
        let before = p.fingerprint();
        let out = p
            .cmd(&args.iter().map(String::as_str).collect::<Vec<_>>())
            .output()
            .unwrap();
        let (stdout, stderr) = (
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr),
        );
        assert_eq!(out.status.code(), Some(1), "{why}: {stdout}\n{stderr}");
        assert!(
            stdout.contains("its own name") && stdout.contains(why),
            "{why}: {stdout}"
        );
        assert!(stderr.contains("did not match"), "{stderr}");
        assert!(no_raw_control(&stdout) && no_raw_control(&stderr), "{stdout:?}");
        assert_eq!(p.fingerprint(), before, "{why}: the database changed");
    }
    // Two units of the list with one own name.
    let file = list_with(&p, |units| {
        let mut twin = units.iter().find(|u| u["name"] == "Dawn Guard").unwrap().clone();
        twin["name"] = "dawn guard".into();
        units.push(twin);
    });
    let mut args = import_args(file.to_str().unwrap());
    args.extend(["--name".into(), "Hammers Again".into()]);
    let before = p.fingerprint();
    let out = p
        .cmd(&args.iter().map(String::as_str).collect::<Vec<_>>())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("already named 'dawn guard'"), "{stdout}");
    assert_eq!(p.fingerprint(), before);
}

#[test]
fn reasons_are_one_short_line() {
    let p = HAMMERS_WITH_GUARD.copy();
    let warlord = "Lord-Vigilant on Gryph-stalker";
    p.refused(
        &[
            "roster",
            "enhance",
            HAMMERS,
            warlord,
            "Staunch Defender",
            "--reason",
            "quest\n2026-01-01 #9 Rat Tide: +500 glory",
        ],
        "found U+000A",
    );
    p.refused(
        &[
            "roster",
            "enhance",
            HAMMERS,
            warlord,
            "Staunch Defender",
            "--reason",
            &"x".repeat(201),
        ],
        "201 characters is too long",
    );
    p.refused(
        &[
            "roster",
            "lore",
            HAMMERS,
            "add",
            "spell",
            "Lightning Blast",
            "--reason",
            "a\u{1b}[2Jb",
        ],
        "found U+001B",
    );
}

#[test]
fn invisible_characters_and_look_alikes_are_refused_as_names() {
    let p = HAMMERS_WITH_GUARD.copy();
    let new = |name: &'static str| {
        common::roster_new(
            name,
            ASHEN_VALE,
            "Skaven",
            "Grey Seer",
            "mage",
            "dedicated-practitioner",
        )
    };
    p.refused(
        &new("Ham\u{200b}mers of Dawn"),
        "no invisible or text-direction characters",
    );
    p.refused(
        &new("Rat\u{2066} Tide"),
        "no invisible or text-direction characters",
    );
    // Full-width letters are the same name once compared (NFKC): taken.
    p.refused(&new("Ｈammers of Dawn"), "Hammers of Dawn");
    p.refused(&["campaign", "new", "Ａshen Vale"], "Ashen Vale");
}

#[test]
fn a_name_an_older_ptg_let_in_reaches_the_terminal_escaped() {
    let p = HAMMERS_WITH_GUARD.copy();
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.execute(
        "UPDATE rosters SET name = 'Red' || char(27) || '[31mTide' WHERE id = 1",
        [],
    )
    .unwrap();
    drop(conn);
    for args in [
        vec!["roster", "list"],
        vec!["history"],
        vec!["roster", "show", "1"],
    ] {
        let out = p.cmd(&args).output().unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(no_raw_control(&text), "{args:?}: {text:?}");
    }
    let listed = p.ok(&["roster", "list"]);
    assert!(listed.contains(r"Red\u001b[31mTide"), "{listed}");
}
