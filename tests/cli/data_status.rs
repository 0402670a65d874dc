//! End-to-end: `data status` (where the data in use came from, and what it holds) and
//! `data import-bsdata` reporting what an import changes before it writes: units and points
//! against the data in use, and the rosters a new price puts over a points limit, whose
//! recorded costs stay what was paid.

use crate::common;

use common::{ASHEN_VALE, Ptg, bsdata_checkout, named, roster_new, skaven_checkout};
use ptg::catalogue::{Faction, Warscroll};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};

/// A hand-made faction with one unit of each kind `data status` counts apart.
const MARKED_HOST: &str = r#"
name = "Marked Host"
grand_alliance = "Order"
[source]
origin = "hand-written test data"
commit = "abc1234"
date = "2026-01-02"
catalogue = "Marked Host.cat"
revision = 7

[[units]]
name = "Lord"
points = 100
unit_size = 1
reinforceable = false
keywords = ["HERO"]

[[units]]
name = "Old Guard"
points = 100
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]
legends = true

[[units]]
name = "Shrine"
points = 50
unit_size = 1
reinforceable = false
keywords = ["FACTION TERRAIN"]

[[units]]
name = "Forged Hero"
points = 0
unit_size = 1
reinforceable = false
keywords = ["HERO"]
anvil_of_apotheosis = true

[[enhancement_tables]]
name = "Heroic Traits"
kind = "heroic-trait"
enhancements = ["Bold", "Stoic", "Wise"]
eligible = ["Lord"]

[[enhancement_tables]]
name = "Artefacts of Power"
kind = "artefact"
enhancements = ["Old Blade"]
eligible = ["Lord"]

[[lores]]
name = "Lore of Marks"
kind = "spell"
entries = [{ name = "Mark", value = 6 }]
"#;

/// The counts `data status` should give for a faction as `faction show --json` prints it.
fn counts_of(shown: &Value) -> Value {
    let units = shown["units"].as_array().unwrap();
    let marked = |key: &str| units.iter().filter(|u| u[key] == true).count();
    let tables = shown["enhancement_tables"].as_array().unwrap();
    json!({
        "units": units.len(),
        "legends": marked("legends"),
        "faction_terrain": units
            .iter()
            .filter(|u| u["keywords"].as_array().unwrap().iter().any(|k| k == "FACTION TERRAIN"))
            .count(),
        "anvil_of_apotheosis": marked("anvil_of_apotheosis"),
        "enhancement_tables": tables.len(),
        "enhancements": tables
            .iter()
            .map(|t| t["enhancements"].as_array().unwrap().len())
            .sum::<usize>(),
        "lores": shown["lores"].as_array().unwrap().len(),
    })
}

#[test]
fn status_gives_each_faction_s_counts_and_source_as_loaded() {
    let p = Ptg::new();
    let dir = p.dir.path().join("mydata");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("marked-host.toml"), MARKED_HOST).unwrap();
    let d = dir.display().to_string();

    let status = p.json(&["--data-dir", &d, "data", "status"]);
    let rows = status["factions"].as_array().unwrap();
    assert_eq!(rows.len(), 28, "27 bundled factions and the user's");
    let mut totals = std::collections::BTreeMap::<String, u64>::new();
    for row in rows {
        let name = row["name"].as_str().unwrap();
        let shown = p.json(&["--data-dir", &d, "faction", "show", name]);
        for (key, want) in counts_of(&shown).as_object().unwrap() {
            assert_eq!(&row[key], want, "{name}: {key}");
            *totals.entry(key.clone()).or_default() += want.as_u64().unwrap();
        }
        for key in ["origin", "commit", "date", "catalogue", "revision"] {
            assert_eq!(row[key], shown["source"][key], "{name}: {key}");
        }
    }
    for (key, sum) in &totals {
        assert_eq!(status["totals"][key], *sum, "total {key}");
    }

    let marked = named(&status["factions"], "name", "Marked Host");
    assert_eq!(
        marked["loaded_from"],
        dir.join("marked-host.toml").display().to_string()
    );
    for (key, n) in [
        ("units", 4),
        ("legends", 1),
        ("faction_terrain", 1),
        ("anvil_of_apotheosis", 1),
        ("enhancement_tables", 2),
        ("enhancements", 4),
        ("lores", 1),
    ] {
        assert_eq!(marked[key], n, "{key}");
    }
    assert_eq!(
        (&marked["commit"], &marked["revision"]),
        (&json!("abc1234"), &json!(7))
    );
    assert_eq!(
        named(&status["factions"], "name", "Skaven")["loaded_from"],
        "bundled"
    );
    let pack = named(&status["battlepacks"], "id", "ascension");
    assert_eq!(pack["loaded_from"], "bundled");

    let text = p.ok(&["--data-dir", &d, "data", "status"]);
    for needle in [
        "Marked Host.cat r7",
        "hand-written test data @ abc1234",
        "Total (28 factions)",
    ] {
        assert!(text.contains(needle), "missing {needle:?} in:\n{text}");
    }
    // Reading the data needs no database, and makes none.
    assert!(!p.db().exists());
}

