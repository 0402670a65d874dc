//! Set-up's end, checked against the log (issue 38): once a roster's first result stands, new
//! units join only through an aftermath, paying glory. A unit a `roster add` or `roster import`
//! put on the Order of Battle after that, with no glory spent, joined outside set-up for free
//! (what undoing one battle's result while another stood used to allow, by reopening set-up).

use super::finding::{Check, Finding, finding};
use crate::rules::Change;
use crate::rules::log::{Command, LoggedSet};
use crate::rules::model::Roster;

/// Units added by a `roster add` or `roster import` in force after the roster's first result
/// in force (the first `battle result` set of its battles still standing), in a set that spent
/// no glory: each named with the roster, the battle whose result stood and the set that added
/// it. `log` is the roster's change log, oldest first (its own sets and its battles').
pub fn units_outside_setup(roster: &Roster, log: &[LoggedSet]) -> Vec<Finding> {
    let Some(first) = log
        .iter()
        .find(|s| s.in_force() && s.kind() == Some(Command::BattleResult))
    else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for set in log.iter().filter(|s| s.in_force() && s.id > first.id) {
        if !matches!(set.kind(), Some(Command::RosterAdd | Command::RosterImport)) {
            continue;
        }
        let changes: Vec<_> = set
            .changes
            .iter()
            .filter(|c| c.roster_id == Some(roster.id))
            .collect();
        if changes
            .iter()
            .any(|c| matches!(c.change, Some(Change::SpendGlory { .. })))
        {
            continue;
        }
        for c in changes {
            let Some(Change::AddUnit { unit }) = &c.change else {
                continue;
            };
            let battle = first
                .battle_id
                .map_or("a battle".to_string(), |b| format!("battle {b}"));
            let f = finding(
                Check::OutsideSetup,
                roster,
                format!(
                    "{} joined the Order of Battle in set {} ({}) after {battle}'s result stood (set {}), \
                     outside set-up and with no glory spent",
                    unit.warscroll, set.id, set.command, first.id
                ),
            )
            .battle(first.battle_id)
            .set(Some(set.id));
            out.push(match c.unit_id {
                Some(id) => f.unit_id(id),
                None => f,
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::audit::tests::{ch, set};
    use crate::rules::change::NewUnit;
    use crate::rules::roster::tests::{host, roster_led_by};

    fn add(warscroll: &str) -> Change {
        let w = host().unit(warscroll).cloned().expect("test faction unit");
        Change::AddUnit {
            unit: NewUnit::from_warscroll(&w, None, false),
        }
    }

    fn result(id: i64, battle: i64) -> LoggedSet {
        let mut s = set(id, "battle result", Vec::new());
        s.roster_id = None;
        s.battle_id = Some(battle);
        s
    }

    #[test]
    fn a_unit_added_free_after_a_result_stood_is_found() {
        let r = roster_led_by("Knight-Questor");
        // Set-up: a unit added at #2; battle 2's result at #3 (undone by #5), battle 1's at #4;
        // a unit added at #6, while battle 1's result stands.
        let mut undone = result(3, 2);
        undone.undone_by = Some(5);
        let log = vec![
            set(2, "roster add", vec![ch(1, Some(2), add("Liberators"))]),
            undone,
            result(4, 1),
            set(6, "roster add", vec![ch(2, Some(7), add("Liberators"))]),
        ];
        let found = units_outside_setup(&r, &log);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(
            (found[0].battle, found[0].set, found[0].unit_id),
            (Some(1), Some(6), Some(7))
        );
        assert!(
            found[0]
                .message
                .for_cli()
                .contains("after battle 1's result stood (set 4)"),
            "{}",
            found[0].message
        );
        // With no result standing, set-up is open again: nothing to find.
        let mut reopened = log.clone();
        reopened[2].undone_by = Some(8);
        assert!(units_outside_setup(&r, &reopened).is_empty());
        // Glory spent in the same set is a purchase, not a free unit.
        let mut bought = log;
        bought[3].changes.push(ch(
            3,
            None,
            Change::SpendGlory {
                amount: 10,
                reason: "test".into(),
            },
        ));
        assert!(units_outside_setup(&r, &bought).is_empty());
    }
}
