//! Where a command's dice come from: ptg's seeded RNG (the default), `--dice 3,1,6` typed in
//! from physical dice, or `--dice ask` to be asked for each die at the table. Asking reads
//! standard input, so the operations roll with no database transaction open.

use crate::names::SameName;
use crate::rules::RuleError;
use crate::rules::dice::{Dice, DiceExpr, DiceSource, SeededDice, Tally, TypedDice};
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
    fn rolls_until_decided(&mut self) {
        self.inner().rolls_until_decided()
    }
    fn tally(&self) -> Option<Tally> {
        self.inner_ref().tally()
    }
    fn rewind(&mut self) -> bool {
        self.inner().rewind()
    }
}

/// Asks for each die on standard input, saying what it is for. A bad value is asked again,
/// from a terminal or a pipe alike, so a typo at the table never costs the whole step; `q` or
/// the end of the input cancels it before anything is saved.
#[derive(Default)]
pub struct AskedDice {
    purpose: String,
}

impl Dice for AskedDice {
    fn die(&mut self, sides: u32) -> Result<u32, RuleError> {
        loop {
            let prompt = format!("{} — roll a D{sides}: ", self.purpose);
            let typed = ask_line(&prompt, "dice", "before every die was known")?;
            match one_die(&typed, sides) {
                Ok(v) => return Ok(v),
                Err(why) => eprintln!("{why}"),
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

/// One die's face as typed at a prompt, or why it is not one (asked again).
fn one_die(typed: &str, sides: u32) -> Result<u32, String> {
    let again = format!("type one value from 1 to {sides}, or q to cancel");
    if typed.split([',', ' ']).filter(|p| !p.is_empty()).count() > 1 {
        return Err(format!("'{typed}' is more than one die; {again}"));
    }
    match typed.parse::<u32>() {
        Ok(v) if (1..=sides).contains(&v) => Ok(v),
        Ok(v) => Err(format!("{v} cannot be rolled on a D{sides}; {again}")),
        Err(_) => Err(format!("'{typed}' is not a die result; {again}")),
    }
}

/// Prints `prompt` on standard error and reads one answer from standard input (a terminal or
/// a pipe), trimmed. `q` or the end of the input cancels: a refusal under `rule` saying
/// nothing was saved, `when` saying what was still unknown.
pub(super) fn ask_line(prompt: &str, rule: &'static str, when: &str) -> Result<String, RuleError> {
    eprint!("{prompt}");
    let _ = std::io::stderr().flush();
    let mut line = String::new();
    let read = std::io::stdin().lock().read_line(&mut line).unwrap_or(0);
    if read == 0 {
        eprintln!();
        return Err(RuleError::new(
            rule,
            format!("the input ended {when}; cancelled, nothing was saved"),
        ));
    }
    let answer = line.trim();
    // A piped answer is not echoed by a terminal; echo it so the transcript reads as asked.
    if !std::io::stdin().is_terminal() {
        eprintln!("{answer}");
    }
    if answer.eq_ignore_ascii_case("q") {
        return Err(RuleError::new(rule, "cancelled at the prompt; nothing was saved"));
    }
    Ok(answer.to_string())
}

#[cfg(test)]
mod tests {
    use super::one_die;

    #[test]
    fn an_asked_die_takes_exactly_one_value_on_the_die() {
        assert_eq!(one_die("3", 3), Ok(3));
        assert!(one_die("3,1", 3).unwrap_err().contains("more than one die"));
        assert!(one_die("3 1", 3).unwrap_err().contains("more than one die"));
        assert!(
            one_die("7", 3)
                .unwrap_err()
                .contains("7 cannot be rolled on a D3")
        );
        assert!(one_die("0", 6).is_err());
        assert!(one_die("x", 6).unwrap_err().contains("not a die result"));
        assert!(one_die("", 6).is_err());
    }
}
