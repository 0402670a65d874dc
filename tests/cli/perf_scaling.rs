//! Issue #16: a command about one roster costs the same whatever the size of the league.
//! Two leagues are built through the CLI: roster R fights the same three battles against S in
//! both, amid 7 battles between two other rosters in one league and 37 in the other. Each
//! per-roster command then runs in-process on a store that counts SQLite's virtual machine
//! steps (the work it does, rows scanned included); the counts must be equal, so a command
//! that starts reading the whole league (a missing index, a query per set, a whole-log scan)
//! fails here.

use crate::common;

use common::{Fixture, Ptg};
use ptg::catalogue::Catalogue;
use ptg::ids::{CampaignId, RosterId};
use ptg::ops;
use ptg::store::Store;
use std::sync::atomic::Ordering;

const R: &str = "R";
/// R, S and Vale as every operation takes them: rosters 1 and 2 of campaign 1.
const R_ID: RosterId = RosterId(1);
const S_ID: RosterId = RosterId(2);
const VALE: CampaignId = CampaignId(1);

/// Plays battle `n` between `a` (Stormcast) and `b` (Skaven), result and both aftermaths,
/// with seeded dice so both leagues roll alike.
fn fight(p: &Ptg, n: usize, a: &str, b: &str) {
    let n = n.to_string();
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        "Vale",
        "--points",
        "1000",
        a,
        b,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    p.ok(&[
        "battle",
        "army",
        &n,
        a,
        "Lord-Vigilant on Gryph-stalker",
        "Liberators",
    ]);
    p.ok(&["battle", "army", &n, b, "Grey Seer", "Clanrats", "--seed", "7"]);
    p.ok(&[
        "battle",
        "result",
        &n,
        "--vp",
        &format!("{a}=10"),
        "--vp",
        &format!("{b}=3"),
    ]);
    p.ok(&["aftermath", &n, a, "--favoured", "Liberators", "--seed", "7"]);
    p.ok(&["aftermath", &n, b, "--favoured", "Clanrats", "--seed", "7"]);
}

/// A league of `battles` battles: R v S three times, in the middle of those of X v Y.
fn league(battles: usize) -> Ptg {
    league_with(battles, 3)
}

/// A league of `battles` battles: R v S `ours` times, in the middle of those of X v Y.
fn league_with(battles: usize, ours: usize) -> Ptg {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Vale"]);
    for (name, stormcast) in [(R, true), ("S", false), ("X", true), ("Y", false)] {
        let args = if stormcast {
            common::roster_new(
                name,
                "Vale",
                "Stormcast Eternals",
                "Lord-Vigilant on Gryph-stalker",
                "warrior",
                "berserker",
            )
        } else {
            common::roster_new(
                name,
                "Vale",
                "Skaven",
                "Grey Seer",
                "mage",
                "dedicated-practitioner",
            )
        };
        p.ok(&args);
        p.ok(&[
            "roster",
            "add",
            name,
            if stormcast { "Liberators" } else { "Clanrats" },
        ]);
    }
    let others = battles - ours;
    for n in 1..=battles {
        if n > others / 2 && n <= others / 2 + ours {
            fight(&p, n, R, "S");
        } else {
            fight(&p, n, "X", "Y");
        }
    }
    p
}

static SMALL: Fixture = Fixture::new(|| league(10));
static BIG: Fixture = Fixture::new(|| league(40));
/// The small league again, but with R's three battles among ten of its own against S.
static LONG_LOG: Fixture = Fixture::new(|| league_with(10, 10));

/// The VM steps `command` takes on a copy of `league`.
fn steps(league: &Fixture, command: fn(&Catalogue, &mut Store)) -> u64 {
    let p = league.copy();
    let cat = Catalogue::load(&[]).expect("the bundled data loads");
    let mut store = Store::open(&p.db()).expect("the league opens");
    let steps = store.count_steps().expect("counting steps");
    command(&cat, &mut store);
    steps.load(Ordering::Relaxed)
}

