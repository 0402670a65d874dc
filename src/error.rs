//! One error type for every command, whose kind decides the exit code (as jj's `CommandError`):
//! a refusal is the player's to fix (exit 1), wrong usage is caught by clap (exit 2), anything
//! else is ptg's fault or the machine's (exit 3) and says so.
//!
//! Below the operations layer, code returns `anyhow::Error` for internal failures and marks a
//! refusal by carrying a [`RuleError`] (a rule broken) or a [`Refusal`] (a name not found, a
//! file of the user's that cannot be used). [`Error::from`] sorts them by looking inside, so the
//! message a player sees is the one written where the problem was found.

use crate::catalogue::bsdata::BsdataError;
use crate::catalogue::load::DataError;
use crate::fix::{Fix, with_cli_words};
use crate::rules::RuleError;
use crate::sheet::TemplateError;

/// Exit codes, documented in the README and `ptg --help`.
pub mod exit {
    pub const OK: u8 = 0;
    pub const REFUSED: u8 = 1;
    /// Wrong usage: clap prints the message and exits with this itself.
    pub const USAGE: u8 = 2;
    pub const INTERNAL: u8 = 3;
}

/// Why a command did not do what was asked.
#[derive(Debug)]
pub enum Error {
    /// A rule broken, a name not found or ambiguous, a user's file that cannot be used: the
    /// message says what is wrong, and the fixes (as data) what would put it right. Exit 1.
    Refused { message: String, fixes: Vec<Fix> },
    /// A bug, a corrupt or too-new database, an I/O failure. Exit 3.
    Internal(anyhow::Error),
    /// The reader of our output went away (`ptg ... | head`): not a failure. Exit 0.
    PipeClosed,
}

/// The result of every operation and command.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A refusal that is not a rule of the game: a name not found, a name taken, a file of the
/// user's that cannot be read. Its `Display` is the CLI's sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[error("{}", with_cli_words(&self.message, &self.fixes))]
pub struct Refusal {
    pub message: String,
    pub fixes: Vec<Fix>,
}

/// A refusal as an `anyhow::Error`, for code below the operations layer.
pub fn refusal(message: impl Into<String>) -> anyhow::Error {
    refusal_fix(message, Vec::new())
}

/// A refusal with its fixes as an `anyhow::Error`.
pub fn refusal_fix(message: impl Into<String>, fixes: Vec<Fix>) -> anyhow::Error {
    anyhow::Error::new(Refusal {
        message: message.into(),
        fixes,
    })
}

impl Refusal {
    /// The refusal `e` carries, if it is one (an internal error is not).
    pub fn of(e: Error) -> std::result::Result<Refusal, Error> {
        match e {
            Error::Refused { message, fixes } => Ok(Refusal { message, fixes }),
            other => Err(other),
        }
    }
}

impl Error {
    pub fn refused(message: impl Into<String>) -> Error {
        Error::Refused {
            message: message.into(),
            fixes: Vec::new(),
        }
    }

    /// This refusal with `fix` as one more way to put it right (an internal error is kept).
    pub fn fix(mut self, fix: Fix) -> Error {
        if let Error::Refused { fixes, .. } = &mut self {
            fixes.push(fix);
        }
        self
    }

    /// The process exit code for this error.
    pub fn exit_code(&self) -> u8 {
        match self {
            Error::Refused { .. } => exit::REFUSED,
            Error::Internal(_) => exit::INTERNAL,
            Error::PipeClosed => exit::OK,
        }
    }

    /// The error as `--json` gives it: `{"error": {"kind", "message", "hint", "fixes"}}`, the
    /// hint in the CLI's words and the fixes as data (see `crate::fix`).
    pub fn as_json(&self) -> serde_json::Value {
        let (kind, message, fixes) = match self {
            Error::Refused { message, fixes } => ("refused", message.clone(), fixes.as_slice()),
            Error::Internal(e) => ("internal", format!("{e:#}"), &[][..]),
            Error::PipeClosed => ("pipe-closed", String::new(), &[][..]),
        };
        let hint = crate::fix::for_cli(fixes);
        serde_json::json!({ "error": {
            "kind": kind,
            "exit": self.exit_code(),
            "message": message,
            "hint": (!hint.is_empty()).then_some(hint),
            "fixes": fixes,
        }})
    }

    /// The text for standard error; an internal error says it is not the user's fault.
    pub fn report(&self) -> String {
        match self {
            Error::Refused { message, fixes } => format!("error: {}", with_cli_words(message, fixes)),
            Error::Internal(e) => format!(
                "internal error: {e:#}\n\nThis is not something you did wrong: ptg or its database file \
                 failed. Nothing was saved by this command. Please report it on ptg's issue tracker \
                 with the command you ran, this message and the output of `ptg --version`."
            ),
            Error::PipeClosed => String::new(),
        }
    }
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::Refused { message, fixes } => f.write_str(&with_cli_words(message, fixes)),
            Error::Internal(e) => write!(f, "{e:#}"),
            Error::PipeClosed => f.write_str("output closed"),
        }
    }
}

