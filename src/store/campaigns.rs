//! Campaigns: a named league of rosters and battles using one battlepack.

use super::apply::log_set;
use super::lookup;
use super::now;
use super::reuse::CachedRow;
use crate::error::{refusal, refusal_fix};
use crate::fix::{Action, Fix};
use crate::names;
use crate::rules::log::Command;
use crate::rules::names::{NameKind, check as check_name};
use crate::rules::options::CampaignOptions;
use anyhow::{Context, Result};
use rusqlite::{Connection, Transaction, params};
use serde::{Deserialize, Serialize};

/// A campaign as stored.
#[derive(Debug, Clone, Serialize)]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub battlepack: String,
    /// Whether Legends warscrolls may join its Orders of Battle (BSData's "Allow Legends"
    /// switch, off by default): chosen by its players with `campaign new/set --legends`.
    pub legends: bool,
    /// The older narrative rules it plays (`campaign new/set --option`).
    pub options: CampaignOptions,
    pub created_at: String,
}

/// The settings a `campaign set` changes, kept as JSON with its change set so undo can put
/// them back.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Settings {
    legends: bool,
    /// Left out by ptg before campaign options (no options then).
    #[serde(default)]
    options: CampaignOptions,
    /// The name, and whether it was deleted: left out by ptg before `campaign rename` and
    /// `campaign delete` (undo then leaves them as they are).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    deleted: Option<bool>,
}

/// A campaign with counts, for listings.
#[derive(Debug, Clone, Serialize)]
pub struct CampaignRow {
    #[serde(flatten)]
    pub campaign: Campaign,
    pub rosters: i64,
    pub battles: i64,
}

impl Campaign {
    pub fn create(
        conn: &Connection,
        name: &str,
        battlepack: &str,
        legends: bool,
        options: &CampaignOptions,
    ) -> Result<Campaign> {
        let name = name.trim();
        if name.is_empty() {
            return Err(refusal("a campaign needs a name"));
        }
        let name = check_name(NameKind::Campaign, name)?;
        if let Some(existing) = Campaign::find(conn, name)? {
            return Err(refusal(format!(
                "a campaign called '{}' already exists; pick another name",
                existing.name
            )));
        }
        let created_at = now();
        conn.cached_execute(
            "INSERT INTO campaigns (name, battlepack, legends, options, created_at) VALUES (?1, ?2, ?3, ?4, ?5)",
            params![name, battlepack, legends, serde_json::to_string(options)?, created_at],
        )?;
        Ok(Campaign {
            id: conn.last_insert_rowid(),
            name: name.into(),
            battlepack: battlepack.into(),
            legends,
            options: options.clone(),
            created_at,
        })
    }

    /// A campaign from a row of `id, name, battlepack, legends, created_at, options`.
    fn from_row(r: &rusqlite::Row) -> rusqlite::Result<Campaign> {
        let options: String = r.get(5)?;
        Ok(Campaign {
            id: r.get(0)?,
            name: r.get(1)?,
            battlepack: r.get(2)?,
            legends: r.get(3)?,
            options: read_options(&options).map_err(|e| {
                rusqlite::Error::FromSqlConversionFailure(5, rusqlite::types::Type::Text, e.into())
            })?,
            created_at: r.get(4)?,
        })
    }

    fn find(conn: &Connection, name: &str) -> Result<Option<Campaign>> {
        lookup::campaign_id(conn, name)?
            .map(|id| Campaign::by_id(conn, id))
            .transpose()
    }

    /// The campaign with this id (ids come from rows that reference it, so it exists).
    pub fn by_id(conn: &Connection, id: i64) -> Result<Campaign> {
        Ok(conn.cached_row(
            "SELECT id, name, battlepack, legends, created_at, options FROM campaigns WHERE id = ?1",
            [id],
            Campaign::from_row,
        )?)
    }

    /// Campaign `id` if it exists and is not deleted.
    pub fn live(conn: &Connection, id: i64) -> Result<Option<Campaign>> {
        use rusqlite::OptionalExtension;
        Ok(conn
            .cached_row(
                "SELECT id, name, battlepack, legends, created_at, options FROM campaigns
                 WHERE id = ?1 AND deleted = 0",
                [id],
                Campaign::from_row,
            )
            .optional()?)
    }

    /// The campaign roster `roster_id` belongs to.
    pub fn of_roster(conn: &Connection, roster_id: i64) -> Result<Campaign> {
        let id: i64 = conn.cached_row(
            "SELECT campaign_id FROM rosters WHERE id = ?1",
            [roster_id],
            |r| r.get(0),
        )?;
        Campaign::by_id(conn, id)
    }

    /// The campaign called `name` (any case), or an error suggesting close names.
    pub fn get(conn: &Connection, name: &str) -> Result<Campaign> {
        if let Some(c) = Campaign::find(conn, name)? {
            return Ok(c);
        }
        let all = Campaign::list(conn)?;
        Err(refusal_fix(
            names::unknown("campaign", name, all.iter().map(|c| c.campaign.name.as_str())),
            vec![
                Fix::act(Action::ReadCampaigns),
                Fix::act(Action::NewCampaign {
                    name: name.trim().to_string(),
                }),
            ],
        ))
    }

