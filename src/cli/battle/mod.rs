//! `ptg battle ...`: plan a battle, record the armies, roll twists, record the result, show
//! and list battles. One file per subcommand.

mod army;
pub(super) mod list;
mod new;
mod result;
pub(super) mod show;
mod sudden_death;
mod twist;

use super::App;
use crate::error::Result;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum BattleCmd {
    /// Plan a battle between two rosters: battleplan and battlefield.
    New(new::NewArgs),
    /// Record the units a roster takes to the battle (again to change it, until the result);
    /// once both armies are in, the general with fewer renown picks roles (a tie rolls off).
    Army(army::ArmyArgs),
    /// Pick the realm of a planned battle (option `realms`): the winner of `battle new
    /// --roll-realm`'s roll-off names it.
    Realm {
        /// The battle's id (see `ptg battle list`).
        #[arg(value_parser = crate::cli::BattleId)]
        battle: i64,
        /// A realm's name, e.g. "Mount Hedon", "Crystalline Shores", "Aqshy".
        realm: String,
    },
    /// Roll on the battleplan's twist table at the start of a battle round.
    Twist(twist::TwistArgs),
    /// Option sudden-death: the outnumbered side picks one objective from the sudden death
    /// table (its target with --target or --terrain), once both armies are recorded.
    SuddenDeath(sudden_death::SuddenDeathArgs),
    /// Record how the battle ended; then each player runs `ptg aftermath`.
    Result(result::ResultArgs),
    /// A battle: sides, armies, twists, results, aftermaths.
    Show {
        /// The battle's id (see `ptg battle list`).
        #[arg(value_parser = crate::cli::BattleId)]
        battle: i64,
    },
    /// Battles, newest first, with their results and whose aftermath is still to run.
    List {
        /// Only this campaign's battles.
        #[arg(long)]
        campaign: Option<String>,
        /// Only the battles this roster fought or planned.
        #[arg(long)]
        roster: Option<String>,
        /// Show only the newest N battles (at a terminal the newest 50 are shown unless
        /// --limit is given).
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
        limit: Option<u32>,
    },
}

pub fn run(app: &mut App, cmd: BattleCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        BattleCmd::New(args) => new::run(app, args),
        BattleCmd::Army(args) => army::run(app, args),
        BattleCmd::Twist(args) => twist::run(app, args),
        BattleCmd::Realm { battle, realm } => {
            let (cat, store) = app.both()?;
            show::show(
                json_out,
                &crate::ops::realms::pick_realm(cat, store, battle, &realm, None)?,
            )
        }
        BattleCmd::SuddenDeath(args) => sudden_death::run(app, args),
        BattleCmd::Result(args) => result::run(app, args),
        BattleCmd::Show { battle } => {
            let (cat, store) = app.both()?;
            show::show(json_out, &crate::ops::battle::show(cat, store, battle)?)
        }
        BattleCmd::List {
            campaign,
            roster,
            limit,
        } => list::run(json_out, app, campaign.as_deref(), roster.as_deref(), limit),
    }
}
