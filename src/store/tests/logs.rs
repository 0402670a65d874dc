//! The change log read back and replayed, and the dice log.

use super::*;
use crate::rules::log::Command;

#[test]
fn the_change_log_reads_back_in_order_and_replays_to_the_stored_roster() {
    let store = after_battle();
    let conn = store.conn();
    let sets = history::sets(conn, Some(1), None).unwrap();
    let seen: Vec<(i64, &str, Option<&str>)> = sets
        .iter()
        .map(|s| (s.id, s.command.as_str(), s.roster.as_deref()))
        .collect();
    let want = [
        (1, "roster new", Some(HAMMERS)),
        (2, "roster add", Some(HAMMERS)),
        (5, "battle new", None),
        (6, "battle army", Some(HAMMERS)),
        (8, "battle result", None),
        (9, "aftermath", Some(HAMMERS)),
    ];
    assert_eq!(seen, want);
    assert!(sets.iter().all(|s| s.in_force() && s.campaign_id == Some(1)));
    // Each change as (roster, unit, kind, roll).
    let changes = |i: usize| {
        let c = sets[i].changes.iter();
        c.map(|c| (c.roster_id, c.unit_id, c.kind.as_str(), c.roll_id))
            .collect::<Vec<_>>()
    };
    let setup = "complete_setup";
    assert_eq!(
        changes(4),
        [(Some(1), None, setup, None), (Some(2), None, setup, None)]
    );
    let aftermath = [
        (None, "gain_glory", None),
        (Some(1), "gain_renown", Some(3)),
        (Some(2), "gain_renown", Some(4)),
        (Some(2), "gain_renown", Some(5)),
        (Some(2), "gain_rank", None),
    ];
    let aftermath = aftermath.map(|(u, k, roll)| (Some(1), u, k, roll));
    assert_eq!(changes(5), aftermath);
    assert!(
        sets[5].changes.iter().all(|c| c.change.is_some()),
        "every payload reads back"
    );
    let rats: Vec<i64> = history::sets(conn, Some(2), None)
        .unwrap()
        .iter()
        .map(|s| s.id)
        .collect();
    assert_eq!(rats, [3, 4, 5, 7, 8]);
    assert_eq!(history::sets(conn, None, Some(1)).unwrap().len(), 9);
    assert_eq!(
        history::latest_live(conn, Some(1), None).unwrap().map(|s| s.id),
        Some(9)
    );

    // The log rebuilds each roster exactly as stored.
    for id in [1, 2] {
        assert_eq!(
            history::replay(conn, id, None).unwrap(),
            rosters::load(conn, id).unwrap()
        );
    }
    // ... and as it stood after any set: after set 2, before the battle.
    let early = history::replay(conn, 1, Some(2)).unwrap();
    assert_eq!((early.glory, early.setup_complete), (0, false));
    let renown: Vec<(i64, u32)> = early.units.iter().map(|u| (u.id, u.renown)).collect();
    assert_eq!(renown, [(1, 5), (2, 0)]);
}

