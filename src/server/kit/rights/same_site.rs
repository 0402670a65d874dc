//! The same-site key of the forms a browser sends before it is signed in: the invite's "Sign
//! in" button and the join form. Their page sets a nonce cookie (SameSite=Lax, HttpOnly, on the
//! form's path) and puts into the form a key derived from the nonce and the server's secret
//! (`ops::session::server_secret`, made once and kept in the database). The POST is taken only
//! when its key is the one for the nonce cookie it comes with: another site can make a browser
//! send the form but cannot read the page's key, and a nonce cookie planted from elsewhere (a
//! sibling domain) gives no key without the secret.

use super::auth;
use crate::ops;
use crate::server::{Failure, Shared};
use axum::http::{HeaderMap, StatusCode};
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{LazyLock, Mutex};

/// The cookie that ties a form's POST to the page that showed it.
pub const COOKIE: &str = "ptg_sign_in";

/// The secret of each database served by this process, once read.
static SECRETS: LazyLock<Mutex<HashMap<PathBuf, String>>> = LazyLock::new(Mutex::default);

/// The server's secret: read (or made, the first time) from its database, then kept.
pub async fn secret(server: &Shared) -> Result<String, Failure> {
    if let Some(s) = SECRETS.lock().ok().and_then(|m| m.get(&server.db).cloned()) {
        return Ok(s);
    }
    let kept = server
        .with_reader(|_, store| ops::session::kept_secret(store))
        .await?;
    let secret = match kept {
        Some(s) => s,
        None => {
            server
                .with_store(|_, store| ops::session::server_secret(store))
                .await?
        }
    };
    if let Ok(mut m) = SECRETS.lock() {
        m.insert(server.db.clone(), secret.clone());
    }
    Ok(secret)
}

/// Whether `nonce` looks like one this server sets: 64 lowercase hex digits.
fn well_formed(nonce: &str) -> bool {
    nonce.len() == 64
        && nonce
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The key a form carries for nonce `nonce` under `secret`. Both are of fixed length (64 hex
/// digits, checked), so the hash of their concatenation is a keyed hash that cannot be
/// extended into another nonce's key.
pub fn key(secret: &str, nonce: &str) -> String {
    ops::invite::token_hash(&format!("same-site:{secret}:{nonce}"))
}

/// The nonce for a page with such a form: the request's own when it has a well-formed one
/// (a page shown again after a refusal keeps its key), else a new one; and whether it is new
/// (its cookie to be set).
pub fn nonce(headers: &HeaderMap) -> Result<(String, bool), Failure> {
    if let Some(n) = auth::cookie(headers, COOKIE).filter(|n| well_formed(n)) {
        return Ok((n, false));
    }
    Ok((ops::invite::new_token().map_err(Failure::from)?, true))
}

/// The cookie that carries `nonce` for forms under `path`, for 15 minutes.
pub fn cookie(nonce: &str, path: &str, secure: &str) -> String {
    format!("{COOKIE}={nonce}; Path={path}; HttpOnly; SameSite=Lax; Max-Age=900{secure}")
}

/// Refuses a form whose key is not the one for the nonce cookie it came with.
pub async fn check(server: &Shared, headers: &HeaderMap, sent: &str, what: &str) -> Result<(), Failure> {
    let secret = secret(server).await?;
    let from_the_page = auth::cookie(headers, COOKIE)
        .filter(|n| well_formed(n))
        .is_some_and(|nonce| key(&secret, &nonce) == sent.trim());
    if !from_the_page {
        return Err(Failure::new(
            StatusCode::FORBIDDEN,
            format!(
                "{what} must be confirmed on this league's own page: open the link again and press its button"
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_needs_the_secret_as_well_as_the_nonce() {
        let (a, b, n) = ("a".repeat(64), "b".repeat(64), "c".repeat(64));
        assert_ne!(key(&a, &n), key(&b, &n));
        assert_eq!(key(&a, &n), key(&a, &n));
        assert!(!well_formed("short"));
        assert!(well_formed(&n));
    }
}
