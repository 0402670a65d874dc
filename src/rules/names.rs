//! What a name typed by a player may be: campaign, roster, player, realm and unit names.
//!
//! Names are printed back raw in tables, history and the PDF sheet, so a name holding a
//! terminal escape sequence could repaint the player's terminal, a newline could forge a line
//! of output, and a name of 10,000 characters made the sheet take a minute to lay out. One
//! rule for every kind of name, here in the engine so every front end refuses the same names.

use super::RuleError;

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
/// control character (ESC, newline, tab, ...) or an invisible or bidi one, or, for a campaign
/// or roster, a `/` (it separates them in `CAMPAIGN/ROSTER`).
pub fn check(kind: NameKind, text: &str) -> Result<&str, RuleError> {
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
    if matches!(kind, NameKind::Campaign | NameKind::Roster) && name.contains('/') {
        return Err(RuleError::new(
            field,
            "no '/' allowed: it separates a campaign from a roster in CAMPAIGN/ROSTER; type the \
             name without it (e.g. '-' instead)",
        ));
    }
    Ok(name)
}

/// A name as a league file or an older database holds it: [`check`], but a '/' in a roster's
/// or campaign's name stays allowed (an older ptg let it in; it keeps working by id, and the
/// audit notes it), so such a league can still be moved to another database.
pub fn check_kept(kind: NameKind, text: &str) -> Result<(), RuleError> {
    check(kind, &text.replace('/', "-")).map(drop)
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
