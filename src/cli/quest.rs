//! `ptg quest start`: the Quest Log.

use super::App;
use super::roster::{change_roster, report};
use crate::rules::roster as rules;
use anyhow::Result;
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
            let (outcome, after) = change_roster(cat, store, &roster, "quest start", |s| {
                let u = unit.as_deref().map(|u| s.roster.find_unit(u)).transpose()?;
                rules::plan_quest(s.pack, s.faction, &s.roster, &quest, u, manifestation.as_deref())
            })?;
            let msg = format!("{}: {}.", after.name, outcome.summary);
            report(json_out, &outcome, &after, msg)
        }
    }
}
