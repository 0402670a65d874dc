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

pub use change::{Change, Ids, Outcome, UnitRef};

/// A refusal: which rule was broken, and what would fix it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{rule}: {message}")]
pub struct RuleError {
    /// Short name of the rule, e.g. "warlord points".
    pub rule: &'static str,
    /// What is wrong and how to fix it.
    pub message: String,
}

impl RuleError {
    pub fn new(rule: &'static str, message: impl Into<String>) -> RuleError {
        RuleError {
            rule,
            message: message.into(),
        }
    }
}

/// Shorthand for an early refusal.
pub(crate) fn refuse<T>(rule: &'static str, message: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(rule, message))
}
