use super::*;

const MINIMAL: &str = r#"
name = "Test Host"
[source]
origin = "hand-written"
[[units]]
name = "Spearmen"
points = 100
unit_size = 10
reinforceable = true
keywords = ["INFANTRY"]
"#;

#[test]
fn a_bad_field_is_named_with_the_file() {
    let bad = MINIMAL.replace("points = 100", "points = \"lots\"");
    let err = parse_faction("mine/test.toml", &bad).unwrap_err();
    assert_eq!(err.path, "mine/test.toml");
    assert!(err.message.contains("points"), "{}", err.message);
}

#[test]
fn an_inconsistent_file_is_refused() {
    let bad = MINIMAL.replace("unit_size = 10", "unit_size = 0");
    let err = parse_faction("x.toml", &bad).unwrap_err();
    assert!(
        err.message.contains("unit_size: must be at least 1"),
        "{}",
        err.message
    );
}

#[test]
fn user_files_add_and_replace_factions() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("test.toml"), MINIMAL).unwrap();
    let cat = Catalogue::load(&[dir.path().to_path_buf()]).unwrap();
    let f = cat.faction("test host").unwrap();
    assert_eq!(f.units[0].points, 100);
    let all = cat.factions().unwrap();
    let (_, origin) = all.iter().find(|(f, _)| f.name == "Test Host").unwrap();
    assert!(matches!(origin, Origin::User(_)));
    std::fs::write(dir.path().join("test.toml"), MINIMAL.replace("100", "120")).unwrap();
    let cat = Catalogue::load(&[dir.path().to_path_buf()]).unwrap();
    assert_eq!(cat.faction("Test Host").unwrap().units[0].points, 120);
}

/// The `.toml` files of `data/<folder>` as the build read them, with their text.
fn data_files(folder: &str) -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("data").join(folder);
    toml_files(&dir)
        .unwrap()
        .into_iter()
        .map(|p| {
            let name = p.file_name().unwrap().to_str().unwrap().to_string();
            (format!("data/{folder}/{name}"), read(&p).unwrap())
        })
        .collect()
}

/// The bundle holds exactly the files of `folder`, each decoding to what parsing its TOML
/// gives, found by the names parsing gives.
fn holds_as_parsed<T: Item + PartialEq + std::fmt::Debug>(
    folder: &str,
    bundled: Vec<&'static Bundled>,
    parse: fn(&str, &str) -> Result<T, DataError>,
) {
    let files = data_files(folder);
    let paths: Vec<&str> = bundled.iter().map(|b| b.path).collect();
    let on_disk: Vec<&str> = files.iter().map(|(p, _)| p.as_str()).collect();
    assert_eq!(paths, on_disk, "{folder}");
    for (b, (path, text)) in bundled.iter().zip(&files) {
        let parsed = parse(path, text).unwrap();
        assert_eq!(bundle::decode::<T>(b).unwrap(), parsed, "{path}");
        assert_eq!((b.name, b.alias), parsed.keys(), "{path}");
    }
}

#[test]
fn the_bundle_holds_every_data_file_as_parsing_its_toml_gives() {
    let factions = bundle::FACTIONS.iter().map(|(b, _)| b).collect();
    holds_as_parsed("factions", factions, parse_faction);
    let all = |list: &'static [Bundled]| list.iter().collect();
    holds_as_parsed("battlepacks", all(bundle::BATTLEPACKS), parse_battlepack);
    holds_as_parsed("realms", all(bundle::REALMS), parse::parse_realm);
    holds_as_parsed("tables", all(bundle::TABLES), parse::parse_table);
    for ((b, head), (path, text)) in bundle::FACTIONS.iter().zip(data_files("factions")) {
        let f = parse_faction(&path, &text).unwrap();
        assert_eq!(head.summary(b.name), FactionSummary::of(&f), "{path}");
    }
}

#[test]
fn a_user_file_replaces_a_bundled_faction() {
    let dir = tempfile::tempdir().unwrap();
    let mine = MINIMAL.replace("Test Host", "skaven");
    std::fs::write(dir.path().join("skaven.toml"), mine).unwrap();
    let cat = Catalogue::load(&[dir.path().to_path_buf()]).unwrap();
    let f = cat.faction("Skaven").unwrap();
    assert_eq!((f.name.as_str(), f.units.len()), ("skaven", 1));
    assert_eq!(cat.faction_names().count(), 27);
    let summaries = cat.faction_summaries().unwrap();
    let (s, origin) = summaries.iter().find(|(s, _)| s.name == "skaven").unwrap();
    assert_eq!((s.units, matches!(origin, Origin::User(_))), (1, true));
    assert_eq!(
        Catalogue::bundled().unwrap().faction("Skaven").unwrap().name,
        "Skaven"
    );
}

#[test]
fn every_bundled_faction_is_summarised_as_parsing_it_would() {
    let cat = Catalogue::bundled().unwrap();
    let quick = cat.faction_summaries().unwrap();
    assert!(cat.factions.iter().all(|e| e.parsed.get().is_none()));
    let parsed = cat.factions().unwrap();
    assert_eq!(quick.len(), parsed.len());
    for ((s, _), (f, _)) in quick.iter().zip(&parsed) {
        assert_eq!(s, &FactionSummary::of(f), "{}", f.name);
    }
}

#[test]
fn a_bundled_faction_is_parsed_only_when_asked_for() {
    let cat = Catalogue::bundled().unwrap();
    assert!(cat.factions.iter().all(|e| e.parsed.get().is_none()));
    cat.faction("skaven").unwrap();
    let parsed = cat.factions.iter().filter(|e| e.parsed.get().is_some());
    assert_eq!(parsed.count(), 1);
    assert_eq!(cat.faction_names().count(), 27);
    assert!(cat.battlepacks.iter().all(|e| e.parsed.get().is_none()));
    assert_eq!(
        cat.battlepack("Path to Glory: Ascension").unwrap().id,
        "ascension"
    );
}
