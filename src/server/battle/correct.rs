//! The organiser corrects a battle's result from its page (`ptg battle result N --correct`,
//! issue 38): the result's form again, filled in with the result as recorded, offered while
//! neither side's aftermath has run. A refusal (an aftermath run meanwhile, a triumph rolled
//! from the victory it would take away) comes back beside the form with what was typed.

use crate::server::Shared;
use crate::server::battle::before::ArmyOf;
use crate::server::battle::result::{SuddenDeathFields, result_fields};
use crate::server::kit::extract::Form;
use crate::server::kit::extract::Path;
use crate::server::kit::forms::Fields;
use axum::Router;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::post;
use maud::Markup;
use serde_json::Value;

pub fn routes() -> Router<Shared> {
    Router::new().route("/battles/{id}/correct", post(correct))
}

/// `POST /battles/{id}/correct`: `ptg battle result --correct` (the organiser).
async fn correct(
    State(server): State<Shared>,
    headers: HeaderMap,
    Path(id): Path<i64>,
    Form(f): Form<Fields>,
) -> Response {
    super::result::submit_result(server, headers, id, f, true).await
}

/// Correct the result (the organiser, before either aftermath): the result's form filled in
/// with the result as `battle` (the page's view of it) has it.
pub fn correct_form(
    battle_id: i64,
    key: &str,
    sides: &[ArmyOf],
    sudden: Option<&SuddenDeathFields>,
    battle: &Value,
) -> Markup {
    let action = format!("/battles/{battle_id}/correct");
    result_fields(&action, key, sides, sudden, Some(battle), "Correct the result")
}
