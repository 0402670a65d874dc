//! What the audit has proven, kept per roster (migrations V18, V19, V20): a clean audit keeps
//! a checkpoint for each roster it replayed; the next plain audit skips a roster whose
//! checkpoint still stands.
//!
//! A checkpoint stands while its roster's log has not moved: the key is the log's position
//! ([`LogPosition`]: its newest set, how many sets it lists, how many of them are not in
//! force), read from `roster_sets` and the partial index of the sets not in force, so it costs
//! a few index lookups per roster however long the log. Every ptg write logs a change set for
//! the rosters it touches, an undo marks sets, and a side named later lists an older set for
//! its roster: each moves the position.
//!
//! A row changed by hand outside ptg does not move it, so triggers on every table a roster's
//! audit reads mark the file as edited ([`edited_outside`]); ptg's own writes put the mark back
//! as they found it (`Store::write`). While the file is marked, every audit trusts no
//! checkpoint, and a clean audit of the whole league clears the mark. (V18's triggers dropped
//! the checkpoints of the rosters a row concerned instead, looking the roster up in each
//! trigger's body; parsing those bodies cost every command ~0.5 ms when it opened the file.)

use anyhow::Result;
use rusqlite::{Connection, OptionalExtension, params};
use std::collections::BTreeMap;

/// Where a roster's log stands: any command, undo or side named later moves it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct LogPosition {
    /// The newest change set listed for the roster (None: it has none).
    pub newest: Option<i64>,
    /// How many change sets are listed for it.
    pub sets: i64,
    /// How many of those are not in force (an undo, or undone).
    pub not_in_force: i64,
}

/// One roster's checkpoint: where its log stood at its last clean audit, and with what data.
#[derive(Debug, Clone, PartialEq)]
pub struct Checkpoint {
    pub roster_id: i64,
    pub at: LogPosition,
    /// ptg's version and the digest of the data the roster was checked against.
    pub data_key: String,
    /// How many notes the audit gave (they are worked out again for a roster skipped).
    pub notes: usize,
}

/// The checkpoints of `roster_ids` that are kept, by roster (whether each still stands is for
/// the caller to decide against [`position`]).
pub fn of_rosters(conn: &Connection, roster_ids: &[i64]) -> Result<BTreeMap<i64, Checkpoint>> {
    let mut stmt = conn.prepare_cached(
        "SELECT roster_id, set_id, sets, not_in_force, data_key, notes FROM audit_checkpoints
         WHERE roster_id = ?1",
    )?;
    let mut out = BTreeMap::new();
    for &id in roster_ids {
        let found = stmt
            .query_row([id], |r| {
                Ok(Checkpoint {
                    roster_id: r.get(0)?,
                    at: LogPosition {
                        newest: r.get(1)?,
                        sets: r.get(2)?,
                        not_in_force: r.get(3)?,
                    },
                    data_key: r.get(4)?,
                    notes: usize::try_from(r.get::<_, i64>(5)?).unwrap_or(0),
                })
            })
            .optional()?;
        if let Some(c) = found {
            out.insert(id, c);
        }
    }
    Ok(out)
}

/// Where roster `roster_id`'s log stands now. The count of sets not in force walks the
/// partial index of such sets (few: undo is rare) and looks each up in the roster's range.
pub fn position(conn: &Connection, roster_id: i64) -> Result<LogPosition> {
    let mut stmt = conn.prepare_cached(
        "SELECT (SELECT MAX(change_set_id) FROM roster_sets WHERE roster_id = ?1),
                (SELECT COUNT(*) FROM roster_sets WHERE roster_id = ?1),
                (SELECT COUNT(*) FROM change_sets cs INDEXED BY change_sets_not_in_force
                 WHERE (cs.undoes IS NOT NULL OR cs.undone_by IS NOT NULL)
                   AND EXISTS (SELECT 1 FROM roster_sets rs
                               WHERE rs.roster_id = ?1 AND rs.change_set_id = cs.id))",
    )?;
    Ok(stmt.query_row([roster_id], |r| {
        Ok(LogPosition {
            newest: r.get(0)?,
            sets: r.get(1)?,
            not_in_force: r.get(2)?,
        })
    })?)
}

/// The newest change set of the database (None when there is none): what an audit reading
/// now checks up to.
pub fn newest_set(conn: &Connection) -> Result<Option<i64>> {
    Ok(conn.query_row("SELECT MAX(id) FROM change_sets", [], |r| r.get(0))?)
}

/// SQLite's count of the commits other connections made to the file, as this connection last
/// saw it: equal before a read and at a later write, nobody wrote in between.
pub fn data_version(conn: &Connection) -> Result<i64> {
    let mut stmt = conn.prepare_cached("PRAGMA data_version")?;
    Ok(stmt.query_row([], |r| r.get(0))?)
}

/// A roster's faction, its allies' factions, its campaign's battlepack, and its campaign's
/// settings (name, Legends, options: a campaign-wide change set is in no roster's log, yet
/// `campaign set --legends off` changes what the audit finds).
pub type DataNames = (String, Vec<String>, String, String);

/// What a roster's checks depend on besides its log: its faction, the factions of its allied
/// units (any unit it ever had), its campaign's battlepack (by name) and its campaign's settings.
pub fn data_names(conn: &Connection, roster_id: i64) -> Result<DataNames> {
    let (faction, pack, settings): (String, String, String) = conn.query_row(
        "SELECT r.faction, c.battlepack, c.name || char(0) || c.legends || char(0) || c.options
         FROM rosters r JOIN campaigns c ON c.id = r.campaign_id WHERE r.id = ?1",
        [roster_id],
        |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
    )?;
    let mut stmt = conn.prepare_cached(
        "SELECT DISTINCT ally_faction FROM units WHERE roster_id = ?1 AND ally_faction IS NOT NULL
         ORDER BY ally_faction",
    )?;
    let allies = stmt
        .query_map([roster_id], |r| r.get(0))?
        .collect::<rusqlite::Result<Vec<String>>>()?;
    Ok((faction, allies, pack, settings))
}

