//! A league file checked whole before `ptg import` writes a row (issue 30): every value against
//! what the commands would have let in (names by the name rule, numbers by their ranges, text
//! without control characters, every JSON column read into its real type, every id named
//! present in the file), into an empty database and a full one alike. Every problem is listed,
//! not just the first, so a club fixes its file once.

use super::domains::{Domain, MAX_LABEL_CHARS, MAX_WORDS_CHARS, check_note, domain, escaped, line, shorten};
use super::tables::{Kind, TABLES, Table, may_leave_out, table};
use super::{League, Rows};
use crate::error::refusal;
use crate::rules::Change;
use crate::rules::limits::MAX_ID;
use crate::rules::log::Command;
use crate::rules::names::{self, NameKind};
use crate::store::{Conn, battle_before, campaigns};
use anyhow::Result;
use rusqlite::OptionalExtension;
use serde::Deserialize;
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The most problems a refusal lists; the rest are counted.
const MAX_LISTED: usize = 50;
/// Every problem found, each with where it is.
#[derive(Default)]
struct Problems(Vec<String>);

impl Problems {
    fn add(&mut self, at: impl FnOnce() -> String, problem: impl std::fmt::Display) {
        self.0.push(format!("{}: {problem}", at()));
    }
}

/// The ids of each keyed table in the file, each table's sorted: a league's ~440,000 ids
/// searched in a list take a third of what hash sets of them do, and the import moves them on
/// to its renumbering instead of reading them again (issue 42: an import's peak memory).
pub(super) type FileIds = HashMap<&'static str, SortedIds>;

/// One table's ids, sorted and each once.
#[derive(Debug, Default)]
pub(super) struct SortedIds(Vec<i64>);

impl SortedIds {
    pub(super) fn contains(&self, id: i64) -> bool {
        self.0.binary_search(&id).is_ok()
    }
    pub(super) fn lowest(&self) -> Option<i64> {
        self.0.first().copied()
    }
}

/// Refuses `league` listing every problem found, or passes it: checked against `conn` only
/// for the columns each table has there (a NOT NULL column the file leaves out). A file that
/// passes gives back its ids, table by table, for the import's renumbering.
pub fn check(conn: &Conn, league: &League, known: &super::Known) -> Result<FileIds> {
    // The engine's checks first, so the maps they build and the file's ids are not held at
    // once; their problems are listed after the rows' as before.
    let engine_problems = super::engine::check(league, known);
    let mut problems = Problems::default();
    for t in TABLES.iter().filter(|t| !league.tables.contains_key(t.name)) {
        problems.0.push(format!(
            "the file has no table '{}', which `ptg export` always writes (with no rows if it has none)",
            t.name
        ));
    }
    let mut ids: FileIds = HashMap::new();
    let mut not_null: HashMap<&str, Vec<String>> = HashMap::new();
    for (name, rows) in &league.tables {
        let Some(known) = table(name) else {
            problems.0.push(format!(
                "the file has a table '{name}' this ptg does not know; it was written by another ptg, update ptg to import it"
            ));
            continue;
        };
        not_null.insert(known.name, check_columns(conn, known, rows, &mut problems)?);
        if known.keyed() {
            ids.insert(known.name, keys(known, rows, &mut problems));
        }
    }
    for known in TABLES {
        if let Some(rows) = league.tables.get(known.name) {
            let needed = not_null.get(known.name).map_or(&[][..], Vec::as_slice);
            check_rows(known, rows, needed, &ids, &mut problems);
        }
    }
    problems.0.extend(engine_problems);
    for (name, id) in taken_names(conn, league)? {
        problems.0.push(format!(
            "this database already has a campaign called '{name}' (id {id}); rename that one first \
             (`ptg campaign rename`), or import into another database with --db"
        ));
    }
    refuse_if_any(problems)?;
    Ok(ids)
}

