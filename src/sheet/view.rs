//! What a roster sheet says, worked out once from the roster, its battles and its history, so
//! the PDF and the text sheet can never disagree.

use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::{Faction, LoreKind, Realm};
use crate::rules::battle::Battle;
use crate::rules::battle::{BattleResult, DecidedBy, Side};
use crate::rules::log::LoggedSet;
use crate::rules::model::{Roster, Unit};
use crate::rules::roster::{Factions, in_current_data};
use serde::Serialize;
use std::collections::HashMap;

/// The printed roster: page 1's fields and page 2's Order of Battle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Sheet {
    pub army: String,
    pub player: String,
    pub faction: String,
    pub realm: Option<String>,
    pub campaign: String,
    pub battlepack: String,
    pub glory: i64,
    /// Favour points, for a roster that keeps them (option `favour`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub favour: Option<u32>,
    /// Points of the Order of Battle as it stands.
    pub points: u64,
    pub quest: Option<QuestLine>,
    pub completed_quests: Vec<String>,
    /// The most recent battles fought, [`RECENT_BATTLES`] at most, in the order fought.
    pub battles: Vec<BattleLine>,
    /// Every battle fought, counted: the record and how many the sheet leaves out.
    pub battles_fought: u32,
    pub earlier_battles: u32,
    pub record: Record,
    /// Spell, prayer and manifestation lores, in that order.
    pub tome: Vec<Lore>,
    /// Latest first, [`RECENT_EVENTS`] at most.
    pub events: Vec<String>,
    /// Notable events older than those shown (the roster's history has them).
    pub earlier_events: u64,
    /// Warlord first, then in the order they joined; retired units left out.
    pub units: Vec<UnitRow>,
    /// The day the sheet was printed, e.g. "2026-11-21".
    pub printed: String,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct QuestLine {
    pub name: String,
    pub points: u32,
    /// Quest points to complete it; None when completion is an event, not a count.
    pub target: Option<u32>,
    /// The unit the quest is about, if any.
    pub unit: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct BattleLine {
    pub battle: i64,
    pub opponent: String,
    pub points_limit: u32,
    pub battleplan: Option<String>,
    pub victory_points: u32,
    pub opponent_victory_points: u32,
    pub result: BattleResult,
    /// The realm it was fought in (option `realms`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realm: Option<String>,
    /// Where, in players' words: "on Mount Hedon", "in Aqshy".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realm_phrase: Option<String>,
    /// The triumph the roster rolled for it (option `triumphs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triumph: Option<String>,
    /// W, D or L.
    pub letter: char,
    /// Option sudden-death: "sudden death: Assassinate (achieved)" or "by casualties".
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decided: Option<String>,
}

impl BattleLine {
    /// What the campaign options add to the record: "on Mount Hedon · triumph: Blessed".
    pub fn narrative_notes(&self) -> String {
        let mut notes = Vec::new();
        match (&self.realm_phrase, &self.realm) {
            (Some(phrase), _) => notes.push(phrase.clone()),
            (None, Some(r)) => notes.push(format!("in {r}")),
            (None, None) => {}
        }
        if let Some(t) = &self.triumph {
            notes.push(format!("triumph: {t}"));
        }
        notes.join(" · ")
    }
}

/// Wins, draws and losses.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize)]
pub struct Record {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Lore {
    /// "Spell lore", "Prayer lore", "Manifestation lore".
    pub title: String,
    pub entries: Vec<LoreEntry>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LoreEntry {
    pub name: String,
    /// Casting or chanting value.
    pub value: Option<u32>,
    pub wild: bool,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct UnitRow {
    pub id: i64,
    pub name: Option<String>,
    pub warscroll: String,
    pub warlord: bool,
    /// What the unit costs now (twice its points if reinforced).
    pub points: u64,
    pub models: u32,
    pub reinforced: bool,
    pub renown: u32,
    pub rank: Option<String>,
    /// The Path's name, e.g. "Path of the Warrior".
    pub path: Option<String>,
    /// Path abilities in the order earned, tagged with their rank.
    pub abilities: Vec<Tagged>,
    /// Enhancements, tagged with their table (e.g. "Heroic Traits").
    pub enhancements: Vec<Tagged>,
    /// False when the faction data no longer has the unit's warscroll (a seasonal warscroll
    /// dropped since it joined): the unit stays at the points recorded, marked on the sheet.
    pub in_current_data: bool,
    /// The faction an allied unit comes from (option `allies`), marked on the sheet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ally: Option<String>,
}

/// How the sheet marks a unit whose warscroll the current data no longer has.
pub const NOT_IN_CURRENT_DATA: &str = "not in the current data";

/// A name with the word that places it: an ability's rank, an enhancement's table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Tagged {
    pub name: String,
    pub tag: String,
}

/// How many of its latest battles a sheet lists (the rest are counted): a printed roster holds
/// its recent past, and reading a decade of battles for every sheet cost what the decade
/// weighed (issue 42).
pub const RECENT_BATTLES: u32 = 10;

/// How many of its latest notable events a sheet lists (the rest are counted).
pub const RECENT_EVENTS: u32 = 20;

/// The kinds of change (`changes.kind`, a [`Change`](crate::rules::change::Change)'s tag) a
/// sheet lists as notable events once set-up is over: ranks reached, quests completed, rewards
/// earned, units joining or retiring or taking the lead, enhancements and lore entries gained.
/// The store selects them by these names, so this list is the one definition.
pub const NOTABLE_KINDS: &[&str] = &[
    "add_unit",
    "gain_rank",
    "complete_quest",
    "grant_reward",
    "give_enhancement",
    "add_to_tome",
    "tame_manifestation",
    "retire",
    "lead_roster",
];

/// Everything a sheet is made from, loaded by the caller.
pub struct SheetInput<'a> {
    pub roster: &'a Roster,
    /// The roster's faction as the data has it now.
    pub faction: &'a Faction,
    /// The factions its allied units come from, as far as the data has them.
    pub allies: &'a [&'a Faction],
    pub pack: &'a Battlepack,
    pub realm: Option<String>,
    /// The roster's most recent battles (any order; those it fought to a result are listed,
    /// [`RECENT_BATTLES`] at most).
    pub battles: &'a [Battle],
    /// Its record over every battle it fought (what the league table keeps).
    pub record: crate::rules::standings::Record,
    /// The realms the data knows, for how each battle's realm is said.
    pub realms: &'a [&'a Realm],
    /// Its newest notable changes, oldest first, already chosen as [`chosen_events`] chooses
    /// them from a whole log (in force, after set-up, of [`NOTABLE_KINDS`]).
    pub events: &'a [LoggedSet],
    /// How many notable changes came before those.
    pub earlier_events: u64,
    pub printed: chrono::NaiveDate,
    /// Favour points to print, for a roster that keeps them.
    pub favour: Option<u32>,
}

