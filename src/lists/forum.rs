//! (being written) The forum grammar.

use super::ParsedList;

pub fn parse(text: &str) -> ParsedList {
    let mut list = ParsedList::default();
    for (i, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        list.not_understood(i + 1, line);
    }
    list
}
