//! Battles: the two sides, the armies taken, results, twists, and whether each side has run
//! its aftermath.

/// What `battle army` and `battle result` keep for their undo (see `battle_before`).
pub use super::battle_before::{of_army as army_before, of_result as result_before};
pub use super::battle_rows::Parts;
use super::reuse::CachedRow;
use super::{battle_before, now};
use crate::error::{refusal, refusal_fix};
use crate::fix::{Action, Fix};
pub use crate::rules::battle::{
    ArmyUnit, Battle, BattleStatus, Decision, Side, SideResult, SuddenDeathRow, TwistRow,
};
use crate::rules::campaign_time::CampaignTime;
use crate::rules::undo::BattleUndo;
use anyhow::{Context, Result};
use rusqlite::{Connection, ToSql, params};

/// Inserts a planned battle between two rosters.
pub fn create(
    conn: &Connection,
    campaign_id: i64,
    points_limit: u32,
    battleplan: &str,
    rosters: [i64; 2],
) -> Result<i64> {
    conn.cached_execute(
        "INSERT INTO battles (campaign_id, points_limit, battleplan, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![campaign_id, points_limit, battleplan, now()],
    )?;
    let id = conn.last_insert_rowid();
    for (side, roster) in rosters.iter().enumerate() {
        conn.cached_execute(
            "INSERT INTO battle_sides (battle_id, roster_id, side) VALUES (?1, ?2, ?3)",
            params![id, roster, side as i64],
        )?;
    }
    Ok(id)
}

/// Sets the roster that picks territories or roles (None: not decided yet), and whether it
/// won them in a roll-off between level generals (`rolled`) rather than by renown.
pub fn set_roles(conn: &Connection, battle_id: i64, roster_id: Option<i64>, rolled: bool) -> Result<()> {
    conn.cached_execute(
        "UPDATE battles SET roles_roster_id = ?2, roles_rolled = ?3 WHERE id = ?1",
        params![battle_id, roster_id, rolled],
    )?;
    Ok(())
}

/// Loads a battle by id, or says how to find one.
pub fn load(conn: &Connection, id: i64) -> Result<Battle> {
    let Some((battle, cancelled)) = load_all(conn, "b.id = ?1", &[&id])?.pop() else {
        return Err(refusal_fix(
            format!("there is no battle {id}"),
            vec![Fix::act(Action::ReadBattles)],
        ));
    };
    if cancelled {
        return Err(refusal_fix(
            format!("battle {id} was cancelled by an undo"),
            vec![Fix::act(Action::ReadHistory)],
        ));
    }
    Ok(battle)
}

/// Roster `roster_id`'s battles other than `except` that have a result and no aftermath for it
/// yet, each with when it was fought: what `campaign_time::check_aftermath_order` compares.
///
/// Read from `open_sides` (the league's sides with no aftermath: a few, however long the
/// league), as the pages' "What's next" reads them: through the roster's sides it read every
/// side it ever fought, each on its own page (issue 42).
pub fn aftermaths_pending(
    conn: &Connection,
    roster_id: i64,
    except: i64,
) -> Result<Vec<(i64, CampaignTime)>> {
    let mut stmt = conn.prepare_cached(
        "SELECT s.battle_id,
                (SELECT max(cs.id) FROM change_sets cs WHERE cs.battle_id = s.battle_id
                   AND cs.command = 'battle result' AND cs.undone_by IS NULL)
         FROM battle_sides s INDEXED BY open_sides JOIN battles b ON b.id = s.battle_id
         WHERE s.aftermath_set_id IS NULL AND s.roster_id = ?1 AND s.battle_id != ?2
           AND s.result IS NOT NULL AND b.cancelled = 0",
    )?;
    let rows = stmt.query_map(params![roster_id, except], |r| {
        Ok((r.get::<_, i64>(0)?, r.get::<_, Option<i64>>(1)?))
    })?;
    let mut out = Vec::new();
    for row in rows {
        if let (battle, Some(at)) = row? {
            out.push((battle, CampaignTime(at)));
        }
    }
    Ok(out)
}

