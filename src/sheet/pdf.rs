//! The sheet as a PDF: sections become blocks of rows, rows flow down the page and onto the
//! next (a table's heading rows repeat), then every page gets its footer. Drawn with printpdf
//! in an embedded TrueType font, so the output is the same on every machine.

use super::template::{Field, Section, Template};
use super::view::{Sheet, Tagged, UnitRow};
use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, ParsedFont, PdfDocument, PdfFontHandle,
    PdfPage, PdfSaveOptions, Point, Pt, Rect, TextItem,
};
use std::sync::OnceLock;

const DEJAVU_SANS: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans.ttf");
const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../templates/fonts/DejaVuSans-Bold.ttf");
const PT_TO_MM: f32 = 25.4 / 72.0;
/// Space inside a table cell, left and right.
const PAD: f32 = 1.2;
/// Space between sections.
const GAP: f32 = 5.0;

/// The regular and bold faces a sheet is set in.
#[derive(Clone)]
pub struct Faces {
    regular: ParsedFont,
    bold: ParsedFont,
}

impl Faces {
    /// The embedded DejaVu Sans, parsed once per run.
    pub fn embedded() -> &'static Faces {
        static FACES: OnceLock<Faces> = OnceLock::new();
        FACES.get_or_init(|| Faces {
            regular: parse(DEJAVU_SANS).expect("the embedded regular font parses"),
            bold: parse(DEJAVU_SANS_BOLD).expect("the embedded bold font parses"),
        })
    }

    /// Faces from TrueType files; a face not given stays DejaVu Sans. Returns which one failed.
    pub fn from_files(regular: Option<&[u8]>, bold: Option<&[u8]>) -> Result<Faces, &'static str> {
        let base = Faces::embedded();
        Ok(Faces {
            regular: match regular {
                Some(b) => parse(b).ok_or("regular")?,
                None => base.regular.clone(),
            },
            bold: match bold {
                Some(b) => parse(b).ok_or("bold")?,
                None => base.bold.clone(),
            },
        })
    }
}

fn parse(bytes: &[u8]) -> Option<ParsedFont> {
    ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
}

/// A rendered sheet.
pub struct Pdf {
    pub bytes: Vec<u8>,
    pub pages: usize,
}

/// Renders the sheet to PDF.
pub fn render(sheet: &Sheet, t: &Template, faces: &Faces) -> Pdf {
    let mut doc = PdfDocument::new(&format!("{}: Path to Glory roster", sheet.army));
    let ids = (doc.add_font(&faces.regular), doc.add_font(&faces.bold));
    let pen = Pen { t, faces, ids };
    let mut flow = Flow::new(t);
    for section in &t.layout.sections {
        match section {
            Section::PageBreak => flow.break_page(),
            s => flow.place(&block(&pen, sheet, *s)),
        }
    }
    let pages = flow.finish();
    let total = pages.len();
    let (w, h) = t.page.size.mm();
    let pdf_pages = pages
        .into_iter()
        .enumerate()
        .map(|(i, items)| {
            let mut ops = Vec::new();
            let footer = footer(&pen, sheet, i + 1, total);
            for placed in items.iter().chain(&footer) {
                pen.draw(&mut ops, placed);
            }
            PdfPage::new(Mm(w), Mm(h), ops)
        })
        .collect();
    let bytes = doc
        .with_pages(pdf_pages)
        .save(&PdfSaveOptions::default(), &mut Vec::new());
    Pdf { bytes, pages: total }
}

/// How a piece of text is set.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Style {
    Title,
    Heading,
    Body,
    Bold,
    Small,
    SmallBold,
}

