//! The Arcane Tome: the spells, prayers and manifestations a roster adds to its lores.

use super::rewards::{claim_reward, owed_reward};
use crate::catalogue::battlepack::{Battlepack, QuestReward};
use crate::catalogue::faction::keyword_matches;
use crate::catalogue::{Faction, LoreKind};
use crate::fix::{Action, Fix, Input};
use crate::names;
use crate::names::SameName;
use crate::rules::change::{Change, NewUnit, Outcome, RemovedEntry};
use crate::rules::model::{RewardDue, Roster, Unit};
use crate::rules::{RuleError, refuse, refuse_fix};

/// The caster keywords whose first arrival brings starting picks, with what each brings: the
/// first WIZARD a spell and a manifestation, the first PRIEST a prayer and a manifestation.
const FIRST_CASTERS: [(&str, LoreKind); 2] = [("WIZARD", LoreKind::Spell), ("PRIEST", LoreKind::Prayer)];

/// The source named on a starting pick the first `keyword` (WIZARD, PRIEST) brings; undo
/// revokes a reward by its kind and source, so this must not vary.
fn first_caster_source(keyword: &str) -> String {
    format!("the first {keyword} on the Order of Battle")
}

/// Whether an owed reward is a starting pick a first WIZARD or PRIEST brought (not a quest's).
pub fn is_starting_pick(source: &str) -> bool {
    FIRST_CASTERS
        .iter()
        .any(|(keyword, _)| source == first_caster_source(keyword))
}

/// The reward a pick of `kind` from the tome uses up.
fn tome_reward(kind: LoreKind) -> QuestReward {
    match kind {
        LoreKind::Spell => QuestReward::Spell,
        LoreKind::Prayer => QuestReward::Prayer,
        LoreKind::Manifestation => QuestReward::Manifestation,
    }
}

/// How many starting picks of a kind the roster has been owed in all: one spell if a WIZARD
/// was ever on the Order of Battle (retired since or not), one prayer if a PRIEST was, and a
/// manifestation for each of the two. Units an undo took away do not count.
pub fn starting_tome_allowance(roster: &Roster, kind: LoreKind) -> u32 {
    let ever = |keyword: &str| roster.units.iter().any(|u| u.has_keyword(keyword)) as u32;
    match kind {
        LoreKind::Spell => ever("WIZARD"),
        LoreKind::Prayer => ever("PRIEST"),
        LoreKind::Manifestation => ever("WIZARD") + ever("PRIEST"),
    }
}

/// The book: "the first time a WIZARD is added to your Order of Battle, you can pick 1 spell
/// ... plus 1 spell from a manifestation lore" (a PRIEST likewise a prayer), whether it joins at
/// set-up or in an aftermath. So each unit an outcome adds that is the first WIZARD (PRIEST)
/// the roster has ever had grants those picks as owed rewards: `roster lore add` uses them
/// up, `roster show` lists them as waiting, and undoing the unit's arrival revokes them with
/// it. `earlier` is every unit the roster has had (retired ones too).
pub fn grant_starting_picks(earlier: &[Unit], out: &mut Outcome) {
    let mut grants = Vec::new();
    let mut joined: Vec<&NewUnit> = Vec::new();
    for change in &out.changes {
        let Change::AddUnit { unit } = change else {
            continue;
        };
        for (keyword, kind) in FIRST_CASTERS {
            let has = |keywords: &[String]| keywords.iter().any(|k| keyword_matches(k, keyword));
            let first = has(&unit.keywords)
                && !earlier.iter().any(|u| u.has_keyword(keyword))
                && !joined.iter().any(|u| has(&u.keywords));
            if first {
                for reward in [tome_reward(kind), QuestReward::Manifestation] {
                    grants.push(Change::GrantReward {
                        reward,
                        source: first_caster_source(keyword),
                        unit: None,
                    });
                }
            }
        }
        joined.push(unit);
    }
    out.changes.extend(grants);
}

