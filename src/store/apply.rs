//! Applying an engine outcome: each change becomes SQL plus one change-log row, inside the
//! caller's transaction, so a command is saved whole or not at all.

use super::now;
use super::reuse::CachedRow;
use crate::rules::dice::{DiceSource, Roll};
use crate::rules::log::Command;
use crate::rules::{Change, Outcome, UnitRef};
use anyhow::{Context, Result, bail};
use rusqlite::{Transaction, params};

/// Where an outcome belongs in the log.
#[derive(Debug, Clone, Copy)]
pub struct LogContext {
    pub campaign_id: i64,
    pub roster_id: i64,
    pub battle_id: Option<i64>,
    /// The command that made the change.
    pub command: Command,
}

/// What applying an outcome wrote: its change set, the units it added (in order) and its rolls.
#[derive(Debug, Clone)]
pub struct Applied {
    pub set_id: i64,
    pub new_units: Vec<i64>,
    pub roll_ids: Vec<i64>,
}

/// Opens a change set (the unit of history and undo) and logs its rolls; for commands that
/// change no roster (a battle planned, a twist rolled) this is all that is written to the log.
/// The set alone holds the command's time, battle and roster: its rolls and changes name the
/// set, so they are not stored again with each row.
pub fn log_set(
    tx: &Transaction,
    campaign_id: i64,
    roster_id: Option<i64>,
    battle_id: Option<i64>,
    command: Command,
    summary: &str,
    rolls: &[Roll],
) -> Result<(i64, Vec<i64>)> {
    tx.cached_execute(
        "INSERT INTO change_sets (campaign_id, roster_id, battle_id, command, summary, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![
            campaign_id,
            roster_id,
            battle_id,
            command.as_str(),
            summary,
            now()
        ],
    )?;
    let set_id = tx.last_insert_rowid();
    let mut roll_ids = Vec::with_capacity(rolls.len());
    for roll in rolls {
        let (source, seed) = match roll.source {
            DiceSource::Seeded { seed } => ("seeded", Some(seed as i64)),
            DiceSource::Typed => ("typed", None),
        };
        tx.cached_execute(
            "INSERT INTO rolls (change_set_id, purpose, expression, faces, total, source, seed)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                set_id,
                roll.purpose,
                roll.expression,
                serde_json::to_string(&roll.faces)?,
                roll.total,
                source,
                seed
            ],
        )?;
        roll_ids.push(tx.last_insert_rowid());
    }
    Ok((set_id, roll_ids))
}

/// Applies `outcome` to the roster and logs it, with its rolls, as one change set.
pub fn apply(tx: &Transaction, ctx: LogContext, outcome: &Outcome) -> Result<Applied> {
    let (set_id, roll_ids) = log_set(
        tx,
        ctx.campaign_id,
        Some(ctx.roster_id),
        ctx.battle_id,
        ctx.command,
        &outcome.summary,
        &outcome.rolls,
    )?;
    let new_units = apply_changes(tx, set_id, &roll_ids, ctx, outcome)?;
    Ok(Applied {
        set_id,
        new_units,
        roll_ids,
    })
}

