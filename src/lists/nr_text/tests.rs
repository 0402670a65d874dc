use super::*;
use crate::lists::test_support::*;
use crate::lists::{Format, detect};
use proptest::prelude::*;

const FULL_SCE: &str = include_str!("../../../tests/fixtures/lists/nr-full-stormcast.txt");
const FULL_SKAVEN: &str = include_str!("../../../tests/fixtures/lists/nr-full-skaven.txt");
const FULL_NH: &str = include_str!("../../../tests/fixtures/lists/nr-full-nighthaunt.txt");
const SIMPLE_SCE: &str = include_str!("../../../tests/fixtures/lists/nr-simple-stormcast.txt");
const SIMPLE_IJ: &str = include_str!("../../../tests/fixtures/lists/nr-simple-ironjawz.txt");
const SIMPLE_SERA: &str = include_str!("../../../tests/fixtures/lists/nr-simple-seraphon.txt");

fn lore(kind: &str, name: &str) -> (String, String) {
    (kind.into(), name.into())
}

#[test]
fn full_stormcast() {
    let l = parse(FULL_SCE);
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
            row("Annihilators", None, 180, false, false, &[]),
            row(
                "Knight-Arcanum",
                Some("Old Sparks"),
                140,
                false,
                false,
                &["Null Pendant"]
            ),
            row("Liberators", None, 110, false, false, &[]),
        ]
    );
    assert_eq!(
        lores(&l),
        vec![
            lore("spell", "Lore of the Storm"),
            lore("prayer", "Prayers of the Stormhosts"),
            lore("manifestation", "Manifestations of the Storm"),
        ]
    );
    assert_eq!(l.units[0].line, 8);
    assert!(not_understood(&l).is_empty(), "{:?}", l.notes);
    // Models are set aside with a note, on the unit's line.
    assert!(l.notes.iter().any(|n| n.line == 9 && n.text == "10x Liberator"));
    assert!(
        l.notes
            .iter()
            .any(|n| n.text == "Battle Formation: Thunderhead Host")
    );
    assert!(l.notes.iter().any(|n| n.text == "Created with New Recruit"));
}

#[test]
fn full_skaven() {
    let l = parse(FULL_SKAVEN);
    assert_eq!(l.faction.as_deref(), Some("Skaven"));
    assert_eq!(l.points, Some(2000));
    assert_eq!(
        units(&l),
        vec![
            row("Grey Seer", None, 120, false, true, &["Warpstone Charm"]),
            row("Clanrats", Some("The Rat Pack"), 300, true, false, &[]),
            row("Warlock Engineer", None, 80, false, false, &["Short-tempered"]),
            row("Clanrats", None, 150, false, false, &[]),
        ]
    );
    assert_eq!(
        lores(&l),
        vec![
            lore("spell", "Lore of Ruin"),
            lore("manifestation", "Manifestations of Doom")
        ]
    );
    assert!(not_understood(&l).is_empty(), "{:?}", l.notes);
}

#[test]
fn full_nighthaunt_two_enhancements() {
    let l = parse(FULL_NH);
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
            row("Grimghast Reapers", None, 260, true, false, &[]),
            row("Chainrasps", None, 130, false, false, &[]),
        ]
    );
    assert_eq!(lores(&l), vec![lore("spell", "Lore of the Underworlds")]);
    assert!(not_understood(&l).is_empty(), "{:?}", l.notes);
}

#[test]
fn simple_stormcast() {
    let l = parse(SIMPLE_SCE);
    assert_eq!(l.faction.as_deref(), Some("Stormcast Eternals"));
    assert_eq!(l.points, None);
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
    assert_eq!(lores(&l), vec![lore("spell", "Lore of the Storm")]);
    assert!(not_understood(&l).is_empty(), "{:?}", l.notes);
}

#[test]
fn simple_ironjawz() {
    let l = parse(SIMPLE_IJ);
    assert_eq!(l.faction.as_deref(), Some("Ironjawz"));
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
        vec![lore("spell", "Lore of the Weird"), lore("prayer", "Warbeats")]
    );
    assert!(not_understood(&l).is_empty(), "{:?}", l.notes);
}

