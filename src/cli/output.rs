//! Writing results: tables for people, JSON for scripts. Output goes through one handle so a
//! closed pipe (`ptg ... | head`) ends the program quietly instead of panicking.

use crate::error::{Error, Result};
use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;
use std::io::Write;

/// Writes `text` and a newline to stdout.
pub fn line(text: impl AsRef<str>) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match writeln!(out, "{}", text.as_ref()).and_then(|_| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Error::PipeClosed),
        other => Ok(other?),
    }
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