#[test]
fn the_dice_log_keeps_every_roll_in_order_with_its_source() {
    let mut store = after_battle();
    let listed = rolls::list(store.conn(), None, None).unwrap();
    let seen: Vec<_> = listed
        .iter()
        .map(|r| {
            let what = (r.command.as_str(), r.purpose.as_str(), r.expression.as_str());
            (r.id, r.battle_id, r.roster.as_deref(), what, r.faces.clone())
        })
        .collect();
    let (new, after) = ("battle new", "aftermath");
    let want = [
        (
            1,
            None,
            (
                new,
                "roll-off for Northern or Southern Territory: Hammers of Dawn",
                "D6",
            ),
            6,
        ),
        (
            2,
            None,
            (new, "roll-off for Northern or Southern Territory: Rat Tide", "D6"),
            1,
        ),
        (
            3,
            Some(HAMMERS),
            (after, "renown for Lord-Vigilant on Gryph-stalker", "D3"),
            2,
        ),
        (4, Some(HAMMERS), (after, "renown for Dawn Guard", "D3"), 3),
        (
            5,
            Some(HAMMERS),
            (after, "favoured warriors: Dawn Guard", "D6"),
            4,
        ),
    ];
    assert_eq!(
        seen,
        want.map(|(id, roster, what, face)| (id, Some(1), roster, what, vec![face]))
    );
    assert!(listed.iter().all(|r| r.source == "typed" && r.seed.is_none()));
    assert!(listed.iter().all(|r| r.total == r.faces[0] as i32));
    let ids = |battle, roster| -> Vec<i64> {
        let rows = rolls::list(store.conn(), battle, roster).unwrap();
        rows.iter().map(|r| r.id).collect()
    };
    assert_eq!(ids(Some(1), Some(1)), [3, 4, 5]);
    assert_eq!(ids(Some(1), Some(2)), Vec::<i64>::new());
    assert_eq!(ids(Some(2), None), Vec::<i64>::new());

    // A roll ptg makes keeps its seed, and reads back as rolled.
    let mut dice = SeededDice::new(42);
    let mut roller = Roller::new(&mut dice);
    roller.roll("2D6".parse().unwrap(), "twist").unwrap();
    let rolled = roller.rolls;
    let logged = store.write(|tx| log_set(tx, 1, Some(2), Some(1), Command::BattleTwist, "A twist", &rolled));
    assert_eq!(logged.unwrap(), (10, vec![6]));
    let back = rolls::list(store.conn(), None, Some(2)).unwrap();
    let [seeded] = &back[..] else {
        panic!("one roll for Rat Tide: {back:?}")
    };
    assert_eq!(
        (seeded.id, seeded.command.as_str(), seeded.purpose.as_str()),
        (6, "battle twist", "twist")
    );
    assert_eq!(
        (seeded.expression.as_str(), &seeded.faces, seeded.total),
        ("2D6", &rolled[0].faces, rolled[0].total)
    );
    assert_eq!((seeded.source.as_str(), seeded.seed), ("seeded", Some(42)));
    assert_eq!(seeded.faces.len(), 2);
}

#[test]
fn a_starting_unit_removed_keeps_its_row_and_comes_back_with_its_id_and_owed_picks() {
    use crate::rules::roster::{Factions, plan_remove_starting_unit};
    let mut store = two_rosters();
    let wizard = add_unit(&mut store, HAMMERS, "Knight-Arcanum", None, false).new_units[0];
    let units = count(&store, "units");
    let stored = |store: &Store| rosters::load(store.conn(), 1).unwrap();
    let replayed = |store: &Store| history::replay(store.conn(), 1, None).unwrap();
    let before = stored(&store);
    assert_eq!(
        before.rewards.len(),
        2,
        "the first WIZARD's spell and manifestation"
    );

    let removal = store
        .write(|tx| {
            let r = rosters::load(tx, 1)?;
            let u = r.unit(wizard).context("the Knight-Arcanum")?;
            let f = Factions::alone(faction(&r.faction));
            let out = plan_remove_starting_unit(pack(), &f, &r, u, &[])?;
            apply(tx, ctx(1, None, Command::RosterRemove), &out).map(|a| (a.set_id, out))
        })
        .unwrap();
    let (set, out) = removal;
    assert_eq!(count(&store, "units"), units, "the row is hidden, not deleted");
    let after = stored(&store);
    assert!(after.unit(wizard).is_none() && after.rewards.is_empty());
    assert_eq!(replayed(&store), after, "the log replays to the stored roster");

    store
        .write(|tx| {
            let logged: Vec<(Change, Option<i64>)> = out
                .changes
                .iter()
                .map(|c| (c.clone(), c.unit().map(|_| wizard)))
                .collect();
            let undo = crate::rules::undo::reverse(pack(), &rosters::load(tx, 1)?, &logged, "x")?;
            let applied = apply(tx, ctx(1, None, Command::Undo), &undo)?;
            history::mark_undone(tx, set, applied.set_id)
        })
        .unwrap();
    assert_eq!(stored(&store), before, "the same unit, id and owed picks");
    assert_eq!(replayed(&store), before);
}

