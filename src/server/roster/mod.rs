//! A roster's page, its downloads (sheet.pdf, list.txt), and what its player (or the organiser) does to it: starting units, quests,
//! ranks, enhancements, the Arcane Tome, renaming, undo, and pasted army lists.

pub(super) mod actions;
pub(super) mod changes;
pub(super) mod downloads;
pub(super) mod forms;
pub(super) mod import;
pub(super) mod page;

use super::Shared;
use axum::Router;
use axum::routing::get;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/rosters/{id}", get(page::roster))
        .route("/rosters/{id}/battles", get(page::battles))
        .route("/rosters/{id}/sheet.pdf", get(downloads::sheet))
        .route("/rosters/{id}/list.txt", get(downloads::list))
        .merge(actions::routes())
        .merge(import::routes())
}
