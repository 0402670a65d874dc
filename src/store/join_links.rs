//! Join links (schema `V12`): a campaign's link a new player opens to make their own roster.
//! Only the token's hash is kept; a link dies with the organiser's invite that made it.

use super::now;
use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, params};

/// Records a join link of campaign `campaign_id` whose token hashes to `token_hash`, made with
/// the organiser's invite `made_by` (it works while that invite is not revoked).
pub fn create(conn: &Connection, campaign_id: i64, token_hash: &str, made_by: Option<i64>) -> Result<i64> {
    conn.execute(
        "INSERT INTO join_links (campaign_id, token_hash, created_at, made_by) VALUES (?1, ?2, ?3, ?4)",
        params![campaign_id, token_hash, now(), made_by],
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
