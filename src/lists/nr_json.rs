//! (being written) New Recruit's JSON export.

use super::{ListError, ParsedList};

pub fn parse(_json: &str) -> Result<ParsedList, ListError> {
    Err(ListError("reading New Recruit JSON is not built yet".into()))
}
