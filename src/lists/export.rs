//! Writing an Order of Battle back as a list (`roster export`): the official app's text layout,
//! which `roster import` reads back to the same units, or ptg's own JSON (schema in
//! `docs/LISTS.md`, versioned by `version`).

use serde::Serialize;
use std::fmt::Write as _;

/// The JSON schema's name and version; a reader refuses a version it does not know.
pub const SCHEMA: &str = "ptg-list";
pub const VERSION: u32 = 1;

/// An Order of Battle as a list.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportList {
    pub schema: &'static str,
    pub version: u32,
    pub name: String,
    pub faction: String,
    /// What the Order of Battle costs.
    pub points: u64,
    /// The starting points limit of the battlepack (the app's "N/M pts").
    pub limit: u32,
    pub units: Vec<ExportUnit>,
    /// The Arcane Tome: (kind, lore, entry).
    pub tome: Vec<ExportTomeEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportUnit {
    pub warscroll: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// What it costs (twice its points when reinforced).
    pub points: u64,
    pub reinforced: bool,
    pub warlord: bool,
    #[serde(skip)]
    pub hero: bool,
    #[serde(skip)]
    pub faction_terrain: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ally: Option<String>,
    pub enhancements: Vec<ExportEnhancement>,
    pub renown: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportEnhancement {
    pub table: String,
    pub name: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ExportTomeEntry {
    pub kind: String,
    pub lore: String,
    pub name: String,
}

/// The app's text layout: the warlord and the other non-HERO units in the General's Regiment,
/// each other HERO heading a regiment of its own, faction terrain apart. Custom names go on a
/// `• Name:` bullet, which the app does not print and `roster import` reads back.
pub fn app_text(list: &ExportList) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{} {}/{} pts\n", list.name, list.points, list.limit);
    let _ = writeln!(out, "{}", list.faction);
    let _ = writeln!(out, "Path to Glory roster, exported by ptg\n");
    let unit = |out: &mut String, u: &ExportUnit| {
        let _ = writeln!(out, "{} ({})", u.warscroll, u.points);
        if u.warlord {
            let _ = writeln!(out, "• General");
        }
        if u.reinforced {
            let _ = writeln!(out, "• Reinforced");
        }
        if let Some(n) = &u.name {
            let _ = writeln!(out, "• Name: {n}");
        }
        for e in &u.enhancements {
            let _ = writeln!(out, "• {}: {}", e.table, e.name);
        }
        if let Some(a) = &u.ally {
            let _ = writeln!(out, "• Ally: {a}");
        }
    };
    let _ = writeln!(out, "General's Regiment");
    let in_general = |u: &&ExportUnit| u.warlord || (!u.hero && !u.faction_terrain);
    for u in list.units.iter().filter(in_general) {
        unit(&mut out, u);
    }
    for (i, u) in list.units.iter().filter(|u| u.hero && !u.warlord).enumerate() {
        let _ = writeln!(out, "\nRegiment {}", i + 1);
        unit(&mut out, u);
    }
    let terrain: Vec<&ExportUnit> = list.units.iter().filter(|u| u.faction_terrain).collect();
    if !terrain.is_empty() {
        let _ = writeln!(out, "\nFaction Terrain");
        for u in terrain {
            unit(&mut out, u);
        }
    }
    out.push_str("\nCreated with ptg: Path to Glory campaign manager\n");
    out
}
