//! Realms and triumphs (options `realms` and `triumphs`): where a battle is fought — picked by
//! the players, or by the winner of a roll-off when they cannot agree — and the triumph an
//! army rolls when its roster's previous battle was a major victory (2nd-edition core rules,
//! 1st-edition rules sheet, The Blasted Wastes II).

use super::battle::{Battle, BattleResult, BattleStatus, TriumphRow, roll_off};
use super::dice::Roller;
use super::model::{Roster, Unit};
use super::{RuleError, refuse};
use crate::catalogue::{Realm, Table, TableKind};
use crate::fix::{Action, Fix};
use crate::names;

/// Where `battle new` says the battle is fought.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RealmChoice {
    /// No realm given.
    None,
    /// The players agreed on this realm.
    Named(String),
    /// They could not agree: roll off, and the winner picks (`battle realm`).
    RollOff,
}

/// The realm a new battle is fought in and, after a roll-off, the side that picks it: refused
/// unless the campaign plays the option `realms` (both sides are of one campaign, so either
/// roster's options are the campaign's).
pub fn plan_realm<'a>(
    realms: &[&'a Realm],
    sides: [&Roster; 2],
    choice: &RealmChoice,
    roller: &mut Roller,
) -> Result<(Option<&'a Realm>, Option<usize>), RuleError> {
    if *choice == RealmChoice::None {
        return Ok((None, None));
    }
    check_realms_on(sides[0])?;
    match choice {
        RealmChoice::Named(name) => Ok((Some(find_realm(realms, name)?), None)),
        _ => {
            let winner = roll_off(roller, [&sides[0].name, &sides[1].name], "the realm")?;
            Ok((None, Some(winner)))
        }
    }
}

/// Refuses a realm in a campaign that does not play them.
pub fn check_realms_on(roster: &Roster) -> Result<(), RuleError> {
    if roster.options.realms {
        return Ok(());
    }
    Err(RuleError::new(
        "realms",
        format!(
            "the campaign '{}' does not play realms; leave out the realm",
            roster.campaign
        ),
    )
    .fix(Fix::turn(roster.campaign.clone(), "realms", true)))
}

/// The realm called `name` (or one of its other names), or a refusal listing them.
pub fn find_realm<'a>(realms: &[&'a Realm], name: &str) -> Result<&'a Realm, RuleError> {
    realms
        .iter()
        .copied()
        .find(|r| r.answers_to(name))
        .ok_or_else(|| {
            let all: Vec<&str> = realms.iter().map(|r| r.name.as_str()).collect();
            let mut message = names::unknown("realm", name, all.iter().copied());
            // Nothing close: the realms are few, so name them all (issue 41).
            if names::suggestions(name, all.iter().copied()).is_empty() {
                message.push_str(&format!("; the realms are {}", all.join(", ")));
            }
            RuleError::new("realms", message)
        })
}

/// `battle realm`: the realm of a planned battle is picked once, before its result.
pub fn check_pick_realm(battle: &Battle, sides: [&Roster; 2], by: Option<i64>) -> Result<(), RuleError> {
    check_realms_on(sides[0])?;
    // "Whoever rolls highest decides": after a roll-off only its winner names the realm (or
    // the organiser, `by` None); agreed without one, either side's player may record it.
    if let (Some(winner), Some(by)) = (battle.realm_picker_id, by)
        && winner != by
    {
        let name = |id: i64| {
            sides
                .iter()
                .find(|r| r.id == id)
                .map_or_else(|| format!("roster {id}"), |r| r.name.clone())
        };
        return refuse(
            "realms",
            format!(
                "{} won the roll-off for battle {}'s realm, so {} decides it (or the organiser), not {}",
                name(winner),
                battle.id,
                name(winner),
                name(by)
            ),
        );
    }
    if battle.status == BattleStatus::Fought {
        return refuse(
            "realms",
            format!(
                "battle {} already has its result; its realm can no longer be picked",
                battle.id
            ),
        );
    }
    if let Some(realm) = &battle.realm {
        return Err(RuleError::new(
            "realms",
            format!(
                "battle {}'s realm is already picked ({realm}); to choose again",
                battle.id
            ),
        )
        .fix(Fix::act(Action::Undo { roster: None })));
    }
    Ok(())
}

