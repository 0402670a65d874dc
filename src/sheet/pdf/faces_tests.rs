//! Unit tests of the embedded font's two cuts: the core cut measures like the full font, a
//! sheet lays out the same in either, and a character the core lacks sends the sheet to the
//! full font.

use super::*;
use crate::rules::battle::BattleResult;
use crate::sheet::view::{BattleLine, Lore, LoreEntry, QuestLine, Record, Tagged, UnitRow};
use marks::Style;
use std::process::Command;

/// A small sheet whose army is called `army`, with names in several scripts.
pub(super) fn sheet(army: &str) -> Sheet {
    let units = (0..12)
        .map(|i| UnitRow {
            id: i + 1,
            name: (i % 3 == 0).then(|| format!("Åsa Ærønsdóttir Ωμέγα Жуков {i}")),
            warscroll: format!("Liberators {i}"),
            warlord: i == 0,
            points: 120,
            models: 5,
            reinforced: i % 4 == 0,
            renown: 12,
            rank: Some("Veteran".into()),
            path: Some("Path of the Warrior".into()),
            abilities: vec![Tagged {
                name: "Berserker — “Þórr’s” fury".into(),
                tag: "Aspiring".into(),
            }],
            enhancements: vec![],
            in_current_data: i != 5,
            ally: None,
        })
        .collect();
    Sheet {
        army: army.into(),
        player: "Zoë Łukasz".into(),
        faction: "Stormcast Eternals".into(),
        realm: Some("Azyr".into()),
        campaign: "Ashen Vale · €5 entry".into(),
        battlepack: "Path to Glory: Ascension".into(),
        glory: 55,
        favour: None,
        points: 1440,
        quest: Some(QuestLine {
            name: "Search for the Artefact".into(),
            points: 2,
            target: Some(4),
            unit: None,
        }),
        completed_quests: vec![],
        battles: vec![BattleLine {
            battle: 1,
            opponent: "Rat Tide – Ñandú".into(),
            points_limit: 1000,
            battleplan: Some("Relics of Myth".into()),
            victory_points: 13,
            opponent_victory_points: 7,
            result: BattleResult::MajorVictory,
            decided: None,
            letter: 'W',
            realm: None,
            realm_phrase: None,
            triumph: None,
        }],
        battles_fought: 1,
        earlier_battles: 0,
        record: Record {
            wins: 1,
            draws: 0,
            losses: 0,
        },
        tome: vec![Lore {
            title: "Spell lore".into(),
            entries: vec![LoreEntry {
                name: "Storm of Ẃrath".into(),
                value: Some(7),
                wild: false,
            }],
        }],
        events: vec!["Battle 1: Åsa reached rank Veteran".into()],
        earlier_events: 0,
        units,
        printed: "2026-11-21".into(),
    }
}

/// Every mark of the laid-out sheet, with its page, as text to compare.
fn marks(pen: &Pen, s: &Sheet) -> Vec<String> {
    lay_out(pen, s)
        .iter()
        .enumerate()
        .flat_map(|(page, items)| items.iter().map(move |p| format!("{page} {} {:?}", p.dy, p.mark)))
        .collect()
}

/// What pdftotext reads from the PDF, in layout mode.
fn pdf_text(pdf: &Pdf) -> String {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), &pdf.bytes).unwrap();
    let out = Command::new("pdftotext")
        .args(["-layout", file.path().to_str().unwrap(), "-"])
        .output()
        .expect("pdftotext from poppler-utils reads the sheets back");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_cuts_have_the_full_fonts_glyph_widths() {
    let full = Faces::embedded_full();
    for (cut, least) in [(Faces::embedded_core(), 1500), (Faces::embedded().clone(), 200)] {
        cuts_measure_as_the_full_font(&cut, &full, least);
    }
}

