//! `ptg undo`: reverse the latest command still in force by appending its reversal to the log.

use super::App;
use super::output::{json, line};
use super::roster::load_subject;
use crate::rules::undo::reverse;
use crate::store::history::{self, LoggedSet};
use crate::store::{LogContext, apply_changes, battles, log_set, rosters};
use anyhow::{Context, Result, bail};
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
    let report = store.write(|tx| {
        let roster_id = args
            .roster
            .as_deref()
            .map(|r| rosters::id_of(tx, r))
            .transpose()?;
        let Some(set) = history::latest_live(tx, roster_id)? else {
            bail!(
                "there is nothing to undo{}",
                args.roster
                    .as_deref()
                    .map(|r| format!(" for {r}"))
                    .unwrap_or_default()
            );
        };
        if set.command == "roster new" {
            bail!(
                "the latest command is the creation of a roster ({}); undo cannot remove a roster",
                set.summary
            );
        }
        let blocking = history::dependents(tx, &set)?;
        if let Some(b) = blocking.first() {
            bail!(
                "undo: #{} ({}) cannot be undone while #{} ({}) builds on it; undo that first",
                set.id,
                set.summary,
                b.id,
                b.summary
            );
        }
        let summary = format!("Undo #{}: {}", set.id, set.summary);
        let campaign = set.campaign_id.context("the change set has no campaign")?;
        let (undo_id, _) = log_set(tx, campaign, set.roster_id, set.battle_id, "undo", &summary, &[])?;
        history::mark_undone(tx, set.id, undo_id)?;
        let mut described = Vec::new();
        for roster in roster_ids(&set) {
            let logged: Vec<_> = set
                .changes
                .iter()
                .filter(|c| c.roster_id == Some(roster))
                .map(|c| {
                    c.change
                        .clone()
                        .map(|ch| (ch, c.unit_id))
                        .with_context(|| format!("change {} in the log is unreadable", c.id))
                })
                .collect::<Result<_>>()?;
            let name = rosters::load(tx, roster)?.name;
            let subject = load_subject(cat, tx, &name)?;
            let outcome = reverse(subject.pack, &subject.roster, &logged, &set.summary)?;
            let ctx = LogContext {
                campaign_id: campaign,
                roster_id: roster,
                battle_id: set.battle_id,
                command: "undo",
            };
            apply_changes(tx, undo_id, &[], ctx, &outcome)?;
            let after = rosters::load(tx, roster)?;
            described.extend(outcome.changes.iter().map(|c| {
                let unit = c
                    .unit()
                    .and_then(|u| match u {
                        crate::rules::UnitRef::Existing(id) => subject.roster.unit(id).or(after.unit(id)),
                        crate::rules::UnitRef::New(_) => None,
                    })
                    .map(|u| format!("{}: ", u.label()))
                    .unwrap_or_default();
                format!("{name}: {unit}{}", c.describe())
            }));
        }
        undo_battle_records(tx, &set)?;
        Ok(UndoReport {
            undone: set.id,
            undo_set: undo_id,
            summary,
            changes: described,
        })
    })?;
    if json_out {
        return json(&report);
    }
    line(format!("{}.", report.summary))?;
    for c in &report.changes {
        line(format!("  {c}"))?;
    }
    Ok(())
}

/// The rosters a set changed, in the order they appear.
fn roster_ids(set: &LoggedSet) -> Vec<i64> {
    let mut ids = Vec::new();
    for id in set.changes.iter().filter_map(|c| c.roster_id) {
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    ids
}

/// Puts battle records back as they were before the command: a planned battle is cancelled,
/// an army or result restored, an aftermath marked as not run, a twist taken off.
fn undo_battle_records(tx: &rusqlite::Transaction, set: &LoggedSet) -> Result<()> {
    let Some(battle) = set.battle_id else {
        return Ok(());
    };
    match set.command.as_str() {
        "battle new" => {
            tx.execute("UPDATE battles SET cancelled = 1 WHERE id = ?1", [battle])?;
        }
        "aftermath" => {
            tx.execute(
                "UPDATE battle_sides SET aftermath_set_id = NULL WHERE aftermath_set_id = ?1",
                [set.id],
            )?;
        }
        "battle twist" => {
            tx.execute(
                "DELETE FROM battle_twists WHERE roll_id IN (SELECT id FROM rolls WHERE change_set_id = ?1)",
                [set.id],
            )?;
        }
        _ => {}
    }
    if let Some(before) = history::battle_before(tx, set.id)? {
        let only = (set.command == "battle army").then_some(set.roster_id).flatten();
        battles::restore(tx, battle, &before, only)?;
    }
    Ok(())
}
