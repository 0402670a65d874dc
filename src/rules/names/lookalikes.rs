//! Names that pass for other names (issue #39), judged by Unicode's own data (UTS #39, through
//! the `unicode-security` crate) rather than a hand list: a character read as the `/` that
//! separates CAMPAIGN/ROSTER, and letters of scripts mixed the way look-alike names are made
//! ("Наmmers of Dawn", its Н and а Cyrillic, beside "Hammers of Dawn").

use unicode_normalization::UnicodeNormalization;
use unicode_script::UnicodeScript;
use unicode_security::mixed_script::AugmentedScriptSet;
use unicode_security::{GeneralSecurityProfile, MixedScript, RestrictionLevel, RestrictionLevelDetection};

/// Whether `c` is `/` or reads as one: NFKC folds it to text holding a `/` (full-width `／`,
/// `℅`), which is how ptg compares names, or Unicode's confusables map it to `/` alone
/// (division slash `∕`, fraction slash `⁄`, big solidus `⧸`, `᜵`, `╱`, `⟋`, ...).
pub fn is_slash_like(c: char) -> bool {
    if c == '/' || std::iter::once(c).nfkc().any(|f| f == '/') {
        return true;
    }
    let mut buf = [0; 4];
    let mut skeleton = unicode_security::skeleton(c.encode_utf8(&mut buf));
    skeleton.next() == Some('/') && skeleton.next().is_none()
}

/// The scripts `c` is written in; all of them for a digit, space, punctuation or accent.
fn scripts(c: char) -> AugmentedScriptSet {
    AugmentedScriptSet::for_char(c)
}

/// Whether the name holds another letter of `c`'s script, not itself read as `/`.
fn among_its_script(name: &str, c: char) -> bool {
    name.chars().any(|o| {
        let mut s = scripts(o);
        if !o.is_alphabetic() || s.is_all() || is_slash_like(o) {
            return false;
        }
        s.intersect_with(scripts(c));
        !s.is_empty()
    })
}

/// The first character of `name` read as `/`, with its place (1-based). A letter that looks
/// like one (Katakana `ノ`, the ideograph `丿`) is one only where no other letter of its script
/// stands beside it: "ノブナガ" is a Japanese name, "Ashen ノ Vale" a look-alike of a slash.
pub fn slash_like(name: &str) -> Option<(usize, char)> {
    name.chars()
        .enumerate()
        .find(|(_, c)| is_slash_like(*c) && !(c.is_alphabetic() && among_its_script(name, *c)))
        .map(|(at, c)| (at + 1, c))
}

/// Two letters of `name` from scripts that may not mix, with their places (1-based), when
/// the name mixes scripts beyond UTS #39's Moderately Restrictive level: one script, or Latin
/// with Chinese, Japanese or Korean, or Latin with one other script that has no letters
/// looking Latin (not Cyrillic, not Greek). Digits, spaces, punctuation and accents belong to
/// every script, so "Молот 2" and "Team 日本" are names; "Наmmers" is not.
pub fn mixed_scripts(name: &str) -> Option<((usize, char), (usize, char))> {
    let letters: Vec<(usize, char)> = name
        .chars()
        .enumerate()
        .filter(|(_, c)| !scripts(*c).is_all())
        .map(|(at, c)| (at + 1, c))
        .collect();
    let text: String = letters.iter().map(|(_, c)| c).collect();
    let fine = if text.chars().all(GeneralSecurityProfile::identifier_allowed) {
        text.as_str().detect_restriction_level() <= RestrictionLevel::ModeratelyRestrictive
    } else {
        // A historic script (runes, Gothic) is not in the identifier profile: alone it is fine.
        text.as_str().is_single_script()
    };
    if fine {
        return None;
    }
    // The first letter that shares no script with every letter before it, and the first letter.
    let first = *letters.first()?;
    let mut so_far = scripts(first.1);
    letters
        .iter()
        .skip(1)
        .find_map(|&(at, c)| {
            let mut next = so_far;
            next.intersect_with(scripts(c));
            if next.is_empty() {
                return Some((first, (at, c)));
            }
            so_far = next;
            None
        })
        // The letters share a script pairwise but not as a whole: name the first and the last.
        .or_else(|| Some((first, *letters.last()?)))
}

/// The name of `c`'s script as Unicode gives it ("Latin", "Cyrillic").
pub fn script_name(c: char) -> &'static str {
    c.script().full_name()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slash_unicode_reads_as_one_is_found() {
        for c in [
            '/', '\u{FF0F}', '\u{2215}', '\u{2044}', '\u{29F8}', '\u{1735}', '\u{2571}', '\u{27CB}',
            '\u{2041}', '\u{2105}',
        ] {
            assert!(is_slash_like(c), "U+{:04X}", u32::from(c));
        }
        for c in ['-', '\\', '|', 'l', '1', '%', '½', 'a'] {
            assert_eq!(slash_like(&format!("x{c}y")), None, "U+{:04X}", u32::from(c));
        }
        assert_eq!(slash_like("Ashen Vale\u{FF0F}Hammers"), Some((11, '\u{FF0F}')));
    }

    #[test]
    fn a_letter_like_a_slash_is_a_slash_only_outside_its_own_script() {
        assert!(is_slash_like('ノ'));
        assert_eq!(slash_like("ノブナガの軍団"), None);
        assert_eq!(slash_like("Ashen ノ Vale"), Some((7, 'ノ')));
        assert_eq!(slash_like("ノ"), Some((1, 'ノ')));
    }

    #[test]
    fn names_mixing_look_alike_scripts_are_found() {
        // Н and а Cyrillic, the rest Latin.
        let ((a, x), (b, y)) = mixed_scripts("Наmmers of Dawn").unwrap();
        assert_eq!((a, b), (1, 3));
        assert_eq!((script_name(x), script_name(y)), ("Cyrillic", "Latin"));
        assert!(mixed_scripts("Hammers οf Dawn").is_some(), "a Greek omicron");
        assert!(mixed_scripts("Молот Σ").is_some(), "Cyrillic with Greek");
    }

    #[test]
    fn names_in_one_script_or_an_accepted_mix_pass() {
        for ok in [
            "Hammers of Dawn",
            "Ærindûr the Bright",
            "Молот Зари 2",
            "Σπαρτιάτες",
            "ノブナガの軍団",
            "Team 日本",
            "서울 Knights",
            "Hammers ⚔ of Dawn!",
            "ᚠᚢᚦ",
            "",
        ] {
            assert_eq!(mixed_scripts(ok), None, "{ok}");
        }
    }
}
