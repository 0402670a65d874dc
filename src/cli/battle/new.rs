//! `ptg battle new`: plan a battle.

use super::show::show;
use crate::cli::App;
use crate::cli::dice::DiceArgs;
use crate::error::Result;
use crate::ops::{self, battle::NewBattle};
use crate::rules::realms::RealmChoice;
use clap::Args;

#[derive(Debug, Args)]
pub struct NewArgs {
    /// The campaign the battle belongs to.
    #[arg(long)]
    campaign: String,
    /// The battle's points limit.
    #[arg(long, value_parser = crate::numbers::clap_whole::<u32>)]
    points: u32,
    /// The two rosters.
    #[arg(num_args = 2, required = true)]
    rosters: Vec<String>,
    /// Pick the battleplan instead of rolling for it.
    #[arg(long, conflicts_with = "roll_battleplan")]
    battleplan: Option<String>,
    /// Roll a D6 on the battleplan table (the default when no battleplan is named).
    #[arg(long)]
    roll_battleplan: bool,
    /// The realm it is fought in (option `realms`), e.g. "Mount Hedon" or "Ghur".
    #[arg(long, conflicts_with = "roll_realm")]
    realm: Option<String>,
    /// The players cannot agree on a realm: roll off; the winner picks it with
    /// `ptg battle realm BATTLE REALM`.
    #[arg(long)]
    roll_realm: bool,
    #[command(flatten)]
    dice: DiceArgs,
}

pub fn run(app: &mut App, args: NewArgs) -> Result<()> {
    let json_out = app.json;
    let campaign = app.campaign_id(&args.campaign)?;
    let rosters = [app.roster_id(&args.rosters[0])?, app.roster_id(&args.rosters[1])?];
    let (cat, store) = app.both()?;
    let mut dice = args.dice.dice()?;
    let new = NewBattle {
        campaign,
        points: args.points,
        rosters,
        battleplan: args.battleplan.as_deref(),
        realm: match (args.realm, args.roll_realm) {
            (Some(r), _) => RealmChoice::Named(r),
            (None, true) => RealmChoice::RollOff,
            (None, false) => RealmChoice::None,
        },
    };
    show(json_out, &ops::battle::plan(cat, store, &new, &mut dice)?)
}
