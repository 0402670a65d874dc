//! The Notable Events section: the roster's latest events, latest first (a line counts the
//! older ones), wrapped onto ruled lines, then blank lines to write on (at least the template's `blank_event_lines`, and
//! enough to make `notable_events` lines in all). It runs on from wherever the page has room,
//! continuing on the next page under a repeated heading.

use crate::sheet::pdf::marks::{Block, Mark, Row, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::pdf::rows::{PAD, heading};
use crate::sheet::view::Sheet;

pub(super) fn events(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let mut rows = vec![heading(pen, "Notable Events", Some("latest first".to_string()))];
    let layout = &pen.t.layout;
    let note = crate::sheet::view::earlier_events_note(s);
    let written = s.events.len() + usize::from(note.is_some());
    let blank =
        (layout.blank_event_lines as usize).max((layout.notable_events as usize).saturating_sub(written));
    let texts = s
        .events
        .iter()
        .map(String::as_str)
        .chain(note.as_deref())
        .chain(std::iter::repeat_n("", blank));
    for text in texts {
        let lines = pen.wrap(Style::Body, text, w - 2.0 * PAD);
        let mut row = Row {
            height: lines.len() as f32 * pen.line(Style::Body) + 1.6,
            marks: Vec::new(),
        };
        for (i, l) in lines.into_iter().enumerate().filter(|(_, l)| !l.is_empty()) {
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
        runs_on: true,
    }
}
