//! Bringing a database file's schema up to date without ever leaving it half-upgraded, and
//! without tripping over another process doing the same.
//!
//! Why this is more than `runner().run(..)`: refinery by default commits each migration and its
//! history row in separate transactions, so a ptg killed between the two (older ptg did this)
//! leaves a file whose schema is a version ahead of its history, and every later run fails on
//! "duplicate column name". Here all migrations of one upgrade commit in one transaction
//! (refinery's grouped mode), such a half-upgraded file is recognised by comparing its schema
//! with the schema each known version has, and repaired when it matches one exactly; a file
//! that matches no version is refused untouched. Several processes opening one new file at
//! once race to migrate it: the losers find the schema up to date when they look again.

use super::busy::is_busy;
use super::{embedded, schema};
use anyhow::{Context, Result, bail};
use refinery::{SchemaVersion, Target};
use rusqlite::{Connection, TransactionBehavior};
use std::time::{Duration, Instant};

/// Where refinery keeps the applied versions.
const HISTORY: &str = "refinery_schema_history";

/// How many times set-up is tried when another process is migrating the same file at once.
const ATTEMPTS: u32 = 20;

/// After this long, a failure is reported rather than tried again.
const PATIENCE: Duration = Duration::from_secs(10);

/// What the schema of a database needs, as seen in one consistent snapshot.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Plan {
    /// The history holds the newest version this ptg knows: nothing to do, nothing written.
    UpToDate,
    /// The history says `from`, and the tables are exactly those of version `schema_at`
    /// (`schema_at > from` only in a file an older ptg left half-upgraded).
    Migrate { from: i64, schema_at: i64 },
}

/// Whether the file's schema history already ends at this ptg's newest version, asked in one
/// lookup (the history's primary key): then there is nothing to check or migrate, and [`check`]
/// (ten statements, the whole history read and its dates parsed) is skipped on the path every
/// command takes. Anything else (no history, an older one, a newer one, an error) answers
/// false and goes through [`check`], which refuses or plans exactly as before.
pub(super) fn at_latest(conn: &Connection) -> bool {
    conn.query_row(&format!("SELECT MAX(version) FROM {HISTORY}"), [], |r| {
        r.get::<_, Option<i64>>(0)
    })
    .ok()
    .flatten()
        == Some(schema::latest_known())
}

/// Looks at the file without writing anything: refuses a foreign file, one from a newer ptg,
/// and one whose tables match no known schema version.
pub(super) fn check(conn: &mut Connection) -> Result<Plan> {
    with_retries(conn, snapshot)
}

/// Brings the schema to the newest version: repairs the history of a half-upgraded file,
/// then applies every missing migration in one transaction. Retried when it fails because
/// another process was migrating the same file meanwhile.
pub(super) fn bring_up_to_date(conn: &mut Connection) -> Result<()> {
    with_retries(conn, |conn| {
        loop {
            match snapshot(conn)? {
                Plan::UpToDate => return Ok(()),
                // Then looks again: the history now says `schema_at`, or someone else moved it on.
                Plan::Migrate { from, schema_at } if schema_at > from => {
                    repair_history(conn, from, schema_at)?
                }
                Plan::Migrate { .. } => {
                    embedded::migrations::runner()
                        .set_grouped(true)
                        .run(conn)
                        .context("cannot bring the database schema up to date")?;
                    return Ok(());
                }
            }
        }
    })
}

/// [`plan`] in one read transaction, so the history and the tables are seen at one moment
/// even while another process migrates.
fn snapshot(conn: &mut Connection) -> Result<Plan> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Deferred)?;
    let plan = plan(&tx)?;
    tx.finish()?;
    Ok(plan)
}

/// Runs `attempt` until it succeeds, fails for a reason other than another process holding
/// the database, or [`ATTEMPTS`] or [`PATIENCE`] runs out. A failure after which the schema
/// history has moved on (another process migrated first) also counts as "another process".
/// SQLite already waits for a lock (the busy timeout); these are the cases it answers "busy"
/// at once: switching a new file to WAL while others open it, a write from a stale snapshot.
pub(super) fn with_retries<T>(
    conn: &mut Connection,
    attempt: impl FnMut(&mut Connection) -> Result<T>,
) -> Result<T> {
    retrying(conn, None, attempt)
}

