//! `ptg battle sudden-death`: the outnumbered side's sudden death objective.

use super::show::show;
use crate::cli::App;
use crate::error::Result;
use crate::ops;
use crate::rules::battle::PickRequest;
use clap::Args;

#[derive(Debug, Args)]
pub struct SuddenDeathArgs {
    /// The battle's id (see `ptg battle list`).
    #[arg(value_parser = crate::cli::BattleId)]
    battle: i64,
    /// The outnumbered roster, which picks.
    roster: String,
    /// Assassinate, Blunt, Endure or Seize Ground (the battlepack's sudden death table).
    objective: String,
    /// Assassinate, Blunt: the unit of the other army to slay, picked by its player (a unit
    /// id, a name, or ROSTER:UNIT).
    #[arg(long, value_name = "UNIT")]
    target: Option<String>,
    /// Seize Ground: the terrain feature in enemy territory the outnumbered player picks.
    #[arg(long, value_name = "TEXT")]
    terrain: Option<String>,
}

pub fn run(app: &mut App, args: SuddenDeathArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.side_id(args.battle, &args.roster)?;
    let (cat, store) = app.both()?;
    let request = PickRequest {
        objective: &args.objective,
        target: args.target.as_deref(),
        terrain: args.terrain.as_deref(),
    };
    let shown = ops::sudden_death::pick(cat, store, args.battle, roster, &request)?;
    show(json_out, &shown)
}
