//! Battles read back with their sides, armies and twists: four queries, each in battle order
//! newest first, stepped side by side, so a list of every battle of a league is handed out one
//! battle at a time instead of being held whole (issue #16).

use super::cursor::{Cursor, Order::Descending};
use crate::rules::battle::{
    ArmyUnit, Battle, BattleResult, BattleStatus, Decision, Side, SuddenDeathRow, TriumphRow, TwistRow,
};
use crate::rules::campaign_time::CampaignTime;
use anyhow::{Context, Result};
use rusqlite::{Connection, Row, ToSql};

/// What of a battle is read.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Parts {
    /// The battle, its sides, their armies and its twists.
    Whole,
    /// The battle and its sides only (armies and twists left empty): what a roster sheet's
    /// record of battles prints, in two queries instead of four (preparing a query is most of
    /// what reading ten battles costs).
    Sides,
}

/// The battles `b` for which `filter` holds, newest first, each with whether it was
/// cancelled, handed to `f` one at a time.
pub fn each<E: From<anyhow::Error>>(
    conn: &Connection,
    filter: &str,
    values: &[&dyn ToSql],
    f: impl FnMut(Battle, bool) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    each_of(conn, filter, values, Parts::Whole, f)
}

/// As [`each`], reading only `parts` of each battle.
pub fn each_of<E: From<anyhow::Error>>(
    conn: &Connection,
    filter: &str,
    values: &[&dyn ToSql],
    parts: Parts,
    mut f: impl FnMut(Battle, bool) -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    let whole = parts == Parts::Whole;
    let chosen = format!("(SELECT b.id FROM battles b WHERE {filter})");
    let prepare = |sql: String| conn.prepare_cached(&sql).map_err(anyhow::Error::from);
    let mut battles = prepare(format!(
        "SELECT b.id, b.campaign_id, c.name, b.points_limit, b.battleplan, b.status, b.roles_roster_id,
                b.created_at, b.cancelled, b.realm, b.realm_picker_id,
                b.roles_rolled, (SELECT max(cs.id) FROM change_sets cs WHERE cs.battle_id = b.id
                   AND cs.command = 'battle result' AND cs.undone_by IS NULL)
         FROM battles b JOIN campaigns c ON c.id = b.campaign_id WHERE {filter} ORDER BY b.id DESC"
    ))?;
    let mut sides = prepare(format!(
        "SELECT s.battle_id, s.roster_id, r.name, s.victory_points, s.result, s.withdrew, s.general_slain,
                s.quest_points, s.aftermath_set_id IS NOT NULL,
                t.table_name, t.triumph, d.objective, d.target_unit_id, d.target_text,
                x.decided_by, x.models_set_up, x.models_lost, x.models_added
         FROM battle_sides s JOIN rosters r ON r.id = s.roster_id
         LEFT JOIN battle_triumphs t ON t.battle_id = s.battle_id AND t.roster_id = s.roster_id
                                     AND t.dropped_set_id IS NULL
         LEFT JOIN battle_sudden_death d ON d.battle_id = s.battle_id AND d.roster_id = s.roster_id
         LEFT JOIN battle_decisions x ON x.battle_id = s.battle_id AND x.roster_id = s.roster_id
         WHERE s.battle_id IN {chosen}
         ORDER BY s.battle_id DESC, s.side"
    ))?;
    let mut units = whole
        .then(|| {
            prepare(format!(
                "SELECT battle_id, roster_id, unit_id, general, regiment, destroyed, slew_hero_or_monster
                 FROM battle_units WHERE battle_id IN {chosen} ORDER BY battle_id DESC, position"
            ))
        })
        .transpose()?;
    let mut twists = whole
        .then(|| {
            prepare(format!(
                "SELECT t.battle_id, t.round, r.name, t.twist FROM battle_twists t
                 JOIN rosters r ON r.id = t.underdog_roster_id
                 WHERE t.battle_id IN {chosen} ORDER BY t.battle_id DESC, t.round"
            ))
        })
        .transpose()?;
    let mut sides = Cursor::new(
        sides.query(values).map_err(anyhow::Error::from)?,
        Descending,
        side_row,
    )?;
    let mut units = match units.as_mut() {
        Some(stmt) => Some(Cursor::new(
            stmt.query(values).map_err(anyhow::Error::from)?,
            Descending,
            unit_row,
        )?),
        None => None,
    };
    let mut twists = match twists.as_mut() {
        Some(stmt) => Some(Cursor::new(
            stmt.query(values).map_err(anyhow::Error::from)?,
            Descending,
            twist_row,
        )?),
        None => None,
    };
    let mut rows = battles.query(values).map_err(anyhow::Error::from)?;
    while let Some(r) = rows.next().map_err(anyhow::Error::from)? {
        let (mut battle, cancelled) = battle_row(r)?;
        battle.sides = sides.take(battle.id)?;
        if let Some(units) = units.as_mut() {
            for (roster, unit) in units.take(battle.id)? {
                if let Some(side) = battle.sides.iter_mut().find(|s| s.roster_id == roster) {
                    side.army.push(unit);
                }
            }
        }
        if let Some(twists) = twists.as_mut() {
            battle.twists = twists.take(battle.id)?;
        }
        f(battle, cancelled)?;
    }
    Ok(())
}