/// Battles, newest first, of one campaign or all.
pub fn list(conn: &Connection, campaign_id: Option<i64>) -> Result<Vec<Battle>> {
    let battles = match campaign_id {
        Some(c) => load_all(conn, "b.campaign_id = ?1 AND b.cancelled = 0", &[&c])?,
        None => load_all(conn, "b.cancelled = 0", &[])?,
    };
    Ok(battles.into_iter().map(|(b, _)| b).collect())
}

/// The `n` newest battles of a campaign (not cancelled), newest first.
pub fn recent(conn: &Connection, campaign_id: i64, n: u32) -> Result<Vec<Battle>> {
    let filter = "b.id IN (SELECT id FROM battles WHERE campaign_id = ?1 AND cancelled = 0
                           ORDER BY id DESC LIMIT ?2)";
    let battles = load_all(conn, filter, &[&campaign_id, &n])?;
    Ok(battles.into_iter().map(|(b, _)| b).collect())
}

/// The battles, newest first, that `roster_id` fought or planned (not cancelled).
pub fn list_of_roster(conn: &Connection, roster_id: i64) -> Result<Vec<Battle>> {
    let filter = "b.id IN (SELECT battle_id FROM battle_sides WHERE roster_id = ?1) AND b.cancelled = 0";
    let battles = load_all(conn, filter, &[&roster_id])?;
    Ok(battles.into_iter().map(|(b, _)| b).collect())
}

/// The `n` battles roster `roster_id` fought most recently (not cancelled), in the order their
/// results were recorded, newest first (campaign time): found from the roster's own list of
/// change sets read from the newest down (`roster_sets`), so a sheet reads what it prints, not
/// every battle of a decade (issue 42). Their sides only: a sheet prints no army or twist.
pub fn recent_fought(conn: &Connection, roster_id: i64, n: u32) -> Result<Vec<Battle>> {
    let filter = "b.id IN (SELECT cs.battle_id FROM roster_sets rs
                               JOIN change_sets cs ON cs.id = rs.change_set_id
                               JOIN battles x ON x.id = cs.battle_id
                           WHERE rs.roster_id = ?1 AND cs.command = 'battle result'
                             AND cs.undoes IS NULL AND cs.undone_by IS NULL AND x.cancelled = 0
                           ORDER BY rs.change_set_id DESC LIMIT ?2)";
    let mut out = Vec::new();
    super::battle_rows::each_of::<anyhow::Error>(
        conn,
        filter,
        &[&roster_id, &n],
        super::battle_rows::Parts::Sides,
        |b, _| {
            out.push(b);
            Ok(())
        },
    )?;
    Ok(out)
}

/// The battles `b` for which `filter` holds, newest first, each with whether it was
/// cancelled: four queries (battles, sides, armies, twists) however many battles.
fn load_all(conn: &Connection, filter: &str, values: &[&dyn ToSql]) -> Result<Vec<(Battle, bool)>> {
    let mut out = Vec::new();
    super::battle_rows::each::<anyhow::Error>(conn, filter, values, |b, cancelled| {
        out.push((b, cancelled));
        Ok(())
    })?;
    Ok(out)
}

/// Battles not cancelled, newest first, of one campaign or all, and of one roster or all,
/// handed to `f` one at a time as they are read (a whole league's list is never held at once).
/// With `newest`, only that many, and the answer says whether older ones were left out (one
/// more is read to know, rather than counting them all: issue 42). `parts` says what of each
/// battle is read: a table of battles prints no armies, so it reads sides only.
pub fn each<E: From<anyhow::Error>>(
    conn: &Connection,
    campaign_id: Option<i64>,
    roster_id: Option<i64>,
    newest: Option<u32>,
    parts: Parts,
    mut f: impl FnMut(Battle) -> std::result::Result<(), E>,
) -> std::result::Result<bool, E> {
    let (filter, values) = list_filter(&campaign_id, &roster_id, newest);
    let mut limit = Newest::new(newest);
    super::battle_rows::each_of(conn, &filter, &values, parts, |b, _| match limit.admits() {
        true => f(b),
        false => Ok(()),
    })?;
    Ok(limit.more)
}