/// Every character `cut` has (at least `least` of them, and the letters below) has the full
/// font's advance.
fn cuts_measure_as_the_full_font(cut: &Faces, full: &Faces, least: usize) {
    for bold in [false, true] {
        let (core, full) = (&cut.face(bold).font, &full.face(bold).font);
        let mut kept = 0;
        for c in (0..0x2200).filter_map(char::from_u32) {
            // Glyph 0 (.notdef) is the core's answer for some characters it lacks.
            let Some(g) = core.lookup_glyph_index(c as u32).filter(|&g| g != 0) else {
                continue;
            };
            kept += 1;
            let f = full
                .lookup_glyph_index(c as u32)
                .unwrap_or_else(|| panic!("the full font has {c:?}"));
            assert_eq!(
                core.get_horizontal_advance(g),
                full.get_horizontal_advance(f),
                "{c:?} (bold {bold})"
            );
        }
        assert!(kept > least, "{kept} characters kept");
        let letters = if least > 1500 {
            "Aé?…·–—“”€ÆøÞŁẂΩμέЖук"
        } else {
            "Aé?…·–—“”€ÆøÞ"
        };
        for c in letters.chars() {
            assert!(core.lookup_glyph_index(c as u32).is_some_and(|g| g != 0), "{c:?}");
        }
    }
}

#[test]
fn a_sheet_lays_out_the_same_in_each_cut_and_the_full_font() {
    let t = Template::bundled();
    let full_faces = Faces::embedded_full();
    let full = Pen::new(&t, &full_faces);
    let core_faces = Faces::embedded_core();
    let core = Pen::new(&t, &core_faces);
    let s = sheet("Hammers of Dawn");
    assert_eq!(marks(&core, &s), marks(&full, &s));
    assert_eq!(core.missing(), [false, false], "the core cut has every character");

    let s = latin(sheet("Hammers of Dawn"));
    let cut = Pen::new(&t, Faces::embedded());
    assert_eq!(marks(&cut, &s), marks(&full, &s));
    assert_eq!(cut.missing(), [false, false], "the sheet cut has every character");
}

/// `s` with its names in Greek and Cyrillic (outside the sheet cut) in Latin letters.
pub(super) fn latin(mut s: Sheet) -> Sheet {
    for unit in &mut s.units {
        unit.name = unit.name.as_ref().map(|_| "Åsa Ærønsdóttir Łukasz".to_string());
        for a in &mut unit.abilities {
            a.name = "Berserker — “Þórr’s” fury".into();
        }
    }
    s.tome[0].entries[0].name = "Storm of Wrath".into();
    s
}

#[test]
fn a_sheet_in_the_sheet_cut_embeds_the_font_deflated_when_the_cut_was_made() {
    use std::io::Read;
    let faces = [&Faces::embedded().regular, &Faces::embedded().bold];
    for (face, whole) in faces.into_iter().zip(Faces::sheet_whole()) {
        let packed = face.packed().expect("the sheet cut is packed");
        let mut inflated = Vec::new();
        flate2::read::ZlibDecoder::new(packed.deflated)
            .read_to_end(&mut inflated)
            .unwrap();
        assert!(
            inflated == whole && packed.length == whole.len(),
            "the .zlib file is the .ttf beside it, deflated"
        );
    }
    let t = Template::bundled();
    let s = latin(sheet("Hammers of Dawn"));
    let pdf = render(&s, &t, Faces::embedded());
    let packed = Faces::embedded().regular.packed().unwrap().deflated;
    assert!(pdf.bytes.windows(packed.len()).any(|w| w == packed));
    let length1 = format!("/Length1 {}", Faces::sheet_whole()[0].len());
    assert!(pdf.bytes.windows(length1.len()).any(|w| w == length1.as_bytes()));
    assert_eq!(pdf_text(&pdf), pdf_text(&render(&s, &t, &Faces::embedded_full())));
}

/// The sheet cut is parsed from its outline-less twin (`examples/font_metrics.rs`): every
/// character maps to the same glyph with the same advance as in the cut the PDF embeds, so
/// text measures, and printpdf's `/W` widths come out, as they would from the cut itself.
#[test]
fn the_sheet_cuts_metrics_twin_measures_every_character_as_the_cut_does() {
    let faces = [&Faces::embedded().regular, &Faces::embedded().bold];
    for (face, whole) in faces.into_iter().zip(Faces::sheet_whole()) {
        let whole = printpdf::ParsedFont::from_bytes(whole, 0, &mut Vec::new()).unwrap();
        let twin = &face.font;
        assert_eq!(twin.num_glyphs, whole.num_glyphs);
        assert_eq!(twin.font_metrics.units_per_em, whole.font_metrics.units_per_em);
        let (m, w) = (&twin.pdf_font_metrics, &whole.pdf_font_metrics);
        assert_eq!(
            (
                m.ascender,
                m.descender,
                m.x_min,
                m.y_min,
                m.x_max,
                m.y_max,
                m.font_flags
            ),
            (
                w.ascender,
                w.descender,
                w.x_min,
                w.y_min,
                w.x_max,
                w.y_max,
                w.font_flags
            )
        );
        assert_eq!(twin.font_name, whole.font_name);
        for c in (0..0x3000).filter_map(char::from_u32) {
            let glyph = twin.lookup_glyph_index(c as u32);
            assert_eq!(glyph, whole.lookup_glyph_index(c as u32), "{c:?}");
            if let Some(g) = glyph {
                assert_eq!(twin.get_horizontal_advance(g), whole.get_horizontal_advance(g));
                let decoded = |f: &printpdf::ParsedFont| f.get_or_decode_glyph(g).map(|d| d.horz_advance);
                assert_eq!(decoded(twin), decoded(&whole), "{c:?}");
            }
        }
    }
}

