//! How much a faction file holds, so `ptg data status` can show at a glance whether the data
//! in use is complete (a faction with no lores, or a Legends count that jumped, after a
//! re-import is worth a look).

use super::faction::Faction;
use serde::Serialize;

/// Counts of one faction's facts, or of several added up.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    pub units: usize,
    /// Of the units: Legends warscrolls.
    pub legends: usize,
    /// Of the units: faction terrain.
    pub faction_terrain: usize,
    /// Of the units: Anvil of Apotheosis heroes.
    pub anvil_of_apotheosis: usize,
    pub enhancement_tables: usize,
    /// Enhancements in all tables.
    pub enhancements: usize,
    pub lores: usize,
}

impl Counts {
    pub fn of(f: &Faction) -> Counts {
        Counts {
            units: f.units.len(),
            legends: f.units.iter().filter(|u| u.legends).count(),
            faction_terrain: f.units.iter().filter(|u| u.is_faction_terrain()).count(),
            anvil_of_apotheosis: f.units.iter().filter(|u| u.anvil_of_apotheosis).count(),
            enhancement_tables: f.enhancement_tables.len(),
            enhancements: f.enhancement_tables.iter().map(|t| t.enhancements.len()).sum(),
            lores: f.lores.len(),
        }
    }
}

impl std::ops::Add for Counts {
    type Output = Counts;
    fn add(self, o: Counts) -> Counts {
        Counts {
            units: self.units + o.units,
            legends: self.legends + o.legends,
            faction_terrain: self.faction_terrain + o.faction_terrain,
            anvil_of_apotheosis: self.anvil_of_apotheosis + o.anvil_of_apotheosis,
            enhancement_tables: self.enhancement_tables + o.enhancement_tables,
            enhancements: self.enhancements + o.enhancements,
            lores: self.lores + o.lores,
        }
    }
}

impl std::iter::Sum for Counts {
    fn sum<I: Iterator<Item = Counts>>(iter: I) -> Counts {
        iter.fold(Counts::default(), |a, b| a + b)
    }
}
