//! What `ptg faction list` shows of a faction — its name, Grand Alliance, provenance and how
//! many units it has. Decoding all 27 bundled factions to list them would cost more than a
//! whole `ptg --version`, so `build.rs` works out each bundled faction's line while building
//! (`load/bundle.rs`'s `Head`); a user's faction, parsed as it loads, is summarised here.

use super::faction::{Faction, Source};

/// One line of the faction list.
#[derive(Debug, Clone, PartialEq)]
pub struct FactionSummary {
    pub name: String,
    pub grand_alliance: String,
    pub source: Source,
    pub units: usize,
}

impl FactionSummary {
    /// The summary of a parsed faction.
    pub fn of(f: &Faction) -> FactionSummary {
        FactionSummary {
            name: f.name.clone(),
            grand_alliance: f.grand_alliance.clone(),
            source: f.source.clone(),
            units: f.units.len(),
        }
    }
}
