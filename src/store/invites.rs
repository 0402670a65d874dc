//! Invites to the league's web pages (`ptg invite`, `ptg serve`): who holds which rights. Only
//! a token's hash is stored (see `ops::invite`).

use super::now;
use super::reuse::CachedRow;
use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, Row, params};
use serde::Serialize;

/// An invite as listed: for one roster of a campaign, or its organiser (`roster` empty).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Invite {
    pub id: i64,
    pub campaign_id: i64,
    pub campaign: String,
    pub roster_id: Option<i64>,
    pub roster: Option<String>,
    pub created_at: String,
    pub revoked_at: Option<String>,
    /// The organiser's invite that made this one from the web (`None`: `ptg invite`); revoking
    /// that one revokes this one.
    pub made_by: Option<i64>,
}

const SELECT: &str =
    "SELECT i.id, i.campaign_id, c.name, i.roster_id, r.name, i.created_at, i.revoked_at, i.made_by
     FROM invites i JOIN campaigns c ON c.id = i.campaign_id LEFT JOIN rosters r ON r.id = i.roster_id";

fn from_row(r: &Row) -> rusqlite::Result<Invite> {
    Ok(Invite {
        id: r.get(0)?,
        campaign_id: r.get(1)?,
        campaign: r.get(2)?,
        roster_id: r.get(3)?,
        roster: r.get(4)?,
        created_at: r.get(5)?,
        revoked_at: r.get(6)?,
        made_by: r.get(7)?,
    })
}

/// Records an invite whose token hashes to `token_hash`, made by invite `made_by` (from the
/// web) or by the command line (`None`); its id.
pub fn create(
    conn: &Connection,
    campaign_id: i64,
    roster_id: Option<i64>,
    token_hash: &str,
    made_by: Option<i64>,
) -> Result<i64> {
    conn.execute(
        "INSERT INTO invites (campaign_id, roster_id, token_hash, created_at, made_by)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![campaign_id, roster_id, token_hash, now(), made_by],
    )?;
    Ok(conn.last_insert_rowid())
}

/// Every invite of a campaign, oldest first, revoked ones too.
pub fn list(conn: &Connection, campaign_id: i64) -> Result<Vec<Invite>> {
    let mut stmt = conn.prepare_cached(&format!("{SELECT} WHERE i.campaign_id = ?1 ORDER BY i.id"))?;
    let rows = stmt
        .query_map([campaign_id], from_row)?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// The invite with this id, in this campaign.
pub fn get(conn: &Connection, campaign_id: i64, id: i64) -> Result<Option<Invite>> {
    Ok(conn
        .cached_row(
            &format!("{SELECT} WHERE i.campaign_id = ?1 AND i.id = ?2"),
            params![campaign_id, id],
            from_row,
        )
        .optional()?)
}

/// The invite whose token hashes to `token_hash`, revoked or not.
pub fn by_hash(conn: &Connection, token_hash: &str) -> Result<Option<Invite>> {
    Ok(conn
        .cached_row(
            &format!("{SELECT} WHERE i.token_hash = ?1"),
            [token_hash],
            from_row,
        )
        .optional()?)
}

/// Revokes invite `id` (from now on its token and its sessions let nobody in), and every
/// invite it made, and those they made in turn; false if it already was revoked.
pub fn revoke(conn: &Connection, id: i64) -> Result<bool> {
    let at = now();
    let n = conn.execute(
        "UPDATE invites SET revoked_at = ?2 WHERE id = ?1 AND revoked_at IS NULL",
        params![id, at],
    )?;
    conn.execute(
        "WITH RECURSIVE made(id) AS (
             SELECT id FROM invites WHERE made_by = ?1
             UNION SELECT i.id FROM invites i JOIN made m ON i.made_by = m.id
         )
         UPDATE invites SET revoked_at = ?2 WHERE id IN (SELECT id FROM made) AND revoked_at IS NULL",
        params![id, at],
    )?;
    Ok(n == 1)
}

/// Revokes every invite of roster `roster_id` (its player's, and those made from them), when the
/// roster is deleted: its player keeps no rights over it or its battles. How many.
pub fn revoke_for_roster(conn: &Connection, roster_id: i64) -> Result<usize> {
    let mut stmt =
        conn.prepare_cached("SELECT id FROM invites WHERE roster_id = ?1 AND revoked_at IS NULL")?;
    let ids: Vec<i64> = stmt
        .query_map([roster_id], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    for &id in &ids {
        revoke(conn, id)?;
    }
    Ok(ids.len())
}
