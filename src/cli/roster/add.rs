//! `ptg roster add`: a starting unit.

use super::report;
use crate::cli::App;
use crate::error::Result;
use crate::ops;
use clap::Args;

#[derive(Debug, Args)]
pub struct AddArgs {
    /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// Warscroll name, e.g. "Liberators".
    warscroll: String,
    /// Twice the models for twice the points.
    #[arg(long)]
    reinforced: bool,
    /// A name of your own for the unit.
    #[arg(long)]
    name: Option<String>,
    /// An allied unit from this faction (campaign option `allies`): another faction of the
    /// roster's grand alliance, at most 1 unit in every 4.
    #[arg(long, value_name = "FACTION")]
    ally: Option<String>,
}

pub fn run(app: &mut App, args: AddArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let add = ops::roster::AddUnit {
        warscroll: &args.warscroll,
        reinforced: args.reinforced,
        name: args.name.as_deref(),
        ally: args.ally.as_deref(),
    };
    let done = ops::roster::add_unit(cat, store, roster, &add)?;
    let msg = format!(
        "{}. Order of Battle: {} points.",
        done.outcome.summary,
        done.roster.points()
    );
    report(json_out, &done, msg)
}
