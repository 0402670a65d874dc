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

/// Signs in with invite `token`: a new session for it, if the invite is known, not revoked and
/// of campaign `only` when given (the server's `--campaign`). The browser's other sessions
/// (`ring`, its keyring) are kept, but those with the same rights (the same campaign and
/// roster) end: they are replaced. Returns the session and the ids of the ones it replaced.
pub fn sign_in(
    store: &mut Store,
    token: &str,
    only: Option<i64>,
    ring: &[String],
) -> Result<Option<(Session, Vec<String>)>> {
    let hash = token_hash(token);
    let id = new_token()?;
    let expires = (chrono::Utc::now() + chrono::Duration::days(LIFETIME_DAYS))
        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true);
    store.write(|tx| {
        let Some(invite) = invites::by_hash(tx, &hash)?
            .filter(|i| i.revoked_at.is_none())
            .filter(|i| only.is_none_or(|c| c == i.campaign_id))
        else {
            return Ok(None);
        };
        let mut replaced = Vec::new();
        for old in ring {
            let same = sessions::invite_of(tx, &token_hash(old))?
                .is_some_and(|(_, c, r)| c == invite.campaign_id && r == invite.roster_id);
            if same {
                sessions::delete(tx, &token_hash(old))?;
                replaced.push(old.clone());
            }
        }
        sessions::create(tx, invite.id, &token_hash(&id), &expires)?;
        let session = Session {
            id: id.clone(),
            principal: Principal {
                invite_id: invite.id,
                campaign_id: invite.campaign_id,
                roster_id: invite.roster_id,
            },
        };
        Ok(Some((session, replaced)))
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

/// The live sessions among `ids` (a browser's keyring), each with its rights, in one read.
pub fn principals(store: &mut Store, ids: &[String]) -> Result<Vec<(String, Principal)>> {
    store.read(|conn| {
        let mut live = Vec::new();
        for id in ids {
            if let Some((invite_id, campaign_id, roster_id)) = sessions::invite_of(conn, &token_hash(id))? {
                let who = Principal {
                    invite_id,
                    campaign_id,
                    roster_id,
                };
                live.push((id.clone(), who));
            }
        }
        Ok(live)
    })
}

/// Ends sessions `ids` (signing out of one league, or of every one), in one transaction.
pub fn sign_out(store: &mut Store, ids: &[String]) -> Result<()> {
    store.write(|tx| {
        for id in ids {
            sessions::delete(tx, &token_hash(id))?;
        }
        Ok(())
    })
}

/// The server's secret, if it was made (a read only).
pub fn kept_secret(store: &mut Store) -> Result<Option<String>> {
    store.read(|conn| Ok(sessions::secret(conn)?))
}

/// The server's secret, made (256 random bits) and kept in the database the first time it is
/// asked for: the same-site keys of the sign-in and join forms are derived from it.
pub fn server_secret(store: &mut Store) -> Result<String> {
    if let Some(kept) = kept_secret(store)? {
        return Ok(kept);
    }
    let made = new_token()?;
    store.write(|tx| Ok(sessions::keep_secret(tx, &made)?))
}