    pub fn list(conn: &Connection) -> Result<Vec<CampaignRow>> {
        let mut stmt = conn.prepare_cached(
            "SELECT c.id, c.name, c.battlepack, c.legends, c.created_at, c.options,
                    (SELECT COUNT(*) FROM rosters r WHERE r.campaign_id = c.id AND r.deleted = 0),
                    (SELECT COUNT(*) FROM battles b WHERE b.campaign_id = c.id AND b.cancelled = 0)
             FROM campaigns c WHERE c.deleted = 0 ORDER BY c.name",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(CampaignRow {
                campaign: Campaign::from_row(r)?,
                rosters: r.get(6)?,
                battles: r.get(7)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }

    /// Changes the settings (Legends allowed, options), as one change set (`campaign set`,
    /// no roster) that keeps the settings as they were, so `undo` can put them back. Returns
    /// the set.
    pub fn set_settings(
        tx: &Transaction,
        campaign: &Campaign,
        legends: bool,
        options: &CampaignOptions,
        summary: &str,
    ) -> Result<i64> {
        let set_id = Campaign::log_with_settings(tx, campaign, Command::CampaignSet, summary)?;
        tx.cached_execute(
            "UPDATE campaigns SET legends = ?2, options = ?3 WHERE id = ?1",
            params![campaign.id, legends, serde_json::to_string(options)?],
        )?;
        Ok(set_id)
    }

    /// Logs `command` on `campaign` (no roster) keeping its settings, name and state as they
    /// are now with the set, so `undo` can put them back. Returns the set.
    pub fn log_with_settings(
        tx: &Transaction,
        campaign: &Campaign,
        command: Command,
        summary: &str,
    ) -> Result<i64> {
        let (set_id, _) = log_set(tx, campaign.id, None, None, command, summary, &[])?;
        let before = serde_json::to_string(&Settings {
            legends: campaign.legends,
            options: campaign.options.clone(),
            name: Some(campaign.name.clone()),
            deleted: Some(false),
        })?;
        tx.cached_execute(
            "UPDATE change_sets SET campaign_before = ?2 WHERE id = ?1",
            params![set_id, before],
        )?;
        Ok(set_id)
    }

    /// `campaign rename`: refused when another live campaign has the name.
    pub fn rename(tx: &Transaction, campaign: &Campaign, to: &str, summary: &str) -> Result<i64> {
        let to = check_name(NameKind::Campaign, to.trim())?;
        if let Some(other) = Campaign::find(tx, to)?.filter(|o| o.id != campaign.id) {
            return Err(refusal(format!(
                "a campaign called '{}' already exists; pick another name",
                other.name
            )));
        }
        let set_id = Campaign::log_with_settings(tx, campaign, Command::CampaignRename, summary)?;
        tx.cached_execute(
            "UPDATE campaigns SET name = ?2 WHERE id = ?1",
            params![campaign.id, to],
        )?;
        Ok(set_id)
    }

    /// `campaign delete`: the campaign is hidden (its rosters are deleted by the caller, as
    /// changes of the same set). Returns the set.
    pub fn delete(tx: &Transaction, campaign: &Campaign, summary: &str) -> Result<i64> {
        let set_id = Campaign::log_with_settings(tx, campaign, Command::CampaignDelete, summary)?;
        tx.cached_execute("UPDATE campaigns SET deleted = 1 WHERE id = ?1", [campaign.id])?;
        Ok(set_id)
    }

    /// How many battles (not cancelled) campaign `id` holds, and how many roster `roster` (if
    /// given) fought or planned.
    pub fn battles_of(conn: &Connection, id: i64, roster: Option<i64>) -> Result<i64> {
        Ok(conn.cached_row(
            "SELECT COUNT(*) FROM battles b WHERE b.campaign_id = ?1 AND b.cancelled = 0
               AND (?2 IS NULL OR b.id IN (SELECT battle_id FROM battle_sides WHERE roster_id = ?2))",
            params![id, roster],
            |r| r.get(0),
        )?)
    }

    /// Undoes `campaign set` change set `set_id`: the campaign's settings as they were before
    /// it. Returns the campaign as it is now.
    pub fn restore_settings(conn: &Connection, campaign_id: i64, set_id: i64) -> Result<Campaign> {
        let before: Option<String> = conn.cached_row(
            "SELECT campaign_before FROM change_sets WHERE id = ?1",
            [set_id],
            |r| r.get(0),
        )?;
        let before = before.with_context(|| format!("change set {set_id} kept no campaign settings"))?;
        let before: Settings = serde_json::from_str(&before)
            .with_context(|| format!("the campaign settings kept with change set {set_id} are unreadable"))?;
        if let Some(name) = &before.name {
            let taken = lookup::campaign_id(conn, name)?.filter(|other| *other != campaign_id);
            if let Some(other) = taken {
                return Err(refusal_fix(
                    format!("another campaign is called '{name}' now (id {other})"),
                    vec![Fix::act(Action::RenameCampaign)],
                ));
            }
        }
        conn.cached_execute(
            "UPDATE campaigns SET legends = ?2, options = ?3, name = COALESCE(?4, name),
                    deleted = COALESCE(?5, deleted)
             WHERE id = ?1",
            params![
                campaign_id,
                before.legends,
                serde_json::to_string(&before.options)?,
                before.name,
                before.deleted
            ],
        )?;
        Campaign::by_id(conn, campaign_id)
    }
}

/// The options column as stored: a JSON object of the options in force.
pub(super) fn read_options(json: &str) -> std::result::Result<CampaignOptions, String> {
    serde_json::from_str(json)
        .map_err(|e| format!("a campaign's options in the database are unreadable: {e}"))
}

/// Refuses a `campaign_before` that undo could not read: settings as `campaign set` keeps them,
/// a name by the name rule (`ptg import` checks a league file's with it).
pub(super) fn check_settings(json: &str) -> std::result::Result<(), String> {
    let settings: Settings = serde_json::from_str(json).map_err(|e| e.to_string())?;
    match &settings.name {
        Some(name) => check_name(NameKind::Campaign, name)
            .map(drop)
            .map_err(|e| e.to_string()),
        None => Ok(()),
    }
}
