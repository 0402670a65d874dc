//! `ptg roster lore`: the Arcane Tome.

use super::report;
use crate::catalogue::LoreKind;
use crate::cli::App;
use crate::error::Result;
use crate::ops::{self, roster::LoreEntryChoice};
use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct LoreArgs {
    /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    #[command(subcommand)]
    action: LoreAction,
}

#[derive(Debug, Subcommand)]
pub enum LoreAction {
    /// Add a spell, prayer or manifestation from a lore of the faction.
    Add {
        /// spell, prayer or manifestation.
        kind: LoreKind,
        /// The spell, prayer or manifestation's name.
        name: String,
        /// The entry to take out when the lore is full (6).
        #[arg(long)]
        replace: Option<String>,
        /// Where an entry beyond the starting picks came from (e.g. a completed quest).
        #[arg(long)]
        reason: Option<String>,
    },
}

pub fn run(app: &mut App, args: LoreArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let LoreAction::Add {
        kind,
        name,
        replace,
        reason,
    } = args.action;
    let entry = LoreEntryChoice {
        kind,
        name: &name,
        replace: replace.as_deref(),
        reason: reason.as_deref(),
    };
    let done = ops::roster::add_lore(cat, store, roster, &entry)?;
    let msg = format!(
        "{}. The {kind} lore holds {}.",
        done.outcome.summary,
        done.roster.tome(kind).count()
    );
    report(json_out, &done, msg)
}
