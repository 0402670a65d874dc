//! The Army section: the army's name as the title, then player, faction, realm of origin and
//! campaign as labelled fields (a missing one left blank to write in).

use crate::sheet::pdf::marks::{Block, Mark, Row, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::pdf::rows::text_row;
use crate::sheet::view::Sheet;

pub(super) fn army(pen: &Pen, s: &Sheet) -> Block {
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
