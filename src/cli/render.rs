//! Words for what the engine returns, shared by several commands: the rolls a command made.
//! Changes in words are `views::outcome`'s, shared with the pages.

pub use crate::views::outcome::describe;

use super::output::line;
use crate::error::Result;
use crate::rules::dice::Roll;

/// Prints the rolls a command made, so the opponent sees them.
pub fn print_rolls(rolls: &[Roll]) -> Result<()> {
    for r in rolls {
        line(format!("  {}", crate::views::outcome::roll_words(r)))?;
    }
    Ok(())
}
