//! The embedded rules engine: pure functions over plain structs, no I/O. Each command's rules
//! take the current state (a [`model::Roster`], the faction, the battlepack) and the user's
//! choices, and return an [`change::Outcome`] for the store to apply, or a [`RuleError`].

pub mod afford;
pub mod aftermath;
pub mod army;
pub mod audit;
pub mod battle;
pub mod campaign_time;
pub mod change;
pub mod dice;
pub mod drafts;
pub mod favour;
pub mod fought;
pub mod glory;
pub mod import;
pub mod limits;
pub mod log;
pub mod model;
pub mod names;
pub mod options;
pub mod quest;
pub mod race;
pub mod realms;
pub mod renown;
pub mod reprice;
pub mod roster;
pub mod standings;
pub mod undo;

pub use crate::fix::{Action, Fix, Input};
pub use change::{Change, Ids, Outcome, UnitRef};

/// A refusal: which rule was broken, and what would fix it. Its `Display` is the CLI's
/// sentence, the fixes in flags and commands; the pages word `fixes` their own way.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}", crate::fix::with_cli_words(&self.bare(), &self.fixes))]
pub struct RuleError {
    /// Short name of the rule, e.g. "warlord points".
    pub rule: &'static str,
    /// What is wrong (and any fix that is not an input or an action: "pick another unit").
    pub message: String,
    /// What would put it right, as data: alternatives, each worded by the front end.
    pub fixes: Vec<Fix>,
}

impl RuleError {
    pub fn new(rule: &'static str, message: impl Into<String>) -> RuleError {
        RuleError {
            rule,
            message: message.into(),
            fixes: Vec::new(),
        }
    }

    /// This refusal with `fix` as one more way to put it right.
    pub fn fix(mut self, fix: Fix) -> RuleError {
        self.fixes.push(fix);
        self
    }

    /// The rule and what is wrong, without the fixes.
    pub fn bare(&self) -> String {
        format!("{}: {}", self.rule, self.message)
    }
}

/// Shorthand for an early refusal.
pub(crate) fn refuse<T>(rule: &'static str, message: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(rule, message))
}

/// Shorthand for an early refusal with its fix.
pub(crate) fn refuse_fix<T>(
    rule: &'static str,
    message: impl Into<String>,
    fix: Fix,
) -> Result<T, RuleError> {
    Err(RuleError::new(rule, message).fix(fix))
}
