//! The aftermath of one battle for one roster: the four steps, saved whole or not at all.

use super::{check_unchanged, load_subject, read_at};
use crate::catalogue::Catalogue;
use crate::catalogue::battlepack::Battlepack;
use crate::error::{Error, Result};
use crate::rules::Outcome;
use crate::rules::aftermath::{Choices, FavouredPicker, plan_aftermath_asking};
use crate::rules::campaign_time::check_aftermath_order;
use crate::rules::dice::{Dice, check_all_used};
use crate::rules::log::Command;
use crate::rules::model::Roster;
use crate::store::{LogContext, Store, apply, battles, rosters};

/// What the aftermath did: its outcome (changes and rolls) and the roster before and after.
pub struct Done<'a> {
    pub battle: i64,
    pub outcome: Outcome,
    pub before: Roster,
    pub after: Roster,
    pub pack: &'a Battlepack,
}

/// Runs the aftermath of `battle` for `roster`. Its dice may be asked at the table, so the
/// engine runs with no transaction open; the write then refuses if the roster or the battle
/// changed meanwhile (an undo, another command of the same roster). So may the favoured
/// warriors, through `ask`, when `choices` names none.
pub fn run<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle: i64,
    roster: crate::ids::RosterId,
    choices: &Choices,
    dice: &mut dyn Dice,
    ask: Option<&mut dyn FavouredPicker>,
) -> Result<Done<'a>> {
    match ask {
        // A person picks the favoured warriors: a change meanwhile is refused, not re-run.
        Some(ask) => run_once(cat, store, battle, roster, choices, dice, Some(ask)),
        None => super::rerun_if_stale(dice, true, |dice| {
            run_once(cat, store, battle, roster, choices, dice, None)
        }),
    }
}

fn run_once<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle: i64,
    roster: crate::ids::RosterId,
    choices: &Choices,
    dice: &mut dyn Dice,
    ask: Option<&mut dyn FavouredPicker>,
) -> Result<Done<'a>> {
    let (subject, fought, seen) = store.read(|conn| {
        let b = battles::load(conn, battle)?;
        let subject = load_subject(cat, conn, roster)?;
        let mut fought = b.check_aftermath(subject.roster.id, &subject.roster.name)?;
        let pending = battles::aftermaths_pending(conn, subject.roster.id, battle)?;
        check_aftermath_order(&subject.roster.name, fought.fought_at, &pending)?;
        fought.realm = b.realm.as_deref().and_then(|r| cat.realm(r).ok()).cloned();
        let seen = read_at(conn, &[subject.roster.id], &[battle])?;
        Ok::<_, Error>((subject, fought, seen))
    })?;
    let outcome = plan_aftermath_asking(
        subject.pack,
        subject.faction,
        &subject.roster,
        &fought,
        choices,
        dice,
        ask,
    )?;
    check_all_used(dice, "this aftermath")?;
    let id = subject.roster.id;
    let after = store.write(|tx| {
        check_unchanged(tx, seen, &[id], &[battle])?;
        // Another side's aftermath does not touch this roster, but this side's may have run.
        battles::load(tx, battle)?.check_aftermath(id, &subject.roster.name)?;
        let ctx = LogContext {
            campaign_id: subject.campaign.id,
            roster_id: id,
            battle_id: Some(battle),
            command: Command::Aftermath,
        };
        let applied = apply(tx, ctx, &outcome)?;
        battles::mark_aftermath(tx, battle, id, applied.set_id)?;
        // Read again only what the aftermath wrote (issue 42: not every unit the roster had).
        let before = subject.roster.clone();
        Ok::<_, Error>(rosters::reload_after(
            tx,
            before,
            &outcome.changes,
            &applied.new_units,
        )?)
    })?;
    Ok(Done {
        battle,
        outcome,
        before: subject.roster,
        after,
        pack: subject.pack,
    })
}

/// The faction an aftermath's added unit comes from as an ally (`aftermath --ally`), as the
/// data has it, or a refusal with close names.
pub fn ally_faction(cat: &Catalogue, name: &str) -> Result<crate::catalogue::Faction> {
    super::faction_named(cat, name).cloned()
}
