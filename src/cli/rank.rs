//! `ptg rank choose`: pick the ability (and at a first rank, the Path) a rank-up left pending.

use super::App;
use super::output::{json, line};
use super::roster::report;
use crate::error::Result;
use crate::ops;
use crate::views::roster::pending_lines;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum RankCmd {
    /// Choose the ability for a unit's lowest pending rank.
    Choose {
        /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
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
    Pending {
        /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
        roster: String,
    },
}

pub fn run(app: &mut App, cmd: RankCmd) -> Result<()> {
    let json_out = app.json;
    let typed = match &cmd {
        RankCmd::Choose { roster, .. } | RankCmd::Pending { roster } => roster,
    };
    let roster_id = app.roster_id(typed)?;
    let (cat, store) = app.both()?;
    match cmd {
        RankCmd::Choose {
            roster: _,
            unit,
            ability,
            path,
        } => {
            let done = ops::rank::choose(cat, store, roster_id, &unit, &ability, path.as_deref())?;
            let msg = format!("{}.", done.outcome.summary);
            report(json_out, &done, msg)
        }
        RankCmd::Pending { .. } => {
            let s = ops::rank::pending(cat, store, roster_id)?;
            if json_out {
                // Data, not the sentences below with their commands in them (issue #33).
                return json(&crate::views::roster::waiting(s.pack, &s.roster));
            }
            let lines = pending_lines(s.pack, &s.roster);
            if lines.is_empty() {
                return line(format!("{} has no choices waiting.", s.roster.name));
            }
            for l in lines {
                line(l)?;
            }
            Ok(())
        }
    }
}
