//! A league file's rows against the engine's rules, for `ptg import`'s check (issue 39): each
//! battle with its two sides, each roll dice of its expression, each twist in a round its
//! battle has, each enhancement on a unit its table is open to. Types and ranges are
//! `check.rs`'s; the rules themselves are the engine's (`rules::audit::rows`), which the audit
//! applies to a database's rows too. Every campaign of the file is checked, deleted ones
//! included (the audit after the import looks at live ones only).

use super::League;
use crate::catalogue::battlepack::Battlepack;
use crate::rules::audit::rows::{
    aftermath_link_problem, cancelled_problem, results_problem, roll_problem, sides_problem,
    twist_roll_problem, twist_round_problem, undo_problem,
};
use crate::rules::battle::BattleResult;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap, HashSet};

/// What is wrong with an enhancement from a table (4th) on a unit of a warscroll (2nd) with
/// keywords (3rd) of a faction (1st), if anything.
pub type EnhancementRule<'a> = &'a dyn Fn(&str, &str, &[String], &str) -> Option<String>;

/// What the check needs from the data in use (the engine's rules over the catalogue), given by
/// the operation, which has the catalogue.
pub struct Known<'a> {
    /// The battle rounds of a battlepack, by name (`None`: not known here).
    pub battle_rounds: &'a dyn Fn(&str) -> Option<u32>,
    /// The battlepack of that name (`None`: not known here), for the rule that decides results.
    pub battlepack: &'a dyn Fn(&str) -> Option<&'a Battlepack>,
    /// What is wrong with an enhancement from `table` on a unit of `warscroll` with `keywords`
    /// in `faction` (the roster's, or the unit's allied faction): `None` when it may hold it,
    /// or when the data cannot tell.
    pub enhancement: EnhancementRule<'a>,
}

/// A table of the file, read a row at a time from its spool (`spool.rs`) each time it is
/// walked: a check keeps only what it needs of it (ids, a few columns), never the table.
pub(super) struct Read<'a> {
    table: &'a str,
    columns: &'a [String],
    rows: Option<&'a super::Rows>,
}

impl Read<'_> {
    pub(super) fn of<'a>(league: &'a League, table: &'a str) -> Read<'a> {
        match league.tables.get(table) {
            Some(t) => Read {
                table,
                columns: &t.columns,
                rows: Some(t),
            },
            None => Read {
                table,
                columns: &[],
                rows: None,
            },
        }
    }

    /// Each row that reads as one value per column, with its number from 1 (a row that does
    /// not is told by `check.rs`).
    pub(super) fn each(&self) -> impl Iterator<Item = (usize, Vec<Value>)> + '_ {
        self.rows
            .into_iter()
            .flat_map(|t| t.each(self.table))
            .enumerate()
            .filter_map(|(i, r)| Some((i + 1, r.ok()?)))
    }

    pub(super) fn at<'v>(&self, row: &'v [Value], column: &str) -> Option<&'v Value> {
        self.columns
            .iter()
            .position(|c| c == column)
            .and_then(|i| row.get(i))
    }

    pub(super) fn int(&self, row: &[Value], column: &str) -> Option<i64> {
        self.at(row, column).and_then(Value::as_i64)
    }

    pub(super) fn text<'v>(&self, row: &'v [Value], column: &str) -> Option<&'v str> {
        self.at(row, column).and_then(Value::as_str)
    }

    /// Each row's text `column`, by the row's `id` (rows without either left out); only of the
    /// ids `wanted` says yes to.
    pub(super) fn text_by_id(&self, column: &str, wanted: impl Fn(i64) -> bool) -> HashMap<i64, String> {
        self.each()
            .filter_map(|(_, r)| {
                let id = self.int(&r, "id").filter(|id| wanted(*id))?;
                Some((id, self.text(&r, column)?.to_string()))
            })
            .collect()
    }
}

/// A map built once and then only read, kept as a sorted vector (a third of a `HashMap`'s
/// memory for the league's change sets); a key given twice keeps its last value, as collecting
/// into a `HashMap` does.
pub(super) struct Frozen<K, V>(Vec<(K, V)>);

impl<K: Ord + Copy, V> FromIterator<(K, V)> for Frozen<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(iter: I) -> Self {
        let mut all: Vec<(K, V)> = iter.into_iter().collect();
        // Stable: of equal keys, the last given ends last; reversed, it is kept by dedup.
        all.sort_by_key(|(k, _)| *k);
        all.reverse();
        all.dedup_by_key(|(k, _)| *k);
        all.reverse();
        all.shrink_to_fit();
        Frozen(all)
    }
}

impl<K: Ord, V> Frozen<K, V> {
    pub(super) fn get(&self, key: &K) -> Option<&V> {
        self.0
            .binary_search_by(|(k, _)| k.cmp(key))
            .ok()
            .map(|i| &self.0[i].1)
    }
}

/// A JSON column's value as what it holds (export writes JSON; text holding JSON is read too).
pub(super) fn json<T: serde::de::DeserializeOwned>(value: &Value) -> Option<T> {
    match value {
        Value::String(s) => serde_json::from_str(s).ok(),
        v => serde_json::from_value(v.clone()).ok(),
    }
}