/// Skaven as the small checkout imports it.
fn imported_skaven(p: &Ptg, checkout: &Path) -> Faction {
    let out = p.dir.path().join("fresh");
    p.ok(&[
        "data",
        "import-bsdata",
        checkout.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(out.join("skaven.toml")).unwrap();
    toml::from_str(&text).unwrap()
}

fn points(f: &Faction, unit: &str) -> u32 {
    f.unit(unit).unwrap_or_else(|| panic!("no {unit}")).points
}

/// What the data in use says differs from the checkout, set up by `dry_run_setup`.
struct Edited {
    p: Ptg,
    checkout: PathBuf,
    data_dir: String,
    clanrats_new: u32,
    stormvermin: u32,
    sentries: u32,
}

/// The user's Skaven file is the checkout's with Clanrats 50 points cheaper, Stormvermin
/// removed and a unit the checkout lacks added: Gnawhole Sentries, priced so that Rat Tide
/// (Grey Seer, Clanrats reinforced, Gnawhole Sentries) costs exactly 1000 points as recorded
/// and 1100 at the checkout's points.
fn dry_run_setup(p: Ptg, bsdata: &Path) -> Edited {
    let checkout = skaven_checkout(&p, bsdata);
    let fresh = imported_skaven(&p, &checkout);
    let (clanrats_new, seer) = (points(&fresh, "Clanrats"), points(&fresh, "Grey Seer"));
    let stormvermin = points(&fresh, "Stormvermin");
    assert!(clanrats_new > 50 && fresh.unit("Clanrats").unwrap().reinforceable);
    let sentries = 1000 - seer - 2 * (clanrats_new - 50);
    let mut mine = fresh.clone();
    mine.units
        .iter_mut()
        .find(|u| u.name == "Clanrats")
        .unwrap()
        .points = clanrats_new - 50;
    mine.units.retain(|u| u.name != "Stormvermin");
    mine.units.push(Warscroll {
        name: "Gnawhole Sentries".into(),
        points: sentries,
        unit_size: 1,
        keywords: vec!["INFANTRY".into()],
        ..Warscroll::default()
    });
    let dir = p.dir.path().join("mydata");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("skaven.toml"), toml::to_string(&mine).unwrap()).unwrap();
    Edited {
        p,
        checkout,
        data_dir: dir.display().to_string(),
        clanrats_new,
        stormvermin,
        sentries,
    }
}

#[test]
fn a_dry_run_reports_points_units_and_rosters_over_their_limit_and_writes_nothing() {
    let Some(bsdata) =
        bsdata_checkout("a_dry_run_reports_points_units_and_rosters_over_their_limit_and_writes_nothing")
    else {
        return;
    };
    let e = dry_run_setup(Ptg::new(), &bsdata);
    let p = &e.p;
    // Every command reads the user's Skaven file, as the rosters were built from it.
    let run = |args: &[&str]| p.ok(&[&["--data-dir", e.data_dir.as_str()], args].concat());
    run(&["campaign", "new", ASHEN_VALE]);
    for (roster, units) in [
        ("Rat Tide", &["Clanrats", "Gnawhole Sentries"][..]),
        ("Small Claw", &[][..]),
    ] {
        run(&roster_new(
            roster,
            ASHEN_VALE,
            "Skaven",
            "Grey Seer",
            "mage",
            "dedicated-practitioner",
        ));
        for u in units {
            let mut args = vec!["roster", "add", roster, u];
            if *u == "Clanrats" {
                args.push("--reinforced");
            }
            run(&args);
        }
    }
    let before = p.fingerprint();
    let checkout = e.checkout.to_str().unwrap();
    let report: Value =
        serde_json::from_str(&run(&["data", "import-bsdata", checkout, "--dry-run", "--json"])).unwrap();

    let changes = &report["changes"];
    assert_eq!(changes["added"], json!([]));
    assert!(
        !changes["removed"].as_array().unwrap().contains(&json!("Skaven")),
        "{changes}"
    );
    assert_eq!(
        changes["changed"],
        json!([{
            "faction": "Skaven",
            "units_added": [{ "unit": "Stormvermin", "points": e.stormvermin }],
            "units_removed": [{ "unit": "Gnawhole Sentries", "points": e.sentries }],
            "points_changed": [
                { "unit": "Clanrats", "old": e.clanrats_new - 50, "new": e.clanrats_new }
            ],
        }])
    );
    let over = report["over_limit"].as_array().unwrap();
    assert_eq!(over.len(), 1, "only Rat Tide goes over: {over:?}");
    assert_eq!(over[0]["roster"], "Rat Tide");
    assert_eq!(over[0]["campaign"], ASHEN_VALE);
    assert_eq!(
        (
            &over[0]["limit"],
            &over[0]["recorded_points"],
            &over[0]["new_points"]
        ),
        (&json!(1000), &json!(1000), &json!(1100))
    );
    assert_eq!(report["dry_run"], true);
    assert_eq!(report["files"], json!([]));

    let text = run(&["data", "import-bsdata", checkout, "--dry-run"]);
    for needle in [
        format!("points: Clanrats {} -> {}", e.clanrats_new - 50, e.clanrats_new),
        format!("unit added: Stormvermin ({} pts)", e.stormvermin),
        format!("unit removed: Gnawhole Sentries ({} pts)", e.sentries),
        "Rat Tide (Ashen Vale): the Order of Battle costs 1100 points".to_string(),
        "Dry run: nothing written".to_string(),
    ] {
        assert!(text.contains(&needle), "missing {needle:?} in:\n{text}");
    }
    assert!(!text.contains("Small Claw"), "{text}");
    // Nothing written: no faction folder, the database as it was.
    assert!(!p.dir.path().join("xdg/ptg/factions").exists());
    assert_eq!(before, p.fingerprint());

    // The import itself names the same roster, writes the files, and the roster keeps the
    // costs it paid while the data in use has the new points.
    let written = p.json(&["data", "import-bsdata", checkout]);
    assert_eq!(written["over_limit"][0]["roster"], "Rat Tide");
    assert!(p.dir.path().join("xdg/ptg/factions/skaven.toml").is_file());
    assert_eq!(before, p.fingerprint());
    let shown = p.json(&["faction", "show", "Skaven"]);
    assert_eq!(
        named(&shown["units"], "name", "Clanrats")["points"],
        e.clanrats_new
    );
    let rat_tide = p.json(&["roster", "show", "Rat Tide"]);
    assert_eq!(
        named(&rat_tide["units"], "warscroll", "Clanrats")["points"],
        e.clanrats_new - 50
    );
    assert_eq!(rat_tide["points"], 1000);
}

#[test]
fn an_import_without_a_database_checks_no_rosters_and_creates_none() {
    let Some(bsdata) = bsdata_checkout("an_import_without_a_database_checks_no_rosters_and_creates_none")
    else {
        return;
    };
    let p = Ptg::new();
    let checkout = skaven_checkout(&p, &bsdata);
    let report = p.json(&["data", "import-bsdata", checkout.to_str().unwrap(), "--dry-run"]);
    assert_eq!(report["over_limit"], json!([]));
    assert_eq!(report["factions"].as_array().unwrap().len(), 1);
    assert_eq!(report["factions"][0][0], "Skaven");
    assert!(!p.db().exists());
    assert!(!p.dir.path().join("xdg").exists(), "a dry run wrote something");
}

#[test]
fn a_dry_run_of_a_missing_checkout_is_refused_naming_it() {
    let p = Ptg::ashen_vale();
    let missing = p.dir.path().join("no-such-checkout");
    let err = p.refused(
        &["data", "import-bsdata", missing.to_str().unwrap(), "--dry-run"],
        "cannot read the catalogue folder",
    );
    assert!(err.contains("no-such-checkout"), "{err}");
}

#[test]
fn an_import_refuses_while_a_faction_file_in_use_is_broken_naming_it_and_the_fix() {
    let p = Ptg::ashen_vale();
    let dir = p.dir.path().join("mydata");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("marked-host.toml"),
        MARKED_HOST.replace("points = 50", "points = \"lots\""),
    )
    .unwrap();
    let d = dir.display().to_string();
    let checkout = p.dir.path().join("checkout");
    let err = p.refused(
        &[
            "--data-dir",
            &d,
            "data",
            "import-bsdata",
            checkout.to_str().unwrap(),
            "--dry-run",
        ],
        "marked-host.toml",
    );
    assert!(
        err.contains("points") && err.contains("fix or remove that file"),
        "{err}"
    );
}
