//! Reading a league's rows out of the database for `ptg export`.

use super::tables::{Kind, TABLES, Table};
use super::{FORMAT, League, Rows, VERSION};
use crate::store::Conn;
use anyhow::{Context, Result, bail};
use rusqlite::types::ValueRef;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};

/// The league file of the campaigns `campaigns` (ids), deleted ones included: every row that
/// belongs to them, each table's rows in id order.
pub fn export(conn: &Conn, campaigns: &[i64], written_by: &str) -> Result<League> {
    // The ids exported so far of each keyed table: a row belongs to the export when its owner
    // column names one of them.
    let mut ids: HashMap<&str, Vec<i64>> = HashMap::new();
    ids.insert("campaigns", campaigns.to_vec());
    let mut tables = BTreeMap::new();
    for table in TABLES {
        let (owner, owners) = match table.owner {
            None => ("id", "campaigns"),
            Some(column) => match table.kind(column) {
                Some(Kind::Ref(to)) => (column, to),
                _ => bail!("{}.{column} is not a reference", table.name),
            },
        };
        let chosen = serde_json::to_string(ids.get(owners).map_or(&[][..], Vec::as_slice))?;
        let rows = rows_of(conn, table, owner, &chosen)?;
        if table.keyed() {
            let at = columns_at(table, "id");
            let own = rows.iter().filter_map(|row| row[at].as_i64()).collect();
            ids.insert(table.name, own);
        }
        let columns = table.columns.iter().map(|(c, _)| c.to_string()).collect();
        tables.insert(table.name.to_string(), Rows { columns, rows });
    }
    let names = conn
        .prepare("SELECT name FROM campaigns WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id")?
        .query_map([serde_json::to_string(campaigns)?], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    Ok(League {
        format: FORMAT.to_string(),
        version: VERSION,
        written_by: written_by.to_string(),
        exported_at: crate::store::now(),
        campaigns: names,
        tables,
    })
}

/// Where `column` is among `table`'s columns (each table lists its id first).
fn columns_at(table: &Table, column: &str) -> usize {
    table.columns.iter().position(|(c, _)| *c == column).unwrap_or(0)
}

/// The rows of `table` whose `owner` column is one of the ids in the JSON array `chosen`.
fn rows_of(conn: &Conn, table: &Table, owner: &str, chosen: &str) -> Result<Vec<Vec<Value>>> {
    let columns: Vec<&str> = table.columns.iter().map(|(c, _)| *c).collect();
    let sql = format!(
        "SELECT {} FROM {} WHERE {owner} IN (SELECT value FROM json_each(?1)) ORDER BY rowid",
        columns.join(", "),
        table.name
    );
    let mut stmt = conn.prepare(&sql)?;
    let mut rows = stmt.query([chosen])?;
    let mut out = Vec::new();
    while let Some(row) = rows.next()? {
        let mut values = Vec::with_capacity(columns.len());
        for (i, (column, kind)) in table.columns.iter().enumerate() {
            let value = to_json(row.get_ref(i)?, *kind)
                .with_context(|| format!("{}.{column} of a row cannot be exported", table.name))?;
            values.push(value);
        }
        out.push(values);
    }
    Ok(out)
}

/// A stored value as the file holds it: flags as booleans, JSON text as JSON (text that is not
/// JSON stays text, and import stores a text as it is).
fn to_json(value: ValueRef, kind: Kind) -> Result<Value> {
    Ok(match (value, kind) {
        (ValueRef::Null, _) => Value::Null,
        (ValueRef::Integer(n), Kind::Flag) => Value::Bool(n != 0),
        (ValueRef::Integer(n), _) => Value::from(n),
        (ValueRef::Real(x), _) => Value::from(x),
        (ValueRef::Text(t), Kind::Json | Kind::Change | Kind::BattleBefore) => {
            let text = std::str::from_utf8(t)?;
            match serde_json::from_str::<Value>(text) {
                Ok(v) if !v.is_string() => v,
                _ => Value::from(text),
            }
        }
        (ValueRef::Text(t), _) => Value::from(std::str::from_utf8(t)?),
        (ValueRef::Blob(_), _) => bail!("it holds bytes, which ptg never writes"),
    })
}
