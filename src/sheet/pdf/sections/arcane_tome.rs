//! The Arcane Tome section: one column per lore, each with its numbered entries (at least the
//! template's number of lines, to write in) and their casting or chanting values.

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
