//! Factions and battlepacks: serde types, loading the bundled data (`data/`, compiled by
//! `build.rs`) and TOML from user folders, and importers of outside data (BSData catalogues).

pub mod battlepack;
pub mod bounds;
pub mod bsdata;
pub mod counts;
pub mod dice;
pub mod diff;
pub mod faction;
pub mod load;
pub mod options;
pub mod parse;
pub mod summary;
pub mod unit_index;

pub use battlepack::Battlepack;
pub use faction::{EnhancementKind, EnhancementTable, Faction, Lore, LoreEntry, LoreKind, Warscroll};
pub use load::{Catalogue, Origin};
pub use options::{PackOptions, Realm, Table, TableKind};
pub use parse::{DataError, parse_battlepack, parse_faction};
pub use summary::FactionSummary;

#[cfg(test)]
mod ascension_tests;