/// One mark on a page, placed relative to its row's top-left corner (mm, y down).
#[derive(Debug, Clone)]
enum Mark {
    /// `y` is the baseline.
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: String,
    },
    /// A horizontal line.
    Rule {
        x: f32,
        y: f32,
        w: f32,
    },
    Shade {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    Frame {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
}

/// A horizontal strip of marks that never splits across pages.
#[derive(Debug, Clone, Default)]
struct Row {
    height: f32,
    marks: Vec<Mark>,
}

/// A section: its rows, how many leading rows must start on the same page, and the rows to
/// repeat at the top of each page it continues onto.
#[derive(Debug, Default)]
struct Block {
    rows: Vec<Row>,
    keep: usize,
    repeat: Vec<Row>,
}

/// A mark on a page, `dy` mm below the content area's top.
struct Placed {
    dy: f32,
    mark: Mark,
}

/// Lays rows down the content area, starting new pages as they fill.
struct Flow {
    height: f32,
    pages: Vec<Vec<Placed>>,
    y: f32,
}

impl Flow {
    fn new(t: &Template) -> Flow {
        Flow {
            height: t.content_mm().1,
            pages: vec![Vec::new()],
            y: 0.0,
        }
    }

    fn break_page(&mut self) {
        if self.y > 0.0 {
            self.pages.push(Vec::new());
            self.y = 0.0;
        }
    }

    fn place(&mut self, b: &Block) {
        if b.rows.is_empty() {
            return;
        }
        let total: f32 = b.rows.iter().map(|r| r.height).sum();
        let lead: f32 = b.rows.iter().take(b.keep.max(1)).map(|r| r.height).sum();
        let room = self.height - self.y;
        if self.y > 0.0 && (lead > room || (total > room && total <= self.height)) {
            self.break_page();
        }
        for row in &b.rows {
            if self.y > 0.0 && row.height > self.height - self.y {
                self.break_page();
                for r in &b.repeat {
                    self.put(r);
                }
            }
            self.put(row);
        }
        self.y += GAP;
    }

    fn put(&mut self, row: &Row) {
        let page = self.pages.last_mut().expect("a flow always has a page");
        page.extend(row.marks.iter().map(|m| Placed {
            dy: self.y,
            mark: m.clone(),
        }));
        self.y += row.height;
    }

    fn finish(mut self) -> Vec<Vec<Placed>> {
        if self.pages.len() > 1 && self.pages.last().is_some_and(Vec::is_empty) {
            self.pages.pop();
        }
        self.pages
    }
}

/// Measures and draws text in the template's faces and sizes.
struct Pen<'a> {
    t: &'a Template,
    faces: &'a Faces,
    ids: (FontId, FontId),
}

impl Pen<'_> {
    fn size(&self, s: Style) -> f32 {
        let f = &self.t.fonts;
        match s {
            Style::Title => f.title,
            Style::Heading => f.heading,
            Style::Body | Style::Bold => f.body,
            Style::Small | Style::SmallBold => f.small,
        }
    }

    fn bold(s: Style) -> bool {
        matches!(s, Style::Title | Style::Heading | Style::Bold | Style::SmallBold)
    }

    /// Line height in mm.
    fn line(&self, s: Style) -> f32 {
        self.size(s) * 1.3 * PT_TO_MM
    }

    /// Distance from a line's top to its baseline, in mm.
    fn ascent(&self, s: Style) -> f32 {
        self.size(s) * 1.0 * PT_TO_MM
    }

    fn width(&self, s: Style, text: &str) -> f32 {
        let face = if Self::bold(s) {
            &self.faces.bold
        } else {
            &self.faces.regular
        };
        let per_em = f32::from(face.font_metrics.units_per_em.max(1));
        let units: u32 = text
            .chars()
            .map(|c| {
                let g = face
                    .lookup_glyph_index(c as u32)
                    .or_else(|| face.lookup_glyph_index('?' as u32));
                g.map_or(0, |g| u32::from(face.get_horizontal_advance(g)))
            })
            .sum();
        units as f32 / per_em * self.size(s) * PT_TO_MM
    }

    /// Breaks `text` into lines no wider than `w`, at spaces where it can.
    fn wrap(&self, s: Style, text: &str, w: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for para in text.lines() {
            let mut cur = String::new();
            for word in para.split(' ') {
                let cand = if cur.is_empty() {
                    word.to_string()
                } else {
                    format!("{cur} {word}")
                };
                if self.width(s, &cand) <= w {
                    cur = cand;
                    continue;
                }
                if !cur.is_empty() {
                    lines.push(std::mem::take(&mut cur));
                }
                for c in word.chars() {
                    cur.push(c);
                    if self.width(s, &cur) > w && cur.chars().count() > 1 {
                        cur.pop();
                        lines.push(std::mem::replace(&mut cur, c.to_string()));
                    }
                }
            }
            lines.push(cur);
        }
        if lines.is_empty() {
            lines.push(String::new());
        }
        lines
    }

    /// `text` cut to fit `w`, ending in an ellipsis when cut.
    fn fit(&self, s: Style, text: &str, w: f32) -> String {
        if self.width(s, text) <= w {
            return text.to_string();
        }
        let mut out: String = text.to_string();
        while !out.is_empty() && self.width(s, &format!("{out}…")) > w {
            out.pop();
        }
        format!("{}…", out.trim_end())
    }

    fn draw(&self, ops: &mut Vec<Op>, p: &Placed) {
        let (_, page_h) = self.t.page.size.mm();
        let (left, top) = (self.t.page.margin_left, self.t.page.margin_top);
        let at = |x: f32, y: f32| Point::new(Mm(left + x), Mm(page_h - top - p.dy - y));
        match &p.mark {
            Mark::Text { x, y, style, text } => {
                let id = if Self::bold(*style) {
                    &self.ids.1
                } else {
                    &self.ids.0
                };
                ops.extend([
                    Op::StartTextSection,
                    Op::SetFillColor { col: grey(0.0) },
                    Op::SetFont {
                        font: PdfFontHandle::External(id.clone()),
                        size: Pt(self.size(*style)),
                    },
                    Op::SetTextCursor { pos: at(*x, *y) },
                    Op::ShowText {
                        items: vec![TextItem::Text(text.clone())],
                    },
                    Op::EndTextSection,
                ]);
            }
            Mark::Rule { x, y, w } => ops.extend([
                Op::SetOutlineColor { col: grey(0.55) },
                Op::SetOutlineThickness { pt: Pt(0.4) },
                Op::DrawLine {
                    line: Line {
                        points: vec![
                            LinePoint {
                                p: at(*x, *y),
                                bezier: false,
                            },
                            LinePoint {
                                p: at(x + w, *y),
                                bezier: false,
                            },
                        ],
                        is_closed: false,
                    },
                },
            ]),
            Mark::Shade { x, y, w, h } => ops.extend([
                Op::SetFillColor { col: grey(0.88) },
                Op::DrawRectangle {
                    rectangle: rect(at(*x, y + h), *w, *h, PaintMode::Fill),
                },
            ]),
            Mark::Frame { x, y, w, h } => ops.extend([
                Op::SetOutlineColor { col: grey(0.35) },
                Op::SetOutlineThickness { pt: Pt(0.6) },
                Op::DrawRectangle {
                    rectangle: rect(at(*x, y + h), *w, *h, PaintMode::Stroke),
                },
            ]),
        }
    }
}

