use super::*;
use crate::lists::test_support::*;
use crate::lists::{Format, NoteKind, detect};
use proptest::prelude::*;
use std::io::Write;

const SCE: &str = include_str!("../../../tests/fixtures/lists/stormcast.ros");
const STD: &str = include_str!("../../../tests/fixtures/lists/slaves-to-darkness.ros");
const SERA: &str = include_str!("../../../tests/fixtures/lists/seraphon.ros");

fn row(
    w: &str,
    custom: Option<&str>,
    pts: Option<u32>,
    reinforced: bool,
    general: bool,
    enh: &[&str],
) -> Row {
    (
        w.into(),
        custom.map(Into::into),
        pts,
        reinforced,
        general,
        enh.iter().map(|e| e.to_string()).collect(),
    )
}

/// A .rosz as New Recruit writes it: the roster deflated in a zip.
pub(crate) fn zipped(name: &str, content: &[u8]) -> Vec<u8> {
    let mut w = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let opts = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    w.start_file(name, opts).unwrap();
    w.write_all(content).unwrap();
    w.finish().unwrap().into_inner()
}

fn check_sce(l: &ParsedList) {
    assert_eq!(l.name.as_deref(), Some("Hammers of Dawn"));
    assert_eq!(l.faction.as_deref(), Some("Stormcast Eternals"));
    assert_eq!(l.points, Some(1000));
    assert_eq!(
        units(l),
        vec![
            row(
                "Lord-Vigilant on Gryph-stalker",
                None,
                Some(240),
                false,
                true,
                &["Staunch Defender"]
            ),
            row("Liberators", Some("Dawn Guard"), Some(220), true, false, &[]),
            row("Knight-Arcanum", None, Some(140), false, false, &["Null Pendant"]),
            row("Annihilators", None, Some(180), false, false, &[]),
        ]
    );
    assert_eq!(
        lores(l),
        vec![
            ("spell".into(), "Lore of the Storm".into()),
            ("manifestation".into(), "Manifestations of the Storm".into()),
        ]
    );
}

#[test]
fn stormcast_ros() {
    let l = parse_ros(SCE).unwrap();
    check_sce(&l);
    // Lines are the XML's.
    assert_eq!(l.units[0].line, 28);
    let texts: Vec<&str> = l.notes.iter().map(|n| n.text.as_str()).collect();
    assert!(texts.contains(&"Battle Traits: Stormcast Eternals"), "{texts:?}");
    assert!(texts.contains(&"Battle Formation: Thunderhead Host"), "{texts:?}");
    assert!(texts.contains(&"Stormstrike Lance"), "{texts:?}");
    assert!(texts.contains(&"Liberator"), "{texts:?}");
    assert!(
        l.notes.iter().all(|n| n.kind != NoteKind::NotUnderstood),
        "{:?}",
        l.notes
    );
}

#[test]
fn slaves_to_darkness_ros_library_catalogue_and_regiment_group() {
    let l = parse_ros(STD).unwrap();
    assert_eq!(l.name.as_deref(), Some("Iron Oath"));
    assert_eq!(l.faction.as_deref(), Some("Slaves to Darkness"));
    assert_eq!(l.points, Some(2000));
    assert_eq!(
        units(&l),
        vec![
            row(
                "Chaos Lord on Karkadrak",
                Some("Vorhal the Red"),
                Some(230),
                false,
                true,
                &["Favoured of the Pantheon", "Ensorcelled Blade"]
            ),
            row("Chaos Warriors", None, Some(420), true, false, &[]),
        ]
    );
    assert_eq!(lores(&l), vec![("prayer".into(), "Blessings of Chaos".into())]);
    assert!(
        l.notes
            .iter()
            .any(|n| n.text == "Battle Tactic Cards: Restless Energy")
    );
    assert!(l.notes.iter().any(|n| n.text == "Regiment"));
}

#[test]
fn seraphon_ros_skips_nameless_selections_with_notes() {
    let l = parse_ros(SERA).unwrap();
    assert_eq!(l.faction.as_deref(), Some("Seraphon"));
    assert_eq!(l.points, Some(1500));
    assert_eq!(
        units(&l),
        vec![
            row(
                "Slann Starmaster",
                None,
                Some(260),
                false,
                true,
                &["Being of the Stars"]
            ),
            row(
                "Saurus Warriors",
                Some("Sotek's Fangs"),
                Some(260),
                true,
                false,
                &[]
            ),
            row("Skink Starpriest", None, None, false, false, &[]),
        ]
    );
    assert_eq!(
        lores(&l),
        vec![("spell".into(), "Lore of Celestial Manipulation".into())]
    );
    // The unit without a name is not understood; the nameless option is skipped with a note.
    assert!(
        l.notes
            .iter()
            .any(|n| n.kind == NoteKind::NotUnderstood && n.text.contains("without a name"))
    );
    assert!(
        l.notes
            .iter()
            .any(|n| n.text.contains("Skink Starpriest without a name"))
    );
}

