//! Factions and battlepacks: serde types, loading the embedded TOML from `data/` and user
//! folders, and importers of outside data (BSData catalogues).

pub mod battlepack;
pub mod bounds;
pub mod bsdata;
pub mod counts;
pub mod dice;
pub mod diff;
pub mod faction;
pub mod load;
pub mod options;
pub mod summary;

pub use battlepack::Battlepack;
pub use faction::{EnhancementKind, EnhancementTable, Faction, Lore, LoreEntry, LoreKind, Warscroll};
pub use load::{Catalogue, DataError, Origin, parse_battlepack, parse_faction};
pub use options::{PackOptions, Realm, Table, TableKind};
pub use summary::FactionSummary;

#[cfg(test)]
mod ascension_tests;
