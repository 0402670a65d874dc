//! Who a request comes from: the invite token in `Authorization: Bearer <token>` (scripts), or
//! the sessions a browser signed in with from invite links (its keyring cookie, `keyring`),
//! turned into the rights they carry; each check uses the sign-in that has the right asked.

use super::keyring::{self, Key, Keyring};
use crate::ops::invite::Principal;
use crate::server::{Failure, Shared};
use axum::http::{HeaderMap, StatusCode, header};

/// The name of the session cookie: the browser's sessions' ids (`keyring`, `ops::session`),
/// HttpOnly and SameSite=Lax.
pub const COOKIE: &str = "ptg_session";

/// The invite token in `Authorization: Bearer`, if any.
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| t.trim().to_string())
}

/// The value of cookie `name`, if the request carries it.
pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, value)| value.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// Whether the request carries a session cookie.
pub fn has_session(headers: &HeaderMap) -> bool {
    !keyring::ids(headers).is_empty()
}

fn ended() -> Failure {
    Failure::new(
        StatusCode::UNAUTHORIZED,
        "this invite is unknown or was revoked, or this browser's session has ended; open the \
         invite link again, or ask the organiser for a new one",
    )
}

/// Every sign-in the request carries (`keyring`): its Bearer token's, else its browser's live
/// sessions; empty without either; 401 for a token that is unknown or revoked, or a cookie none
/// of whose sessions is live.
pub async fn keyring(server: &Shared, headers: &HeaderMap) -> Result<Keyring, Failure> {
    if let Some(token) = bearer(headers) {
        let found = server
            .with_reader(move |_, store| crate::ops::invite::principal(store, &token))
            .await?;
        let who = found.ok_or_else(ended)?;
        return Ok(Keyring {
            keys: vec![Key { who, session: None }],
        });
    }
    let ids = keyring::ids(headers);
    if ids.is_empty() {
        return Ok(Keyring::default());
    }
    let live = server
        .with_reader(move |_, store| crate::ops::session::principals(store, &ids))
        .await?;
    if live.is_empty() {
        return Err(ended());
    }
    Ok(Keyring {
        keys: live
            .into_iter()
            .map(|(id, who)| Key {
                who,
                session: Some(id),
            })
            .collect(),
    })
}

/// Refuses reading without an invite when the server is private; else every sign-in the
/// request carries. Elsewhere a stale invite (a revoked one's cookie) reads as anyone does.
pub async fn may_read(server: &Shared, headers: &HeaderMap) -> Result<Keyring, Failure> {
    let ring = match keyring(server, headers).await {
        Err(f) if f.status == StatusCode::UNAUTHORIZED && !server.private => Keyring::default(),
        other => other?,
    };
    if ring.is_empty() && server.private {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this league is private: open the invite link the organiser sent you",
        ));
    }
    Ok(ring)
}

/// The rights to change roster `roster_id` of campaign `campaign_id`: 401 without a token,
/// 403 with one that does not reach it.
pub async fn may_change(
    server: &Shared,
    headers: &HeaderMap,
    campaign_id: i64,
    roster_id: i64,
) -> Result<Principal, Failure> {
    let ring = keyring(server, headers).await?;
    if ring.is_empty() {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "changing a roster needs an invite: send `Authorization: Bearer <token>` (see `ptg invite`)",
        ));
    }
    match ring.changer_of(campaign_id, roster_id) {
        Some(key) => Ok(key.who),
        None => Err(Failure::new(
            StatusCode::FORBIDDEN,
            "this invite may not change that roster: a player changes their own roster only",
        )),
    }
}

/// The organiser's rights over campaign `campaign_id`: 401 without a token, 403 with a
/// player's or another campaign's.
pub async fn organiser(server: &Shared, headers: &HeaderMap, campaign_id: i64) -> Result<Principal, Failure> {
    let ring = keyring(server, headers).await?;
    if ring.is_empty() {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this needs the organiser's invite: send `Authorization: Bearer <token>` (see `ptg invite --organiser`)",
        ));
    }
    match ring.organiser_of(campaign_id) {
        Some(key) => Ok(key.who),
        None => Err(Failure::new(
            StatusCode::FORBIDDEN,
            "only the campaign's organiser may do this (`ptg invite --organiser`)",
        )),
    }
}

/// The rights to act on a battle of campaign `campaign_id` between rosters `sides`: 401
/// without a token, 403 with one that is neither the organiser's nor a side's player's.
pub async fn in_battle(
    server: &Shared,
    headers: &HeaderMap,
    campaign_id: i64,
    sides: &[i64],
) -> Result<Principal, Failure> {
    let ring = keyring(server, headers).await?;
    if ring.is_empty() {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this needs an invite: send `Authorization: Bearer <token>` (see `ptg invite`)",
        ));
    }
    match ring.in_battle(campaign_id, sides) {
        Some(key) => Ok(key.who),
        None => Err(Failure::new(
            StatusCode::FORBIDDEN,
            "only the campaign's organiser or a player of this battle may do this",
        )),
    }
}

/// Roster `id` (404 if the server has none) and the rights to change it (401, 403).
pub async fn changing(
    server: &Shared,
    headers: &HeaderMap,
    id: i64,
) -> Result<crate::ops::roster::Located, Failure> {
    Ok(changing_by(server, headers, id).await?.0)
}

/// As [`changing`], with who holds the rights.
pub async fn changing_by(
    server: &Shared,
    headers: &HeaderMap,
    id: i64,
) -> Result<(crate::ops::roster::Located, Principal), Failure> {
    let at = server
        .with_reader(move |s, store| s.locate(store, id))
        .await
        .map_err(crate::server::not_found_if_unknown)?;
    let who = may_change(server, headers, at.campaign_id, id).await?;
    Ok((at, who))
}
