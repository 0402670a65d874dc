//! `ptg roster enhance`: an enhancement for a unit.

use super::report;
use crate::cli::App;
use crate::error::Result;
use crate::ops;
use clap::Args;

#[derive(Debug, Args)]
pub struct EnhanceArgs {
    /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// Unit id or name.
    unit: String,
    /// The enhancement's name, e.g. "Staunch Defender" (see `ptg faction show F --enhancements`).
    enhancement: String,
    /// Where an enhancement beyond the starting picks came from (e.g. a completed quest).
    #[arg(long)]
    reason: Option<String>,
}

pub fn run(app: &mut App, args: EnhanceArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let done = ops::roster::enhance(
        cat,
        store,
        roster,
        &args.unit,
        &args.enhancement,
        args.reason.as_deref(),
    )?;
    let msg = format!("{}.", done.outcome.summary);
    report(json_out, &done, msg)
}
