//! Order of Battle rules for setting up a Path to Glory roster: the warlord, the starting
//! units and their points, enhancements, the Arcane Tome and the Quest Log.
//!
//! Each `plan_*` function checks one request against the roster as it stands and returns the
//! changes to make; `check` lists every rule a stored roster breaks (e.g. after faction data
//! changed under it).

use super::change::{Change, NewUnit, Outcome, RemovedEntry, UnitRef};
use super::model::{RewardDue, Roster, Unit};
use super::renown::{check_path, find_ability, find_path, pending_ranks, ranks_crossed};
use super::{RuleError, refuse};
use crate::catalogue::battlepack::{Battlepack, QuestReward, QuestTarget};
use crate::catalogue::{EnhancementKind, EnhancementTable, Faction, LoreKind, Warscroll};
use crate::names;
use serde::Serialize;

/// The player's choices for a new roster's warlord.
#[derive(Debug, Clone)]
pub struct WarlordChoice<'a> {
    pub warscroll: &'a str,
    pub name: Option<&'a str>,
    pub path: &'a str,
    pub ability: &'a str,
}

/// Looks a warscroll up in the faction, suggesting close names when it is not there.
pub fn find_warscroll<'a>(faction: &'a Faction, name: &str) -> Result<&'a Warscroll, RuleError> {
    faction.unit(name).ok_or_else(|| {
        RuleError::new(
            "faction units",
            format!(
                "{} (see `ptg faction show \"{}\"`)",
                names::unknown(
                    &format!("{} unit", faction.name),
                    name,
                    faction.units.iter().map(|u| u.name.as_str())
                ),
                faction.name
            ),
        )
    })
}

/// Every way `unit` fails the warlord rules: a single-model, non-UNIQUE HERO costing no
/// more than the battlepack's cap (unless the faction is exempt).
pub(crate) fn warlord_problems(pack: &Battlepack, faction: &Faction, unit: &Unit) -> Vec<RuleError> {
    let name = unit.display_name();
    let limits = &pack.roster;
    let exempt = limits
        .warlord_points_exempt_factions
        .iter()
        .any(|f| f.eq_ignore_ascii_case(&faction.name));
    let mut out = Vec::new();
    if !unit.has_keyword("HERO") {
        let fix = format!("pick a HERO of {} as warlord", faction.name);
        out.push(RuleError::new("warlord", format!("{name} is not a HERO; {fix}")));
    }
    if unit.has_keyword("UNIQUE") {
        let msg = format!("{name} is UNIQUE and cannot be a warlord; pick a HERO that is not UNIQUE");
        out.push(RuleError::new("warlord", msg));
    }
    if unit.unit_size != 1 {
        let msg = format!(
            "{name} is a unit of {} models; the warlord must be a single model",
            unit.unit_size
        );
        out.push(RuleError::new("warlord", msg));
    }
    if !exempt && unit.points > limits.warlord_max_points {
        let msg = format!(
            "{name} costs {} points; a warlord may cost at most {}; pick a cheaper HERO",
            unit.points, limits.warlord_max_points
        );
        out.push(RuleError::new("warlord points", msg));
    }
    out
}

/// The warlord of a new roster: a single-model, non-UNIQUE HERO of the faction within the
/// points cap, starting with the first rank's renown, a Path and that rank's ability.
pub fn plan_warlord(
    pack: &Battlepack,
    faction: &Faction,
    choice: &WarlordChoice,
) -> Result<Outcome, RuleError> {
    let w = find_warscroll(faction, choice.warscroll)?;
    if let Some(broken) = warlord_problems(pack, faction, &Unit::new(0, w))
        .into_iter()
        .next()
    {
        return Err(broken);
    }
    let mut unit = Unit::new(0, w);
    unit.warlord = true;
    let path = find_path(pack, choice.path)?;
    check_path(pack, path, &unit)?;
    let renown = pack.roster.warlord_starting_renown;
    let ranks = ranks_crossed(pack, 0, renown);
    let Some(first) = ranks.first() else {
        return refuse(
            "ranks",
            format!("the battlepack gives no rank at {renown} renown"),
        );
    };
    let ability = find_ability(path, &first.name, choice.ability)?;

    let me = UnitRef::New(0);
    let mut out = Outcome::new(format!("{} leads the roster as warlord", w.name));
    out.push(Change::AddUnit {
        unit: NewUnit::from_warscroll(w, choice.name, true),
    });
    out.push(Change::GainRenown {
        unit: me,
        amount: renown,
        reason: "a warlord starts with this renown".into(),
        roll: None,
    });
    for r in &ranks {
        out.push(Change::GainRank {
            unit: me,
            rank: r.name.clone(),
        });
    }
    out.push(Change::SetPath {
        unit: me,
        path: path.id.clone(),
    });
    out.push(Change::ChooseAbility {
        unit: me,
        rank: first.name.clone(),
        ability: ability.id.clone(),
    });
    Ok(out)
}