/// [`with_retries`] on a file whose history [`at_latest`] has just read at this ptg's newest
/// version: the first attempt does not read it again (two statements on every command's path).
pub(super) fn with_retries_at_latest<T>(
    conn: &mut Connection,
    attempt: impl FnMut(&mut Connection) -> Result<T>,
) -> Result<T> {
    retrying(conn, Some(schema::latest_known()), attempt)
}

/// The retry loop: `known`, the history's version before the first attempt if already read.
fn retrying<T>(
    conn: &mut Connection,
    mut known: Option<i64>,
    mut attempt: impl FnMut(&mut Connection) -> Result<T>,
) -> Result<T> {
    let start = Instant::now();
    let mut tries = 0;
    loop {
        tries += 1;
        let before = match known.take() {
            Some(version) => Some(version),
            None => history_version(conn).ok(),
        };
        match attempt(conn) {
            Ok(value) => return Ok(value),
            Err(e)
                if tries < ATTEMPTS
                    && start.elapsed() < PATIENCE
                    && (is_busy(&e) || history_version(conn).ok() != before) =>
            {
                std::thread::sleep(Duration::from_millis(5 * u64::from(tries)));
            }
            Err(e) => return Err(e),
        }
    }
}

/// What the schema of the database `conn` needs (inside a transaction, for one snapshot).
fn plan(conn: &Connection) -> Result<Plan> {
    schema::check_ours(conn)?;
    check_history_rows(conn)?;
    let from = history_version(conn)?;
    let latest = schema::latest_known();
    if from >= latest {
        return Ok(Plan::UpToDate);
    }
    let found = schema_of(conn)?;
    for version in from..=latest {
        if found == schema_of(&built_to(version)?)? {
            return Ok(Plan::Migrate {
                from,
                schema_at: version,
            });
        }
    }
    bail!(
        "the schema of this database matches no ptg schema version: its history says version \
         {from}, but its tables are neither those of version {from} nor of any later version up to \
         {latest} (changed outside ptg, or an upgrade interrupted in a way ptg cannot repair); \
         ptg left the file untouched — restore a backup, or pass --db with another file"
    )
}

/// Refuses a schema history whose rows refinery could not read (it panics on a bad date or
/// checksum): every row needs a whole-number version, a name, an RFC 3339 date and a
/// whole-number checksum.
fn check_history_rows(conn: &Connection) -> Result<()> {
    let exists: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        [HISTORY],
        |r| r.get(0),
    )?;
    if !exists {
        return Ok(());
    }
    let mut stmt = conn.prepare(&format!(
        "SELECT rowid, typeof(version), typeof(name), applied_on, checksum FROM {HISTORY}"
    ))?;
    let mut rows = stmt.query([])?;
    while let Some(r) = rows.next()? {
        let row: i64 = r.get(0)?;
        let (version, name): (String, String) = (r.get(1)?, r.get(2)?);
        let applied: Option<String> = r.get::<_, rusqlite::types::Value>(3).map(|v| match v {
            rusqlite::types::Value::Text(t) => Some(t),
            _ => None,
        })?;
        let checksum: Option<String> = r.get::<_, rusqlite::types::Value>(4).map(|v| match v {
            rusqlite::types::Value::Text(t) => Some(t),
            _ => None,
        })?;
        let problem = if version != "integer" {
            Some("its version is not a whole number")
        } else if name != "text" {
            Some("its name is missing")
        } else if applied.is_none_or(|a| chrono::DateTime::parse_from_rfc3339(&a).is_err()) {
            Some("its date is not a date")
        } else if checksum.is_none_or(|c| c.parse::<u64>().is_err()) {
            Some("its checksum is not a number")
        } else {
            None
        };
        if let Some(problem) = problem {
            bail!(
                "the schema history of this database is damaged (row {row}: {problem}); ptg left the \
                 file untouched — restore a backup, or pass --db with another file"
            );
        }
    }
    Ok(())
}

