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

#[test]
fn the_header_names_every_bundled_faction_as_parsing_does() {
    for (path, text) in bundled_files("factions") {
        let parsed = parse_faction(&path, text).unwrap();
        assert_eq!(
            header_value(text, "name").as_deref(),
            Some(parsed.name.as_str()),
            "{path}"
        );
    }
    for (path, text) in bundled_files("battlepacks") {
        let parsed = parse_battlepack(&path, text).unwrap();
        assert_eq!(
            header_value(text, "id").as_deref(),
            Some(parsed.id.as_str()),
            "{path}"
        );
        assert_eq!(
            header_value(text, "name").as_deref(),
            Some(parsed.name.as_str()),
            "{path}"
        );
    }
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
fn odd_headers_are_left_to_the_parser() {
    assert_eq!(
        header_value("name = \"A\" # x\n[source]", "name"),
        Some("A".into())
    );
    assert_eq!(header_value("name = \"A\\\"B\"\n", "name"), None);
    assert_eq!(header_value("name = 'A'\n", "name"), None);
    assert_eq!(header_value("[source]\nname = \"A\"\n", "name"), None);
    assert_eq!(header_value("names = \"A\"\n", "name"), None);
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
