//! The rows sections are built from: a line of text, a section heading with its rule, a table
//! row of wrapped cells, and column widths shared out of the content width.

use super::marks::{Mark, Row, Style};
use super::pen::Pen;

/// Space inside a table cell, left and right.
pub(super) const PAD: f32 = 1.2;

/// A row of one line of text.
pub(super) fn text_row(pen: &Pen, style: Style, x: f32, text: impl Into<String>) -> Row {
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
pub(super) fn heading(pen: &Pen, title: &str, aside: Option<String>) -> Row {
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

/// One table row: each cell's lines wrapped to its column (never cut), a rule under the row.
pub(super) fn table_row(pen: &Pen, widths: &[f32], cells: Vec<Vec<(Style, String)>>, shaded: bool) -> Row {
    let mut marks = Vec::new();
    let mut height: f32 = 0.0;
    let mut x = 0.0;
    for (w, cell) in widths.iter().zip(cells) {
        let mut y = 1.0;
        for (style, text) in cell {
            for l in pen.wrap(style, &text, w - 2.0 * PAD) {
                // An empty line (a blank row to write in) takes its room but draws nothing.
                if !l.is_empty() {
                    marks.push(Mark::Text {
                        x: x + PAD,
                        y: y + pen.ascent(style),
                        style,
                        text: l,
                    });
                }
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

/// Column widths as shares of the content width.
pub(super) fn shares(pen: &Pen, parts: &[f32]) -> Vec<f32> {
    let w = pen.t.content_mm().0;
    let sum: f32 = parts.iter().sum();
    parts.iter().map(|p| p / sum * w).collect()
}
