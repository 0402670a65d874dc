//! `ptg serve`: the league on the web (issue #20). Pages for people and a small JSON API for
//! scripts, both over the same operations as the CLI (`ops`): no rule is written twice.
//!
//! Each request's work runs on a blocking thread with a connection of its own (SQLite
//! connections are not shared between threads): a read borrows one of a few kept open
//! (`readers`, `Server::with_reader`), a write opens the database for itself
//! (`Server::with_store`), so the CLI and the server may write the same file at once: each
//! write is one transaction, as from the command line. Who may change what comes from the
//! invite token a request carries (`auth`): a player changes their own roster only, the
//! organiser any roster of their campaign; everyone else reads, or nothing with `--private`.

mod api;
mod assets;
mod backups;
mod battle;
mod bodies;
mod cache;
mod campaign;
mod edge;
mod health;
mod kept;
mod kit;
mod listen;
mod next;
mod public;
mod readers;
mod request_log;
mod roster;
mod session;
mod writers;

use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::store::Store;
use axum::Router;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kit::rights::auth;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

pub use backups::Backups;
pub use listen::Limits;
pub use public::{BaseUrl, Public, parse_proxy};

/// What every request needs: the database file, the data, and who may read.
pub struct Server {
    pub db: PathBuf,
    pub catalogue: Catalogue,
    /// Pages and API for invited people only.
    pub private: bool,
    /// Serve this campaign only (`--campaign`): the others are not there (404).
    pub campaign: Option<i64>,
    /// The one-time set-up link's token, by its hash, until it has made a campaign
    /// (`ptg serve` on a database with no campaign, or `--setup`).
    pub setup: std::sync::Mutex<Option<String>>,
    /// The connections reads borrow (`with_reader`).
    readers: readers::Readers,
    /// The connections writes borrow (`with_store`).
    writers: writers::Writers,
    /// Each campaign's race, kept until the log moves (the league page's chart).
    races: campaign::chart::Races,
    /// Where people reach the server (every link's start) and which proxies it believes.
    pub public: Public,
    /// The rosters one join link may make in any hour (`--joins-per-hour`).
    pub joins_per_hour: u32,
    /// Backups written while serving (`--backup-every`).
    backups: Option<Backups>,
    /// The pages kept for readers who are no one in particular, until the league changes.
    cache: cache::Cache,
}

type Shared = Arc<Server>;

tokio::task_local! {
    /// On a private server, the campaigns of the sign-ins a request comes with (`None`: none):
    /// set for the request's whole handling by [`reader_scope`].
    static READER: Option<Arc<[i64]>>;
}

std::thread_local! {
    /// [`READER`] on the blocking thread running a request's work (`Server::with_store`,
    /// `Server::with_reader`).
    static READER_HERE: std::cell::RefCell<Option<Arc<[i64]>>> = const { std::cell::RefCell::new(None) };
}

/// Puts `reader` in [`READER_HERE`] while alive, and takes it out again when dropped.
struct ReaderHere;

impl ReaderHere {
    fn set(reader: Option<Arc<[i64]>>) -> ReaderHere {
        READER_HERE.with(|r| *r.borrow_mut() = reader);
        ReaderHere
    }
}

impl Drop for ReaderHere {
    fn drop(&mut self) {
        READER_HERE.with(|r| *r.borrow_mut() = None);
    }
}

/// On a private server, each request reads only the campaigns of the sign-ins it comes with:
/// every look-up of a campaign, roster or battle by id (`Server::in_scope`) answers "there is
/// none" for another campaign's, so pages, downloads and the API alike stay within it.
async fn reader_scope(
    axum::extract::State(server): axum::extract::State<Shared>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    if !server.private {
        return next.run(req).await;
    }
    let reader = match auth::keyring(&server, req.headers()).await {
        Ok(ring) if !ring.is_empty() => Some(ring.principals().iter().map(|w| w.campaign_id).collect()),
        _ => None,
    };
    READER.scope(reader, next.run(req)).await
}

