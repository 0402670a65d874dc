//! A store kept open to serve reads (the server's read connections, issue #32).

use super::{HAMMERS, two_rosters};
use crate::store::rosters;

#[test]
fn a_kept_reader_reads_but_never_writes() {
    let mut store = two_rosters();
    store.keep_for_reading().unwrap();
    let names = store.read(|conn| rosters::list(conn, None)).unwrap();
    assert_eq!(names.len(), 2);
    let refused: anyhow::Result<usize> =
        store.write(|tx| Ok(tx.execute("UPDATE rosters SET glory = 99", [])?));
    let err = format!("{:#}", refused.unwrap_err());
    assert!(err.contains("readonly"), "{err}");
    assert!(store.at_rest(), "the refused write left nothing open");
}

#[test]
fn a_store_is_at_rest_only_with_nothing_open_on_it() {
    let store = two_rosters();
    assert!(store.at_rest());
    let conn = store.conn();
    conn.execute_batch("BEGIN").unwrap();
    assert!(!store.at_rest(), "a transaction is open");
    conn.execute_batch("COMMIT").unwrap();
    let mut stmt = conn
        .prepare_cached("SELECT name FROM rosters ORDER BY id")
        .unwrap();
    let mut rows = stmt.query([]).unwrap();
    let first: String = rows.next().unwrap().unwrap().get(0).unwrap();
    assert_eq!(first, HAMMERS);
    assert!(
        !store.at_rest(),
        "a statement stepped and not reset holds a snapshot"
    );
    drop(rows);
    drop(stmt);
    assert!(store.at_rest());
}

#[test]
fn the_identity_moves_with_the_schema_and_its_version_not_with_rows() {
    let mut store = two_rosters();
    let before = store.identity().unwrap();
    store.conn().execute("UPDATE rosters SET glory = 5", []).unwrap();
    assert_eq!(store.identity().unwrap(), before, "rows written: the same schema");
    store
        .conn()
        .execute_batch("CREATE INDEX scratch ON rosters(glory)")
        .unwrap();
    let indexed = store.identity().unwrap();
    assert_ne!(indexed, before, "a DDL statement moves it");
    store
        .conn()
        .execute(
            "INSERT INTO refinery_schema_history (version, name, applied_on, checksum)
             VALUES (99, 'from_the_future', '2030-01-01', '0')",
            [],
        )
        .unwrap();
    assert_ne!(
        store.identity().unwrap(),
        indexed,
        "a newer ptg's version moves it"
    );
}

#[test]
fn a_checkpoint_empties_the_write_ahead_log() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("league.sqlite3");
    let mut writer = crate::store::Store::open(&path).unwrap();
    let mut reader = crate::store::Store::open(&path).unwrap();
    reader.keep_for_reading().unwrap();
    writer
        .write(|tx| crate::store::Campaign::create(tx, "Vale", "ascension", false, &Default::default()))
        .unwrap();
    let wal = dir.path().join("league.sqlite3-wal");
    assert!(
        std::fs::metadata(&wal).unwrap().len() > 0,
        "the campaign is in the log"
    );
    let patience = std::time::Duration::from_millis(50);
    assert!(writer.checkpoint(patience).unwrap());
    assert_eq!(std::fs::metadata(&wal).unwrap().len(), 0, "the log is empty");
    let seen = reader.read(crate::store::Campaign::list).unwrap();
    assert_eq!(seen.len(), 1, "a kept reader reads the checkpointed file");
    assert!(reader.at_rest());
}

#[test]
fn a_requests_reads_see_one_snapshot_and_leave_nothing_open() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("league.sqlite3");
    let mut writer = crate::store::Store::open(&path).unwrap();
    let create = |w: &mut crate::store::Store, name: &str| {
        w.write(|tx| crate::store::Campaign::create(tx, name, "ascension", false, &Default::default()))
            .unwrap();
    };
    create(&mut writer, "Vale");
    let mut reader = crate::store::Store::open(&path).unwrap();
    reader.keep_for_reading().unwrap();
    let campaigns = |r: &mut crate::store::Store| -> i64 {
        r.read(|c| Ok::<_, anyhow::Error>(c.query_row("SELECT COUNT(*) FROM campaigns", [], |x| x.get(0))?))
            .unwrap()
    };
    reader.begin_reading().unwrap();
    assert_eq!(campaigns(&mut reader), 1);
    create(&mut writer, "Marsh");
    assert_eq!(
        campaigns(&mut reader),
        1,
        "a read later in the request joins its snapshot, not the newer commit"
    );
    assert!(!reader.at_rest(), "the request's read is still open");
    reader.end_reading();
    assert!(reader.at_rest(), "nothing is left open for the next request");
    assert_eq!(campaigns(&mut reader), 2, "the next request sees the commit");
    reader.end_reading();
    assert!(reader.at_rest(), "ending with nothing open is harmless");
}
