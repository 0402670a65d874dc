//! The server's end-to-end tests (`ptg serve`: its router without a socket, and the real
//! process on a loopback port), one test binary: each former `tests/serve_*.rs` is a module here,
//! so the ptg library and its dependencies are linked once rather than once a file. Run one part
//! with `cargo test --test serve race::` (the module path prefixes each test's name).
//!
//! The helpers are shared with the other test targets: `#[path]` names them in place.

#[path = "../common/mod.rs"]
mod common;
#[path = "../serve_support/mod.rs"]
mod serve_support;

mod answers;
mod backups;
mod battle;
mod battle_forms;
mod cache;
mod correct;
mod drafts;
mod edges;
mod every_write_api;
mod file;
mod forms;
mod headers;
mod health;
mod ids;
mod import;
mod join;
mod join_limits;
mod keyring;
mod league_pages;
mod limits;
mod next;
mod organise;
mod proxy;
mod race;
mod readers;
mod realm;
mod roster;
mod roster_offers;
mod router;
mod security;
mod stop;
mod words;
