//! The Glory section: three framed boxes with the glory points, the Order of Battle's points
//! and the battles fought with their record.

use crate::sheet::pdf::marks::{Block, Mark, Row, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::view::Sheet;

pub(super) fn glory(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let boxes = [
        match s.favour {
            Some(f) => ("GLORY · FAVOUR", format!("{} · {f}", s.glory)),
            None => ("GLORY POINTS", s.glory.to_string()),
        },
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
        runs_on: false,
    }
}