fn grey(percent: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent,
        icc_profile: None,
    })
}

fn rect(lower_left: Point, w: f32, h: f32, mode: PaintMode) -> Rect {
    Rect {
        x: lower_left.x,
        y: lower_left.y,
        width: Mm(w).into_pt(),
        height: Mm(h).into_pt(),
        mode: Some(mode),
        winding_order: None,
    }
}

/// A row of one line of text.
fn text_row(pen: &Pen, style: Style, x: f32, text: impl Into<String>) -> Row {
    let h = pen.line(style);
    Row {
        height: h,
        marks: vec![Mark::Text {
            x,
            y: pen.ascent(style),
            style,
            text: text.into(),
        }],
    }
}

/// A section heading with a rule under it, and optional words on the right.
fn heading(pen: &Pen, title: &str, aside: Option<String>) -> Row {
    let w = pen.t.content_mm().0;
    let mut row = text_row(pen, Style::Heading, 0.0, title);
    row.height += 1.5;
    if let Some(aside) = aside {
        let aw = pen.width(Style::Body, &aside);
        row.marks.push(Mark::Text {
            x: w - aw,
            y: pen.ascent(Style::Heading),
            style: Style::Body,
            text: aside,
        });
    }
    row.marks.push(Mark::Rule {
        x: 0.0,
        y: row.height - 0.8,
        w,
    });
    row
}

/// One table row: each cell's lines set in its column, a rule under the row.
fn table_row(pen: &Pen, widths: &[f32], cells: Vec<Vec<(Style, String)>>, shaded: bool) -> Row {
    let mut marks = Vec::new();
    let mut height: f32 = 0.0;
    let mut x = 0.0;
    for (w, cell) in widths.iter().zip(cells) {
        let mut y = 1.0;
        for (style, text) in cell {
            for l in pen.wrap(style, &text, w - 2.0 * PAD) {
                marks.push(Mark::Text {
                    x: x + PAD,
                    y: y + pen.ascent(style),
                    style,
                    text: l,
                });
                y += pen.line(style);
            }
        }
        height = height.max(y + 1.0);
        x += w;
    }
    if shaded {
        marks.insert(
            0,
            Mark::Shade {
                x: 0.0,
                y: 0.0,
                w: x,
                h: height,
            },
        );
    }
    marks.push(Mark::Rule {
        x: 0.0,
        y: height,
        w: x,
    });
    Row { height, marks }
}

