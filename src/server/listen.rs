//! The server's accept loop, with bounds on what a client may hold (issues #30, #39):
//! - a connection that has not sent a whole request's headers within `header_timeout` (a slow
//!   or silent client, or an idle keep-alive one) is closed;
//! - a request whose handling, its body's reading included, takes longer than
//!   `request_timeout` is answered 503;
//! - an answer the client does not take for `write_timeout` (it pipelines requests and never
//!   reads the answers) ends its connection (`deadline::Deadlined`);
//! - a connection is asked to close after `connection_lifetime`, whatever it does (the request
//!   under way is finished first, for up to [`STOP_GRACE`]);
//! - at most `max_connections` are served at once, the next ones waiting in the listener's
//!   backlog until one closes, and at most `max_per_address` of them from one address
//!   (`addresses`), the next from it refused at once: one machine cannot take every slot.
//!
//! So neither slow clients nor one hostile machine can hold the server while normal requests
//! time out.

mod addresses;
mod deadline;

use super::Failure;
use crate::store::Gate;
use axum::Router;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::{TokioIo, TokioTimer};
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{Semaphore, watch};
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
    /// Connections served at once to one client address.
    pub max_per_address: usize,
    /// The time a client may leave an answer untaken (its socket full) before its connection ends.
    pub write_timeout: Duration,
    /// The time after which a connection is closed, once its request under way is answered.
    pub connection_lifetime: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            header_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            max_connections: 256,
            max_per_address: 64,
            write_timeout: Duration::from_secs(20),
            connection_lifetime: Duration::from_secs(600),
        }
    }
}

/// How long a stop (or a connection's end of life) waits for the request in progress before
/// leaving it.
const STOP_GRACE: Duration = Duration::from_secs(10);

/// What a client over its address's cap is told before its connection is closed.
const TOO_MANY: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\n\
Content-Length: 58\r\nConnection: close\r\nRetry-After: 10\r\nX-Content-Type-Options: nosniff\r\n\r\n\
too many connections from your address; try again shortly\n";

/// Serves `app` on `listener` within `limits` until `stop` completes; then waits up to
/// [`STOP_GRACE`] for the requests in progress. Connections from `uncapped` (the trusted
/// proxies, each connection of which is some client's) are not held to `max_per_address`.
pub async fn run(
    listener: TcpListener,
    app: Router,
    limits: Limits,
    uncapped: Vec<ipnet::IpNet>,
    stop: impl Future<Output = ()>,
) {
    let all = limits.max_connections.clamp(1, Semaphore::MAX_PERMITS);
    let slots = Arc::new(Semaphore::new(all));
    let addresses = addresses::Addresses::new(limits.max_per_address);
    let (stopping, stopped) = watch::channel(false);
    tokio::pin!(stop);
    loop {
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut stop => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                // Out of file descriptors, or a connection reset before it was taken: wait a
                // moment (a slow client's timeout frees one) and go on.
                Err(_) => {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // A trusted proxy's connections are many clients' (`--trusted-proxy`): not capped as one.
        let proxied = uncapped.iter().any(|net| net.contains(&peer.ip().to_canonical()));
        let held = if proxied { None } else { addresses.take(peer.ip()) };
        if held.is_none() && !proxied {
            // Said without waiting: a socket just opened has room for these few bytes, and a
            // client that does not read them loses nothing it was promised.
            let _ = stream.try_write(TOO_MANY);
            continue;
        }
        let connection = serve_one(stream, peer, app.clone(), limits, stopped.clone());
        tokio::spawn(async move {
            connection.await;
            drop((permit, held));
        });
    }
    let _ = stopping.send(true);
    // Every connection gives its slot back once it has ended.
    let every = u32::try_from(all).unwrap_or(u32::MAX);
    let _ = tokio::time::timeout(STOP_GRACE, slots.acquire_many(every)).await;
}

/// Serves the connection `stream` until it ends, its life is over or the server stops.
async fn serve_one(
    stream: TcpStream,
    peer: std::net::SocketAddr,
    app: Router,
    limits: Limits,
    mut stopped: watch::Receiver<bool>,
) {
    let _ = stream.set_nodelay(true);
    let request_timeout = limits.request_timeout;
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        let mut app = app.clone();
        // Who sent it, for `--trusted-proxy` and the request log (`public.rs`).
        request.extensions_mut().insert(axum::extract::ConnectInfo(peer));
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
    let io = TokioIo::new(deadline::Deadlined::new(stream, limits.write_timeout));
    let connection = builder.serve_connection(io, service);
    tokio::pin!(connection);
    tokio::select! {
        _ = connection.as_mut() => return,
        () = tokio::time::sleep(limits.connection_lifetime) => {}
        _ = stopped.wait_for(|stop| *stop) => {}
    }
    // No request after the one under way (an idle connection closes at once).
    connection.as_mut().graceful_shutdown();
    let _ = tokio::time::timeout(STOP_GRACE, connection).await;
}