/// The filter on `b` (and its values) picking the battles a list holds: not cancelled, of one
/// campaign or all, of one roster or all, and with `newest` the newest so many and one more
/// (to know whether older ones are left). One filter per case, so each can use its index.
pub(super) fn list_filter<'a>(
    campaign_id: &'a Option<i64>,
    roster_id: &'a Option<i64>,
    newest: Option<u32>,
) -> (String, Vec<&'a dyn ToSql>) {
    // A roster's battles through its sides.
    let of_roster = "b.id IN (SELECT battle_id FROM battle_sides WHERE roster_id = ?1) AND b.cancelled = 0";
    let (filter, values): (String, Vec<&dyn ToSql>) = match (campaign_id, roster_id) {
        (None, None) => ("b.cancelled = 0".into(), Vec::new()),
        (Some(c), None) => ("b.campaign_id = ?1 AND b.cancelled = 0".into(), vec![c]),
        (None, Some(r)) => (of_roster.into(), vec![r]),
        (Some(c), Some(r)) => (format!("{of_roster} AND b.campaign_id = ?2"), vec![r, c]),
    };
    let filter = match (newest, roster_id) {
        // A roster's page: the top of its range of sides (`battle_sides_roster_battle`), read
        // down until enough battles are found, whatever the length of its past.
        (Some(n), Some(_)) => format!(
            "b.id IN (SELECT s.battle_id FROM battle_sides s JOIN battles b ON b.id = s.battle_id
                      WHERE s.roster_id = ?1 AND b.cancelled = 0{}
                      ORDER BY s.battle_id DESC LIMIT {})",
            if campaign_id.is_some() {
                " AND b.campaign_id = ?2"
            } else {
                ""
            },
            u64::from(n) + 1
        ),
        (Some(n), None) => format!(
            "b.id IN (SELECT b.id FROM battles b WHERE {filter} ORDER BY b.id DESC LIMIT {})",
            u64::from(n) + 1
        ),
        (None, _) => filter,
    };
    (filter, values)
}

/// A list's `newest` limit, counted as its battles are read: the one more that
/// [`list_filter`] reads is not handed on, and says that older ones were left out.
pub(super) struct Newest {
    limit: Option<u32>,
    handed: u64,
    /// Whether a battle beyond the limit was read.
    pub(super) more: bool,
}

impl Newest {
    pub(super) fn new(limit: Option<u32>) -> Newest {
        Newest {
            limit,
            handed: 0,
            more: false,
        }
    }

    /// Whether the battle just read is handed on.
    pub(super) fn admits(&mut self) -> bool {
        self.handed += 1;
        match self.limit {
            Some(n) if self.handed > u64::from(n) => {
                self.more = true;
                false
            }
            _ => true,
        }
    }
}

/// Replaces the army a roster takes to a battle with `units`, in order: each unit with whether
/// it is the general, its regiment's leader, and its marks from the result (all false before
/// the result; kept so a battle as loaded can be written back as it was).
pub fn record_army(conn: &Connection, battle_id: i64, roster_id: i64, units: &[ArmyUnit]) -> Result<()> {
    conn.cached_execute(
        "DELETE FROM battle_units WHERE battle_id = ?1 AND roster_id = ?2",
        params![battle_id, roster_id],
    )?;
    for (position, u) in units.iter().enumerate() {
        insert_unit(conn, battle_id, roster_id, position as i64, u)?;
    }
    Ok(())
}

/// Adds one unit to a roster's army at `position` (its order in the army).
pub(super) fn insert_unit(
    conn: &Connection,
    battle_id: i64,
    roster_id: i64,
    position: i64,
    u: &ArmyUnit,
) -> Result<()> {
    conn.cached_execute(
        "INSERT INTO battle_units (battle_id, roster_id, unit_id, general, regiment, destroyed,
                                   slew_hero_or_monster, position)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
        params![
            battle_id,
            roster_id,
            u.unit_id,
            u.general,
            u.regiment,
            u.destroyed,
            u.slew_hero_or_monster,
            position
        ],
    )?;
    Ok(())
}