/// Every row of `league` the engine's rules say no command wrote, each with where it is.
pub(super) fn check(league: &League, known: &Known) -> Vec<String> {
    let mut out = Vec::new();
    rolls(league, &mut out);
    let campaigns = Read::of(league, "campaigns");
    let packs = campaigns.text_by_id("battlepack", |_| true);
    let battles = Read::of(league, "battles");
    let mut battle_rounds: HashMap<i64, u32> = HashMap::new();
    let sides_read = Read::of(league, "battle_sides");
    let mut sides: BTreeMap<i64, Vec<(i64, i64)>> = BTreeMap::new();
    let mut results: BTreeMap<i64, Vec<(i64, Option<BattleResult>)>> = BTreeMap::new();
    for (_, r) in sides_read.each() {
        if let (Some(b), Some(roster), Some(side)) = (
            sides_read.int(&r, "battle_id"),
            sides_read.int(&r, "roster_id"),
            sides_read.int(&r, "side"),
        ) {
            sides.entry(b).or_default().push((roster, side));
            let result = sides_read
                .at(&r, "result")
                .and_then(|v| BattleResult::deserialize(v).ok());
            results.entry(b).or_default().push((side, result));
        }
    }
    // Whether the set that planned each battle is undone (an undo cancels it).
    let sets = Read::of(league, "change_sets");
    let planning_undone: HashMap<i64, bool> = sets
        .each()
        .filter(|(_, r)| sets.text(r, "command") == Some("battle new"))
        .filter_map(|(_, r)| Some((sets.int(&r, "battle_id")?, sets.int(&r, "undone_by").is_some())))
        .collect();
    for (n, r) in battles.each() {
        let r = &r;
        let Some(id) = battles.int(r, "id") else { continue };
        let cancelled = battles.at(r, "cancelled").and_then(Value::as_bool);
        if let (Some(cancelled), Some(undone)) = (cancelled, planning_undone.get(&id))
            && let Some(problem) = cancelled_problem(cancelled, *undone)
        {
            out.push(format!(
                "row {n} of table 'battles' (battle {id}), column 'cancelled': {problem}"
            ));
        }
        let mut of_sides = results.remove(&id).unwrap_or_default();
        of_sides.sort_by_key(|(side, _)| *side);
        let results: Vec<_> = of_sides.into_iter().map(|(_, r)| r).collect();
        let fought = battles.text(r, "status") == Some("fought");
        let problem = sides_problem(sides.get(&id).map_or(&[][..], Vec::as_slice))
            .or_else(|| results_problem(fought, &results));
        if let Some(problem) = problem {
            out.push(format!(
                "row {n} of table 'battles' (battle {id}), its rows of table 'battle_sides': {problem}"
            ));
        }
        let pack = battles.int(r, "campaign_id").and_then(|c| packs.get(&c));
        if let Some(rounds) = pack.and_then(|p| (known.battle_rounds)(p.as_str())) {
            battle_rounds.insert(id, rounds);
        }
    }
    // Only the rolls the twists name are read for their purpose (the league has many).
    let twists = Read::of(league, "battle_twists");
    let twist_rows: Vec<(usize, Vec<Value>)> = twists.each().collect();
    let named: HashSet<i64> = twist_rows
        .iter()
        .filter_map(|(_, r)| twists.int(r, "roll_id"))
        .collect();
    let rolls = Read::of(league, "rolls");
    let purposes = rolls.text_by_id("purpose", |id| named.contains(&id));
    for (n, r) in &twist_rows {
        let roll = twists
            .int(r, "roll_id")
            .and_then(|id| purposes.get(&id))
            .map(String::as_str);
        if let (Some(purpose), Some(round)) = (roll, twists.int(r, "round"))
            && let Some(problem) = twist_roll_problem(round, purpose)
        {
            out.push(format!(
                "row {n} of table 'battle_twists', column 'roll_id': {problem}"
            ));
        }
        let (Some(b), Some(round)) = (twists.int(r, "battle_id"), twists.int(r, "round")) else {
            continue;
        };
        if let Some(problem) = battle_rounds
            .get(&b)
            .and_then(|last| twist_round_problem(round, *last))
        {
            out.push(format!(
                "row {n} of table 'battle_twists' (battle {b}), column 'round': {problem}"
            ));
        }
    }
    enhancements(league, known, &mut out);
    undos(league, &mut out);
    aftermaths(league, &sides_read, &mut out);
    super::recorded::check(league, known, &mut out);
    out
}

