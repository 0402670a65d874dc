//! `ptg undo`: reverse the latest command still in force by appending its reversal to the log.

use super::App;
use super::output::{json, line};
use super::render::describe;
use crate::error::{Error, Result};
use crate::ops;
use crate::ops::undo::{Preview, Scope};
use clap::Args;
use serde::Serialize;
use std::io::{BufRead, Write};

#[derive(Debug, Args)]
pub struct UndoArgs {
    /// Undo this roster's latest command (its own, or a battle it fought in); default: the
    /// latest command in the database.
    #[arg(long, conflicts_with = "campaign")]
    roster: Option<String>,
    /// Undo this campaign's latest command.
    #[arg(long)]
    campaign: Option<String>,
    /// Do not ask before undoing the database's latest command when it holds several rosters
    /// (for scripts).
    #[arg(long)]
    yes: bool,
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
    // A deleted roster or campaign is reached by its name when no live one has it, so its
    // deletion can be undone.
    let scope = Scope {
        roster: match args.roster.as_deref() {
            Some(r) => Some(ops::resolve::roster_or_deleted(app.store()?, r)?),
            None => None,
        },
        campaign: match args.campaign.as_deref() {
            Some(c) => Some(ops::resolve::campaign_or_deleted(app.store()?, c)?),
            None => None,
        },
        player_only: false,
    };
    // The question is asked with no transaction open; the undo then checks that the command
    // confirmed is still the latest.
    let mut expected = None;
    if !args.yes {
        let preview = ops::undo::preview(app.store()?, scope)?;
        if preview.ask {
            confirm(&preview)?;
            expected = Some(preview.set_id);
        }
    }
    let (cat, store) = app.both()?;
    let done = ops::undo::undo(cat, store, scope, expected)?;
    let mut changes = Vec::new();
    for r in &done.rosters {
        changes.extend(
            r.outcome
                .changes
                .iter()
                .map(|c| format!("{}: {}", r.roster.name, describe(&[&r.roster, &r.after], c))),
        );
    }
    if let Some(c) = &done.campaign {
        changes.push(format!(
            "campaign {}: {}; {}",
            c.name,
            crate::ops::campaign::legends_words(c.legends),
            c.options.words()
        ));
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

/// Asks on standard error and reads the answer from standard input (a terminal or a pipe):
/// only "y" or "yes" goes on; anything else, or no input at all, refuses.
fn confirm(preview: &Preview) -> Result<()> {
    let whose: String = preview
        .whose
        .iter()
        .map(|(roster, player)| format!(", {roster}, player {player}"))
        .collect();
    eprint!("Undo #{} ({}{whose})? [y/N] ", preview.set_id, preview.summary);
    let _ = std::io::stderr().flush();
    let mut answer = String::new();
    let read = std::io::stdin().lock().read_line(&mut answer).unwrap_or(0);
    let answer = answer.trim().to_lowercase();
    if read > 0 && (answer == "y" || answer == "yes") {
        return Ok(());
    }
    if read == 0 {
        eprintln!();
    }
    Err(Error::refused(format!(
        "nothing undone: #{} may be another player's command; pass `--roster R` to undo that \
         roster's latest command, `--campaign C` for that campaign's, or `--yes` to undo #{} \
         without asking",
        preview.set_id, preview.set_id
    )))
}