/// A starting unit joins the Order of Battle, at minimum size or reinforced, within the
/// starting points limit. After set-up, units join only through the aftermath.
pub fn plan_add_unit(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    warscroll: &str,
    reinforced: bool,
    name: Option<&str>,
) -> Result<Outcome, RuleError> {
    if roster.setup_complete {
        return refuse(
            "order of battle",
            format!(
                "{} has fought a battle, so set-up is over; new units join in the aftermath (`ptg aftermath <battle> \"{}\" --add-unit ...`)",
                roster.name, roster.name
            ),
        );
    }
    let w = find_warscroll(faction, warscroll)?;
    check_unit_name(roster, name)?;
    let mut unit = Unit::new(0, w);
    if reinforced {
        check_reinforceable(&unit, "add it without --reinforced")?;
        unit.reinforced = true;
    }
    let limit = pack.roster.starting_points;
    let total = roster.points() + unit.cost();
    if total > limit {
        return refuse(
            "starting points",
            format!(
                "adding {}{} ({} pts) brings the Order of Battle to {total} points, over the {limit}-point starting limit by {}; pick a cheaper unit{}",
                w.name,
                if reinforced { " reinforced" } else { "" },
                unit.cost(),
                total - limit,
                if reinforced { " or do not reinforce it" } else { "" }
            ),
        );
    }
    let mut out = Outcome::new(format!(
        "{}{} added to the Order of Battle",
        w.name,
        if reinforced { " (reinforced)" } else { "" }
    ));
    out.push(Change::AddUnit {
        unit: NewUnit::from_warscroll(w, name, false),
    });
    if reinforced {
        out.push(Change::Reinforce {
            unit: UnitRef::New(0),
        });
    }
    Ok(out)
}

/// Refuses a custom name another unit on the Order of Battle already has.
pub fn check_unit_name(roster: &Roster, name: Option<&str>) -> Result<(), RuleError> {
    let Some(wanted) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(());
    };
    match roster
        .active_units()
        .find(|u| u.name.as_deref().is_some_and(|o| o.eq_ignore_ascii_case(wanted)))
    {
        Some(other) => refuse(
            "unit names",
            format!(
                "{} is already called '{wanted}'; pick another name",
                other.label()
            ),
        ),
        None => Ok(()),
    }
}

/// Refuses to reinforce a single-model unit or one the data marks as not reinforceable.
pub fn check_reinforceable(unit: &Unit, fix: &str) -> Result<(), RuleError> {
    if let Some(why) = never_reinforceable(unit) {
        return refuse("reinforced units", format!("{} {why}; {fix}", unit.warscroll));
    }
    if unit.reinforced {
        return refuse(
            "reinforced units",
            format!(
                "{} is already reinforced (a unit is reinforced once); {fix}",
                unit.label()
            ),
        );
    }
    Ok(())
}

/// Why a unit can never be reinforced (single model, or its battle profile forbids it).
fn never_reinforceable(unit: &Unit) -> Option<&'static str> {
    if unit.unit_size <= 1 {
        Some("has a minimum size of 1 model and cannot be reinforced")
    } else if !unit.reinforceable {
        Some("cannot be reinforced (its battle profile does not allow it)")
    } else {
        None
    }
}

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
                .filter(|e| e.eq_ignore_ascii_case(n))
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
    refuse(
        "enhancements",
        format!(
            "{} (see `ptg faction show \"{}\"`)",
            names::unknown(&format!("{} enhancement", faction.name), name, all),
            faction.name
        ),
    )
}

