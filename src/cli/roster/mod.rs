//! `ptg roster ...`: set up a roster and look at it. One file per subcommand.

mod add;
mod afford;
mod check;
mod enhance;
mod favour;
mod import;
mod list;
mod lore;
mod manage;
mod new;
mod realm;
mod remove;
pub(super) mod show;

use super::App;
use super::output::{json, line};
use crate::error::Result;
use crate::ops::Changed;
use clap::Subcommand;
use serde::Serialize;

#[derive(Debug, Subcommand)]
pub enum RosterCmd {
    /// Create a roster with its warlord, the warlord's Path and first ability.
    New(new::NewArgs),
    /// Add a starting unit to the Order of Battle (set-up only).
    Add(add::AddArgs),
    /// Take a starting unit off the Order of Battle again (set-up only; after it, units are
    /// retired in an aftermath). `ptg undo` brings it back.
    Remove(remove::RemoveArgs),
    /// Give an enhancement (heroic trait, artefact, ...) to a unit.
    Enhance(enhance::EnhanceArgs),
    /// Manage the Arcane Tome: the roster's own spell, prayer and manifestation lores.
    Lore(lore::LoreArgs),
    /// The Order of Battle, glory, Arcane Tome and Quest Log.
    Show {
        /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
        roster: String,
    },
    /// The printable roster (PDF by default): army, Quest Log, battles, Arcane Tome, notable
    /// events, then the Order of Battle. `--template-out FILE` writes the layout to change.
    Sheet(super::sheet::SheetArgs),
    /// Give or take favour points by hand (option `favour`; battles at Mount Hedon and the
    /// Crystalline Shores change them in the aftermath).
    Favour(favour::FavourArgs),
    /// Import an army list (app or New Recruit text, .ros/.rosz/.json, forum text) as a new
    /// roster, or into one still in set-up; every line is accounted for in a report.
    Import(import::ImportArgs),
    /// Write the Order of Battle as a list: the app's text layout, or ptg's JSON.
    Export(import::ExportArgs),
    /// Set the realm of origin printed on the roster, or clear it with --clear.
    Realm(realm::RealmArgs),
    /// Rename a roster (undone by `ptg undo`).
    Rename(manage::RenameArgs),
    /// Delete a roster: hidden from lists and look-ups, its battles and history kept; refused
    /// while battles name it unless --force; `ptg undo` brings it back.
    Delete(manage::DeleteArgs),
    /// All rosters, or one campaign's.
    List {
        /// Only this campaign's rosters.
        #[arg(long)]
        campaign: Option<String>,
    },
    /// List every rule the roster breaks (exit 1 if any), and set-up steps still open.
    Check(check::CheckArgs),
    /// What the roster's glory buys in its next aftermath: units to add and to reinforce,
    /// with their glory costs.
    Afford(afford::AffordArgs),
}

pub fn run(app: &mut App, cmd: RosterCmd) -> Result<()> {
    match cmd {
        RosterCmd::New(args) => new::run(app, args),
        RosterCmd::Add(args) => add::run(app, args),
        RosterCmd::Remove(args) => remove::run(app, args),
        RosterCmd::Enhance(args) => enhance::run(app, args),
        RosterCmd::Favour(args) => favour::run(app, args),
        RosterCmd::Import(args) => import::run_import(app, args),
        RosterCmd::Export(args) => import::run_export(app, args),
        RosterCmd::Lore(args) => lore::run(app, args),
        RosterCmd::Show { roster } => show::run(app, &roster),
        RosterCmd::Sheet(args) => super::sheet::run(app, args),
        RosterCmd::Realm(args) => realm::run(app, args),
        RosterCmd::Rename(args) => manage::rename(app, args),
        RosterCmd::Delete(args) => manage::delete(app, args),
        RosterCmd::List { campaign } => list::run(app, campaign.as_deref()),
        RosterCmd::Check(args) => check::run(app, args),
        RosterCmd::Afford(args) => afford::run(app, args),
    }
}

#[derive(Serialize)]
struct ChangeReport<'a> {
    summary: &'a str,
    changes: Vec<String>,
    roster: &'a crate::rules::model::Roster,
    points: u64,
}

/// Prints what a writing command did: a sentence, or the outcome and roster as JSON.
pub fn report(json_out: bool, done: &Changed, message: String) -> Result<()> {
    if json_out {
        return json(&ChangeReport {
            summary: &done.outcome.summary,
            changes: done.outcome.changes.iter().map(|c| c.describe()).collect(),
            roster: &done.roster,
            points: done.roster.points(),
        });
    }
    line(message)
}
