//! `GET /healthz`: whether the server can serve, for a process supervisor, a container's health
//! check or a proxy (issue #39). 200 `{"ok":true}` when the database answers a trivial read
//! through the server's own read connections; 503 in the API's shape when it does not, or not
//! within [`PATIENCE`]. Open to anyone, also on a private server: it says nothing of the
//! league, and is never cached.

use super::{Failure, Shared};
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use std::time::Duration;

/// How long the check waits for its read (a turn to read included) before saying 503.
const PATIENCE: Duration = Duration::from_secs(5);

pub fn routes() -> Router<Shared> {
    Router::new().route("/healthz", get(healthz))
}

async fn healthz(State(server): State<Shared>) -> Response {
    let read = server.with_reader(|_, store| crate::ops::health(store));
    let mut answer = match tokio::time::timeout(PATIENCE, read).await {
        Ok(Ok(())) => axum::Json(serde_json::json!({ "ok": true })).into_response(),
        Ok(Err(failed)) => Failure::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the database does not answer: {}", failed.message),
        )
        .into_response(),
        Err(_) => Failure::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the database did not answer within {} s", PATIENCE.as_secs()),
        )
        .into_response(),
    };
    answer
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    answer
}
