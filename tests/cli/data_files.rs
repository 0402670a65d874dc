//! End-to-end: bundled data, user data folders that add or replace factions, broken data
//! files, and the default database location.

use crate::common;

use common::{Ptg, bsdata_checkout, named, roster_new, skaven_checkout};

/// A hand-made faction with edge-case numbers the real catalogues lack.
const EDGE_HOST: &str = r#"
name = "Edge Host"
[source]
origin = "hand-written test data"

[[units]]
name = "Lord of 350"
points = 350
unit_size = 1
reinforceable = false
keywords = ["HERO"]

[[units]]
name = "Lord of 351"
points = 351
unit_size = 1
reinforceable = false
keywords = ["HERO"]

[[units]]
name = "Spearmen"
points = 325
unit_size = 10
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Lone Scout"
points = 1
unit_size = 1
reinforceable = false
keywords = ["INFANTRY"]
"#;

fn with_edge_host() -> (Ptg, String) {
    let p = Ptg::new();
    let dir = p.dir.path().join("mydata");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("edge-host.toml"), EDGE_HOST).unwrap();
    let dir = dir.display().to_string();
    p.ok(&["campaign", "new", "Edges"]);
    (p, dir)
}

/// `roster new` for roster "Edge" with `warlord`, reading factions from `data_dir` too.
fn new_roster<'a>(warlord: &'a str, data_dir: &'a str) -> Vec<&'a str> {
    let mut args = vec!["--data-dir", data_dir];
    args.extend(roster_new(
        "Edge",
        "Edges",
        "Edge Host",
        warlord,
        "leader",
        "tactical-acumen",
    ));
    args
}

#[test]
fn a_351_point_warlord_is_refused_and_350_allowed() {
    let (p, dir) = with_edge_host();
    p.refused(
        &new_roster("Lord of 351", &dir),
        "costs 351 points; a warlord may cost at most 350",
    );
    p.ok(&new_roster("Lord of 350", &dir));
}

#[test]
fn the_starting_order_of_battle_stops_at_1000_not_1001() {
    let (p, dir) = with_edge_host();
    p.ok(&new_roster("Lord of 350", &dir));
    p.ok(&[
        "--data-dir",
        &dir,
        "roster",
        "add",
        "Edge",
        "Spearmen",
        "--reinforced",
    ]); // 350 + 650
    p.refused(
        &["--data-dir", &dir, "roster", "add", "Edge", "Lone Scout"],
        "brings the Order of Battle to 1001 points",
    );
    let r = p.json(&["--data-dir", &dir, "roster", "show", "Edge"]);
    assert_eq!(r["points"], 1000);
}

#[test]
fn user_files_add_factions_and_replace_bundled_ones() {
    let p = Ptg::new();
    let dir = p.dir.path().join("mydata");
    let factions = dir.join("factions");
    std::fs::create_dir_all(&factions).unwrap();
    // A points update for the Liberators (as after a new battlescroll).
    let sce = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/data/factions/stormcast-eternals.toml"
    ))
    .unwrap()
    .replacen("name = \"Liberators\"", "name = \"Liberators\"\n# patched", 1);
    let sce = patch_points(&sce, "Liberators", 100);
    std::fs::write(factions.join("stormcast-eternals.toml"), sce).unwrap();
    std::fs::write(dir.join("edge-host.toml"), EDGE_HOST).unwrap();
    let d = dir.display().to_string();

    let list = p.json(&["--data-dir", &d, "faction", "list"]);
    let names: Vec<&str> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap())
        .collect();
    assert!(names.contains(&"Edge Host"));
    assert_eq!(names.iter().filter(|n| **n == "Stormcast Eternals").count(), 1);
    let sce = named(&list, "name", "Stormcast Eternals");
    assert!(
        sce["loaded_from"]
            .as_str()
            .unwrap()
            .ends_with("stormcast-eternals.toml"),
        "{sce}"
    );

    let shown = p.json(&["--data-dir", &d, "faction", "show", "stormcast eternals"]);
    let lib = named(&shown["units"], "name", "Liberators");
    assert_eq!(lib["points"], 100);
    // Without the folder, the bundled points are back.
    let shown = p.json(&["faction", "show", "Stormcast Eternals"]);
    let lib = named(&shown["units"], "name", "Liberators");
    assert_eq!(lib["points"], 90);
}

