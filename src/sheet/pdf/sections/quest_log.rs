//! The Quest Log section: the current quest with its progress, and the completed quests.

use crate::sheet::pdf::marks::{Block, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::pdf::rows::{heading, table_row};
use crate::sheet::view::Sheet;

pub(super) fn quest_log(pen: &Pen, s: &Sheet) -> Block {
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
        runs_on: false,
    }
}
