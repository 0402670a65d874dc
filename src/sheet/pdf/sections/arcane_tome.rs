//! The Arcane Tome section: one column per lore, each with its numbered entries (at least the
//! template's number of lines, to write in) and their casting or chanting values. A name too
//! long for its column wraps onto more lines.

use crate::sheet::pdf::marks::{Block, Mark, Row, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::pdf::rows::heading;
use crate::sheet::view::Sheet;

pub(super) fn arcane_tome(pen: &Pen, s: &Sheet) -> Block {
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
    let line = pen.line(Style::Body);
    for n in 0..lines {
        // Each lore's entry on this line, wrapped beside its value; the row is as tall as the
        // longest, so a long name takes more lines instead of being cut.
        let names: Vec<Vec<String>> = s
            .tome
            .iter()
            .map(|lore| match lore.entries.get(n) {
                Some(e) if e.wild => pen.wrap(Style::Body, &format!("{} (Wild)", e.name), cw - 5.0 - value_w),
                Some(e) => pen.wrap(Style::Body, &e.name, cw - 5.0 - value_w),
                None => Vec::new(),
            })
            .collect();
        let most = names.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let mut row = Row {
            height: most as f32 * line + 1.6,
            marks: Vec::new(),
        };
        let base = 0.8 + pen.ascent(Style::Body);
        for (i, (lore, name)) in s.tome.iter().zip(names).enumerate() {
            let x = i as f32 * (cw + gap);
            row.marks.push(Mark::Text {
                x,
                y: base,
                style: Style::Small,
                text: format!("{}.", n + 1),
            });
            for (k, l) in name.into_iter().enumerate() {
                row.marks.push(Mark::Text {
                    x: x + 4.0,
                    y: base + k as f32 * line,
                    style: Style::Body,
                    text: l,
                });
            }
            if let Some(v) = lore.entries.get(n).and_then(|e| e.value) {
                let t = v.to_string();
                row.marks.push(Mark::Text {
                    x: x + cw - pen.width(Style::Bold, &t) - 1.0,
                    y: base,
                    style: Style::Bold,
                    text: t,
                });
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
        runs_on: false,
    }
}
