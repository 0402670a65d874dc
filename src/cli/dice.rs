//! Where a command's dice come from: ptg's seeded RNG (the default), `--dice 3,1,6` typed in
//! from physical dice, or `--dice ask` to be asked for each die at the table. Asking reads
//! standard input, so the operations roll with no database transaction open.

use crate::names::SameName;
use crate::rules::RuleError;
use crate::rules::dice::{Dice, DiceExpr, DiceSource, SeededDice, TypedDice};
use clap::Args;
use std::io::{BufRead, IsTerminal, Write};

#[derive(Debug, Clone, Args)]
pub struct DiceArgs {
    /// Physical dice typed in, used in the order ptg rolls (e.g. --dice 3,1,6), or "ask" to be
    /// asked for each die; without it ptg rolls them itself and logs the seed.
    #[arg(long, value_name = "VALUES|ask")]
    pub dice: Option<String>,
    /// Roll with this seed instead of a fresh one (replays an earlier roll).
    #[arg(long, conflicts_with = "dice")]
    pub seed: Option<u64>,
}

/// The dice a command rolls with.
pub enum CommandDice {
    Seeded(Box<SeededDice>),
    Typed(TypedDice),
    Asked(AskedDice),
}

impl DiceArgs {
    pub fn dice(&self) -> Result<CommandDice, RuleError> {
        Ok(match self.dice.as_deref().map(str::trim) {
            Some(a) if a.same_name("ask") => CommandDice::Asked(AskedDice::default()),
            Some(values) => CommandDice::Typed(TypedDice::parse(values)?),
            None => CommandDice::Seeded(Box::new(SeededDice::new(
                self.seed.unwrap_or_else(SeededDice::random_seed),
            ))),
        })
    }
}

impl CommandDice {
    fn inner_ref(&self) -> &dyn Dice {
        match self {
            CommandDice::Seeded(d) => d.as_ref(),
            CommandDice::Typed(d) => d,
            CommandDice::Asked(d) => d,
        }
    }

    fn inner(&mut self) -> &mut dyn Dice {
        match self {
            CommandDice::Seeded(d) => d.as_mut(),
            CommandDice::Typed(d) => d,
            CommandDice::Asked(d) => d,
        }
    }
}

impl Dice for CommandDice {
    fn die(&mut self, sides: u32) -> Result<u32, RuleError> {
        self.inner().die(sides)
    }
    fn source(&self) -> DiceSource {
        match self {
            CommandDice::Seeded(d) => d.source(),
            _ => DiceSource::Typed,
        }
    }
    fn announce(&mut self, purpose: &str, expression: &DiceExpr) {
        self.inner().announce(purpose, expression)
    }
    fn leftover(&self) -> usize {
        self.inner_ref().leftover()
    }
}

/// Asks for each die on standard input, saying what it is for; at a terminal a bad value is
/// asked again, elsewhere it is refused.
#[derive(Default)]
pub struct AskedDice {
    purpose: String,
}

impl Dice for AskedDice {
    fn die(&mut self, sides: u32) -> Result<u32, RuleError> {
        let stdin = std::io::stdin();
        loop {
            eprint!("{} — roll a D{sides}: ", self.purpose);
            let _ = std::io::stderr().flush();
            let mut line = String::new();
            let read = stdin.lock().read_line(&mut line).unwrap_or(0);
            if read == 0 {
                return Err(RuleError::new("dice", "no more dice were typed in (input ended)"));
            }
            let mut typed = TypedDice::parse(line.trim())?;
            match typed.die(sides) {
                Ok(v) => return Ok(v),
                Err(e) if stdin.is_terminal() => eprintln!("{}", e.message),
                Err(e) => return Err(e),
            }
        }
    }
    fn source(&self) -> DiceSource {
        DiceSource::Typed
    }
    fn announce(&mut self, purpose: &str, expression: &DiceExpr) {
        self.purpose = format!("{purpose} ({expression})");
    }
}
