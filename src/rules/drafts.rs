//! What is recorded ahead of a battle is a draft until the battle is fought (issue #38). An
//! army, the triumph it rolled and who picks roles are decided when the armies are recorded,
//! often hours or battles before the fighting; the result then checks each against the state
//! it was decided on and re-decides what the rules decide at the table:
//!
//! - an army no longer fitting its Order of Battle (a unit retired or taken off since, a unit
//!   reinforced past the points limit) is refused, naming the army to record again;
//! - the triumph is the roster's previous battle's, as fought *now*: a triumph drafted from a
//!   victory that is no longer the previous battle is set aside, and one due but never rolled
//!   (the army came before the victory, or its victory went to a battle fought later) is
//!   rolled;
//! - level generals that never rolled off for roles roll off; unequal renown decides alone.

use super::army::{ArmyChoice, RegimentChoice, plan_army};
use super::battle::{ArmyUnit, Battle, BattleResult, TriumphRow, generals_renown, who_picks};
use super::dice::Roller;
use super::model::{Roster, Unit};
use super::realms::{PreviousBattle, roll_triumph};
use super::{RuleError, refuse};
use crate::catalogue::battlepack::ArmyLimits;
use crate::catalogue::options::AlliesOption;
use crate::catalogue::{Realm, Table};
use crate::fix::{Action, Fix};
use crate::names;

/// Refuses a side's recorded army that no longer fits the roster as it stands: every unit
/// still on the Order of Battle and not retired, the general and regiments as recorded, the
/// allies' share and the points limit at today's costs, exactly as `battle army` checks them.
pub fn check_army_fits(
    limits: &ArmyLimits,
    allies: Option<&AlliesOption>,
    roster: &Roster,
    battle: &Battle,
    army: &[ArmyUnit],
) -> Result<(), RuleError> {
    let units: Vec<String> = army.iter().map(|u| u.unit_id.to_string()).collect();
    let general = army.iter().find(|u| u.general).map(|u| u.unit_id.to_string());
    let mut regiments: Vec<RegimentChoice> = Vec::new();
    for u in army {
        let Some(leader) = u.regiment.filter(|l| *l != u.unit_id) else {
            continue;
        };
        let leader = leader.to_string();
        match regiments.iter_mut().find(|r| r.leader == leader) {
            Some(r) => r.units.push(u.unit_id.to_string()),
            None => regiments.push(RegimentChoice {
                leader,
                units: vec![u.unit_id.to_string()],
            }),
        }
    }
    let choice = ArmyChoice {
        units: &units,
        general: general.as_deref(),
        regiments: &regiments,
    };
    plan_army(limits, allies, roster, &choice, battle.points_limit)
        .map(|_| ())
        .map_err(|e| {
            RuleError::new(
                "army",
                format!(
                    "{}'s army for battle {} was recorded before its Order of Battle changed and no \
                     longer fits it: {}; record the army again before the result",
                    roster.name, battle.id, e.message
                ),
            )
            .fix(Fix::act(Action::RecordArmy {
                battle: battle.id,
                roster: roster.name.clone(),
            }))
        })
}

/// The triumph a side's army drafted, with the victory it was drafted from: the roster's
/// battle fought last before the army was recorded (None: none was fought then).
#[derive(Debug, Clone, PartialEq)]
pub struct DraftTriumph {
    pub row: TriumphRow,
    pub victory: Option<i64>,
}

/// What the result does with a side's triumph.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TriumphDecision {
    /// The drafted triumph is set aside (kept for history and undo, no longer the side's).
    pub set_aside: bool,
    /// The triumph rolled now.
    pub rolled: Option<TriumphRow>,
    /// What was re-decided, in words, for the result's output and its change set.
    pub note: Option<String>,
}

/// What decides a side's triumph when the result is recorded.
#[derive(Debug, Clone, Copy)]
pub struct TriumphAtResult<'a> {
    /// The roster's battle fought last before this one, as campaign time now has it.
    pub previous: Option<&'a PreviousBattle>,
    /// The realm that battle was fought in, as the data has it.
    pub previous_realm: Option<&'a Realm>,
    /// The triumph the army drafted, if it did.
    pub draft: Option<&'a DraftTriumph>,
    pub tables: &'a [&'a Table],
}

