//! A season's tag printed before the name (issue #41): `Scourge of Ghyran Ogroid Thaumaturge`,
//! `Scourge of Aqshy: Endrinriggers`, `SoG Ogroid Thaumaturge`, `[SoG] …`, `(SoA) …`. Tags after
//! the name are peeled by `reading::peel`; this reads the ones in front, which the app and
//! several list builders print there.

use crate::lists::{is_season_abbreviation, is_season_tag};

/// `(tag, rest)` when `name` opens with a season's tag and something follows it; `None`
/// otherwise, so a name that merely starts with a season-like word is left whole (the caller
/// tries the exact name first, and a unit test checks no warscroll's name is split here).
pub(super) fn leading(name: &str) -> Option<(String, String)> {
    let name = name.trim();
    if let Some(open) = name.chars().next().filter(|c| matches!(c, '(' | '[' | '{')) {
        let close = match open {
            '(' => ')',
            '[' => ']',
            _ => '}',
        };
        let end = name.find(close)?;
        let inner = name[1..end].trim();
        let rest = after_separator(&name[end + 1..]);
        return (is_season_tag(inner) && !rest.is_empty()).then(|| (inner.to_string(), rest.to_string()));
    }
    let words: Vec<&str> = name.split_whitespace().collect();
    let n = tag_words(&words)?;
    let tag = words[..n].join(" ");
    let tag = tag.trim_end_matches([':', ',', '-']).to_string();
    let rest = after_separator(&words[n..].join(" ")).to_string();
    (!rest.is_empty()).then_some((tag, rest))
}

/// `(tag, rest)` when `name` ends with a season's tag printed bare, with no bracket or dash
/// (`Flamers of Tzeentch SoG`, `Ogroid Thaumaturge Scourge of Ghyran`); `None` otherwise. As
/// with [`leading`], the caller tries the exact name first, and a unit test checks no
/// warscroll's name is split here.
pub(super) fn trailing(name: &str) -> Option<(String, String)> {
    let words: Vec<&str> = name.split_whitespace().collect();
    let lower = |i: usize| words[i].trim_end_matches([':', ',']).to_lowercase();
    let last = words.len().checked_sub(1)?;
    let year = lower(last).starts_with(|c: char| c.is_ascii_digit());
    let n = (1..=3).rev().find(|&n| {
        let Some(start) = words.len().checked_sub(n).filter(|s| *s > 0) else {
            return false;
        };
        let tail: Vec<String> = (start..words.len()).map(lower).collect();
        match tail.iter().map(String::as_str).collect::<Vec<_>>().as_slice() {
            ["scourge" | "season", "of", _] => true,
            ["general's" | "generals", "handbook", _] => year,
            ["general's" | "generals", "handbook"] => true,
            ["ghb", _] => year,
            [w] => *w == "ghb" || is_season_abbreviation(w),
            _ => false,
        }
    })?;
    let at = words.len() - n;
    let tag = words[at..].join(" ");
    let rest = words[..at].join(" ");
    let rest = rest.trim_end_matches([':', '-', '|', ',']).trim_end();
    (!rest.is_empty()).then(|| (tag, rest.to_string()))
}

/// What follows a tag, past a `:`, `-` or `|` between them.
fn after_separator(s: &str) -> &str {
    s.trim().trim_start_matches([':', '-', '|', ',']).trim()
}

/// How many words at the start of `words` are a season's tag.
fn tag_words(words: &[&str]) -> Option<usize> {
    let word = |i: usize| {
        words
            .get(i)
            .map(|w| w.trim_end_matches([':', ',']).to_lowercase())
    };
    let year = |i: usize| word(i).is_some_and(|y| y.starts_with(|c: char| c.is_ascii_digit()));
    let first = word(0)?;
    match first.as_str() {
        // `Scourge of Ghyran`, `Season of War`: three words.
        "scourge" | "season" if word(1).as_deref() == Some("of") && word(2).is_some() => Some(3),
        // `General's Handbook 2024-25`.
        "general's" | "generals" if word(1).as_deref() == Some("handbook") => {
            Some(if year(2) { 3 } else { 2 })
        }
        "ghb" => Some(if year(1) { 2 } else { 1 }),
        w if is_season_abbreviation(w) => Some(1),
        _ => None,
    }
}
