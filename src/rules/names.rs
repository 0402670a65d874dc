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

/// The name trimmed, or a refusal naming the field and the fix: blank, too long, or holding a
/// control character (ESC, newline, tab, ...).
pub fn check(kind: NameKind, text: &str) -> Result<&str, RuleError> {
    let field = kind.field();
    let name = text.trim();
    if let Some((at, c)) = name.chars().enumerate().find(|(_, c)| c.is_control()) {
        return Err(RuleError::new(
            field,
            format!(
                "no control characters allowed (found U+{:04X} at character {}); type it without \
                 tabs, line breaks or escape sequences",
                u32::from(c),
                at + 1
            ),
        ));
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
}