/// `roster_sets` (migration V17, kept by triggers) lists for each roster exactly the sets of
/// its log as the log itself names them: its own, its battles' sets of no roster, and any set
/// with a change to it.
#[test]
fn each_roster_lists_the_sets_its_log_names() {
    let store = after_battle();
    let conn = store.conn();
    let ids = |sql: &str, roster: i64| -> Vec<i64> {
        let mut stmt = conn.prepare(sql).unwrap();
        stmt.query_map([roster], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap()
    };
    let named_by_log = "SELECT id FROM change_sets WHERE roster_id = ?1
        UNION SELECT id FROM change_sets WHERE roster_id IS NULL
              AND battle_id IN (SELECT battle_id FROM battle_sides WHERE roster_id = ?1)
        UNION SELECT change_set_id FROM changes WHERE roster_id = ?1 ORDER BY 1";
    let listed = "SELECT change_set_id FROM roster_sets WHERE roster_id = ?1 ORDER BY 1";
    for roster in [1, 2] {
        let want = ids(named_by_log, roster);
        assert!(want.len() > 3, "roster {roster} has a log to list");
        assert_eq!(ids(listed, roster), want, "roster {roster}");
    }
}

/// A sheet's newest notable changes, read from the newest set down (`store::notable`), are the
/// latest of those the sheet's own rule picks from the roster's whole log, and the count of the
/// rest is what that rule leaves (issue 42).
#[test]
fn a_sheets_newest_notable_changes_are_the_latest_the_whole_log_names() {
    use crate::sheet::view::{NOTABLE_KINDS, chosen_events};
    let mut store = after_battle();
    // Ranks reached after the battle, the third of them undone: three notable, one not.
    let rank = |rank: &str| Outcome {
        summary: format!("rank {rank}"),
        changes: vec![Change::GainRank {
            unit: UnitRef::Existing(1),
            rank: rank.into(),
        }],
        rolls: Vec::new(),
        notes: Vec::new(),
    };
    for r in ["Veteran", "Hero", "Champion"] {
        store
            .write(|tx| apply(tx, ctx(1, None, Command::RankChoose), &rank(r)))
            .unwrap();
    }
    store
        .write(|tx| {
            let done = apply(tx, ctx(1, None, Command::RankChoose), &rank("Legend"))?;
            let (undo, _) = log_set(tx, 1, Some(1), None, Command::Undo, "undo", &[])?;
            history::mark_undone(tx, done.set_id, undo)
        })
        .unwrap();
    let conn = store.conn();
    let ids = |sets: &[crate::rules::log::LoggedSet]| -> Vec<(i64, i64)> {
        sets.iter()
            .flat_map(|s| s.changes.iter().map(move |c| (s.id, c.id)))
            .collect()
    };
    let mut seen = 0;
    for roster in [1, 2] {
        let whole = ids(&chosen_events(
            roster,
            &history::sets(conn, Some(roster), None).unwrap(),
        ));
        let all = crate::store::notable::newest(conn, roster, NOTABLE_KINDS, 1000).unwrap();
        assert_eq!(ids(&all.sets), whole, "roster {roster}");
        assert_eq!(all.earlier, 0);
        let one = crate::store::notable::newest(conn, roster, NOTABLE_KINDS, 1).unwrap();
        assert_eq!(
            ids(&one.sets),
            whole.last().into_iter().copied().collect::<Vec<_>>()
        );
        assert_eq!(one.earlier, whole.len().saturating_sub(1) as u64);
        seen += whole.len();
    }
    assert!(seen >= 4, "the log has notable changes to compare ({seen})");
}

/// A sheet's notable changes are picked and counted from the roster's entries in
/// `changes_roster_kind` alone: never a walk of the roster's every change or change set, which
/// grows with the length of its past (issue 42).
#[test]
fn a_sheets_notable_changes_are_read_from_the_roster_kind_index() {
    let store = after_battle();
    let kinds = "'gain_rank', 'retire'";
    for sql in [
        crate::store::notable::pick_sql(kinds),
        crate::store::notable::count_sql(kinds),
    ] {
        let plan: Vec<String> = store
            .conn()
            .prepare(&format!(
                "EXPLAIN QUERY PLAN {}",
                // Roster 1, after change 0, 20 of them: the plan, not the values, is checked.
                sql.replace("?1", "1").replace("?2", "0").replace("?3", "20")
            ))
            .unwrap()
            .query_map([], |r| r.get::<_, String>(3))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let plan = plan.join("\n");
        assert!(
            plan.contains("COVERING INDEX changes_roster_kind"),
            "{sql}\n{plan}"
        );
        for walk in ["changes_roster ", "roster_sets"] {
            assert!(!plan.contains(walk), "{walk} in\n{plan}");
        }
        // The one list scanned is the few sets not in force, through its partial index.
        let scans = plan.lines().filter(|l| l.starts_with("SCAN"));
        for scan in scans {
            assert!(scan.contains("change_sets_not_in_force"), "{scan} in\n{plan}");
        }
    }
}