#[test]
fn a_character_outside_the_sheet_cut_sets_the_sheet_in_the_core_cut() {
    let t = Template::bundled();
    // Greek and Cyrillic are in the core cut, not the sheet cut.
    let s = sheet("Ωμέγα Жуков");
    let pen = Pen::new(&t, Faces::embedded());
    lay_out(&pen, &s);
    assert_eq!(pen.missing(), [true, true]);
    let wider = Faces::embedded().covering(pen.missing()).expect("core faces");
    assert_eq!(wider.regular.cut(), Some(faces::Cut::Core));
    assert_eq!(wider.bold.cut(), Some(faces::Cut::Core));
    let text = pdf_text(&render(&s, &t, Faces::embedded()));
    assert!(text.contains("Ωμέγα Жуков"), "{text}");
    assert_eq!(text, pdf_text(&render(&s, &t, &Faces::embedded_full())));
}

#[test]
fn a_character_outside_the_core_cut_sets_the_sheet_in_the_full_font() {
    let t = Template::bundled();
    // U+2605 BLACK STAR is in DejaVu Sans but in neither cut; the army name is printed
    // bold (title) and regular (footer).
    let s = sheet("Knights of the ★");
    let pen = Pen::new(&t, Faces::embedded());
    lay_out(&pen, &s);
    assert_eq!(pen.missing(), [true, true]);
    let core = Faces::embedded().covering(pen.missing()).expect("core faces");
    let pen = Pen::new(&t, &core);
    lay_out(&pen, &s);
    assert_eq!(pen.missing(), [true, true]);
    let wider = core.covering(pen.missing()).expect("full faces");
    assert!(!wider.regular.is_core() && !wider.bold.is_core());
    assert!(wider.covering([true, true]).is_none(), "nothing left to widen");

    let pdf = render(&s, &t, Faces::embedded());
    let text = pdf_text(&pdf);
    assert!(text.contains("Knights of the ★"), "{text}");
    assert_eq!(text, pdf_text(&render(&s, &t, &Faces::embedded_full())));

    // A character DejaVu Sans lacks altogether (one the core's character map answers with
    // glyph 0, and one it has no entry for) leaves the sheet as the full font sets it.
    for army in ["Knights of \u{2F4}", "Knights of \u{4E00}"] {
        let s = sheet(army);
        let core = pdf_text(&render(&s, &t, Faces::embedded()));
        assert_eq!(core, pdf_text(&render(&s, &t, &Faces::embedded_full())));
    }
}

#[test]
fn a_template_font_is_kept_and_only_the_embedded_face_beside_it_widens() {
    let full = Faces::embedded_full();
    let bytes = include_bytes!("../../../templates/fonts/DejaVuSans-Bold.ttf");
    let faces = Faces::from_files(None, Some(bytes)).expect("a real font parses");
    assert!(faces.regular.is_core() && !faces.bold.is_core());
    let wider = faces.covering([true, true]).expect("the regular face widens");
    assert_eq!(wider.regular.cut(), Some(faces::Cut::Core));
    let wider = wider.covering([true, true]).expect("and widens again");
    assert!(!wider.regular.is_core());
    assert_eq!(
        wider.regular.font.lookup_glyph_index('★' as u32),
        full.regular.font.lookup_glyph_index('★' as u32)
    );
    assert!(faces.covering([false, true]).is_none(), "a template's font stays");
    let t = Template::bundled();
    let pen = Pen::new(&t, &faces);
    pen.note(Style::Bold, "★");
    assert_eq!(
        pen.missing(),
        [false, false],
        "the template's own font is not a cut"
    );
}
