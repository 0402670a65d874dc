//! Browser sessions of `ptg serve` (schema `V11`): each belongs to one invite and ends at its
//! expiry or when the invite is revoked. Only a session id's hash is stored (see
//! `ops::session`).

use super::now;
use super::reuse::CachedRow;
use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, params};

/// Records a session for invite `invite_id` whose id hashes to `id_hash`, ending at
/// `expires_at` (RFC 3339, UTC, as `now()` writes); expired sessions are cleared meanwhile.
pub fn create(conn: &Connection, invite_id: i64, id_hash: &str, expires_at: &str) -> Result<()> {
    let at = now();
    conn.execute("DELETE FROM sessions WHERE expires_at <= ?1", [&at])?;
    conn.execute(
        "INSERT INTO sessions (invite_id, id_hash, created_at, expires_at) VALUES (?1, ?2, ?3, ?4)",
        params![invite_id, id_hash, at, expires_at],
    )?;
    Ok(())
}

/// The invite (id, campaign, roster) of the live session whose id hashes to `id_hash`: not
/// expired, and its invite not revoked.
pub fn invite_of(conn: &Connection, id_hash: &str) -> Result<Option<(i64, i64, Option<i64>)>> {
    Ok(conn
        .cached_row(
            "SELECT i.id, i.campaign_id, i.roster_id FROM sessions s JOIN invites i ON i.id = s.invite_id
             WHERE s.id_hash = ?1 AND s.expires_at > ?2 AND i.revoked_at IS NULL",
            params![id_hash, now()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?)
}

/// Ends the session whose id hashes to `id_hash` (signing out); false if there was none.
pub fn delete(conn: &Connection, id_hash: &str) -> Result<bool> {
    Ok(conn.execute("DELETE FROM sessions WHERE id_hash = ?1", [id_hash])? == 1)
}