fn patch_points(toml_text: &str, unit: &str, points: u32) -> String {
    let start = toml_text.find(&format!("name = \"{unit}\"")).unwrap();
    let at = start + toml_text[start..].find("points = ").unwrap();
    let end = at + toml_text[at..].find('\n').unwrap();
    format!("{}points = {points}{}", &toml_text[..at], &toml_text[end..])
}

#[test]
fn a_broken_user_file_is_reported_with_its_path_and_field() {
    let p = Ptg::new();
    let dir = p.dir.path().join("mydata");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("broken.toml"),
        EDGE_HOST.replace("points = 325", "points = \"many\""),
    )
    .unwrap();
    let d = dir.display().to_string();
    let err = p.refused(&["--data-dir", &d, "faction", "list"], "broken.toml");
    assert!(err.contains("points"), "{err}");
    std::fs::write(
        dir.join("broken.toml"),
        EDGE_HOST.replace("unit_size = 10", "unit_size = 0"),
    )
    .unwrap();
    let err = p.refused(&["--data-dir", &d, "faction", "list"], "broken.toml");
    assert!(
        err.contains("Spearmen") && err.contains("unit_size: must be at least 1"),
        "{err}"
    );
}

#[test]
fn the_bundled_data_lists_all_27_factions_with_their_source() {
    let p = Ptg::new();
    let list = p.json(&["faction", "list"]);
    let list = list.as_array().unwrap();
    // 28 Library catalogues, but "Orruk Warclans - Library" is shared by Ironjawz and
    // Kruleboyz and has no faction catalogue of its own: 27 playable factions.
    assert_eq!(list.len(), 27);
    for f in list {
        assert_eq!(f["source"], "BSData/age-of-sigmar-4th @ 6c4bfee", "{f}");
        assert_eq!(f["date"], "2026-08-18");
        assert!(f["units"].as_u64().unwrap() > 0);
    }
    let text = p.ok(&["faction", "show", "Skaven"]);
    for needle in ["Clanrats", "Heroic Traits", "Lore of Ruin", "Warpgale (6)"] {
        assert!(text.contains(needle), "missing {needle:?}");
    }
    p.refused(&["faction", "show", "Skavens"], "did you mean 'Skaven'");
}

#[test]
fn the_default_database_is_created_in_the_platform_data_folder() {
    let p = Ptg::new();
    let out = p
        .cmd(&["campaign", "new", "Vale"])
        .env_remove("PTG_DB")
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let db = p.dir.path().join("xdg/ptg/ptg.sqlite3");
    assert!(db.exists(), "expected the database at {}", db.display());
    let out = p
        .cmd(&["campaign", "list", "--json"])
        .env_remove("PTG_DB")
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stdout).contains("\"Vale\""));
    // --db wins over the default.
    let other = p.dir.path().join("elsewhere/league.sqlite3");
    p.cmd(&["--db", other.to_str().unwrap(), "campaign", "new", "Elsewhere"])
        .env_remove("PTG_DB")
        .assert()
        .success();
    assert!(other.exists());
}