#[test]
fn rosz_reads_the_ros_inside() {
    for (ros, name) in [
        (SCE, "Hammers of Dawn.ros"),
        (STD, "iron.ros"),
        (SERA, "x/star.ROS"),
    ] {
        let rosz = zipped(name, ros.as_bytes());
        let from_zip = parse_rosz(&rosz).unwrap();
        assert_eq!(from_zip, parse_ros(ros).unwrap());
        assert_eq!(detect(&rosz).unwrap(), Format::Rosz);
        let (format, list) = crate::lists::parse(&rosz, None).unwrap();
        assert_eq!(format, Format::Rosz);
        assert_eq!(list, from_zip);
    }
    check_sce(&parse_rosz(&zipped("a.ros", SCE.as_bytes())).unwrap());
}

#[test]
fn ros_is_detected() {
    for ros in [SCE, STD, SERA] {
        assert_eq!(detect(ros.as_bytes()).unwrap(), Format::Ros);
        let (format, _) = crate::lists::parse(ros.as_bytes(), None).unwrap();
        assert_eq!(format, Format::Ros);
    }
}

#[test]
fn malformed_rosz_is_a_clear_error() {
    let junk: Vec<u8> = (0..=255u8).cycle().take(4000).collect();
    let e = parse_rosz(&junk).unwrap_err();
    assert!(e.0.contains("not a readable zip"), "{e}");

    let whole = zipped("a.ros", SCE.as_bytes());
    let half = &whole[..whole.len() / 2];
    let e = parse_rosz(half).unwrap_err();
    assert!(e.0.contains(".rosz"), "{e}");
    // Detected as a zip by its magic, it still fails cleanly through the front door.
    assert!(crate::lists::parse(half, None).is_err());

    let e = parse_rosz(&zipped("readme.txt", b"hello")).unwrap_err();
    assert!(e.0.contains("holds no .ros"), "{e}");

    let e = parse_rosz(&zipped("a.ros", b"\xff\xfe not utf8")).unwrap_err();
    assert!(e.0.contains("not UTF-8"), "{e}");

    let e = parse_rosz(&zipped("a.ros", b"<catalogue/>")).unwrap_err();
    assert!(e.0.contains("not a roster"), "{e}");
}

#[test]
fn malformed_ros_is_a_clear_error() {
    let e = parse_ros("this is not xml").unwrap_err();
    assert!(e.0.contains("not readable XML"), "{e}");
    let e = parse_ros("<roster><forces>").unwrap_err();
    assert!(e.0.contains("not readable XML"), "{e}");
    let e = parse_ros("<?xml version=\"1.0\"?><gameSystem name=\"x\"/>").unwrap_err();
    assert!(e.0.contains("not a roster"), "{e}");
    // A roster with nothing in it is an empty list, not an error.
    let l = parse_ros("<roster name=\"Empty\"/>").unwrap();
    assert!(l.units.is_empty());
    assert_eq!(l.name.as_deref(), Some("Empty"));
}

#[test]
fn number_gives_copies_and_shares_the_points() {
    let xml = r#"<roster><forces><force catalogueName="Skaven"><selections>
        <selection name="Clanrats" type="unit" number="2"><costs><cost name="pts" value="300"/></costs></selection>
        <selection name="Rat Ogors" type="unit" number="99999"/>
    </selections></force></forces></roster>"#;
    let l = parse_ros(xml).unwrap();
    assert_eq!(
        units(&l),
        vec![
            row("Clanrats", None, Some(150), false, false, &[]),
            row("Clanrats", None, Some(150), false, false, &[]),
            row("Rat Ogors", None, None, false, false, &[]),
        ]
    );
}

proptest! {
    #[test]
    fn never_panics_on_strings(s in "\\PC*") {
        let _ = parse_ros(&s);
        let _ = crate::lists::parse(s.as_bytes(), None);
    }

    #[test]
    fn never_panics_on_bytes(b in proptest::collection::vec(any::<u8>(), 0..2000)) {
        let _ = parse_rosz(&b);
        let mut zipish = b"PK\x03\x04".to_vec();
        zipish.extend_from_slice(&b);
        let _ = parse_rosz(&zipish);
        let _ = crate::lists::parse(&b, None);
        let _ = crate::lists::parse(&zipish, None);
    }

    #[test]
    fn never_panics_on_cut_or_flipped_rosz(cut in 0usize..4000, flip in 0usize..4000, bit in 0u8..8) {
        let mut whole = zipped("a.ros", SCE.as_bytes());
        let n = whole.len();
        whole[flip % n] ^= 1 << bit;
        let _ = parse_rosz(&whole[..cut.min(n)]);
        let _ = parse_rosz(&whole);
    }

    #[test]
    fn never_panics_on_roster_shaped_xml(
        names in proptest::collection::vec(proptest::option::of("[A-Za-z \\-:]{0,12}"), 0..8),
        kinds in proptest::collection::vec("(unit|model|upgrade|)", 8),
    ) {
        let mut xml = String::from("<roster><forces><force catalogueName=\"Seraphon - x\"><selections>");
        for (i, n) in names.iter().enumerate() {
            let name = n.as_ref().map(|n| format!(" name=\"{n}\"")).unwrap_or_default();
            xml.push_str(&format!("<selection type=\"{}\"{name}><selections><selection{name}/></selections></selection>", kinds[i]));
        }
        xml.push_str("</selections></force></forces></roster>");
        let _ = parse_ros(&xml).unwrap();
    }
}
