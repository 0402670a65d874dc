//! The audit: every roster's numbers checked against its history (change log, battles, dice
//! log), read in one snapshot so a command running meanwhile cannot make a false finding; a
//! campaign's or the whole league's from a copy of the database in memory, so that no long read
//! holds the file's checkpoints back.

use super::pack_of;
use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::ids::{CampaignId, RosterId};
use crate::rules::Change;
use crate::rules::audit::{self, ArmyTaken, Finding, RosterAudit, RosterEvidence, UnitCosts};
use crate::rules::log::{Command, LoggedSet};
use crate::rules::model::Roster;
use crate::rules::roster::Factions;
use crate::store::battles::{self, Battle};
use crate::store::{Campaign, Conn, Store, history, rolls, rosters};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

/// What the audit looked at and what it found.
#[derive(Serialize)]
pub struct Audit {
    pub rosters: usize,
    pub battles: usize,
    pub change_sets: usize,
    pub findings: Vec<Finding>,
    /// What is worth knowing but fails nothing: units the current data no longer has.
    pub notes: Vec<Finding>,
}

/// Audits one roster, one campaign, or every roster in the database.
pub fn audit(
    cat: &Catalogue,
    store: &mut Store,
    roster: Option<RosterId>,
    campaign: Option<CampaignId>,
) -> Result<Audit> {
    // Read from a copy in memory taken in one short read (issue 39): a league's audit held one
    // snapshot of the file open for seconds, and the audit page asked every 2 s kept every
    // checkpoint from finishing, the write-ahead log growing by the minute. One roster's audit
    // reads only that roster's rows (its cost does not grow with the league: issue #16), so it
    // reads the file: copying the whole league for it would cost what the league weighs.
    let mut copy = match (store.file(), roster) {
        (Some(_), None) => Some(store.snapshot()?),
        _ => None,
    };
    let store = copy.as_mut().unwrap_or(store);
    store.read(|conn| {
        let (roster_ids, battles) = match (roster, campaign) {
            (Some(r), _) => {
                super::live_roster(conn, r)?;
                let id = r.get();
                (vec![id], battles::list_of_roster(conn, id)?)
            }
            (None, Some(c)) => {
                let campaign = super::live_campaign(conn, c)?;
                let ids = rosters::list(conn, Some(campaign.id))?
                    .iter()
                    .map(|r| r.id)
                    .collect();
                (ids, battles::list(conn, Some(campaign.id))?)
            }
            (None, None) => {
                let ids = rosters::list(conn, None)?.iter().map(|r| r.id).collect();
                (ids, battles::list(conn, None)?)
            }
        };
        audit_rosters(cat, conn, roster_ids, battles)
    })
}

/// The audit of campaign `campaign_id`'s live rosters and battles, on `conn` (`ptg import`
/// audits what it imported inside its own transaction, before it commits).
pub(crate) fn audit_campaign(cat: &Catalogue, conn: &Conn, campaign: CampaignId) -> Result<Audit> {
    let ids = rosters::list(conn, Some(campaign.get()))?
        .iter()
        .map(|r| r.id)
        .collect();
    audit_rosters(cat, conn, ids, battles::list(conn, Some(campaign.get()))?)
}

/// The audit of `roster_ids`, given the battles they fought.
fn audit_rosters(cat: &Catalogue, conn: &Conn, roster_ids: Vec<i64>, battles: Vec<Battle>) -> Result<Audit> {
    // Each roster's battles, so a roster's audit looks at its own only.
    let mut fought: BTreeMap<i64, Vec<&Battle>> = BTreeMap::new();
    for b in &battles {
        for side in &b.sides {
            fought.entry(side.roster_id).or_default().push(b);
        }
    }
    let mut findings = Vec::new();
    let mut notes = Vec::new();
    let mut sets_seen = BTreeSet::new();
    for &id in &roster_ids {
        let mine = fought.remove(&id).unwrap_or_default();
        let (found, sets) = audit_one(cat, conn, id, &mine)?;
        findings.extend(found.findings);
        notes.extend(found.notes);
        sets_seen.extend(sets);
    }
    let battles_checked = battles
        .iter()
        .filter(|b| b.sides.iter().any(|s| !s.army.is_empty()))
        .count();
    Ok(Audit {
        rosters: roster_ids.len(),
        battles: battles_checked,
        change_sets: sets_seen.len(),
        findings,
        notes,
    })
}

