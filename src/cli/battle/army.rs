//! `ptg battle army`: the units a roster takes to a battle.

use super::show::show;
use crate::cli::App;
use crate::cli::dice::DiceArgs;
use crate::error::Result;
use crate::ops;
use crate::rules::army::{ArmyChoice, RegimentChoice};
use clap::Args;

#[derive(Debug, Args)]
pub struct ArmyArgs {
    /// The battle's id (see `ptg battle list`).
    #[arg(value_parser = crate::cli::BattleId)]
    battle: i64,
    /// The roster whose army this is.
    roster: String,
    /// Unit ids or names from the Order of Battle.
    #[arg(required = true)]
    units: Vec<String>,
    /// The general (default: the warlord, if taken, else the army's only WARMASTER or
    /// only HERO).
    #[arg(long, value_name = "UNIT")]
    general: Option<String>,
    /// A regiment: a HERO and the non-HERO units it leads, by id or name, e.g.
    /// "Knight-Arcanum=Liberators,7" (repeat for each regiment). Units left out are placed
    /// automatically: the general's regiment first, then the other HEROes'.
    #[arg(long = "regiment", value_name = "HERO=UNIT,UNIT,...")]
    regiments: Vec<RegimentChoice>,
    /// Roll the triumph on this table instead of the campaign's (option `triumphs`): the
    /// realm's own, e.g. "Mount Hedon Triumphs", when the roster's previous major victory was
    /// won there.
    #[arg(long, value_name = "TABLE")]
    triumph_table: Option<String>,
    /// Dice for the triumph (when the roster's previous battle was a major victory) and the
    /// roll-off for roles, when this army completes the pair and the generals have the same
    /// renown.
    #[command(flatten)]
    dice: DiceArgs,
}

pub fn run(app: &mut App, args: ArmyArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.side_id(args.battle, &args.roster)?;
    let (cat, store) = app.both()?;
    let mut dice = args.dice.dice()?;
    let choice = ArmyChoice {
        units: &args.units,
        general: args.general.as_deref(),
        regiments: &args.regiments,
    };
    show(
        json_out,
        &ops::battle::record_army(
            cat,
            store,
            args.battle,
            roster,
            &choice,
            args.triumph_table.as_deref(),
            &mut dice,
        )?,
    )
}
