//! `ptg roster favour`: give or take favour points by hand (option `favour`).

use crate::cli::App;
use crate::cli::output::{json, line};
use crate::error::Result;
use crate::ops;
use clap::Args;

#[derive(Debug, Args)]
pub struct FavourArgs {
    /// The roster (a SLAANESH or TZEENTCH one).
    roster: String,
    /// Favour to give (e.g. 1) or take (e.g. -2), at most 100 either way. A number out of that
    /// range is refused by the rule (exit 1, as from the server), not by the parser (exit 2).
    #[arg(allow_hyphen_values = true, value_parser = crate::numbers::clap_whole::<i64>)]
    change: i64,
    /// Why, for the history (e.g. "club rule: painted the army").
    #[arg(long)]
    reason: String,
}

pub fn run(app: &mut App, args: FavourArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let done = ops::realms::adjust_favour(cat, store, roster, args.change, &args.reason)?;
    if json_out {
        return json(&done.roster);
    }
    line(format!(
        "{}: favour {:+}, now {} ({}).",
        done.roster.name, args.change, done.roster.favour, args.reason
    ))
}