impl Server {
    /// A server of the database file `db` with the data `catalogue`; with `private`, for
    /// invited people only; with `campaign`, of that campaign only.
    pub fn new(db: PathBuf, catalogue: Catalogue, private: bool, campaign: Option<i64>) -> Server {
        Server {
            db,
            catalogue,
            private,
            campaign,
            setup: std::sync::Mutex::new(None),
            readers: readers::Readers::new(),
            writers: writers::Writers::default(),
            races: Default::default(),
            public: Public::default(),
            joins_per_hour: crate::ops::join::JOINS_PER_HOUR,
            backups: None,
            cache: cache::Cache::default(),
        }
    }

    /// The server whose join links make at most `n` rosters in any hour.
    pub fn with_joins_per_hour(self, n: u32) -> Server {
        Server {
            joins_per_hour: n,
            ..self
        }
    }

    /// The server reached at `public.base`, believing `public.proxies`.
    pub fn with_public(self, public: Public) -> Server {
        Server { public, ..self }
    }

    /// The server writing `backups` while it serves.
    pub fn with_backups(self, backups: Option<Backups>) -> Server {
        Server { backups, ..self }
    }

    /// The server with a one-time set-up link whose token hashes to `setup`.
    pub fn with_setup(self, setup: Option<String>) -> Server {
        Server {
            setup: std::sync::Mutex::new(setup),
            ..self
        }
    }

    fn in_scope(&self, campaign_id: i64) -> bool {
        let reader = match self.private {
            true => READER_HERE.with(|r| r.borrow().clone()),
            false => None,
        };
        self.campaign.is_none_or(|c| c == campaign_id) && reader.is_none_or(|cs| cs.contains(&campaign_id))
    }

    /// Roster `id`, if it is of a campaign this server serves.
    fn locate(&self, store: &mut Store, id: i64) -> Result<crate::ops::roster::Located> {
        let at = crate::ops::roster::locate(store, crate::ids::RosterId(id))?;
        if !self.in_scope(at.campaign_id) {
            return Err(Error::refused(format!("there is no roster with id {id}")));
        }
        Ok(at)
    }

    /// Battle `id`, if it is of a campaign this server serves.
    fn battle<'a>(&'a self, store: &mut Store, id: i64) -> Result<crate::ops::battle::Shown<'a>> {
        let shown = crate::ops::battle::show(&self.catalogue, store, id)?;
        if !self.in_scope(shown.battle.campaign_id) {
            return Err(Error::refused(format!("there is no battle {id}")));
        }
        Ok(shown)
    }

    /// The campaigns this server serves.
    fn campaigns(&self, store: &mut Store) -> Result<Vec<crate::store::CampaignRow>> {
        let mut all = crate::ops::campaign::list(store)?;
        all.retain(|c| self.in_scope(c.campaign.id));
        Ok(all)
    }

    /// Runs `work` with a write connection of its own (`writers`) on a blocking thread: for
    /// requests that write (reads borrow a kept read connection, `with_reader`).
    async fn with_store<T: Send + 'static>(
        self: &Arc<Self>,
        work: impl FnOnce(&Server, &mut Store) -> Result<T> + Send + 'static,
    ) -> Result<T, Failure> {
        let server = self.clone();
        let reader = READER.try_with(|r| r.clone()).ok().flatten();
        let gate = listen::DEADLINE.try_with(Clone::clone).ok();
        tokio::task::spawn_blocking(move || {
            let _reading = ReaderHere::set(reader);
            let (mut store, identity) = server.writers.take(&server.db)?;
            if let Some(gate) = gate {
                store.set_gate(gate);
            }
            let done = work(&server, &mut store);
            server.writers.give_back(store, identity);
            done
        })
        .await
        .map_err(|e| Failure::from(Error::Internal(anyhow::anyhow!("a request's work stopped: {e}"))))?
        .map_err(|e| self.failure(e))
    }

    /// `e` as the request's answer: when the database file was deleted, moved or copied over
    /// while the server ran, a 503 saying so (and what to do), not an internal error.
    fn failure(&self, e: Error) -> Failure {
        let gone = !self.db.exists();
        let damaged = matches!(&e, Error::Internal(cause) if crate::store::is_damaged(cause));
        let db = self.db.display();
        match (gone, damaged) {
            (true, _) => Failure::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the database file {db} is no longer there: it was deleted or moved while ptg \
                     serve ran; nothing was read or saved. Put the file back (or restore a backup \
                     there with ptg restore) and the server goes on with it"
                ),
            ),
            (false, true) => Failure::new(
                StatusCode::SERVICE_UNAVAILABLE,
                format!(
                    "the database file {db} was changed under the server (copied over or \
                     replaced while it ran) and cannot be read as it is ({e}); nothing was saved. \
                     Stop ptg serve, put the league back (ptg restore with a backup), and start \
                     it again"
                ),
            ),
            (false, false) => Failure::from(e),
        }
    }
}

