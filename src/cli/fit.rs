//! One rule for every table the CLI prints: it fits the terminal without breaking a word.
//! A table names its lesser columns (as the web page hides them on a phone); when the table
//! is wider than the terminal, those are dropped one by one until it fits, and what is still
//! too wide wraps between words, never inside one ("Gutbuster Feast" stays whole).
//!
//! The width is `COLUMNS` when set (so a script or a test can ask for one), else the
//! terminal's when stdout is one; printed into a pipe or a file with neither, a table keeps
//! its natural width, as a script reading it expects.

use comfy_table::{ColumnConstraint, Table, Width};
use std::io::IsTerminal;
use unicode_width::UnicodeWidthStr;

/// A table in ptg's house style with the columns it may drop. Derefs to `comfy_table::Table`
/// for adding rows; `to_string()` (through `Display`) prints it fitted.
#[derive(Clone)]
pub struct Fitted {
    table: Table,
    /// Header names of the columns dropped first, in the order they go.
    lesser: Vec<String>,
}

impl Fitted {
    pub fn new(table: Table) -> Fitted {
        Fitted {
            table,
            lesser: Vec::new(),
        }
    }

    /// Marks the columns headed `names` as lesser: dropped, in this order, when the table is
    /// too wide for the terminal.
    pub fn lesser(&mut self, names: &[&str]) -> &mut Self {
        self.lesser.extend(names.iter().map(|n| n.to_string()));
        self
    }

    /// The plain table, for a listing printed in chunks of fixed widths (`cli::chunked`).
    pub fn into_inner(self) -> Table {
        self.table
    }

    /// The table fitted to `width` columns of text.
    pub fn render(&self, width: Option<u16>) -> String {
        let mut t = self.table.clone();
        if let Some(width) = width {
            fit(&mut t, &self.lesser, usize::from(width));
        }
        t.to_string()
    }
}

impl std::ops::Deref for Fitted {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl std::ops::DerefMut for Fitted {
    fn deref_mut(&mut self) -> &mut Table {
        &mut self.table
    }
}

impl std::fmt::Display for Fitted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.render(terminal_width()))
    }
}

/// The width tables are fitted to: `COLUMNS` when it is a number, else the terminal's when
/// stdout is one, else none.
pub fn terminal_width() -> Option<u16> {
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|c| c.trim().parse::<u16>().ok())
        .filter(|&n| n > 0)
    {
        return Some(n);
    }
    if std::io::stdout().is_terminal() {
        return crossterm_width();
    }
    None
}

/// The terminal's width as comfy-table reads it (it asks the terminal itself).
fn crossterm_width() -> Option<u16> {
    Table::new().width()
}

/// Per column: the widest line and the longest word, header included.
fn measure(t: &Table) -> (Vec<usize>, Vec<usize>) {
    let mut widest = Vec::new();
    let mut word = Vec::new();
    for row in t.header().into_iter().chain(t.row_iter()) {
        for (i, cell) in row.cell_iter().enumerate() {
            if widest.len() <= i {
                widest.push(0);
                word.push(0);
            }
            let text = cell.content();
            widest[i] = widest[i].max(text.lines().map(str::width).max().unwrap_or(0));
            word[i] = word[i].max(text.split_whitespace().map(str::width).max().unwrap_or(0));
        }
    }
    (widest, word)
}

/// The width of a table whose shown columns hold `widths` of text: a space either side of
/// each cell, a border before each column and one after the last.
fn total(widths: impl Iterator<Item = usize>) -> usize {
    let mut sum = 1;
    for w in widths {
        sum += w + 3;
    }
    sum
}

/// Drops `lesser` columns (by header) in order until `t` fits `width`, then lets the rest
/// wrap between words only: each column is at least as wide as its longest word.
fn fit(t: &mut Table, lesser: &[String], width: usize) {
    let (widest, word) = measure(t);
    let names: Vec<String> = t
        .header()
        .map(|h| h.cell_iter().map(|c| c.content()).collect())
        .unwrap_or_default();
    let mut shown = vec![true; widest.len()];
    let natural = |shown: &[bool]| total(widest.iter().zip(shown).filter(|(_, s)| **s).map(|(w, _)| *w));
    for name in lesser {
        if natural(&shown) <= width {
            break;
        }
        if let Some(i) = names.iter().position(|n| n == name) {
            shown[i] = false;
        }
    }
    // Columns the rows never reach (a short row) are left as comfy-table makes them.
    let count = t.column_count().min(shown.len());
    for (i, &show) in shown.iter().enumerate().take(count) {
        if let Some(column) = t.column_mut(i) {
            let constraint = if show {
                let least = u16::try_from(word[i] + 2).unwrap_or(u16::MAX);
                ColumnConstraint::LowerBoundary(Width::Fixed(least))
            } else {
                ColumnConstraint::Hidden
            };
            column.set_constraint(constraint);
        }
    }
    t.set_width(u16::try_from(width).unwrap_or(u16::MAX));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::output::table;

    fn league() -> Fitted {
        let mut t = table([
            "#",
            "Roster",
            "Player",
            "Faction",
            "Played",
            "Won",
            "Glory earned",
            "Quest",
        ]);
        t.add_row([
            "1",
            "Gutbuster Feast",
            "Bartholomew",
            "Ogor Mawtribes",
            "12",
            "7",
            "31",
            "Lord-Vigilant of the Everlasting Hunt",
        ]);
        t.add_row([
            "2",
            "Hammers of Dawn",
            "Ana",
            "Stormcast Eternals",
            "12",
            "5",
            "22",
            "-",
        ]);
        t.lesser(&["Quest", "Played", "Faction", "Player"]);
        t
    }

    /// Every word of the table's cells, read back from its printed text.
    fn words(text: &str) -> Vec<String> {
        text.split(['│', '┆', '\n'])
            .flat_map(|c| c.split_whitespace().map(str::to_string).collect::<Vec<_>>())
            .collect()
    }

    #[test]
    fn a_wide_table_drops_lesser_columns_and_never_breaks_a_word() {
        for width in [80u16, 100, 120] {
            let text = league().render(Some(width));
            for l in text.lines() {
                assert!(l.width() <= usize::from(width), "{width}: {l:?}\n{text}");
            }
            let words = words(&text);
            for whole in ["Gutbuster", "Feast", "Hammers", "Dawn", "Roster", "earned"] {
                assert!(
                    words.iter().any(|w| w == whole),
                    "{width}: {whole} broken\n{text}"
                );
            }
        }
        // At 80 the quest (the first lesser column) goes; the roster stays.
        let narrow = league().render(Some(80));
        assert!(
            !narrow.contains("Quest") && narrow.contains("Gutbuster Feast"),
            "{narrow}"
        );
    }

    #[test]
    fn a_table_that_fits_keeps_every_column() {
        let text = league().render(Some(200));
        for h in ["Quest", "Played", "Faction", "Player"] {
            assert!(text.contains(h), "{text}");
        }
        assert_eq!(league().render(None), league().table.to_string());
    }
}
