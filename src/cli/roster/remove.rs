//! `ptg roster remove`: a starting unit taken off the Order of Battle again (set-up only).

use super::report;
use crate::cli::App;
use crate::error::Result;
use crate::ops;
use crate::rules::Change;
use clap::Args;

#[derive(Debug, Args)]
pub struct RemoveArgs {
    /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// The unit to take off: its id (see `ptg roster show`), or its name or warscroll when
    /// that names one unit.
    unit: String,
}

pub fn run(app: &mut App, args: RemoveArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let done = ops::roster::remove_unit(cat, store, roster, &args.unit)?;
    let mut msg = format!(
        "{}. Order of Battle: {} points (`ptg undo --roster \"{}\"` brings it back).",
        done.outcome.summary,
        done.roster.points(),
        done.roster.name
    );
    // The starting picks its only WIZARD (PRIEST) brought and nobody picked yet go with it.
    let forfeits = done
        .outcome
        .changes
        .iter()
        .filter(|c| matches!(c, Change::ForfeitReward { .. }));
    for forfeit in forfeits {
        msg.push_str(&format!("\n  {}", forfeit.describe()));
    }
    report(json_out, &done, msg)
}
