//! A roster's page and what its player (or the organiser) does to it: starting units, quests,
//! ranks, enhancements, the Arcane Tome, renaming, undo, and pasted army lists.

pub(super) mod actions;
pub(super) mod changes;
pub(super) mod forms;
pub(super) mod import;
pub(super) mod page;

use super::Shared;
use axum::Router;

pub fn routes() -> Router<Shared> {
    Router::new().merge(actions::routes()).merge(import::routes())
}
