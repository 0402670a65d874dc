//! A campaign's pages and actions: the campaigns served and the league page (`page`), the
//! league's race chart (`chart`), the organiser's page and what it changes (settings,
//! rosters, deleting), undo, and the history, audit and battle list pages.

pub(super) mod actions;
pub(super) mod chart;
pub(super) mod logs;
pub(in crate::server) use logs::Older;
pub(super) mod organise;
pub(super) mod page;
pub(super) mod undo;

use super::Shared;
use axum::Router;

pub fn routes() -> Router<Shared> {
    Router::new()
        .merge(page::routes())
        .merge(chart::routes())
        .merge(organise::routes())
        .merge(actions::routes())
        .merge(undo::routes())
        .merge(logs::routes())
}
