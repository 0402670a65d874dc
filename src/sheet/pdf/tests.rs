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

/// The text of every mark in `rows`, in order.
fn texts(rows: &[marks::Row]) -> Vec<String> {
    rows.iter()
        .flat_map(|r| &r.marks)
        .filter_map(|m| match m {
            Mark::Text { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

/// The bundled template with `from` replaced by `to` in its text.
fn bundled_with(from: &str, to: &str) -> Template {
    let text = crate::sheet::template::DEFAULT_TEMPLATE;
    assert!(text.contains(from), "{from}");
    Template::parse(&text.replacen(from, to, 1), "test.toml").expect("a valid template")
}

#[test]
fn every_notable_event_is_printed_continuing_on_the_next_page() {
    let t = Template::bundled();
    let mut s = faces_tests::sheet("Hammers of Dawn");
    s.events = (1..=40)
        .map(|i| format!("Battle {i}: Dawn Guard reached rank Veteran"))
        .collect();
    let pen = Pen::new(&t, Faces::embedded());
    let pages = lay_out(&pen, &s);
    let text_of = |page: &Vec<Placed>| -> Vec<String> {
        page.iter()
            .filter_map(|p| match &p.mark {
                Mark::Text { text, .. } => Some(text.clone()),
                _ => None,
            })
            .collect()
    };
    let all: Vec<String> = pages.iter().flat_map(text_of).collect();
    for e in &s.events {
        assert_eq!(all.iter().filter(|t| *t == e).count(), 1, "{e}");
    }
    // Page 1 ends with events, page 2 carries on under a repeated heading with the rest (and
    // the blank lines); the Order of Battle starts on a page of its own after them.
    let (p1, p2) = (text_of(&pages[0]), text_of(&pages[1]));
    assert!(p1.contains(&s.events[0]) && !p1.contains(&s.events[39]));
    assert_eq!(p2[0], "Notable Events (continued)");
    assert!(p2.contains(&s.events[39]));
    assert!(!p2.iter().any(|t| t.starts_with("Order of Battle")));
    assert_eq!(text_of(&pages[2])[0], "Order of Battle");
}

#[test]
fn blank_lines_to_write_on_follow_the_events_and_the_units() {
    let mut s = faces_tests::sheet("Hammers of Dawn");
    let t = bundled_with("blank_unit_rows = 3", "blank_unit_rows = 5");
    let pen = Pen::new(&t, Faces::embedded());
    let rows = |s: &Sheet, section| sections::block(&pen, s, section).rows;
    // One event: blank lines up to the template's 8 lines.
    s.events = vec!["Battle 1: Åsa reached rank Veteran".into()];
    let events = rows(&s, Section::NotableEvents);
    assert_eq!(events.len(), 1 + 8, "heading, the event and 7 blank lines");
    assert!(texts(&events[2..]).is_empty(), "{:?}", texts(&events[2..]));
    // Twelve events: all of them, and still 2 blank lines after the last.
    s.events = (1..=12)
        .map(|i| format!("Battle {i}: Åsa reached rank Veteran"))
        .collect();
    let events = rows(&s, Section::NotableEvents);
    assert_eq!(events.len(), 1 + 12 + 2);
    assert_eq!(texts(&events[13..]), Vec::<String>::new());
    // The Order of Battle: heading, column headings, 12 units, 5 blank rows as tall as a
    // unit with a custom name.
    let units = rows(&s, Section::OrderOfBattle);
    assert_eq!(units.len(), 2 + 12 + 5);
    assert!(texts(&units[14..]).is_empty());
    let named = units[2..14]
        .iter()
        .zip(&s.units)
        .find(|(_, u)| u.name.is_some() && u.enhancements.is_empty())
        .map(|(r, _)| r.height)
        .unwrap();
    assert!(units[14..].iter().all(|r| r.height > 0.0 && r.height <= named));
    let none = bundled_with("blank_event_lines = 2", "blank_event_lines = 0");
    let pen = Pen::new(&none, Faces::embedded());
    assert_eq!(
        sections::block(&pen, &s, Section::NotableEvents).rows.len(),
        1 + 12
    );
}

#[test]
fn long_army_and_lore_names_wrap_instead_of_being_cut() {
    let t = Template::bundled();
    let pen = Pen::new(&t, Faces::embedded());
    let mut s = faces_tests::sheet(&"The Everlasting Brotherhood of the Brass Gate ".repeat(2));
    s.army = s.army.trim().to_string();
    let prayer = "Blessing of the Everburning Forge-Hearth Beneath the Ninth Brass Gate of Karak";
    s.tome[0].entries[0].name = prayer.into();
    // Three lores side by side, as every sheet has: a column a third of the page wide.
    for title in ["Prayer lore", "Manifestation lore"] {
        s.tome.push(crate::sheet::view::Lore {
            title: title.into(),
            entries: Vec::new(),
        });
    }
    let army = texts(&sections::block(&pen, &s, Section::Army).rows);
    let title: Vec<&String> = army.iter().take_while(|t| *t != "PLAYER").collect();
    assert!(title.len() > 1, "{title:?}");
    assert_eq!(
        title.iter().map(|t| t.as_str()).collect::<Vec<_>>().join(" "),
        s.army
    );
    let tome = texts(&sections::block(&pen, &s, Section::ArcaneTome).rows);
    let at = tome.iter().position(|t| prayer.starts_with(t.as_str())).unwrap();
    let wrapped: Vec<&str> = tome[at..]
        .iter()
        .map(String::as_str)
        .take_while(|t| *t != "7")
        .collect();
    assert!(wrapped.len() > 1, "{wrapped:?}");
    assert_eq!(wrapped.join(" "), prayer);
    assert!(!army.iter().chain(&tome).any(|t| t.contains('…')));
}