/// The highest version in the schema history; 0 for a new file (no history table yet).
fn history_version(conn: &Connection) -> Result<i64> {
    let exists: bool = conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?1)",
        [HISTORY],
        |r| r.get(0),
    )?;
    if !exists {
        return Ok(0);
    }
    let version: Option<i64> =
        conn.query_row(&format!("SELECT MAX(version) FROM {HISTORY}"), [], |r| r.get(0))?;
    Ok(version.unwrap_or(0))
}

/// Every table, index, view and trigger with its SQL, whitespace collapsed, in name order:
/// two databases with equal lists have the same schema. The history table is left out (its
/// rows are what is being compared against) and so are SQLite's own objects.
fn schema_of(conn: &Connection) -> Result<Vec<String>> {
    let mut stmt = conn.prepare(
        "SELECT type, name, tbl_name, COALESCE(sql, '') FROM sqlite_master
         WHERE name NOT LIKE 'sqlite_%' AND name <> ?1 ORDER BY type, name",
    )?;
    let rows = stmt.query_map([HISTORY], |r| {
        let (kind, name, table, sql): (String, String, String, String) =
            (r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?);
        let sql = sql.split_whitespace().collect::<Vec<_>>().join(" ");
        Ok(format!("{kind} {name} on {table}: {sql}"))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

/// An in-memory database with migrations 1..=`version` applied by refinery: the schema and
/// history rows that version has.
fn built_to(version: i64) -> Result<Connection> {
    let mut conn = Connection::open_in_memory()?;
    let target = SchemaVersion::try_from(version).context("schema version out of range")?;
    embedded::migrations::runner()
        .set_target(Target::Version(target))
        .set_grouped(true)
        .run(&mut conn)
        .with_context(|| format!("cannot build schema version {version} in memory"))?;
    Ok(conn)
}

/// Adds the history rows of versions `from`+1..=`schema_at` to a file whose schema is already
/// that of `schema_at`: the rows refinery writes for them (name, checksum), taken from a copy
/// built in memory. Done under the write lock, after checking the file still needs it.
fn repair_history(conn: &mut Connection, from: i64, schema_at: i64) -> Result<()> {
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    if plan(&tx)? != (Plan::Migrate { from, schema_at }) {
        return Ok(()); // another process repaired or migrated it meanwhile
    }
    let built = built_to(schema_at)?;
    let mut stmt = built.prepare(&format!(
        "SELECT version, name, applied_on, checksum FROM {HISTORY} WHERE version > ?1 ORDER BY version"
    ))?;
    let rows = stmt.query_map([from], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, String>(2)?,
            r.get::<_, String>(3)?,
        ))
    })?;
    for row in rows {
        let (version, name, applied_on, checksum) = row?;
        tx.execute(
            &format!("INSERT INTO {HISTORY} (version, name, applied_on, checksum) VALUES (?1, ?2, ?3, ?4)"),
            rusqlite::params![version, name, applied_on, checksum],
        )?;
    }
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut answers true only for a history ending at this ptg's version: a new file,
    /// an older and a newer history all go through the full check.
    #[test]
    fn only_a_history_at_this_version_skips_the_check() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert!(!at_latest(&conn), "no history yet");
        bring_up_to_date(&mut conn).unwrap();
        assert!(at_latest(&conn));
        let older = built_to(schema::latest_known() - 1).unwrap();
        assert!(!at_latest(&older));
        conn.execute(
            &format!(
                "INSERT INTO {HISTORY} (version, name, applied_on, checksum) VALUES (?1, 'next', '2030-01-01T00:00:00Z', '0')"
            ),
            [schema::latest_known() + 1],
        )
        .unwrap();
        assert!(!at_latest(&conn), "a newer ptg's");
        assert!(check(&mut conn).is_err(), "refused by the full check");
    }
}