/// Each undo and the set it undoes marked as undone by it.
fn undos(league: &League, out: &mut Vec<String>) {
    let sets = Read::of(league, "change_sets");
    // Each set's (undoes, undone_by).
    let links: Frozen<i64, (Option<i64>, Option<i64>)> = sets
        .each()
        .filter_map(|(_, r)| {
            Some((
                sets.int(&r, "id")?,
                (sets.int(&r, "undoes"), sets.int(&r, "undone_by")),
            ))
        })
        .collect();
    let undone_by = |id: &i64| links.get(id).map(|(_, by)| by);
    let undoes = |id: &i64| links.get(id).map(|(undoes, _)| undoes);
    for (n, r) in sets.each() {
        let r = &r;
        // A set marked undone by a set that does not undo it.
        if let (Some(id), Some(by)) = (sets.int(r, "id"), sets.int(r, "undone_by"))
            && let Some(target) = undoes(&by)
            && *target != Some(id)
        {
            out.push(format!(
                "row {n} of table 'change_sets' (set {id}), column 'undone_by': set {by} does not undo set {id}"
            ));
        }
        let (Some(id), Some(undoes)) = (sets.int(r, "id"), sets.int(r, "undoes")) else {
            continue;
        };
        // A set not in the file is told as a reference to nothing.
        let Some(by) = undone_by(&undoes) else {
            continue;
        };
        if let Some(problem) = undo_problem(id, undoes, *by) {
            out.push(format!(
                "row {n} of table 'change_sets' (set {id}), column 'undoes': {problem}"
            ));
        }
    }
}

/// Each roll dice of its expression: one face per die, within its faces, the total their sum.
fn rolls(league: &League, out: &mut Vec<String>) {
    let rolls = Read::of(league, "rolls");
    for (n, r) in rolls.each() {
        let r = &r;
        let (Some(expression), Some(faces), Some(total)) = (
            rolls.text(r, "expression"),
            rolls.at(r, "faces").and_then(json::<Vec<i64>>),
            rolls.int(r, "total"),
        ) else {
            continue;
        };
        if let Some((column, problem)) = roll_problem(expression, &faces, total) {
            let id = rolls
                .int(r, "id")
                .map_or(String::new(), |id| format!(" (roll {id})"));
            out.push(format!(
                "row {n} of table 'rolls'{id}, column '{column}': {problem}"
            ));
        }
    }
}

/// Each enhancement on a unit its table is open to, by the data's rules.
fn enhancements(league: &League, known: &Known, out: &mut Vec<String>) {
    let rosters = Read::of(league, "rosters");
    let factions = rosters.text_by_id("faction", |_| true);
    let held = Read::of(league, "enhancements");
    let held_rows: Vec<(usize, Vec<Value>)> = held.each().collect();
    // Only the units that hold an enhancement are kept.
    let holders: HashSet<i64> = held_rows
        .iter()
        .filter_map(|(_, r)| held.int(r, "unit_id"))
        .collect();
    let units = Read::of(league, "units");
    let unit_rows: HashMap<i64, Vec<Value>> = units
        .each()
        .filter_map(|(_, r)| Some((units.int(&r, "id").filter(|id| holders.contains(id))?, r)))
        .collect();
    for (n, r) in &held_rows {
        let (Some(unit_id), Some(table)) = (held.int(r, "unit_id"), held.text(r, "table_name")) else {
            continue;
        };
        let Some(unit) = unit_rows.get(&unit_id) else {
            continue;
        };
        let faction = units.text(unit, "ally_faction").or_else(|| {
            units
                .int(unit, "roster_id")
                .and_then(|id| factions.get(&id).map(String::as_str))
        });
        let keywords: Vec<String> = units.at(unit, "keywords").and_then(json).unwrap_or_default();
        let (Some(faction), Some(warscroll)) = (faction, units.text(unit, "warscroll")) else {
            continue;
        };
        if let Some(problem) = (known.enhancement)(faction, warscroll, &keywords, table) {
            let id = held
                .int(r, "id")
                .map_or(String::new(), |id| format!(" (enhancement {id})"));
            // The warscroll is the file's text, checked elsewhere but quoted here first.
            let warscroll = super::domains::escaped(warscroll);
            out.push(format!(
                "row {n} of table 'enhancements'{id}, column 'unit_id': unit {unit_id} ({warscroll}) {problem}"
            ));
        }
    }
}

/// Each side marked with its aftermath in force, and only with it.
fn aftermaths(league: &League, sides: &Read, out: &mut Vec<String>) {
    let sets = Read::of(league, "change_sets");
    let mut in_force: HashMap<(i64, i64), Vec<i64>> = HashMap::new();
    for (_, r) in sets.each() {
        let r = &r;
        let live = sets.int(r, "undoes").is_none() && sets.int(r, "undone_by").is_none();
        if let (true, Some("aftermath"), Some(id), Some(b), Some(roster)) = (
            live,
            sets.text(r, "command"),
            sets.int(r, "id"),
            sets.int(r, "battle_id"),
            sets.int(r, "roster_id"),
        ) {
            in_force.entry((b, roster)).or_default().push(id);
        }
    }
    for (n, r) in sides.each() {
        let r = &r;
        let (Some(b), Some(roster)) = (sides.int(r, "battle_id"), sides.int(r, "roster_id")) else {
            continue;
        };
        let linked = sides.int(r, "aftermath_set_id");
        let sets = in_force.get(&(b, roster)).map_or(&[][..], Vec::as_slice);
        if let Some(problem) = aftermath_link_problem(linked, sets) {
            out.push(format!(
                "row {n} of table 'battle_sides' (battle {b}, roster {roster}), column 'aftermath_set_id': {problem}"
            ));
        }
    }
}
