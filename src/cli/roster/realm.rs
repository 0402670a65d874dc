//! `ptg roster realm`: the realm of origin printed on the sheet, one change set that `ptg
//! undo` reverses.

use crate::cli::App;
use crate::cli::output::line;
use crate::error::Result;
use crate::ops;
use clap::Args;

#[derive(Debug, Args)]
pub struct RealmArgs {
    /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// e.g. "Ghur".
    #[arg(required_unless_present = "clear")]
    realm: Option<String>,
    /// Clear the realm of origin.
    #[arg(long, conflicts_with = "realm")]
    clear: bool,
}

pub fn run(app: &mut App, args: RealmArgs) -> Result<()> {
    let realm = if args.clear { None } else { args.realm.as_deref() };
    let roster = app.roster_id(&args.roster)?;
    let done = ops::roster::set_realm(app.store()?, roster, realm)?;
    let name = &done.name;
    let undo = format!("`ptg undo --roster \"{name}\"` reverses it");
    line(match (&done.realm, done.set_id) {
        (Some(r), Some(_)) => format!("{name} hails from {r} ({undo})."),
        (None, Some(_)) => format!("{name} has no realm of origin now ({undo})."),
        (Some(r), None) => format!("{name} hails from {r} already; nothing changed."),
        (None, None) => format!("{name} has no realm of origin; nothing changed."),
    })
}
