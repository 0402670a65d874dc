//! The realm of a battle and its armies' triumphs (options `realms`, `triumphs`): what
//! `battle new`, `battle realm` and `battle army` add when a campaign plays them.

use super::battle::{Shown, shown};
use crate::catalogue::{Catalogue, Realm};
use crate::error::{Error, Result};
use crate::rules::battle::{ArmyUnit, Battle, TriumphRow};
use crate::rules::dice::Roller;
use crate::rules::drafts::{DraftTriumph, TriumphAtResult, TriumphDecision, triumph_at_result};
use crate::rules::log::Command;
use crate::rules::model::{Roster, Unit};
use crate::rules::realms::{PreviousBattle, TriumphContext, check_pick_realm, find_realm, plan_triumph};
use crate::store::{Conn, Store, battles, log_set, realms};

/// Every realm of the data, refused as a data problem when a file is broken.
pub fn all_realms(cat: &Catalogue) -> Result<Vec<&Realm>> {
    cat.realms().map_err(|e| Error::refused(e.to_string()))
}

/// `battle realm`: the roll-off's winner (or the players together) picks the realm of a
/// planned battle that has none yet; one change set, undone by `ptg undo`. `by` is the
/// roster whose player names it (the server's players); `None` is the organiser or the
/// command line, which may name it whoever won the roll-off.
pub fn pick_realm<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle_id: i64,
    realm: &str,
    by: Option<crate::ids::RosterId>,
) -> Result<Shown<'a>> {
    let realms_known = all_realms(cat)?;
    store.write(|tx| {
        let b = battles::load(tx, battle_id)?;
        let sides = super::battle::sides_of(tx, &b)?;
        check_pick_realm(&b, [&sides[0], &sides[1]], by.map(crate::ids::RosterId::get))?;
        let realm = find_realm(&realms_known, realm)?;
        realms::set_realm(tx, battle_id, Some(&realm.name), None)?;
        let picker = b
            .realm_picker_id
            .and_then(|id| sides.iter().find(|r| r.id == id))
            .map(|r| format!(" ({} won the roll-off)", r.name))
            .unwrap_or_default();
        let summary = format!("Battle {battle_id} is fought {}{picker}", realm.phrase());
        log_set(
            tx,
            b.campaign_id,
            None,
            Some(battle_id),
            Command::BattleRealm,
            &summary,
            &[],
        )?;
        shown(cat, tx, battle_id, Vec::new())
    })
}

/// The roster's previous battle with a result, which decides its triumph (read with the rest
/// of what `battle army` reads; the die is rolled after, with no transaction open).
pub fn previous_battle(conn: &Conn, battle: &Battle, roster: &Roster) -> Result<Option<PreviousBattle>> {
    Ok(realms::previous_battle(conn, roster.id, battle.id)?)
}

/// The triumph `roster`'s `army` rolls as it is recorded in `battle` (see [`plan_triumph`]);
/// its units decide the table's re-rolls.
pub fn triumph_for_army(
    cat: &Catalogue,
    previous: Option<&PreviousBattle>,
    battle: &Battle,
    roster: &Roster,
    army: &[ArmyUnit],
    wanted: Option<&str>,
    roller: &mut Roller,
) -> Result<Option<TriumphRow>> {
    if roster.options.triumphs.is_none() && wanted.is_none() {
        return Ok(None);
    }
    let previous_realm = previous
        .as_ref()
        .and_then(|p| p.realm.as_deref())
        .and_then(|name| cat.realm(name).ok());
    let tables = cat.tables().map_err(|e| Error::refused(e.to_string()))?;
    let has_general = army.iter().any(|u| u.general);
    let units: Vec<&Unit> = army.iter().filter_map(|u| roster.unit(u.unit_id)).collect();
    let context = TriumphContext {
        previous,
        previous_realm,
        wanted,
        tables: &tables,
        army: &units,
    };
    Ok(plan_triumph(roster, battle, has_general, context, roller)?)
}

/// When `battle army` drafts no triumph because the victory's went to another planned
/// battle's army: a note saying which, and that the draft is decided by whichever is fought
/// first.
pub fn triumph_elsewhere(
    previous: Option<&PreviousBattle>,
    roster: &Roster,
    battle_id: i64,
) -> Option<String> {
    let p = previous.filter(|p| p.result == crate::rules::battle::BattleResult::MajorVictory)?;
    roster.options.triumphs.as_ref()?;
    let other = p.triumph_taken_by.filter(|by| *by != battle_id)?;
    Some(format!(
        "{}'s major victory in battle {} gave its triumph to the army recorded for battle {other}; \
         that is a draft until a battle is fought: if battle {battle_id} is fought first, its result \
         rolls the triumph here instead",
        roster.name, p.battle_id
    ))
}