#[test]
fn simple_seraphon() {
    let l = parse(SIMPLE_SERA);
    assert_eq!(l.faction.as_deref(), Some("Seraphon"));
    assert_eq!(
        units(&l),
        vec![
            row(
                "Saurus Oldblood on Carnosaur",
                None,
                300,
                false,
                true,
                &["Being of the Stars"]
            ),
            row("Saurus Warriors", Some("Sotek's Fangs"), 260, true, false, &[]),
            row(
                "Skink Starpriest",
                None,
                110,
                false,
                false,
                &["Reptilian Cunning"]
            ),
        ]
    );
    assert_eq!(lores(&l), vec![lore("spell", "Lore of Celestial Manipulation")]);
    assert!(not_understood(&l).is_empty(), "{:?}", l.notes);
}

#[test]
fn roster_name_from_triple_plus_heading() {
    let l =
        parse("+++ My Host (Age of Sigmar 4.0) [1990pts] +++\n+ Sylvaneth +\nTreelord [220pts]: General\n");
    assert_eq!(l.name.as_deref(), Some("My Host"));
    assert_eq!(l.points, Some(1990));
    assert_eq!(l.faction.as_deref(), Some("Sylvaneth"));
    assert_eq!(units(&l), vec![row("Treelord", None, 220, false, true, &[])]);
}

#[test]
fn every_line_is_accounted_for() {
    for text in [FULL_SCE, FULL_SKAVEN, FULL_NH, SIMPLE_SCE, SIMPLE_IJ, SIMPLE_SERA] {
        let l = parse(text);
        let mut seen: Vec<usize> = l.units.iter().map(|u| u.line).collect();
        seen.extend(l.lores.iter().map(|x| x.line));
        seen.extend(l.notes.iter().map(|n| n.line));
        for (i, line) in text.lines().enumerate() {
            let header_like = l.faction.as_deref() == Some(line.trim())
                || line.trim().trim_matches('+').trim() == l.faction.as_deref().unwrap_or("");
            let attached = line.trim().starts_with("- ");
            if !line.trim().is_empty() && !header_like && !attached {
                assert!(
                    seen.contains(&(i + 1)),
                    "line {} ({line}) not accounted for",
                    i + 1
                );
            }
        }
    }
}

#[test]
fn stray_lines_are_not_understood() {
    let l = parse("+ Stormcast Eternals +\nLiberators [110pts]\nwhat is this\n- General\n");
    assert_eq!(not_understood(&l), vec!["what is this"]);
    // The bullet still belongs to the Liberators.
    assert!(l.units[0].general);
}

#[test]
fn detects_new_recruit_text() {
    for text in [FULL_SCE, FULL_SKAVEN, FULL_NH, SIMPLE_SCE, SIMPLE_IJ, SIMPLE_SERA] {
        assert!(looks_like(text));
        assert_eq!(detect(text.as_bytes()).unwrap(), Format::NewRecruitText, "{text}");
        let (format, list) = crate::lists::parse(text.as_bytes(), None).unwrap();
        assert_eq!(format, Format::NewRecruitText);
        assert!(!list.units.is_empty());
    }
    assert!(looks_like("+ Skaven +\nClanrats [150pts]\n"));
    assert!(!looks_like("Clanrats (150)\nGrey Seer (120)\n"));
}

proptest! {
    #[test]
    fn never_panics(s in "\\PC*") {
        let _ = looks_like(&s);
        let _ = parse(&s);
    }

    #[test]
    fn never_panics_on_list_shaped_text(
        lines in proptest::collection::vec(
            "(\\+{1,3} ?)?[A-Za-z\" :\\-,\\[\\]()0-9]{0,30}( ?\\+{1,3})?(\\[[0-9]{0,4}pts\\])?",
            0..20,
        )
    ) {
        let text = lines.join("\n");
        let _ = looks_like(&text);
        let _ = parse(&text);
    }
}

#[test]
fn enhancement_names_with_commas_stay_whole() {
    assert_eq!(
        split_options(
            "General, Heroic Traits: 'Fire, You Worms!', Artefacts of Power: Ar'gath, the King of Blades, Warblade"
        ),
        vec![
            "General",
            "Heroic Traits: 'Fire, You Worms!'",
            "Artefacts of Power: Ar'gath, the King of Blades",
            "Warblade"
        ]
    );
    assert_eq!(
        split_options("Reinforced, Warblade (x2), 'Ere"),
        vec!["Reinforced", "Warblade (x2)", "'Ere"]
    );
}
