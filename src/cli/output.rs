//! Writing results: tables for people, JSON for scripts. Output goes through one handle so a
//! closed pipe (`ptg ... | head`) ends the program quietly instead of panicking.

pub use super::fit::Fitted;
use crate::error::{Error, Result};
use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;
use std::io::Write;

/// `text` as a terminal may be shown it: every control character but the line break, and
/// every invisible or text-direction one (`rules::names::is_invisible`), written as its JSON
/// escape (`\u001b`), so nothing read from a database or a file can move the cursor, recolour
/// the screen, forge a line or reverse one. The second wall behind the name rules, for what an
/// older ptg let in. Inside a JSON string the escape reads back as the same character.
pub fn terminal_safe(text: &str) -> std::borrow::Cow<'_, str> {
    let unsafe_char = |c: char| (c.is_control() && c != '\n') || crate::rules::names::is_invisible(c);
    if !text.chars().any(unsafe_char) {
        return std::borrow::Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if unsafe_char(c) {
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

/// Writes `text` and a newline to stdout.
pub fn line(text: impl AsRef<str>) -> Result<()> {
    let mut out = std::io::stdout().lock();
    pipe(writeln!(out, "{}", terminal_safe(text.as_ref())).and_then(|_| out.flush()))
}

/// Writes `text` to stdout as it is, but for the characters [`terminal_safe`] escapes.
pub fn text(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    pipe(
        out.write_all(terminal_safe(text).as_bytes())
            .and_then(|_| out.flush()),
    )
}

/// Writes `value` as pretty JSON.
pub fn json<T: Serialize + ?Sized>(value: &T) -> Result<()> {
    line(serde_json::to_string_pretty(value)?)
}

/// A table in ptg's house style, fitted to the terminal when printed (`cli::fit`: lesser
/// columns dropped, words never broken).
pub fn table<I, S>(header: I) -> Fitted
where
    I: IntoIterator<Item = S>,
    S: Into<comfy_table::Cell>,
{
    let mut t = Table::new();
    t.load_style(presets::UTF8_FULL_CONDENSED)
        .set_content_arrangement(ContentArrangement::Dynamic)
        .set_header(header);
    Fitted::new(t)
}

/// "-" for nothing, so empty cells read as deliberate.
/// A stored time (`2026-11-21T19:04:11Z`, or already `2026-11-21 19:04:11`) as every table
/// shows one: `2026-11-21 19:04:11`.
pub fn moment(stored: &str) -> String {
    let plain = stored.replace('T', " ");
    let plain = plain.trim_end_matches('Z');
    // Whole seconds, as history prints them.
    match plain.split_once('.') {
        Some((whole, _)) => whole.to_string(),
        None => plain.to_string(),
    }
}

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
        pipe(writeln!(self.out, "{}", terminal_safe(text.as_ref())))
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

#[cfg(test)]
mod tests {
    use super::terminal_safe;

    #[test]
    fn control_and_bidi_characters_are_escaped_and_read_back_in_json() {
        let hostile = "Red\u{1b}]0;pwned\u{7}Tide\u{202e}x\ttab\u{9b}";
        let safe = terminal_safe(hostile);
        assert!(
            !safe
                .chars()
                .any(|c| c.is_control() || crate::rules::names::is_invisible(c)),
            "{safe}"
        );
        assert_eq!(safe, r"Red\u001b]0;pwned\u0007Tide\u202ex\u0009tab\u009b");
        let json = serde_json::to_string(hostile).unwrap();
        let back: String = serde_json::from_str(&terminal_safe(&json)).unwrap();
        assert_eq!(back, hostile);
        assert_eq!(terminal_safe("two\nlines"), "two\nlines");
        assert_eq!(terminal_safe("tag\u{e0041}"), r"tag\udb40\udc41");
    }
}