/// Builds the sheet.
pub fn build(input: &SheetInput) -> Sheet {
    let r = input.roster;
    let mut battles = battle_lines(r.id, input.battles, input.realms);
    let keep_from = battles.len().saturating_sub(RECENT_BATTLES as usize);
    battles.drain(..keep_from);
    let fought = input.record;
    let record = Record {
        wins: fought.victories(),
        draws: fought.draws,
        losses: fought.defeats(),
    };
    let mut events = event_lines(r, input.events);
    events.truncate(RECENT_EVENTS as usize);
    Sheet {
        army: r.name.clone(),
        player: r.player.clone(),
        faction: r.faction.clone(),
        realm: input.realm.clone().filter(|s| !s.trim().is_empty()),
        campaign: r.campaign.clone(),
        battlepack: input.pack.name.clone(),
        glory: r.glory,
        favour: input.favour,
        points: r.points(),
        quest: r.quest.as_ref().map(|q| {
            let def = input.pack.quest(&q.quest);
            QuestLine {
                name: def.map_or_else(|| q.quest.clone(), |d| d.name.clone()),
                points: q.points,
                target: def.map(|d| d.target_points).filter(|t| *t > 0),
                unit: q
                    .unit
                    .and_then(|id| r.unit(id))
                    .map(|u| u.display_name().to_string()),
            }
        }),
        completed_quests: r.completed_quests.clone(),
        battles_fought: fought.played,
        earlier_battles: fought.played.saturating_sub(battles.len() as u32),
        battles,
        record,
        tome: LoreKind::ALL
            .iter()
            .map(|&kind| Lore {
                title: format!(
                    "{}{} lore",
                    kind.as_str()[..1].to_uppercase(),
                    &kind.as_str()[1..]
                ),
                entries: r
                    .tome(kind)
                    .map(|e| LoreEntry {
                        name: e.name.clone(),
                        value: e.value,
                        wild: e.wild,
                    })
                    .collect(),
            })
            .collect(),
        events,
        earlier_events: input.earlier_events,
        units: order_of_battle(r)
            .into_iter()
            .map(|u| {
                let factions = Factions {
                    own: input.faction,
                    allies: input.allies,
                };
                unit_row(input.pack, &factions, u)
            })
            .collect(),
        printed: input.printed.format("%Y-%m-%d").to_string(),
    }
}

/// The units to print: warlord first, then by when they joined; retired ones left out.
fn order_of_battle(r: &Roster) -> Vec<&Unit> {
    let mut units: Vec<&Unit> = r.active_units().collect();
    units.sort_by_key(|u| (!u.warlord, u.id));
    units
}

fn unit_row(pack: &Battlepack, factions: &Factions, u: &Unit) -> UnitRow {
    UnitRow {
        in_current_data: in_current_data(factions, u),
        ally: u.ally.clone(),
        id: u.id,
        name: u.name.clone(),
        warscroll: u.warscroll.clone(),
        warlord: u.warlord,
        points: u.cost(),
        models: u.models(),
        reinforced: u.reinforced,
        renown: u.renown,
        rank: u.rank.clone(),
        path: u
            .path
            .as_deref()
            .map(|p| pack.path(p).map_or_else(|| p.to_string(), |p| p.name.clone())),
        abilities: u
            .abilities
            .iter()
            .map(|(rank, a)| Tagged {
                name: pack.ability_name(u.path.as_deref(), a),
                tag: rank.clone(),
            })
            .collect(),
        enhancements: u
            .enhancements
            .iter()
            .map(|e| Tagged {
                name: e.name.clone(),
                tag: e.table.clone(),
            })
            .collect(),
    }
}

