//! A table too long to hold in memory (a whole league's dice log), printed in chunks that
//! read as one table: every chunk gets the same column widths, found by a first pass over the
//! rows, and the borders between chunks are left out.

use super::output::{Stream, table};
use crate::error::Result;
use comfy_table::{ColumnConstraint, Table, Width, presets};
use unicode_width::UnicodeWidthStr;

/// Prints a listing from one snapshot: `rows` hands each row's cells to the function it is
/// given. Up to `chunk` rows are held from the first read and print as one table fitted to the
/// terminal (one read: issue 42 measured `rolls` at twice its `--json` when every table was
/// read twice). A longer listing is not held: the first read finds the column widths and the
/// count, a second prints it in chunks that line up. Returns how many rows there were.
pub fn print_listing(
    out: &mut Stream,
    header: &[&str],
    chunk: usize,
    rows: impl Fn(&mut dyn FnMut(Vec<String>) -> Result<()>) -> Result<()>,
) -> Result<usize> {
    let mut widths = Widths::new(header);
    let mut count = 0;
    let mut held: Vec<Vec<String>> = Vec::new();
    rows(&mut |cells| {
        widths.add(&cells);
        count += 1;
        if count <= chunk {
            held.push(cells);
        } else if !held.is_empty() {
            held = Vec::new();
        }
        Ok(())
    })?;
    if count <= chunk {
        let mut t = table(header);
        for cells in held {
            t.add_row(cells);
        }
        out.line(t.to_string())?;
    } else {
        let mut t = Chunked::new(header, widths, chunk, |l: &str| out.line(l));
        rows(&mut |cells| t.add(cells))?;
        t.finish()?;
    }
    Ok(count)
}

/// The widest cell of each column, header included: the first pass.
pub struct Widths(Vec<usize>);

impl Widths {
    pub fn new(header: &[&str]) -> Widths {
        Widths(header.iter().map(|h| h.width()).collect())
    }

    pub fn add(&mut self, row: &[String]) {
        for (w, cell) in self.0.iter_mut().zip(row) {
            *w = (*w).max(cell.lines().map(str::width).max().unwrap_or(0));
        }
    }
}

/// The second pass: rows added in order, printed (through `out`) a chunk at a time.
pub struct Chunked<'h, F: FnMut(&str) -> Result<()>> {
    header: &'h [&'h str],
    widths: Widths,
    chunk: usize,
    table: Table,
    rows: usize,
    first: bool,
    out: F,
}

impl<'h, F: FnMut(&str) -> Result<()>> Chunked<'h, F> {
    pub fn new(header: &'h [&'h str], widths: Widths, chunk: usize, out: F) -> Self {
        Chunked {
            header,
            widths,
            chunk: chunk.max(1),
            table: table(header).into_inner(),
            rows: 0,
            first: true,
            out,
        }
    }

    pub fn add(&mut self, row: Vec<String>) -> Result<()> {
        self.table.add_row(row);
        self.rows += 1;
        if self.rows == self.chunk {
            self.print(false)?;
        }
        Ok(())
    }

    /// Prints what is left and the table's bottom border.
    pub fn finish(mut self) -> Result<()> {
        self.print(true)
    }

    /// Prints the chunk held: its top border only if it is the first, its bottom border only
    /// if it is the last.
    fn print(&mut self, last: bool) -> Result<()> {
        if self.rows == 0 && !self.first && last {
            // The rows ended with a full chunk: close the table with the border held back.
            let bottom = self.bottom();
            return (self.out)(&bottom);
        }
        let widths = self
            .widths
            .0
            .iter()
            .map(|&w| ColumnConstraint::Absolute(Width::Fixed(u16::try_from(w + 2).unwrap_or(u16::MAX))));
        self.table.set_constraints(widths);
        let text = self.table.to_string();
        let mut lines: Vec<&str> = text.lines().collect();
        if !last {
            lines.pop();
        }
        for l in lines.iter().skip(usize::from(!self.first)) {
            (self.out)(l)?;
        }
        self.table = Table::new();
        self.table.load_style(presets::UTF8_FULL_CONDENSED);
        (self.rows, self.first) = (0, false);
        Ok(())
    }

    /// The bottom border of a table of these widths.
    fn bottom(&self) -> String {
        let mut t = table(self.header);
        t.set_constraints(
            self.widths
                .0
                .iter()
                .map(|&w| ColumnConstraint::Absolute(Width::Fixed(u16::try_from(w + 2).unwrap_or(u16::MAX)))),
        );
        t.to_string().lines().last().unwrap_or_default().to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows() -> Vec<Vec<String>> {
        (1..=7)
            .map(|i| {
                vec![
                    i.to_string(),
                    "x".repeat(i),
                    format!("café {i}\nline {}", "y".repeat(7 - i)),
                ]
            })
            .collect()
    }

    /// The whole table at once, as `ptg` prints a short one.
    fn whole(header: &[&str]) -> String {
        let mut t = table(header);
        for r in rows() {
            t.add_row(r);
        }
        t.to_string()
    }

    fn chunked(header: &[&str], chunk: usize) -> String {
        let mut widths = Widths::new(header);
        for r in rows() {
            widths.add(&r);
        }
        let mut lines = Vec::new();
        let mut c = Chunked::new(header, widths, chunk, |l: &str| {
            lines.push(l.to_string());
            Ok(())
        });
        for r in rows() {
            c.add(r).unwrap();
        }
        c.finish().unwrap();
        lines.join("\n")
    }

    #[test]
    fn chunks_print_the_same_table_as_one_piece() {
        let header = ["#", "Long header", "Name"];
        let expected = whole(&header);
        for chunk in [1, 2, 3, 7, 10] {
            assert_eq!(chunked(&header, chunk), expected, "chunks of {chunk}");
        }
    }
}
