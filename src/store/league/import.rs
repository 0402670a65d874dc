//! Writing a league file's rows into the database for `ptg import`, in the caller's
//! transaction. Each table keeps its ids when the database has none as high; otherwise its ids
//! move up past the database's own, in order, and every reference moves with them: the
//! columns that name a row, the unit and reward ids inside logged changes, and the units and
//! rosters a battle kept for undo names.

use super::check::{FileIds, SortedIds};
use super::tables::{Kind, TABLES, Table};
use super::words;
use super::{League, Rows};
use crate::error::refusal;
use crate::rules::{Change, Ids};
use crate::store::{Tx, battle_before};
use anyhow::{Context, Result};
use rusqlite::types::Value as Sql;
use rusqlite::{ErrorCode, params_from_iter};
use serde::Serialize;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// What an import wrote.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Imported {
    pub campaigns: Vec<ImportedCampaign>,
    /// Rows written, by table.
    pub rows: BTreeMap<String, usize>,
    /// Whether ids changed because the database already had rows with those ids or higher.
    pub renumbered: bool,
}

/// A campaign as imported: its id in this database.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ImportedCampaign {
    pub id: i64,
    pub name: String,
    pub deleted: bool,
}

/// How a keyed table's ids move: the file's ids (as the check read them), and what is added
/// to each.
#[derive(Debug, Default)]
struct Moves {
    ids: SortedIds,
    by: i64,
}

/// The moves of every keyed table, by table name, and (when battles move) each change set's
/// battle, whose number its words are rewritten to.
struct Renumbering {
    tables: HashMap<&'static str, Moves>,
    set_battles: HashMap<i64, i64>,
}

impl Renumbering {
    /// The new id of `old`, a row of `table` in the file; `None` if the file has no such row.
    fn get(&self, table: &str, old: i64) -> Option<i64> {
        let moves = self.tables.get(table)?;
        moves.ids.contains(old).then_some(old + moves.by)
    }

    /// A summary's or a description's words with the ids they name moved: the set's battle
    /// (`battle`: old and new), an undone set and units' labels.
    fn words(&self, text: &str, battle: Option<(i64, i64)>) -> String {
        let text = match battle {
            Some((old, new)) => words::renamed_battle(text, old, new),
            None => text.to_string(),
        };
        if !self.moves("change_sets") && !self.moves("units") {
            return text;
        }
        words::renamed_ids(
            &text,
            |old| self.get("change_sets", old),
            |old| self.get("units", old),
        )
    }

    fn moves(&self, table: &str) -> bool {
        self.tables.get(table).is_some_and(|m| m.by != 0)
    }
}

impl Ids for Renumbering {
    fn unit(&self, old: i64) -> Option<i64> {
        self.get("units", old)
    }
    fn reward(&self, old: i64) -> Option<i64> {
        self.get("rewards", old)
    }
}

/// Writes every row of `league` in `tx`, once it passes the check (types, ranges and the
/// engine's rules with what `known` knows of the data); the caller commits or, on a refusal,
/// rolls back.
pub fn import(tx: &Tx, league: &League, known: &super::Known) -> Result<Imported> {
    let ids = super::check::check(tx, league, known)?;
    let mut renumbering = renumbering(tx, ids)?;
    if renumbering.moves("battles") {
        renumbering.set_battles = words::set_battles(league)?;
    }
    // Rows refer to rows written after them (an undone set names the set that undid it): the
    // references are checked once every row is in, when the transaction commits.
    tx.pragma_update(None, "defer_foreign_keys", "ON")?;
    let mut written = BTreeMap::new();
    for table in TABLES {
        let Some(rows) = league.tables.get(table.name) else {
            continue;
        };
        insert_rows(tx, table, rows, &renumbering)?;
        written.insert(table.name.to_string(), rows.rows.len());
    }
    let broken: Option<(String, i64)> = tx
        .prepare("PRAGMA foreign_key_check")?
        .query_map([], |r| Ok((r.get(0)?, r.get::<_, Option<i64>>(1)?.unwrap_or(0))))?
        .next()
        .transpose()?;
    if let Some((table, row)) = broken {
        return Err(refusal(format!(
            "row {row} of {table} in the file refers to a row that is not there; the file is not as `ptg export` wrote it"
        )));
    }
    let campaigns = imported_campaigns(league, &renumbering)?;
    // The file carries the log, not the figures kept beside it: they are counted from it.
    for campaign in &campaigns {
        crate::store::kept::recount_campaign(tx, campaign.id)?;
    }
    Ok(Imported {
        campaigns,
        rows: written,
        renumbered: renumbering.tables.values().any(|m| m.by != 0),
    })
}

