//! Matching what a user typed against known names: case-insensitive by Unicode rules (`é` is
//! `É`, not only `e` is `E`), with "did you mean" suggestions that also look past accents and
//! punctuation, so every lookup in ptg fails the same helpful way.

use unicode_normalization::UnicodeNormalization;
use unicode_normalization::char::is_combining_mark;

/// A name as ptg compares it: in one Unicode normal form (NFKC: a typed `é` may be one code
/// point or `e` plus an accent, and a full-width `Ｈ` or a ligature `ﬁ` is the letters it looks
/// like, so look-alike names collide), each run of spaces one space and none at the ends (a
/// data file's "Summon  Purple Sun of Shyish" is what a player types with one), lower-cased by
/// Unicode rules.
pub fn fold(name: &str) -> String {
    // ASCII is its own normal form and lower-cases letter by letter: one allocation, not
    // three (a roster page folds each unit's warscroll name to find it, issue 42).
    if name.is_ascii() {
        let mut folded = String::with_capacity(name.len());
        for word in name.split_whitespace() {
            if !folded.is_empty() {
                folded.push(' ');
            }
            folded.extend(word.chars().map(|c| c.to_ascii_lowercase()));
        }
        return folded;
    }
    fold_unicode(name)
}

/// [`fold`] by the Unicode rules alone, for any name.
fn fold_unicode(name: &str) -> String {
    let normal: String = name.nfkc().collect();
    let words: Vec<&str> = normal.split_whitespace().collect();
    words.join(" ").chars().flat_map(char::to_lowercase).collect()
}

/// "1 regiment", "2 regiments": a count with its noun agreeing.
pub fn counted(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// Two names that are the same to a player: equal once folded.
pub fn same(a: &str, b: &str) -> bool {
    // Most comparisons are plain ASCII (keywords, warscrolls), and most are a mismatch found at
    // the first letter: compared byte by byte with no allocation, a run of spaces one space.
    if a.is_ascii() && b.is_ascii() {
        return same_ascii(a.as_bytes(), b.as_bytes());
    }
    fold(a) == fold(b)
}

/// [`same`] for ASCII names: [`fold`] of ASCII only lower-cases it and makes each run of spaces
/// one space, none at the ends.
fn same_ascii(a: &[u8], b: &[u8]) -> bool {
    let (a, b) = (trim_spaces(a), trim_spaces(b));
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        let (x, y) = (a[i], b[j]);
        match (is_space(x), is_space(y)) {
            (true, true) => {
                while is_space(a[i]) {
                    i += 1;
                }
                while is_space(b[j]) {
                    j += 1;
                }
            }
            (false, false) if x.eq_ignore_ascii_case(&y) => {
                i += 1;
                j += 1;
            }
            _ => return false,
        }
    }
    i == a.len() && j == b.len()
}

/// Whitespace as [`fold`]'s `split_whitespace` reads it in ASCII: with the vertical tab, which
/// `u8::is_ascii_whitespace` leaves out.
fn is_space(b: u8) -> bool {
    char::from(b).is_whitespace()
}

/// `s` without [`is_space`] whitespace at either end.
fn trim_spaces(mut s: &[u8]) -> &[u8] {
    while let [first, rest @ ..] = s
        && is_space(*first)
    {
        s = rest;
    }
    while let [rest @ .., last] = s
        && is_space(*last)
    {
        s = rest;
    }
    s
}

/// `same` as a method, so `name.same_name(wanted)` reads like the comparison it replaces.
pub trait SameName {
    fn same_name(&self, other: &str) -> bool;
}

impl SameName for str {
    fn same_name(&self, other: &str) -> bool {
        same(self, other)
    }
}

/// Two names with the same words once accents, punctuation, case and small joining words are
/// dropped ("Lord Celestant" and "Lord-Celestant"): a loose match, to be reported as such.
pub fn loosely_same(a: &str, b: &str) -> bool {
    let a = loose_words(a);
    !a.is_empty() && a == loose_words(b)
}

/// Whether `name` begins with the words of `start`, loosely as [`loosely_same`] compares
/// ("Kragnos" begins "Kragnos, the End of Empires").
pub fn loosely_starts(name: &str, start: &str) -> bool {
    let (n, s) = (loose_words(name), loose_words(start));
    !s.is_empty() && n.len() > s.len() && n[..s.len()] == s[..]
}

/// The words of a name with accents, punctuation and small joining words dropped, for
/// suggestions: "Eidolon of Mathlann, Aspect of the Sea" -> eidolon mathlann aspect sea.
fn loose_words(name: &str) -> Vec<String> {
    let plain: String = name
        .nfd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect();
    plain
        .split_whitespace()
        .filter(|w| !matches!(*w, "of" | "the" | "a" | "an" | "and" | "in" | "on"))
        .map(str::to_string)
        .collect()
}

/// Finds `wanted` among `names` (case-insensitive by Unicode rules, whitespace-trimmed).
pub fn find<'a, T>(items: &'a [T], wanted: &str, name_of: impl Fn(&T) -> &str) -> Option<&'a T> {
    items.iter().find(|i| same(name_of(i), wanted))
}

