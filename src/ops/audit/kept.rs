//! The audit's checkpoints (`store::checkpoints`, migrations V18, V19): which rosters of a scope an
//! audit must replay, and keeping what a clean audit proved.
//!
//! A roster is skipped when its log stands where it stood at its last clean audit (its newest
//! set, how many sets, how many not in force: `checkpoints::LogPosition`) and the checkpoint
//! was made with this ptg and the same data (its faction, its allies' factions and its
//! battlepack, by digest). Every write of ptg's logs a set for the rosters it changes, so a
//! skipped roster is one ptg has not changed since: its audit would read what was found clean.
//! A row edited by hand outside ptg leaves the log where it was, but V20's triggers mark the
//! file as edited in the same transaction: while it is marked, no checkpoint is trusted, so
//! the edited roster is replayed too, and a clean audit of the whole league clears the mark.
//! A roster with anything new is replayed whole, since its checks (glory, renown, favour,
//! quest points, the dice log…) add up its whole log; what it costs is that roster's, not the
//! league's. `--full` trusts no checkpoint.

use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::store::checkpoints::{self, Checkpoint, DataNames, LogPosition};
use crate::store::{Conn, Store};
use sha2::{Digest, Sha256};
use std::collections::{BTreeMap, HashMap};

/// What an audit replays and what it takes as proven, decided in one read of the file.
pub(super) struct Plan {
    /// Every roster in scope, in order.
    pub rosters: Vec<i64>,
    /// Those whose checkpoint stands, with the notes their audit gave.
    pub unchanged: BTreeMap<i64, usize>,
    /// The log position and data key of each roster to replay (for its checkpoint, when it
    /// comes out clean).
    pub keys: BTreeMap<i64, (LogPosition, String)>,
    /// The newest change set of the database at this read (what the audit reports checked up to).
    pub newest_set: Option<i64>,
    /// Whether a row was changed outside ptg since the last clean audit of the whole league
    /// (then no checkpoint is trusted).
    pub edited_outside: bool,
}

impl Plan {
    pub fn replayed(&self) -> usize {
        self.rosters.len() - self.unchanged.len()
    }
}

/// The plan for `rosters`: with `full`, every one replayed.
pub(super) fn plan(cat: &Catalogue, conn: &Conn, rosters: Vec<i64>, full: bool) -> Result<Plan> {
    let edited_outside = checkpoints::edited_outside(conn)?;
    let standing = match full || edited_outside {
        true => BTreeMap::new(),
        false => checkpoints::of_rosters(conn, &rosters)?,
    };
    let mut keys = BTreeMap::new();
    let mut unchanged = BTreeMap::new();
    let mut digests = HashMap::new();
    for &id in &rosters {
        let key = data_key(cat, &mut digests, checkpoints::data_names(conn, id)?);
        let at = checkpoints::position(conn, id)?;
        match standing.get(&id) {
            Some(c) if c.data_key == key && c.at == at => {
                unchanged.insert(id, c.notes);
            }
            _ => {
                keys.insert(id, (at, key));
            }
        }
    }
    Ok(Plan {
        rosters,
        unchanged,
        keys,
        newest_set: checkpoints::newest_set(conn)?,
        edited_outside,
    })
}

/// ptg's version and the digest of the data a roster is checked against: its faction, its
/// allies' and its battlepack as this run knows them (a name the data lacks counts as
/// missing), and its campaign's settings. A digest that changes between ptg builds only costs
/// a replay.
fn data_key(cat: &Catalogue, digests: &mut HashMap<DataNames, String>, names: DataNames) -> String {
    let digest = digests
        .entry(names)
        .or_insert_with_key(|(faction, allies, pack, settings)| {
            let mut h = Sha256::new();
            h.update(b"\0campaign\0");
            h.update(settings.as_bytes());
            for name in std::iter::once(faction).chain(allies) {
                h.update(b"\0faction\0");
                h.update(name.as_bytes());
                h.update(b"\0");
                h.update(
                    cat.faction(name)
                        .ok()
                        .and_then(|f| serde_json::to_vec(f).ok())
                        .unwrap_or_default(),
                );
            }
            h.update(b"\0battlepack\0");
            h.update(pack.as_bytes());
            h.update(b"\0");
            h.update(
                cat.battlepack(pack)
                    .ok()
                    .and_then(|p| serde_json::to_vec(p).ok())
                    .unwrap_or_default(),
            );
            h.finalize().iter().map(|b| format!("{b:02x}")).collect()
        });
    format!("ptg {} {digest}", env!("CARGO_PKG_VERSION"))
}

/// Keeps a checkpoint for each roster replayed clean (`notes`: how many notes each gave), on
/// the file, if nobody committed to it since `version` was read (else what was read may not
/// be what is there now, and the next audit replays them again). With `whole_league` (the
/// audit covered every roster and replayed every one the file marked as edited outside ptg),
/// the mark is cleared too. A checkpoint is only a saving: a file that cannot be written keeps
/// none and the audit still answers.
pub(super) fn keep(
    store: &mut Store,
    version: i64,
    plan: &Plan,
    notes: &BTreeMap<i64, usize>,
    whole_league: bool,
) {
    let kept: Vec<Checkpoint> = plan
        .keys
        .iter()
        .map(|(&roster_id, (at, key))| Checkpoint {
            roster_id,
            at: *at,
            data_key: key.clone(),
            notes: notes.get(&roster_id).copied().unwrap_or(0),
        })
        .collect();
    let clears_mark = whole_league && plan.edited_outside;
    if kept.is_empty() && !clears_mark {
        return;
    }
    let _ = store.write(|tx| -> Result<()> {
        if checkpoints::data_version(tx)? == version {
            checkpoints::keep(tx, &kept)?;
            if clears_mark {
                checkpoints::set_edited_outside(tx, false)?;
            }
        }
        Ok(())
    });
}
