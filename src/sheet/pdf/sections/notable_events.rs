//! The Notable Events section: the roster's events, latest first, wrapped onto ruled lines,
//! padded with blank lines up to the template's count.

use crate::sheet::pdf::marks::{Block, Mark, Row, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::pdf::rows::{PAD, heading};
use crate::sheet::view::Sheet;

pub(super) fn events(pen: &Pen, s: &Sheet) -> Block {
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
