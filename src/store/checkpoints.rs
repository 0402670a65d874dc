//! What the audit has proven, kept per roster (migration V18): a clean audit keeps a
//! checkpoint for each roster it replayed; the next plain audit skips a roster whose
//! checkpoint still stands. A checkpoint stands only while nothing its roster's audit reads has
//! changed: the triggers of V18 drop it in the transaction of any insert, update or delete of
//! such a row, whoever runs the SQL (a command, an undo, a tamperer's sqlite3 session), so
//! nothing here has to read the past again to know it is unchanged.

use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::BTreeMap;

/// One roster's checkpoint: what its last clean audit checked up to, and with what.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    pub roster_id: i64,
    /// The newest change set of the database when the audit read it (None: there was none).
    pub set_id: Option<i64>,
    /// ptg's version and the digest of the data the roster was checked against.
    pub data_key: String,
    /// How many notes the audit gave (they are worked out again for a roster skipped).
    pub notes: usize,
}

/// The checkpoints of `roster_ids` that stand, by roster.
pub fn of_rosters(conn: &Connection, roster_ids: &[i64]) -> Result<BTreeMap<i64, Checkpoint>> {
    let mut stmt = conn.prepare_cached(
        "SELECT roster_id, set_id, data_key, notes FROM audit_checkpoints WHERE roster_id = ?1",
    )?;
    let mut out = BTreeMap::new();
    for &id in roster_ids {
        let found = stmt
            .query_row([id], |r| {
                Ok(Checkpoint {
                    roster_id: r.get(0)?,
                    set_id: r.get(1)?,
                    data_key: r.get(2)?,
                    notes: usize::try_from(r.get::<_, i64>(3)?).unwrap_or(0),
                })
            })
            .optional()?;
        if let Some(c) = found {
            out.insert(id, c);
        }
    }
    Ok(out)
}

/// The newest change set of the database (None when there is none): what an audit reading
/// now checks up to.
pub fn newest_set(conn: &Connection) -> Result<Option<i64>> {
    Ok(conn.query_row("SELECT MAX(id) FROM change_sets", [], |r| r.get(0))?)
}

/// SQLite's count of the commits other connections made to the file, as this connection last
/// saw it: equal before a read and at a later write, nobody wrote in between.
pub fn data_version(conn: &Connection) -> Result<i64> {
    Ok(conn.query_row("PRAGMA data_version", [], |r| r.get(0))?)
}

/// What a roster's checks depend on outside the database, by name: its faction, the factions
/// of its allied units (any unit it ever had) and its campaign's battlepack.
pub fn data_names(conn: &Connection, roster_id: i64) -> Result<(String, Vec<String>, String)> {
    let (faction, pack): (String, String) = conn.query_row(
        "SELECT r.faction, c.battlepack FROM rosters r JOIN campaigns c ON c.id = r.campaign_id
         WHERE r.id = ?1",
        [roster_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?;
    let mut stmt = conn.prepare_cached(
        "SELECT DISTINCT ally_faction FROM units WHERE roster_id = ?1 AND ally_faction IS NOT NULL
         ORDER BY ally_faction",
    )?;
    let allies = stmt
        .query_map([roster_id], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok((faction, allies, pack))
}

/// Keeps `checkpoints` (replacing the rosters' older ones), in the caller's transaction.
pub fn keep(conn: &Connection, checkpoints: &[Checkpoint]) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "INSERT OR REPLACE INTO audit_checkpoints (roster_id, set_id, data_key, notes, verified_at)
         VALUES (?1, ?2, ?3, ?4, ?5)",
    )?;
    let now = super::now();
    for c in checkpoints {
        stmt.execute(params![
            c.roster_id,
            c.set_id,
            c.data_key,
            i64::try_from(c.notes).unwrap_or(i64::MAX),
            now
        ])?;
    }
    Ok(())
}

/// The tables a roster's audit reads: each has a trigger for insert, update and delete
/// (campaigns, rosters and battles for update and delete: a new one concerns no checkpoint).
#[cfg(test)]
pub(crate) const WATCHED: &[&str] = &[
    "campaigns",
    "rosters",
    "units",
    "unit_abilities",
    "enhancements",
    "tome_entries",
    "quests",
    "rewards",
    "battles",
    "battle_sides",
    "battle_units",
    "battle_twists",
    "battle_triumphs",
    "battle_sudden_death",
    "battle_decisions",
    "change_sets",
    "changes",
    "rolls",
    "roster_sets",
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    /// Every table in the schema that holds a roster's rows is watched (a new table, or a
    /// migration that rebuilt one and lost its triggers, fails here).
    #[test]
    fn every_table_of_a_roster_is_watched_by_triggers() {
        let store = Store::in_memory().unwrap();
        let conn = store.conn();
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<rusqlite::Result<_>>()
            .unwrap();
        // Not the audit's: sign-ins, invites, the server's secret, refinery's history.
        let not_audited = [
            "audit_checkpoints",
            "invites",
            "sessions",
            "join_links",
            "join_link_uses",
            "server_secret",
            "refinery_schema_history",
        ];
        for t in tables.iter().filter(|t| !not_audited.contains(&t.as_str())) {
            assert!(
                WATCHED.contains(&t.as_str()),
                "table {t} is not watched for the audit's checkpoints"
            );
        }
        for t in WATCHED {
            let events: &[&str] = match *t {
                "campaigns" | "rosters" | "battles" => &["update", "delete"],
                _ => &["insert", "update", "delete"],
            };
            for e in events {
                let name = format!("audit_{t}_{e}");
                let found: i64 = conn
                    .query_row(
                        "SELECT COUNT(*) FROM sqlite_master WHERE type = 'trigger' AND name = ?1 AND tbl_name = ?2",
                        params![name, t],
                        |r| r.get(0),
                    )
                    .unwrap();
                assert_eq!(found, 1, "no trigger {name}");
            }
        }
    }

    /// A checkpoint is dropped by a change to a row it covers, and kept by one to another
    /// roster's.
    #[test]
    fn a_change_to_a_roster_row_drops_only_its_checkpoint() {
        let store = Store::in_memory().unwrap();
        let conn = store.conn();
        conn.execute_batch(
            "INSERT INTO campaigns (id, name, battlepack, created_at) VALUES (1, 'C', 'p', 't');
             INSERT INTO rosters (id, campaign_id, name, player, faction, created_at)
                 VALUES (1, 1, 'A', 'a', 'f', 't'), (2, 1, 'B', 'b', 'f', 't');",
        )
        .unwrap();
        let ck = |roster_id| Checkpoint {
            roster_id,
            set_id: None,
            data_key: "k".into(),
            notes: 0,
        };
        keep(conn, &[ck(1), ck(2)]).unwrap();
        conn.execute("UPDATE rosters SET glory = 3 WHERE id = 1", [])
            .unwrap();
        let left = of_rosters(conn, &[1, 2]).unwrap();
        assert_eq!(left.keys().copied().collect::<Vec<_>>(), vec![2]);
    }
}
