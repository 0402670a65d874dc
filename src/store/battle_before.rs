//! What a `battle army` or `battle result` keeps of its battle as it was before, so that its
//! undo puts back exactly what the command changed, and nothing more:
//!
//! - `battle army` of roster R replaces R's units and may decide who picks roles: it keeps
//!   who picked roles and R's own units before (usually none: R's first army).
//! - `battle result` marks the battle fought, writes both sides' result columns and marks
//!   units destroyed or slew: it keeps the status, those columns and each unit's two marks
//!   (not who picks roles, nor the units' other columns: a result changes neither).
//! - `battle result --correct` writes the same columns and marks again and decides again how
//!   the result was decided: it keeps what a result keeps and the battle's decision rows
//!   (`"decisions"`, left out by a result, whose undo deletes its rows by their set).
//!
//! The rest of the battle cannot have changed when the undo runs: undo refuses while a later
//! command of the battle builds on this one (`rules::undo::command`), and armies are refused
//! once a result is in. The other side's army recorded after an army does not build on it
//! and stays as it is.
//!
//! Kept as JSON in `change_sets.battle_before`: a form version and each row as an array, e.g.
//! `{"v":2,"army":{"roles":null,"units":[[5,1,5,0,0,0]]}}`. Form 1, the whole battle with every
//! row an object keyed by column names (about 2 KB per battle), was converted by migration V7.

use super::battles::{insert_unit, set_roles};
use super::reuse::CachedRow;
use crate::rules::battle::{ArmyUnit, BattleResult, BattleStatus, DecidedBy};
use anyhow::{Context, Result, bail};
use rusqlite::{Connection, params};
use serde::{Deserialize, Deserializer, Serialize};

/// The form this ptg writes and reads (V7 converts form 1 to it).
const VERSION: u32 = 2;

/// A kept battle: the form version and what one command's undo needs.
#[derive(Debug, Serialize, Deserialize)]
struct Kept {
    v: u32,
    #[serde(flatten)]
    before: Before,
}

/// Keyed by the command that kept it: `{"army": ...}` or `{"result": ...}`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum Before {
    Army(ArmyBefore),
    Result(ResultBefore),
}

/// Before a roster's army: who picked roles, and the roster's units in the battle.
#[derive(Debug, Serialize, Deserialize)]
struct ArmyBefore {
    /// Who picked roles (`Some(None)`: not decided yet). `None`, the key left out, only in
    /// snapshots written before ptg kept it (converted from ones without `roles_roster_id`):
    /// their undo leaves roles as they are, as it always did.
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    roles: Option<Option<i64>>,
    /// Whether that pick was won in a roll-off (kept since schema 14; left out before).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rolled: Option<bool>,
    units: Vec<UnitRow>,
}

/// One of the roster's `battle_units` rows: unit, general, regiment, destroyed,
/// slew_hero_or_monster, position.
#[derive(Debug, Serialize, Deserialize)]
struct UnitRow(
    i64,
    #[serde(with = "flag")] bool,
    Option<i64>,
    #[serde(with = "flag")] bool,
    #[serde(with = "flag")] bool,
    i64,
);

/// Before a result: the battle's status, each side's result columns and each unit's marks;
/// before a correction, also how the result it corrects was decided.
#[derive(Debug, Serialize, Deserialize)]
struct ResultBefore {
    status: BattleStatus,
    sides: Vec<SideRow>,
    units: Vec<Marks>,
    /// Who picked roles and whether by a roll-off, which a result re-decides when the
    /// generals' renown changed since the armies (kept since schema 14; left out before, and
    /// then the undo leaves roles as they are).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "present"
    )]
    roles: Option<Option<i64>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    rolled: Option<bool>,
    /// The battle's decision rows (a correction's), `None` for a result's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    decisions: Option<Vec<DecisionRow>>,
}

/// A `battle_decisions` row: roster, decided by, models set up, lost, added.
#[derive(Debug, Serialize, Deserialize)]
struct DecisionRow(i64, DecidedBy, Option<u32>, Option<u32>, Option<u32>);

