//! The Arcane Tome: the spells, prayers and manifestations a roster adds to its lores.

use super::rewards::{claim_reward, owed_reward};
use crate::catalogue::battlepack::{Battlepack, QuestReward};
use crate::catalogue::{Faction, LoreKind};
use crate::names;
use crate::names::SameName;
use crate::rules::change::{Change, Outcome, RemovedEntry};
use crate::rules::model::Roster;
use crate::rules::{RuleError, refuse};

/// How many entries of a kind the roster may add at set-up: the first WIZARD brings a spell
/// and a manifestation, the first PRIEST a prayer and a manifestation.
pub fn starting_tome_allowance(roster: &Roster, kind: LoreKind) -> u32 {
    let wizard = roster.active_units().any(|u| u.has_keyword("WIZARD")) as u32;
    let priest = roster.active_units().any(|u| u.has_keyword("PRIEST")) as u32;
    match kind {
        LoreKind::Spell => wizard,
        LoreKind::Prayer => priest,
        LoreKind::Manifestation => wizard + priest,
    }
}

/// The faction lore holding `name` among lores of `kind`.
pub(super) fn find_lore_entry<'a>(
    faction: &'a Faction,
    kind: LoreKind,
    name: &str,
) -> Result<(&'a str, &'a crate::catalogue::LoreEntry), RuleError> {
    let lores = faction.lores.iter().filter(|l| l.kind == kind);
    for lore in lores.clone() {
        if let Some(e) = lore.entries.iter().find(|e| e.name.same_name(name.trim())) {
            return Ok((&lore.name, e));
        }
    }
    let all: Vec<&str> = lores
        .flat_map(|l| l.entries.iter().map(|e| e.name.as_str()))
        .collect();
    if all.is_empty() {
        return refuse("arcane tome", format!("{} has no {kind} lore", faction.name));
    }
    refuse(
        "arcane tome",
        format!(
            "{} (see `ptg faction show \"{}\"`)",
            names::unknown(&format!("{} {kind}", faction.name), name, all),
            faction.name
        ),
    )
}

/// Adds a spell, prayer or manifestation to the roster's Arcane Tome, replacing `replace` when
/// given. A lore holds at most the battlepack's capacity (6).
pub fn plan_tome_entry(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    kind: LoreKind,
    name: &str,
    replace: Option<&str>,
    reason: Option<&str>,
) -> Result<Outcome, RuleError> {
    let (lore, entry) = find_lore_entry(faction, kind, name)?;
    let current: Vec<_> = roster.tome(kind).collect();
    if current.iter().any(|e| e.name.same_name(&entry.name)) {
        return refuse(
            "arcane tome",
            format!("{} is already in the {kind} lore", entry.name),
        );
    }
    let caster_ok = match kind {
        LoreKind::Spell => roster.active_units().any(|u| u.has_keyword("WIZARD")),
        LoreKind::Prayer => roster.active_units().any(|u| u.has_keyword("PRIEST")),
        LoreKind::Manifestation => roster
            .active_units()
            .any(|u| u.has_keyword("WIZARD") || u.has_keyword("PRIEST")),
    };
    if !caster_ok {
        let who = match kind {
            LoreKind::Spell => "a WIZARD",
            LoreKind::Prayer => "a PRIEST",
            LoreKind::Manifestation => "a WIZARD or PRIEST",
        };
        return refuse(
            "arcane tome",
            format!(
                "{}s come with {who}; add {who} to the Order of Battle first",
                kind
            ),
        );
    }
    let replaced = match replace {
        Some(old) => {
            let Some(found) = current.iter().find(|e| e.name.same_name(old.trim())) else {
                return refuse(
                    "arcane tome",
                    names::unknown(
                        &format!("entry of the {kind} lore"),
                        old,
                        current.iter().map(|e| e.name.as_str()),
                    ),
                );
            };
            Some(found.name.clone())
        }
        None => None,
    };
    let capacity = pack.roster.lore_capacity as usize;
    if replaced.is_none() && current.len() >= capacity {
        return refuse(
            "lore capacity",
            format!(
                "the {kind} lore already holds {capacity}, the most it can; add with --replace <one of: {}>",
                current
                    .iter()
                    .map(|e| e.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        );
    }
    let owed = match kind {
        LoreKind::Spell => owed_reward(roster, QuestReward::Spell, None)?,
        LoreKind::Prayer => owed_reward(roster, QuestReward::Prayer, None)?,
        LoreKind::Manifestation => None,
    };
    let mut out = Outcome::new(format!("{} added to the {kind} lore", entry.name));
    let reason = match (reason.map(str::trim).filter(|r| !r.is_empty()), owed) {
        (Some(r), _) => r.to_string(),
        (None, Some(claim)) => claim_reward(&mut out, claim),
        (None, None) => {
            let allowance = starting_tome_allowance(roster, kind) as usize;
            if roster.setup_complete || (replaced.is_none() && current.len() >= allowance) {
                return refuse(
                    "arcane tome",
                    format!(
                        "the starting {kind}s are already chosen ({allowance} allowed); further {kind}s are earned (quests): record one with --reason"
                    ),
                );
            }
            "starting pick".into()
        }
    };
    if let Some(old) = replaced {
        let was = roster.tome(kind).find(|e| e.name == old).map(|e| RemovedEntry {
            lore: e.lore.clone(),
            value: e.value,
            wild: e.wild,
        });
        out.push(Change::RemoveFromTome {
            lore_kind: kind,
            name: old,
            reason: format!("replaced by {}", entry.name),
            was,
        });
    }
    out.push(Change::AddToTome {
        lore_kind: kind,
        name: entry.name.clone(),
        lore: lore.to_string(),
        value: entry.value,
        wild: false,
        reason,
    });
    Ok(out)
}
