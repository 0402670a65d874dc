//! ptg: a Path to Glory campaign manager. The library holds the rules engine, the catalogue of
//! factions and battlepacks, and the SQLite store; `main.rs` is the command-line shell.

pub mod catalogue;
pub mod cli;
pub mod names;
pub mod rules;
pub mod sheet;
pub mod store;
