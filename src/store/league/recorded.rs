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

/// What the checks here take of the file's change sets in force, each with its id, so that,
/// sorted by it, a later set overrides an earlier one as the log does: the army each
/// `battle army` set recorded (its count of units), and the units each result or its
/// correction kept. Only these are kept, not the sets (the league has many).
#[derive(Default)]
struct Sets {
    armies: Vec<(i64, (i64, i64), Option<usize>)>,
    results: Vec<(i64, i64, Option<Vec<i64>>)>,
}

fn sets(league: &League) -> Sets {
    let sets = Read::of(league, "change_sets");
    let mut out = Sets::default();
    for (_, r) in sets.each() {
        let r = &r;
        let (Some(id), Some(command)) = (sets.int(r, "id"), sets.text(r, "command")) else {
            continue;
        };
        let live = sets.int(r, "undoes").is_none() && sets.int(r, "undone_by").is_none();
        let Some(b) = sets.int(r, "battle_id").filter(|_| live) else {
            continue;
        };
        match (command, sets.int(r, "roster_id")) {
            ("battle army", Some(roster)) => {
                let summary = sets.text(r, "summary").unwrap_or("");
                out.armies.push((id, (b, roster), army_count(summary)));
            }
            ("battle result" | "battle result --correct", _) => {
                if let Some(kept) = sets.at(r, "battle_before").filter(|v| !v.is_null()) {
                    let units = battle_before::units_kept(&match kept {
                        Value::String(s) => s.clone(),
                        v => v.to_string(),
                    });
                    out.results.push((id, b, units));
                }
            }
            _ => {}
        }
    }
    out.armies.sort_by_key(|(id, ..)| *id);
    out.results.sort_by_key(|(id, ..)| *id);
    out
}

/// Every row of `league` that its recording set or the battlepack's rule says no command wrote.
pub(super) fn check(league: &League, known: &Known, out: &mut Vec<String>) {
    armies(league, sets(league), out);
    results(league, known, out);
    rewards(league, out);
}

fn armies(league: &League, sets: Sets, out: &mut Vec<String>) {
    let battles = Read::of(league, "battles");
    let units = Read::of(league, "battle_units");
    let mut army: BTreeMap<(i64, i64), Vec<(i64, bool)>> = BTreeMap::new();
    let mut of_battle: HashMap<i64, Vec<i64>> = HashMap::new();
    for (_, r) in units.each() {
        let r = &r;
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
    let recorded: BTreeMap<(i64, i64), Option<usize>> = sets
        .armies
        .into_iter()
        .map(|(_, key, count)| (key, count))
        .collect();
    let result: HashMap<i64, Option<Vec<i64>>> =
        sets.results.into_iter().map(|(_, b, units)| (b, units)).collect();
    let mut rows: HashMap<i64, usize> = HashMap::new();
    let mut fought: HashSet<i64> = HashSet::new();
    for (n, r) in battles.each() {
        if let Some(id) = battles.int(&r, "id") {
            rows.insert(id, n);
            if battles.text(&r, "status") == Some("fought") {
                fought.insert(id);
            }
        }
    }
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
        let Some(Some(kept)) = result.get(&b) else {
            continue;
        };
        let stored = of_battle.get(&b).map_or(&[][..], Vec::as_slice);
        if let Some(problem) = result_units_problem(stored, kept) {
            out.push(format!("{}, its rows of table 'battle_units': {problem}", at(b)));
        }
    }
}

fn results(league: &League, known: &Known, out: &mut Vec<String>) {
    let campaigns = Read::of(league, "campaigns");
    let packs = campaigns.text_by_id("battlepack", |_| true);
    let decisions = Read::of(league, "battle_decisions");
    let decided: HashSet<i64> = decisions
        .each()
        .filter_map(|(_, r)| decisions.int(&r, "battle_id"))
        .collect();
    type SideRow = (usize, Option<u32>, bool, Option<BattleResult>);
    let sides = Read::of(league, "battle_sides");
    let mut of_battle: HashMap<i64, Vec<(i64, SideRow)>> = HashMap::new();
    for (n, r) in sides.each() {
        let r = &r;
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
            .push((side, (n, vp, withdrew, result)));
    }
    let battles = Read::of(league, "battles");
    for (n, r) in battles.each() {
        let r = &r;
        let Some(id) = battles.int(r, "id") else { continue };
        if battles.text(r, "status") != Some("fought") || decided.contains(&id) {
            continue;
        }
        let pack = battles
            .int(r, "campaign_id")
            .and_then(|c| packs.get(&c))
            .and_then(|p| (known.battlepack)(p.as_str()));
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

fn rewards(league: &League, out: &mut Vec<String>) {
    let rewards = Read::of(league, "rewards");
    let claims: Vec<(usize, i64, i64, i64, QuestReward, String)> = rewards
        .each()
        .filter_map(|(n, r)| {
            let r = &r;
            let (Some(id), Some(roster), Some(claimed)) = (
                rewards.int(r, "id"),
                rewards.int(r, "roster_id"),
                rewards.int(r, "claimed_set_id"),
            ) else {
                return None;
            };
            let reward = rewards
                .at(r, "reward")
                .and_then(|v| QuestReward::deserialize(v).ok())?;
            let source = rewards.text(r, "source").unwrap_or("").to_string();
            Some((n, id, roster, claimed, reward, source))
        })
        .collect();
    // Only the sets that claim a reward, and their changes, are kept.
    let claiming: HashSet<i64> = claims.iter().map(|c| c.3).collect();
    let changes = Read::of(league, "changes");
    let mut of_set: HashMap<i64, Vec<Change>> = HashMap::new();
    for (_, r) in changes.each() {
        let r = &r;
        let Some(set) = changes.int(r, "change_set_id").filter(|s| claiming.contains(s)) else {
            continue;
        };
        if let Some(change) = changes.at(r, "payload").and_then(json::<Change>) {
            of_set.entry(set).or_default().push(change);
        }
    }
    let sets = Read::of(league, "change_sets");
    let mut of_sets: Vec<(i64, Option<i64>)> = sets
        .each()
        .filter_map(|(_, r)| {
            let id = sets.int(&r, "id").filter(|id| claiming.contains(id))?;
            // As the checks before: a set without a command was not read.
            sets.text(&r, "command")?;
            Some((id, sets.int(&r, "roster_id")))
        })
        .collect();
    of_sets.sort_by_key(|(id, _)| *id);
    let rosters: HashMap<i64, Option<i64>> = of_sets.into_iter().collect();
    for (n, id, roster, claimed, reward, source) in claims {
        // A set not in the file is told as a reference to nothing.
        let Some(set_roster) = rosters.get(&claimed) else {
            continue;
        };
        let changes = of_set.get(&claimed).map_or(&[][..], Vec::as_slice);
        if let Some(problem) = claim_problem(id, reward, &source, roster, Some((*set_roster, changes))) {
            out.push(format!(
                "row {n} of table 'rewards' (reward {id}), column 'claimed_set_id': set {claimed} does not claim it: {problem}"
            ));
        }
    }
}