/// What taking `leaving` off the Order of Battle at set-up (`roster remove`) does to the
/// starting picks. When it is the only unit the roster has had with WIZARD (PRIEST), the picks
/// that keyword brought go with it, as if it had never joined: a pick still owed is forfeited
/// (a `ForfeitReward`, which `ptg undo` reverses by making the same reward owed again); a pick
/// already in the Arcane Tome cannot be taken back here, so the removal is refused, naming
/// the tome's entries and the fixes. Picks count by kind: a manifestation still owed from the
/// other caster stands in for one already picked, since either way one manifestation is left
/// for the caster that stays (what the audit counts).
pub(super) fn forfeit_starting_picks(roster: &Roster, leaving: &Unit) -> Result<Vec<Change>, RuleError> {
    let mut owed: Vec<&RewardDue> = roster
        .rewards
        .iter()
        .filter(|r| is_starting_pick(&r.source))
        .collect();
    let mut out = Vec::new();
    let mut picked: Vec<(&str, LoreKind)> = Vec::new();
    for (keyword, kind) in FIRST_CASTERS {
        let alone = leaving.has_keyword(keyword)
            && !roster
                .units
                .iter()
                .any(|u| u.id != leaving.id && u.has_keyword(keyword));
        if !alone {
            continue;
        }
        let source = first_caster_source(keyword);
        for lore in [kind, LoreKind::Manifestation] {
            let reward = tome_reward(lore);
            let found = owed
                .iter()
                .position(|r| r.reward == reward && r.source == source)
                .or_else(|| owed.iter().position(|r| r.reward == reward));
            match found {
                Some(i) => {
                    let r = owed.remove(i);
                    out.push(Change::ForfeitReward {
                        reward_id: r.id,
                        reward: r.reward,
                        source: r.source.clone(),
                    });
                }
                None if roster.tome(lore).next().is_some() => picked.push((keyword, lore)),
                // Never owed: a roster an older ptg set up, which granted no picks.
                None => {}
            }
        }
    }
    if picked.is_empty() {
        return Ok(out);
    }
    let mut keywords: Vec<&str> = picked.iter().map(|(k, _)| *k).collect();
    keywords.dedup();
    let mut kinds: Vec<LoreKind> = Vec::new();
    for (_, l) in &picked {
        if !kinds.contains(l) {
            kinds.push(*l);
        }
    }
    let them = if picked.len() == 1 { "it" } else { "them" };
    let tome: Vec<String> = kinds
        .iter()
        .map(|k| {
            let names: Vec<&str> = roster.tome(*k).map(|e| e.name.as_str()).collect();
            format!("{k} lore: {}", names.join(", "))
        })
        .collect();
    refuse_fix(
        "arcane tome",
        format!(
            "{} is the only {} on the Order of Battle, and the starting {} it brought {} already picked (Arcane Tome, {}); the roster cannot keep {them} without it. Add another {} first, or undo the pick of {them} (the roster's latest command)",
            leaving.label(),
            keywords.join(" and "),
            kinds
                .iter()
                .map(LoreKind::to_string)
                .collect::<Vec<_>>()
                .join(" and "),
            if picked.len() == 1 { "is" } else { "are" },
            tome.join("; "),
            keywords.join(" or "),
        ),
        Fix::act(Action::Undo {
            roster: Some(roster.name.clone()),
        }),
    )
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
    Err(RuleError::new(
        "arcane tome",
        names::unknown(&format!("{} {kind}", faction.name), name, all),
    )
    .fix(Fix::act(Action::ReadFaction {
        faction: faction.name.clone(),
    })))
}

/// Whether the Order of Battle has a caster for lores of `kind`: a WIZARD for spells, a PRIEST
/// for prayers, either for manifestations.
pub fn has_caster_for(roster: &Roster, kind: LoreKind) -> bool {
    match kind {
        LoreKind::Spell => roster.active_units().any(|u| u.has_keyword("WIZARD")),
        LoreKind::Prayer => roster.active_units().any(|u| u.has_keyword("PRIEST")),
        LoreKind::Manifestation => roster
            .active_units()
            .any(|u| u.has_keyword("WIZARD") || u.has_keyword("PRIEST")),
    }
}

/// An entry the Arcane Tome may take: what the roster page's picker offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TomeOffer {
    pub kind: LoreKind,
    pub lore: String,
    pub name: String,
}

/// The faction's lore entries `roster lore add` may add: those of the kinds the roster has a
/// caster for (no prayer without a PRIEST), not in the tome already.
pub fn tome_offers(faction: &Faction, roster: &Roster) -> Vec<TomeOffer> {
    faction
        .lores
        .iter()
        .filter(|l| has_caster_for(roster, l.kind))
        .flat_map(|l| {
            l.entries
                .iter()
                .filter(|e| !roster.tome(l.kind).any(|t| t.name.same_name(&e.name)))
                .map(|e| TomeOffer {
                    kind: l.kind,
                    lore: l.name.clone(),
                    name: e.name.clone(),
                })
        })
        .collect()
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
    let reason = reason
        .map(|r| crate::rules::names::check_note("reason", r, false))
        .transpose()?;
    let (lore, entry) = find_lore_entry(faction, kind, name)?;
    let current: Vec<_> = roster.tome(kind).collect();
    if current.iter().any(|e| e.name.same_name(&entry.name)) {
        return refuse(
            "arcane tome",
            format!("{} is already in the {kind} lore", entry.name),
        );
    }
    if !has_caster_for(roster, kind) {
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
        return refuse_fix(
            "lore capacity",
            format!(
                "the {kind} lore already holds {capacity}, the most it can; add in place of one of: {}",
                current
                    .iter()
                    .map(|e| e.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            Fix::give(Input::Replace),
        );
    }
    let owed = owed_reward(roster, tome_reward(kind), None)?;
    let mut out = Outcome::new(format!("{} added to the {kind} lore", entry.name));
    let reason = match (reason.map(str::trim).filter(|r| !r.is_empty()), owed) {
        (Some(r), _) => r.to_string(),
        (None, Some(claim)) => claim_reward(&mut out, claim),
        (None, None) => {
            let with = match kind {
                LoreKind::Spell => "the first WIZARD",
                LoreKind::Prayer => "the first PRIEST",
                LoreKind::Manifestation => "the first WIZARD and with the first PRIEST",
            };
            return refuse_fix(
                "arcane tome",
                format!(
                    "no {kind} is waiting to be picked on {}: a starting {kind} comes once, with {with} on the Order of Battle, and is already chosen; further {kind}s are earned (quests): say how",
                    roster.name
                ),
                Fix::give(Input::Reason),
            );
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
