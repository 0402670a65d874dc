//! Browser sessions of `ptg serve` (schema `V11`): each belongs to one invite and ends at its
//! expiry or when the invite is revoked. Only a session id's hash is stored (see
//! `ops::session`). Also the server's secret the sign-in and join forms' keys are derived from.

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
/// expired, its invite not revoked, its roster (a player's) not deleted.
pub fn invite_of(conn: &Connection, id_hash: &str) -> Result<Option<(i64, i64, Option<i64>)>> {
    Ok(conn
        .cached_row(
            "SELECT i.id, i.campaign_id, i.roster_id FROM sessions s JOIN invites i ON i.id = s.invite_id
             WHERE s.id_hash = ?1 AND s.expires_at > ?2 AND i.revoked_at IS NULL
               AND (i.roster_id IS NULL OR EXISTS (
                   SELECT 1 FROM rosters r WHERE r.id = i.roster_id AND r.deleted = 0))",
            params![id_hash, now()],
            |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
        )
        .optional()?)
}

/// Ends the session whose id hashes to `id_hash` (signing out); false if there was none.
pub fn delete(conn: &Connection, id_hash: &str) -> Result<bool> {
    Ok(conn.execute("DELETE FROM sessions WHERE id_hash = ?1", [id_hash])? == 1)
}

/// The server's secret (schema `V15`), if it was made.
pub fn secret(conn: &Connection) -> Result<Option<String>> {
    Ok(conn
        .query_row("SELECT secret FROM server_secret WHERE id = 1", [], |r| r.get(0))
        .optional()?)
}

/// Keeps `secret` as the server's, unless one was made already; the one kept.
pub fn keep_secret(conn: &Connection, secret: &str) -> Result<String> {
    conn.execute(
        "INSERT OR IGNORE INTO server_secret (id, secret) VALUES (1, ?1)",
        [secret],
    )?;
    Ok(conn.query_row("SELECT secret FROM server_secret WHERE id = 1", [], |r| r.get(0))?)
}
