//! (being written) The nr_text grammar.

use super::ParsedList;

/// Whether the text looks like this format.
pub fn looks_like(_text: &str) -> bool {
    false
}

pub fn parse(text: &str) -> ParsedList {
    let mut list = ParsedList::default();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        list.not_understood(i + 1, line);
    }
    list
}