fn block(pen: &Pen, s: &Sheet, section: Section) -> Block {
    match section {
        Section::Army => army(pen, s),
        Section::Glory => glory(pen, s),
        Section::QuestLog => quest_log(pen, s),
        Section::Battles => battles(pen, s),
        Section::ArcaneTome => arcane_tome(pen, s),
        Section::NotableEvents => events(pen, s),
        Section::OrderOfBattle => order_of_battle(pen, s),
        Section::PageBreak => Block::default(),
    }
}

fn army(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let mut rows = vec![text_row(
        pen,
        Style::Title,
        0.0,
        pen.fit(Style::Title, &s.army, w),
    )];
    rows[0].height += 1.0;
    let pairs = [
        ("Player", Some(s.player.clone())),
        ("Faction", Some(s.faction.clone())),
        ("Realm of origin", s.realm.clone()),
        ("Campaign", Some(format!("{} ({})", s.campaign, s.battlepack))),
    ];
    let half = w / 2.0;
    for pair in pairs.chunks(2) {
        let mut row = Row {
            height: pen.line(Style::Small) + pen.line(Style::Body) + 1.5,
            marks: Vec::new(),
        };
        for (i, (label, value)) in pair.iter().enumerate() {
            let x = i as f32 * half;
            row.marks.push(Mark::Text {
                x,
                y: pen.ascent(Style::Small),
                style: Style::SmallBold,
                text: label.to_uppercase(),
            });
            let base = pen.line(Style::Small) + pen.ascent(Style::Body);
            // A missing value is left blank to write in, as on the paper roster.
            if let Some(v) = value {
                row.marks.push(Mark::Text {
                    x,
                    y: base,
                    style: Style::Body,
                    text: pen.fit(Style::Body, v, half - 4.0),
                });
            }
            row.marks.push(Mark::Rule {
                x,
                y: base + 1.2,
                w: half - 4.0,
            });
        }
        rows.push(row);
    }
    Block {
        keep: rows.len(),
        rows,
        repeat: Vec::new(),
    }
}

fn glory(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let boxes = [
        ("GLORY POINTS", s.glory.to_string()),
        ("ORDER OF BATTLE", format!("{} points", s.points)),
        (
            "BATTLES FOUGHT",
            format!(
                "{}  (W {} · D {} · L {})",
                s.battles.len(),
                s.record.wins,
                s.record.draws,
                s.record.losses
            ),
        ),
    ];
    let gap = 4.0;
    let bw = (w - gap * 2.0) / 3.0;
    let h = pen.line(Style::Small) + pen.line(Style::Heading) + 3.0;
    let mut marks = Vec::new();
    for (i, (label, value)) in boxes.into_iter().enumerate() {
        let x = i as f32 * (bw + gap);
        marks.push(Mark::Frame { x, y: 0.0, w: bw, h });
        marks.push(Mark::Text {
            x: x + 2.0,
            y: 1.0 + pen.ascent(Style::Small),
            style: Style::SmallBold,
            text: label.to_string(),
        });
        marks.push(Mark::Text {
            x: x + 2.0,
            y: 1.0 + pen.line(Style::Small) + pen.ascent(Style::Heading),
            style: Style::Heading,
            text: pen.fit(Style::Heading, &value, bw - 4.0),
        });
    }
    Block {
        rows: vec![Row { height: h, marks }],
        keep: 1,
        repeat: Vec::new(),
    }
}

fn quest_log(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let label_w = 40.0;
    let mut rows = vec![heading(pen, "Quest Log", None)];
    let current = match &s.quest {
        Some(q) => {
            let mut line = q.name.clone();
            if let Some(t) = q.target {
                line += &format!("  —  quest points {} / {t}", q.points);
            }
            if let Some(u) = &q.unit {
                line += &format!("  —  {u}");
            }
            line
        }
        None => "none".to_string(),
    };
    let completed = if s.completed_quests.is_empty() {
        "none yet".to_string()
    } else {
        s.completed_quests.join(", ")
    };
    for (label, value) in [("Current quest", current), ("Completed quests", completed)] {
        rows.push(table_row(
            pen,
            &[label_w, w - label_w],
            vec![vec![(Style::Bold, label.to_string())], vec![(Style::Body, value)]],
            false,
        ));
    }
    Block {
        keep: rows.len(),
        rows,
        repeat: Vec::new(),
    }
}

