//! Browser sessions for `ptg serve`: opening an invite link and confirming signs the browser
//! in with a session of its own, so the cookie never holds the invite's token. A session id is
//! 256 random bits from the operating system; the database keeps only its SHA-256. It lasts
//! [`LIFETIME_DAYS`], and ends at once when its invite is revoked or the browser signs out.

use super::invite::{Principal, new_token, token_hash};
use crate::error::Result;
use crate::store::{Store, invites, sessions};

/// How long a session lasts before its invite link must be opened again.
pub const LIFETIME_DAYS: i64 = 30;

/// A new session: its id (for the cookie, never stored) and whose rights it carries.
pub struct Session {
    pub id: String,
    pub principal: Principal,
}

/// Signs in with invite `token`: a new session for it, if the invite is known and not revoked.
pub fn sign_in(store: &mut Store, token: &str) -> Result<Option<Session>> {
    let hash = token_hash(token);
    let id = new_token()?;
    let expires = (chrono::Utc::now() + chrono::Duration::days(LIFETIME_DAYS))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    store.write(|tx| {
        let Some(invite) = invites::by_hash(tx, &hash)?.filter(|i| i.revoked_at.is_none()) else {
            return Ok(None);
        };
        sessions::create(tx, invite.id, &token_hash(&id), &expires)?;
        Ok(Some(Session {
            id: id.clone(),
            principal: Principal {
                invite_id: invite.id,
                campaign_id: invite.campaign_id,
                roster_id: invite.roster_id,
            },
        }))
    })
}

/// The rights of session `id`, if it is live: not expired, its invite not revoked.
pub fn principal(store: &mut Store, id: &str) -> Result<Option<Principal>> {
    let hash = token_hash(id);
    store.read(|conn| {
        Ok(
            sessions::invite_of(conn, &hash)?.map(|(invite_id, campaign_id, roster_id)| Principal {
                invite_id,
                campaign_id,
                roster_id,
            }),
        )
    })
}

/// Ends session `id` (signing out).
pub fn sign_out(store: &mut Store, id: &str) -> Result<()> {
    let hash = token_hash(id);
    store.write(|tx| Ok(sessions::delete(tx, &hash).map(|_| ())?))
}
