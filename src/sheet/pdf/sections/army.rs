//! The Army section: the army's name as the title, then player, faction, realm of origin and
//! campaign as labelled fields (a missing one left blank to write in). Long names wrap.

use crate::sheet::pdf::marks::{Block, Mark, Row, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::view::Sheet;

pub(super) fn army(pen: &Pen, s: &Sheet) -> Block {
    let w = pen.t.content_mm().0;
    let title = pen.wrap(Style::Title, &s.army, w);
    let mut head = Row {
        height: title.len() as f32 * pen.line(Style::Title) + 1.0,
        marks: Vec::new(),
    };
    for (i, l) in title.into_iter().enumerate() {
        head.marks.push(Mark::Text {
            x: 0.0,
            y: pen.ascent(Style::Title) + i as f32 * pen.line(Style::Title),
            style: Style::Title,
            text: l,
        });
    }
    let mut rows = vec![head];
    let pairs = [
        ("Player", Some(s.player.clone())),
        ("Faction", Some(s.faction.clone())),
        ("Realm of origin", s.realm.clone()),
        ("Campaign", Some(format!("{} ({})", s.campaign, s.battlepack))),
    ];
    let half = w / 2.0;
    let line = pen.line(Style::Body);
    for pair in pairs.chunks(2) {
        // A missing value is left blank to write in, as on the paper roster; a long one wraps.
        let values: Vec<Vec<String>> = pair
            .iter()
            .map(|(_, v)| {
                v.as_deref()
                    .map_or_else(Vec::new, |v| pen.wrap(Style::Body, v, half - 4.0))
            })
            .collect();
        let most = values.iter().map(Vec::len).max().unwrap_or(0).max(1);
        let base = pen.line(Style::Small) + pen.ascent(Style::Body);
        let mut row = Row {
            height: pen.line(Style::Small) + most as f32 * line + 1.5,
            marks: Vec::new(),
        };
        for (i, ((label, _), value)) in pair.iter().zip(values).enumerate() {
            let x = i as f32 * half;
            row.marks.push(Mark::Text {
                x,
                y: pen.ascent(Style::Small),
                style: Style::SmallBold,
                text: label.to_uppercase(),
            });
            for (k, l) in value.into_iter().enumerate() {
                row.marks.push(Mark::Text {
                    x,
                    y: base + k as f32 * line,
                    style: Style::Body,
                    text: l,
                });
            }
            row.marks.push(Mark::Rule {
                x,
                y: base + (most - 1) as f32 * line + 1.2,
                w: half - 4.0,
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
