//! The server's accept loop, with bounds on what a client may hold (issue #30): a connection
//! that has not sent a whole request's headers within `header_timeout` (a slow or silent
//! client, or an idle keep-alive one) is closed; a request whose handling, its body's reading
//! included, takes longer than `request_timeout` is answered 503; and at most
//! `max_connections` are served at once, the next ones waiting in the listener's backlog until
//! one closes. So a few slow clients cannot hold every file descriptor while normal requests
//! time out.

use super::Failure;
use crate::store::Gate;
use axum::Router;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::Service;

tokio::task_local! {
    /// The deadline of the request being handled: a write commits only before it passed
    /// (`Server::with_store` gives it to the request's store).
    pub(super) static DEADLINE: Gate;
}

/// What one client may hold.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// The time to send a request's headers (from the connection's opening, or the end of the
    /// previous request on a kept-alive one).
    pub header_timeout: Duration,
    /// The time to answer one request, its body's reading included.
    pub request_timeout: Duration,
    /// Connections served at once.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            max_connections: 256,
        }
    }
}

/// How long a stop waits for requests in progress before leaving them.
const STOP_GRACE: Duration = Duration::from_secs(10);

/// Serves `app` on `listener` within `limits` until `stop` completes; then waits up to
/// [`STOP_GRACE`] for the requests in progress.
pub async fn run(listener: TcpListener, app: Router, limits: Limits, stop: impl Future<Output = ()>) {
    let slots = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    tokio::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut stop => break,
        };
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                // Out of file descriptors, or a connection reset before it was taken: wait a
                // moment (a slow client's timeout frees one) and go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let request_timeout = limits.request_timeout;
        let service = hyper::service::service_fn(move |request: hyper::Request<Incoming>| {
            let mut app = app.clone();
            async move {
                let gate = Gate::new();
                let call = DEADLINE.scope(gate.clone(), app.call(request));
                let answer = tokio::time::timeout(request_timeout, call).await;
                Ok::<_, Infallible>(match answer {
                    Ok(Ok(response)) => response,
                    Ok(Err(never)) => match never {},
                    Err(_) => {
                        // Its work may still be running: from now on it cannot commit, and
                        // whether it did before is known (`Gate`).
                        let what = match gate.close() {
                            true => {
                                "what it asked for was saved before the time ran out; look before doing it again"
                            }
                            false => {
                                "nothing of it was saved, and nothing more is done for it; it may be tried again"
                            }
                        };
                        let mut late = Failure::new(
                            StatusCode::SERVICE_UNAVAILABLE,
                            format!(
                                "the request took longer than {} s: {what}",
                                request_timeout.as_secs()
                            ),
                        )
                        .into_response();
                        super::edge::secure(late.headers_mut());
                        late
                    }
                })
            }
        });
        let mut builder = http1::Builder::new();
        builder
            .timer(TokioTimer::new())
            .header_read_timeout(limits.header_timeout);
        let connection = graceful.watch(builder.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            let _ = connection.await;
            drop(permit);
        });
    }
    let _ = tokio::time::timeout(STOP_GRACE, graceful.shutdown()).await;
}