/// Re-decides a side's triumph as its battle is fought: "if your army won a major victory in
/// its previous battle", where the previous battle is the one fought last before this one.
/// That victory's triumph belongs to this battle, the next fought after it (a battle fought
/// later than the victory would itself be the previous one), so no other fought battle can
/// hold it. A draft from that very victory stands; any other is set aside; a due triumph with
/// no standing draft is rolled on the draft's table when the victory allows it, else on the
/// campaign's.
pub fn triumph_at_result(
    roster: &Roster,
    battle: &Battle,
    at: TriumphAtResult,
    roller: &mut Roller,
) -> Result<TriumphDecision, RuleError> {
    let Some(campaign_table) = roster.options.triumphs.as_deref() else {
        // A campaign that stopped playing triumphs keeps what its armies rolled.
        return Ok(TriumphDecision::default());
    };
    let due = at.previous.filter(|p| p.result == BattleResult::MajorVictory);
    let previous_words = || match at.previous {
        Some(p) => format!(
            "its previous battle is now battle {} (a {})",
            p.battle_id, p.result
        ),
        None => "it has no battle fought before this one".to_string(),
    };
    match (due, at.draft) {
        (Some(won), Some(draft)) if draft.victory == Some(won.battle_id) => Ok(TriumphDecision::default()),
        (None, None) => Ok(TriumphDecision::default()),
        (None, Some(draft)) => Ok(TriumphDecision {
            set_aside: true,
            rolled: None,
            note: Some(format!(
                "{}'s triumph {} is set aside: it was rolled with the army for {}, and {}",
                roster.name,
                draft.row.triumph,
                drafted_from(draft),
                previous_words()
            )),
        }),
        (Some(won), draft) => {
            let realm_table = at.previous_realm.and_then(|r| r.triumph_table.as_deref());
            let table = match draft {
                Some(d)
                    if names::same(&d.row.table, campaign_table)
                        || realm_table.is_some_and(|t| names::same(t, &d.row.table)) =>
                {
                    d.row.table.as_str()
                }
                _ => campaign_table,
            };
            if !battle
                .side(roster.id)
                .is_some_and(|s| s.army.iter().any(|u| u.general))
            {
                return refuse(
                    "triumphs",
                    format!("{}'s army for battle {} has no general", roster.name, battle.id),
                );
            }
            // The army as recorded decides the table's re-rolls (`rules::tables`).
            let army: Vec<&Unit> = battle.side(roster.id).map_or_else(Vec::new, |s| {
                s.army.iter().filter_map(|u| roster.unit(u.unit_id)).collect()
            });
            let row = roll_triumph(roster, at.tables, table, &army, roller)?;
            let mut note = format!(
                "{}'s major victory in battle {} gives its triumph to battle {}, the next it fought: {}",
                roster.name, won.battle_id, battle.id, row.triumph
            );
            if let Some(d) = draft {
                note.push_str(&format!(
                    " (the triumph {} rolled with the army, for {}, is set aside)",
                    d.row.triumph,
                    drafted_from(d)
                ));
            }
            Ok(TriumphDecision {
                set_aside: draft.is_some(),
                rolled: Some(row),
                note: Some(note),
            })
        }
    }
}

fn drafted_from(draft: &DraftTriumph) -> String {
    match draft.victory {
        Some(v) => format!("battle {v}'s victory"),
        None => "no victory fought yet".to_string(),
    }
}

/// Who picks roles as the battle is fought, and whether by a roll-off.
#[derive(Debug, Clone, PartialEq)]
pub struct RolesDecision {
    pub picker: Option<i64>,
    pub rolled: bool,
    /// What was re-decided, in words.
    pub note: Option<String>,
}

/// Who picks roles when the result is recorded (the generals' renown as they stand when the
/// battle is fought, `rosters` being the battle's sides in order): the general with fewer
/// renown; level generals keep a roll-off they made while level, and roll off now when the
/// pick standing was made by renown before they drew level.
pub fn roles_at_result(
    battle: &Battle,
    rosters: [&Roster; 2],
    roles: &str,
    roller: &mut Roller,
) -> Result<RolesDecision, RuleError> {
    let Some(now) = generals_renown(battle, rosters) else {
        return Ok(RolesDecision {
            picker: battle.roles_roster_id,
            rolled: battle.roles_rolled,
            note: None,
        });
    };
    let name = |id: Option<i64>| {
        rosters
            .iter()
            .find(|r| Some(r.id) == id)
            .map(|r| r.name.clone())
            .unwrap_or_default()
    };
    if now[0] == now[1] && battle.roles_rolled && battle.roles_roster_id.is_some() {
        return Ok(RolesDecision {
            picker: battle.roles_roster_id,
            rolled: true,
            note: None,
        });
    }
    let rolled = now[0] == now[1];
    let picker = Some(rosters[who_picks(roller, [&rosters[0].name, &rosters[1].name], now, roles)?].id);
    let note = match (rolled, picker == battle.roles_roster_id) {
        (true, _) => Some(format!(
            "the generals are level ({} renown each) and had not rolled off for {roles}: {} won the roll-off and picks",
            now[0],
            name(picker)
        )),
        (false, false) => Some(format!(
            "roles re-decided: {}'s general now has fewer renown ({} v {}), so {} picks",
            name(picker),
            now[0].min(now[1]),
            now[0].max(now[1]),
            name(picker)
        )),
        (false, true) => None,
    };
    Ok(RolesDecision { picker, rolled, note })
}

#[cfg(test)]
mod tests;