/// Keeps `checkpoints` (replacing the rosters' older ones), in the caller's transaction.
pub fn keep(conn: &Connection, checkpoints: &[Checkpoint]) -> Result<()> {
    let mut stmt = conn.prepare_cached(
        "INSERT OR REPLACE INTO audit_checkpoints
             (roster_id, set_id, sets, not_in_force, data_key, notes, verified_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    let now = super::now();
    for c in checkpoints {
        stmt.execute(params![
            c.roster_id,
            c.at.newest,
            c.at.sets,
            c.at.not_in_force,
            c.data_key,
            i64::try_from(c.notes).unwrap_or(i64::MAX),
            now
        ])?;
    }
    Ok(())
}

/// Whether a row the audit reads was changed outside ptg since the last clean audit of the
/// whole league (V20's triggers mark it; ptg's own writes leave the mark as they found it).
pub fn edited_outside(conn: &Connection) -> Result<bool> {
    let mut stmt = conn.prepare_cached("SELECT edited FROM audit_marks WHERE id = 1")?;
    Ok(stmt
        .query_row([], |r| r.get::<_, i64>(0))
        .optional()?
        .unwrap_or(1)
        != 0)
}

/// Marks the file as edited outside ptg or not, in the caller's transaction (only a write
/// that changes the mark writes the row).
pub fn set_edited_outside(conn: &Connection, edited: bool) -> Result<()> {
    let mut stmt = conn.prepare_cached("UPDATE audit_marks SET edited = ?1 WHERE id = 1 AND edited <> ?1")?;
    stmt.execute([i64::from(edited)])?;
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
            "audit_marks",
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

    /// A row changed outside ptg marks the file as edited, whichever table of a roster's it is
    /// in; clearing the mark is the audit's, and the checkpoints themselves stay as they were.
    #[test]
    fn a_change_to_a_roster_row_marks_the_file_edited() {
        let store = Store::in_memory().unwrap();
        let conn = store.conn();
        conn.execute_batch(
            "INSERT INTO campaigns (id, name, battlepack, created_at) VALUES (1, 'C', 'p', 't');
             INSERT INTO rosters (id, campaign_id, name, player, faction, created_at)
                 VALUES (1, 1, 'A', 'a', 'f', 't'), (2, 1, 'B', 'b', 'f', 't');",
        )
        .unwrap();
        // A new campaign or roster concerns no checkpoint: no trigger watches their inserts.
        assert!(!edited_outside(conn).unwrap());
        let ck = |roster_id| Checkpoint {
            roster_id,
            at: LogPosition::default(),
            data_key: "k".into(),
            notes: 0,
        };
        keep(conn, &[ck(1), ck(2)]).unwrap();
        assert!(!edited_outside(conn).unwrap(), "keeping checkpoints is no edit");
        for sql in [
            "UPDATE rosters SET glory = 3 WHERE id = 1",
            "INSERT INTO roster_sets (roster_id, change_set_id) VALUES (2, 7)",
            "DELETE FROM roster_sets",
        ] {
            conn.execute(sql, []).unwrap();
            assert!(edited_outside(conn).unwrap(), "{sql}");
            set_edited_outside(conn, false).unwrap();
        }
        assert_eq!(of_rosters(conn, &[1, 2]).unwrap().len(), 2);
    }

    /// A roster's position moves with a set listed for it (new or older), and with a set of it
    /// marked undone; another roster's sets leave it where it was.
    #[test]
    fn a_rosters_log_position_moves_with_its_sets_only() {
        let store = Store::in_memory().unwrap();
        let conn = store.conn();
        conn.execute_batch(
            "INSERT INTO campaigns (id, name, battlepack, created_at) VALUES (1, 'C', 'p', 't');
             INSERT INTO rosters (id, campaign_id, name, player, faction, created_at)
                 VALUES (1, 1, 'A', 'a', 'f', 't'), (2, 1, 'B', 'b', 'f', 't');
             INSERT INTO roster_sets (roster_id, change_set_id) VALUES (1, 10), (1, 20), (2, 30);",
        )
        .unwrap();
        let at = position(conn, 1).unwrap();
        assert_eq!(
            at,
            LogPosition {
                newest: Some(20),
                sets: 2,
                not_in_force: 0
            }
        );
        conn.execute("INSERT INTO roster_sets VALUES (2, 40)", [])
            .unwrap();
        assert_eq!(position(conn, 1).unwrap(), at, "another roster's set");
        conn.execute("INSERT INTO roster_sets VALUES (1, 5)", []).unwrap();
        let older = position(conn, 1).unwrap();
        assert_eq!((older.newest, older.sets), (Some(20), 3), "an older set listed");
        conn.execute(
            "INSERT INTO change_sets (id, campaign_id, roster_id, command, summary, created_at)
             VALUES (50, 1, 1, 'x', 'x', 't')",
            [],
        )
        .unwrap();
        let newer = position(conn, 1).unwrap();
        assert_eq!((newer.newest, newer.sets, newer.not_in_force), (Some(50), 4, 0));
        conn.execute("UPDATE change_sets SET undone_by = 50 WHERE id = 50", [])
            .unwrap();
        assert_eq!(position(conn, 1).unwrap().not_in_force, 1, "a set marked undone");
        assert_eq!(position(conn, 3).unwrap(), LogPosition::default());
    }
}
