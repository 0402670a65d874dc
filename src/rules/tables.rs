//! A roll on a table of `data/tables/` (a triumph table), with the re-rolls its data asks for:
//! a result marked `reroll` is rolled again when the army it is rolled for would get nothing
//! from it (Crystalline Shores' Gift of Sorcery when every HERO already is a WIZARD). As every
//! re-roll in the rules, a die is re-rolled once at most ("You can never re-roll a dice more
//! than once"): the second result stands.

use super::RuleError;
use super::dice::Roller;
use super::model::Unit;
use crate::catalogue::Table;
use crate::catalogue::options::{Reroll, TableEntry};

/// Whether `reroll` holds for an army of `units`: each unit with all of its `every` keywords has
/// all of its `has` keywords (an army with no such unit cannot be given the result either).
pub fn reroll_holds(reroll: &Reroll, units: &[&Unit]) -> bool {
    let all = |u: &Unit, keywords: &[String]| keywords.iter().all(|k| u.has_keyword(k));
    units
        .iter()
        .filter(|u| all(u, &reroll.every))
        .all(|u| all(u, &reroll.has))
}

/// "every HERO is already a WIZARD", for the roll's words.
fn reroll_words(reroll: &Reroll) -> String {
    format!(
        "every {} is already a {}",
        reroll.every.join(" "),
        reroll.has.join(" ")
    )
}

/// Rolls `table` once for an army of `units` (the units taken to the battle), described as
/// `what` in the dice log, and re-rolls once a result whose `reroll` holds for that army.
pub fn roll_on_table<'t>(
    table: &'t Table,
    units: &[&Unit],
    what: &str,
    roller: &mut Roller,
) -> Result<&'t TableEntry, RuleError> {
    let entry = roll_once(table, what.to_string(), roller)?;
    let Some(reroll) = entry.reroll.as_ref().filter(|r| reroll_holds(r, units)) else {
        return Ok(entry);
    };
    let again = format!("{what}, re-rolled: {}, and {}", entry.name, reroll_words(reroll));
    roll_once(table, again, roller)
}

fn roll_once<'t>(table: &'t Table, what: String, roller: &mut Roller) -> Result<&'t TableEntry, RuleError> {
    let n = roller.roll(table.dice_expr(), what)?;
    u32::try_from(n).ok().and_then(|n| table.entry(n)).ok_or_else(|| {
        RuleError::new(
            "triumphs",
            format!("{} has no entry for a roll of {n}", table.name),
        )
    })
}

#[cfg(test)]
mod tests;
