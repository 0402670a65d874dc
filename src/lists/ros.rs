//! (being written) New Recruit / BattleScribe roster files: `.ros` (XML) and `.rosz` (zipped).

use super::{ListError, ParsedList};

pub fn parse_ros(_xml: &str) -> Result<ParsedList, ListError> {
    Err(ListError("reading .ros files is not built yet".into()))
}

pub fn parse_rosz(_bytes: &[u8]) -> Result<ParsedList, ListError> {
    Err(ListError("reading .rosz files is not built yet".into()))
}
