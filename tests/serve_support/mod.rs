//! What the server tests (`tests/serve.rs`, `tests/serve_forms.rs`) share: one request sent
//! to `ptg serve`'s router on a test database without a socket, and invite tokens.

#![allow(dead_code)]

use super::common::Ptg;
use super::common::league::LEAGUE;
use axum::body::{Body, to_bytes};
use axum::http::{HeaderMap, Request, StatusCode};
use ptg::catalogue::Catalogue;
use ptg::server::{Server, router};
use serde_json::Value;
use tower::ServiceExt;

/// The answer to one request: status, headers and body.
pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }
}

/// Sends one request to a server on `p`'s database (`--private` when `private`, serving
/// `campaign` only when given, as `--campaign`).
pub async fn send_to(p: &Ptg, private: bool, campaign: Option<i64>, request: Request<Body>) -> Answer {
    let server = Server {
        db: p.db(),
        catalogue: Catalogue::load(&[]).unwrap(),
        private,
        campaign,
    };
    let response = router(server).oneshot(request).await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).to_string(),
    }
}

/// A new invite's token (`ptg invite LEAGUE ARGS`).
pub fn invite(p: &Ptg, args: &[&str]) -> String {
    let made = p.json(&[&["invite", LEAGUE][..], args].concat());
    made["token"].as_str().unwrap().to_string()
}

/// The id of roster `name`.
pub fn roster_id(p: &Ptg, name: &str) -> i64 {
    p.json(&["roster", "show", name])["id"].as_i64().unwrap()
}
