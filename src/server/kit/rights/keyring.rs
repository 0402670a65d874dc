//! The keyring (issue #39): one browser keeps every sign-in it was given, so a person in
//! several leagues (the organiser of one, a player of another) uses one phone for all. The
//! session cookie holds the ids of the browser's sessions, each 64 hex digits, joined by `.`
//! (a cookie of one id, as ptg wrote before, is a keyring of one). Each request acts with the
//! session that has rights over what it acts on ([`Keyring`]'s look-ups); a form's key is the
//! key of one of the browser's sessions (`ops::invite::form_key`), which a page of another site
//! cannot read. Signing out ends one session and keeps the others.

use super::auth::COOKIE;
use crate::ops::invite::{Principal, form_key};
use axum::http::HeaderMap;

/// The most sessions one browser keeps: the oldest goes when a new one would pass it (a cookie
/// of 20 ids is 1.3 kB, well under browsers' 4 kB).
pub const MOST: usize = 20;

/// Whether `id` looks like a session id: 64 lowercase hex digits.
fn well_formed(id: &str) -> bool {
    id.len() == 64
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The session ids the request's cookie holds, oldest first, each once, at most [`MOST`].
pub fn ids(headers: &HeaderMap) -> Vec<String> {
    let Some(value) = super::auth::cookie(headers, COOKIE) else {
        return Vec::new();
    };
    let mut out: Vec<String> = Vec::new();
    for id in value.split('.').filter(|id| well_formed(id)) {
        if !out.iter().any(|o| o == id) {
            out.push(id.to_string());
        }
    }
    let extra = out.len().saturating_sub(MOST);
    out.drain(..extra);
    out
}

/// The cookie's value for sessions `ids` (oldest first; the newest [`MOST`] kept).
pub fn value(ids: &[String]) -> String {
    let from = ids.len().saturating_sub(MOST);
    ids[from..].join(".")
}

/// One sign-in the browser holds: whose rights, and its session's id (`None` for a request
/// with `Authorization: Bearer`, which carries one invite and no session).
#[derive(Debug, Clone)]
pub struct Key {
    pub who: Principal,
    pub session: Option<String>,
}

impl Key {
    /// The key a page's forms carry for this session (none for a Bearer token).
    pub fn form_key(&self) -> Option<String> {
        self.session.as_deref().map(form_key)
    }
}

/// Every live sign-in a request carries, in the cookie's order.
#[derive(Debug, Clone, Default)]
pub struct Keyring {
    pub keys: Vec<Key>,
}

impl Keyring {
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Whose rights each sign-in carries.
    pub fn principals(&self) -> Vec<Principal> {
        self.keys.iter().map(|k| k.who).collect()
    }

    /// The organiser's sign-in of campaign `campaign_id`.
    pub fn organiser_of(&self, campaign_id: i64) -> Option<&Key> {
        self.keys
            .iter()
            .find(|k| k.who.is_organiser() && k.who.campaign_id == campaign_id)
    }

    /// The sign-in that may change roster `roster_id` of campaign `campaign_id`: the
    /// organiser's, else its player's.
    pub fn changer_of(&self, campaign_id: i64, roster_id: i64) -> Option<&Key> {
        self.organiser_of(campaign_id).or_else(|| {
            self.keys
                .iter()
                .find(|k| k.who.may_change(campaign_id, roster_id))
        })
    }

    /// The sign-in that acts in a battle of campaign `campaign_id` between rosters `sides`.
    pub fn in_battle(&self, campaign_id: i64, sides: &[i64]) -> Option<&Key> {
        self.organiser_of(campaign_id).or_else(|| {
            self.keys
                .iter()
                .find(|k| sides.iter().any(|&r| k.who.may_change(campaign_id, r)))
        })
    }

    /// The sign-in of campaign `campaign_id`: the organiser's, else a player's.
    pub fn in_campaign(&self, campaign_id: i64) -> Option<&Key> {
        self.organiser_of(campaign_id)
            .or_else(|| self.keys.iter().find(|k| k.who.campaign_id == campaign_id))
    }

    /// The sign-in whose forms carry `key`: a form sent from one of this browser's pages.
    pub fn by_form_key(&self, key: &str) -> Option<&Key> {
        self.keys
            .iter()
            .find(|k| k.form_key().is_some_and(|mine| mine == key.trim()))
    }

    /// The key a page of campaign `campaign_id` gives its forms: its sign-in's there, else the
    /// first one's.
    pub fn form_key_in(&self, campaign_id: i64) -> Option<String> {
        self.in_campaign(campaign_id)
            .or(self.keys.first())
            .and_then(Key::form_key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, header};

    fn with_cookie(value: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(header::COOKIE, HeaderValue::from_str(value).unwrap());
        h
    }

    #[test]
    fn a_cookie_of_one_id_is_a_keyring_of_one_and_junk_is_left_out() {
        let a = "a".repeat(64);
        let b = "b".repeat(64);
        assert_eq!(ids(&with_cookie(&format!("ptg_session={a}"))), vec![a.clone()]);
        let mixed = format!("x=1; ptg_session={a}.nothex.{b}.{a}.{}", "C".repeat(64));
        assert_eq!(ids(&with_cookie(&mixed)), vec![a.clone(), b.clone()]);
        assert!(ids(&HeaderMap::new()).is_empty());
    }

    #[test]
    fn a_keyring_keeps_the_newest_sessions_only() {
        let many: Vec<String> = (0..MOST + 3).map(|i| format!("{i:064x}")).collect();
        let kept = value(&many);
        assert_eq!(kept.split('.').count(), MOST);
        assert!(kept.ends_with(&many[MOST + 2]));
        assert_eq!(ids(&with_cookie(&format!("ptg_session={kept}"))).len(), MOST);
    }

    #[test]
    fn each_right_is_looked_up_in_the_sign_in_that_has_it() {
        let key = |invite_id, campaign_id, roster_id| Key {
            who: Principal {
                invite_id,
                campaign_id,
                roster_id,
            },
            session: Some(format!("{invite_id:064x}")),
        };
        let ring = Keyring {
            keys: vec![key(1, 1, None), key(2, 2, Some(7))],
        };
        assert_eq!(ring.organiser_of(1).unwrap().who.invite_id, 1);
        assert!(ring.organiser_of(2).is_none());
        assert_eq!(ring.changer_of(2, 7).unwrap().who.invite_id, 2);
        assert!(ring.changer_of(2, 8).is_none());
        assert_eq!(ring.in_battle(2, &[8, 7]).unwrap().who.invite_id, 2);
        assert_eq!(ring.changer_of(1, 99).unwrap().who.invite_id, 1);
        let k = ring.keys[1].form_key().unwrap();
        assert_eq!(ring.by_form_key(&k).unwrap().who.invite_id, 2);
        assert_eq!(ring.form_key_in(2), Some(k));
        assert!(ring.by_form_key("nope").is_none());
    }
}
