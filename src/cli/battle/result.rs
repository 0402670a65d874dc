//! `ptg battle result`: how the battle ended; with `--correct`, the result recorded put right
//! before either aftermath has run (the battle keeps its place in campaign time).

use super::show::show;
use crate::cli::App;
use crate::cli::dice::DiceArgs;
use crate::cli::output::line;
use crate::error::Result;
use crate::ops;
use crate::rules::battle::{DecisionReport, ResultReport};
use clap::{Args, ValueEnum};

/// What `--sudden-death` says of the outnumbered side's objective.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum SuddenDeathOutcome {
    /// The objective was achieved: a major victory for the side that picked it.
    Achieved,
}

/// A value for one side, typed as ROSTER=N (e.g. `--vp "Rat Tide"=8`).
#[derive(Debug, Clone)]
pub struct PerSide {
    roster: String,
    value: u32,
}

impl std::str::FromStr for PerSide {
    type Err = String;
    fn from_str(s: &str) -> Result<PerSide, String> {
        let Some((roster, n)) = s.rsplit_once('=') else {
            return Err(format!("expected ROSTER=N, e.g. \"Rat Tide\"=8; got '{s}'"));
        };
        // One reading of numbers at every entrance: "1,000" is 1000 here as on the pages.
        let value = crate::numbers::read(n).map_err(|e| format!("the value after = {e}"))?;
        Ok(PerSide {
            roster: roster.trim().to_string(),
            value,
        })
    }
}

#[derive(Debug, Args)]
pub struct ResultArgs {
    /// The battle's id (see `ptg battle list`).
    #[arg(value_parser = crate::cli::BattleId)]
    battle: i64,
    /// Victory points, as ROSTER=N (0 to 1000), once for each side.
    #[arg(long = "vp", value_name = "ROSTER=N", required = true)]
    vp: Vec<PerSide>,
    /// The roster that withdrew (needs half its starting army destroyed).
    #[arg(long, value_name = "ROSTER")]
    withdrew: Option<String>,
    /// A roster whose general was slain (a destroyed general counts without this); a
    /// one-model general slain is a destroyed unit.
    #[arg(long, value_name = "ROSTER")]
    general_slain: Vec<String>,
    /// Units destroyed, from either army: a unit id, a name, or ROSTER:UNIT to say whose
    /// (e.g. "Hammers of Dawn:Liberators"); a name both armies field is refused, not guessed.
    #[arg(long, num_args = 1.., value_name = "UNIT")]
    destroyed: Vec<String>,
    /// Units that slew an enemy HERO or MONSTER (for Rise of a Champion): a unit id, a name,
    /// or ROSTER:UNIT to say whose.
    #[arg(long, num_args = 1.., value_name = "UNIT")]
    slew_hero_or_monster: Vec<String>,
    /// Quest points gained during the battle, as ROSTER=N (0 to 1000; only for a quest that
    /// counts them).
    #[arg(long, value_name = "ROSTER=N")]
    quest_points: Vec<PerSide>,
    /// Option sudden-death: the outnumbered side achieved the objective it picked with `battle
    /// sudden-death`, and claims the battlepack's result for it (a major victory).
    #[arg(long, value_enum, value_name = "achieved")]
    sudden_death: Option<SuddenDeathOutcome>,
    /// Option sudden-death, a battle not fought to its end: models each side lost (those
    /// added during the game included), as ROSTER=N for both sides; the smaller share of the
    /// models set up wins a minor victory, equal shares draw (0 to 100000 each).
    #[arg(long, value_name = "ROSTER=N")]
    models_lost: Vec<PerSide>,
    /// Models a side added during the game (summoned, reinforcements...), as ROSTER=N: they
    /// count among its losses, not in the army it set up.
    #[arg(long, value_name = "ROSTER=N")]
    models_added: Vec<PerSide>,
    /// Dice for what the result re-decides of what was recorded ahead: the roll-off for roles
    /// when the generals drew level after the armies were recorded, and a triumph due to this
    /// battle that its army did not roll (its roster's previous battle, as fought, was a major
    /// victory).
    #[command(flatten)]
    dice: DiceArgs,
    /// Correct the result already recorded (a mistyped score), before either side's aftermath
    /// has run: give the whole result again, with the same flags. The battle keeps its place
    /// in campaign time; `ptg undo` puts the result back as it was.
    #[arg(long, conflicts_with_all = ["dice", "seed"])]
    correct: bool,
}

fn pairs(values: Vec<PerSide>) -> Vec<(String, u32)> {
    values.into_iter().map(|p| (p.roster, p.value)).collect()
}

pub fn run(app: &mut App, args: ResultArgs) -> Result<()> {
    let json_out = app.json;
    let (cat, store) = app.both()?;
    let mut dice = args.dice.dice()?;
    let report = ResultReport {
        victory_points: pairs(args.vp),
        quest_points: pairs(args.quest_points),
        withdrew: args.withdrew,
        general_slain: args.general_slain,
        destroyed: args.destroyed,
        slew_hero_or_monster: args.slew_hero_or_monster,
        decision: DecisionReport {
            sudden_death_achieved: args.sudden_death.is_some(),
            models_lost: pairs(args.models_lost),
            models_added: pairs(args.models_added),
        },
    };
    let shown = match args.correct {
        true => ops::correct::correct_result(cat, store, args.battle, &report)?,
        false => ops::battle::record_result(cat, store, args.battle, &report, &mut dice)?,
    };
    show(json_out, &shown)?;
    if !json_out {
        for s in &shown.battle.sides {
            line(format!(
                "Next: ptg aftermath {} \"{}\" --favoured <unit> [--add-unit ...] [--reinforce ...]",
                shown.battle.id, s.roster
            ))?;
        }
    }
    Ok(())
}
