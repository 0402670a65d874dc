//! A roster's units as the engine sees them: every unit it has had ([`all`], what the rules
//! need to decide a command, an undo and the audit) or only those a reading command shows
//! ([`shown`]: the Order of Battle and the retired units it names). A roster that fought for
//! years has retired most of the units it ever had; a page of it need not read them (issue #42).

use crate::catalogue::EnhancementKind;
use crate::rules::model::{Enhancement, Unit};
use crate::store::reuse::CachedRow;
use anyhow::{Context, Result};
use rusqlite::{Connection, Row};

/// The columns of a unit, in the order [`unit_row`] reads them.
const COLUMNS: &str = "id, warscroll, name, points, unit_size, reinforceable, reinforced, keywords, warlord,
                renown, rank, path, retired, ally_faction";

/// Every unit roster `id` has had and not lost to an undo (retired ones too), with their
/// abilities and enhancements, warlord first, then in the order they joined.
pub(super) fn all(conn: &Connection, id: i64) -> Result<Vec<Unit>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM units WHERE roster_id = ?1 AND removed = 0 ORDER BY warlord DESC, id"
    ))?;
    let mut units = read(stmt.query_map([id], unit_row)?)?;
    let mut stmt = conn.prepare_cached(
        "SELECT a.unit_id, a.rank, a.ability FROM unit_abilities a JOIN units u ON u.id = a.unit_id
         WHERE u.roster_id = ?1 ORDER BY a.rowid",
    )?;
    add_abilities(&mut units, stmt.query_map([id], ability_row)?)?;
    add_enhancements(conn, id, &mut units)?;
    Ok(units)
}

/// How many units roster `id` has retired (and not lost to an undo), from the index alone.
pub fn retired_count(conn: &Connection, id: i64) -> Result<u64> {
    let n: i64 = conn.cached_row(
        "SELECT COUNT(*) FROM units WHERE roster_id = ?1 AND retired = 1 AND removed = 0",
        [id],
        |r| r.get(0),
    )?;
    Ok(n.max(0) as u64)
}

/// The units on roster `id`'s Order of Battle (not retired), and of the retired ones only
/// those `named` (the current quest's unit, a reward's, a battle's armies'), in [`all`]'s
/// order and with their abilities and enhancements: what [`all`] gives for every unit a
/// reading command looks at. The live units come from the index `units_live` alone (V23),
/// the named ones through `units_standing` (`retired_of`).
pub(super) fn shown(conn: &Connection, id: i64, named: &[i64]) -> Result<Vec<Unit>> {
    let mut stmt = conn.prepare_cached(&live_sql())?;
    let mut units = read(stmt.query_map([id], unit_row)?)?;
    let mut stmt = conn.prepare_cached(
        "SELECT a.unit_id, a.rank, a.ability FROM unit_abilities a JOIN units u ON u.id = a.unit_id
         WHERE u.roster_id = ?1 AND u.retired = 0 AND u.removed = 0 ORDER BY a.rowid",
    )?;
    add_abilities(&mut units, stmt.query_map([id], ability_row)?)?;
    let mut missing: Vec<i64> = named
        .iter()
        .copied()
        .filter(|unit| !units.iter().any(|u| u.id == *unit))
        .collect();
    missing.sort_unstable();
    missing.dedup();
    if !missing.is_empty() {
        units.extend(retired_of(conn, id, &missing)?);
    }
    // The order of `all`: the warlord first, then by id.
    units.sort_by_key(|u| (!u.warlord, u.id));
    add_enhancements(conn, id, &mut units)?;
    Ok(units)
}

/// The units on roster `?1`'s Order of Battle, read from V23's `units_live`, which holds all
/// their columns in roster order: their rows lie one to a page through the file (a roster's
/// units join over years), the index's entries on one or two. Named, because without
/// statistics the planner kept `units_standing` and read each row.
fn live_sql() -> String {
    format!(
        "SELECT {COLUMNS} FROM units INDEXED BY units_live WHERE roster_id = ?1 AND retired = 0 AND removed = 0"
    )
}

/// Of `ids`, those that are retired units of roster `id`, with their abilities, in at most
/// two queries for them all: a battle names both armies' units to each side's roster, and
/// two queries a unit (its row, its abilities) were ~10% of a battle page (issue 42).
fn retired_of(conn: &Connection, id: i64, ids: &[i64]) -> Result<Vec<Unit>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM units WHERE roster_id = ?1 AND retired = 1 AND removed = 0
         AND id IN (SELECT value FROM json_each(?2))"
    ))?;
    let named = serde_json::to_string(ids)?;
    let mut retired = read(stmt.query_map(rusqlite::params![id, named], unit_row)?)?;
    if retired.is_empty() {
        return Ok(retired);
    }
    let found = serde_json::to_string(&retired.iter().map(|u| u.id).collect::<Vec<_>>())?;
    let mut stmt = conn.prepare_cached(
        "SELECT unit_id, rank, ability FROM unit_abilities
         WHERE unit_id IN (SELECT value FROM json_each(?1)) ORDER BY rowid",
    )?;
    add_abilities(&mut retired, stmt.query_map([found], ability_row)?)?;
    Ok(retired)
}

