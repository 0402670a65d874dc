//! A roster read again after a write, reading only the parts the write changed: a command
//! already holds the roster it planned with, so a rename or a glory change need not read
//! every unit the roster ever had a second time (issue #42).

use super::{header, load_rest, units};
use crate::rules::model::Roster;
use crate::rules::{Change, UnitRef};
use anyhow::Result;
use rusqlite::Connection;

/// Which of a roster's rows a change writes (see `store::apply`'s SQL for each).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    /// Only the roster's own row (name, glory, favour, set-up, realm, deleted).
    Header,
    /// Its Arcane Tome, quests or rewards.
    Rest,
    /// Its units, their abilities or enhancements (also any change not listed here).
    Units,
}

fn part(change: &Change) -> Part {
    match change {
        Change::GainGlory { .. }
        | Change::SpendGlory { .. }
        | Change::GainFavour { .. }
        | Change::LoseFavour { .. }
        | Change::CompleteSetup
        | Change::ReopenSetup
        | Change::RenameRoster { .. }
        | Change::SetRealmOfOrigin { .. }
        | Change::DeleteRoster
        | Change::RestoreRoster => Part::Header,
        Change::AddToTome { .. }
        | Change::RemoveFromTome { .. }
        | Change::TameManifestation { .. }
        | Change::MarkWild { .. }
        | Change::StartQuest { .. }
        | Change::DropQuest { .. }
        | Change::QuestProgress { .. }
        | Change::CompleteQuest { .. }
        | Change::LoseQuestPoints { .. }
        | Change::ReopenQuest { .. }
        | Change::GrantReward { .. }
        | Change::ClaimReward { .. }
        | Change::ForfeitReward { .. }
        | Change::RevokeReward { .. }
        | Change::UnclaimReward { .. } => Part::Rest,
        // Anything else writes units (and a change added later is read back whole until it
        // is listed above).
        _ => Part::Units,
    }
}

/// The units the unit changes of `changes` name: the existing ones, and those it added when
/// `added` holds their ids (`store::Applied::new_units`, one per `AddUnit`). None when a
/// change names no unit, or adds one whose id is not known (then every unit is read again).
fn changed_units(changes: &[Change], added: &[i64]) -> Option<Vec<i64>> {
    let adds = changes
        .iter()
        .filter(|c| matches!(c, Change::AddUnit { .. }))
        .count();
    let added_known = adds == added.len();
    let mut ids = Vec::new();
    for c in changes.iter().filter(|c| part(c) == Part::Units) {
        match c.unit() {
            Some(UnitRef::Existing(id)) if !ids.contains(&id) => ids.push(id),
            Some(UnitRef::Existing(_)) => {}
            Some(UnitRef::New(_)) if added_known => {}
            None if added_known && matches!(c, Change::AddUnit { .. }) => {}
            _ => return None,
        }
    }
    for id in added {
        if !ids.contains(id) {
            ids.push(*id);
        }
    }
    Some(ids)
}

/// Roster `before` (a whole load, retired units too) as the store holds it after `changes` were
/// applied to it in this transaction, `added` being the ids of the units they added
/// (`store::Applied::new_units`; empty reads every unit again when one was added): its row
/// read again, its units and the rest of it read again only when a change wrote them, else
/// kept from `before`. A `before` holding only some units (an undo's, `load_naming`) gives
/// those units and the ones added, the changed ones read again. Equal to [`super::load`] (a
/// store test checks it for every kind of part, and for a unit added).
pub fn after(conn: &Connection, before: Roster, changes: &[Change], added: &[i64]) -> Result<Roster> {
    let touched = |p: Part| changes.iter().any(|c| part(c) == p);
    let mut roster = header(conn, before.id)?;
    roster.units = if touched(Part::Units) {
        match changed_units(changes, added) {
            // Those units read again, in the order of a whole load (warlord first, by id).
            Some(ids) => {
                let mut units = before.units;
                units.retain(|u| !ids.contains(&u.id));
                units.extend(units::by_ids(conn, before.id, &ids)?);
                units.sort_by_key(|u| (!u.warlord, u.id));
                units
            }
            None => units::all(conn, before.id)?,
        }
    } else {
        before.units
    };
    if touched(Part::Rest) {
        load_rest(conn, before.id, &mut roster)?;
    } else {
        roster.tome = before.tome;
        roster.quest = before.quest;
        roster.completed_quests = before.completed_quests;
        roster.rewards = before.rewards;
    }
    Ok(roster)
}
