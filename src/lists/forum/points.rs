//! Where a forum line prints its points: in brackets, said (`120 pts`), or bare at the end.

use super::super::app::{number, points_expr};

/// Points in a line: `(120)`, `[120 pts]`, `120 pts`, `120pts`, `(10 Points)`, `- 120`.
/// Returns the points and the text before and after them.
pub(super) fn find_points(s: &str) -> Option<(u32, &str, &str)> {
    let bracketed = bracket_points(s);
    // `Liberators (10) - 180 pts`: points said so win over a bare number in brackets.
    match bracketed {
        Some((_, _, _, true)) => return bracketed.map(|(p, b, a, _)| (p, b, a)),
        Some((_, before, _, false)) => {
            if let Some(said) = said_points(s).filter(|(_, b, _)| b.len() > before.len()) {
                return Some(said);
            }
            return bracketed.map(|(p, b, a, _)| (p, b, a));
        }
        None => {}
    }
    said_points(s).or_else(|| trailing_points(s))
}

/// The first `(120)` / `[120 pts]`: points, before, after, and whether a unit word was printed.
fn bracket_points(s: &str) -> Option<(u32, &str, &str, bool)> {
    for (open, c) in s.char_indices().filter(|(_, c)| *c == '(' || *c == '[') {
        let close = if c == '(' { ')' } else { ']' };
        if let Some(len) = s[open + 1..].find(close)
            && let Some(p) = points_expr(&s[open + 1..open + 1 + len])
        {
            let inner = &s[open + 1..open + 1 + len];
            let said = inner.chars().any(char::is_alphabetic);
            return Some((p, &s[..open], &s[open + 2 + len..], said));
        }
    }
    None
}

/// `120 pts`, `120pts`, `120 points` among the words of `s`.
fn said_points(s: &str) -> Option<(u32, &str, &str)> {
    let words: Vec<(usize, &str)> = s
        .split_whitespace()
        .map(|w| (w.as_ptr() as usize - s.as_ptr() as usize, w))
        .collect();
    for (k, &(start, w)) in words.iter().enumerate() {
        let bare = w.trim_end_matches([',', ';', '.', ')']);
        let unit = |x: &str| matches!(x.to_ascii_lowercase().as_str(), "pts" | "pt" | "points" | "p");
        if number(bare).is_some() {
            if let Some(&(next, u)) = words.get(k + 1) {
                let u = u.trim_end_matches([',', ';', '.', ')']);
                if unit(u) {
                    return Some((number(bare)?, &s[..start], &s[next + u.len()..]));
                }
            }
        } else if bare.len() > 1
            && bare.starts_with(|c: char| c.is_ascii_digit())
            && let Some(p) = points_expr(bare).filter(|_| !bare.chars().all(|c| c.is_ascii_digit()))
        {
            return Some((p, &s[..start], &s[start + bare.len()..]));
        }
    }
    None
}

/// `Liberators - 220`, `Liberators: 220`, and `Liberators 220` (two to four digits after a
/// space: no warscroll's name ends in a number, a single digit is more likely a count).
fn trailing_points(s: &str) -> Option<(u32, &str, &str)> {
    let digits = s.chars().rev().take_while(char::is_ascii_digit).count();
    let before = s[..s.len() - digits].trim_end();
    let sep = before.chars().last()?;
    let p = number(&s[s.len() - digits..]);
    if digits > 0 && matches!(sep, '-' | ':' | '=' | '–' | '—') {
        return Some((p?, &before[..before.len() - sep.len_utf8()], ""));
    }
    let spaced = before.len() < s.len() - digits;
    // After a name, or after its bracketed tag (`Prosecutors [3 models] 120`).
    if (2..=4).contains(&digits) && spaced && (sep.is_alphabetic() || matches!(sep, ')' | ']')) {
        return Some((p?, before, ""));
    }
    None
}
