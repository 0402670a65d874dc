//! Enhancements (artefacts, heroic traits, ...): which unit may take which, and giving one.

use super::allies::check_not_ally;
use super::rewards::{claim_reward, owed_reward};
use crate::catalogue::battlepack::QuestReward;
use crate::catalogue::{EnhancementKind, EnhancementTable, Faction};
use crate::fix::{Action, Fix, Input};
use crate::names;
use crate::names::SameName;
use crate::rules::change::{Change, Outcome, UnitRef};
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse, refuse_fix};

/// Finds an enhancement of the faction by name, preferring a table `unit` is eligible for.
fn find_enhancement<'a>(
    faction: &'a Faction,
    unit: &Unit,
    name: &str,
) -> Result<(&'a EnhancementTable, &'a str), RuleError> {
    let n = name.trim();
    let matches: Vec<(&EnhancementTable, &str)> = faction
        .enhancement_tables
        .iter()
        .flat_map(|t| {
            t.enhancements
                .iter()
                .filter(|e| e.same_name(n))
                .map(move |e| (t, e.as_str()))
        })
        .collect();
    if let Some(m) = matches
        .iter()
        .find(|(t, _)| eligible(t, unit))
        .or(matches.first())
    {
        return Ok(*m);
    }
    let all = faction
        .enhancement_tables
        .iter()
        .flat_map(|t| t.enhancements.iter().map(String::as_str));
    Err(RuleError::new(
        "enhancements",
        names::unknown(&format!("{} enhancement", faction.name), name, all),
    )
    .fix(Fix::act(Action::ReadFaction {
        faction: faction.name.clone(),
    })))
}

/// Whether `unit` may take an enhancement from `table`; a table that lists no units is open to HEROES.
pub fn eligible(table: &EnhancementTable, unit: &Unit) -> bool {
    eligible_by(table, &unit.warscroll, &unit.keywords)
}

/// [`eligible`] for a unit known by its warscroll and keywords (a row of a league file).
pub fn eligible_by(table: &EnhancementTable, warscroll: &str, keywords: &[String]) -> bool {
    if table.eligible.is_empty() {
        return keywords
            .iter()
            .any(|k| crate::catalogue::faction::keyword_matches(k, "HERO"));
    }
    table.eligible.iter().any(|e| e.same_name(warscroll))
}