/// Column widths as shares of the content width.
fn shares(pen: &Pen, parts: &[f32]) -> Vec<f32> {
    let w = pen.t.content_mm().0;
    let sum: f32 = parts.iter().sum();
    parts.iter().map(|p| p / sum * w).collect()
}

fn battles(pen: &Pen, s: &Sheet) -> Block {
    let aside = format!(
        "W {} · D {} · L {}",
        s.record.wins, s.record.draws, s.record.losses
    );
    let mut rows = vec![heading(pen, "Battles Fought", Some(aside))];
    if s.battles.is_empty() {
        rows.push(text_row(pen, Style::Body, PAD, "No battles fought yet."));
        return Block {
            keep: 2,
            rows,
            repeat: Vec::new(),
        };
    }
    let widths = shares(pen, &[8.0, 40.0, 14.0, 48.0, 16.0, 36.0]);
    let head = |t: &str| vec![(Style::SmallBold, t.to_string())];
    let header = table_row(
        pen,
        &widths,
        ["#", "Opponent", "Points", "Battleplan", "VP", "Result"]
            .iter()
            .map(|t| head(t))
            .collect(),
        true,
    );
    rows.push(header.clone());
    for b in &s.battles {
        let body = |t: String| vec![(Style::Body, t)];
        rows.push(table_row(
            pen,
            &widths,
            vec![
                body(b.battle.to_string()),
                body(b.opponent.clone()),
                body(b.points_limit.to_string()),
                body(b.battleplan.clone().unwrap_or_default()),
                body(format!("{}–{}", b.victory_points, b.opponent_victory_points)),
                vec![(Style::Bold, format!("{}  {}", b.letter, b.result))],
            ],
            false,
        ));
    }
    Block {
        keep: 3,
        rows,
        repeat: vec![heading(pen, "Battles Fought (continued)", None), header],
    }
}

fn arcane_tome(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let mut rows = vec![heading(pen, "Arcane Tome", None)];
    let gap = 4.0;
    let cw = (w - gap * (s.tome.len().max(1) - 1) as f32) / s.tome.len().max(1) as f32;
    let mut titles = Row {
        height: pen.line(Style::Bold) + 0.5,
        marks: Vec::new(),
    };
    for (i, lore) in s.tome.iter().enumerate() {
        titles.marks.push(Mark::Text {
            x: i as f32 * (cw + gap),
            y: pen.ascent(Style::Bold),
            style: Style::Bold,
            text: format!("{} ({}/6)", lore.title, lore.entries.len()),
        });
    }
    rows.push(titles);
    let lines = s
        .tome
        .iter()
        .map(|l| l.entries.len())
        .max()
        .unwrap_or(0)
        .max(pen.t.layout.lore_lines as usize);
    let value_w = pen.width(Style::Bold, "00") + 1.0;
    for n in 0..lines {
        let mut row = Row {
            height: pen.line(Style::Body) + 1.6,
            marks: Vec::new(),
        };
        for (i, lore) in s.tome.iter().enumerate() {
            let x = i as f32 * (cw + gap);
            let base = 0.8 + pen.ascent(Style::Body);
            row.marks.push(Mark::Text {
                x,
                y: base,
                style: Style::Small,
                text: format!("{}.", n + 1),
            });
            if let Some(e) = lore.entries.get(n) {
                let name = if e.wild {
                    format!("{} (Wild)", e.name)
                } else {
                    e.name.clone()
                };
                row.marks.push(Mark::Text {
                    x: x + 4.0,
                    y: base,
                    style: Style::Body,
                    text: pen.fit(Style::Body, &name, cw - 5.0 - value_w),
                });
                if let Some(v) = e.value {
                    let t = v.to_string();
                    row.marks.push(Mark::Text {
                        x: x + cw - pen.width(Style::Bold, &t) - 1.0,
                        y: base,
                        style: Style::Bold,
                        text: t,
                    });
                }
            }
            row.marks.push(Mark::Rule {
                x,
                y: row.height - 0.3,
                w: cw,
            });
        }
        rows.push(row);
    }
    Block {
        keep: rows.len(),
        rows,
        repeat: Vec::new(),
    }
}

