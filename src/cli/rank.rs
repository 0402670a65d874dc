//! `ptg rank choose`: pick the ability (and at a first rank, the Path) a rank-up left pending.

use super::App;
use super::roster::{change_roster, pending_lines, report};
use crate::rules::renown::plan_rank_choice;
use anyhow::Result;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum RankCmd {
    /// Choose the ability for a unit's lowest pending rank.
    Choose {
        roster: String,
        /// Unit id or name.
        unit: String,
        /// One of the two abilities of that rank on the unit's Path (id or name).
        ability: String,
        /// The Path, when this is the unit's first rank (e.g. attacker, warrior).
        #[arg(long)]
        path: Option<String>,
    },
    /// Rank choices waiting on a roster, with the abilities to pick from.
    Pending { roster: String },
}

pub fn run(app: &mut App, cmd: RankCmd) -> Result<()> {
    let json_out = app.json;
    let (cat, store) = app.both()?;
    match cmd {
        RankCmd::Choose {
            roster,
            unit,
            ability,
            path,
        } => {
            let (outcome, after) = change_roster(cat, store, &roster, "rank choose", |s| {
                let u = s.roster.find_unit(&unit)?;
                plan_rank_choice(s.pack, u, &ability, path.as_deref())
            })?;
            report(json_out, &outcome, &after, format!("{}.", outcome.summary))
        }
        RankCmd::Pending { roster } => {
            let s = super::roster::load_subject(cat, store.conn(), &roster)?;
            let lines = pending_lines(s.pack, &s.roster);
            if json_out {
                return super::output::json(&lines);
            }
            if lines.is_empty() {
                return super::output::line(format!("{} has no choices waiting.", s.roster.name));
            }
            for l in lines {
                super::output::line(l)?;
            }
            Ok(())
        }
    }
}
