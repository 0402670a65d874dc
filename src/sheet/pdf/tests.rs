//! Unit tests of text measuring: wrapping and fitting, and the default column headings.

use super::*;
use marks::Style;
use rows::PAD;

fn with_pen(check: impl FnOnce(&Pen)) {
    let t = Template::bundled();
    let faces = Faces::embedded();
    let mut doc = PdfDocument::new("t");
    let pen = Pen {
        t: &t,
        faces,
        ids: (doc.add_font(&faces.regular), doc.add_font(&faces.bold)),
    };
    check(&pen);
}

#[test]
fn wrapping_breaks_at_spaces_and_only_splits_words_too_long_for_a_line() {
    with_pen(|pen| {
        let w = pen.width(Style::Body, "Path of the");
        assert_eq!(
            pen.wrap(Style::Body, "Path of the Warrior", w),
            ["Path of the", "Warrior"]
        );
        let long = "Ærønsdóttirsdóttir";
        let lines = pen.wrap(Style::Body, long, w);
        assert!(lines.len() > 1 && lines.concat() == long, "{lines:?}");
        assert!(lines.iter().all(|l| pen.width(Style::Body, l) <= w));
        let cut = pen.fit(Style::Body, "Summon Celestian Vortex", w);
        assert!(cut.ends_with('…') && pen.width(Style::Body, &cut) <= w, "{cut}");
    });
}

#[test]
fn default_column_headings_fit_on_one_line() {
    with_pen(|pen| {
        for c in &pen.t.order_of_battle.columns {
            let need = pen.width(Style::SmallBold, c.field.heading()) + 2.0 * PAD;
            assert!(
                need <= c.width,
                "{:?} needs {need:.1} mm, has {}",
                c.field,
                c.width
            );
        }
    });
}
