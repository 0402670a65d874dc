//! A battle's page and its forms: planning it, each side's army, the twists, realm and sudden
//! death objective before it is fought, its result and its correction, and the API's sudden
//! death pick.

pub(super) mod aftermath;
pub(super) mod api;
pub(super) mod army;
pub(super) mod before;
pub(super) mod correct;
pub(super) mod page;
pub(super) mod plan;
pub(super) mod result;

use super::Shared;
use axum::Router;
use axum::routing::get;

pub fn routes() -> Router<Shared> {
    Router::new()
        .route("/battles/{id}", get(page::battle))
        .merge(plan::routes())
        .merge(army::routes())
        .merge(aftermath::routes())
        .merge(before::routes())
        .merge(result::routes())
        .merge(correct::routes())
        .merge(api::routes())
}
