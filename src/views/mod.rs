//! The JSON shapes and words that the CLI's `--json` output, the server's API and its pages
//! share, so a script gets the same JSON from either door. Neither `cli` nor `server` owns them:
//! both call down into this module, which calls `ops` and `rules` only.

pub mod battle;
pub mod history;
pub mod outcome;
pub mod roster;
