//! `ptg roster rename` and `ptg roster delete`: the organiser's tidy-up, each undone by
//! `ptg undo`.

use crate::cli::App;
use crate::cli::output::{json, line};
use crate::error::Result;
use crate::ops;
use clap::Args;

#[derive(Debug, Args)]
pub struct RenameArgs {
    /// The roster as it is called now (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// Its new name (unique within its campaign).
    new_name: String,
}

#[derive(Debug, Args)]
pub struct DeleteArgs {
    /// The roster to delete (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// Delete it although battles name it (they keep it in their history).
    #[arg(long)]
    force: bool,
}

pub fn rename(app: &mut App, args: RenameArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let store = app.store()?;
    let done = ops::manage::rename_roster(store, roster, &args.new_name, json_out)?;
    if json_out {
        return json(&done.roster);
    }
    line(format!(
        "{} (`ptg undo --roster \"{}\"` reverses it).",
        done.outcome.summary, done.roster.name
    ))
}

pub fn delete(app: &mut App, args: DeleteArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let done = ops::manage::delete_roster(cat, store, roster, args.force)?;
    if json_out {
        return json(&done.roster);
    }
    line(format!(
        "{}: hidden from lists, its battles and history kept (`ptg undo` brings it back).",
        done.outcome.summary
    ))
}