impl std::error::Error for Error {}

/// True when `e` (or anything it wraps) is the player's to fix rather than ptg's.
fn is_refusal(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.is::<RuleError>()
            || c.is::<Refusal>()
            || c.is::<TemplateError>()
            || c.is::<DataError>()
            || c.is::<BsdataError>()
    })
}

impl From<anyhow::Error> for Error {
    fn from(e: anyhow::Error) -> Error {
        if e.downcast_ref::<Error>().is_some() {
            return match e.downcast::<Error>() {
                Ok(inner) => inner,
                Err(e) => Error::Internal(e),
            };
        }
        if is_refusal(&e) {
            refused_from_chain(&e)
        } else {
            Error::Internal(e)
        }
    }
}

/// The refusal in `e`'s chain: every link's words as `{e:#}` gives them, but a rule's or a
/// refusal's own fixes kept as data rather than worded.
fn refused_from_chain(e: &anyhow::Error) -> Error {
    let mut fixes = Vec::new();
    let words: Vec<String> = e
        .chain()
        .map(|link| {
            if let Some(rule) = link.downcast_ref::<RuleError>() {
                fixes.extend(rule.fixes.iter().cloned());
                rule.bare()
            } else if let Some(r) = link.downcast_ref::<Refusal>() {
                fixes.extend(r.fixes.iter().cloned());
                r.message.clone()
            } else {
                link.to_string()
            }
        })
        .collect();
    Error::Refused {
        message: words.join(": "),
        fixes,
    }
}

impl From<RuleError> for Error {
    fn from(e: RuleError) -> Error {
        Error::Refused {
            message: e.bare(),
            fixes: e.fixes,
        }
    }
}

impl From<Refusal> for Error {
    fn from(e: Refusal) -> Error {
        Error::Refused {
            message: e.message,
            fixes: e.fixes,
        }
    }
}

impl From<TemplateError> for Error {
    fn from(e: TemplateError) -> Error {
        Error::refused(e.to_string())
    }
}

impl From<DataError> for Error {
    fn from(e: DataError) -> Error {
        Error::refused(e.to_string())
    }
}

impl From<BsdataError> for Error {
    fn from(e: BsdataError) -> Error {
        Error::refused(e.to_string())
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Internal(e.into())
    }
}

impl From<serde_json::Error> for Error {
    fn from(e: serde_json::Error) -> Error {
        Error::Internal(e.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use anyhow::Context;

    #[test]
    fn refusals_keep_their_words_and_exit_1() {
        let e: Error = RuleError::new("warlord", "pick a HERO").into();
        assert_eq!((e.exit_code(), e.to_string()), (1, "warlord: pick a HERO".into()));
        let wrapped: anyhow::Result<()> = Err(refusal("unknown roster 'X'"));
        let e: Error = wrapped.context("while planning").unwrap_err().into();
        assert_eq!(e.exit_code(), 1);
        assert_eq!(e.to_string(), "while planning: unknown roster 'X'");
    }

    #[test]
    fn a_refusal_keeps_its_fixes_as_data_through_a_chain() {
        use crate::fix::{Fix, Input};
        let rule = RuleError::new("quests", "the quest names a unit").fix(Fix::give(Input::Unit));
        assert_eq!(
            rule.to_string(),
            "quests: the quest names a unit; add --unit UNIT"
        );
        let wrapped: anyhow::Result<()> = Err(anyhow::Error::new(rule));
        let e: Error = wrapped.context("battle 3").unwrap_err().into();
        let Error::Refused { message, fixes } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(message, "battle 3: quests: the quest names a unit");
        assert_eq!(fixes, &[Fix::give(Input::Unit)]);
        assert_eq!(
            e.to_string(),
            "battle 3: quests: the quest names a unit; add --unit UNIT"
        );
    }

    #[test]
    fn anything_else_is_internal_and_exit_3() {
        let e: Error = anyhow::anyhow!("disk full").into();
        assert_eq!(e.exit_code(), 3);
        assert!(
            e.report().contains("not something you did wrong"),
            "{}",
            e.report()
        );
        let e: Error = std::io::Error::other("no space left").into();
        assert_eq!(e.exit_code(), 3);
    }

    #[test]
    fn an_error_passed_through_anyhow_keeps_its_kind() {
        let e: Error = anyhow::Error::new(Error::PipeClosed).into();
        assert_eq!(e.exit_code(), 0);
    }
}
