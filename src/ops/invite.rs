//! `ptg invite`: links to the league's web pages (`ptg serve`). A link carries a random token
//! of 256 bits from the operating system; the database keeps only its SHA-256, so neither a
//! copy of the database nor its backups let anyone in. The server turns a token back into
//! whose rights it carries with [`principal`].

use crate::error::{Error, Result};
use crate::fix::{Action, Fix};
use crate::ids::{CampaignId, RosterId};
use crate::store::Store;
use crate::store::invites::{self, Invite};
use serde::Serialize;
use sha2::{Digest, Sha256};

/// A new invite: the token is shown once, here, and never stored.
#[derive(Debug, Serialize)]
pub struct NewInvite {
    pub invite: Invite,
    pub token: String,
}

/// Whose rights a token carries: one roster's (`roster_id`), or the organiser's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Principal {
    pub invite_id: i64,
    pub campaign_id: i64,
    pub roster_id: Option<i64>,
}

impl Principal {
    pub fn is_organiser(&self) -> bool {
        self.roster_id.is_none()
    }

    /// Whether the holder may change roster `roster_id` of campaign `campaign_id`: their own
    /// roster, or any of their campaign's as its organiser.
    pub fn may_change(&self, campaign_id: i64, roster_id: i64) -> bool {
        self.campaign_id == campaign_id && self.roster_id.is_none_or(|own| own == roster_id)
    }
}

/// A fresh token: 32 bytes from the operating system, as 64 hex digits.
pub(crate) fn new_token() -> Result<String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)
        .map_err(|e| Error::Internal(anyhow::anyhow!("the system gave no random bytes: {e}")))?;
    Ok(hex(&bytes))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// What the database keeps of a token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.trim().as_bytes()))
}

/// The key a page's forms carry for the browser session `session` (its id, `ops::session`),
/// so a form sent from another site (which cannot read the HttpOnly session cookie, nor so
/// this key) is refused: derived from the session, never stored.
pub fn form_key(session: &str) -> String {
    token_hash(&format!("form:{}", session.trim()))
}

/// `ptg invite CAMPAIGN --roster R` (or the organiser's, `roster` `None`).
pub fn create(store: &mut Store, campaign: CampaignId, roster: Option<RosterId>) -> Result<NewInvite> {
    create_by(store, campaign, roster, None)
}

/// An invite made from the web with the organiser's invite `made_by`: revoking that one
/// revokes this one too.
pub fn create_by(
    store: &mut Store,
    campaign: CampaignId,
    roster: Option<RosterId>,
    made_by: Option<i64>,
) -> Result<NewInvite> {
    let token = new_token()?;
    let hash = token_hash(&token);
    let invite = store.write(|tx| {
        let c = super::live_campaign(tx, campaign)?;
        let roster_id = match roster {
            None => None,
            Some(r) if super::live_roster(tx, r)? == campaign => Some(r.get()),
            Some(r) => {
                return Err(
                    Error::refused(format!("roster {r} is not one of campaign '{}''s", c.name)).fix(
                        Fix::act(Action::ReadRosters {
                            campaign: Some(c.name.clone()),
                        }),
                    ),
                );
            }
        };
        let id = invites::create(tx, c.id, roster_id, &hash, made_by)?;
        Ok::<_, Error>(invites::get(tx, c.id, id)?.expect("just made"))
    })?;
    Ok(NewInvite { invite, token })
}

/// `ptg invite CAMPAIGN --list`.
pub fn list(store: &mut Store, campaign: CampaignId) -> Result<Vec<Invite>> {
    store.read(|conn| {
        let c = super::live_campaign(conn, campaign)?;
        Ok(invites::list(conn, c.id)?)
    })
}

/// `ptg invite CAMPAIGN --revoke ID|TOKEN`: the invite, revoked, with its sessions and the
/// invites it made from the web.
pub fn revoke(store: &mut Store, campaign: CampaignId, which: &str) -> Result<Invite> {
    store.write(|tx| {
        let c = super::live_campaign(tx, campaign)?;
        let found = match which.trim().trim_start_matches('#').parse::<i64>() {
            Ok(id) => invites::get(tx, c.id, id)?,
            Err(_) => invites::by_hash(tx, &token_hash(which))?.filter(|i| i.campaign_id == c.id),
        };
        let Some(invite) = found else {
            return Err(
                Error::refused(format!("campaign '{}' has no invite '{which}'", c.name)).fix(Fix::act(
                    Action::ReadInvites {
                        campaign: c.name.clone(),
                    },
                )),
            );
        };
        if !invites::revoke(tx, invite.id)? {
            return Err(Error::refused(format!(
                "invite #{} was already revoked",
                invite.id
            )));
        }
        Ok(invites::get(tx, c.id, invite.id)?.expect("still there"))
    })
}

/// The invite `token` opens, if it is not revoked: for the sign-in page to say whose it is.
pub fn find(store: &mut Store, token: &str) -> Result<Option<Invite>> {
    let hash = token_hash(token);
    store.read(|conn| Ok(invites::by_hash(conn, &hash)?.filter(|i| i.revoked_at.is_none())))
}

/// The rights `token` carries, if it is an invite's that is not revoked.
pub fn principal(store: &mut Store, token: &str) -> Result<Option<Principal>> {
    let hash = token_hash(token);
    store.read(|conn| {
        Ok(invites::by_hash(conn, &hash)?
            .filter(|i| i.revoked_at.is_none())
            .map(|i| Principal {
                invite_id: i.id,
                campaign_id: i.campaign_id,
                roster_id: i.roster_id,
            }))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_256_random_bits_and_only_its_hash_is_kept() {
        let (a, b) = (new_token().unwrap(), new_token().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        // The SHA-256 of "abc" (FIPS 180-2's first example).
        assert_eq!(
            token_hash("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_player_changes_only_their_own_roster_and_the_organiser_any_of_the_campaign() {
        let player = Principal {
            invite_id: 1,
            campaign_id: 1,
            roster_id: Some(2),
        };
        assert!(player.may_change(1, 2));
        assert!(!player.may_change(1, 3));
        let organiser = Principal {
            roster_id: None,
            ..player
        };
        assert!(organiser.may_change(1, 3));
        assert!(!organiser.may_change(2, 3), "another campaign's roster");
    }
}
