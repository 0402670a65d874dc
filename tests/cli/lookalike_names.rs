//! Issue #39, "Names": a name that passes for another is refused at every entrance, with the
//! database unchanged: a look-alike of the '/' that separates CAMPAIGN/ROSTER, letters of mixed
//! scripts ("Наmmers of Dawn" beside "Hammers of Dawn"); a list import never gives two units of
//! a roster one name; an older database holding such names keeps working, and
//! `roster check` and the audit say what to do.

use crate::common;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, roster_new};

/// Ashen Vale with Hammers of Dawn, which has Dawn Guard (reinforced Liberators), and a second
/// campaign, Glade.
static HAMMERS_AND_GLADE: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.add_dawn_guard();
    p.ok(&["campaign", "new", "Glade"]);
    p
});

fn skaven<'a>(name: &'a str, campaign: &'a str) -> Vec<&'a str> {
    roster_new(
        name,
        campaign,
        "Skaven",
        "Grey Seer",
        "mage",
        "dedicated-practitioner",
    )
}

fn sql(p: &Ptg, sql: &str) {
    let conn = rusqlite::Connection::open(p.db()).unwrap();
    conn.execute_batch(sql).unwrap();
}

#[test]
fn every_look_alike_of_a_slash_is_refused_in_roster_and_campaign_names() {
    let p = HAMMERS_AND_GLADE.copy();
    // Full-width, division, fraction, big and Philippine solidus.
    for c in ['\u{FF0F}', '\u{2215}', '\u{2044}', '\u{29F8}', '\u{1735}'] {
        let name = format!("Ashen Vale{c}Hammers of Dawn");
        let err = p.refused(&skaven(&name, "Glade"), "roster name: no '/' allowed (found U+");
        assert!(err.contains("which reads as '/'"), "{err}");
        p.refused(&["campaign", "new", &name], "campaign name: no '/' allowed");
        p.refused(&["roster", "rename", HAMMERS, &name], "no '/' allowed");
        p.refused(&["campaign", "rename", ASHEN_VALE, &name], "no '/' allowed");
    }
    // So CAMPAIGN/ROSTER typed with a '/' names Ashen Vale's roster and no other.
    let shown = p.json(&["roster", "show", "Ashen Vale/Hammers of Dawn"]);
    assert_eq!(shown["campaign"], ASHEN_VALE, "{shown}");
    // A Japanese name whose ノ only looks like a slash is a name.
    p.ok(&skaven("ノブナガの軍団", "Glade"));
}

#[test]
fn names_mixing_scripts_are_refused_and_names_in_one_script_kept() {
    let p = HAMMERS_AND_GLADE.copy();
    // "Наmmers of Dawn": the Н and а are Cyrillic.
    let mixed = "\u{41d}\u{430}mmers of Dawn";
    let err = p.refused(
        &skaven(mixed, ASHEN_VALE),
        "roster name: mixes Cyrillic and Latin letters",
    );
    assert!(err.contains("type every letter in one script"), "{err}");
    p.refused(
        &["campaign", "new", "\u{410}shen Vale"],
        "campaign name: mixes Cyrillic and Latin",
    );
    p.refused(&["roster", "rename", HAMMERS, mixed], "roster name: mixes");
    let mut player = skaven("Rat Tide", ASHEN_VALE);
    let at = player.iter().position(|a| *a == "Ana").unwrap();
    player[at] = "\u{391}na"; // a Greek capital alpha
    p.refused(&player, "player name: mixes Greek and Latin letters");
    p.refused(
        &[
            "roster",
            "add",
            HAMMERS,
            "Liberators",
            "--name",
            "D\u{430}wn Guard",
        ],
        "unit name: mixes Latin and Cyrillic letters",
    );
    p.refused(
        &["roster", "realm", HAMMERS, "Gh\u{443}r"],
        "realm of origin: mixes",
    );
    // Wholly in another script, or Latin beside Japanese: names.
    for name in ["Молот Зари", "Σπαρτιάτες 300", "ノブナガの軍団", "Team 日本"] {
        p.ok(&skaven(name, "Glade"));
    }
    let listed = p.ok(&["roster", "list"]);
    assert!(
        listed.contains("Молот Зари") && listed.contains("Team 日本"),
        "{listed}"
    );
}

#[test]
fn a_list_import_never_gives_a_unit_a_name_the_roster_has() {
    let p = HAMMERS_AND_GLADE.copy();
    // The Hammers' own list, imported into the Hammers again: its Dawn Guard is a second unit
    // of Liberators, and the roster has a Dawn Guard already.
    let list = p.ok(&["roster", "export", HAMMERS, "--format", "json"]);
    let file = p.db().with_file_name("list.json");
    std::fs::write(&file, list).unwrap();
    let out = p.ok(&["roster", "import", file.to_str().unwrap(), "--into", HAMMERS]);
    assert!(
        out.contains("its own name 'Dawn Guard' is already that of Dawn Guard (Liberators, #2)")
            && out.contains("joins as Liberators without it"),
        "{out}"
    );
    let shown = p.json(&["roster", "show", HAMMERS]);
    let units = shown["units"].as_array().unwrap();
    let liberators: Vec<_> = units.iter().filter(|u| u["warscroll"] == "Liberators").collect();
    assert_eq!(liberators.len(), 2, "{shown}");
    let named = units.iter().filter(|u| u["name"] == "Dawn Guard").count();
    assert_eq!(named, 1, "{shown}");
    let checked = p.ok(&["roster", "check", HAMMERS]);
    assert!(!checked.contains("have one name"), "{checked}");
}

#[test]
fn an_older_database_with_such_names_keeps_working_and_is_reported() {
    let p = HAMMERS_AND_GLADE.copy();
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Sun Guard"]);
    // As an older ptg let them in: a full-width solidus, Cyrillic beside Latin, two units of
    // one name (in the unit's row and in the logged change that added it, as ptg writes both).
    sql(
        &p,
        "UPDATE rosters SET name = 'Glade／Hammers' WHERE id = 1;
         UPDATE campaigns SET name = 'Аshen Vale' WHERE name = 'Ashen Vale';
         UPDATE changes SET payload = json_set(payload, '$.unit.name', 'Dawn Guard')
          WHERE kind = 'add_unit' AND unit_id = (SELECT id FROM units WHERE name = 'Sun Guard');
         UPDATE units SET name = 'Dawn Guard' WHERE name = 'Sun Guard';",
    );
    let old = "Glade／Hammers";
    let shown = p.json(&["roster", "show", old]);
    assert_eq!(shown["name"], old, "{shown}");
    // `roster check` fails on it (exit 1), naming both units.
    let out = p.cmd(&["roster", "check", old]).output().unwrap();
    let checked = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{checked}");
    assert!(
        checked.contains("Dawn Guard (Liberators, #2) and Dawn Guard (Liberators, #3) have one name")
            && checked.contains("(#2 or #3)"),
        "{checked}"
    );
    let audit = p.json(&["audit"]);
    let notes = audit["notes"].to_string();
    assert!(
        notes.contains("roster name 'Glade／Hammers' would be refused today"),
        "{notes}"
    );
    assert!(notes.contains("which reads as '/'"), "{notes}");
    assert!(notes.contains("mixes Cyrillic and Latin letters"), "{notes}");
    assert!(notes.contains("have one name"), "{notes}");
    // A rename gives it a name every command can type, and the note goes.
    p.ok(&["roster", "rename", old, "Glade Hammers"]);
    let notes = p.json(&["audit"])["notes"].to_string();
    assert!(!notes.contains("roster name"), "{notes}");
}
