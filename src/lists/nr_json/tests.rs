use super::*;
use crate::lists::test_support::*;
use crate::lists::{Format, NoteKind, detect};
use proptest::prelude::*;

const SCE: &str = include_str!("../../../tests/fixtures/lists/nr-stormcast.json");
const IJ: &str = include_str!("../../../tests/fixtures/lists/nr-ironjawz.json");
const NH: &str = include_str!("../../../tests/fixtures/lists/nr-nighthaunt.json");

#[test]
fn stormcast_json() {
    let l = parse(SCE).unwrap();
    assert_eq!(l.name.as_deref(), Some("Thunder and Steel"));
    assert_eq!(l.faction.as_deref(), Some("Stormcast Eternals"));
    assert_eq!(l.points, Some(1000));
    assert_eq!(
        units(&l),
        vec![
            row(
                "Lord-Vigilant on Gryph-stalker",
                None,
                240,
                false,
                true,
                &["Staunch Defender"]
            ),
            row("Liberators", Some("Dawn Guard"), 220, true, false, &[]),
            row("Knight-Arcanum", None, 140, false, false, &["Null Pendant"]),
        ]
    );
    assert_eq!(
        lores(&l),
        vec![
            ("spell".into(), "Lore of the Storm".into()),
            ("prayer".into(), "Prayers of the Stormhosts".into()),
        ]
    );
    // Positions are 1-based, in document order: the force, then its selections.
    assert_eq!(l.notes[0].line, 2);
    assert_eq!(l.notes[0].text, "Battle Formation: Thunderhead Host");
    assert!(
        l.notes.iter().all(|n| n.kind != NoteKind::NotUnderstood),
        "{:?}",
        l.notes
    );
}

#[test]
fn ironjawz_json_total_and_grouped_enhancement() {
    let l = parse(IJ).unwrap();
    assert_eq!(l.faction.as_deref(), Some("Ironjawz"));
    // No limit: the roster's total.
    assert_eq!(l.points, Some(1060));
    assert_eq!(
        units(&l),
        vec![
            row(
                "Megaboss on Maw-krusha",
                None,
                460,
                false,
                true,
                &["Hulking Brute"]
            ),
            row("Ardboyz", Some("Da Big Uns"), 300, true, false, &[]),
            row("Weirdnob Shaman", None, 100, false, false, &[]),
        ]
    );
    assert_eq!(
        lores(&l),
        vec![("manifestation".into(), "Manifestations of Gorkamorka".into())]
    );
    assert!(l.notes.iter().any(|n| n.text == "Battle Traits: Ironjawz"));
}

#[test]
fn nighthaunt_json_skips_a_nameless_unit() {
    let l = parse(NH).unwrap();
    assert_eq!(l.faction.as_deref(), Some("Nighthaunt"));
    assert_eq!(l.points, Some(750));
    assert_eq!(
        units(&l),
        vec![
            row(
                "Knight of Shrouds",
                Some("The Pale Knight"),
                100,
                false,
                true,
                &["Ruler of the Spectral Hosts", "Mirror of Echoing Failures"]
            ),
            row("Chainrasps", None, 130, false, false, &[]),
            row("Grimghast Reapers", None, 260, true, false, &[]),
        ]
    );
    assert!(l.lores.is_empty());
    assert_eq!(
        l.notes
            .iter()
            .filter(|n| n.kind == NoteKind::NotUnderstood)
            .count(),
        1,
        "{:?}",
        l.notes
    );
}

#[test]
fn json_is_detected() {
    for json in [SCE, IJ, NH] {
        assert_eq!(detect(json.as_bytes()).unwrap(), Format::NewRecruitJson);
        let (format, list) = crate::lists::parse(json.as_bytes(), None).unwrap();
        assert_eq!(format, Format::NewRecruitJson);
        assert_eq!(list, parse(json).unwrap());
    }
}

#[test]
fn malformed_json_is_a_clear_error() {
    let e = parse("{not json").unwrap_err();
    assert!(e.0.contains("not readable JSON"), "{e}");
    let e = parse("[1, 2, 3]").unwrap_err();
    assert!(e.0.contains("not an object"), "{e}");
    let e = parse("\"roster\"").unwrap_err();
    assert!(e.0.contains("not an object"), "{e}");
    let e = parse("{}").unwrap_err();
    assert!(e.0.contains("no \"roster\""), "{e}");
    let e = parse(r#"{"name": "x", "forces": []}"#).unwrap_err();
    assert!(e.0.contains("no \"roster\""), "{e}");
    let e = parse(r#"{"roster": 3}"#).unwrap_err();
    assert!(e.0.contains("not an object"), "{e}");
    assert!(crate::lists::parse(b"{}", None).is_err());
    // Odd shapes inside a roster are skipped, not fatal.
    let l = parse(r#"{"roster": {"forces": [{"selections": [1, "x", {"name": 3, "type": "unit"}, {"name": "Chainrasps", "type": "unit", "number": -4, "costs": [{"name": "pts", "value": "130"}]}]}], "costs": "lots"}}"#).unwrap();
    assert_eq!(units(&l), vec![row("Chainrasps", None, 130, false, false, &[])]);
    assert_eq!(l.points, None);
}

proptest! {
    #[test]
    fn never_panics_on_strings(s in "\\PC*") {
        let _ = parse(&s);
        let _ = parse(&format!("{{\"roster\": {s}}}"));
        let _ = crate::lists::parse(format!("{{{s}").as_bytes(), None);
    }

    #[test]
    fn never_panics_on_json_values(v in json_value()) {
        let _ = parse(&v.to_string());
        let _ = parse(&serde_json::json!({"roster": {"forces": [{"selections": [v.clone()]}]}}).to_string());
        let _ = parse(&serde_json::json!({"roster": v}).to_string());
    }
}

fn json_value() -> impl Strategy<Value = serde_json::Value> {
    let leaf = prop_oneof![
        Just(serde_json::Value::Null),
        any::<bool>().prop_map(serde_json::Value::from),
        any::<f64>().prop_map(serde_json::Value::from),
        any::<i64>().prop_map(serde_json::Value::from),
        "(name|type|unit|model|pts|General|Reinforced|Heroic Traits|[a-z]{0,6})"
            .prop_map(serde_json::Value::from),
    ];
    leaf.prop_recursive(4, 64, 8, |inner| {
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(serde_json::Value::from),
            proptest::collection::btree_map(
                "(name|customName|type|number|costs|value|selections|forces|group|catalogueName|roster)",
                inner,
                0..6
            )
            .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}
