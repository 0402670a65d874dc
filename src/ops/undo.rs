//! Undo: reverse the latest command still in force by appending its reversal to the log.

use super::subject_by_id;
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::rules::log::{Command, LoggedSet};
use crate::rules::model::Roster;
use crate::rules::undo::{battle_undo, blockers, check_undoable, reverse, rosters_changed};
use crate::rules::{Outcome, RuleError};
use crate::store::{LogContext, Store, apply_changes, battles, history, log_set, rosters};
use anyhow::Context;
use std::collections::HashMap;

/// One roster's part of an undo: the reversing outcome and the roster before and after.
pub struct Reversed {
    pub roster: Roster,
    pub after: Roster,
    pub outcome: Outcome,
}

/// What an undo did.
pub struct Undone {
    /// The change set undone.
    pub undone: i64,
    /// The change set that undoes it.
    pub undo_set: i64,
    pub summary: String,
    pub rosters: Vec<Reversed>,
}

/// Undoes the latest command still in force (of one roster when `roster` is given), unless a
/// later command builds on it; all in one transaction.
pub fn undo(cat: &Catalogue, store: &mut Store, roster: Option<&str>) -> Result<Undone> {
    store.write(|tx| {
        let roster_id = roster.map(|r| rosters::id_of(tx, r)).transpose()?;
        let Some(set) = history::latest_live(tx, roster_id)? else {
            let whose = roster.map(|r| format!(" for {r}")).unwrap_or_default();
            return Err(Error::refused(format!("there is nothing to undo{whose}")));
        };
        check_undoable(&set)?;
        let later = history::sets_after(tx, set.id)?;
        let mut armies = HashMap::new();
        for s in later.iter().filter(|s| s.kind() == Some(Command::BattleArmy)) {
            if let Some(key @ (battle, roster)) = s.battle_id.zip(s.roster_id) {
                armies.insert(key, battles::army_unit_ids(tx, battle, roster)?);
            }
        }
        if let Some(b) = blockers(&set, &later, &armies).first() {
            return Err(RuleError::new(
                "undo",
                format!(
                    "#{} ({}) cannot be undone while #{} ({}) builds on it; undo that first",
                    set.id, set.summary, b.id, b.summary
                ),
            )
            .into());
        }
        let summary = format!("Undo #{}: {}", set.id, set.summary);
        let campaign = set.campaign_id.context("the change set has no campaign")?;
        let (undo_set, _) = log_set(
            tx,
            campaign,
            set.roster_id,
            set.battle_id,
            Command::Undo,
            &summary,
            &[],
        )?;
        history::mark_undone(tx, set.id, undo_set)?;
        let mut reversed = Vec::new();
        for roster_id in rosters_changed(&set) {
            let subject = subject_by_id(cat, tx, roster_id)?;
            let outcome = reverse(
                subject.pack,
                &subject.roster,
                &logged_changes(&set, roster_id)?,
                &set.summary,
            )?;
            let ctx = LogContext {
                campaign_id: campaign,
                roster_id,
                battle_id: set.battle_id,
                command: Command::Undo,
            };
            apply_changes(tx, undo_set, &[], ctx, &outcome)?;
            reversed.push(Reversed {
                roster: subject.roster,
                after: rosters::load(tx, roster_id)?,
                outcome,
            });
        }
        if let Some(battle) = set.battle_id {
            battles::undo_records(tx, battle, set.id, battle_undo(&set))?;
        }
        Ok(Undone {
            undone: set.id,
            undo_set,
            summary,
            rosters: reversed,
        })
    })
}

/// One roster's changes in a set, each with the unit id the log recorded; an unreadable entry
/// is a corrupt log (an internal error), not something the player can fix.
fn logged_changes(set: &LoggedSet, roster_id: i64) -> Result<Vec<(crate::rules::Change, Option<i64>)>> {
    set.changes
        .iter()
        .filter(|c| c.roster_id == Some(roster_id))
        .map(|c| {
            c.change
                .clone()
                .map(|ch| (ch, c.unit_id))
                .with_context(|| format!("change {} in the log is unreadable", c.id))
                .map_err(Error::Internal)
        })
        .collect()
}
