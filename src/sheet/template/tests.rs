//! Unit tests of reading a template: the bundled one, and every kind of mistake located.

use super::*;

fn with(from: &str, to: &str) -> Result<Template, TemplateError> {
    assert!(DEFAULT_TEMPLATE.contains(from), "{from}");
    Template::parse(&DEFAULT_TEMPLATE.replacen(from, to, 1), "mine.toml")
}

fn line_of(needle: &str) -> usize {
    DEFAULT_TEMPLATE
        .lines()
        .position(|l| l.contains(needle))
        .expect("needle in template")
        + 1
}

#[test]
fn bundled_template_is_a4_with_the_two_page_layout() {
    let t = Template::bundled();
    assert_eq!(t.page.size, PageSize::A4);
    assert_eq!(t.content_mm(), (182.0, 267.0));
    let breaks = t
        .layout
        .sections
        .iter()
        .filter(|s| **s == Section::PageBreak)
        .count();
    assert_eq!(breaks, 1);
    assert_eq!(t.layout.sections.last(), Some(&Section::OrderOfBattle));
    assert_eq!(t.order_of_battle.columns[0].field, Field::Id);
    assert_eq!(t.order_of_battle.columns[1].field, Field::Unit);
    assert_eq!((t.layout.blank_event_lines, t.layout.blank_unit_rows), (2, 3));
}

#[test]
fn letter_is_accepted() {
    let t = with("size = \"A4\"", "size = \"Letter\"").unwrap();
    assert_eq!(t.page.size.mm(), (215.9, 279.4));
}

#[test]
fn unknown_section_names_file_line_and_field() {
    let e = with("  \"battles\",", "  \"battles\",\n  \"lore_of_the_storm\",").unwrap_err();
    assert_eq!(e.origin, "mine.toml");
    assert_eq!(e.line, Some(line_of("\"battles\",") + 1));
    assert_eq!(e.field, "layout.sections");
    assert!(e.message.contains("unknown variant `lore_of_the_storm`"), "{e}");
    assert!(
        e.to_string()
            .starts_with(&format!("mine.toml:{}: layout.sections:", e.line.unwrap()))
    );
}

#[test]
fn unknown_key_and_bad_page_size_are_located() {
    let e = with("margin_top = 14", "margin_top = 14\ncolour = \"red\"").unwrap_err();
    assert_eq!(
        (e.line, e.field.as_str()),
        (Some(line_of("margin_top") + 1), "page.colour")
    );
    let e = with("size = \"A4\"", "size = \"A5\"").unwrap_err();
    assert_eq!(
        (e.line, e.field.as_str()),
        (Some(line_of("size = ")), "page.size")
    );
    assert!(e.message.contains("A5"), "{e}");
}

#[test]
fn bad_column_field_is_located() {
    let e = with("{ field = \"renown\"", "{ field = \"glory\"").unwrap_err();
    assert_eq!(e.line, Some(line_of("field = \"renown\"")));
    assert_eq!(e.field, "order_of_battle.columns.field");
}

#[test]
fn out_of_range_values_are_refused_with_their_line() {
    let e = with("margin_left = 14", "margin_left = -3").unwrap_err();
    assert_eq!(
        (e.line, e.field.as_str()),
        (Some(line_of("margin_left")), "page.margin_left")
    );
    let e = with("body = 9", "body = 90").unwrap_err();
    assert_eq!(
        (e.line, e.field.as_str()),
        (Some(line_of("body = 9")), "fonts.body")
    );
    let e = with("blank_unit_rows = 3", "blank_unit_rows = 21").unwrap_err();
    assert_eq!(
        (e.line, e.field.as_str()),
        (Some(line_of("blank_unit_rows")), "layout.blank_unit_rows")
    );
    let e = with("lore_lines = 6", "lore_lines = 7").unwrap_err();
    assert_eq!(e.field, "layout.lore_lines");
    let e = with("size = \"A4\"", "size = 4").unwrap_err();
    assert_eq!(e.field, "page.size");
}

#[test]
fn columns_must_fit_between_the_margins() {
    let e = with(
        "{ field = \"unit\", width = 35 }",
        "{ field = \"unit\", width = 73 }",
    )
    .unwrap_err();
    assert_eq!(e.field, "order_of_battle.columns");
    assert_eq!(e.line, Some(line_of("columns = [")));
    assert!(e.message.contains("220.0 mm"), "{e}");
    let e = with("{ field = \"points\"", "{ field = \"unit\"").unwrap_err();
    assert!(e.message.contains("listed twice"), "{e}");
}

#[test]
fn a_copy_made_before_the_blank_lines_were_added_still_works() {
    let old = DEFAULT_TEMPLATE
        .replace("blank_event_lines = 2\n", "")
        .replace("blank_unit_rows = 3\n", "");
    let t = Template::parse(&old, "old.toml").unwrap();
    assert_eq!((t.layout.blank_event_lines, t.layout.blank_unit_rows), (2, 3));
}

#[test]
fn duplicate_sections_and_missing_keys_are_refused() {
    let e = with("  \"glory\",", "  \"glory\",\n  \"glory\",").unwrap_err();
    assert!(e.message.contains("listed twice"), "{e}");
    let e = with("small = 7", "").unwrap_err();
    assert!(e.message.contains("missing field `small`"), "{e}");
    assert_eq!(e.field, "fonts");
}
