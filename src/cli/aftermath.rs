//! `ptg aftermath`: the four aftermath steps for one roster after one battle, saved whole.

use super::App;
use super::dice::DiceArgs;
use super::favoured::AskedFavoured;
use super::output::{json, line};
use super::render::{describe, print_rolls};
use crate::error::Result;
use crate::ops;
use crate::rules::aftermath::{Choices, FavouredPicker};
use crate::rules::model::Roster;
use crate::rules::quest::QuestChoice;
use crate::views::roster::pending_lines;
use clap::Args;
use serde::Serialize;
use std::io::IsTerminal;

#[derive(Debug, Args)]
pub struct AftermathArgs {
    /// The battle fought (its id, see `ptg battle list`).
    #[arg(value_parser = crate::cli::BattleId)]
    battle: i64,
    /// The roster whose aftermath this is (each side runs its own).
    roster: String,
    /// The favoured warriors: one unit that took part, not the warlord (gains D6 renown); or
    /// "ask" to pick once the D3s for renown are rolled (asked anyway without it at a terminal).
    #[arg(long, value_name = "UNIT|ask")]
    favoured: Option<String>,
    /// Spend glory equal to its points to add a unit (at minimum size).
    #[arg(long, value_name = "WARSCROLL")]
    add_unit: Vec<String>,
    /// A name of your own for the added unit.
    #[arg(long, value_name = "NAME")]
    add_name: Option<String>,
    /// The added unit is an ally from this faction of the roster's grand alliance (option
    /// `allies`).
    #[arg(long, value_name = "FACTION", requires = "add_unit")]
    ally: Option<String>,
    /// Spend glory equal to its points to reinforce a unit ("new" for the unit just added).
    #[arg(long, value_name = "UNIT")]
    reinforce: Vec<String>,
    /// Retire units from the Order of Battle.
    #[arg(long, value_name = "UNIT", num_args = 1..)]
    retire: Vec<String>,
    /// The HERO who leads the roster when `--retire` names the warlord (club option
    /// `retire-warlord`).
    #[arg(long, value_name = "UNIT")]
    warlord: Option<String>,
    /// complete, abandon (give up) or keep the current quest; by default it is completed
    /// when it can be.
    #[arg(long, value_name = "complete|abandon|keep")]
    quest: Option<QuestChoice>,
    #[command(flatten)]
    dice: DiceArgs,
}

#[derive(Serialize)]
struct AftermathReport<'a> {
    battle: i64,
    summary: &'a str,
    changes: Vec<String>,
    rolls: &'a [crate::rules::dice::Roll],
    /// Outcomes that change nothing (a campaign reward roll, a quest to abandon).
    notes: &'a [String],
    roster: &'a Roster,
}

pub fn run(app: &mut App, args: AftermathArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.side_id(args.battle, &args.roster)?;
    let (cat, store) = app.both()?;
    let mut dice = args.dice.dice()?;
    // "ask", or nothing at a terminal: picked after the D3s. Nothing in a script stays refused
    // up front, listing the units it could name.
    let asked = match args.favoured.as_deref().map(str::trim) {
        Some(f) => f.eq_ignore_ascii_case("ask"),
        None => std::io::stdin().is_terminal(),
    };
    let mut picker = AskedFavoured;
    let ask = asked.then_some(&mut picker as &mut dyn FavouredPicker);
    let choices = Choices {
        favoured: if asked { None } else { args.favoured },
        add_units: args.add_unit,
        add_name: args.add_name,
        ally: args
            .ally
            .as_deref()
            .map(|name| ops::aftermath::ally_faction(cat, name))
            .transpose()?,
        reinforce: args.reinforce,
        retire: args.retire,
        warlord: args.warlord,
        quest: args.quest.unwrap_or_default(),
    };
    let done = ops::aftermath::run(cat, store, args.battle, roster, &choices, &mut dice, ask)?;
    let (outcome, after) = (&done.outcome, &done.after);
    let changes = outcome.changes.iter().map(|c| describe(&[after], c));
    if json_out {
        return json(&AftermathReport {
            battle: done.battle,
            summary: &outcome.summary,
            changes: changes.collect(),
            rolls: &outcome.rolls,
            notes: &outcome.notes,
            roster: after,
        });
    }
    print_rolls(&outcome.rolls)?;
    line(format!("{}:", outcome.summary))?;
    for c in changes {
        line(format!("  {c}"))?;
    }
    for n in &outcome.notes {
        line(format!("  {n}"))?;
    }
    line(format!("Glory: {} -> {}", done.before.glory, after.glory))?;
    if done.before.favour != after.favour {
        line(format!("Favour: {} -> {}", done.before.favour, after.favour))?;
    }
    for l in pending_lines(done.pack, after) {
        line(l)?;
    }
    Ok(())
}