/// The live campaigns of the file whose name a live campaign of the database already has.
fn taken_names(conn: &Conn, league: &League) -> Result<Vec<(String, i64)>> {
    let Some(rows) = league.tables.get("campaigns") else {
        return Ok(Vec::new());
    };
    let at = |c: &str| rows.columns.iter().position(|x| x == c);
    let (Some(name), deleted) = (at("name"), at("deleted")) else {
        return Ok(Vec::new());
    };
    let mut taken = Vec::new();
    for row in rows.each("campaigns").flatten() {
        let live = deleted.and_then(|d| row[d].as_bool()) != Some(true);
        let Some(text) = row[name].as_str().filter(|_| live) else {
            continue;
        };
        let found: Option<i64> = conn
            .query_row(
                "SELECT id FROM campaigns WHERE name = ?1 AND deleted = 0",
                [text],
                |r| r.get(0),
            )
            .optional()?;
        if let Some(id) = found {
            taken.push((escaped(text), id));
        }
    }
    Ok(taken)
}

fn refuse_if_any(problems: Problems) -> Result<()> {
    let all = problems.0;
    if all.is_empty() {
        return Ok(());
    }
    let mut text = format!(
        "the league file cannot be imported ({} problem(s); nothing was written):",
        all.len()
    );
    for p in all.iter().take(MAX_LISTED) {
        text.push_str("\n  - ");
        text.push_str(p);
    }
    if all.len() > MAX_LISTED {
        text.push_str(&format!("\n  ... and {} more", all.len() - MAX_LISTED));
    }
    Err(refusal(text))
}

/// Unknown columns, a keyed table without ids, and NOT NULL columns without a default the file
/// leaves out.
fn check_columns(conn: &Conn, known: &Table, rows: &Rows, problems: &mut Problems) -> Result<Vec<String>> {
    let name = known.name;
    for column in &rows.columns {
        match known.kind(column) {
            None => problems.0.push(format!(
                "the file's table '{name}' has a column '{column}' this ptg does not know; update ptg to import it"
            )),
            Some(Kind::Kept) => problems.0.push(format!(
                "the file's table '{name}' has a column '{column}', which ptg counts from the \
                 league's history (its change log and battles) rather than reads from a file; \
                 the file is not as `ptg export` writes it"
            )),
            Some(_) => {}
        }
    }
    if known.keyed() && !rows.columns.iter().any(|c| c == "id") {
        problems
            .0
            .push(format!("the file's table '{name}' has no 'id' column"));
    }
    // A column left out would take the database's default: a roster back in set-up, a reward
    // owed again. Only columns a later schema added may be missing (older files lack them).
    let missing = |c: &str| !rows.columns.iter().any(|x| x == c);
    for (column, _) in known
        .in_file()
        .filter(|(c, _)| missing(c) && !may_leave_out(name, c))
    {
        problems.0.push(format!(
            "the file's table '{name}' has no column '{column}', which `ptg export` always writes; \
             a column left out would be read as its default and change the league"
        ));
    }
    let mut stmt = conn.prepare(
        "SELECT name, dflt_value IS NULL FROM pragma_table_info(?1) WHERE \"notnull\" = 1 AND pk = 0",
    )?;
    let not_null: Vec<(String, bool)> = stmt
        .query_map([name], |r| Ok((r.get(0)?, r.get(1)?)))?
        .collect::<Result<_, _>>()?;
    for (column, _) in not_null
        .iter()
        .filter(|(c, no_default)| *no_default && missing(c) && may_leave_out(name, c))
    {
        problems.0.push(format!(
            "the file's table '{name}' has no column '{column}', which every row needs"
        ));
    }
    Ok(not_null.into_iter().map(|(c, _)| c).collect())
}

