//! Who a request comes from: the invite token in `Authorization: Bearer <token>` (scripts), or
//! the session a browser signed in with from an invite link (its cookie), turned into the
//! rights it carries.

use crate::ops::invite::Principal;
use crate::server::{Failure, Shared};
use axum::http::{HeaderMap, StatusCode, header};

/// The name of the session cookie: a session's id (`ops::session`), HttpOnly and SameSite=Lax.
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

/// The browser session's id, from its cookie; the pages' forms carry a key derived from it
/// (`ops::invite::form_key`).
pub fn session_id(headers: &HeaderMap) -> Option<String> {
    cookie(headers, COOKIE)
}

/// Whether the request carries a session cookie.
pub fn has_session(headers: &HeaderMap) -> bool {
    session_id(headers).is_some()
}

/// The rights the request carries: its Bearer token's, else its session's; `None` without
/// either; 401 for a token or a session that is unknown, expired or revoked.
pub async fn principal(server: &Shared, headers: &HeaderMap) -> Result<Option<Principal>, Failure> {
    let found = if let Some(token) = bearer(headers) {
        server
            .with_reader(move |_, store| crate::ops::invite::principal(store, &token))
            .await?
    } else if let Some(session) = session_id(headers) {
        server
            .with_reader(move |_, store| crate::ops::session::principal(store, &session))
            .await?
    } else {
        return Ok(None);
    };
    match found {
        Some(p) => Ok(Some(p)),
        None => Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this invite is unknown or was revoked, or this browser's session has ended; open the \
             invite link again, or ask the organiser for a new one",
        )),
    }
}

/// Refuses reading without an invite when the server is private. Elsewhere a stale invite (a
/// revoked one's cookie) reads as anyone does.
pub async fn may_read(server: &Shared, headers: &HeaderMap) -> Result<Option<Principal>, Failure> {
    let who = match principal(server, headers).await {
        Err(f) if f.status == StatusCode::UNAUTHORIZED && !server.private => None,
        other => other?,
    };
    if who.is_none() && server.private {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this league is private: open the invite link the organiser sent you",
        ));
    }
    Ok(who)
}

/// The rights to change roster `roster_id` of campaign `campaign_id`: 401 without a token,
/// 403 with one that does not reach it.
pub async fn may_change(
    server: &Shared,
    headers: &HeaderMap,
    campaign_id: i64,
    roster_id: i64,
) -> Result<Principal, Failure> {
    let Some(who) = principal(server, headers).await? else {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "changing a roster needs an invite: send `Authorization: Bearer <token>` (see `ptg invite`)",
        ));
    };
    if !who.may_change(campaign_id, roster_id) {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "this invite may not change that roster: a player changes their own roster only",
        ));
    }
    Ok(who)
}

/// The organiser's rights over campaign `campaign_id`: 401 without a token, 403 with a
/// player's or another campaign's.
pub async fn organiser(server: &Shared, headers: &HeaderMap, campaign_id: i64) -> Result<Principal, Failure> {
    let Some(who) = principal(server, headers).await? else {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this needs the organiser's invite: send `Authorization: Bearer <token>` (see `ptg invite --organiser`)",
        ));
    };
    if !(who.is_organiser() && who.campaign_id == campaign_id) {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "only the campaign's organiser may do this (`ptg invite --organiser`)",
        ));
    }
    Ok(who)
}

/// Whether `who` may act on a battle of campaign `campaign_id` between rosters `sides` (roll
/// its twist, name its realm): its campaign's organiser, or the player of one of its sides.
pub fn acts_in_battle(who: &Principal, campaign_id: i64, sides: &[i64]) -> bool {
    sides.iter().any(|&r| who.may_change(campaign_id, r))
}

/// The rights to act on a battle of campaign `campaign_id` between rosters `sides`: 401
/// without a token, 403 with one that is neither the organiser's nor a side's player's.
pub async fn in_battle(
    server: &Shared,
    headers: &HeaderMap,
    campaign_id: i64,
    sides: &[i64],
) -> Result<Principal, Failure> {
    let Some(who) = principal(server, headers).await? else {
        return Err(Failure::new(
            StatusCode::UNAUTHORIZED,
            "this needs an invite: send `Authorization: Bearer <token>` (see `ptg invite`)",
        ));
    };
    if !acts_in_battle(&who, campaign_id, sides) {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            "only the campaign's organiser or a player of this battle may do this",
        ));
    }
    Ok(who)
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