/// What decides each side's triumph as the battle's result is recorded: its previous battle
/// fought and the triumph its army drafted (read with the rest of what the result reads).
pub struct SideDrafts {
    previous: Option<PreviousBattle>,
    draft: Option<DraftTriumph>,
}

/// Each side's [`SideDrafts`], in the battle's order.
pub fn triumph_drafts(conn: &Conn, battle: &Battle, sides: &[Roster]) -> Result<Vec<SideDrafts>> {
    sides
        .iter()
        .map(|r| {
            let draft = realms::draft_triumph(conn, battle.id, r.id)?;
            let previous = match r.options.triumphs.is_some() || draft.is_some() {
                true => realms::previous_battle(conn, r.id, battle.id)?,
                false => None,
            };
            Ok(SideDrafts { previous, draft })
        })
        .collect()
}

/// A side's triumph as its battle is fought, with the index of its roll among the result's.
pub struct SideTriumph {
    pub decision: TriumphDecision,
    roll: Option<usize>,
}

/// Re-decides both sides' triumphs as the result is recorded (`rules::drafts`).
pub fn triumphs_at_result(
    cat: &Catalogue,
    battle: &Battle,
    pair: [&Roster; 2],
    drafts: &[SideDrafts],
    roller: &mut Roller,
) -> Result<Vec<SideTriumph>> {
    let tables = cat.tables().map_err(|e| Error::refused(e.to_string()))?;
    let mut out = Vec::new();
    for (roster, d) in pair.iter().zip(drafts) {
        let previous_realm = d
            .previous
            .as_ref()
            .and_then(|p| p.realm.as_deref())
            .and_then(|name| cat.realm(name).ok());
        let at = TriumphAtResult {
            previous: d.previous.as_ref(),
            previous_realm,
            draft: d.draft.as_ref(),
            tables: &tables,
        };
        let decision = triumph_at_result(roster, battle, at, roller)?;
        let roll = decision
            .rolled
            .as_ref()
            .and_then(|_| roller.rolls.len().checked_sub(1));
        out.push(SideTriumph { decision, roll });
    }
    Ok(out)
}

/// Writes what [`triumphs_at_result`] decided, in the result's change set `set_id` whose rolls
/// got `roll_ids`.
pub fn apply_triumphs(
    conn: &Conn,
    battle_id: i64,
    pair: [&Roster; 2],
    triumphs: &[SideTriumph],
    set_id: i64,
    roll_ids: &[i64],
) -> Result<()> {
    for (roster, t) in pair.iter().zip(triumphs) {
        if t.decision.set_aside {
            realms::set_aside_triumph(conn, battle_id, roster.id, set_id)?;
        }
        if let Some(row) = &t.decision.rolled {
            let roll = t.roll.and_then(|i| roll_ids.get(i)).copied();
            record_triumph(conn, battle_id, roster.id, set_id, roll, row)?;
        }
    }
    Ok(())
}

/// Keeps a rolled triumph with the `battle army` set that rolled it (its last roll).
pub fn record_triumph(
    conn: &Conn,
    battle_id: i64,
    roster_id: i64,
    set_id: i64,
    roll_id: Option<i64>,
    triumph: &TriumphRow,
) -> Result<()> {
    realms::add_triumph(
        conn,
        battle_id,
        roster_id,
        set_id,
        &triumph.table,
        &triumph.triumph,
        roll_id,
    )?;
    Ok(())
}

/// The favour total to show for a roster: while the campaign plays favour, for a roster of a
/// god a realm names (see `rules::favour::god_of`); and whenever it holds any.
pub fn favour_shown(cat: &Catalogue, roster: &Roster) -> Option<u32> {
    if roster.favour > 0 {
        return Some(roster.favour);
    }
    if !roster.options.favour {
        return None;
    }
    let realms = cat.realms().ok()?;
    crate::rules::favour::god_of_roster(&realms, roster).map(|_| roster.favour)
}

/// `roster favour`: favour given or taken by hand, one logged change undone by `ptg undo`.
pub fn adjust_favour(
    cat: &Catalogue,
    store: &mut Store,
    roster: crate::ids::RosterId,
    delta: i64,
    reason: &str,
) -> Result<super::Changed> {
    let realms = all_realms(cat)?;
    super::change_roster(cat, store, roster, Command::RosterFavour, |s| {
        crate::rules::favour::plan_adjust(&realms, &s.roster, delta, reason)
    })
}

/// The names of the triumph tables `battle`'s sides rolled on, by id: "1e" is the "Triumph
/// table (1st-edition rules sheet)" to a player.
pub(super) fn triumph_table_names(cat: &Catalogue, battle: &Battle) -> Vec<(String, String)> {
    let rolled = battle.sides.iter().filter_map(|s| s.triumph.as_ref());
    rolled
        .filter_map(|t| {
            cat.table(&t.table)
                .ok()
                .map(|table| (t.table.clone(), table.name.clone()))
        })
        .collect()
}
