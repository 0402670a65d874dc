//! `ptg undo`: reverse the latest command still in force by appending its reversal to the log.

use super::App;
use super::output::{json, line};
use super::render::describe;
use crate::error::Result;
use crate::ops;
use clap::Args;
use serde::Serialize;

#[derive(Debug, Args)]
pub struct UndoArgs {
    /// Undo this roster's latest command (its own, or a battle it fought in); default: the
    /// latest command in the database.
    #[arg(long)]
    roster: Option<String>,
}

#[derive(Serialize)]
struct UndoReport {
    undone: i64,
    undo_set: i64,
    summary: String,
    changes: Vec<String>,
}

pub fn run(app: &mut App, args: UndoArgs) -> Result<()> {
    let json_out = app.json;
    let (cat, store) = app.both()?;
    let done = ops::undo::undo(cat, store, args.roster.as_deref())?;
    let mut changes = Vec::new();
    for r in &done.rosters {
        changes.extend(
            r.outcome
                .changes
                .iter()
                .map(|c| format!("{}: {}", r.roster.name, describe(&[&r.roster, &r.after], c))),
        );
    }
    let report = UndoReport {
        undone: done.undone,
        undo_set: done.undo_set,
        summary: done.summary,
        changes,
    };
    if json_out {
        return json(&report);
    }
    line(format!("{}.", report.summary))?;
    for c in &report.changes {
        line(format!("  {c}"))?;
    }
    Ok(())
}
