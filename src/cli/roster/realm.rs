//! `ptg roster realm`: the realm of origin printed on the sheet.

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
    let (name, realm) = ops::roster::set_realm(app.store()?, roster, realm)?;
    match realm {
        Some(r) => line(format!("{name} hails from {r}.")),
        None => line(format!("{name} has no realm of origin set.")),
    }
}
