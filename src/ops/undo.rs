//! Undo: reverse the latest command still in force by appending its reversal to the log.

use super::pack_of;
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::fix::{Action, Fix};
use crate::ids::{CampaignId, RosterId};
use crate::rules::log::{Command, LoggedSet};
use crate::rules::model::Roster;
use crate::rules::undo::{
    Builds, added_units, battle_undo, blockers, check_player_may_undo, check_undoable, keep_setup_closed,
    restores_campaign_settings, rests_on, reverse, rosters_changed, undo_first,
};
use crate::rules::{Outcome, RuleError};
use crate::store::{
    Campaign, Conn, LogContext, Store, apply_changes, battles, builds_on, history, log_set, rosters,
};
use anyhow::Context;

/// One roster's part of an undo: the reversing outcome and the roster before and after, each
/// holding of its units only those the undone changes name (see [`reversal_subject`]).
pub struct Reversed {
    pub roster: Roster,
    pub after: Roster,
    pub outcome: Outcome,
}

/// What an undo did.
pub struct Undone {
    /// The change set undone.
    pub undone: i64,
    /// The change set that undoes it.
    pub undo_set: i64,
    pub summary: String,
    pub rosters: Vec<Reversed>,
    /// The campaign whose settings were put back (undoing a `campaign set`).
    pub campaign: Option<Campaign>,
}

/// Which commands an undo picks the latest from: one roster's (its own, or a battle it fought
/// in), one campaign's, or, with neither, the whole database's. The ids may be of a deleted
/// roster or campaign (`ops::resolve::roster_or_deleted`), so its deletion can be undone.
#[derive(Debug, Clone, Copy, Default)]
pub struct Scope {
    pub roster: Option<RosterId>,
    pub campaign: Option<CampaignId>,
    /// A player's undo (from the server): only a command a player gives, on their own roster
    /// alone, is taken back; the organiser's and a battle's are refused, naming who undoes them
    /// (`rules::undo::check_player_may_undo`).
    pub player_only: bool,
}

impl Scope {
    /// The latest change set still in force in this scope, or a refusal saying there is none.
    fn latest(&self, conn: &Conn) -> Result<LoggedSet> {
        let roster_id = self.roster.map(RosterId::get);
        let campaign_id = self.campaign.map(CampaignId::get);
        history::latest_live(conn, roster_id, campaign_id)?.ok_or_else(|| {
            let whose = match (roster_id, campaign_id) {
                (Some(r), _) => rosters::header(conn, r).map(|r| format!(" for {}", r.name)).ok(),
                (None, Some(c)) => Campaign::by_id(conn, c).map(|c| format!(" for {}", c.name)).ok(),
                (None, None) => None,
            };
            Error::refused(format!("there is nothing to undo{}", whose.unwrap_or_default()))
        })
    }
}

/// What an undo would take back, looked up in a read before anyone is asked.
#[derive(Debug, Clone)]
pub struct Preview {
    pub set_id: i64,
    /// The command's summary as history shows it ("aftermath of battle 3 ...").
    pub summary: String,
    /// The rosters whose command it is (or that it changed), each with its player.
    pub whose: Vec<(String, String)>,
    /// The player must confirm: no roster or campaign was named and the database holds more
    /// than one roster, so the latest command may well be another player's.
    pub ask: bool,
    /// Whether a player may undo it on their roster (a scope with `player_only` would).
    pub player_may_undo: bool,
    /// Whether it can be undone at all (a roster's creation cannot), so a page offers the
    /// button only when pressing it would undo.
    pub undoable: bool,
    /// The command it was (none: one this ptg does not know), so a page says in words what
    /// it takes back and whose it is.
    pub command: Option<crate::rules::log::Command>,
    /// The battle it is about, if any.
    pub battle_id: Option<i64>,
}

