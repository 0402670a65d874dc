//! What a name typed by a player may be: campaign, roster, player, realm and unit names.
//!
//! Names are printed back raw in tables, history and the PDF sheet, so a name holding a
//! terminal escape sequence could repaint the player's terminal, a newline could forge a line
//! of output, and a name of 10,000 characters made the sheet take a minute to lay out. One
//! rule for every kind of name, here in the engine so every front end refuses the same names.

use super::RuleError;

mod lookalikes;
pub use lookalikes::{is_slash_like, mixed_scripts, slash_like};

/// The most characters a name may have: far more than any sheet or table has room for.
pub const MAX_NAME_CHARS: usize = 100;

/// Which name is being checked: it decides the words of a refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NameKind {
    Campaign,
    Roster,
    Player,
    Realm,
    /// A unit's own name (`--name`, `--add-name`) or the warlord's (`--warlord-name`).
    Unit,
    /// A terrain feature picked for a sudden death objective (Seize Ground).
    Terrain,
}

impl NameKind {
    /// The field as a player knows it, e.g. "roster name".
    pub fn field(self) -> &'static str {
        match self {
            NameKind::Campaign => "campaign name",
            NameKind::Roster => "roster name",
            NameKind::Player => "player name",
            NameKind::Realm => "realm of origin",
            NameKind::Unit => "unit name",
            NameKind::Terrain => "terrain feature",
        }
    }
}

/// Characters that print as nothing, or reorder what follows them (bidi controls), but are not
/// `char::is_control`: a name holding one could look exactly like another name, or make a
/// history line read backwards. Zero-width joiners, variation selectors and tag characters are
/// among them, so an emoji sequence built with them is refused too.
pub fn is_invisible(c: char) -> bool {
    matches!(u32::from(c),
        0x00AD | 0x034F | 0x061C | 0x115F | 0x1160 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x200B..=0x200F | 0x2028..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
        | 0xFEFF | 0xFFA0 | 0xFFF0..=0xFFFB | 0x1D173..=0x1D17A | 0xE0000..=0xE0FFF)
}

/// The first character of `text` no name or note may hold, with its place (1-based): a control
/// character (ESC, newline, tab, DEL, C1) or an invisible or bidi one ([`is_invisible`]).
fn forbidden(text: &str) -> Option<(usize, char)> {
    text.chars()
        .enumerate()
        .find(|(_, c)| c.is_control() || is_invisible(*c))
        .map(|(at, c)| (at + 1, c))
}

fn forbidden_refusal(field: &'static str, at: usize, c: char) -> RuleError {
    let what = if c.is_control() {
        "no control characters allowed"
    } else {
        "no invisible or text-direction characters allowed"
    };
    RuleError::new(
        field,
        format!(
            "{what} (found U+{:04X} at character {at}); type it without tabs, line breaks, escape \
             sequences or invisible characters",
            u32::from(c)
        ),
    )
}

/// The name trimmed, or a refusal naming the field and the fix: blank, too long, holding a
/// control character (ESC, newline, tab, ...) or an invisible or bidi one, letters of scripts
/// mixed as look-alike names are ([`mixed_scripts`]), or, for a campaign or roster, a `/` or a
/// character read as one ([`slash_like`]: it separates them in `CAMPAIGN/ROSTER`).
pub fn check(kind: NameKind, text: &str) -> Result<&str, RuleError> {
    let name = check_plain(kind, text)?;
    let field = kind.field();
    if matches!(kind, NameKind::Campaign | NameKind::Roster)
        && let Some((at, c)) = slash_like(name)
    {
        let found = if c == '/' {
            String::new()
        } else {
            format!(
                " (found U+{:04X} '{c}' at character {at}, which reads as '/')",
                u32::from(c)
            )
        };
        return Err(RuleError::new(
            field,
            format!(
                "no '/' allowed{found}: it separates a campaign from a roster in CAMPAIGN/ROSTER; \
                 type the name without it (e.g. '-' instead)"
            ),
        ));
    }
    if let Some(((a, x), (b, y))) = mixed_scripts(name) {
        return Err(RuleError::new(
            field,
            format!(
                "mixes {} and {} letters ('{x}' at character {a}, '{y}' at character {b}), so it \
                 can pass for another name; type every letter in one script (a letter that looks \
                 Latin may be Cyrillic or Greek: retype the name on one keyboard)",
                lookalikes::script_name(x),
                lookalikes::script_name(y)
            ),
        ));
    }
    Ok(name)
}

