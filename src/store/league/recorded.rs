//! A league file's rows against the change sets that recorded them, for `ptg import`'s check
//! (issue 39): each army the one its `battle army` set took (as many units, one general), a
//! fought battle's armies the units its result was recorded for, a claimed reward naming the
//! set whose changes claim it, and each result what the battlepack's rule makes of the
//! victory points. The rules are the engine's (`rules::audit::recorded`).

use super::League;
use super::engine::{Known, Read, json};
use crate::catalogue::battlepack::QuestReward;
use crate::rules::Change;
use crate::rules::audit::recorded::{
    army_count, army_problem, claim_problem, result_units_problem, vp_result_problem,
};
use crate::rules::battle::BattleResult;
use crate::store::battle_before;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// A change set of the file, as the checks here read it.
struct Set {
    id: i64,
    command: String,
    roster: Option<i64>,
    battle: Option<i64>,
    live: bool,
    summary: String,
    kept: Option<Value>,
}

fn sets(league: &League) -> Vec<Set> {
    let sets = Read::of(league, "change_sets");
    let mut out = Vec::new();
    for (_, r) in &sets.rows {
        let (Some(id), Some(command)) = (sets.int(r, "id"), sets.text(r, "command")) else {
            continue;
        };
        out.push(Set {
            id,
            command: command.to_string(),
            roster: sets.int(r, "roster_id"),
            battle: sets.int(r, "battle_id"),
            live: sets.int(r, "undoes").is_none() && sets.int(r, "undone_by").is_none(),
            summary: sets.text(r, "summary").unwrap_or("").to_string(),
            kept: sets.at(r, "battle_before").filter(|v| !v.is_null()).cloned(),
        });
    }
    out.sort_by_key(|s| s.id);
    out
}

/// Every row of `league` that its recording set or the battlepack's rule says no command wrote.
pub(super) fn check(league: &League, known: &Known, out: &mut Vec<String>) {
    let sets = sets(league);
    armies(league, &sets, out);
    results(league, known, out);
    rewards(league, &sets, out);
}

fn armies(league: &League, sets: &[Set], out: &mut Vec<String>) {
    let battles = Read::of(league, "battles");
    let units = Read::of(league, "battle_units");
    let mut army: BTreeMap<(i64, i64), Vec<(i64, bool)>> = BTreeMap::new();
    let mut of_battle: HashMap<i64, Vec<i64>> = HashMap::new();
    for (_, r) in &units.rows {
        let (Some(b), Some(roster), Some(unit)) = (
            units.int(r, "battle_id"),
            units.int(r, "roster_id"),
            units.int(r, "unit_id"),
        ) else {
            continue;
        };
        let general = units.at(r, "general").and_then(Value::as_bool).unwrap_or(false);
        army.entry((b, roster)).or_default().push((unit, general));
        of_battle.entry(b).or_default().push(unit);
    }
    // The latest set in force that recorded each army, and each battle's result.
    let mut recorded: BTreeMap<(i64, i64), Option<usize>> = BTreeMap::new();
    let mut result: HashMap<i64, &Value> = HashMap::new();
    for s in sets.iter().filter(|s| s.live) {
        let Some(b) = s.battle else { continue };
        match (s.command.as_str(), s.roster) {
            ("battle army", Some(roster)) => {
                recorded.insert((b, roster), army_count(&s.summary));
            }
            ("battle result" | "battle result --correct", _) => {
                if let Some(kept) = &s.kept {
                    result.insert(b, kept);
                }
            }
            _ => {}
        }
    }
    let rows: HashMap<i64, usize> = battles
        .rows
        .iter()
        .filter_map(|(n, r)| Some((battles.int(r, "id")?, *n)))
        .collect();
    let fought: HashSet<i64> = battles
        .rows
        .iter()
        .filter(|(_, r)| battles.text(r, "status") == Some("fought"))
        .filter_map(|(_, r)| battles.int(r, "id"))
        .collect();
    let keys: std::collections::BTreeSet<(i64, i64)> = army.keys().chain(recorded.keys()).copied().collect();
    let at = |b: i64| {
        rows.get(&b).map_or(format!("battle {b}"), |n| {
            format!("row {n} of table 'battles' (battle {b})")
        })
    };
    for (b, roster) in keys {
        let units = army.get(&(b, roster)).map_or(&[][..], Vec::as_slice);
        let count = recorded.get(&(b, roster)).copied().flatten();
        if let Some(problem) = army_problem(units, count) {
            out.push(format!(
                "{}, its rows of table 'battle_units' of roster {roster}: {problem}",
                at(b)
            ));
        }
    }
    for b in fought {
        let kept = result.get(&b).and_then(|v| {
            battle_before::units_kept(&match v {
                Value::String(s) => s.clone(),
                v => v.to_string(),
            })
        });
        let Some(kept) = kept else { continue };
        let stored = of_battle.get(&b).map_or(&[][..], Vec::as_slice);
        if let Some(problem) = result_units_problem(stored, &kept) {
            out.push(format!("{}, its rows of table 'battle_units': {problem}", at(b)));
        }
    }
}

