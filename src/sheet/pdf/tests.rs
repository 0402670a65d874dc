//! Unit tests of text measuring: wrapping and fitting, and the default column headings.

use super::*;
use marks::Style;
use rows::PAD;

fn with_pen(check: impl FnOnce(&Pen)) {
    let t = Template::bundled();
    let faces = Faces::embedded();
    check(&Pen::new(&t, faces));
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

#[test]
fn a_10000_character_string_is_cut_to_the_longest_prefix_that_fits() {
    with_pen(|pen| {
        let w = 60.0;
        let text: String = "Ærindûr the Bright ".repeat(530).chars().take(10_000).collect();
        let cut = pen.fit(Style::Body, &text, w);
        let kept = cut.strip_suffix('…').expect("cut text ends in an ellipsis");
        assert!(text.starts_with(kept), "{cut}");
        assert!(pen.width(Style::Body, &cut) <= w, "{cut}");
        // The cut is the longest that fits: up to the next letter would not.
        let rest = &text[kept.len()..];
        let letter = rest.find(|c: char| c != ' ').unwrap();
        let letter_end = letter + rest[letter..].chars().next().unwrap().len_utf8();
        let longer = format!("{kept}{}…", &rest[..letter_end]);
        assert!(pen.width(Style::Body, &longer) > w, "{longer} fits too");
        assert!(kept.chars().count() > 10, "{cut}");
        // Text that fits is kept whole; room for nothing leaves the ellipsis alone.
        assert_eq!(pen.fit(Style::Body, "Liberators", w), "Liberators");
        assert_eq!(pen.fit(Style::Body, &text, 0.0), "…");
    });
}