/// Whether `unit` may take an enhancement from `table`; a table that lists no units is open to HEROES.
fn eligible(table: &EnhancementTable, unit: &Unit) -> bool {
    if table.eligible.is_empty() {
        return unit.has_keyword("HERO");
    }
    table
        .eligible
        .iter()
        .any(|e| e.eq_ignore_ascii_case(&unit.warscroll))
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
    if unit.retired {
        return refuse(
            "enhancements",
            format!(
                "{} is retired; give the enhancement to a unit on the Order of Battle",
                unit.label()
            ),
        );
    }
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
    if let Some(holder) = roster.active_units().find(|u| {
        u.enhancements
            .iter()
            .any(|e| e.name.eq_ignore_ascii_case(enhancement))
    }) {
        return refuse(
            "enhancements",
            format!(
                "{enhancement} is already held by {}; the Order of Battle cannot include the same enhancement twice",
                holder.label()
            ),
        );
    }
    if let Some(held) = unit
        .enhancements
        .iter()
        .find(|e| e.table.eq_ignore_ascii_case(&table.name))
    {
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
                return refuse(
                    "enhancements",
                    format!(
                        "set-up is over, so {enhancement} must be earned; say how with --reason (e.g. \"Search for the Artefact completed\")"
                    ),
                );
            }
            if let Some(holder) = roster.active_units().find(|u| {
                u.enhancements
                    .iter()
                    .any(|e| e.table.eq_ignore_ascii_case(&table.name))
            }) {
                return refuse(
                    "enhancements",
                    format!(
                        "the starting pick from {} is already given to {}; further enhancements are earned: record one with --reason",
                        table.name,
                        holder.label()
                    ),
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

/// The earned reward of `kind` this pick can use, if any. A reward tied to one unit (the
/// Rising Champion's heroic trait) can only go to that unit.
fn owed_reward<'a>(
    roster: &'a Roster,
    kind: QuestReward,
    unit: Option<&Unit>,
) -> Result<Option<&'a RewardDue>, RuleError> {
    let mut owed = roster.rewards.iter().filter(|r| r.reward == kind).peekable();
    let Some(first) = owed.peek().copied() else {
        return Ok(None);
    };
    if let Some(open) = owed.find(|r| r.unit.is_none() || r.unit == unit.map(|u| u.id)) {
        return Ok(Some(open));
    }
    let holder = first
        .unit
        .and_then(|id| roster.unit(id))
        .map(|u| u.label())
        .unwrap_or_default();
    refuse(
        "rewards",
        format!(
            "{} from {} must go to {holder}; give it to that unit",
            crate::rules::change::reward_words(kind),
            first.source
        ),
    )
}

/// Uses up an earned reward; returns the reason to log with the pick.
fn claim_reward(out: &mut Outcome, claim: &RewardDue) -> String {
    out.push(Change::ClaimReward {
        reward_id: claim.id,
        reward: claim.reward,
        source: claim.source.clone(),
    });
    format!("reward of {}", claim.source)
}

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
fn find_lore_entry<'a>(
    faction: &'a Faction,
    kind: LoreKind,
    name: &str,
) -> Result<(&'a str, &'a crate::catalogue::LoreEntry), RuleError> {
    let lores = faction.lores.iter().filter(|l| l.kind == kind);
    for lore in lores.clone() {
        if let Some(e) = lore
            .entries
            .iter()
            .find(|e| e.name.eq_ignore_ascii_case(name.trim()))
        {
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
    if current.iter().any(|e| e.name.eq_ignore_ascii_case(&entry.name)) {
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
            let Some(found) = current.iter().find(|e| e.name.eq_ignore_ascii_case(old.trim())) else {
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

/// Starts a quest. One quest at a time: during set-up a new choice replaces the current one;
/// afterwards a quest can only be given up in the aftermath.
pub fn plan_quest(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    quest: &str,
    unit: Option<&Unit>,
    manifestation: Option<&str>,
) -> Result<Outcome, RuleError> {
    let Some(q) = pack.quest(quest) else {
        return refuse(
            "quests",
            names::unknown("quest", quest, pack.quests.iter().map(|q| q.name.as_str())),
        );
    };
    let mut out = Outcome::new(format!("quest started: {}", q.name));
    if let Some(current) = &roster.quest {
        if roster.setup_complete {
            return refuse(
                "quest log",
                format!(
                    "{} is already on the quest '{}'; give it up in the aftermath (`--quest abandon`) before starting another",
                    roster.name, current.quest
                ),
            );
        }
        out.push(Change::DropQuest {
            quest: current.quest.clone(),
            reason: "another quest chosen during set-up".into(),
            points: current.points,
            unit: current.unit,
        });
    }
    let unit_ref = match (q.target, unit) {
        (QuestTarget::None, Some(u)) => {
            return refuse(
                "quests",
                format!(
                    "{} does not name a unit; leave out --unit ({})",
                    q.name,
                    u.label()
                ),
            );
        }
        (QuestTarget::None, None) => None,
        (_, None) => {
            let who = if q.target == QuestTarget::AnyUnit {
                "a unit to be the Glory Seekers"
            } else {
                "a HERO with no heroic trait to be the Rising Champion"
            };
            return refuse("quests", format!("{} names {who}; add --unit <unit>", q.name));
        }
        (target, Some(u)) => {
            if u.retired {
                return refuse(
                    "quests",
                    format!("{} is retired; pick a unit on the Order of Battle", u.label()),
                );
            }
            if target == QuestTarget::HeroWithoutHeroicTrait {
                if !u.has_keyword("HERO") {
                    return refuse(
                        "quests",
                        format!("the Rising Champion must be a HERO, and {} is not", u.label()),
                    );
                }
                if let Some(t) = u
                    .enhancements
                    .iter()
                    .find(|e| e.kind == EnhancementKind::HeroicTrait)
                {
                    return refuse(
                        "quests",
                        format!(
                            "{} already has a heroic trait ({}); the Rising Champion must have none",
                            u.label(),
                            t.name
                        ),
                    );
                }
            }
            Some(UnitRef::Existing(u.id))
        }
    };
    if q.reward == QuestReward::TameManifestation {
        let Some(m) = manifestation else {
            return refuse(
                "quests",
                format!(
                    "{} starts by adding a manifestation marked Wild; add --manifestation <name>",
                    q.name
                ),
            );
        };
        let (lore, entry) = find_lore_entry(faction, LoreKind::Manifestation, m)?;
        let current: Vec<_> = roster.tome(LoreKind::Manifestation).collect();
        if current.iter().any(|e| e.name.eq_ignore_ascii_case(&entry.name)) {
            return refuse(
                "quests",
                format!(
                    "{} is already in the manifestation lore; pick another to harness",
                    entry.name
                ),
            );
        }
        if current.len() >= pack.roster.lore_capacity as usize {
            return refuse(
                "lore capacity",
                format!(
                    "the manifestation lore is full ({}); remove one first with `ptg roster lore ... --replace`",
                    current.len()
                ),
            );
        }
        out.push(Change::AddToTome {
            lore_kind: LoreKind::Manifestation,
            name: entry.name.clone(),
            lore: lore.to_string(),
            value: entry.value,
            wild: true,
            reason: format!("{} begun", q.name),
        });
    } else if manifestation.is_some() {
        return refuse("quests", format!("{} does not take --manifestation", q.name));
    }
    out.push(Change::StartQuest {
        quest: q.name.clone(),
        unit: unit_ref,
    });
    Ok(out)
}

/// One broken rule found by [`check`].
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Finding {
    pub rule: &'static str,
    pub message: String,
}

/// What `roster check` reports: broken rules, and set-up steps still open (advice only).
#[derive(Debug, Clone, Default, Serialize)]
pub struct CheckReport {
    pub problems: Vec<Finding>,
    pub notes: Vec<String>,
}

/// Lists every rule the roster breaks, checked against the faction data as it is now.
pub fn check(pack: &Battlepack, faction: &Faction, roster: &Roster) -> CheckReport {
    let mut report = CheckReport::default();
    let mut problem = |rule: &'static str, message: String| report.problems.push(Finding { rule, message });

    match roster.warlord() {
        None => problem("warlord", "the roster has no warlord".into()),
        Some(w) => {
            for broken in warlord_problems(pack, faction, w) {
                problem(broken.rule, broken.message);
            }
        }
    }
    if !roster.setup_complete && roster.points() > pack.roster.starting_points {
        problem(
            "starting points",
            format!(
                "the Order of Battle costs {} points, over the {}-point starting limit",
                roster.points(),
                pack.roster.starting_points
            ),
        );
    }
    let mut seen_enhancements: Vec<(&str, String)> = Vec::new();
    for u in roster.active_units() {
        if faction.unit(&u.warscroll).is_none() {
            problem(
                "faction units",
                format!("{} is not a {} unit in the current data", u.label(), faction.name),
            );
        } else if let Some(now) = faction.unit(&u.warscroll).filter(|w| w.points != u.points) {
            report.notes.push(format!(
                "{}: recorded at {} pts, the faction data now says {}",
                u.label(),
                u.points,
                now.points
            ));
        }
        if let Some(why) = never_reinforceable(u).filter(|_| u.reinforced) {
            problem(
                "reinforced units",
                format!("{} is reinforced, but {why}", u.label()),
            );
        }
        if let Some(path_id) = &u.path {
            match find_path(pack, path_id) {
                Err(e) => problem("paths", format!("{}: {}", u.label(), e.message)),
                Ok(path) => {
                    if let Err(e) = check_path(pack, path, u) {
                        problem("path eligibility", format!("{}: {}", u.label(), e.message));
                    }
                    for (rank, ability) in &u.abilities {
                        if let Err(e) = find_ability(path, rank, ability) {
                            problem("path abilities", format!("{}: {}", u.label(), e.message));
                        }
                    }
                }
            }
        }
        if !u.enhancements.is_empty() && u.has_keyword("UNIQUE") {
            problem(
                "enhancements",
                format!("{} is UNIQUE but holds enhancements", u.label()),
            );
        }
        for (i, e) in u.enhancements.iter().enumerate() {
            if u.enhancements[..i]
                .iter()
                .any(|o| o.table.eq_ignore_ascii_case(&e.table))
            {
                problem(
                    "enhancements",
                    format!("{} holds two enhancements from {}", u.label(), e.table),
                );
            }
            if let Some((holder, _)) = seen_enhancements
                .iter()
                .find(|(_, n)| n.eq_ignore_ascii_case(&e.name))
            {
                problem(
                    "enhancements",
                    format!("{} is held by both {holder} and {}", e.name, u.label()),
                );
            }
            seen_enhancements.push((u.display_name(), e.name.clone()));
            match faction
                .enhancement_tables
                .iter()
                .find(|t| t.name.eq_ignore_ascii_case(&e.table))
            {
                Some(t) if !eligible(t, u) => problem(
                    "enhancements",
                    format!("{} is not eligible for {} ({})", u.label(), e.name, t.name),
                ),
                _ => {}
            }
        }
    }
    for kind in LoreKind::ALL {
        let n = roster.tome(kind).count();
        if n > pack.roster.lore_capacity as usize {
            problem(
                "lore capacity",
                format!(
                    "the {kind} lore holds {n}, more than {}",
                    pack.roster.lore_capacity
                ),
            );
        }
    }
    if let Some(q) = &roster.quest {
        if let (Some(def), Some(id)) = (pack.quest(&q.quest), q.unit) {
            match roster.unit(id) {
                Some(u) if u.retired => problem(
                    "quests",
                    format!("the unit named by {} ({}) is retired", def.name, u.label()),
                ),
                None => problem("quests", format!("the unit named by {} is missing", def.name)),
                Some(_) => {}
            }
        }
    } else {
        report
            .notes
            .push("no current quest: pick one with `ptg quest start`".into());
    }
    if !roster.setup_complete {
        for t in &faction.enhancement_tables {
            let given = roster.active_units().any(|u| {
                u.enhancements
                    .iter()
                    .any(|e| e.table.eq_ignore_ascii_case(&t.name))
            });
            let someone_eligible = roster
                .active_units()
                .any(|u| eligible(t, u) && !u.has_keyword("UNIQUE"));
            if !given && someone_eligible {
                report.notes.push(format!(
                    "starting enhancement from {} not yet given (`ptg roster enhance`)",
                    t.name
                ));
            }
        }
        for kind in LoreKind::ALL {
            let allowed = starting_tome_allowance(roster, kind) as usize;
            let have = roster.tome(kind).count();
            if have < allowed {
                report.notes.push(format!(
                    "{} starting {kind}(s) still to pick (`ptg roster lore`)",
                    allowed - have
                ));
            }
        }
    }
    for u in roster.active_units() {
        if let Some(rank) = pending_ranks(pack, u).first() {
            report.notes.push(format!(
                "{} reached {} and has an ability to choose (`ptg rank choose`)",
                u.label(),
                rank.name
            ));
        }
    }
    for r in &roster.rewards {
        report.notes.push(format!(
            "{} from {} is waiting to be picked",
            crate::rules::change::reward_words(r.reward),
            r.source
        ));
    }
    report
}

#[cfg(test)]
pub(crate) mod tests;