fn results(league: &League, known: &Known, out: &mut Vec<String>) {
    let campaigns = Read::of(league, "campaigns");
    let packs = campaigns.text_by_id("battlepack");
    let decisions = Read::of(league, "battle_decisions");
    let decided: HashSet<i64> = decisions
        .rows
        .iter()
        .filter_map(|(_, r)| decisions.int(r, "battle_id"))
        .collect();
    type SideRow = (usize, Option<u32>, bool, Option<BattleResult>);
    let sides = Read::of(league, "battle_sides");
    let mut of_battle: HashMap<i64, Vec<(i64, SideRow)>> = HashMap::new();
    for (n, r) in &sides.rows {
        let (Some(b), Some(side)) = (sides.int(r, "battle_id"), sides.int(r, "side")) else {
            continue;
        };
        let vp = sides.int(r, "victory_points").and_then(|v| u32::try_from(v).ok());
        let withdrew = sides.at(r, "withdrew").and_then(Value::as_bool).unwrap_or(false);
        let result = sides
            .at(r, "result")
            .and_then(|v| BattleResult::deserialize(v).ok());
        of_battle
            .entry(b)
            .or_default()
            .push((side, (*n, vp, withdrew, result)));
    }
    let battles = Read::of(league, "battles");
    for (n, r) in &battles.rows {
        let Some(id) = battles.int(r, "id") else { continue };
        if battles.text(r, "status") != Some("fought") || decided.contains(&id) {
            continue;
        }
        let pack = battles
            .int(r, "campaign_id")
            .and_then(|c| packs.get(&c))
            .and_then(|p| (known.battlepack)(p));
        let (Some(pack), Some(of_sides)) = (pack, of_battle.get_mut(&id)) else {
            continue;
        };
        of_sides.sort_by_key(|(side, _)| *side);
        let [(_, a), (_, b)] = of_sides.as_slice() else {
            continue;
        };
        if let Some(problem) = vp_result_problem(pack, [a.1, b.1], [a.2, b.2], [a.3, b.3]) {
            out.push(format!(
                "row {n} of table 'battles' (battle {id}), rows {} and {} of table 'battle_sides', columns 'victory_points' and 'result': {problem}",
                a.0, b.0
            ));
        }
    }
}

fn rewards(league: &League, sets: &[Set], out: &mut Vec<String>) {
    let changes = Read::of(league, "changes");
    let mut of_set: HashMap<i64, Vec<Change>> = HashMap::new();
    for (_, r) in &changes.rows {
        let (Some(set), Some(change)) = (
            changes.int(r, "change_set_id"),
            changes.at(r, "payload").and_then(json::<Change>),
        ) else {
            continue;
        };
        of_set.entry(set).or_default().push(change);
    }
    let rosters: HashMap<i64, Option<i64>> = sets.iter().map(|s| (s.id, s.roster)).collect();
    let rewards = Read::of(league, "rewards");
    for (n, r) in &rewards.rows {
        let (Some(id), Some(roster), Some(claimed)) = (
            rewards.int(r, "id"),
            rewards.int(r, "roster_id"),
            rewards.int(r, "claimed_set_id"),
        ) else {
            continue;
        };
        let Some(reward) = rewards
            .at(r, "reward")
            .and_then(|v| QuestReward::deserialize(v).ok())
        else {
            continue;
        };
        let source = rewards.text(r, "source").unwrap_or("");
        // A set not in the file is told as a reference to nothing.
        let Some(set_roster) = rosters.get(&claimed) else {
            continue;
        };
        let changes = of_set.get(&claimed).map_or(&[][..], Vec::as_slice);
        if let Some(problem) = claim_problem(id, reward, source, roster, Some((*set_roster, changes))) {
            out.push(format!(
                "row {n} of table 'rewards' (reward {id}), column 'claimed_set_id': set {claimed} does not claim it: {problem}"
            ));
        }
    }
}