fn events(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let mut rows = vec![heading(pen, "Notable Events", Some("latest first".to_string()))];
    let wanted = pen.t.layout.notable_events as usize;
    for n in 0..wanted.max(s.events.len()) {
        let text = s.events.get(n).cloned().unwrap_or_default();
        let lines = pen.wrap(Style::Body, &text, w - 2.0 * PAD);
        let mut row = Row {
            height: lines.len() as f32 * pen.line(Style::Body) + 1.6,
            marks: Vec::new(),
        };
        for (i, l) in lines.into_iter().enumerate() {
            row.marks.push(Mark::Text {
                x: PAD,
                y: 0.8 + pen.ascent(Style::Body) + i as f32 * pen.line(Style::Body),
                style: Style::Body,
                text: l,
            });
        }
        row.marks.push(Mark::Rule {
            x: 0.0,
            y: row.height - 0.3,
            w,
        });
        rows.push(row);
    }
    Block {
        keep: 2,
        rows,
        repeat: vec![heading(pen, "Notable Events (continued)", None)],
    }
}

fn order_of_battle(pen: &Pen, s: &Sheet) -> Block {
    let cols = &pen.t.order_of_battle.columns;
    let widths: Vec<f32> = cols.iter().map(|c| c.width).collect();
    let aside = format!("{} units · {} points", s.units.len(), s.points);
    let header = table_row(
        pen,
        &widths,
        cols.iter()
            .map(|c| vec![(Style::SmallBold, c.field.heading().to_string())])
            .collect(),
        true,
    );
    let mut rows = vec![
        heading(pen, "Order of Battle", Some(aside.clone())),
        header.clone(),
    ];
    for u in &s.units {
        rows.push(table_row(
            pen,
            &widths,
            cols.iter().map(|c| cell(u, c.field)).collect(),
            false,
        ));
    }
    Block {
        keep: 3,
        rows,
        repeat: vec![heading(pen, "Order of Battle (continued)", Some(aside)), header],
    }
}

/// What one Order of Battle cell holds, line by line.
fn cell(u: &UnitRow, field: Field) -> Vec<(Style, String)> {
    let body = |t: String| vec![(Style::Body, t)];
    let dash = |t: &Option<String>| body(t.clone().unwrap_or_else(|| "–".to_string()));
    let list = |items: &[Tagged]| {
        if items.is_empty() {
            return body("–".to_string());
        }
        items
            .iter()
            .flat_map(|i| [(Style::Body, i.name.clone()), (Style::Small, i.tag.clone())])
            .collect()
    };
    match field {
        Field::Unit => {
            let mut lines = vec![(Style::Bold, u.name.clone().unwrap_or_else(|| u.warscroll.clone()))];
            if u.name.is_some() {
                lines.push((Style::Small, u.warscroll.clone()));
            }
            if u.warlord {
                lines.push((Style::SmallBold, "WARLORD".to_string()));
            }
            lines
        }
        Field::Name => dash(&u.name),
        Field::Warscroll => body(u.warscroll.clone()),
        Field::Points => body(u.points.to_string()),
        Field::Models => body(u.models.to_string()),
        Field::Reinforced => body(if u.reinforced { "Yes" } else { "–" }.to_string()),
        Field::Renown => body(u.renown.to_string()),
        Field::Rank => dash(&u.rank),
        Field::Path => dash(&u.path),
        Field::Abilities => list(&u.abilities),
        Field::Enhancements => list(&u.enhancements),
    }
}

/// Campaign on the left, date printed in the middle, page x of y on the right, under a rule
/// in the bottom margin.
fn footer(pen: &Pen, s: &Sheet, page: usize, pages: usize) -> Vec<Placed> {
    let (w, h) = pen.t.content_mm();
    let y = h + 3.0;
    let mut marks = vec![Mark::Rule { x: 0.0, y, w }];
    let base = y + 1.0 + pen.ascent(Style::Small);
    let left = format!("{} — campaign {}", s.army, s.campaign);
    let middle = format!("Printed {}", s.printed);
    let right = format!("Page {page} of {pages}");
    let mw = pen.width(Style::Small, &middle);
    let rw = pen.width(Style::Small, &right);
    marks.push(Mark::Text {
        x: 0.0,
        y: base,
        style: Style::Small,
        text: pen.fit(Style::Small, &left, w / 2.0 - mw / 2.0 - 3.0),
    });
    marks.push(Mark::Text {
        x: (w - mw) / 2.0,
        y: base,
        style: Style::Small,
        text: middle,
    });
    marks.push(Mark::Text {
        x: w - rw,
        y: base,
        style: Style::Small,
        text: right,
    });
    marks.into_iter().map(|mark| Placed { dy: 0.0, mark }).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
