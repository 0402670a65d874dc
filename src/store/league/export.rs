//! Reading a league's rows out of the database for `ptg export`.

use super::tables::{Kind, TABLES, Table};
use super::{FORMAT, VERSION};
use crate::store::Conn;
use anyhow::{Context, Result, bail};
use rusqlite::types::ValueRef;
use serde_json::Value;
use std::collections::HashMap;
use std::io::Write;

/// What a league file written holds.
#[derive(Debug)]
pub struct Exported {
    pub campaigns: Vec<String>,
    pub rows: usize,
}

/// Writes to `out` the league file of the campaigns `campaigns` (ids), deleted ones included:
/// every row that belongs to them, each table's rows in id order. Each row is written as it is
/// read, so the memory an export takes does not grow with the league (issue 42: 77 MB for
/// 10,000 battles when the text was built whole first); only the ids of the tables that own
/// others' rows are kept. Every write is one whole piece of text (a line, a row), so a writer
/// may look at each piece as text (the terminal's escaping).
pub fn export(conn: &Conn, campaigns: &[i64], written_by: &str, out: &mut dyn Write) -> Result<Exported> {
    let names: Vec<String> = conn
        .prepare("SELECT name FROM campaigns WHERE id IN (SELECT value FROM json_each(?1)) ORDER BY id")?
        .query_map([serde_json::to_string(campaigns)?], |r| r.get(0))?
        .collect::<Result<_, _>>()?;
    out.write_all(b"{\n")?;
    let header = [
        ("format", serde_json::to_string(FORMAT)?),
        ("version", VERSION.to_string()),
        ("written_by", serde_json::to_string(written_by)?),
        ("exported_at", serde_json::to_string(&crate::store::now())?),
        ("campaigns", serde_json::to_string(&names)?),
    ];
    for (key, value) in header {
        out.write_all(format!("  \"{key}\": {value},\n").as_bytes())?;
    }
    out.write_all(b"  \"tables\": {")?;
    // The ids exported so far of each keyed table: a row belongs to the export when its owner
    // column names one of them.
    let mut ids: HashMap<&str, Vec<i64>> = HashMap::new();
    ids.insert("campaigns", campaigns.to_vec());
    let mut rows = 0;
    for (i, table) in TABLES.iter().enumerate() {
        let (owner, owners) = match table.owner {
            None => ("id", "campaigns"),
            Some(column) => match table.kind(column) {
                Some(Kind::Ref(to)) => (column, to),
                _ => bail!("{}.{column} is not a reference", table.name),
            },
        };
        let columns: Vec<&str> = table.in_file().map(|(c, _)| *c).collect();
        let head = format!(
            "{}\n    \"{}\": {{\n      \"columns\": {},\n      \"rows\": [",
            if i == 0 { "" } else { "," },
            table.name,
            serde_json::to_string(&columns)?
        );
        out.write_all(head.as_bytes())?;
        let chosen = serde_json::to_string(ids.get(owners).map_or(&[][..], Vec::as_slice))?;
        let owns = TABLES
            .iter()
            .any(|t| t.owner.and_then(|c| t.kind(c)) == Some(Kind::Ref(table.name)));
        let own = write_rows(conn, table, owner, &chosen, owns, out)?;
        rows += own.count;
        out.write_all(if own.count == 0 {
            b"]\n    }"
        } else {
            b"\n      ]\n    }"
        })?;
        if owns {
            ids.insert(table.name, own.ids);
        }
    }
    out.write_all(b"\n  }\n}\n")?;
    out.flush()?;
    Ok(Exported {
        campaigns: names,
        rows,
    })
}

/// The rows a table wrote: how many, and their ids (tables that own others' rows).
struct Written {
    count: usize,
    ids: Vec<i64>,
}

/// Where `column` is among the columns `table` writes to the file (each table lists its id
/// first).
fn columns_at(table: &Table, column: &str) -> usize {
    table.in_file().position(|(c, _)| *c == column).unwrap_or(0)
}

/// Writes to `out` the rows of `table` whose `owner` column is one of the ids in the JSON
/// array `chosen`, one per line; their ids kept when `keep_ids`.
fn write_rows(
    conn: &Conn,
    table: &Table,
    owner: &str,
    chosen: &str,
    keep_ids: bool,
    out: &mut dyn Write,
) -> Result<Written> {
    let columns: Vec<&str> = table.in_file().map(|(c, _)| *c).collect();
    let sql = format!(
        "SELECT {} FROM {} WHERE {owner} IN (SELECT value FROM json_each(?1)) ORDER BY rowid",
        columns.join(", "),
        table.name
    );
    let id_at = (keep_ids && table.keyed()).then(|| columns_at(table, "id"));
    let mut stmt = conn.prepare(&sql)?;
    let mut rows = stmt.query([chosen])?;
    let mut written = Written {
        count: 0,
        ids: Vec::new(),
    };
    let mut values = Vec::with_capacity(columns.len());
    let mut line = String::new();
    while let Some(row) = rows.next()? {
        values.clear();
        for (i, (column, kind)) in table.in_file().enumerate() {
            let value = to_json(row.get_ref(i)?, *kind)
                .with_context(|| format!("{}.{column} of a row cannot be exported", table.name))?;
            values.push(value);
        }
        if let Some(at) = id_at {
            written.ids.push(row.get(at)?);
        }
        line.clear();
        line.push_str(if written.count == 0 {
            "\n        "
        } else {
            ",\n        "
        });
        line.push_str(&serde_json::to_string(&values)?);
        out.write_all(line.as_bytes())?;
        written.count += 1;
    }
    Ok(written)
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