/// What a roster's previous battle lets its next army roll: the triumph table to use, when that
/// battle was a major victory.
#[derive(Debug, Clone, PartialEq)]
pub struct PreviousBattle {
    pub battle_id: i64,
    pub result: BattleResult,
    /// The realm it was fought in.
    pub realm: Option<String>,
    /// The battle whose army already rolled this victory's triumph, if one did.
    pub triumph_taken_by: Option<i64>,
}

/// What decides a triumph besides the roster and the battle.
#[derive(Debug, Clone, Copy)]
pub struct TriumphContext<'a> {
    /// The roster's previous battle with a result, if any.
    pub previous: Option<&'a PreviousBattle>,
    /// The realm that battle was fought in, as the data has it.
    pub previous_realm: Option<&'a Realm>,
    /// The player's `--triumph-table`, if given.
    pub wanted: Option<&'a str>,
    /// Every table the data holds.
    pub tables: &'a [&'a Table],
    /// The units of the army the triumph is rolled for (a result its table re-rolls for such an
    /// army is rolled again).
    pub army: &'a [&'a Unit],
}

/// The triumph an army rolls as it is recorded, if any: the campaign plays triumphs, the
/// roster's previous battle was a major victory, the army has its general and the side has
/// not rolled one already (recording the army again does not roll again). `wanted` is the
/// player's `--triumph-table`: the campaign's table, or the realm's own table when that major
/// victory was won in a realm that has one.
pub fn plan_triumph(
    roster: &Roster,
    battle: &Battle,
    has_general: bool,
    context: TriumphContext,
    roller: &mut Roller,
) -> Result<Option<TriumphRow>, RuleError> {
    let TriumphContext {
        previous,
        previous_realm,
        wanted,
        tables,
        army,
    } = context;
    let Some(campaign_table) = roster.options.triumphs.as_deref() else {
        return match wanted {
            Some(_) => Err(RuleError::new(
                "triumphs",
                format!("the campaign '{}' does not play triumphs", roster.campaign),
            )
            .fix(Fix::turn(roster.campaign.clone(), "triumphs", true))),
            None => Ok(None),
        };
    };
    let won = previous.filter(|p| p.result == BattleResult::MajorVictory);
    let Some(won) = won else {
        return match wanted {
            Some(_) => refuse(
                "triumphs",
                format!(
                    "{} rolls a triumph only when its previous battle was a major victory; {}",
                    roster.name,
                    match previous {
                        Some(p) => format!("battle {} was a {}", p.battle_id, p.result),
                        None => "it has fought no battle yet".to_string(),
                    }
                ),
            ),
            None => Ok(None),
        };
    };
    if let Some(by) = won.triumph_taken_by.filter(|by| *by != battle.id) {
        return match wanted {
            Some(_) => refuse(
                "triumphs",
                format!(
                    "{}'s major victory in battle {} already gave its triumph to battle {by}; a victory earns one triumph, for the next battle fought",
                    roster.name, won.battle_id
                ),
            ),
            None => Ok(None),
        };
    }
    if battle.side(roster.id).is_some_and(|s| s.triumph.is_some()) {
        return match wanted {
            Some(_) => refuse(
                "triumphs",
                format!(
                    "{} already rolled its triumph for battle {}",
                    roster.name, battle.id
                ),
            ),
            None => Ok(None),
        };
    }
    if !has_general {
        return Ok(None);
    }
    let realm_table = previous_realm.and_then(|r| r.triumph_table.as_deref());
    let id = match wanted {
        None => campaign_table,
        Some(w) => {
            let found = tables
                .iter()
                .find(|t| t.kind == TableKind::Triumph && (names::same(&t.id, w) || names::same(&t.name, w)));
            match found {
                Some(t) if names::same(&t.id, campaign_table) => campaign_table,
                Some(t) if realm_table.is_some_and(|id| names::same(id, &t.id)) => {
                    realm_table.unwrap_or(campaign_table)
                }
                _ => {
                    let mut allowed = vec![format!("\"{campaign_table}\" (the campaign's)")];
                    if let Some(id) = realm_table {
                        allowed.push(format!("\"{id}\""));
                    }
                    return refuse(
                        "triumphs",
                        format!(
                            "{} cannot roll on '{w}': its major victory in battle {} was {}, so it rolls on {}",
                            roster.name,
                            won.battle_id,
                            match (previous_realm, &won.realm) {
                                (Some(r), _) => format!("won {}", r.phrase()),
                                (None, Some(r)) => format!("won in {r}"),
                                (None, None) => "won in no realm".to_string(),
                            },
                            allowed.join(" or ")
                        ),
                    );
                }
            }
        }
    };
    roll_triumph(roster, tables, id, army, roller).map(Some)
}