/// Every page and API route, for `serve` and for tests (which drive it without a socket).
pub fn router(server: Server) -> Router {
    router_of(Arc::new(server))
}

fn router_of(shared: Shared) -> Router {
    let app = Router::new()
        .merge(assets::routes())
        .merge(health::routes())
        .merge(campaign::routes())
        .merge(roster::routes())
        .merge(battle::routes())
        .merge(session::routes())
        .merge(api::routes())
        .layer(axum::middleware::from_fn_with_state(shared.clone(), reader_scope))
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            session::clear_stale_session,
        ))
        .layer(axum::middleware::from_fn(edge::api_writes_need_a_token))
        .layer(axum::middleware::from_fn(edge::refusals_in_kind))
        .with_state(shared.clone());
    // Around every page and form: a form's answer is a 303 with the page's flash.
    app.layer(axum::middleware::from_fn(kit::answers::answer_forms))
        // One tap, one write: a token sent again gets the first answer, whole (`once.rs`).
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            kit::once::one_write,
        ))
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            bodies::rights_before_body,
        ))
        .layer(axum::middleware::from_fn(edge::declared_too_large))
        // A page everyone sees alike, kept until the league changes (`cache.rs`).
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            cache::kept_pages,
        ))
        .layer(axum::middleware::from_fn(edge::security_headers))
        // Before anything reads a header: what a proxy says is believed from a trusted one only.
        .layer(axum::middleware::from_fn_with_state(
            shared.clone(),
            public::believe_proxies_only,
        ))
        .layer(axum::middleware::from_fn_with_state(
            shared,
            request_log::log_requests,
        ))
}

/// The most threads the server runs blocking work on (see [`serve`]).
const BLOCKING_THREADS: usize = 16;

/// Serves `server` on `listen` until Ctrl-C or SIGTERM (`stopped`), within `limits` (timeouts, connections).
pub fn serve(mut server: Server, setup: Option<String>, listen: SocketAddr, limits: Limits) -> Result<()> {
    // Blocking work (reads, writes, the page cache's look for commits) runs on at most
    // `BLOCKING_THREADS` threads: each thread SQLite and the allocator touch costs memory of
    // its own, and tokio's default (512) let 50 clients waiting on the page cache's watcher
    // grow the server from 50 to 66 MB (issue 42). Reads take turns on a few connections
    // anyway, so more threads only wait.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .max_blocking_threads(BLOCKING_THREADS)
        .build()
        .map_err(|e| Error::Internal(anyhow::anyhow!("cannot start the server's runtime: {e}")))?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind(listen).await.map_err(|e| {
            Error::refused(format!(
                "cannot listen on {listen}: {e}; pick another with --listen"
            ))
        })?;
        // Listened for before saying where it listens: a stop sent once it has said so is heard.
        let stop = stopped()?;
        // The address bound, so `--listen 127.0.0.1:0` says which port it got.
        let bound = listener.local_addr().unwrap_or(listen);
        // Links start with `--base-url`, else the address listened on (never a request's Host).
        let public = &mut server.public;
        let base = public
            .base
            .get_or_insert_with(|| BaseUrl::of_listen(bound))
            .clone();
        let links = match base.to_string() == format!("http://{bound}") {
            true => String::new(),
            false => format!("; links start with {base}"),
        };
        eprintln!("ptg serve: listening on http://{bound} (Ctrl-C stops it){links}");
        if let Some(token) = setup {
            let link = base.link(&format!("/setup/{token}"));
            eprintln!("ptg serve: make the campaign on the web (once) at {link}");
        }
        let proxies = server.public.proxies.clone();
        let shared = Arc::new(server);
        if let Some(plan) = shared.backups.clone() {
            tokio::spawn(backups::run(shared.clone(), plan));
        }
        listen::run(listener, router_of(shared), limits, proxies, stop).await;
        Ok(())
    })
}

