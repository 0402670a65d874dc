//! What rests on a battle's result outside its own battle (issue 38): the results its rosters
//! recorded after it (campaign time: they were fought after it, and "previous" and "next" were
//! read from it), and the triumphs rolled from its major victory. An undo that would leave
//! them resting on a result that no longer stands is refused, naming what to undo first; a
//! correction that would take a triumph's victory away is refused the same way.

use crate::fix::{Action, Fix};
use crate::rules::battle::BattleResult;
use crate::rules::log::{Command, LoggedSet};
use crate::rules::{Change, Outcome, RuleError};
use std::collections::HashMap;

/// What the store gathers for an undo's [`super::blockers`], besides the later sets.
#[derive(Debug, Clone, Default)]
pub struct Builds {
    /// The unit ids each roster took to each battle, by (battle id, roster id), for the later
    /// `battle army` sets: an army that took a unit the undone set added rests on it.
    pub armies: HashMap<(i64, i64), Vec<i64>>,
    /// Each battle's sides (roster id, name): the undone set's battle and those of the later
    /// results.
    pub sides: HashMap<i64, Vec<(i64, String)>>,
    /// The triumphs rolled from the victory of the undone set's battle.
    pub triumphs: Vec<TakenTriumph>,
    /// Each side's result of the undone set's battle as the undo leaves it (what the set kept
    /// of the battle before it): `None`, no result.
    pub results_after: Vec<(i64, Option<BattleResult>)>,
}

/// A triumph a roster's army rolled from the major victory of an earlier battle (the battle
/// fought last before that army was recorded).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TakenTriumph {
    pub roster_id: i64,
    pub roster: String,
    /// The battle whose army rolled it.
    pub battle_id: i64,
    /// The `battle army` set that rolled it.
    pub set_id: i64,
}

/// The first triumph of `taken` whose victory `after` (each side's result once the change is
/// made) no longer gives: its roster's result is no longer a major victory.
pub fn triumph_lost<'a>(
    taken: &'a [TakenTriumph],
    after: &[(i64, Option<BattleResult>)],
) -> Option<&'a TakenTriumph> {
    taken.iter().find(|t| {
        let now = after
            .iter()
            .find(|(r, _)| *r == t.roster_id)
            .and_then(|(_, r)| *r);
        now != Some(BattleResult::MajorVictory)
    })
}

/// Refuses a correction that takes a major victory away from a roster whose army for another
/// battle rolled a triumph from it; naming that battle and what to undo first.
pub fn check_triumphs_kept(
    battle_id: i64,
    taken: &[TakenTriumph],
    after: &[(i64, Option<BattleResult>)],
) -> Result<(), RuleError> {
    let Some(t) = triumph_lost(taken, after) else {
        return Ok(());
    };
    Err(RuleError::new(
        "battle result",
        format!(
            "{}'s army for battle {} rolled a triumph from its major victory in battle {battle_id}, \
             which this correction takes away; undo that army (#{}) first",
            t.roster, t.battle_id, t.set_id
        ),
    )
    .fix(Fix::act(Action::UndoFirst {
        set: t.set_id,
        roster: Some(t.roster.clone()),
    })))
}

/// Why `later` rests on `set` outside `set`'s battle, in words, if it does: a result of one of
/// its rosters recorded after it (undoing a result), or an army that rolled a triumph from the
/// major victory the undo takes away (undoing a result or a correction).
pub fn rests_on(set: &LoggedSet, later: &LoggedSet, builds: &Builds) -> Option<String> {
    let undoes_result = matches!(set.kind(), Some(Command::BattleResult));
    let undoes_correction = matches!(set.kind(), Some(Command::BattleCorrect));
    if !(undoes_result || undoes_correction) || later.id <= set.id {
        return None;
    }
    if undoes_result && later.kind() == Some(Command::BattleResult) && later.battle_id != set.battle_id {
        let sides = |b: Option<i64>| b.and_then(|b| builds.sides.get(&b));
        let shared = sides(set.battle_id)
            .into_iter()
            .flatten()
            .find(|(r, _)| sides(later.battle_id).into_iter().flatten().any(|(o, _)| o == r));
        if let (Some((_, name)), Some(b)) = (shared, later.battle_id) {
            return Some(format!("{name} fought battle {b} after it"));
        }
    }
    let lost = builds
        .triumphs
        .iter()
        .filter(|t| t.set_id == later.id)
        .find(|t| triumph_lost(std::slice::from_ref(t), &builds.results_after).is_some())?;
    Some(format!(
        "{}'s army for battle {} rolled a triumph from its major victory",
        lost.roster, lost.battle_id
    ))
}

/// The roster to name in the fix "undo #N first": the set's own, else a side of its battle
/// shared with the set refused, else none (the latest command of all).
pub fn undo_first(set: &LoggedSet, blocker: &LoggedSet, builds: &Builds) -> Fix {
    let sides = |b: Option<i64>| b.and_then(|b| builds.sides.get(&b)).cloned().unwrap_or_default();
    let shared = sides(blocker.battle_id)
        .into_iter()
        .find(|(r, _)| sides(set.battle_id).iter().any(|(o, _)| o == r))
        .map(|(_, name)| name);
    Fix::act(Action::UndoFirst {
        set: blocker.id,
        roster: blocker.roster.clone().or(shared),
    })
}

