//! `ptg faction list|show`: what the catalogue holds.

use super::App;
use super::output::{json, line, or_dash, table};
use crate::catalogue::{EnhancementTable, Faction, Lore, Origin};
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
        /// Only the enhancement tables, one enhancement a row, with the units eligible.
        #[arg(long)]
        enhancements: bool,
        /// Only the lores, one spell, prayer or manifestation a row, with its value.
        #[arg(long)]
        lores: bool,
    },
}

/// `faction show --enhancements/--lores` as JSON: the faction's name and the parts asked for.
#[derive(Serialize)]
struct Parts<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    enhancement_tables: Option<&'a [EnhancementTable]>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lores: Option<&'a [Lore]>,
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
            t.lesser(&["Loaded from", "Source", "Date"]);
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
        FactionCmd::Show {
            name,
            enhancements,
            lores,
        } => {
            let f = cat.faction(&name).map_err(Error::refused)?;
            if enhancements || lores {
                return show_parts(f, enhancements, lores, json_out);
            }
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
                let kind = kind_words(et.kind)?;
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

/// The enhancement tables and/or the lores of `f`, every entry on a row of its own.
fn show_parts(f: &Faction, enhancements: bool, lores: bool, json_out: bool) -> Result<()> {
    if json_out {
        return json(&Parts {
            name: &f.name,
            enhancement_tables: enhancements.then_some(f.enhancement_tables.as_slice()),
            lores: lores.then_some(f.lores.as_slice()),
        });
    }
    line(format!("{} ({})", f.name, or_dash(&f.grand_alliance)))?;
    if enhancements {
        let n: usize = f.enhancement_tables.iter().map(|t| t.enhancements.len()).sum();
        line(format!(
            "\nEnhancement tables ({}, {n} enhancements)",
            f.enhancement_tables.len()
        ))?;
        let mut t = table(["Table", "Kind", "Enhancement"]);
        for et in &f.enhancement_tables {
            for e in &et.enhancements {
                t.add_row([et.name.clone(), kind_words(et.kind)?, e.clone()]);
            }
        }
        line(t.to_string())?;
        // The eligible units once per table, not on every row: a table is for dozens of them.
        for et in &f.enhancement_tables {
            line(match et.eligible.is_empty() {
                true => format!("{}: no eligible units in the data", et.name),
                false => format!(
                    "{} ({} eligible units): {}",
                    et.name,
                    et.eligible.len(),
                    et.eligible.join(", ")
                ),
            })?;
        }
    }
    if lores {
        let n: usize = f.lores.iter().map(|l| l.entries.len()).sum();
        line(format!("\nLores ({}, {n} entries)", f.lores.len()))?;
        let mut t = table(["Lore", "Kind", "Spell / prayer", "Value"]);
        for l in &f.lores {
            for e in &l.entries {
                t.add_row([
                    l.name.clone(),
                    l.kind.to_string(),
                    e.name.clone(),
                    e.value.map_or_else(|| "-".to_string(), |v| v.to_string()),
                ]);
            }
        }
        line(t.to_string())?;
    }
    Ok(())
}

/// "heroic-trait", "artefact", "other": the kind as the data and JSON spell it.
fn kind_words(kind: crate::catalogue::EnhancementKind) -> Result<String> {
    Ok(serde_json::to_value(kind)?
        .as_str()
        .unwrap_or_default()
        .to_string())
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
