//! The bundled data as `build.rs` compiled it from `data/`: every file parsed and checked while
//! building, its facts kept as CBOR in the binary, and a list of them (`bundle.rs` in OUT_DIR)
//! giving each one's path, names and bytes, so a command finds a faction without reading any
//! file and decodes only the ones it asks for (decoding a faction takes a fraction of parsing
//! its TOML, which cost about half of a whole `ptg --version` on every roster command).
//!
//! CBOR, not a format without field names (postcard, bincode): the types leave empty fields
//! out when written (`skip_serializing_if`, for the TOML the importer writes), which only a
//! format that names its fields reads back.

use super::{DataError, FactionSummary};
use crate::catalogue::faction::Source;

/// One bundled file.
#[derive(Debug)]
pub(super) struct Bundled {
    /// As errors name it: `data/factions/skaven.toml`.
    pub path: &'static str,
    /// A faction's or realm's name; a battlepack's or table's id.
    pub name: &'static str,
    /// A battlepack's or table's name.
    pub alias: Option<&'static str>,
    /// Its facts, in CBOR.
    pub bytes: &'static [u8],
}

/// What `ptg faction list` shows of a bundled faction, worked out while building.
#[derive(Debug)]
pub(super) struct Head {
    pub grand_alliance: &'static str,
    /// The faction's `source`: origin, commit, date, catalogue.
    pub source: [&'static str; 4],
    pub revision: u32,
    pub units: usize,
}

impl Head {
    pub fn summary(&self, name: &str) -> FactionSummary {
        let [origin, commit, date, catalogue] = self.source.map(str::to_string);
        FactionSummary {
            name: name.to_string(),
            grand_alliance: self.grand_alliance.to_string(),
            source: Source {
                origin,
                commit,
                date,
                catalogue,
                revision: self.revision,
            },
            units: self.units,
        }
    }
}

// FACTIONS: &[(Bundled, Head)]; BATTLEPACKS, REALMS, TABLES: &[Bundled]; in file order.
include!(concat!(env!("OUT_DIR"), "/bundle.rs"));

/// A bundled file's facts. It was checked while building, so this fails only if the binary's
/// types and the build's differ (a bug), and says so.
pub(super) fn decode<T: serde::de::DeserializeOwned>(b: &Bundled) -> Result<T, DataError> {
    ciborium::from_reader(b.bytes).map_err(|e| DataError {
        path: b.path.to_string(),
        message: format!("the bundled copy cannot be read ({e}): a bug in the build"),
    })
}