/// Applies an outcome's changes to one roster inside an already open change set (a command
/// that changes several rosters, like a battle result, logs one set); returns new unit ids.
pub fn apply_changes(
    tx: &Transaction,
    set_id: i64,
    roll_ids: &[i64],
    ctx: LogContext,
    outcome: &Outcome,
) -> Result<Vec<i64>> {
    let at = now();
    let mut new_ids: Vec<i64> = Vec::new();
    for change in &outcome.changes {
        let resolve = |r: UnitRef| -> Result<i64> {
            match r {
                UnitRef::Existing(id) => Ok(id),
                UnitRef::New(n) => new_ids
                    .get(n)
                    .copied()
                    .with_context(|| format!("change refers to new unit {n} before it is added")),
            }
        };
        let unit_id = change.unit().map(resolve).transpose()?;
        let rid = ctx.roster_id;
        match change {
            Change::AddUnit { unit } => {
                tx.cached_execute(
                    "INSERT INTO units (roster_id, warscroll, name, points, unit_size, reinforceable, keywords, warlord, created_at,
                                        ally_faction)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
                    params![
                        rid,
                        unit.warscroll,
                        unit.name,
                        unit.points,
                        unit.unit_size,
                        unit.reinforceable,
                        serde_json::to_string(&unit.keywords)?,
                        unit.warlord,
                        at,
                        unit.ally
                    ],
                )?;
                new_ids.push(tx.last_insert_rowid());
            }
            Change::Reinforce { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET reinforced = 1 WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::GainRenown { amount, .. } => {
                let n = tx.cached_execute(
                    "UPDATE units SET renown = renown + ?3 WHERE id = ?1 AND roster_id = ?2",
                    params![unit_id, rid, amount],
                )?;
                ensure_one(n, unit_id)?;
            }
            Change::GainRank { rank, .. } => {
                let n = tx.cached_execute(
                    "UPDATE units SET rank = ?3 WHERE id = ?1 AND roster_id = ?2",
                    params![unit_id, rid, rank],
                )?;
                ensure_one(n, unit_id)?;
            }
            Change::SetPath { path, .. } => {
                let n = tx.cached_execute(
                    "UPDATE units SET path = ?3 WHERE id = ?1 AND roster_id = ?2",
                    params![unit_id, rid, path],
                )?;
                ensure_one(n, unit_id)?;
            }
            Change::ChooseAbility { rank, ability, .. } => {
                tx.cached_execute(
                    "INSERT INTO unit_abilities (unit_id, rank, ability) VALUES (?1, ?2, ?3)",
                    params![unit_id, rank, ability],
                )?;
            }
            Change::GiveEnhancement {
                table,
                enhancement_kind,
                name,
                ..
            } => {
                tx.cached_execute(
                    "INSERT INTO enhancements (roster_id, unit_id, table_name, kind, name) VALUES (?1, ?2, ?3, ?4, ?5)",
                    params![rid, unit_id, table, kind_str(enhancement_kind)?, name],
                )?;
            }
            Change::AddToTome {
                lore_kind,
                name,
                lore,
                value,
                wild,
                ..
            } => {
                tx.cached_execute(
                    "INSERT INTO tome_entries (roster_id, kind, name, lore, value, wild, position)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6,
                             (SELECT COALESCE(MAX(position), 0) + 1 FROM tome_entries WHERE roster_id = ?1))",
                    params![rid, lore_kind.as_str(), name, lore, value, wild],
                )?;
            }
            Change::RemoveFromTome { lore_kind, name, .. } => {
                let n = tx.cached_execute(
                    "DELETE FROM tome_entries WHERE roster_id = ?1 AND kind = ?2 AND name = ?3",
                    params![rid, lore_kind.as_str(), name],
                )?;
                if n != 1 {
                    bail!("{name} is not in the {lore_kind} lore");
                }
            }
            Change::StartQuest { quest, .. } => {
                tx.cached_execute(
                    "INSERT INTO quests (roster_id, quest, unit_id, status, started_at) VALUES (?1, ?2, ?3, 'current', ?4)",
                    params![rid, quest, unit_id, at],
                )?;
            }
            Change::DropQuest { .. } => {
                tx.cached_execute(
                    "UPDATE quests SET status = 'dropped', ended_at = ?2 WHERE roster_id = ?1 AND status = 'current'",
                    params![rid, at],
                )?;
            }
            Change::QuestProgress { quest, points, .. } => {
                let n = tx.cached_execute(
                    "UPDATE quests SET points = points + ?2 WHERE roster_id = ?1 AND status = 'current'",
                    params![rid, points],
                )?;
                if n != 1 {
                    bail!("{quest} is not the roster's current quest");
                }
            }
            Change::CompleteQuest { quest, .. } => {
                let n = tx.cached_execute(
                    "UPDATE quests SET status = 'completed', ended_at = ?2 WHERE roster_id = ?1 AND status = 'current'",
                    params![rid, at],
                )?;
                if n != 1 {
                    bail!("{quest} is not the roster's current quest");
                }
            }
            Change::GrantReward { reward, source, .. } => {
                tx.cached_execute(
                    "INSERT INTO rewards (roster_id, reward, source, unit_id, battle_id, granted_set_id)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![rid, kind_str(reward)?, source, unit_id, ctx.battle_id, set_id],
                )?;
            }
            // A forfeit is stored as a claim by its set: its undo unclaims the same reward.
            Change::ClaimReward { reward_id, .. } | Change::ForfeitReward { reward_id, .. } => {
                let n = tx.cached_execute(
                    "UPDATE rewards SET claimed_set_id = ?3 WHERE id = ?1 AND roster_id = ?2 AND claimed_set_id IS NULL",
                    params![reward_id, rid, set_id],
                )?;
                if n != 1 {
                    bail!("reward {reward_id} is not waiting to be picked on this roster");
                }
            }
            Change::TameManifestation { name } => {
                tx.cached_execute(
                    "UPDATE tome_entries SET wild = 0 WHERE roster_id = ?1 AND kind = 'manifestation' AND name = ?2",
                    params![rid, name],
                )?;
            }
            Change::GainGlory { amount, .. } => {
                tx.cached_execute(
                    "UPDATE rosters SET glory = glory + ?2 WHERE id = ?1",
                    params![rid, amount],
                )?;
                super::kept::glory_gained(tx, rid, set_id, *amount)?;
            }
            Change::SpendGlory { amount, .. } => {
                tx.cached_execute(
                    "UPDATE rosters SET glory = glory - ?2 WHERE id = ?1",
                    params![rid, amount],
                )
                .context("glory cannot go below 0")?;
            }
            Change::GainFavour { amount, .. } => {
                tx.cached_execute(
                    "UPDATE rosters SET favour = favour + ?2 WHERE id = ?1",
                    params![rid, amount],
                )?;
            }
            Change::LoseFavour { amount, .. } => {
                tx.cached_execute(
                    "UPDATE rosters SET favour = favour - ?2 WHERE id = ?1",
                    params![rid, amount],
                )
                .context("favour cannot go below 0")?;
            }
            Change::Retire { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET retired = 1 WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::LeadRoster { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET warlord = 1 WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::StepDown { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET warlord = 0 WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::CompleteSetup => {
                tx.cached_execute("UPDATE rosters SET setup_complete = 1 WHERE id = ?1", [rid])?;
            }
            // The row stays, hidden, so its undo brings back the same unit with the same id.
            Change::RemoveUnit { .. } | Change::RemoveStartingUnit { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET removed = 1 WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::ReturnStartingUnit { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET removed = 0 WHERE id = ?1 AND roster_id = ?2 AND removed = 1",
            )?,
            Change::Unreinforce { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET reinforced = 0 WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::LoseRenown { amount, .. } => {
                let n = tx.cached_execute(
                    "UPDATE units SET renown = renown - ?3 WHERE id = ?1 AND roster_id = ?2",
                    params![unit_id, rid, amount],
                )?;
                ensure_one(n, unit_id)?;
            }
            Change::SetRank { rank, .. } => {
                let n = tx.cached_execute(
                    "UPDATE units SET rank = ?3 WHERE id = ?1 AND roster_id = ?2",
                    params![unit_id, rid, rank],
                )?;
                ensure_one(n, unit_id)?;
            }
            Change::ClearPath { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET path = NULL WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::RemoveAbility { rank, .. } => {
                tx.cached_execute(
                    "DELETE FROM unit_abilities WHERE unit_id = ?1 AND rank = ?2",
                    params![unit_id, rank],
                )?;
            }
            Change::RemoveEnhancement { table, .. } => {
                tx.cached_execute(
                    "DELETE FROM enhancements WHERE unit_id = ?1 AND table_name = ?2 AND roster_id = ?3",
                    params![unit_id, table, rid],
                )?;
            }
            Change::LoseQuestPoints { points, .. } => {
                tx.cached_execute(
                    "UPDATE quests SET points = MAX(points - ?2, 0) WHERE roster_id = ?1 AND status = 'current'",
                    params![rid, points],
                )?;
            }
            Change::ReopenQuest { quest, .. } => {
                let n = tx.cached_execute(
                    "UPDATE quests SET status = 'current', ended_at = NULL
                     WHERE id = (SELECT MAX(id) FROM quests WHERE roster_id = ?1 AND quest = ?2 AND status = 'completed')",
                    params![rid, quest],
                )?;
                if n != 1 {
                    bail!("{quest} was not completed by this roster");
                }
            }
            Change::RevokeReward { reward, source } => {
                let n = tx.cached_execute(
                    "UPDATE rewards SET claimed_set_id = ?4
                     WHERE id = (SELECT MAX(id) FROM rewards WHERE roster_id = ?1 AND reward = ?2 AND source = ?3
                                 AND claimed_set_id IS NULL)",
                    params![rid, kind_str(reward)?, source, set_id],
                )?;
                if n != 1 {
                    bail!("no reward from {source} is owed to this roster");
                }
            }
            Change::UnclaimReward { reward_id, .. } => {
                tx.cached_execute(
                    "UPDATE rewards SET claimed_set_id = NULL WHERE id = ?1 AND roster_id = ?2",
                    params![reward_id, rid],
                )?;
            }
            Change::MarkWild { name } => {
                tx.cached_execute(
                    "UPDATE tome_entries SET wild = 1 WHERE roster_id = ?1 AND kind = 'manifestation' AND name = ?2",
                    params![rid, name],
                )?;
            }
            Change::Unretire { .. } => update_unit(
                tx,
                rid,
                unit_id,
                "UPDATE units SET retired = 0 WHERE id = ?1 AND roster_id = ?2",
            )?,
            Change::ReopenSetup => {
                tx.cached_execute("UPDATE rosters SET setup_complete = 0 WHERE id = ?1", [rid])?;
            }
            Change::RenameRoster { to, .. } => {
                name_free(tx, rid, to)?;
                tx.cached_execute("UPDATE rosters SET name = ?2 WHERE id = ?1", params![rid, to])?;
            }
            Change::SetRealmOfOrigin { to, .. } => {
                tx.cached_execute("UPDATE rosters SET realm = ?2 WHERE id = ?1", params![rid, to])?;
            }
            Change::DeleteRoster => {
                tx.cached_execute("UPDATE rosters SET deleted = 1 WHERE id = ?1", [rid])?;
            }
            Change::RestoreRoster => {
                let name: String =
                    tx.cached_row("SELECT name FROM rosters WHERE id = ?1", [rid], |r| r.get(0))?;
                name_free(tx, rid, &name)?;
                tx.cached_execute("UPDATE rosters SET deleted = 0 WHERE id = ?1", [rid])?;
            }
        }
        let logged_unit = match change {
            Change::AddUnit { .. } => new_ids.last().copied(),
            _ => unit_id,
        };
        let roll_id = match change {
            Change::GainRenown { roll: Some(i), .. } => Some(
                *roll_ids
                    .get(*i)
                    .with_context(|| format!("change refers to roll {i}, which was not made"))?,
            ),
            _ => None,
        };
        tx.cached_execute(
            "INSERT INTO changes (change_set_id, roster_id, unit_id, kind, payload, description, roll_id)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                set_id,
                rid,
                logged_unit,
                change_kind(change)?,
                serde_json::to_string(change)?,
                change.describe(),
                roll_id
            ],
        )?;
    }
    Ok(new_ids)
}

fn update_unit(tx: &Transaction, roster_id: i64, unit_id: Option<i64>, sql: &str) -> Result<()> {
    let n = tx.cached_execute(sql, params![unit_id, roster_id])?;
    ensure_one(n, unit_id)
}

fn ensure_one(updated: usize, unit_id: Option<i64>) -> Result<()> {
    if updated != 1 {
        bail!("unit {unit_id:?} is not on this roster");
    }
    Ok(())
}

fn kind_str<T: serde::Serialize>(v: &T) -> Result<String> {
    match serde_json::to_value(v)? {
        serde_json::Value::String(s) => Ok(s),
        other => bail!("unexpected kind {other}"),
    }
}

/// The change's tag ("add_unit", "gain_renown", ...), as the log's `kind` column.
fn change_kind(change: &Change) -> Result<String> {
    let v = serde_json::to_value(change)?;
    v.get("kind")
        .and_then(|k| k.as_str())
        .map(str::to_string)
        .context("change without a kind")
}

/// Refuses giving roster `rid` the name `name` (by a rename, or by bringing it back) when
/// another live roster of its campaign has it.
fn name_free(tx: &Transaction, rid: i64, name: &str) -> Result<()> {
    let campaign: i64 = tx.query_row("SELECT campaign_id FROM rosters WHERE id = ?1", [rid], |r| {
        r.get(0)
    })?;
    match super::lookup::roster_in_campaign(tx, campaign, name)? {
        Some(other) if other != rid => Err(crate::error::refusal_fix(
            format!("another roster of this campaign is called '{name}' (id {other}); pick another name"),
            vec![crate::fix::Fix::act(crate::fix::Action::RenameRoster)],
        )),
        _ => Ok(()),
    }
}
