//! The audit: every roster's numbers checked against its history (change log, battles, dice
//! log), each roster read in one snapshot so a command running meanwhile cannot make a false
//! finding; a campaign's or the whole league's roster by roster, each in a short read of its
//! own, so that no long read holds the file's checkpoints back and no copy of the league is
//! held in memory.
//!
//! What a clean audit proved is kept per roster (`kept`, `store::checkpoints`): the next audit
//! replays only the rosters something changed for since (a command, an undo, a side named
//! later: the roster's log moved; or, after a row was edited outside ptg, which triggers mark
//! in that edit's own transaction, every roster until a clean audit of the whole league), and
//! `--full` replays them all.

use super::pack_of;
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::ids::{CampaignId, RosterId};
use crate::rules::Change;
use crate::rules::audit::{self, ArmyTaken, Finding, RosterAudit, RosterEvidence, UnitCosts};
use crate::rules::log::{Command, LoggedSet};
use crate::rules::model::Roster;
use crate::rules::roster::Factions;
use crate::store::battles::{self, Battle};
use crate::store::{Campaign, Conn, Store, checkpoints, history, rolls, rosters};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

mod kept;

/// What the audit looked at and what it found.
#[derive(Serialize)]
pub struct Audit {
    /// The rosters in scope: those replayed now and those unchanged since a clean audit.
    pub rosters: usize,
    /// The battles and change sets of the rosters replayed now.
    pub battles: usize,
    pub change_sets: usize,
    pub findings: Vec<Finding>,
    /// What is worth knowing but fails nothing: units the current data no longer has.
    pub notes: Vec<Finding>,
    /// Whether every roster was replayed whatever it kept (`--full`).
    pub full: bool,
    /// The rosters replayed now: new to the audit, or changed since their last clean one.
    pub rosters_checked: usize,
    /// The rosters skipped: nothing they are audited on changed since a clean audit proved
    /// them (their checkpoint stands, `store::checkpoints`).
    pub rosters_unchanged: usize,
    /// The newest change set of the database when this audit read it: a clean audit keeps
    /// each roster it replayed as proven up to it.
    pub verified_up_to: Option<i64>,
    /// Whether a row was changed outside ptg since the last clean audit of the whole league:
    /// then every roster in scope is replayed, whatever it kept.
    pub edited_outside: bool,
}

/// What to audit and how.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope {
    /// One roster (and the battles it fought)…
    pub roster: Option<RosterId>,
    /// …or one campaign's rosters and battles; neither: every roster.
    pub campaign: Option<CampaignId>,
    /// Replay every roster, trusting no checkpoint.
    pub full: bool,
    /// Keep a checkpoint for each roster replayed, when the audit is clean (a command does;
    /// the server's pages, which only read, do not).
    pub keep: bool,
}

/// Audits one roster, one campaign, or every roster in the database, replaying them all and
/// keeping nothing (a restored file's audit trusts nothing it brings).
pub fn audit(
    cat: &Catalogue,
    store: &mut Store,
    roster: Option<RosterId>,
    campaign: Option<CampaignId>,
) -> Result<Audit> {
    let scope = Scope {
        roster,
        campaign,
        full: true,
        keep: false,
    };
    run(cat, store, scope)
}

/// Audits `scope`: rosters whose checkpoint stands are skipped (unless `full`), the others
/// replayed; a clean audit keeps a checkpoint for each roster it replayed (with `keep`). A
/// refused audit (findings) writes nothing.
pub fn run(cat: &Catalogue, store: &mut Store, scope: Scope) -> Result<Audit> {
    let version = store.read(|conn| Ok::<_, Error>(checkpoints::data_version(conn)?))?;
    let trusts_nothing = scope.full;
    // Which rosters, and which of them a clean audit proved since, in one short read.
    let plan = store.read(|conn| {
        let ids = match (scope.roster, scope.campaign) {
            (Some(r), _) => {
                super::live_roster(conn, r)?;
                vec![r.get()]
            }
            (None, c) => {
                if let Some(c) = c {
                    super::live_campaign(conn, c)?;
                }
                let of = c.map(CampaignId::get);
                rosters::list(conn, of)?.iter().map(|r| r.id).collect()
            }
        };
        kept::plan(cat, conn, ids, trusts_nothing)
    })?;
    // A league's or a campaign's audit reads the file roster by roster, each roster (its log,
    // its battles, its dice) in its own short read: one snapshot held for the whole league
    // kept the file's checkpoints from finishing meanwhile (issue 39), and a copy of the league
    // in memory, read instead, cost what the league weighs (102 MB at 10,000 battles, issue
    // 42). Each roster's audit sees one moment of its own rows, so a command running meanwhile
    // cannot make a false finding; checkpoints are kept only if nobody wrote at all (`keep`).
    // A database in memory is one read. A roster whose checkpoint stands reads no battle.
    let (mut audit, notes) = match (store.file(), scope.roster) {
        (Some(_), _) | (None, Some(_)) => {
            let mut tally = Tally::default();
            for &id in &plan.rosters {
                store.read(|conn| tally.roster(cat, conn, &plan, id, None))?;
            }
            tally.finish(&plan)
        }
        (None, None) => store.read(|conn| {
            let battles = battles::list(conn, scope.campaign.map(CampaignId::get))?;
            audit_planned(cat, conn, &plan, battles)
        })?,
    };
    audit.full = trusts_nothing;
    audit.edited_outside = plan.edited_outside;
    if scope.keep && audit.findings.is_empty() {
        let whole_league = scope.roster.is_none() && scope.campaign.is_none();
        kept::keep(store, version, &plan, &notes, whole_league);
    }
    Ok(audit)
}

