//! Join links (schema `V12`): a campaign's link a new player opens to make their own roster.
//! Only the token's hash is kept; a link dies with the organiser's invite that made it.

use super::now;
use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, params};

/// Records a join link of campaign `campaign_id` whose token hashes to `token_hash`, made with
/// the organiser's invite `made_by` (it works while that invite is not revoked), making at most
/// `per_hour` rosters an hour (`None`: as many as the server lets any link).
pub fn create(
    conn: &Connection,
    campaign_id: i64,
    token_hash: &str,
    made_by: Option<i64>,
    per_hour: Option<u32>,
) -> Result<i64> {
    conn.execute(
        "INSERT INTO join_links (campaign_id, token_hash, created_at, made_by, per_hour)
         VALUES (?1, ?2, ?3, ?4, ?5)",
        params![campaign_id, token_hash, now(), made_by, per_hour],
    )?;
    Ok(conn.last_insert_rowid())
}

/// The live campaign of the join link whose token hashes to `token_hash`, if the link is not
/// revoked and the invite that made it is not either (schema `V15`).
pub fn campaign_of(conn: &Connection, token_hash: &str) -> Result<Option<i64>> {
    Ok(conn
        .query_row(
            "SELECT j.campaign_id FROM join_links j JOIN campaigns c ON c.id = j.campaign_id
             WHERE j.token_hash = ?1 AND j.revoked_at IS NULL AND c.deleted = 0
               AND (j.made_by IS NULL OR EXISTS (
                   SELECT 1 FROM invites i WHERE i.id = j.made_by AND i.revoked_at IS NULL))",
            [token_hash],
            |r| r.get(0),
        )
        .optional()?)
}

/// Revokes every live join link of campaign `campaign_id`; how many.
pub fn revoke_all(conn: &Connection, campaign_id: i64) -> Result<usize> {
    Ok(conn.execute(
        "UPDATE join_links SET revoked_at = ?2 WHERE campaign_id = ?1 AND revoked_at IS NULL",
        params![campaign_id, now()],
    )?)
}

/// A live join link (schema `V16`).
pub struct Live {
    pub id: i64,
    pub campaign_id: i64,
    /// The rosters it may make in an hour, if its organiser said.
    pub per_hour: Option<u32>,
}

/// The live join link whose token hashes to `token_hash`: not revoked, and neither is the
/// invite that made it (schema `V15`).
pub fn live(conn: &Connection, token_hash: &str) -> Result<Option<Live>> {
    Ok(conn
        .query_row(
            "SELECT j.id, j.campaign_id, j.per_hour FROM join_links j JOIN campaigns c ON c.id = j.campaign_id
             WHERE j.token_hash = ?1 AND j.revoked_at IS NULL AND c.deleted = 0
               AND (j.made_by IS NULL OR EXISTS (
                   SELECT 1 FROM invites i WHERE i.id = j.made_by AND i.revoked_at IS NULL))",
            [token_hash],
            |r| {
                Ok(Live {
                    id: r.get(0)?,
                    campaign_id: r.get(1)?,
                    per_hour: r.get(2)?,
                })
            },
        )
        .optional()?)
}

/// Records that join link `link_id` made roster `roster_id` now (schema `V16`).
pub fn note_use(conn: &Connection, link_id: i64, roster_id: i64) -> Result<()> {
    conn.execute(
        "INSERT INTO join_link_uses (join_link_id, roster_id, joined_at) VALUES (?1, ?2, ?3)",
        params![link_id, roster_id, now()],
    )?;
    Ok(())
}

/// How many rosters join link `link_id` made after `since` (a time as `now()` writes it).
pub fn uses_since(conn: &Connection, link_id: i64, since: &str) -> Result<u32> {
    Ok(conn.query_row(
        "SELECT COUNT(*) FROM join_link_uses WHERE join_link_id = ?1 AND joined_at > ?2",
        params![link_id, since],
        |r| r.get(0),
    )?)
}
