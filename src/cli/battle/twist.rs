//! `ptg battle twist`: roll the battleplan's twist for a battle round.

use crate::cli::App;
use crate::cli::dice::DiceArgs;
use crate::cli::output::{json, line};
use crate::cli::render::print_rolls;
use crate::error::Result;
use crate::ops;
use clap::Args;

#[derive(Debug, Args)]
pub struct TwistArgs {
    /// The battle's id (see `ptg battle list`).
    #[arg(value_parser = crate::cli::BattleId)]
    battle: i64,
    /// The battle round starting (1-5).
    #[arg(long, value_parser = crate::numbers::clap_whole::<u32>)]
    round: u32,
    /// The underdog, who rolls; without one the players roll off for it.
    #[arg(long, value_name = "ROSTER")]
    underdog: Option<String>,
    #[command(flatten)]
    dice: DiceArgs,
}

pub fn run(app: &mut App, args: TwistArgs) -> Result<()> {
    let json_out = app.json;
    let underdog = match args.underdog.as_deref() {
        Some(u) => Some(app.side_id(args.battle, u)?),
        None => None,
    };
    let (cat, store) = app.both()?;
    let mut dice = args.dice.dice()?;
    let t = ops::battle::twist(cat, store, args.battle, args.round, underdog, &mut dice)?;
    if json_out {
        return json(&serde_json::json!({
            "battle": t.battle, "round": t.round, "underdog": t.underdog,
            "twist": t.twist, "rolls": t.rolls,
        }));
    }
    print_rolls(&t.rolls)?;
    line(format!(
        "Round {} twist for {}: {}. {}",
        t.round, t.underdog, t.twist.name, t.twist.summary
    ))
}