/// The table's ids: whole numbers from 1 to [`MAX_ID`], each once.
fn keys(known: &Table, rows: &Rows, problems: &mut Problems) -> SortedIds {
    let mut ids = Vec::new();
    let Some(at) = rows.columns.iter().position(|c| c == "id") else {
        return SortedIds(ids);
    };
    for (i, row) in rows.each(known.name).enumerate() {
        let Ok(row) = row else { continue };
        match row.get(at).and_then(Value::as_i64) {
            Some(id) if (1..=MAX_ID).contains(&id) => ids.push(id),
            _ => problems.add(
                || format!("row {} of table '{}', column 'id'", i + 1, known.name),
                format!("{} is not an id (a whole number from 1 to {MAX_ID})", row[at]),
            ),
        }
    }
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        twice(known, rows, at, problems);
        ids.dedup();
    }
    ids.shrink_to_fit();
    SortedIds(ids)
}

/// Each row whose id an earlier row of the table has: read again, only when there is one, to
/// say which rows.
fn twice(known: &Table, rows: &Rows, at: usize, problems: &mut Problems) {
    let mut seen = HashSet::new();
    for (i, row) in rows.each(known.name).enumerate() {
        let Ok(row) = row else { continue };
        let Some(id) = row
            .get(at)
            .and_then(Value::as_i64)
            .filter(|id| (1..=MAX_ID).contains(id))
        else {
            continue;
        };
        if !seen.insert(id) {
            problems.add(
                || format!("row {} of table '{}', column 'id'", i + 1, known.name),
                format!("the file has two rows of table '{}' with id {id}", known.name),
            );
        }
    }
}

fn check_rows(known: &Table, rows: &Rows, not_null: &[String], ids: &FileIds, problems: &mut Problems) {
    let kinds: Vec<Option<Kind>> = rows.columns.iter().map(|c| known.kind(c)).collect();
    for (i, row) in rows.each(known.name).enumerate() {
        let row = match row {
            Ok(row) => row,
            Err(e) => {
                problems.0.push(format!("{e:#}"));
                continue;
            }
        };
        if known.name == "change_sets"
            && let Err(problem) = check_kept(&rows.columns, &row)
        {
            problems.add(|| format!("row {} of table 'change_sets'", i + 1), problem);
        }
        for ((column, kind), value) in rows.columns.iter().zip(&kinds).zip(&row) {
            let Some(kind) = kind else { continue };
            let checked = match value.is_null() && not_null.contains(column) {
                true => Err("it is null; every row needs a value there".to_string()),
                false => check_value(known.name, column, *kind, value, ids),
            };
            if let Err(problem) = checked {
                problems.add(
                    || format!("row {} of table '{}', column '{column}'", i + 1, known.name),
                    problem,
                );
            }
        }
    }
}

/// A change set keeps what its undo puts back: a `campaign set`, `rename` or `delete` the
/// campaign's settings; a `battle army` of a roster an army, a `battle result` or its
/// correction (or an army of the whole battle) a result, if anything. Otherwise `undo` would fail on it later.
fn check_kept(columns: &[String], row: &[Value]) -> Result<(), String> {
    let get = |c: &str| columns.iter().position(|x| x == c).map(|i| &row[i]);
    let Some(command) = get("command").and_then(Value::as_str).and_then(Command::parse) else {
        return Ok(());
    };
    let has = |c: &str| get(c).is_some_and(|v| !v.is_null());
    if matches!(
        command,
        Command::CampaignSet | Command::CampaignRename | Command::CampaignDelete
    ) && !has("campaign_before")
    {
        return Err(format!(
            "a '{}' keeps the campaign's settings for its undo, and this one has none",
            command.as_str()
        ));
    }
    let wanted = match command {
        Command::BattleArmy if has("roster_id") => "army",
        Command::BattleArmy | Command::BattleResult | Command::BattleCorrect => "result",
        _ => return Ok(()),
    };
    let Some(kept) = get("battle_before").filter(|v| !v.is_null()) else {
        return Ok(());
    };
    match battle_before::form(&json_text(kept)) {
        Ok(form) if form != wanted => Err(format!(
            "a '{}' keeps a battle's {wanted} for its undo, and this one keeps its {form}",
            command.as_str()
        )),
        // Unreadable: told with its column.
        _ => Ok(()),
    }
}

