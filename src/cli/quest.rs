//! `ptg quest start`: the Quest Log.

use super::App;
use super::roster::report;
use crate::error::Result;
use crate::ops;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum QuestCmd {
    /// Embark on a quest (one at a time).
    Start {
        roster: String,
        /// Quest name, e.g. "Search for the Artefact".
        quest: String,
        /// The unit the quest names (Glory Seekers, Rising Champion).
        #[arg(long)]
        unit: Option<String>,
        /// Harness Manifestation: the manifestation to add to the tome, marked Wild.
        #[arg(long)]
        manifestation: Option<String>,
    },
}

pub fn run(app: &mut App, cmd: QuestCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        QuestCmd::Start {
            roster,
            quest,
            unit,
            manifestation,
        } => {
            let (cat, store) = app.both()?;
            let done = ops::quest::start(
                cat,
                store,
                &roster,
                &quest,
                unit.as_deref(),
                manifestation.as_deref(),
            )?;
            let msg = format!("{}: {}.", done.roster.name, done.outcome.summary);
            report(json_out, &done, msg)
        }
    }
}