/// `command` does the same work on both leagues (see also `same_for_any_log`).
fn same_on_both(what: &str, command: fn(&Catalogue, &mut Store)) {
    let (small, big) = (steps(&SMALL, command), steps(&BIG, command));
    assert!(small > 0, "{what}: no statements counted");
    assert_eq!(
        small, big,
        "{what}: {small} SQLite steps in a 10-battle league, {big} in a 40-battle one"
    );
}

#[test]
fn history_of_one_roster_reads_only_that_roster() {
    same_on_both("history --roster R", |_, store| {
        let shown =
            ops::history::each(store, Some(R_ID), None, Default::default(), |_, _| Ok(())).expect("history");
        assert!(shown.sets > 0);
    });
}

#[test]
fn audit_of_one_roster_reads_only_that_roster() {
    same_on_both("audit --roster R", |cat, store| {
        let audit = ops::audit::audit(cat, store, Some(R_ID), None).expect("audit");
        assert!(audit.findings.is_empty(), "{:?}", audit.findings.len());
    });
}

#[test]
fn roster_show_reads_only_that_roster() {
    same_on_both("roster show R", |cat, store| {
        ops::roster::show(cat, store, R_ID).expect("roster show");
    });
}

#[test]
fn roster_sheet_reads_only_that_roster() {
    same_on_both("roster sheet R", |cat, store| {
        let printed = chrono::NaiveDate::from_ymd_opt(2026, 1, 1).expect("a date");
        ops::sheet::view(cat, store, R_ID, printed).expect("roster sheet");
    });
}

#[test]
fn undo_of_one_roster_reads_only_that_roster() {
    same_on_both("undo --roster R", |cat, store| {
        let scope = ops::undo::Scope {
            roster: Some(R_ID),
            campaign: None,
            player_only: false,
        };
        let undone = ops::undo::undo(cat, store, scope, None).expect("undo");
        assert!(undone.summary.contains("Aftermath"), "{}", undone.summary);
    });
}

/// `command` does the same work for R whether R's own log is three battles long or ten:
/// for the checks every command makes, not for the readers that show that log.
fn same_for_any_log(what: &str, command: fn(&Catalogue, &mut Store)) {
    let (short, long) = (steps(&SMALL, command), steps(&LONG_LOG, command));
    assert!(short > 0, "{what}: no statements counted");
    assert_eq!(
        short, long,
        "{what}: {short} SQLite steps after 3 battles of R, {long} after 10"
    );
}

#[test]
fn planning_a_battle_does_not_read_the_rosters_logs() {
    // Planning checks, in its write, that the rosters did not change since it read them
    // (the revision check every asking command makes): newest entries of indexes only.
    same_for_any_log("battle new R S", |cat, store| {
        let new = ops::battle::NewBattle {
            campaign: VALE,
            points: 1000,
            rosters: [R_ID, S_ID],
            battleplan: Some("The Ruined Settlement"),
            realm: ptg::rules::realms::RealmChoice::None,
        };
        let mut dice = ptg::rules::dice::SeededDice::new(1);
        ops::battle::plan(cat, store, &new, &mut dice).expect("battle new");
    });
}

#[test]
fn a_page_of_a_rosters_rolls_or_battles_does_not_read_the_rest_of_its_log() {
    // Issue 42: `rolls --roster R --limit N` and `battle list --roster R --limit N` read the
    // page from the newest down, and one more row to know whether older ones were left out.
    same_for_any_log("rolls --roster R --limit 4", |_, store| {
        let mut seen = 0;
        let more = ops::rolls::each(store, None, Some(R_ID), Some(4), |_| {
            seen += 1;
            Ok(())
        })
        .expect("rolls");
        assert_eq!((seen, more), (4, true));
    });
    same_for_any_log("battle list --roster R --limit 2", |_, store| {
        let (seen, more) = ops::battle::read_list(store, None, Some(R_ID), Some(2), |list| {
            let mut seen = 0;
            let more = list.each(|_| {
                seen += 1;
                Ok(())
            })?;
            Ok((seen, more))
        })
        .expect("battle list");
        assert_eq!((seen, more), (2, true));
    });
}
