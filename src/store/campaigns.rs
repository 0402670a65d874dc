//! Campaigns: a named league of rosters and battles using one battlepack.

use super::lookup::{Named, id_by_name};
use super::now;
use crate::error::refusal;
use crate::names;
use crate::rules::names::{NameKind, check as check_name};
use anyhow::Result;
use rusqlite::{Connection, params};
use serde::Serialize;

/// A campaign as stored.
#[derive(Debug, Clone, Serialize)]
pub struct Campaign {
    pub id: i64,
    pub name: String,
    pub battlepack: String,
    pub created_at: String,
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
    pub fn create(conn: &Connection, name: &str, battlepack: &str) -> Result<Campaign> {
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
        conn.execute(
            "INSERT INTO campaigns (name, battlepack, created_at) VALUES (?1, ?2, ?3)",
            params![name, battlepack, created_at],
        )?;
        Ok(Campaign {
            id: conn.last_insert_rowid(),
            name: name.into(),
            battlepack: battlepack.into(),
            created_at,
        })
    }

    /// A campaign from a row of `id, name, battlepack, created_at`.
    fn from_row(r: &rusqlite::Row) -> rusqlite::Result<Campaign> {
        Ok(Campaign {
            id: r.get(0)?,
            name: r.get(1)?,
            battlepack: r.get(2)?,
            created_at: r.get(3)?,
        })
    }

    fn find(conn: &Connection, name: &str) -> Result<Option<Campaign>> {
        id_by_name(conn, Named::Campaigns, name)?
            .map(|id| Campaign::by_id(conn, id))
            .transpose()
    }

    /// The campaign with this id (ids come from rows that reference it, so it exists).
    pub fn by_id(conn: &Connection, id: i64) -> Result<Campaign> {
        Ok(conn.query_row(
            "SELECT id, name, battlepack, created_at FROM campaigns WHERE id = ?1",
            [id],
            Campaign::from_row,
        )?)
    }

    /// The campaign roster `roster_id` belongs to.
    pub fn of_roster(conn: &Connection, roster_id: i64) -> Result<Campaign> {
        let id: i64 = conn.query_row(
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
        Err(refusal(format!(
            "{} (see `ptg campaign list`, or create it with `ptg campaign new \"{}\"`)",
            names::unknown("campaign", name, all.iter().map(|c| c.campaign.name.as_str())),
            name.trim()
        )))
    }

    pub fn list(conn: &Connection) -> Result<Vec<CampaignRow>> {
        let mut stmt = conn.prepare(
            "SELECT c.id, c.name, c.battlepack, c.created_at,
                    (SELECT COUNT(*) FROM rosters r WHERE r.campaign_id = c.id),
                    (SELECT COUNT(*) FROM battles b WHERE b.campaign_id = c.id)
             FROM campaigns c ORDER BY c.name",
        )?;
        let rows = stmt.query_map([], |r| {
            Ok(CampaignRow {
                campaign: Campaign {
                    id: r.get(0)?,
                    name: r.get(1)?,
                    battlepack: r.get(2)?,
                    created_at: r.get(3)?,
                },
                rosters: r.get(4)?,
                battles: r.get(5)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    }
}
