//! The Battles Fought section: the win/draw/loss record and a table of the latest battles (a
//! line counts the older ones), whose heading repeats on every page the table continues onto.

use crate::sheet::pdf::marks::{Block, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::pdf::rows::{PAD, heading, shares, table_row, text_row};
use crate::sheet::view::Sheet;

pub(super) fn battles(pen: &Pen, s: &Sheet) -> Block {
    let aside = format!(
        "W {} · D {} · L {}",
        s.record.wins, s.record.draws, s.record.losses
    );
    let mut rows = vec![heading(pen, "Battles Fought", Some(aside))];
    if s.battles.is_empty() {
        rows.push(text_row(pen, Style::Body, PAD, "No battles fought yet."));
        return Block {
            keep: 2,
            rows,
            repeat: Vec::new(),
            runs_on: false,
        };
    }
    let widths = shares(pen, &[8.0, 40.0, 14.0, 48.0, 16.0, 36.0]);
    let head = |t: &str| vec![(Style::SmallBold, t.to_string())];
    let header = table_row(
        pen,
        &widths,
        ["#", "Opponent", "Points", "Battleplan", "VP", "Result"]
            .iter()
            .map(|t| head(t))
            .collect(),
        true,
    );
    rows.push(header.clone());
    for b in &s.battles {
        let body = |t: String| vec![(Style::Body, t)];
        rows.push(table_row(
            pen,
            &widths,
            vec![
                body(b.battle.to_string()),
                body(b.opponent.clone()),
                body(b.points_limit.to_string()),
                {
                    let mut cell = body(b.battleplan.clone().unwrap_or_default());
                    let notes = b.narrative_notes();
                    if !notes.is_empty() {
                        cell.push((Style::Small, notes));
                    }
                    cell
                },
                body(format!("{}–{}", b.victory_points, b.opponent_victory_points)),
                match &b.decided {
                    None => vec![(Style::Bold, format!("{}  {}", b.letter, b.result))],
                    Some(d) => vec![
                        (Style::Bold, format!("{}  {}", b.letter, b.result)),
                        (Style::Small, format!(" ({d})")),
                    ],
                },
            ],
            false,
        ));
    }
    if let Some(note) = crate::sheet::view::earlier_battles_note(s) {
        rows.push(text_row(pen, Style::Small, PAD, note));
    }
    Block {
        keep: 3,
        rows,
        repeat: vec![heading(pen, "Battles Fought (continued)", None), header],
        runs_on: false,
    }
}