/// How far each keyed table's ids in the file (`ids`, as the check read them) move: not at
/// all when the database's highest id is below the file's lowest (an empty database keeps
/// every id), else to just past the database's highest.
fn renumbering(tx: &Tx, mut ids: FileIds) -> Result<Renumbering> {
    let mut all = HashMap::new();
    for table in TABLES.iter().filter(|t| t.keyed()) {
        let ids = ids.remove(table.name).unwrap_or_default();
        let highest: i64 = tx.query_row(
            &format!("SELECT COALESCE(MAX(id), 0) FROM {}", table.name),
            [],
            |r| r.get(0),
        )?;
        let lowest = ids.lowest().unwrap_or(i64::MAX);
        let by = if highest < lowest { 0 } else { highest - lowest + 1 };
        all.insert(table.name, Moves { ids, by });
    }
    Ok(Renumbering {
        tables: all,
        set_battles: HashMap::new(),
    })
}

/// The file's campaigns: id, name and whether deleted.
fn file_campaigns(league: &League) -> Result<Vec<(i64, String, bool)>> {
    let Some(rows) = league.tables.get("campaigns") else {
        return Ok(Vec::new());
    };
    let at = |c: &str| rows.columns.iter().position(|x| x == c);
    let (id, name, deleted) = (at("id"), at("name"), at("deleted"));
    let mut out = Vec::new();
    for row in rows.each("campaigns") {
        let row = row?;
        let deleted = deleted.and_then(|d| row.get(d)).and_then(Value::as_bool);
        let id = id.and_then(|i| row.get(i)).and_then(Value::as_i64);
        let name = name.and_then(|n| row.get(n)).and_then(Value::as_str);
        if let (Some(id), Some(name)) = (id, name) {
            out.push((id, name.to_string(), deleted.unwrap_or(false)));
        }
    }
    Ok(out)
}

fn insert_rows(tx: &Tx, table: &Table, rows: &Rows, renumbering: &Renumbering) -> Result<()> {
    let marks: Vec<String> = (1..=rows.columns.len()).map(|i| format!("?{i}")).collect();
    let sql = format!(
        "INSERT INTO {} ({}) VALUES ({})",
        table.name,
        rows.columns.join(", "),
        marks.join(", ")
    );
    let mut stmt = tx.prepare(&sql)?;
    let kinds: Vec<Kind> = rows.columns.iter().filter_map(|c| table.kind(c)).collect();
    for (i, row) in rows.each(table.name).enumerate() {
        let row = row?;
        let at = || format!("row {} of table '{}'", i + 1, table.name);
        let mut values = Vec::with_capacity(row.len());
        let battle = row_battle(table.name, &rows.columns, &row, renumbering);
        for ((column, kind), value) in rows.columns.iter().zip(&kinds).zip(&row) {
            let renamed;
            let value = match (battle, value) {
                _ if !["summary", "description", "payload"].contains(&column.as_str()) => value,
                (battle, Value::String(text)) if column != "payload" => {
                    renamed = Value::String(renumbering.words(text, battle));
                    &renamed
                }
                (Some((old, new)), _) => {
                    renamed = words::renamed_in_json(value, old, new);
                    &renamed
                }
                (None, _) => value,
            };
            let sql = to_sql(table.name, *kind, value, renumbering)
                .with_context(|| format!("{}, column '{column}'", at()))?;
            values.push(sql);
        }
        stmt.execute(params_from_iter(values))
            .map_err(|e| match e.sqlite_error_code() {
                Some(ErrorCode::ConstraintViolation) => refusal(format!(
                    "{} cannot be imported: {e}; the file is not as `ptg export` wrote it",
                    at()
                )),
                _ => anyhow::Error::from(e).context(at()),
            })?;
    }
    Ok(())
}