/// Records both sides' results and marks the battle fought.
pub fn record_result(conn: &Connection, battle_id: i64, sides: &[SideResult]) -> Result<()> {
    for s in sides {
        super::kept::side_result(conn, battle_id, s.roster_id, Some(s.result))?;
        conn.cached_execute(
            "UPDATE battle_sides SET victory_points = ?3, result = ?4, withdrew = ?5, general_slain = ?6,
                    quest_points = ?7
             WHERE battle_id = ?1 AND roster_id = ?2",
            params![
                battle_id,
                s.roster_id,
                s.victory_points,
                s.result.as_str(),
                s.withdrew,
                s.general_slain,
                s.quest_points
            ],
        )?;
        for (ids, column) in [(&s.destroyed, "destroyed"), (&s.slew, "slew_hero_or_monster")] {
            for unit in ids {
                conn.cached_execute(
                    &format!("UPDATE battle_units SET {column} = 1 WHERE battle_id = ?1 AND unit_id = ?2"),
                    params![battle_id, unit],
                )?;
            }
        }
    }
    conn.cached_execute("UPDATE battles SET status = 'fought' WHERE id = ?1", [battle_id])?;
    Ok(())
}

/// Marks a roster's aftermath of a battle as done, once; a second time is refused.
pub fn mark_aftermath(conn: &Connection, battle_id: i64, roster_id: i64, set_id: i64) -> Result<()> {
    let n = conn.cached_execute(
        "UPDATE battle_sides SET aftermath_set_id = ?3
         WHERE battle_id = ?1 AND roster_id = ?2 AND aftermath_set_id IS NULL",
        params![battle_id, roster_id, set_id],
    )?;
    if n != 1 {
        return Err(refusal(format!(
            "the aftermath of battle {battle_id} has already been run for this roster"
        )));
    }
    Ok(())
}

pub fn add_twist(
    conn: &Connection,
    battle_id: i64,
    round: u32,
    underdog: i64,
    twist: &str,
    roll_id: i64,
) -> Result<()> {
    conn.cached_execute(
        "INSERT INTO battle_twists (battle_id, round, underdog_roster_id, twist, roll_id) VALUES (?1, ?2, ?3, ?4, ?5)",
        params![battle_id, round, underdog, twist, roll_id],
    )?;
    Ok(())
}

/// Records a side's sudden death objective, tagged with the change set that picked it.
pub fn record_sudden_death(
    conn: &Connection,
    battle_id: i64,
    roster_id: i64,
    set_id: i64,
    pick: &SuddenDeathRow,
) -> Result<()> {
    conn.cached_execute(
        "INSERT INTO battle_sudden_death (battle_id, roster_id, change_set_id, objective, target_unit_id, target_text)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        params![battle_id, roster_id, set_id, pick.objective, pick.target_unit, pick.target_text],
    )?;
    Ok(())
}

/// Records how each side's result was decided, tagged with the result's change set.
pub fn record_decisions(
    conn: &Connection,
    battle_id: i64,
    set_id: i64,
    sides: &[(i64, Decision)],
) -> Result<()> {
    for (roster_id, d) in sides {
        conn.cached_execute(
            "INSERT INTO battle_decisions (battle_id, roster_id, change_set_id, decided_by, models_set_up,
                                           models_lost, models_added)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                battle_id,
                roster_id,
                set_id,
                d.by.as_str(),
                d.models_set_up,
                d.models_lost,
                d.models_added
            ],
        )?;
    }
    Ok(())
}

/// Keeps with change set `set_id` what undoing its command needs of the battle as it was
/// before (from [`army_before`] or [`result_before`]).
pub fn keep_before(conn: &Connection, set_id: i64, snapshot: &str) -> Result<()> {
    conn.cached_execute(
        "UPDATE change_sets SET battle_before = ?2 WHERE id = ?1",
        params![set_id, snapshot],
    )?;
    Ok(())
}

