//! What `ptg faction list` shows of a faction — its name, Grand Alliance, provenance and how
//! many units it has — read without parsing the whole file. Parsing all 27 bundled files to
//! list them took ~8 ms, three times a whole `ptg --version`; the part above the first unit
//! is a few lines, and the units are counted by their table headers.

use super::faction::{Faction, Source};
use serde::Deserialize;

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

    /// The summary read from a faction file's text: its head (everything before the first
    /// array-of-tables header) parsed as TOML, and its `[[units]]` headers counted. `None`
    /// when the head does not read as one (the caller then parses the whole file).
    pub fn from_text(text: &str) -> Option<FactionSummary> {
        /// The keys of a faction file's head; the rest of the file is ignored here.
        #[derive(Deserialize)]
        struct Head {
            name: String,
            #[serde(default)]
            grand_alliance: String,
            source: Source,
        }
        let head_end = line_starts(text)
            .find(|&i| text[i..].trim_start().starts_with("[["))
            .unwrap_or(text.len());
        let head: Head = toml::from_str(&text[..head_end]).ok()?;
        let units = line_starts(text)
            .filter(|&i| {
                let line = text[i..].lines().next().unwrap_or("");
                line.split('#').next().unwrap_or("").trim() == "[[units]]"
            })
            .count();
        Some(FactionSummary {
            name: head.name,
            grand_alliance: head.grand_alliance,
            source: head.source,
            units,
        })
    }
}

/// The byte offset of each line's start.
fn line_starts(text: &str) -> impl Iterator<Item = usize> + '_ {
    std::iter::once(0).chain(
        text.match_indices('\n')
            .map(|(i, _)| i + 1)
            .filter(move |&i| i < text.len()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_head_and_unit_headers_give_what_parsing_gives() {
        let text = "name = \"Test Host\"\ngrand_alliance = \"Order\"\n\n[source]\norigin = \"hand\"\n\n\
                    [[units]] # the first\nname = \"A\"\npoints = 100\nunit_size = 1\n\n\
                    [[units]]\nname = \"B\"\npoints = 100\nunit_size = 1\n\n\
                    [[units.x]]\n";
        let s = FactionSummary::from_text(text).unwrap();
        assert_eq!(s.name, "Test Host");
        assert_eq!(s.grand_alliance, "Order");
        assert_eq!(s.source.origin, "hand");
        assert_eq!(s.units, 2);
    }

    #[test]
    fn a_head_that_does_not_read_is_left_to_the_parser() {
        assert_eq!(FactionSummary::from_text("name = \n[[units]]\n"), None);
        assert_eq!(FactionSummary::from_text("grand_alliance = \"Order\"\n"), None);
    }
}