/// Units `ids` of roster `id` as [`all`] reads each (those taken off by an undo are left
/// out), for a write that changed only them.
pub(super) fn by_ids(conn: &Connection, id: i64, ids: &[i64]) -> Result<Vec<Unit>> {
    let mut units = Vec::new();
    for &unit in ids {
        units.extend(one(conn, id, unit)?);
    }
    add_enhancements(conn, id, &mut units)?;
    Ok(units)
}

/// Unit `unit` of roster `id` with its abilities (none when an undo took it off); its
/// enhancements are the caller's to add.
fn one(conn: &Connection, id: i64, unit: i64) -> Result<Vec<Unit>> {
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM units WHERE id = ?1 AND roster_id = ?2 AND removed = 0"
    ))?;
    let mut found = read(stmt.query_map([unit, id], unit_row)?)?;
    let mut stmt = conn.prepare_cached(
        "SELECT unit_id, rank, ability FROM unit_abilities WHERE unit_id = ?1 ORDER BY rowid",
    )?;
    add_abilities(&mut found, stmt.query_map([unit], ability_row)?)?;
    Ok(found)
}

type Keywords = String;

fn unit_row(r: &Row) -> rusqlite::Result<(Unit, Keywords)> {
    Ok((
        Unit {
            id: r.get(0)?,
            warscroll: r.get(1)?,
            name: r.get(2)?,
            points: r.get(3)?,
            unit_size: r.get(4)?,
            reinforceable: r.get(5)?,
            reinforced: r.get(6)?,
            keywords: Vec::new(),
            warlord: r.get(8)?,
            renown: r.get(9)?,
            rank: r.get(10)?,
            path: r.get(11)?,
            abilities: Vec::new(),
            enhancements: Vec::new(),
            retired: r.get(12)?,
            ally: r.get(13)?,
        },
        r.get(7)?,
    ))
}

/// The units of `rows`, their keywords read from JSON.
fn read(rows: impl Iterator<Item = rusqlite::Result<(Unit, Keywords)>>) -> Result<Vec<Unit>> {
    let mut units = Vec::new();
    for row in rows {
        let (mut unit, keywords) = row?;
        unit.keywords = serde_json::from_str(&keywords)
            .with_context(|| format!("unit {} has unreadable keywords in the database", unit.id))?;
        units.push(unit);
    }
    Ok(units)
}

fn ability_row(r: &Row) -> rusqlite::Result<(i64, String, String)> {
    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
}

fn add_abilities(
    units: &mut [Unit],
    rows: impl Iterator<Item = rusqlite::Result<(i64, String, String)>>,
) -> Result<()> {
    for row in rows {
        let (unit_id, rank, ability) = row?;
        if let Some(u) = units.iter_mut().find(|u| u.id == unit_id) {
            u.abilities.push((rank, ability));
        }
    }
    Ok(())
}

/// The enhancements the roster's units hold, each given to its unit among `units` (a few
/// rows a roster: read whole).
fn add_enhancements(conn: &Connection, id: i64, units: &mut [Unit]) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "SELECT unit_id, table_name, kind, name FROM enhancements WHERE roster_id = ?1 ORDER BY id",
    )?;
    for row in stmt.query_map([id], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
        ))
    })? {
        let (unit_id, table, kind, name) = row?;
        let kind: EnhancementKind = serde_json::from_value(serde_json::Value::String(kind))
            .context("an enhancement has an unknown kind in the database")?;
        if let Some(u) = units.iter_mut().find(|u| u.id == unit_id) {
            u.enhancements.push(Enhancement { table, kind, name });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    /// A shown roster's live units are read from `units_live` alone, never row by row.
    #[test]
    fn the_order_of_battle_is_read_from_its_covering_index() {
        let store = crate::store::Store::in_memory().unwrap();
        let plan: Vec<String> = store
            .conn()
            .prepare(&format!("EXPLAIN QUERY PLAN {}", super::live_sql()))
            .unwrap()
            .query_map([1], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let plan = plan.join("\n");
        assert!(plan.contains("COVERING INDEX units_live"), "{plan}");
    }
}