/// A side's result columns: roster, victory points, result, withdrew, general slain, quest
/// points.
#[derive(Debug, Serialize, Deserialize)]
struct SideRow(
    i64,
    Option<i64>,
    Option<BattleResult>,
    #[serde(with = "flag")] bool,
    #[serde(with = "flag")] bool,
    i64,
);

/// A unit's marks from a result: unit, destroyed, slew_hero_or_monster.
#[derive(Debug, Serialize, Deserialize)]
struct Marks(i64, #[serde(with = "flag")] bool, #[serde(with = "flag")] bool);

/// A key that is there, even with `null`, as `Some` (a missing key is `None` by `default`).
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<i64>>, D::Error> {
    Option::<i64>::deserialize(d).map(Some)
}

/// A flag as the database holds it, 0 or 1 (a third the size of `false`).
mod flag {
    use serde::{Deserialize, Deserializer, Serializer, de::Error};

    pub fn serialize<S: Serializer>(flag: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_u8(u8::from(*flag))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        match u8::deserialize(d)? {
            0 => Ok(false),
            1 => Ok(true),
            n => Err(D::Error::custom(format!("{n} is not a flag (0 or 1)"))),
        }
    }
}

/// What undoing `battle army` of `roster_id` needs, taken before the army is recorded: who
/// picks roles and the roster's units in the battle now.
pub fn of_army(conn: &Connection, battle_id: i64, roster_id: i64) -> Result<String> {
    let (roles, rolled) = roles_of(conn, battle_id)?;
    let mut stmt = conn.prepare(
        "SELECT unit_id, general, regiment, destroyed, slew_hero_or_monster, position
         FROM battle_units WHERE battle_id = ?1 AND roster_id = ?2 ORDER BY position",
    )?;
    let units = stmt
        .query_map(params![battle_id, roster_id], |r| {
            Ok(UnitRow(
                r.get(0)?,
                r.get(1)?,
                r.get(2)?,
                r.get(3)?,
                r.get(4)?,
                r.get(5)?,
            ))
        })?
        .collect::<Result<_, _>>()?;
    let before = Before::Army(ArmyBefore {
        roles: Some(roles),
        rolled: Some(rolled),
        units,
    });
    write(before)
}

/// What undoing `battle result` needs, taken before the result is recorded: the status,
/// both sides' result columns and every unit's marks.
pub fn of_result(conn: &Connection, battle_id: i64) -> Result<String> {
    write(Before::Result(result_now(conn, battle_id)?))
}

/// What undoing `battle result --correct` needs, taken before the correction: what a result
/// keeps, and how the result it corrects was decided.
pub fn of_correction(conn: &Connection, battle_id: i64) -> Result<String> {
    let mut before = result_now(conn, battle_id)?;
    let mut stmt = conn.prepare(
        "SELECT roster_id, decided_by, models_set_up, models_lost, models_added
         FROM battle_decisions WHERE battle_id = ?1 ORDER BY roster_id",
    )?;
    let mut rows = stmt.query([battle_id])?;
    let mut decisions = Vec::new();
    while let Some(r) = rows.next()? {
        let by: String = r.get(1)?;
        let by = by.parse().map_err(anyhow::Error::msg)?;
        decisions.push(DecisionRow(r.get(0)?, by, r.get(2)?, r.get(3)?, r.get(4)?));
    }
    before.decisions = Some(decisions);
    write(Before::Result(before))
}

/// The battle's result columns and marks as they are now.
fn result_now(conn: &Connection, battle_id: i64) -> Result<ResultBefore> {
    let status: String = conn.query_row("SELECT status FROM battles WHERE id = ?1", [battle_id], |r| {
        r.get(0)
    })?;
    let status = status.parse().map_err(anyhow::Error::msg)?;
    let mut stmt = conn.prepare(
        "SELECT roster_id, victory_points, result, withdrew, general_slain, quest_points
         FROM battle_sides WHERE battle_id = ?1 ORDER BY side",
    )?;
    let mut sides = Vec::new();
    let mut rows = stmt.query([battle_id])?;
    while let Some(r) = rows.next()? {
        let result = r
            .get::<_, Option<String>>(2)?
            .map(|s| s.parse().map_err(anyhow::Error::msg))
            .transpose()
            .context("a battle result in the database is unreadable")?;
        sides.push(SideRow(
            r.get(0)?,
            r.get(1)?,
            result,
            r.get(3)?,
            r.get(4)?,
            r.get(5)?,
        ));
    }
    let mut stmt = conn.prepare(
        "SELECT unit_id, destroyed, slew_hero_or_monster FROM battle_units
         WHERE battle_id = ?1 ORDER BY roster_id, position",
    )?;
    let units = stmt
        .query_map([battle_id], |r| Ok(Marks(r.get(0)?, r.get(1)?, r.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let (roles, rolled) = roles_of(conn, battle_id)?;
    Ok(ResultBefore {
        status,
        sides,
        units,
        roles: Some(roles),
        rolled: Some(rolled),
        decisions: None,
    })
}

/// Who picks the battle's roles, and whether they won them in a roll-off.
fn roles_of(conn: &Connection, battle_id: i64) -> Result<(Option<i64>, bool)> {
    Ok(conn.query_row(
        "SELECT roles_roster_id, roles_rolled FROM battles WHERE id = ?1",
        [battle_id],
        |r| Ok((r.get(0)?, r.get(1)?)),
    )?)
}

/// Each side's result as undoing the set that kept `kept` leaves it (`None`: no result), for
/// what rests on the result (a triumph rolled from its victory); empty for an army's.
pub fn results_kept(kept: &str) -> Result<Vec<(i64, Option<BattleResult>)>> {
    Ok(match read(kept)? {
        Before::Result(result) => result.sides.iter().map(|s| (s.0, s.2)).collect(),
        Before::Army(_) => Vec::new(),
    })
}

/// The units of the battle (both sides) as the result or correction that kept `kept` found
/// them; `None` for an army's, or a kept battle this ptg does not read.
pub fn units_kept(kept: &str) -> Option<Vec<i64>> {
    match read(kept).ok()? {
        Before::Result(result) => Some(result.units.iter().map(|m| m.0).collect()),
        Before::Army(_) => None,
    }
}

fn write(before: Before) -> Result<String> {
    Ok(serde_json::to_string(&Kept { v: VERSION, before })?)
}

/// The kept battle in `kept`, or what is wrong with it.
fn read(kept: &str) -> Result<Before> {
    let value: serde_json::Value = serde_json::from_str(kept).context("it is not JSON")?;
    if !value.is_object() {
        bail!("it is not a JSON object");
    }
    match value.get("v") {
        Some(v) if *v == VERSION => Ok(serde_json::from_value::<Kept>(value)?.before),
        Some(v) => bail!("it is of form {v}; this ptg reads form {VERSION}"),
        None => bail!("it has no form version (not converted by schema version 7)"),
    }
}

/// Undoes `battle army` of `roster_id`: who picks roles (when kept) and the roster's units as
/// `kept` holds them; the other side's army stays as it is now.
pub fn restore_army(conn: &Connection, battle_id: i64, roster_id: i64, kept: &str) -> Result<()> {
    let Before::Army(army) = read(kept)? else {
        bail!("it was kept by a result, and this undo needs an army's");
    };
    if let Some(roles) = army.roles {
        set_roles(conn, battle_id, roles, army.rolled.unwrap_or(false))?;
    }
    conn.cached_execute(
        "DELETE FROM battle_units WHERE battle_id = ?1 AND roster_id = ?2",
        params![battle_id, roster_id],
    )?;
    for UnitRow(unit_id, general, regiment, destroyed, slew_hero_or_monster, position) in army.units {
        let unit = ArmyUnit {
            unit_id,
            general,
            regiment,
            destroyed,
            slew_hero_or_monster,
        };
        insert_unit(conn, battle_id, roster_id, position, &unit)?;
    }
    Ok(())
}

/// Undoes `battle result` (or a correction): the status, the sides' result columns and the
/// units' marks as `kept` holds them, and a correction's decision rows, tagged with the set
/// `result_set` (the battle's result, which the correction corrected). A side or unit the
/// battle no longer has is an error, so the undo is rolled back rather than done in part.
pub fn restore_result(conn: &Connection, battle_id: i64, kept: &str, result_set: Option<i64>) -> Result<()> {
    let Before::Result(result) = read(kept)? else {
        bail!("it was kept by an army, and this undo needs a result's");
    };
    if let Some(decisions) = &result.decisions {
        conn.cached_execute("DELETE FROM battle_decisions WHERE battle_id = ?1", [battle_id])?;
        for DecisionRow(roster, by, set_up, lost, added) in decisions {
            let Some(set) = result_set else {
                bail!("it keeps how a result was decided, and battle {battle_id} has no result in force");
            };
            conn.cached_execute(
                "INSERT INTO battle_decisions (battle_id, roster_id, change_set_id, decided_by,
                                               models_set_up, models_lost, models_added)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![battle_id, roster, set, by.as_str(), set_up, lost, added],
            )?;
        }
    }
    conn.cached_execute(
        "UPDATE battles SET status = ?2 WHERE id = ?1",
        params![battle_id, result.status.as_str()],
    )?;
    if let Some(roles) = result.roles {
        set_roles(conn, battle_id, roles, result.rolled.unwrap_or(false))?;
    }
    for SideRow(roster_id, victory_points, outcome, withdrew, general_slain, quest_points) in result.sides {
        super::kept::side_result(conn, battle_id, roster_id, outcome)?;
        let n = conn.cached_execute(
            "UPDATE battle_sides SET victory_points = ?3, result = ?4, withdrew = ?5, general_slain = ?6,
                    quest_points = ?7
             WHERE battle_id = ?1 AND roster_id = ?2",
            params![
                battle_id,
                roster_id,
                victory_points,
                outcome.map(BattleResult::as_str),
                withdrew,
                general_slain,
                quest_points
            ],
        )?;
        if n != 1 {
            bail!("it names roster {roster_id}, which is not a side of battle {battle_id}");
        }
    }
    for Marks(unit_id, destroyed, slew_hero_or_monster) in result.units {
        let n = conn.cached_execute(
            "UPDATE battle_units SET destroyed = ?3, slew_hero_or_monster = ?4
             WHERE battle_id = ?1 AND unit_id = ?2",
            params![battle_id, unit_id, destroyed, slew_hero_or_monster],
        )?;
        if n != 1 {
            bail!("it names unit {unit_id}, which is in no army of battle {battle_id}");
        }
    }
    Ok(())
}

/// Which command's undo `kept` is for: `"army"` or `"result"`; an error if it cannot be read.
pub fn form(kept: &str) -> Result<&'static str> {
    Ok(match read(kept)? {
        Before::Army(_) => "army",
        Before::Result(_) => "result",
    })
}

/// `kept` naming new ids for its units and rosters (`ptg import` into a database with rows of
/// its own): `unit` and `roster` give the new id of an old one, or the error to stop with.
pub fn renumbered(
    kept: &str,
    unit: impl Fn(i64) -> Result<i64>,
    roster: impl Fn(i64) -> Result<i64>,
) -> Result<String> {
    let before = match read(kept)? {
        Before::Army(mut army) => {
            if let Some(Some(id)) = &mut army.roles {
                *id = roster(*id)?;
            }
            for row in &mut army.units {
                row.0 = unit(row.0)?;
                if let Some(regiment) = &mut row.2 {
                    *regiment = unit(*regiment)?;
                }
            }
            Before::Army(army)
        }
        Before::Result(mut result) => {
            if let Some(Some(id)) = &mut result.roles {
                *id = roster(*id)?;
            }
            for side in &mut result.sides {
                side.0 = roster(side.0)?;
            }
            for marks in &mut result.units {
                marks.0 = unit(marks.0)?;
            }
            for row in result.decisions.iter_mut().flatten() {
                row.0 = roster(row.0)?;
            }
            Before::Result(result)
        }
    };
    write(before)
}
