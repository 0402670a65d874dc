//! The footer every page gets, in the bottom margin: campaign, print date and page number.

use super::marks::{Mark, Placed, Style};
use super::pen::Pen;
use crate::sheet::view::Sheet;

/// Campaign on the left, date printed in the middle, page x of y on the right, under a rule
/// in the bottom margin.
pub(super) fn footer(pen: &Pen, s: &Sheet, page: usize, pages: usize) -> Vec<Placed> {
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
