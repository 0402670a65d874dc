//! `ptg history`: the change log in order, in players' words.

use super::App;
use super::output::{json, line};
use crate::error::Result;
use crate::ops;
use clap::Args;

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// One roster's history (its own commands and its battles).
    #[arg(long, conflicts_with = "campaign")]
    roster: Option<String>,
    /// One campaign's history.
    #[arg(long)]
    campaign: Option<String>,
}

pub fn run(app: &mut App, args: HistoryArgs) -> Result<()> {
    let json_out = app.json;
    let h = ops::history::history(app.store()?, args.roster.as_deref(), args.campaign.as_deref())?;
    if json_out {
        return json(&h.sets);
    }
    for set in &h.sets {
        let mut status = String::new();
        if let Some(u) = set.undone_by {
            status = format!("  [undone by #{u}]");
        }
        if let Some(u) = set.undoes {
            status = format!("  [undoes #{u}]");
        }
        line(format!(
            "#{} {} {}: {}{status}",
            set.id,
            set.created_at.replace('T', " ").trim_end_matches('Z'),
            set.command,
            set.summary
        ))?;
        for c in &set.changes {
            let whose = match (set.roster_id, c.roster_id) {
                (None, Some(r)) => h
                    .roster_names
                    .get(&r)
                    .map(|n| format!("{n}: "))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            let unit = c
                .unit_id
                .filter(|_| c.kind != "add_unit")
                .and_then(|u| h.unit_names.get(&u))
                .map(|l| format!("{l} "))
                .unwrap_or_default();
            line(format!("    {whose}{unit}{}", c.description))?;
        }
    }
    if h.sets.is_empty() {
        line("No history yet.")?;
    }
    Ok(())
}
