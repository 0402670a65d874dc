//! The roster sheet's layout, read from a TOML template. Every problem is reported with the
//! file, line and field, so a user editing a copy knows exactly what to fix.

use serde::Deserialize;
use std::path::PathBuf;

/// The bundled layout, compiled in so a sheet needs no file beside the binary (`cargo install`
/// copies only the binary); `roster sheet --template-out FILE` writes it out to edit.
pub const DEFAULT_TEMPLATE: &str = include_str!("../../templates/roster-sheet.toml");
/// How messages name the bundled layout.
pub const DEFAULT_ORIGIN: &str = "the bundled template";
/// How to get a copy of the bundled layout, for messages about a user's template.
pub const HOW_TO_COPY: &str = "`ptg roster sheet --template-out FILE` writes the bundled template";

/// A parsed and checked template, with the text it came from for locating later problems.
#[derive(Debug, Clone)]
pub struct Template {
    pub page: Page,
    pub fonts: Fonts,
    pub layout: Layout,
    pub order_of_battle: OrderOfBattle,
    origin: String,
    source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    page: Page,
    fonts: Fonts,
    layout: Layout,
    order_of_battle: OrderOfBattle,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Page {
    pub size: PageSize,
    pub margin_top: f32,
    pub margin_bottom: f32,
    pub margin_left: f32,
    pub margin_right: f32,
}

#[derive(Debug, Clone, Copy, PartialEq, Deserialize)]
pub enum PageSize {
    A4,
    Letter,
}

impl PageSize {
    /// Width and height in millimetres.
    pub fn mm(self) -> (f32, f32) {
        match self {
            PageSize::A4 => (210.0, 297.0),
            PageSize::Letter => (215.9, 279.4),
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Fonts {
    /// A TrueType file instead of the embedded DejaVu Sans, relative to the template.
    pub regular: Option<PathBuf>,
    pub bold: Option<PathBuf>,
    pub title: f32,
    pub heading: f32,
    pub body: f32,
    pub small: f32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Layout {
    pub sections: Vec<Section>,
    /// Lines for notable events: at least this many, those no event fills left blank. Never
    /// a limit: every event is printed, continuing onto the next page if need be.
    pub notable_events: u32,
    /// Blank lines always left after the last notable event, to write on in pencil. Optional
    /// so a copy made before it was added still works.
    #[serde(default = "default_blank_event_lines")]
    pub blank_event_lines: u32,
    /// Blank rows after the last unit of the Order of Battle, for units joining after printing.
    #[serde(default = "default_blank_unit_rows")]
    pub blank_unit_rows: u32,
    pub lore_lines: u32,
}

fn default_blank_event_lines() -> u32 {
    2
}

fn default_blank_unit_rows() -> u32 {
    3
}

/// A block of the sheet, printed in the template's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    Army,
    Glory,
    QuestLog,
    Battles,
    ArcaneTome,
    NotableEvents,
    OrderOfBattle,
    PageBreak,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OrderOfBattle {
    pub columns: Vec<Column>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Column {
    pub field: Field,
    /// Millimetres.
    pub width: f32,
}

/// What an Order of Battle column shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Field {
    /// The unit's id, what a player types to name it in a command (`ptg rank choose R 12`).
    Id,
    /// Custom name over warscroll, with the warlord marked.
    Unit,
    Name,
    Warscroll,
    Points,
    Models,
    Reinforced,
    Renown,
    Rank,
    Path,
    Abilities,
    Enhancements,
}

impl Field {
    /// The column heading.
    pub fn heading(self) -> &'static str {
        match self {
            Field::Id => "#",
            Field::Unit => "Unit",
            Field::Name => "Name",
            Field::Warscroll => "Warscroll",
            Field::Points => "Pts",
            Field::Models => "Models",
            Field::Reinforced => "Reinf.",
            Field::Renown => "Renown",
            Field::Rank => "Rank",
            Field::Path => "Path",
            Field::Abilities => "Path abilities",
            Field::Enhancements => "Enhancements",
        }
    }
}

/// A template problem: where it is and what to do about it.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{origin}{}: {field}: {message}", line.map(|l| format!(":{l}")).unwrap_or_default())]
pub struct TemplateError {
    pub origin: String,
    pub line: Option<usize>,
    pub field: String,
    pub message: String,
}

const MARGIN_MM: (f32, f32) = (0.0, 60.0);
/// The footer is printed in the bottom margin, so it needs this much.
const FOOTER_MM: f32 = 8.0;
const FONT_PT: (f32, f32) = (4.0, 40.0);
const MIN_COLUMN_MM: f32 = 6.0;
const MAX_EVENTS: u32 = 40;
const MAX_BLANK: u32 = 20;

impl Template {
    /// The bundled layout.
    pub fn bundled() -> Template {
        Template::parse(DEFAULT_TEMPLATE, DEFAULT_ORIGIN).expect("the bundled template is checked by a test")
    }

    /// Reads `source` (named `origin` in messages) and checks every value.
    pub fn parse(source: &str, origin: &str) -> Result<Template, TemplateError> {
        let raw: Raw = toml::from_str(source).map_err(|e| from_toml(&e, source, origin))?;
        let t = Template {
            page: raw.page,
            fonts: raw.fonts,
            layout: raw.layout,
            order_of_battle: raw.order_of_battle,
            origin: origin.to_string(),
            source: source.to_string(),
        };
        t.check()?;
        Ok(t)
    }

    /// Width and height of the area inside the margins, in millimetres.
    pub fn content_mm(&self) -> (f32, f32) {
        let (w, h) = self.page.size.mm();
        let p = &self.page;
        (
            w - p.margin_left - p.margin_right,
            h - p.margin_top - p.margin_bottom,
        )
    }

    /// A problem with `table.key`, located in the template text.
    pub fn error(&self, table: &str, key: &str, message: impl Into<String>) -> TemplateError {
        TemplateError {
            origin: self.origin.clone(),
            line: locate(&self.source, table, key),
            field: format!("{table}.{key}"),
            message: message.into(),
        }
    }

    fn check(&self) -> Result<(), TemplateError> {
        let p = &self.page;
        for (key, v, least) in [
            ("margin_top", p.margin_top, MARGIN_MM.0),
            ("margin_bottom", p.margin_bottom, FOOTER_MM),
            ("margin_left", p.margin_left, MARGIN_MM.0),
            ("margin_right", p.margin_right, MARGIN_MM.0),
        ] {
            in_range(self, "page", key, v, (least, MARGIN_MM.1), "mm")?;
        }
        let (w, h) = self.content_mm();
        if w < 100.0 || h < 120.0 {
            return Err(self.error(
                "page",
                "margin_left",
                format!("the margins leave {w:.0} x {h:.0} mm to print on; leave at least 100 x 120 mm"),
            ));
        }
        let f = &self.fonts;
        for (key, v) in [
            ("title", f.title),
            ("heading", f.heading),
            ("body", f.body),
            ("small", f.small),
        ] {
            in_range(self, "fonts", key, v, FONT_PT, "pt")?;
        }
        let l = &self.layout;
        if l.sections.iter().all(|s| *s == Section::PageBreak) {
            return Err(self.error("layout", "sections", "name at least one section to print"));
        }
        for (i, s) in l.sections.iter().enumerate() {
            if *s != Section::PageBreak && l.sections[..i].contains(s) {
                return Err(self.error("layout", "sections", format!("{s:?} is listed twice; keep one")));
            }
        }
        if l.notable_events > MAX_EVENTS {
            return Err(self.error(
                "layout",
                "notable_events",
                format!("{} lines is too many; use 0 to {MAX_EVENTS}", l.notable_events),
            ));
        }
        for (key, v) in [
            ("blank_event_lines", l.blank_event_lines),
            ("blank_unit_rows", l.blank_unit_rows),
        ] {
            if v > MAX_BLANK {
                return Err(self.error(
                    "layout",
                    key,
                    format!("{v} blank lines is too many; use 0 to {MAX_BLANK}"),
                ));
            }
        }
        if !(1..=6).contains(&l.lore_lines) {
            return Err(self.error(
                "layout",
                "lore_lines",
                format!("{} is not a line count for a lore; use 1 to 6", l.lore_lines),
            ));
        }
        let cols = &self.order_of_battle.columns;
        if cols.is_empty() {
            return Err(self.error("order_of_battle", "columns", "list at least one column"));
        }
        for (i, c) in cols.iter().enumerate() {
            if cols[..i].iter().any(|o| o.field == c.field) {
                return Err(self.error(
                    "order_of_battle",
                    "columns",
                    format!("the {:?} column is listed twice; keep one", c.field),
                ));
            }
            if c.width.is_nan() || c.width < MIN_COLUMN_MM {
                return Err(self.error(
                    "order_of_battle",
                    "columns",
                    format!(
                        "the {:?} column is {} mm wide; make it at least {MIN_COLUMN_MM} mm",
                        c.field, c.width
                    ),
                ));
            }
        }
        let total: f32 = cols.iter().map(|c| c.width).sum();
        if total > w + 0.05 {
            return Err(self.error(
                "order_of_battle",
                "columns",
                format!("the columns add up to {total:.1} mm but only {w:.1} mm fit between the margins; narrow them"),
            ));
        }
        Ok(())
    }
}

fn in_range(
    t: &Template,
    table: &str,
    key: &str,
    v: f32,
    (lo, hi): (f32, f32),
    unit: &str,
) -> Result<(), TemplateError> {
    if (lo..=hi).contains(&v) {
        Ok(())
    } else {
        Err(t.error(
            table,
            key,
            format!("{v} {unit} is out of range; use {lo} to {hi} {unit}"),
        ))
    }
}

/// Turns a TOML or serde error into a located one, naming the key it is about.
fn from_toml(e: &toml::de::Error, source: &str, origin: &str) -> TemplateError {
    let at = e.span().map(|span| span.start.min(source.len()));
    TemplateError {
        origin: origin.to_string(),
        line: at.map(|pos| line_at(source, pos)),
        field: at
            .and_then(|pos| key_path(source, pos))
            .unwrap_or_else(|| "template".to_string()),
        message: format!(
            "{} ({HOW_TO_COPY}, with every key and its allowed values)",
            e.message().trim()
        ),
    }
}

/// The dotted path of the deepest key whose name or value covers byte `pos`.
fn key_path(source: &str, pos: usize) -> Option<String> {
    let doc = toml::de::DeTable::parse(source).ok()?;
    let mut path = Vec::new();
    walk_table(doc.get_ref(), pos, &mut path).then(|| path.join("."))
}

/// Finds the key covering `pos`. A `[table]` section's own span is only its heading, so
/// tables are searched inside even when their span does not cover `pos`.
fn walk_table(t: &toml::de::DeTable, pos: usize, path: &mut Vec<String>) -> bool {
    for (k, v) in t {
        path.push(k.get_ref().to_string());
        if k.span().contains(&pos) || walk_value(v.get_ref(), pos, path) || v.span().contains(&pos) {
            return true;
        }
        path.pop();
    }
    false
}

fn walk_value(v: &toml::de::DeValue, pos: usize, path: &mut Vec<String>) -> bool {
    match v {
        toml::de::DeValue::Table(t) => walk_table(t, pos, path),
        toml::de::DeValue::Array(items) => items.iter().find(|i| i.span().contains(&pos)).is_some_and(|i| {
            walk_value(i.get_ref(), pos, path);
            true
        }),
        _ => false,
    }
}

/// The line of `table.key` in the template, from the same spanned document the serde errors
/// are located in; the table's own line when the key is absent.
fn locate(source: &str, table: &str, key: &str) -> Option<usize> {
    let doc = toml::de::DeTable::parse(source).ok()?;
    let (name, value) = doc.get_ref().iter().find(|(k, _)| k.get_ref() == table)?;
    let span = match value.get_ref() {
        toml::de::DeValue::Table(t) => t
            .iter()
            .find(|(k, _)| k.get_ref() == key)
            .map_or_else(|| name.span(), |(k, _)| k.span()),
        _ => name.span(),
    };
    Some(line_at(source, span.start))
}

fn line_at(source: &str, pos: usize) -> usize {
    source[..pos.min(source.len())].matches('\n').count() + 1
}

#[cfg(test)]
mod tests;