/// One value against what its column holds.
fn check_value(table: &str, column: &str, kind: Kind, value: &Value, ids: &FileIds) -> Result<(), String> {
    if value.is_null() {
        // Where the column may be null (see `check_rows`).
        return Ok(());
    }
    let present = |to: &str, id: i64| ids.get(to).is_some_and(|set| set.contains(id));
    match kind {
        Kind::Id => Ok(()),
        Kind::Ref(to) => match value.as_i64() {
            Some(id) if present(to, id) => Ok(()),
            Some(id) => Err(format!(
                "it names row {id} of table '{to}', which is not in the file"
            )),
            None => Err(format!("{value} is not an id")),
        },
        Kind::Flag => match value {
            Value::Bool(_) => Ok(()),
            v => Err(format!("{v} is not true or false")),
        },
        Kind::Json => check_json(table, column, value),
        Kind::Change => check_change(value, ids),
        Kind::BattleBefore => {
            let text = json_text(value);
            let known = |to: &'static str| {
                move |id: i64| match present(to, id) {
                    true => Ok(id),
                    false => Err(refusal(format!(
                        "it names {to} row {id}, which is not in the file"
                    ))),
                }
            };
            battle_before::renumbered(&text, known("units"), known("rosters"))
                .map(drop)
                .map_err(|e| format!("the battle it kept for undo cannot be read: {e:#}"))
        }
        Kind::Plain => match domain(table, column) {
            Some(domain) => check_plain(&domain, value),
            None => Err("this ptg does not know what the column holds".to_string()),
        },
        // Refused with the file's columns (`check_columns`).
        Kind::Kept => {
            Err("ptg counts it from the league's history; a league file does not carry it".to_string())
        }
    }
}

fn check_plain(domain: &Domain, value: &Value) -> Result<(), String> {
    match (domain, value) {
        (Domain::Int(range), Value::Number(n)) => match n.as_i64() {
            Some(i) if range.contains(&i) => Ok(()),
            _ => Err(format!(
                "{n} is out of range; a whole number from {} to {}",
                range.start(),
                range.end()
            )),
        },
        (Domain::Int(_), v) => Err(format!("{v} is not a whole number")),
        (_, Value::String(s)) => check_text(domain, s),
        (_, v) => Err(format!("{v} is not text")),
    }
}

fn check_text(domain: &Domain, text: &str) -> Result<(), String> {
    match domain {
        Domain::Name(kind) => names::check_kept(*kind, text).map_err(|e| e.to_string()),
        Domain::Label => line(text, MAX_LABEL_CHARS, true),
        Domain::Words => line(text, MAX_WORDS_CHARS, false),
        Domain::Word(known) => match known(text) {
            true => Ok(()),
            false => Err(format!("'{}' is not a word ptg writes there", shorten(text))),
        },
        Domain::Int(_) => Err("text is not a whole number".to_string()),
        Domain::Time => match crate::rules::audit::rows::time_problem(text) {
            None => Ok(()),
            Some(problem) => Err(problem),
        },
    }
}

/// JSON text as stored (a JSON string is the text itself).
fn json_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

/// A JSON column read into the type ptg reads it as.
fn check_json(table: &str, column: &str, value: &Value) -> Result<(), String> {
    let text = json_text(value);
    let read = |what: &str, r: Result<(), String>| r.map_err(|e| format!("{what} cannot be read: {e}"));
    match (table, column) {
        ("campaigns", "options") => read("the campaign's options", campaigns::read_options(&text).map(drop)),
        ("change_sets", "campaign_before") => read(
            "the campaign settings kept for undo",
            campaigns::check_settings(&text),
        ),
        ("units", "keywords") => read(
            "the unit's keywords",
            serde_json::from_str::<Vec<String>>(&text)
                .map_err(|e| e.to_string())
                .and_then(|k| k.iter().try_for_each(|w| line(w, MAX_LABEL_CHARS, true))),
        ),
        ("rolls", "faces") => read(
            "the dice rolled",
            serde_json::from_str::<Vec<u32>>(&text)
                .map_err(|e| e.to_string())
                .and_then(|faces| match faces.iter().all(|f| (1..=1000).contains(f)) {
                    true => Ok(()),
                    false => Err("a face is not from 1 to 1000".to_string()),
                }),
        ),
        _ => Err("this ptg does not know what the column holds".to_string()),
    }
}