/// Looks up what `undo` in `scope` would take back, without holding the write lock, so the
/// front end can ask for confirmation while other players' commands run.
pub fn preview(store: &mut Store, scope: Scope) -> Result<Preview> {
    store.read(|conn| preview_in(conn, scope))
}

/// [`preview`] within the caller's read transaction (a page that shows more).
pub(super) fn preview_in(conn: &Conn, scope: Scope) -> Result<Preview> {
    let set = scope.latest(conn)?;
    let ids: Vec<i64> = match set.roster_id {
        Some(id) => vec![id],
        None => rosters_changed(&set).into_iter().collect(),
    };
    // Only a bare undo asks whether the database holds more than one roster.
    let ask = scope.roster.is_none() && scope.campaign.is_none() && rosters::list(conn, None)?.len() > 1;
    Ok(Preview {
        whose: rosters::names_and_players(conn, &ids)?,
        ask,
        player_may_undo: check_player_may_undo(&set).is_ok(),
        undoable: check_undoable(&set).is_ok(),
        command: set.kind(),
        battle_id: set.battle_id,
        set_id: set.id,
        summary: set.summary,
    })
}

/// Undoes the latest command still in force in `scope`, unless a later command builds on it;
/// all in one transaction. With `expected` (the set a [`preview`] showed the player), refuses
/// "changed meanwhile" when the latest set is another one by now, so what was confirmed is
/// what is undone.
pub fn undo(cat: &Catalogue, store: &mut Store, scope: Scope, expected: Option<i64>) -> Result<Undone> {
    store.write(|tx| {
        let set = scope.latest(tx)?;
        if scope.player_only {
            check_player_may_undo(&set)?;
        }
        if let Some(expected) = expected.filter(|e| *e != set.id) {
            return Err(Error::refused(format!(
                "changed meanwhile: the latest command is now #{} ({}), not #{expected}; nothing \
                 was undone",
                set.id, set.summary
            ))
            .fix(Fix::act(Action::Undo { roster: None })));
        }
        check_undoable(&set)?;
        let (mut builds, also) = outside_its_battle(tx, &set)?;
        let later = history::sets_after(tx, set.id, set.battle_id, &added_units(&set), &also)?;
        for s in later.iter().filter(|s| s.kind() == Some(Command::BattleArmy)) {
            if let Some(key @ (battle, roster)) = s.battle_id.zip(s.roster_id) {
                builds
                    .armies
                    .insert(key, battles::army_unit_ids(tx, battle, roster)?);
            }
        }
        if let Some(b) = blockers(&set, &later, &builds).first() {
            let why = rests_on(&set, b, &builds)
                .map(|why| format!(" ({why})"))
                .unwrap_or_default();
            return Err(RuleError::new(
                "undo",
                format!(
                    "#{} ({}) cannot be undone while #{} ({}) builds on it{why}; undo that first",
                    set.id, set.summary, b.id, b.summary
                ),
            )
            .fix(undo_first(&set, b, &builds))
            .into());
        }
        let summary = format!("Undo #{}: {}", set.id, set.summary);
        let campaign = set.campaign_id.context("the change set has no campaign")?;
        let (undo_set, _) = log_set(
            tx,
            campaign,
            set.roster_id,
            set.battle_id,
            Command::Undo,
            &summary,
            &[],
        )?;
        history::mark_undone(tx, set.id, undo_set)?;
        let mut reversed = Vec::new();
        for roster_id in rosters_changed(&set) {
            let logged = logged_changes(&set, roster_id)?;
            let subject = reversal_subject(cat, tx, roster_id, &logged)?;
            let mut outcome = reverse(subject.pack, &subject.roster, &logged, &set.summary)?;
            keep_setup_closed(
                &mut outcome,
                builds_on::other_result_stands(tx, roster_id, set.battle_id)?,
            );
            let ctx = LogContext {
                campaign_id: campaign,
                roster_id,
                battle_id: set.battle_id,
                command: Command::Undo,
            };
            apply_changes(tx, undo_set, &[], ctx, &outcome)?;
            // The roster after: read again only what the reversal wrote.
            let after = rosters::reload_after(tx, subject.roster.clone(), &outcome.changes, &[])?;
            reversed.push(Reversed {
                roster: subject.roster,
                after,
                outcome,
            });
        }
        if let Some(battle) = set.battle_id {
            battles::undo_records(tx, battle, set.id, battle_undo(&set))?;
        }
        let campaign = if restores_campaign_settings(&set) {
            Some(Campaign::restore_settings(tx, campaign, set.id)?)
        } else {
            None
        };
        Ok(Undone {
            undone: set.id,
            undo_set,
            summary,
            rosters: reversed,
            campaign,
        })
    })
}