/// What stops the server: Ctrl-C, or SIGTERM (`systemctl stop`, `docker stop`), alike: the
/// requests under way are finished, every connection to the database closed (so its
/// write-ahead log is folded in and removed), and the exit is 0. Both are listened for from
/// the call on.
#[cfg(unix)]
fn stopped() -> Result<impl std::future::Future<Output = ()>> {
    use tokio::signal::unix::{SignalKind, signal};
    let heard = |kind: SignalKind, name: &str| {
        signal(kind).map_err(|e| Error::Internal(anyhow::anyhow!("cannot listen for {name}: {e}")))
    };
    let mut interrupt = heard(SignalKind::interrupt(), "Ctrl-C")?;
    let mut terminate = heard(SignalKind::terminate(), "SIGTERM")?;
    Ok(async move {
        tokio::select! {
            _ = interrupt.recv() => {}
            _ = terminate.recv() => {}
        }
    })
}

/// What stops the server: Ctrl-C.
#[cfg(not(unix))]
fn stopped() -> Result<impl std::future::Future<Output = ()>> {
    Ok(async {
        let _ = tokio::signal::ctrl_c().await;
    })
}

/// Why a request was not done: the status and the same message the CLI gives.
#[derive(Debug)]
pub struct Failure {
    status: StatusCode,
    /// What is wrong, without the fixes.
    message: String,
    /// What would put it right, as data: the pages word it as fields and forms, the API gives
    /// it as JSON beside the CLI's sentence.
    fixes: Vec<crate::fix::Fix>,
    /// What the CLI shows beside its message (a list import's report), for the API's answer.
    report: Option<serde_json::Value>,
    /// The form's field (the body's key) the refusal is about, when it is about one: the pages
    /// put the message beside it, the API gives it as `"field"`.
    field: Option<String>,
}

impl Failure {
    fn new(status: StatusCode, message: impl Into<String>) -> Failure {
        Failure {
            status,
            message: message.into(),
            fixes: Vec::new(),
            report: None,
            field: None,
        }
    }

    /// The refusal, about the field `name` of the form or body sent.
    pub fn on_field(self, name: &str) -> Failure {
        Failure {
            field: Some(name.to_string()),
            ..self
        }
    }

    /// The field the refusal is about, if any.
    pub fn field(&self) -> Option<&str> {
        self.field.as_deref()
    }

    /// The refusal as a page says it: the fixes as the pages' fields and forms.
    pub fn for_pages(&self) -> String {
        crate::fix::with_page_words(&self.message, &self.fixes)
    }
}

impl From<Error> for Failure {
    fn from(e: Error) -> Failure {
        match e {
            // A rule broken or a name unknown: the request cannot be done as asked.
            Error::Refused { message, fixes } => Failure {
                fixes,
                ..Failure::new(StatusCode::UNPROCESSABLE_ENTITY, message)
            },
            Error::Internal(e) => Failure::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                format!("internal error: {e:#}"),
            ),
            Error::PipeClosed => Failure::new(StatusCode::INTERNAL_SERVER_ERROR, "output closed"),
        }
    }
}

impl IntoResponse for Failure {
    fn into_response(self) -> Response {
        let error = crate::fix::with_cli_words(&self.message, &self.fixes);
        let mut body = serde_json::json!({ "error": error, "status": self.status.as_u16() });
        if !self.fixes.is_empty() {
            body["fixes"] = serde_json::json!(self.fixes);
        }
        if let Some(report) = self.report {
            body["report"] = report;
        }
        if let Some(field) = self.field {
            body["field"] = serde_json::json!(field);
        }
        (self.status, axum::Json(body)).into_response()
    }
}

/// A roster, battle or campaign id that names nothing is a 404, not a refused rule.
fn not_found_if_unknown(f: Failure) -> Failure {
    let unknown = [
        "there is no roster with id",
        "there is no battle",
        "there is no campaign with id",
    ];
    if f.status == StatusCode::UNPROCESSABLE_ENTITY && unknown.iter().any(|u| f.message.starts_with(u)) {
        return Failure {
            status: StatusCode::NOT_FOUND,
            ..f
        };
    }
    f
}