/// The triumph tables `roster` may pick between as its army for `battle` is recorded (`battle
/// army --triumph-table`): the campaign's and the realm's own, when its triumph is due (as
/// [`plan_triumph`] decides it: triumphs played, the previous battle a major victory whose
/// triumph no other battle took, none rolled here yet) and that victory was won in a realm
/// with a table of its own (Mount Hedon, the Crystalline Shores). Empty when there is nothing
/// to pick; the campaign's table first, as the one rolled when none is picked.
pub fn triumph_tables_offered<'a>(
    roster: &Roster,
    battle: &Battle,
    previous: Option<&PreviousBattle>,
    previous_realm: Option<&Realm>,
    tables: &[&'a Table],
) -> Vec<&'a Table> {
    let Some(campaign_table) = roster.options.triumphs.as_deref() else {
        return Vec::new();
    };
    let due = previous.is_some_and(|p| {
        p.result == BattleResult::MajorVictory && p.triumph_taken_by.is_none_or(|by| by == battle.id)
    }) && battle.side(roster.id).is_some_and(|s| s.triumph.is_none());
    let realm_table = previous_realm.and_then(|r| r.triumph_table.as_deref());
    let Some(realm_table) = realm_table.filter(|t| due && !names::same(t, campaign_table)) else {
        return Vec::new();
    };
    let find = |id: &str| {
        tables
            .iter()
            .copied()
            .find(|t| t.kind == TableKind::Triumph && names::same(&t.id, id))
    };
    match (find(campaign_table), find(realm_table)) {
        (Some(campaign), Some(realm)) => vec![campaign, realm],
        _ => Vec::new(),
    }
}

/// Rolls `roster`'s triumph on the table with id `id`: when its army is recorded, or when the
/// battle's result finds the triumph due and not rolled yet (`rules::drafts`). `army` is the
/// army's units, for the results its table re-rolls (`rules::tables`).
pub fn roll_triumph(
    roster: &Roster,
    tables: &[&Table],
    id: &str,
    army: &[&Unit],
    roller: &mut Roller,
) -> Result<TriumphRow, RuleError> {
    let Some(table) = tables.iter().find(|t| names::same(&t.id, id)) else {
        return refuse(
            "triumphs",
            format!("there is no triumph table '{id}' in the data (see data/tables/)"),
        );
    };
    let what = format!("triumph for {} ({})", roster.name, table.name);
    let entry = super::tables::roll_on_table(table, army, &what, roller)?;
    Ok(TriumphRow {
        table: table.id.clone(),
        triumph: entry.name.clone(),
    })
}

#[cfg(test)]
mod tests;
