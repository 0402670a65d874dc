//! ptg: a Path to Glory campaign manager. The library holds the rules engine, the catalogue of
//! factions and battlepacks, the SQLite store, and the operations (one per user action) that
//! tie them together; `cli` is the command-line shell over the operations.

pub mod catalogue;
pub mod cli;
pub mod error;
pub mod fix;
pub mod ids;
pub mod lists;
pub mod names;
pub mod numbers;
pub mod ops;
pub mod rules;
pub mod server;
pub mod sheet;
pub mod store;
pub mod views;
