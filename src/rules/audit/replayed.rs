//! The roster as stored against the roster its change log rebuilds (issue 39): every command
//! writes its rows and its changes together, so they agree; a row changed or a column left out
//! outside the commands (a league file edited by hand, a database by sqlite3) does not. The
//! glory, favour and renown balances have checks of their own (`history`); this one looks at
//! what they do not: whether set-up is over, the rewards still owed, which units are on the
//! Order of Battle and what each holds.

use super::finding::{Check, Finding, finding};
use crate::rules::model::{Roster, Unit};

/// Every difference between `stored` and `rebuilt` (the whole log replayed) that the balance
/// checks do not already report.
pub fn replayed(stored: &Roster, rebuilt: &Roster) -> Vec<Finding> {
    let mut out = Vec::new();
    let mut differs = |what: String| out.push(finding(Check::Replay, stored, what));
    if stored.setup_complete != rebuilt.setup_complete {
        differs(format!(
            "the roster is stored as {}, but its change log {}",
            if stored.setup_complete {
                "past set-up"
            } else {
                "in set-up"
            },
            if rebuilt.setup_complete {
                "completes set-up"
            } else {
                "never completes set-up"
            }
        ));
    }
    let owed = |r: &Roster| r.rewards.iter().map(|w| w.id).collect::<Vec<_>>();
    if owed(stored) != owed(rebuilt) {
        differs(format!(
            "the rewards stored as owed are {:?}, but its change log leaves {:?} owed (a reward's claim is recorded in its row)",
            owed(stored),
            owed(rebuilt)
        ));
    }
    // The tome in any order (the store keeps the order entries were placed in).
    let tome = |r: &Roster| {
        let mut t: Vec<String> = r.tome.iter().map(|e| format!("{e:?}")).collect();
        t.sort();
        t
    };
    if tome(stored) != tome(rebuilt) {
        differs("the Arcane Tome stored is not the one its change log builds".to_string());
    }
    // The quest (when it began is campaign time, read from the log itself).
    let quest = |r: &Roster| r.quest.as_ref().map(|q| (q.quest.clone(), q.points, q.unit));
    if quest(stored) != quest(rebuilt) || stored.completed_quests != rebuilt.completed_quests {
        differs("the quests stored are not the ones its change log records".to_string());
    }
    let ids = |r: &Roster| r.units.iter().map(|u| u.id).collect::<Vec<_>>();
    let (mut kept, mut logged) = (ids(stored), ids(rebuilt));
    kept.sort_unstable();
    logged.sort_unstable();
    if kept != logged {
        differs(format!(
            "the units stored on the Order of Battle are {kept:?}, but its change log puts {logged:?} on it"
        ));
    }
    for u in &stored.units {
        let Some(r) = rebuilt.units.iter().find(|r| r.id == u.id) else {
            continue;
        };
        let fields = unit_differences(u, r);
        if !fields.is_empty() {
            out.push(
                finding(
                    Check::Replay,
                    stored,
                    format!(
                        "{} is stored with other {} than its change log gives it",
                        u.label(),
                        fields.join(", ")
                    ),
                )
                .unit(u),
            );
        }
    }
    out
}

/// The fields in which a stored unit differs from the one the log rebuilds (renown and rank
/// have their own checks; keywords and points follow the data, which a reprice logs).
fn unit_differences(stored: &Unit, rebuilt: &Unit) -> Vec<&'static str> {
    let mut out = Vec::new();
    let mut check = |same: bool, field: &'static str| {
        if !same {
            out.push(field);
        }
    };
    check(stored.warscroll == rebuilt.warscroll, "warscroll");
    check(stored.name == rebuilt.name, "name");
    check(stored.reinforced == rebuilt.reinforced, "reinforced");
    check(stored.warlord == rebuilt.warlord, "warlord");
    check(stored.retired == rebuilt.retired, "retired");
    check(stored.path == rebuilt.path, "path");
    check(stored.ally == rebuilt.ally, "ally_faction");
    let mut abilities = (stored.abilities.clone(), rebuilt.abilities.clone());
    abilities.0.sort();
    abilities.1.sort();
    check(abilities.0 == abilities.1, "path abilities");
    let names = |u: &Unit| {
        let mut n: Vec<(String, String)> = u
            .enhancements
            .iter()
            .map(|e| (e.table.clone(), e.name.clone()))
            .collect();
        n.sort();
        n
    };
    check(names(stored) == names(rebuilt), "enhancements");
    out
}