/// Set-up reopens only when the roster has no result standing: undoing one battle's result
/// while another of the roster's stands (`other_result_stands`) keeps set-up closed, so no
/// starting unit is added for free.
pub fn keep_setup_closed(outcome: &mut Outcome, other_result_stands: bool) {
    if other_result_stands {
        outcome.changes.retain(|c| !matches!(c, Change::ReopenSetup));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::undo::blockers;
    use crate::rules::undo::command::tests::set;

    fn sides(pairs: &[(i64, [i64; 2])]) -> HashMap<i64, Vec<(i64, String)>> {
        pairs
            .iter()
            .map(|(b, rs)| (*b, rs.iter().map(|r| (*r, format!("R{r}"))).collect()))
            .collect()
    }

    #[test]
    fn a_result_recorded_later_for_one_of_its_rosters_blocks_its_undo() {
        // Battle 2 (rosters 1 v 2) fought at #10, battle 1 (1 v 3) at #12, battle 4 (3 v 4) at #14.
        let two = set(10, Command::BattleResult, None, Some(2));
        let one = set(12, Command::BattleResult, None, Some(1));
        let four = set(14, Command::BattleResult, None, Some(4));
        let builds = Builds {
            sides: sides(&[(2, [1, 2]), (1, [1, 3]), (4, [3, 4])]),
            ..Builds::default()
        };
        let log = vec![one.clone(), four.clone()];
        let ids: Vec<i64> = blockers(&two, &log, &builds).iter().map(|s| s.id).collect();
        assert_eq!(ids, vec![12], "battle 4 shares no roster with battle 2");
        assert_eq!(
            rests_on(&two, &one, &builds).as_deref(),
            Some("R1 fought battle 1 after it")
        );
        // Battle 1's own undo is not blocked by battle 4's result through roster 3... it is:
        // roster 3 fought battle 4 after battle 1.
        let ids: Vec<i64> = blockers(&one, &log, &builds).iter().map(|s| s.id).collect();
        assert_eq!(ids, vec![14]);
        // An undone later result no longer blocks.
        let mut undone = one.clone();
        undone.undone_by = Some(13);
        assert!(blockers(&two, &[undone], &builds).is_empty());
        // A correction does not move the battle in time: later results do not block its undo.
        let fix = set(16, Command::BattleCorrect, None, Some(2));
        assert!(blockers(&fix, &[set(18, Command::BattleResult, None, Some(1))], &builds).is_empty());
    }

    #[test]
    fn set_up_stays_closed_while_another_result_stands() {
        let mut undo = Outcome::new("x");
        undo.push(Change::ReopenSetup);
        let mut kept = undo.clone();
        keep_setup_closed(&mut kept, true);
        assert!(kept.changes.is_empty());
        keep_setup_closed(&mut undo, false);
        assert_eq!(undo.changes, vec![Change::ReopenSetup]);
    }

    #[test]
    fn a_triumph_rolled_from_its_major_victory_blocks_its_undo() {
        let result = set(10, Command::BattleResult, None, Some(2));
        let army = set(12, Command::BattleArmy, Some(1), Some(5));
        let taken = TakenTriumph {
            roster_id: 1,
            roster: "R1".into(),
            battle_id: 5,
            set_id: 12,
        };
        let builds = Builds {
            triumphs: vec![taken.clone()],
            results_after: vec![(1, None), (2, None)],
            ..Builds::default()
        };
        let log = vec![army.clone()];
        assert_eq!(blockers(&result, &log, &builds).len(), 1);
        assert_eq!(
            rests_on(&result, &army, &builds).as_deref(),
            Some("R1's army for battle 5 rolled a triumph from its major victory")
        );
        // Undoing a correction that leaves the major victory standing takes nothing away.
        let correction = set(11, Command::BattleCorrect, None, Some(2));
        let kept = Builds {
            results_after: vec![
                (1, Some(BattleResult::MajorVictory)),
                (2, Some(BattleResult::MajorDefeat)),
            ],
            ..builds.clone()
        };
        assert!(blockers(&correction, &log, &kept).is_empty());
        let drawn = Builds {
            results_after: vec![(1, Some(BattleResult::Draw)), (2, Some(BattleResult::Draw))],
            ..builds
        };
        assert_eq!(blockers(&correction, &log, &drawn).len(), 1);
        let err = check_triumphs_kept(2, &[taken], &drawn.results_after).unwrap_err();
        assert!(
            err.message.contains("battle 5 rolled a triumph"),
            "{}",
            err.message
        );
        assert_eq!(
            err.fixes,
            vec![Fix::act(Action::UndoFirst {
                set: 12,
                roster: Some("R1".into())
            })]
        );
    }
}