#[test]
fn the_demo_builds_a_legal_campaign_and_can_run_again() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Ashen Vale"]);
    let before = p.fingerprint();
    // The demo keeps a database of its own beside the default one (issue #33), not PTG_DB's.
    let demo_db = p.dir.path().join("xdg/ptg/demo.sqlite3");
    let out = p.ok(&["demo"]);
    assert!(
        out.contains(&format!(
            "The demo keeps a database of its own, {}",
            demo_db.display()
        )),
        "{out}"
    );
    assert!(out.contains("$ ptg roster new \"Rat Tide (demo)\""), "{out}");
    assert!(out.contains("Rat Tide (demo) breaks no rules."), "{out}");
    assert!(
        out.contains(&format!("--db {} roster show", demo_db.display())),
        "{out}"
    );
    let again = p.ok(&["demo"]);
    assert!(again.contains("The last demo's campaign is deleted"), "{again}");
    assert_eq!(p.fingerprint(), before, "the player's league is untouched");
    let pdf = demo_db.with_file_name("demo-hammers-of-dawn.pdf");
    assert!(pdf.is_file(), "the sheet beside the demo's database");

    let demo = demo_db.to_str().unwrap();
    let campaigns = p.json(&["--db", demo, "campaign", "list"]);
    let names: Vec<&str> = campaigns
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ashen Vale (demo)"]);
    let rosters = p.json(&["--db", demo, "roster", "list"]);
    assert_eq!(rosters.as_array().unwrap().len(), 2);
    assert_eq!(rosters[0]["points"], 570);
    p.ok(&["--db", demo, "audit"]);
}

#[test]
fn import_bsdata_writes_user_files_that_replace_the_bundled_ones() {
    let Some(bsdata) = bsdata_checkout("import_bsdata_writes_user_files_that_replace_the_bundled_ones")
    else {
        return;
    };
    let p = Ptg::new();
    let report = p.json(&["data", "import-bsdata", bsdata.to_str().unwrap()]);
    assert_eq!(report["factions"].as_array().unwrap().len(), 27);
    // The default output is the platform data folder, which ptg reads on every run.
    let out = p.dir.path().join("xdg/ptg/factions");
    assert!(out.join("stormcast-eternals.toml").is_file());
    let list = p.json(&["faction", "list"]);
    let skaven = named(&list, "name", "Skaven");
    assert!(
        skaven["loaded_from"]
            .as_str()
            .unwrap()
            .ends_with("xdg/ptg/factions/skaven.toml"),
        "{skaven}"
    );
    // The same command generated the bundled files: a fresh import equals them.
    let fresh = std::fs::read_to_string(out.join("skaven.toml")).unwrap();
    let bundled =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/data/factions/skaven.toml")).unwrap();
    assert_eq!(fresh, bundled);
}

