//! `battle result`: how a battle ended, recorded as it is fought. Whatever was recorded ahead
//! of the fighting (the armies, their triumphs, who picks roles) is a draft until now and is
//! checked against the state it was decided on (`rules::drafts`).

use super::battle::{Shown, shown};
use super::{check_unchanged, pack_of, read_at};
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::rules::battle::correct::{decided_words, result_words};
use crate::rules::battle::state::{ResultReport, end_of_setup};
use crate::rules::dice::{Dice, Roller, check_all_used};
use crate::rules::drafts::{check_army_fits, roles_at_result};
use crate::rules::log::Command;
use crate::store::{Campaign, LogContext, Store, apply_changes, battles, log_set};

/// Records how the battle ended; the first result ends set-up for both rosters. What was
/// recorded ahead is a draft until now (`rules::drafts`): an army that no longer fits its
/// Order of Battle is refused, and the triumphs and who picks roles are re-decided as the
/// battle is fought, with any dice that takes rolled (or asked) with no transaction open.
pub fn record_result<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle_id: i64,
    report: &ResultReport,
    dice: &mut dyn Dice,
) -> Result<Shown<'a>> {
    super::rerun_if_stale(dice, true, |dice| {
        record_result_once(cat, store, battle_id, report, dice)
    })
}

fn record_result_once<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle_id: i64,
    report: &ResultReport,
    dice: &mut dyn Dice,
) -> Result<Shown<'a>> {
    let (b, sides, recorded, decided, drafts, seen, roles_choice) = store.read(|conn| {
        let b = battles::load(conn, battle_id)?;
        let pack = pack_of(cat, &Campaign::by_id(conn, b.campaign_id)?)?;
        let sides = super::battle::sides_of(conn, &b)?;
        let [first, second] = sides.as_slice() else {
            return Err(anyhow::anyhow!("battle {battle_id} does not have two sides").into());
        };
        let (recorded, decided) = b.plan_decided_result(pack, [first, second], report)?;
        for (side, roster) in b.sides.iter().zip(&sides) {
            check_army_fits(&pack.army, pack.options.allies.as_ref(), roster, &b, &side.army)?;
        }
        let drafts = super::realms::triumph_drafts(conn, &b, &sides)?;
        let ids: Vec<i64> = b.sides.iter().map(|s| s.roster_id).collect();
        let seen = read_at(conn, &ids, &[battle_id])?;
        let roles_choice = crate::rules::battle::roles_choice(pack, &b);
        Ok::<_, Error>((b, sides, recorded, decided, drafts, seen, roles_choice))
    })?;
    let pair = [&sides[0], &sides[1]];
    let mut roller = Roller::new(dice);
    let roles = roles_at_result(&b, pair, &roles_choice, &mut roller)?;
    let triumphs = super::realms::triumphs_at_result(cat, &b, pair, &drafts, &mut roller)?;
    let rolls = roller.rolls;
    check_all_used(dice, "recording this result")?;
    let ids: Vec<i64> = b.sides.iter().map(|s| s.roster_id).collect();
    let notes: Vec<String> = roles
        .note
        .iter()
        .chain(triumphs.iter().filter_map(|t| t.decision.note.as_ref()))
        .cloned()
        .collect();
    store.write(|tx| {
        check_unchanged(tx, seen, &ids, &[battle_id])?;
        let before = battles::result_before(tx, battle_id)?;
        battles::record_result(tx, battle_id, &recorded)?;
        if (roles.picker, roles.rolled) != (b.roles_roster_id, b.roles_rolled) {
            battles::set_roles(tx, battle_id, roles.picker, roles.rolled)?;
        }
        let names = [pair[0].name.as_str(), pair[1].name.as_str()];
        let mut summary = format!(
            "Battle {battle_id}: {}{}",
            result_words(names, &recorded),
            decided_words(decided.as_ref().map(|d| d[0].by))
        );
        for note in &notes {
            summary.push_str("; ");
            summary.push_str(note);
        }
        let (set_id, roll_ids) = log_set(
            tx,
            b.campaign_id,
            None,
            Some(battle_id),
            Command::BattleResult,
            &summary,
            &rolls,
        )?;
        battles::keep_before(tx, set_id, &before)?;
        super::realms::apply_triumphs(tx, battle_id, pair, &triumphs, set_id, &roll_ids)?;
        if let Some(d) = &decided {
            let rows = [(pair[0].id, d[0].clone()), (pair[1].id, d[1].clone())];
            battles::record_decisions(tx, battle_id, set_id, &rows)?;
        }
        for r in pair {
            if let Some(first) = end_of_setup(r) {
                let ctx = LogContext {
                    campaign_id: b.campaign_id,
                    roster_id: r.id,
                    battle_id: Some(battle_id),
                    command: Command::BattleResult,
                };
                apply_changes(tx, set_id, &[], ctx, &first)?;
            }
        }
        let mut shown = shown(cat, tx, battle_id, rolls.clone())?;
        shown.notes.extend(notes.iter().cloned());
        Ok(shown)
    })
}