/// The battle (old and new id) whose number a row's words are rewritten to: a change set's own
/// battle, or a change's set's; only when battles move.
fn row_battle(
    table: &str,
    columns: &[String],
    row: &[Value],
    renumbering: &Renumbering,
) -> Option<(i64, i64)> {
    let value = |c: &str| columns.iter().position(|x| x == c).and_then(|i| row[i].as_i64());
    let old = match table {
        "change_sets" => value("battle_id")?,
        "changes" => *renumbering.set_battles.get(&value("change_set_id")?)?,
        _ => return None,
    };
    Some((old, renumbering.get("battles", old)?))
}

/// A value of the file as the database stores it, renumbered.
fn to_sql(table: &str, kind: Kind, value: &Value, renumbering: &Renumbering) -> Result<Sql> {
    let bad = || refusal(format!("{value} is not what ptg writes there"));
    Ok(match (kind, value) {
        (_, Value::Null) => Sql::Null,
        (Kind::Id, v) => Sql::Integer(
            renumbering
                .get(table, v.as_i64().ok_or_else(bad)?)
                .ok_or_else(bad)?,
        ),
        (Kind::Ref(to), v) => {
            let old = v.as_i64().ok_or_else(bad)?;
            Sql::Integer(renumbering.get(to, old).ok_or_else(|| {
                refusal(format!(
                    "it names row {old} of table '{to}', which is not in the file"
                ))
            })?)
        }
        (Kind::Flag, Value::Bool(b)) => Sql::Integer(i64::from(*b)),
        (Kind::Json, v) => Sql::Text(json_text(v)),
        (Kind::Change, v) => Sql::Text(renumbered_change(json_text(v), renumbering)?),
        (Kind::BattleBefore, v) => Sql::Text(renumbered_battle(json_text(v), renumbering)?),
        (Kind::Flag | Kind::Plain, Value::Number(n)) => match n.as_i64() {
            Some(i) => Sql::Integer(i),
            None => Sql::Real(n.as_f64().ok_or_else(bad)?),
        },
        (Kind::Plain, Value::String(s)) => Sql::Text(s.clone()),
        _ => return Err(bad()),
    })
}

/// JSON text as stored: a JSON string is the text itself (export writes text that is not JSON
/// that way).
fn json_text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        v => v.to_string(),
    }
}

fn renumbered_change(text: String, renumbering: &Renumbering) -> Result<String> {
    if !renumbering.moves("units") && !renumbering.moves("rewards") {
        return Ok(text);
    }
    let change: Change = serde_json::from_str(&text)
        .map_err(|e| refusal(format!("its change cannot be read to give it new ids ({e})")))?;
    let change = change.renumbered(renumbering).map_err(|m| {
        refusal(format!(
            "its change names {} {}, which is not in the file",
            m.what, m.id
        ))
    })?;
    Ok(serde_json::to_string(&change)?)
}

fn renumbered_battle(text: String, renumbering: &Renumbering) -> Result<String> {
    if !renumbering.moves("units") && !renumbering.moves("rosters") {
        return Ok(text);
    }
    let new = |table: &'static str| {
        move |old: i64| {
            renumbering.get(table, old).ok_or_else(|| {
                refusal(format!(
                    "the battle it kept names {table} row {old}, which is not in the file"
                ))
            })
        }
    };
    battle_before::renumbered(&text, new("units"), new("rosters")).map_err(|e| {
        if e.is::<crate::error::Refusal>() {
            e
        } else {
            refusal(format!(
                "the battle it kept cannot be read to give it new ids ({e})"
            ))
        }
    })
}

fn imported_campaigns(league: &League, renumbering: &Renumbering) -> Result<Vec<ImportedCampaign>> {
    Ok(file_campaigns(league)?
        .into_iter()
        .filter_map(|(old, name, deleted)| {
            Some(ImportedCampaign {
                id: renumbering.get("campaigns", old)?,
                name,
                deleted,
            })
        })
        .collect())
}