/// The audit of campaign `campaign_id`'s live rosters and battles, on `conn` (`ptg import`
/// audits what it imported inside its own transaction, before it commits).
/// Each roster reads its own battles as it is replayed, as a league's audit does: the whole
/// campaign's battles held at once were most of an import's peak memory (~15 MB of 37 at
/// 10,000 battles, issue 42).
pub(crate) fn audit_campaign(cat: &Catalogue, conn: &Conn, campaign: CampaignId) -> Result<Audit> {
    let plan = kept::Plan {
        rosters: rosters::list(conn, Some(campaign.get()))?
            .iter()
            .map(|r| r.id)
            .collect(),
        unchanged: BTreeMap::new(),
        keys: BTreeMap::new(),
        newest_set: None,
        edited_outside: false,
    };
    let mut tally = Tally::default();
    for &id in &plan.rosters {
        tally.roster(cat, conn, &plan, id, None)?;
    }
    Ok(tally.finish(&plan).0)
}

/// The audit of `plan`'s rosters, given the battles those it replays fought, in one read.
fn audit_planned(
    cat: &Catalogue,
    conn: &Conn,
    plan: &kept::Plan,
    battles: Vec<Battle>,
) -> Result<(Audit, BTreeMap<i64, usize>)> {
    // Each roster's battles, so a roster's audit looks at its own only.
    let mut fought: BTreeMap<i64, Vec<&Battle>> = BTreeMap::new();
    for b in &battles {
        for side in &b.sides {
            fought.entry(side.roster_id).or_default().push(b);
        }
    }
    let mut tally = Tally::default();
    for &id in &plan.rosters {
        let mine = fought.remove(&id).unwrap_or_default();
        tally.roster(cat, conn, plan, id, Some(&mine))?;
    }
    Ok(tally.finish(plan))
}

/// What an audit found so far, roster by roster.
#[derive(Default)]
struct Tally {
    findings: Vec<Finding>,
    notes: Vec<Finding>,
    /// How many notes each roster replayed gave (for its checkpoint).
    notes_of: BTreeMap<i64, usize>,
    sets_seen: BTreeSet<i64>,
    /// The battles of the rosters replayed that had an army recorded.
    battles_seen: BTreeSet<i64>,
}

impl Tally {
    /// Roster `id` checked (its `battles` given, or read here), or, when `plan` skips it, its
    /// notes given again.
    fn roster(
        &mut self,
        cat: &Catalogue,
        conn: &Conn,
        plan: &kept::Plan,
        id: i64,
        battles: Option<&[&Battle]>,
    ) -> Result<()> {
        match plan.unchanged.get(&id) {
            Some(&0) => {}
            Some(_) => self.notes.extend(notes_of_roster(cat, conn, id)?),
            None => {
                let read;
                let mine: Vec<&Battle> = match battles {
                    Some(given) => given.to_vec(),
                    None => {
                        read = battles::list_of_roster(conn, id)?;
                        read.iter().collect()
                    }
                };
                let (found, sets) = audit_one(cat, conn, id, &mine)?;
                self.findings.extend(found.findings);
                self.notes_of.insert(id, found.notes.len());
                self.notes.extend(found.notes);
                self.sets_seen.extend(sets);
                let with_army = mine.iter().filter(|b| b.sides.iter().any(|s| !s.army.is_empty()));
                self.battles_seen.extend(with_army.map(|b| b.id));
            }
        }
        Ok(())
    }

    fn finish(self, plan: &kept::Plan) -> (Audit, BTreeMap<i64, usize>) {
        let audit = Audit {
            rosters: plan.rosters.len(),
            battles: self.battles_seen.len(),
            change_sets: self.sets_seen.len(),
            findings: self.findings,
            notes: self.notes,
            full: true,
            rosters_checked: plan.replayed(),
            rosters_unchanged: plan.unchanged.len(),
            verified_up_to: plan.newest_set,
            edited_outside: plan.edited_outside,
        };
        (audit, self.notes_of)
    }
}

/// The notes of a roster not replayed: from the roster as stored and the current data only.
fn notes_of_roster(cat: &Catalogue, conn: &Conn, roster_id: i64) -> Result<Vec<Finding>> {
    let stored = rosters::load(conn, roster_id)?;
    let allies = super::allies_of(cat, &stored);
    let factions = cat
        .faction(&stored.faction)
        .ok()
        .map(|own| Factions { own, allies: &allies });
    Ok(audit::notes(factions.as_ref(), &stored))
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