fn audit_one(
    cat: &Catalogue,
    conn: &Conn,
    roster_id: i64,
    battles: &[&Battle],
) -> Result<(RosterAudit, Vec<i64>)> {
    let stored = rosters::load(conn, roster_id)?;
    let campaign = Campaign::of_roster(conn, roster_id)?;
    let pack = pack_of(cat, &campaign)?;
    let faction = cat.faction(&stored.faction).ok();
    let allies = super::allies_of(cat, &stored);
    let factions = faction.map(|own| Factions { own, allies: &allies });

    let rows = history::sets(conn, Some(roster_id), None)?;
    // The rolls this roster's changes name that the dice log holds (the check looks no further).
    let dice = rolls::named_by_roster(conn, roster_id)?;
    let readable = rows
        .iter()
        .flat_map(|s| &s.changes)
        .filter(|c| c.roster_id == Some(roster_id))
        .all(|c| c.change.is_some());

    let (starting, armies, rebuilt) = if readable {
        replays(conn, roster_id, &rows, battles)?
    } else {
        // The engine reports the unreadable changes; the log cannot be replayed past them.
        (None, Vec::new(), None)
    };
    let set_ids: Vec<i64> = rows.iter().map(|s| s.id).collect();
    let stored_rolls = rolls::of_sets(conn, &set_ids)?;
    let results: Vec<_> = battles
        .iter()
        .flat_map(|b| &b.sides)
        .filter(|s| s.roster_id == roster_id)
        .filter_map(|s| s.result)
        .collect();
    let (glory_earned, record) = crate::store::kept::of_roster(conn, roster_id)?;
    let kept = audit::Kept { glory_earned, record };
    let claimed = rosters::claimed_rewards(conn, roster_id)?;
    let evidence = RosterEvidence {
        stored: &stored,
        log: &rows,
        starting: starting.as_ref(),
        armies: &armies,
        battles,
        rolls: &dice,
        results: &results,
        rebuilt: rebuilt.as_ref(),
        stored_rolls: &stored_rolls,
        kept,
        claimed: &claimed,
    };
    let found = audit::audit_roster(pack, factions.as_ref(), &evidence);
    Ok((found, rows.iter().map(|s| s.id).collect()))
}

/// The roster rebuilt from its log, in one replay: as set-up ended (before the first set in
/// force that completes it; now, if set-up is not over), and its unit costs as they stood for
/// each battle army it took, and as the whole log leaves it. Only the set-up roster is copied
/// out of the replay.
fn replays(
    conn: &Conn,
    roster_id: i64,
    rows: &[LoggedSet],
    battles: &[&Battle],
) -> Result<(Option<Roster>, Vec<ArmyTaken>, Option<Roster>)> {
    let ends_setup = |set: &LoggedSet| {
        set.in_force()
            && set
                .changes
                .iter()
                .any(|c| c.roster_id == Some(roster_id) && matches!(c.change, Some(Change::CompleteSetup)))
    };
    // The latest set in force of each battle: its own `battle army`, and any `battle result`.
    let (mut army_sets, mut result_sets) = (BTreeMap::new(), BTreeMap::new());
    for s in rows.iter().filter(|s| s.in_force()) {
        let Some(battle) = s.battle_id else { continue };
        match s.kind() {
            Some(Command::BattleArmy) if s.roster_id == Some(roster_id) => army_sets.insert(battle, s.id),
            Some(Command::BattleResult) => result_sets.insert(battle, s.id),
            _ => None,
        };
    }
    // Each army as the roster stood when the battle was fought (its result), else, for a
    // planned battle, when the army was recorded (its latest `battle army` in force).
    let mut wanted: Vec<(&Battle, Vec<i64>, Option<i64>)> = Vec::new();
    for b in battles {
        let Some(side) = b.side(roster_id).filter(|s| !s.army.is_empty()) else {
            continue;
        };
        let set = result_sets.get(&b.id).or_else(|| army_sets.get(&b.id)).copied();
        wanted.push((b, side.army.iter().map(|u| u.unit_id).collect(), set));
    }
    let needed: BTreeSet<i64> = wanted.iter().filter_map(|(_, _, s)| *s).collect();
    let mut snapshots: BTreeMap<i64, UnitCosts> = BTreeMap::new();
    let mut starting = None;
    let now = history::replay_log(
        conn,
        roster_id,
        rows,
        |set, before| {
            if starting.is_none() && ends_setup(set) {
                starting = Some(before.clone());
            }
            true
        },
        |set, after| {
            if needed.contains(&set.id) {
                snapshots.insert(set.id, UnitCosts::of(after));
            }
        },
    )?;
    let costs_now = UnitCosts::of(&now);
    let armies = wanted
        .into_iter()
        .map(|(b, units, set)| ArmyTaken {
            battle_id: b.id,
            points_limit: b.points_limit,
            set,
            units,
            roster_then: set
                .and_then(|s| snapshots.get(&s).cloned())
                .unwrap_or_else(|| costs_now.clone()),
        })
        .collect();
    Ok((Some(starting.unwrap_or_else(|| now.clone())), armies, Some(now)))
}
