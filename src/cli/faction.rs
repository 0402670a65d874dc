//! `ptg faction list|show`: what the catalogue holds.

use super::App;
use super::output::{json, line, or_dash, table};
use crate::catalogue::Origin;
use crate::error::{Error, Result};
use clap::Subcommand;
use serde::Serialize;

#[derive(Debug, Subcommand)]
pub enum FactionCmd {
    /// The factions ptg knows, with unit counts and where their data comes from.
    List,
    /// A faction's units (points, size, reinforceable, keywords), enhancement tables and lores.
    Show {
        /// Faction name, e.g. "Stormcast Eternals".
        name: String,
    },
}

#[derive(Serialize)]
struct FactionRow<'a> {
    name: &'a str,
    grand_alliance: &'a str,
    units: usize,
    source: String,
    date: &'a str,
    loaded_from: String,
}

pub fn run(app: &mut App, cmd: FactionCmd) -> Result<()> {
    let json_out = app.json;
    let cat = app.catalogue()?;
    match cmd {
        FactionCmd::List => {
            let summaries = cat.faction_summaries()?;
            let rows: Vec<FactionRow> = summaries
                .iter()
                .map(|(f, origin)| FactionRow {
                    name: &f.name,
                    grand_alliance: &f.grand_alliance,
                    units: f.units,
                    source: if f.source.commit.is_empty() {
                        f.source.origin.clone()
                    } else {
                        format!("{} @ {}", f.source.origin, f.source.commit)
                    },
                    date: &f.source.date,
                    loaded_from: match origin {
                        Origin::Bundled => "bundled".into(),
                        Origin::User(p) => p.display().to_string(),
                    },
                })
                .collect();
            if json_out {
                return json(&rows);
            }
            let mut t = table(["Faction", "Alliance", "Units", "Source", "Date", "Loaded from"]);
            for r in &rows {
                t.add_row([
                    r.name.to_string(),
                    or_dash(r.grand_alliance),
                    r.units.to_string(),
                    r.source.clone(),
                    or_dash(r.date),
                    r.loaded_from.clone(),
                ]);
            }
            line(t.to_string())?;
            line(format!("{} factions", rows.len()))
        }
        FactionCmd::Show { name } => {
            let f = cat.faction(&name).map_err(Error::refused)?;
            if json_out {
                return json(f);
            }
            line(format!("{} ({})", f.name, or_dash(&f.grand_alliance)))?;
            line(format!(
                "Source: {} {} {} ({}, revision {})",
                f.source.origin, f.source.commit, f.source.date, f.source.catalogue, f.source.revision
            ))?;
            let mut t = table(["Unit", "Points", "Models", "Reinforceable", "Keywords"]);
            for u in &f.units {
                t.add_row([
                    unit_marks(u),
                    u.points.to_string(),
                    u.unit_size.to_string(),
                    if u.reinforceable {
                        "yes".into()
                    } else {
                        "no".to_string()
                    },
                    u.keywords.join(", "),
                ]);
            }
            line(format!("\nUnits ({})", f.units.len()))?;
            line(t.to_string())?;
            if f.units.iter().any(|u| u.legends) {
                line(
                    "[Legends]: allowed only in a campaign that allows Legends \
                     (`ptg campaign set <campaign> --legends on`).",
                )?;
            }
            line("\nEnhancement tables")?;
            let mut t = table(["Table", "Kind", "Enhancements", "Eligible units"]);
            for et in &f.enhancement_tables {
                let kind = serde_json::to_value(et.kind)?
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                t.add_row([
                    et.name.clone(),
                    kind,
                    et.enhancements.join(", "),
                    et.eligible.join(", "),
                ]);
            }
            line(t.to_string())?;
            line("\nLores")?;
            let mut t = table(["Lore", "Kind", "Spells / prayers (value)"]);
            for l in &f.lores {
                let entries: Vec<String> = l
                    .entries
                    .iter()
                    .map(|e| match e.value {
                        Some(v) => format!("{} ({v})", e.name),
                        None => e.name.clone(),
                    })
                    .collect();
                t.add_row([l.name.clone(), l.kind.to_string(), entries.join(", ")]);
            }
            line(t.to_string())
        }
    }
}

/// The unit's name with what the data marks on it, one mark a line: a Legends warscroll,
/// faction terrain, an Anvil of Apotheosis hero (not addable yet), the unit that unlocks it.
fn unit_marks(u: &crate::catalogue::Warscroll) -> String {
    let mut lines = vec![u.name.clone()];
    if u.legends {
        lines.push("[Legends]".into());
    }
    if u.is_faction_terrain() {
        lines.push("[faction terrain]".into());
    }
    if u.anvil_of_apotheosis {
        lines.push("[Anvil of Apotheosis: not addable yet]".into());
    }
    if let Some(by) = &u.unlocked_by {
        lines.push(format!("[unlocked by {by}]"));
    }
    lines.join("\n")
}
