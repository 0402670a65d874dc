//! `ptg quest list|start`: the battlepack's quests, and the Quest Log.

use super::App;
use super::lookup::PackArg;
use super::output::{json, line, table};
use super::roster::report;
use crate::catalogue::battlepack::{Quest, QuestTarget};
use crate::error::Result;
use crate::ops;
use crate::rules::change::reward_words;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum QuestCmd {
    /// The battlepack's quests: what each asks and what completing it grants.
    List(PackArg),
    /// Embark on a quest (one at a time).
    Start {
        /// The roster embarking on it.
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

impl QuestCmd {
    /// `quest list` only reads (and without `--campaign` opens no database).
    pub fn reads_only(&self) -> bool {
        matches!(self, QuestCmd::List(_))
    }
}

pub fn run(app: &mut App, cmd: QuestCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        QuestCmd::List(pack) => {
            let pack = pack.pack(app)?;
            if json_out {
                return json(&pack.quests);
            }
            let mut t = table(["Quest", "Goal", "Reward", "What it asks"]);
            for q in &pack.quests {
                t.add_row([q.name.clone(), goal(q), reward(q), q.summary.clone()]);
            }
            line(format!("Quests of {}", pack.name))?;
            line(t.to_string())?;
            line("Embark on one with `ptg quest start <roster> <quest>` (one at a time).")
        }
        QuestCmd::Start {
            roster,
            quest,
            unit,
            manifestation,
        } => {
            let roster = app.roster_id(&roster)?;
            let (cat, store) = app.both()?;
            let done = ops::quest::start(
                cat,
                store,
                roster,
                &quest,
                unit.as_deref(),
                manifestation.as_deref(),
            )?;
            let msg = format!("{}: {}.", done.roster.name, done.outcome.summary);
            report(json_out, &done, msg)
        }
    }
}

/// What completes the quest, and the unit it names when started.
fn goal(q: &Quest) -> String {
    let count = match q.target_points {
        0 => "an event".to_string(),
        n => crate::names::counted(n as usize, "quest point", "quest points"),
    };
    match q.target {
        QuestTarget::None => count,
        QuestTarget::AnyUnit => format!("{count}; names a unit (--unit)"),
        QuestTarget::HeroWithoutHeroicTrait => {
            format!("{count}; names a HERO with no heroic trait (--unit)")
        }
    }
}

/// What completing it grants, with its dice.
fn reward(q: &Quest) -> String {
    match &q.reward_dice {
        Some(d) => format!("{} ({d})", reward_words(q.reward)),
        None => reward_words(q.reward).to_string(),
    }
}