/// The battles `roster_id` fought to a result, in the order they were fought (campaign time:
/// the change set that recorded each result; a battle an older ptg logged without it first, by
/// id), not the order they were planned.
fn battle_lines(roster_id: i64, battles: &[Battle], realms: &[&Realm]) -> Vec<BattleLine> {
    let mut fought: Vec<&Battle> = battles.iter().collect();
    fought.sort_by_key(|b| (b.fought_at, b.id));
    fought
        .into_iter()
        .filter_map(|b| {
            let ours = b.side(roster_id)?;
            let theirs = b.sides.iter().find(|s| s.roster_id != roster_id)?;
            let result = ours.result?;
            Some(BattleLine {
                battle: b.id,
                opponent: theirs.roster.clone(),
                points_limit: b.points_limit,
                battleplan: b.battleplan.clone(),
                victory_points: ours.victory_points.unwrap_or(0),
                opponent_victory_points: theirs.victory_points.unwrap_or(0),
                result,
                realm: b.realm.clone(),
                realm_phrase: b
                    .realm
                    .as_deref()
                    .and_then(|name| realms.iter().find(|r| r.answers_to(name)))
                    .map(|r| r.phrase()),
                triumph: ours.triumph.as_ref().map(|t| t.triumph.clone()),
                letter: result.letter(),
                decided: decided(b, ours),
            })
        })
        .collect()
}

/// A battle's note when the sudden-death option had a say in it: the objective picked and
/// whether it was achieved, or a result decided by casualties.
fn decided(b: &Battle, ours: &Side) -> Option<String> {
    let pick = b.sides.iter().find_map(|s| s.sudden_death.as_ref());
    match (ours.decision.as_ref().map(|d| d.by), pick) {
        (Some(DecidedBy::Casualties), _) => Some("by casualties".into()),
        (Some(DecidedBy::SuddenDeath), Some(p)) => Some(format!("sudden death: {} (achieved)", p.objective)),
        (_, Some(p)) => Some(format!("sudden death: {} (not achieved)", p.objective)),
        (_, None) => None,
    }
}

/// The line under the battles a sheet lists when it leaves older ones out.
pub fn earlier_battles_note(s: &Sheet) -> Option<String> {
    (s.earlier_battles > 0).then(|| {
        format!(
            "… and {} (the record counts them all)",
            crate::names::counted(s.earlier_battles as usize, "earlier battle", "earlier battles")
        )
    })
}

/// The line under the notable events a sheet lists when it leaves older ones out.
pub fn earlier_events_note(s: &Sheet) -> Option<String> {
    (s.earlier_events > 0).then(|| {
        format!(
            "… and {} (in the roster's history)",
            crate::names::counted(s.earlier_events as usize, "earlier event", "earlier events")
        )
    })
}

/// The notable events of a whole change log (oldest first), latest first: what a sheet would
/// list if it listed them all. The sheet reads only its newest few (`store::notable`); this is
/// the definition that reading is held to.
pub fn notable_events(r: &Roster, history: &[LoggedSet]) -> Vec<String> {
    event_lines(r, &chosen_events(r.id, history))
}

/// The sets of `history` (oldest first) cut down to their notable changes to roster `roster`:
/// those of [`NOTABLE_KINDS`] after its set-up was completed, in sets still in force.
pub fn chosen_events(roster: i64, history: &[LoggedSet]) -> Vec<LoggedSet> {
    let mut setup_over = false;
    let mut chosen = Vec::new();
    for set in history {
        let mut kept = Vec::new();
        for c in &set.changes {
            if c.roster_id.is_some_and(|id| id != roster) {
                continue;
            }
            if c.kind == "complete_setup" {
                setup_over = true;
                continue;
            }
            if set.in_force() && setup_over && NOTABLE_KINDS.contains(&c.kind.as_str()) {
                kept.push(c.clone());
            }
        }
        if !kept.is_empty() {
            chosen.push(LoggedSet {
                changes: kept,
                ..set.clone()
            });
        }
    }
    chosen
}

/// The lines of notable changes already chosen (sets oldest first), latest first.
fn event_lines(r: &Roster, chosen: &[LoggedSet]) -> Vec<String> {
    let names: HashMap<i64, &str> = r.units.iter().map(|u| (u.id, u.display_name())).collect();
    let mut events = Vec::new();
    for set in chosen {
        for c in &set.changes {
            let unit = match (c.unit_id.and_then(|id| names.get(&id)), c.kind.as_str()) {
                (_, "add_unit") | (None, _) => String::new(),
                (Some(name), _) => format!("{name} "),
            };
            let when = match set.battle_id {
                Some(b) => format!("Battle {b}"),
                None => set.created_at.get(..10).unwrap_or(&set.created_at).to_string(),
            };
            events.push(format!("{when}: {unit}{}", c.description));
        }
    }
    events.reverse();
    events
}

#[cfg(test)]
mod tests;
