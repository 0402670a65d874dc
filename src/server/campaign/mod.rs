//! A campaign's pages and actions: the organiser's page and what it changes (settings,
//! rosters, deleting), undo, and the history, audit and battle list pages.

pub(super) mod actions;
pub(super) mod logs;
pub(super) mod organise;
pub(super) mod undo;

use super::Shared;
use axum::Router;

pub fn routes() -> Router<Shared> {
    Router::new()
        .merge(organise::routes())
        .merge(actions::routes())
        .merge(undo::routes())
        .merge(logs::routes())
}