/// Gives an enhancement to a unit. At set-up each table gives one; more must be earned
/// (quests, battleplan rewards) and say so in `reason`.
pub fn plan_enhancement(
    faction: &Faction,
    roster: &Roster,
    unit: &Unit,
    name: &str,
    reason: Option<&str>,
) -> Result<Outcome, RuleError> {
    let reason = reason
        .map(|r| crate::rules::names::check_note("reason", r, false))
        .transpose()?;
    if unit.retired {
        return refuse(
            "enhancements",
            format!(
                "{} is retired; give the enhancement to a unit on the Order of Battle",
                unit.label()
            ),
        );
    }
    check_not_ally(unit, "enhancements")?;
    let (table, enhancement) = find_enhancement(faction, unit, name)?;
    if unit.has_keyword("UNIQUE") {
        return refuse(
            "enhancements",
            format!(
                "{} is UNIQUE and cannot be given enhancements; pick another unit",
                unit.label()
            ),
        );
    }
    if !eligible(table, unit) {
        return refuse(
            "enhancements",
            format!(
                "{} cannot take {} from {}; eligible units: {}",
                unit.label(),
                enhancement,
                table.name,
                table.eligible.join(", ")
            ),
        );
    }
    if let Some(holder) = roster
        .active_units()
        .find(|u| u.enhancements.iter().any(|e| e.name.same_name(enhancement)))
    {
        return refuse(
            "enhancements",
            format!(
                "{enhancement} is already held by {}; the Order of Battle cannot include the same enhancement twice",
                holder.label()
            ),
        );
    }
    if let Some(held) = unit.enhancements.iter().find(|e| e.table.same_name(&table.name)) {
        return refuse(
            "enhancements",
            format!(
                "{} already has {} from {}; a unit cannot hold two enhancements of the same table",
                unit.label(),
                held.name,
                table.name
            ),
        );
    }
    // Core rules, Artefacts of Power: "a HERO cannot have more than one artefact of power",
    // even when the faction has several artefact tables.
    if let Some(held) = unit
        .enhancements
        .iter()
        .find(|e| table.kind == EnhancementKind::Artefact && e.kind == EnhancementKind::Artefact)
    {
        return refuse(
            "enhancements",
            format!(
                "{} already carries the artefact {} (from {}); a HERO cannot have more than one artefact of power, so give {enhancement} to another HERO",
                unit.label(),
                held.name,
                held.table
            ),
        );
    }
    let owed = match table.kind {
        EnhancementKind::Artefact => Some(QuestReward::Artefact),
        EnhancementKind::HeroicTrait => Some(QuestReward::HeroicTrait),
        EnhancementKind::Other => None,
    }
    .map(|kind| owed_reward(roster, kind, Some(unit)))
    .transpose()?
    .flatten();
    let mut out = Outcome::new(format!("{} given {enhancement}", unit.display_name()));
    let reason = match (reason.map(str::trim).filter(|r| !r.is_empty()), owed) {
        (Some(r), _) => r.to_string(),
        (None, Some(claim)) => claim_reward(&mut out, claim),
        (None, None) => {
            if roster.setup_complete {
                return refuse_fix(
                    "enhancements",
                    format!(
                        "set-up is over, so {enhancement} must be earned; say how (e.g. \"Search for the Artefact completed\")"
                    ),
                    Fix::give(Input::Reason),
                );
            }
            if let Some(holder) = roster
                .active_units()
                .find(|u| u.enhancements.iter().any(|e| e.table.same_name(&table.name)))
            {
                return refuse_fix(
                    "enhancements",
                    format!(
                        "the starting pick from {} is already given to {}; further enhancements are earned: say how",
                        table.name,
                        holder.label()
                    ),
                    Fix::give(Input::Reason),
                );
            }
            "starting enhancement".into()
        }
    };
    out.push(Change::GiveEnhancement {
        unit: UnitRef::Existing(unit.id),
        table: table.name.clone(),
        enhancement_kind: table.kind,
        name: enhancement.to_string(),
        reason,
    });
    Ok(out)
}

/// An enhancement the rules would give a unit: what the roster page's picker offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EnhancementOffer {
    pub unit_id: i64,
    /// The unit as players call it.
    pub unit: String,
    pub table: String,
    pub enhancement: String,
    /// Whether it must be earned (a reason said): the table's starting pick is gone, or set-up
    /// is over and no reward is owed.
    pub needs_reason: bool,
}

/// Every enhancement `roster enhance` would accept now, for each unit on the Order of Battle
/// that may hold it (HEROes of the roster's own faction, not UNIQUE, eligible for the table,
/// not already holding one of that table or an artefact, the enhancement not held elsewhere).
/// Asked of [`plan_enhancement`] itself, so a picker never offers what it refuses.
pub fn enhancement_offers(faction: &Faction, roster: &Roster) -> Vec<EnhancementOffer> {
    let mut out = Vec::new();
    for unit in roster.active_units() {
        for table in &faction.enhancement_tables {
            for e in &table.enhancements {
                let accepted = |reason| {
                    plan_enhancement(faction, roster, unit, e, reason).is_ok_and(|o| {
                        o.changes.iter().any(
                            |c| matches!(c, Change::GiveEnhancement { table: t, .. } if t == &table.name),
                        )
                    })
                };
                if accepted(Some("offered")) {
                    out.push(EnhancementOffer {
                        unit_id: unit.id,
                        unit: unit_words(unit),
                        table: table.name.clone(),
                        enhancement: e.clone(),
                        needs_reason: !accepted(None),
                    });
                }
            }
        }
    }
    out
}

/// A unit as a picker names it: "Grey Seer", or "Dawn Guard (Liberators)" when it has a name.
pub fn unit_words(unit: &Unit) -> String {
    match &unit.name {
        Some(n) => format!("{n} ({})", unit.warscroll),
        None => unit.warscroll.clone(),
    }
}
