//! Schema set-up on in-memory databases: a file an older ptg left half-upgraded is repaired
//! with the history rows refinery writes, one matching no version is refused, and an
//! up-to-date one is not handed to the migration runner at all.

use super::super::{Store, embedded};
use refinery::Target;
use rusqlite::Connection;

/// An in-memory database with migrations 1..=`version` applied by refinery.
pub(super) fn at_version(version: i32) -> Connection {
    let mut conn = Connection::open_in_memory().unwrap();
    embedded::migrations::runner()
        .set_target(Target::Version(version))
        .run(&mut conn)
        .unwrap();
    conn
}

fn history(store: &Store) -> Vec<(i64, String, String)> {
    store
        .conn()
        .prepare("SELECT version, name, checksum FROM refinery_schema_history ORDER BY version")
        .unwrap()
        .query_map([], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

#[test]
fn a_migration_applied_without_its_history_row_is_repaired() {
    for lost in 1..=3 {
        let conn = at_version(lost);
        conn.execute("DELETE FROM refinery_schema_history WHERE version = ?1", [lost])
            .unwrap();
        let store = Store::setup(conn).unwrap_or_else(|e| panic!("version {lost}: {e:#}"));
        // In version order: refinery lists the embedded files by name, so V10 before V2.
        let mut expected: Vec<_> = embedded::migrations::runner()
            .get_migrations()
            .iter()
            .map(|m| {
                (
                    i64::from(m.version()),
                    m.name().to_string(),
                    m.checksum().to_string(),
                )
            })
            .collect();
        expected.sort();
        assert_eq!(history(&store), expected, "version {lost}");
    }
}

#[test]
fn a_schema_matching_no_version_is_refused() {
    let conn = at_version(2);
    conn.execute_batch("CREATE TABLE notes (text TEXT)").unwrap();
    let err = format!("{:#}", Store::setup(conn).err().expect("refused"));
    assert!(err.contains("matches no ptg schema version"), "{err}");
    assert!(err.contains("history says version 2"), "{err}");
}

#[test]
fn an_up_to_date_database_is_not_handed_to_the_migration_runner() {
    // refinery would refuse this history (a checksum that is not the migration's); ptg
    // only reads the newest version, so it never gets to look.
    let latest = i32::try_from(super::super::schema::latest_known()).unwrap();
    let conn = at_version(latest);
    conn.execute_batch("UPDATE refinery_schema_history SET checksum = '1' WHERE version = 1")
        .unwrap();
    Store::setup(conn).expect("opened without running the migrations");
}

#[test]
fn latest_known_is_the_newest_migration() {
    let newest = super::super::embedded::migrations::runner()
        .get_migrations()
        .iter()
        .map(|m| i64::from(m.version()))
        .max();
    assert_eq!(
        Some(super::super::schema::LATEST_KNOWN),
        newest,
        "bump schema::LATEST_KNOWN with a new migration"
    );
}