#[test]
fn a_failed_import_writes_nothing() {
    let Some(bsdata) = bsdata_checkout("a_failed_import_writes_nothing") else {
        return;
    };
    let p = Ptg::new();
    let out = p.dir.path().join("out");
    let missing = p.dir.path().join("no-such-checkout");
    let err = p.refused(
        &[
            "data",
            "import-bsdata",
            missing.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "cannot read the catalogue folder",
    );
    assert!(err.contains("no-such-checkout"), "{err}");
    assert!(!out.exists());
    // A checkout whose faction catalogue is cut short is refused, naming the file.
    let bad = p.dir.path().join("bad");
    std::fs::create_dir_all(&bad).unwrap();
    for f in ["Age of Sigmar 4.0.gst", "Lores.cat", "Skaven - Library.cat"] {
        std::fs::copy(bsdata.join(f), bad.join(f)).unwrap();
    }
    let skaven = std::fs::read(bsdata.join("Skaven.cat")).unwrap();
    std::fs::write(bad.join("Skaven.cat"), &skaven[..skaven.len() / 2]).unwrap();
    p.refused(
        &[
            "data",
            "import-bsdata",
            bad.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ],
        "Skaven.cat",
    );
    assert!(!out.exists());
}

/// The names in a folder, sorted.
fn listing(dir: &std::path::Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn an_import_replaces_the_whole_folder_and_cleans_up_after_a_killed_one() {
    let Some(bsdata) =
        bsdata_checkout("an_import_replaces_the_whole_folder_and_cleans_up_after_a_killed_one")
    else {
        return;
    };
    let p = Ptg::new();
    let checkout = skaven_checkout(&p, &bsdata);
    let data = p.dir.path().join("data");
    let out = data.join("factions");
    std::fs::create_dir_all(&out).unwrap();
    std::fs::write(out.join("skaven.toml"), "# an older import\n").unwrap();
    std::fs::write(out.join("gone-faction.toml"), "# no longer in BSData\n").unwrap();
    let import = || {
        p.ok(&[
            "data",
            "import-bsdata",
            checkout.to_str().unwrap(),
            "--out",
            out.to_str().unwrap(),
        ])
    };
    import();
    // Exactly the new set, and nothing beside the folder.
    assert_eq!(listing(&out), ["skaven.toml"]);
    let skaven = std::fs::read_to_string(out.join("skaven.toml")).unwrap();
    assert!(
        skaven.starts_with("# Generated by `ptg data import-bsdata`"),
        "{skaven}"
    );
    assert_eq!(listing(&data), ["factions"]);

    // An import killed while writing its new set, one killed before removing the old set,
    // and a staging folder of an older ptg: the next import removes them all.
    for leftover in ["factions.ptg-new-4242", "factions.ptg-old-4243", ".ptg-import-x1"] {
        std::fs::create_dir_all(data.join(leftover)).unwrap();
        std::fs::write(data.join(leftover).join("half.toml"), "# half").unwrap();
    }
    import();
    assert_eq!(listing(&data), ["factions"]);
    assert_eq!(listing(&out), ["skaven.toml"]);

    // Killed between the two renames: the folder is missing, its old set sits aside and the
    // new set is complete. The next import ends with its own set and no leftovers.
    std::fs::rename(&out, data.join("factions.ptg-old-4244")).unwrap();
    std::fs::create_dir_all(data.join("factions.ptg-new-4244")).unwrap();
    import();
    assert_eq!(listing(&data), ["factions"]);
    assert_eq!(listing(&out), ["skaven.toml"]);
    assert_eq!(std::fs::read_to_string(out.join("skaven.toml")).unwrap(), skaven);
}

/// A mistyped `--data-dir` is refused naming it (issue #33), not read as no extra data.
#[test]
fn a_data_dir_that_is_not_there_is_refused() {
    let p = Ptg::new();
    let missing = p.dir.path().join("my-dtaa").display().to_string();
    let err = p.refused_cmd(
        p.cmd(&["--data-dir", &missing, "faction", "list"]),
        1,
        "does not exist",
    );
    assert!(err.contains(&missing) && err.contains("PTG_DATA_DIR"), "{err}");
    let file = p.dir.path().join("edge-host.toml");
    std::fs::write(&file, EDGE_HOST).unwrap();
    let mut cmd = p.cmd(&["faction", "list"]);
    cmd.env("PTG_DATA_DIR", &file);
    p.refused_cmd(cmd, 1, "is not a folder");
}

/// `demo --json` is JSON throughout (issue #33): each step named, then its own JSON.
#[test]
fn the_demo_in_json_is_a_stream_of_json_documents() {
    let p = Ptg::new();
    let out = p.ok(&["demo", "--json"]);
    let docs: Vec<serde_json::Value> = serde_json::Deserializer::from_str(&out)
        .into_iter::<serde_json::Value>()
        .collect::<Result<_, _>>()
        .unwrap_or_else(|e| panic!("not JSON ({e}):\n{out}"));
    assert!(docs[0]["database"].as_str().unwrap().ends_with("demo.sqlite3"));
    let steps = docs.iter().filter(|d| d.get("step").is_some()).count();
    assert!(steps > 20, "{steps} steps");
    assert!(docs.last().unwrap()["done"]["sheet"].is_string(), "{out}");
}
