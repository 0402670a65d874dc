//! Finding a campaign or roster row by the name a player typed. SQLite's NOCASE folds ASCII
//! only, so a name with accents ("Éclat" typed as "éclat") is also compared by ptg's own
//! Unicode rules (`names::same`) before it is called unknown. Deleted rows are never found.
//!
//! A campaign's name is unique; a roster's only within its campaign (V9), so a roster name two
//! campaigns share is refused with both candidates and their ids, and typed as
//! `CAMPAIGN/ROSTER` ("Ashen Vale/Hammers of Dawn") instead: ptg never picks one.

use super::reuse::CachedRow;
use crate::error::refusal;
use crate::names;
use anyhow::Result;
use rusqlite::{Connection, OptionalExtension};

/// The id of the live campaign called `name`: ASCII case-insensitively through the index,
/// else by Unicode case. Two campaigns that differ only in the case of an accented letter
/// (possible in a database written before names were compared this way) are refused, never
/// guessed.
pub fn campaign_id(conn: &Connection, name: &str) -> Result<Option<i64>> {
    let name = name.trim();
    let exact = conn
        .cached_row(
            "SELECT id FROM campaigns WHERE name = ?1 COLLATE NOCASE AND deleted = 0",
            [name],
            |r| r.get(0),
        )
        .optional()?;
    // A miss is looked at again by Unicode rules even for an ASCII name: a stored full-width
    // look-alike must collide with it.
    if exact.is_some() {
        return Ok(exact);
    }
    let mut stmt = conn.prepare_cached("SELECT id, name FROM campaigns WHERE deleted = 0 ORDER BY id")?;
    let found: Vec<(i64, String)> = stmt
        .query_map([], |r| Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?)))?
        .filter(|row| row.as_ref().map_or(true, |(_, n)| names::same(n, name)))
        .collect::<Result<_, _>>()?;
    match found.as_slice() {
        [] => Ok(None),
        [(id, _)] => Ok(Some(*id)),
        many => Err(refusal(format!(
            "'{name}' names {} campaigns that differ only in case: {}; type the name exactly as listed",
            many.len(),
            many.iter()
                .map(|(id, n)| format!("'{n}' (id {id})"))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// A live roster a name may mean: its id, name and campaign's name.
struct Candidate {
    id: i64,
    name: String,
    campaign: String,
}

/// The live rosters called `name` (of campaign `campaign_id` only, if given).
fn rosters_named(conn: &Connection, name: &str, campaign_id: Option<i64>) -> Result<Vec<Candidate>> {
    let read = |sql: &str, args: &[&dyn rusqlite::ToSql]| -> Result<Vec<Candidate>> {
        let mut stmt = conn.prepare_cached(sql)?;
        let rows = stmt.query_map(args, |r| {
            Ok(Candidate {
                id: r.get(0)?,
                name: r.get(1)?,
                campaign: r.get(2)?,
            })
        })?;
        Ok(rows.collect::<Result<_, _>>()?)
    };
    let base = "SELECT r.id, r.name, c.name FROM rosters r JOIN campaigns c ON c.id = r.campaign_id
                WHERE r.deleted = 0 AND (?1 IS NULL OR r.campaign_id = ?1)";
    let exact = read(
        &format!("{base} AND r.name = ?2 COLLATE NOCASE ORDER BY r.id"),
        &[&campaign_id, &name],
    )?;
    if !exact.is_empty() {
        return Ok(exact);
    }
    let all = read(&format!("{base} ORDER BY r.id"), &[&campaign_id])?;
    Ok(all.into_iter().filter(|c| names::same(&c.name, name)).collect())
}

/// The id of the live roster `typed` names: "Hammers of Dawn", or "Ashen Vale/Hammers of
/// Dawn" when two campaigns have one. `None` when there is none; a refusal listing the
/// candidates when the name is ambiguous.
pub fn roster_id(conn: &Connection, typed: &str) -> Result<Option<i64>> {
    let typed = typed.trim();
    let mut found = rosters_named(conn, typed, None)?;
    if found.is_empty() {
        // CAMPAIGN/ROSTER, where either name may itself hold a '/'.
        for (at, _) in typed.match_indices('/') {
            let (campaign, roster) = (typed[..at].trim(), typed[at + 1..].trim());
            if let Some(c) = campaign_id(conn, campaign)? {
                found.extend(rosters_named(conn, roster, Some(c))?);
            }
        }
    }
    match found.as_slice() {
        [] => Ok(None),
        [one] => Ok(Some(one.id)),
        many => Err(refusal(format!(
            "'{typed}' names {} rosters: {}; type it as CAMPAIGN/ROSTER",
            many.len(),
            many.iter()
                .map(|c| format!("'{}/{}' (id {})", c.campaign, c.name, c.id))
                .collect::<Vec<_>>()
                .join(", ")
        ))),
    }
}

/// The id of the live roster of campaign `campaign_id` called `name`, if any.
pub fn roster_in_campaign(conn: &Connection, campaign_id: i64, name: &str) -> Result<Option<i64>> {
    Ok(rosters_named(conn, name.trim(), Some(campaign_id))?
        .first()
        .map(|c| c.id))
}

/// The id of the deleted campaign (or roster) called `name` most recently deleted, if any:
/// `ptg undo --campaign NAME` reaches a deleted one when no live one has the name.
pub fn deleted_id(conn: &Connection, rosters: bool, name: &str) -> Result<Option<i64>> {
    let table = if rosters { "rosters" } else { "campaigns" };
    Ok(conn
        .cached_row(
            &format!("SELECT id FROM {table} WHERE deleted = 1 AND name = ?1 COLLATE NOCASE ORDER BY id DESC LIMIT 1"),
            [name.trim()],
            |r| r.get(0),
        )
        .optional()?)
}