/// The id the next planned battle will get.
pub fn next_id(conn: &Connection) -> Result<i64> {
    Ok(conn.cached_row("SELECT COALESCE(MAX(id), 0) + 1 FROM battles", [], |r| r.get(0))?)
}

/// The units a roster took to a battle.
pub fn army_unit_ids(conn: &Connection, battle_id: i64, roster_id: i64) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT unit_id FROM battle_units WHERE battle_id = ?1 AND roster_id = ?2 ORDER BY position",
    )?;
    let ids = stmt.query_map(params![battle_id, roster_id], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

/// The battles (not cancelled) whose recorded army holds unit `unit_id`, oldest first: a unit
/// in one stays on the Order of Battle (`roster remove`). Through the `battle_units_unit` index.
pub fn armies_holding(conn: &Connection, unit_id: i64) -> Result<Vec<i64>> {
    let mut stmt = conn.prepare_cached(
        "SELECT DISTINCT bu.battle_id FROM battle_units bu JOIN battles b ON b.id = bu.battle_id
         WHERE bu.unit_id = ?1 AND b.cancelled = 0 ORDER BY bu.battle_id",
    )?;
    let ids = stmt.query_map([unit_id], |r| r.get(0))?;
    Ok(ids.collect::<Result<_, _>>()?)
}

/// Puts a battle's records back as they were before the command of change set `set_id`, as
/// `undo` says: a planned battle cancelled, an army or result put back from what the set kept
/// (see `battle_before`; a result's decision rows deleted by their set), an aftermath marked
/// as not run, a twist or a sudden death objective taken off. Each statement
/// names the battle, so it reads that battle's rows only.
pub fn undo_records(conn: &Connection, battle_id: i64, set_id: i64, undo: BattleUndo) -> Result<()> {
    let kept = || -> Result<Option<String>> { super::history::battle_before(conn, set_id) };
    let unreadable = || format!("cannot put back the battle kept with change set {set_id} for its undo");
    match undo {
        BattleUndo::Nothing => {}
        BattleUndo::Cancel => {
            super::kept::battle_cancelled(conn, battle_id)?;
            conn.cached_execute("UPDATE battles SET cancelled = 1 WHERE id = ?1", [battle_id])?;
        }
        BattleUndo::ClearAftermath => {
            conn.cached_execute(
                "UPDATE battle_sides SET aftermath_set_id = NULL WHERE battle_id = ?2 AND aftermath_set_id = ?1",
                [set_id, battle_id],
            )?;
        }
        BattleUndo::RemoveTwist => {
            conn.cached_execute(
                "DELETE FROM battle_twists
                 WHERE battle_id = ?2 AND roll_id IN (SELECT id FROM rolls WHERE change_set_id = ?1)",
                [set_id, battle_id],
            )?;
        }
        BattleUndo::RestoreArmy { roster } => {
            if let Some(kept) = kept()? {
                battle_before::restore_army(conn, battle_id, roster, &kept).with_context(unreadable)?;
            }
            super::realms::remove_triumph_of(conn, battle_id, set_id)?;
        }
        BattleUndo::ClearRealm => super::realms::set_realm(conn, battle_id, None, None)?,
        BattleUndo::RestoreResult => {
            if let Some(kept) = kept()? {
                // A correction's undo tags the decisions it puts back with the result it
                // corrected, which still stands.
                let result_set = super::builds_on::result_set(conn, battle_id)?;
                battle_before::restore_result(conn, battle_id, &kept, result_set).with_context(unreadable)?;
            }
            super::realms::undo_result_triumphs(conn, battle_id, set_id)?;
            // How the result was decided is kept beside it, tagged with its set.
            conn.cached_execute(
                "DELETE FROM battle_decisions WHERE battle_id = ?2 AND change_set_id = ?1",
                [set_id, battle_id],
            )?;
        }
        BattleUndo::RemoveSuddenDeath => {
            conn.cached_execute(
                "DELETE FROM battle_sudden_death WHERE battle_id = ?2 AND change_set_id = ?1",
                [set_id, battle_id],
            )?;
        }
    }
    Ok(())
}
