//! Former names of BSData's unit entries (issue #41), from `data/renames.toml`: the table
//! `tools/bsdata_renames.sh` derives from the catalogues' git history (a checkout the importer
//! reads has no history, and CI has no network, so the table is kept as data, with the commit
//! range it came from). The importer writes each warscroll's former names as its `formerly`.

use serde::Deserialize;
use std::collections::HashMap;
use std::sync::OnceLock;

/// The table as bundled.
const TABLE: &str = include_str!("../../../data/renames.toml");

#[derive(Deserialize)]
struct Table {
    #[serde(default)]
    renames: Vec<Rename>,
}

#[derive(Deserialize)]
struct Rename {
    id: String,
    formerly: Vec<String>,
}

/// The former names of the unit entry `id`, none when it was never renamed (or the table does
/// not read: a unit test checks it does).
pub fn formerly(id: &str) -> Vec<String> {
    static BY_ID: OnceLock<HashMap<String, Vec<String>>> = OnceLock::new();
    BY_ID
        .get_or_init(|| {
            toml::from_str::<Table>(TABLE)
                .map(|t| t.renames.into_iter().map(|r| (r.id, r.formerly)).collect())
                .unwrap_or_default()
        })
        .get(id)
        .cloned()
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bundled_table_reads_and_knows_the_renames_lists_meet() {
        let table: Table = toml::from_str(TABLE).expect("data/renames.toml reads");
        assert!(table.renames.len() > 20);
        // Barrow Guard's entry was Grave Guard; Barrow Knights' was Black Knights.
        assert_eq!(formerly("2485-5204-885a-9d5c"), ["Grave Guard"]);
        assert_eq!(formerly("83ee-18f8-249d-5fac"), ["Black Knights"]);
        assert!(formerly("no-such-id").is_empty());
    }
}