/// Up to three names closest to `wanted`, best first, for a "did you mean" hint.
pub fn suggestions<'a>(wanted: &str, names: impl IntoIterator<Item = &'a str>) -> Vec<String> {
    let w = fold(wanted);
    let w_loose = loose_words(wanted);
    let mut scored: Vec<(f64, &str)> = names
        .into_iter()
        .map(|n| {
            let l = fold(n);
            let mut score = strsim::jaro_winkler(&w, &l);
            if !w.is_empty() && l.contains(&w) {
                score = score.max(0.9);
            }
            // Without accents and punctuation: every word typed is a word (or the start of
            // one) of the name, e.g. "eidolon mathlann" for "Eidolon of Mathlann, ...".
            let n_loose = loose_words(n);
            if !w_loose.is_empty()
                && w_loose
                    .iter()
                    .all(|t| n_loose.iter().any(|m| m.starts_with(t.as_str())))
            {
                score = score.max(0.85);
            }
            score = score.max(strsim::jaro_winkler(&w_loose.join(" "), &n_loose.join(" ")) - 0.05);
            (score, n)
        })
        .filter(|(s, _)| *s >= 0.75)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, n)| n.to_string()).collect()
}

/// "unknown faction 'Stormcast': did you mean 'Stormcast Eternals'?" style message.
pub fn unknown<'a>(what: &str, wanted: &str, names: impl IntoIterator<Item = &'a str>) -> String {
    let s = suggestions(wanted, names);
    match s.len() {
        0 => format!("unknown {what} '{wanted}'"),
        _ => format!(
            "unknown {what} '{wanted}': did you mean {}?",
            s.iter()
                .map(|n| format!("'{n}'"))
                .collect::<Vec<_>>()
                .join(" or ")
        ),
    }
}

/// A file-name slug: "Stormcast Eternals" -> "stormcast-eternals", "Dûr Lodge" -> "dûr-lodge".
/// Letters of any script are kept (lower-cased), apostrophes dropped, the rest become hyphens.
pub fn slug(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if c == '\'' || c == '\u{2019}' {
            // "Khaine's" -> "khaines", not "khaine-s".
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    while out.ends_with('-') {
        out.pop();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggests_close_names() {
        let names = ["Stormcast Eternals", "Skaven", "Seraphon"];
        let msg = unknown("faction", "Stormcast Eternal", names);
        assert!(msg.contains("did you mean 'Stormcast Eternals'"), "{msg}");
        assert_eq!(suggestions("Skavn", names), vec!["Skaven".to_string()]);
        assert!(suggestions("Orruks", names).is_empty());
    }

    /// The data's "Summon  Purple Sun of Shyish" (two spaces) is what a player types with one
    /// (issue #33); a no-break space or a tab is a space too, but words never run together.
    #[test]
    fn a_run_of_spaces_is_one_space() {
        assert!(same(
            "Summon  Purple Sun of Shyish",
            "summon purple sun of shyish"
        ));
        assert!(same("Summon\u{a0}Purple Sun", "Summon  purple\tsun"));
        assert!(!same("Purple Sun", "PurpleSun"));
        assert_eq!(fold("  Summon  Purple\u{a0}Sun "), "summon purple sun");
        let lore = ["Summon  Purple Sun of Shyish"];
        assert_eq!(find(&lore, "Summon Purple Sun of Shyish", |s| s), Some(&lore[0]));
    }

    proptest::proptest! {
        /// The byte-by-byte comparison of ASCII names, and their one-pass fold, agree with
        /// folding them by the Unicode rules.
        #[test]
        fn ascii_names_compare_as_they_fold(
            a in "[aAbBzZ1 \t\r\n\x0b\x0c-]{0,8}",
            b in "[aAbBzZ1 \t\r\n\x0b\x0c-]{0,8}",
        ) {
            proptest::prop_assert_eq!(fold(&a), fold_unicode(&a));
            proptest::prop_assert_eq!(same(&a, &b), fold_unicode(&a) == fold_unicode(&b));
        }
    }

    #[test]
    fn names_fold_case_by_unicode_rules() {
        assert!(same("Éclat du Dûr", "éclat du dûr"));
        assert!(same(" Ärger ", "ÄRGER"));
        // A decomposed e + accent is the same name as the composed é.
        assert!(same("Caf\u{65}\u{301}", "CAFÉ"));
        assert!(!same("Cafe", "Café"));
        assert!("Dûr Lodge".same_name("DÛR LODGE"));
        let names = vec!["Élan".to_string()];
        assert_eq!(find(&names, "élan", |s| s), Some(&names[0]));
    }

    #[test]
    fn did_you_mean_looks_past_accents_and_punctuation() {
        let names = [
            "Eidolon of Mathlann, Aspect of the Sea",
            "Eidolon of Mathlann, Aspect of the Storm",
            "Akhelian King",
        ];
        let s = suggestions("eidolon mathlann", names);
        assert_eq!(s, [names[0], names[1]]);
        assert_eq!(suggestions("Dur Lodge", ["Dûr Lodge", "Skaven"]), ["Dûr Lodge"]);
        assert_eq!(
            suggestions("lord vigilant", ["Lord-Vigilant on Gryph-stalker"]),
            ["Lord-Vigilant on Gryph-stalker"]
        );
    }

    #[test]
    fn finds_case_insensitively() {
        let names = vec!["Liberators".to_string(), "Vindictors".to_string()];
        assert_eq!(find(&names, " liberators ", |s| s), Some(&names[0]));
        assert_eq!(find(&names, "Prosecutors", |s| s), None);
    }
}
