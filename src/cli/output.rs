//! Writing results: tables for people, JSON for scripts. Output goes through one handle so a
//! closed pipe (`ptg ... | head`) ends the program quietly instead of panicking.

use crate::error::{Error, Result};
use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;
use std::io::Write;

/// Writes `text` and a newline to stdout.
pub fn line(text: impl AsRef<str>) -> Result<()> {
    let mut out = std::io::stdout().lock();
    pipe(writeln!(out, "{}", text.as_ref()).and_then(|_| out.flush()))
}

/// Writes `text` to stdout as it is.
pub fn text(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    pipe(out.write_all(text.as_bytes()).and_then(|_| out.flush()))
}

/// Writes `value` as pretty JSON.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<()> {
    line(serde_json::to_string_pretty(value)?)
}

/// A table in ptg's house style.
pub fn table<I, S>(header: I) -> Table
where
    I: IntoIterator<Item = S>,
    S: Into<comfy_table::Cell>,
{
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(header);
    t
}

/// "-" for nothing, so empty cells read as deliberate.
pub fn or_dash(s: impl AsRef<str>) -> String {
    let s = s.as_ref();
    if s.is_empty() { "-".into() } else { s.into() }
}

/// Output written in bulk (a whole league's history or dice log): lines go through one
/// buffer instead of a write per line, and a closed pipe ends the program as [`line`] does.
pub struct Stream {
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
}

impl Stream {
    pub fn stdout() -> Stream {
        Stream {
            out: std::io::BufWriter::with_capacity(64 * 1024, std::io::stdout().lock()),
        }
    }

    /// Writes `text` and a newline.
    pub fn line(&mut self, text: impl AsRef<str>) -> Result<()> {
        pipe(writeln!(self.out, "{}", text.as_ref()))
    }

    /// Writes out what is buffered.
    pub fn finish(mut self) -> Result<()> {
        pipe(self.out.flush())
    }
}

fn pipe(r: std::io::Result<()>) -> Result<()> {
    match r {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Error::PipeClosed),
        other => Ok(other?),
    }
}

/// A JSON array printed item by item as the items are read, in the layout [`json`] gives a
/// whole array: each item is written when the next comes (with its comma) or at the end.
#[derive(Default)]
pub struct JsonArray {
    held: Option<String>,
}

impl JsonArray {
    pub fn item<T: Serialize + ?Sized>(&mut self, out: &mut Stream, value: &T) -> Result<()> {
        let item = format!("  {}", serde_json::to_string_pretty(value)?.replace('\n', "\n  "));
        match self.held.replace(item) {
            Some(prev) => out.line(format!("{prev},")),
            None => out.line("["),
        }
    }

    pub fn finish(self, out: &mut Stream) -> Result<()> {
        match self.held {
            Some(last) => out.line(format!("{last}\n]")),
            None => out.line("[]"),
        }
    }
}
