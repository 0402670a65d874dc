//! Unit tests of the PDF ptg writes itself: its numbers, its cross-reference table and its
//! fonts' widths. That the text reads back as printpdf's PDF of the same sheet does is
//! `faces_tests`' (the full font goes through printpdf); that the pages look the same is
//! `tests/cli/sheet_png.rs`'.

use super::file::number;
use super::*;

fn numbers(values: &[f32]) -> Vec<String> {
    values
        .iter()
        .map(|&v| {
            let mut out = Vec::new();
            number(&mut out, v);
            String::from_utf8(out).unwrap()
        })
        .collect()
}

#[test]
fn numbers_are_written_to_the_hundredth_of_a_point_without_trailing_zeros() {
    assert_eq!(
        numbers(&[12.0, 0.4, 39.685043, 595.27563, -3.049, 0.004, -0.004, 0.55, 1.05]),
        ["12", "0.4", "39.69", "595.28", "-3.05", "0", "0", "0.55", "1.05"]
    );
}

/// A sheet in the embedded sheet cut, written by ptg.
fn written() -> Vec<u8> {
    let s = faces_tests::latin(faces_tests::sheet("Hammers of Dawn"));
    let pdf = render(&s, &Template::bundled(), Faces::embedded());
    assert!(pdf.bytes.starts_with(b"%PDF-1.4\n"));
    assert!(
        pdf.bytes.windows(4).any(|w| w == b"/F1 "),
        "set in the sheet cut, by ptg"
    );
    pdf.bytes
}

/// The text after the last `key` in `bytes`, up to the next line break.
fn after<'a>(bytes: &'a [u8], key: &str) -> &'a str {
    let at = bytes
        .windows(key.len())
        .rposition(|w| w == key.as_bytes())
        .unwrap_or_else(|| panic!("no {key}"));
    let rest = &bytes[at + key.len()..];
    let end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
    std::str::from_utf8(&rest[..end]).unwrap()
}

#[test]
fn the_cross_reference_table_points_at_every_object() {
    let bytes = written();
    let xref: usize = after(&bytes, "startxref\n").parse().unwrap();
    assert!(bytes[xref..].starts_with(b"xref\n0 "));
    let size: usize = after(&bytes, "/Size ")
        .split('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let table = std::str::from_utf8(&bytes[xref..]).unwrap();
    let entries: Vec<&str> = table.lines().skip(2).take(size).collect();
    assert_eq!(entries[0], "0000000000 65535 f ");
    for (n, entry) in entries.iter().enumerate().skip(1) {
        assert_eq!(entry.len(), 19, "{entry:?}: 20 bytes with its line break");
        let at: usize = entry[..10].parse().unwrap();
        assert!(
            bytes[at..].starts_with(format!("{n} 0 obj\n").as_bytes()),
            "object {n}"
        );
    }
    assert_eq!(table.lines().nth(2 + size), Some("trailer"));
    // The page tree's kids are the pages, in order.
    let kids = after(&bytes, "/Kids[");
    let kids: Vec<usize> = kids[..kids.find(']').unwrap()]
        .split(" 0 R")
        .filter_map(|k| k.trim().parse().ok())
        .collect();
    assert!(kids.len() >= 2, "{kids:?}");
    for kid in kids {
        let at: usize = entries[kid][..10].parse().unwrap();
        let object = &bytes[at..at + 60];
        assert!(
            object.windows(11).any(|w| w == b"/Type/Page/"),
            "object {kid} is a page"
        );
    }
}

#[test]
fn each_face_lists_the_width_of_every_glyph_drawn() {
    let bytes = written();
    let t = Template::bundled();
    let pen = Pen::new(&t, Faces::embedded());
    // The regular face is the first font written; its widths are the first /W.
    let text = String::from_utf8_lossy(&bytes);
    let w = &text[text.find("/W[").unwrap() + 3..];
    let w = &w[..w.find("]>>").unwrap()];
    let mut widths = std::collections::BTreeMap::new();
    for run in w.split(']').filter(|r| !r.trim().is_empty()) {
        let (first, list) = run.trim().split_once('[').unwrap();
        let first: u16 = first.trim().parse().unwrap();
        for (i, width) in list.split(' ').enumerate() {
            widths.insert(first + i as u16, width.parse::<i64>().unwrap());
        }
    }
    let upm = f32::from(Faces::embedded().regular.font.pdf_font_metrics.units_per_em);
    // The footer prints the army's name in the regular face.
    for c in "Hammers of Dawn".chars() {
        let glyph = pen.glyph(false, c);
        let want = (f32::from(glyph.advance) * 1000.0 / upm) as i64;
        assert_eq!(widths.get(&glyph.id), Some(&want), "{c:?}");
    }
}