/// The rules every name keeps, old or new: not blank, not too long, no control, invisible or
/// bidi character.
fn check_plain(kind: NameKind, text: &str) -> Result<&str, RuleError> {
    let field = kind.field();
    let name = text.trim();
    if let Some((at, c)) = forbidden(name) {
        return Err(forbidden_refusal(field, at, c));
    }
    if name.is_empty() {
        return Err(RuleError::new(field, "must not be blank; type a name"));
    }
    let chars = name.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(RuleError::new(
            field,
            format!("{chars} characters is too long; use at most {MAX_NAME_CHARS}"),
        ));
    }
    Ok(name)
}

/// A name as a league file or an older database holds it: [`check`], but what an older ptg let
/// in stays allowed: a '/' or a look-alike of one in a roster's or campaign's name, letters of
/// mixed scripts. Such a name keeps working by id, and the audit notes it
/// (`rules::audit`, "names"), so such a league can still be moved to another database.
pub fn check_kept(kind: NameKind, text: &str) -> Result<(), RuleError> {
    check_plain(kind, text).map(drop)
}

/// The most characters a note typed with a command may have (a favour change's, an
/// enhancement's or an Arcane Tome entry's reason).
pub const MAX_NOTE_CHARS: usize = 200;

/// A free-text note (a `--reason`) trimmed, or a refusal: one line of at most
/// [`MAX_NOTE_CHARS`] characters with no control, invisible or bidi characters, so it can
/// never forge a line of history or repaint a terminal. `required` refuses a blank one.
pub fn check_note<'a>(field: &'static str, text: &'a str, required: bool) -> Result<&'a str, RuleError> {
    let note = text.trim();
    if let Some((at, c)) = forbidden(note) {
        return Err(forbidden_refusal(field, at, c));
    }
    if required && note.is_empty() {
        return Err(RuleError::new(field, "must not be blank; say why"));
    }
    let chars = note.chars().count();
    if chars > MAX_NOTE_CHARS {
        return Err(RuleError::new(
            field,
            format!("{chars} characters is too long; use at most {MAX_NOTE_CHARS}"),
        ));
    }
    Ok(note)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_name_is_trimmed_and_kept() {
        assert_eq!(
            check(NameKind::Roster, "  Hammers of Dawn "),
            Ok("Hammers of Dawn")
        );
        assert_eq!(
            check(NameKind::Unit, "Ærindûr the Bright"),
            Ok("Ærindûr the Bright")
        );
        let longest = "x".repeat(MAX_NAME_CHARS);
        assert_eq!(check(NameKind::Realm, &longest), Ok(longest.as_str()));
    }

    #[test]
    fn control_characters_blank_and_overlong_names_are_refused() {
        let err = check(NameKind::Roster, "Red\u{1b}[31mTide").unwrap_err();
        assert_eq!(err.rule, "roster name");
        assert!(
            err.message.contains("found U+001B at character 4"),
            "{}",
            err.message
        );
        for bad in ["a\nb", "a\tb", "a\u{7f}", "\u{9b}x"] {
            assert!(check(NameKind::Player, bad).is_err(), "{bad:?}");
        }
        let err = check(NameKind::Campaign, " \t ").unwrap_err();
        assert!(err.message.contains("must not be blank"), "{}", err.message);
        let err = check(NameKind::Unit, &"é".repeat(MAX_NAME_CHARS + 1)).unwrap_err();
        assert!(
            err.message
                .contains("101 characters is too long; use at most 100"),
            "{}",
            err.message
        );
    }

    #[test]
    fn invisible_bidi_and_slash_are_refused() {
        for bad in [
            "Ham\u{200B}mers",
            "\u{202E}nwaD fo sremmaH",
            "Hammers\u{2066}",
            "A\u{FEFF}",
            "Line\u{2028}break",
        ] {
            let err = check(NameKind::Roster, bad).unwrap_err();
            assert!(err.message.contains("invisible"), "{bad:?}: {}", err.message);
        }
        let err = check(NameKind::Roster, "Ashen Vale/Hammers of Dawn").unwrap_err();
        assert!(err.message.contains("no '/' allowed"), "{}", err.message);
        assert!(check(NameKind::Campaign, "A/B").is_err());
        // A unit or player may still hold one.
        assert_eq!(check(NameKind::Unit, "Squad 1/2"), Ok("Squad 1/2"));
    }

    /// Issue #39: a full-width solidus folded to '/' when a typed CAMPAIGN/ROSTER was compared,
    /// so "Ashen Vale／Hammers of Dawn" in one campaign answered for another's roster.
    #[test]
    fn every_look_alike_of_a_slash_is_refused_as_a_slash_is() {
        for c in ['\u{FF0F}', '\u{2215}', '\u{2044}', '\u{29F8}', '\u{1735}'] {
            let name = format!("Ashen Vale{c}Hammers of Dawn");
            for kind in [NameKind::Roster, NameKind::Campaign] {
                let err = check(kind, &name).unwrap_err();
                assert!(err.message.contains("no '/' allowed"), "{name}: {}", err.message);
                assert!(err.message.contains("reads as '/'"), "{name}: {}", err.message);
            }
            // A unit may hold one, as it may hold '/' (but ᜵ is punctuation of the Philippine
            // scripts, not of Latin); an older league keeps its names.
            assert_eq!(check(NameKind::Unit, &name).is_ok(), c != '\u{1735}', "{name}");
            assert_eq!(check_kept(NameKind::Roster, &name), Ok(()));
        }
        assert_eq!(check(NameKind::Roster, "ノブナガの軍団"), Ok("ノブナガの軍団"));
    }

    #[test]
    fn names_mixing_look_alike_scripts_are_refused_with_the_fix() {
        let err = check(NameKind::Roster, "Наmmers of Dawn").unwrap_err();
        assert_eq!(err.rule, "roster name");
        assert!(
            err.message.contains("mixes Cyrillic and Latin letters") && err.message.contains("one script"),
            "{}",
            err.message
        );
        for kind in [
            NameKind::Campaign,
            NameKind::Player,
            NameKind::Realm,
            NameKind::Unit,
            NameKind::Terrain,
        ] {
            assert!(check(kind, "Hаmmers").is_err(), "{kind:?}");
        }
        assert_eq!(check_kept(NameKind::Roster, "Наmmers of Dawn"), Ok(()));
        for ok in [
            "Молот Зари",
            "Σπαρτιάτες 300",
            "ノブナガの軍団",
            "Hammers of Dawn 2",
        ] {
            assert_eq!(check(NameKind::Roster, ok), Ok(ok));
        }
    }

    #[test]
    fn notes_are_one_short_line() {
        assert_eq!(
            check_note("reason", "  won the tourney ", true),
            Ok("won the tourney")
        );
        assert!(check_note("reason", "", true).is_err());
        assert_eq!(check_note("reason", "", false), Ok(""));
        let err = check_note("reason", "ok\n2026-01-01 forged line", false).unwrap_err();
        assert!(err.message.contains("U+000A"), "{}", err.message);
        assert!(check_note("reason", &"x".repeat(MAX_NOTE_CHARS + 1), false).is_err());
    }
}