/// What rests on a result (or a correction) outside its battle, for `blockers`, and the ids
/// of the sets that hold it: its rosters' results recorded after it (a result's undo only:
/// a correction does not move the battle in time) and the armies that rolled a triumph from
/// its victory.
fn outside_its_battle(conn: &Conn, set: &LoggedSet) -> Result<(Builds, Vec<i64>)> {
    let mut builds = Builds::default();
    let (Some(battle), Some(kind @ (Command::BattleResult | Command::BattleCorrect))) =
        (set.battle_id, set.kind())
    else {
        return Ok((builds, Vec::new()));
    };
    let mut battles = vec![battle];
    let mut also = Vec::new();
    if kind == Command::BattleResult {
        let rosters: Vec<i64> = builds_on::sides_of(conn, &[battle])?
            .remove(&battle)
            .unwrap_or_default()
            .into_iter()
            .map(|(id, _)| id)
            .collect();
        for (later, of) in builds_on::results_after(conn, set.id, &rosters)? {
            also.push(later);
            battles.push(of);
        }
    }
    builds.sides = builds_on::sides_of(conn, &battles)?;
    builds.triumphs = builds_on::triumphs_taken_from(conn, battle)?;
    also.extend(builds.triumphs.iter().map(|t| t.set_id));
    builds.results_after = builds_on::results_after_undo(conn, set.id)?;
    Ok((builds, also))
}

/// What one roster's reversal is worked out from: its battlepack (a rank taken back falls to
/// the one below) and the roster with, of its units, only those `logged` names
/// (`rosters::load_naming`): `rules::undo::reverse` reads its glory, favour and quest, and the
/// words of each reversed change name its unit. Not every unit the roster ever had (hundreds
/// after years of battles, issue #42), and not its faction's data, which an undo never reads.
struct Reversal<'a> {
    pack: &'a crate::catalogue::battlepack::Battlepack,
    roster: Roster,
}

fn reversal_subject<'a>(
    cat: &'a Catalogue,
    conn: &Conn,
    roster_id: i64,
    logged: &[(crate::rules::Change, Option<i64>)],
) -> Result<Reversal<'a>> {
    let mut units = Vec::new();
    for (change, unit_id) in logged {
        units.extend(*unit_id);
        if let Some(crate::rules::UnitRef::Existing(id)) = change.clone().as_logged(*unit_id).unit() {
            units.push(id);
        }
    }
    let roster = rosters::load_naming(conn, roster_id, &units)?;
    let pack = pack_of(cat, &Campaign::of_roster(conn, roster_id)?)?;
    Ok(Reversal { pack, roster })
}

/// One roster's changes in a set, each with the unit id the log recorded; an unreadable entry
/// is a corrupt log (an internal error), not something the player can fix.
fn logged_changes(set: &LoggedSet, roster_id: i64) -> Result<Vec<(crate::rules::Change, Option<i64>)>> {
    set.changes
        .iter()
        .filter(|c| c.roster_id == Some(roster_id))
        .map(|c| {
            c.change
                .clone()
                .map(|ch| (ch, c.unit_id))
                .with_context(|| format!("change {} in the log is unreadable", c.id))
                .map_err(Error::Internal)
        })
        .collect()
}
