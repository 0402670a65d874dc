//! A roster's notable changes for its sheet (issue 42): the newest few, read from the newest
//! change set down and stopped there, and how many more there are, counted from indexes alone
//! (`changes_roster_kind`, `change_sets_not_in_force`), so a sheet costs the same after ten
//! years of battles as after ten. Which kinds are notable is the sheet's to say.

use crate::rules::log::{LoggedChange, LoggedSet};
use anyhow::Result;
use rusqlite::{Connection, params};

/// The newest notable changes and how many earlier ones were left out.
#[derive(Debug, Default)]
pub struct Notable {
    /// Sets oldest first, each holding only its notable changes to the roster.
    pub sets: Vec<LoggedSet>,
    pub earlier: u64,
}

/// The `n` newest changes to roster `roster_id` of one of `kinds`, made after its set-up was
/// completed, in change sets still in force (neither an undo nor undone). Nothing before set-up
/// is notable, so a roster still in set-up has none.
pub fn newest(conn: &Connection, roster_id: i64, kinds: &[&str], n: u32) -> Result<Notable> {
    let setup: Option<i64> = conn
        .prepare_cached("SELECT MIN(id) FROM changes WHERE roster_id = ?1 AND kind = 'complete_setup'")?
        .query_row([roster_id], |r| r.get(0))?;
    let Some(setup) = setup else {
        return Ok(Notable::default());
    };
    // The kinds are the sheet's own constants, written into the query as text.
    let kinds = kinds
        .iter()
        .map(|k| format!("'{}'", k.replace('\'', "''")))
        .collect::<Vec<_>>()
        .join(", ");
    let mut stmt = conn.prepare_cached(&format!(
        "SELECT cs.id, cs.campaign_id, cs.battle_id, cs.command, cs.summary, cs.created_at,
                c.id, c.unit_id, c.kind, c.description, c.roll_id, c.payload, cs.roster_id
         FROM roster_sets rs JOIN change_sets cs ON cs.id = rs.change_set_id
              JOIN changes c ON c.change_set_id = rs.change_set_id
         WHERE rs.roster_id = ?1 AND rs.change_set_id >= (SELECT change_set_id FROM changes WHERE id = ?2)
           AND c.roster_id = ?1 AND c.id > ?2 AND c.kind IN ({kinds})
           AND cs.undoes IS NULL AND cs.undone_by IS NULL
         ORDER BY rs.change_set_id DESC, c.id DESC LIMIT ?3"
    ))?;
    let mut rows = stmt.query(params![roster_id, setup, n])?;
    let mut sets: Vec<LoggedSet> = Vec::new();
    let mut shown = 0u64;
    while let Some(r) = rows.next()? {
        shown += 1;
        let id: i64 = r.get(0)?;
        let payload: String = r.get(11)?;
        let change = LoggedChange {
            id: r.get(6)?,
            roster_id: Some(roster_id),
            unit_id: r.get(7)?,
            kind: r.get(8)?,
            description: r.get(9)?,
            roll_id: r.get(10)?,
            change: serde_json::from_str(&payload).ok(),
        };
        match sets.last_mut() {
            Some(set) if set.id == id => set.changes.push(change),
            _ => sets.push(LoggedSet {
                id,
                campaign_id: r.get(1)?,
                roster_id: r.get(12)?,
                roster: None,
                campaign: None,
                battle_id: r.get(2)?,
                command: r.get(3)?,
                summary: r.get(4)?,
                created_at: r.get(5)?,
                undoes: None,
                undone_by: None,
                changes: vec![change],
            }),
        }
    }
    sets.reverse();
    for set in &mut sets {
        set.changes.reverse();
    }
    let all: i64 = conn
        .prepare_cached(&format!(
            "SELECT COUNT(*) FROM changes c
             WHERE c.roster_id = ?1 AND c.kind IN ({kinds}) AND c.id > ?2
               AND c.change_set_id NOT IN (SELECT id FROM change_sets
                                           WHERE undoes IS NOT NULL OR undone_by IS NOT NULL)"
        ))?
        .query_row(params![roster_id, setup], |r| r.get(0))?;
    Ok(Notable {
        sets,
        earlier: (all.max(0) as u64).saturating_sub(shown),
    })
}