/// A logged change: read as the engine's `Change`, naming only units and rewards of the file,
/// its reasons as `--reason` takes them and its other texts one line each.
fn check_change(value: &Value, ids: &FileIds) -> Result<(), String> {
    // Export writes the change as JSON; a change kept as text that is not JSON is a string.
    let parsed;
    let tree = match value {
        Value::String(text) => {
            parsed =
                serde_json::from_str::<Value>(text).map_err(|e| format!("the change cannot be read: {e}"))?;
            &parsed
        }
        v => v,
    };
    let change = Change::deserialize(tree).map_err(|e| format!("the change cannot be read: {e}"))?;
    struct InFile<'a>(&'a FileIds);
    impl crate::rules::Ids for InFile<'_> {
        fn unit(&self, old: i64) -> Option<i64> {
            self.0.get("units").filter(|s| s.contains(old)).map(|_| old)
        }
        fn reward(&self, old: i64) -> Option<i64> {
            self.0.get("rewards").filter(|s| s.contains(old)).map(|_| old)
        }
    }
    if let Change::RenameRoster { from, to } = &change {
        for name in [from, to] {
            names::check_kept(NameKind::Roster, name).map_err(|e| format!("the rename: {e}"))?;
        }
    }
    if let Change::SetRealmOfOrigin { from, to } = &change {
        for realm in [from, to].into_iter().flatten() {
            names::check_kept(NameKind::Realm, realm).map_err(|e| format!("the realm change: {e}"))?;
        }
    }
    change
        .renumbered(&InFile(ids))
        .map_err(|m| format!("the change names {} {}, which is not in the file", m.what, m.id))?;
    texts_of(tree, None)
}

/// Every text inside a change: a `reason` as a note, any other one line.
fn texts_of(value: &Value, key: Option<&str>) -> Result<(), String> {
    match value {
        Value::String(s) if key == Some("reason") => check_note("reason", s),
        Value::String(s) => line(s, MAX_WORDS_CHARS, false).map_err(|e| format!("a text of the change: {e}")),
        Value::Array(items) => items.iter().try_for_each(|v| texts_of(v, key)),
        Value::Object(map) => map.iter().try_for_each(|(k, v)| texts_of(v, Some(k))),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_plain_column_has_a_domain() {
        for t in TABLES {
            for (column, kind) in t.columns {
                if *kind == Kind::Plain {
                    assert!(domain(t.name, column).is_some(), "{}.{column}", t.name);
                }
                if *kind == Kind::Json {
                    assert_ne!(
                        check_json(t.name, column, &Value::Null),
                        Err("this ptg does not know what the column holds".to_string()),
                        "{}.{column}",
                        t.name
                    );
                }
            }
        }
    }

    #[test]
    fn only_control_characters_are_escaped() {
        assert_eq!(
            escaped("Nobody's \u{1b}[31mHost\n"),
            "Nobody's \\u{1b}[31mHost\\u{a}"
        );
    }

    #[test]
    fn a_note_is_one_line_of_at_most_200_characters() {
        assert_eq!(check_note("reason", "  painted the army "), Ok(()));
        assert!(check_note("reason", "a\nb").unwrap_err().contains("U+000A"));
        assert!(
            check_note("reason", &"x".repeat(201))
                .unwrap_err()
                .contains("at most 200")
        );
    }
}