fn battle_row(r: &Row) -> Result<(Battle, bool)> {
    let battle = Battle {
        id: r.get(0)?,
        campaign_id: r.get(1)?,
        campaign: r.get(2)?,
        points_limit: r.get(3)?,
        battleplan: r.get(4)?,
        status: status_at(r, 5)?,
        roles_roster_id: r.get(6)?,
        created_at: r.get(7)?,
        realm: r.get(9)?,
        realm_picker_id: r.get(10)?,
        sides: Vec::new(),
        twists: Vec::new(),
        roles_rolled: r.get(11)?,
        fought_at: r.get::<_, Option<i64>>(12)?.map(CampaignTime),
    };
    Ok((battle, r.get(8)?))
}

fn side_row(r: &Row) -> Result<(i64, Side)> {
    let result = result_at(r, 4)?;
    let side = Side {
        roster_id: r.get(1)?,
        roster: r.get(2)?,
        victory_points: r.get(3)?,
        result,
        withdrew: r.get(5)?,
        general_slain: r.get(6)?,
        quest_points: r.get(7)?,
        aftermath_done: r.get(8)?,
        army: Vec::new(),
        triumph: match (r.get::<_, Option<String>>(9)?, r.get::<_, Option<String>>(10)?) {
            (Some(table), Some(triumph)) => Some(TriumphRow { table, triumph }),
            _ => None,
        },
        sudden_death: r
            .get::<_, Option<String>>(11)?
            .map(|objective| -> Result<_> {
                Ok(SuddenDeathRow {
                    objective,
                    target_unit: r.get(12)?,
                    target_text: r.get(13)?,
                })
            })
            .transpose()?,
        decision: r
            .get::<_, Option<String>>(14)?
            .map(|by| -> Result<_> {
                Ok(Decision {
                    by: by.parse().map_err(anyhow::Error::msg)?,
                    models_set_up: r.get(15)?,
                    models_lost: r.get(16)?,
                    models_added: r.get(17)?,
                })
            })
            .transpose()?,
    };
    Ok((r.get(0)?, side))
}

/// A unit of an army, with the roster whose side it is on.
fn unit_row(r: &Row) -> Result<(i64, (i64, ArmyUnit))> {
    let unit = ArmyUnit {
        unit_id: r.get(2)?,
        general: r.get(3)?,
        regiment: r.get(4)?,
        destroyed: r.get(5)?,
        slew_hero_or_monster: r.get(6)?,
    };
    Ok((r.get(0)?, (r.get(1)?, unit)))
}

fn twist_row(r: &Row) -> Result<(i64, TwistRow)> {
    let twist = TwistRow {
        round: r.get(1)?,
        underdog: r.get(2)?,
        twist: r.get(3)?,
    };
    Ok((r.get(0)?, twist))
}

/// The battle status in column `i` of `r`; one unreadable is a corrupt database.
pub(super) fn status_at(r: &Row, i: usize) -> Result<BattleStatus> {
    let status: String = r.get(i)?;
    status
        .parse()
        .map_err(anyhow::Error::msg)
        .context("a battle status in the database is unreadable")
}

/// The battle result (if any) in column `i` of `r`; one unreadable is a corrupt database.
pub(super) fn result_at(r: &Row, i: usize) -> Result<Option<BattleResult>> {
    r.get::<_, Option<String>>(i)?
        .map(|r| r.parse().map_err(anyhow::Error::msg))
        .transpose()
        .context("a battle result in the database is unreadable")
}
