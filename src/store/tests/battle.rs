//! Battles planned, loaded, their armies and result recorded, and the aftermath applied once.

use super::*;

#[test]
fn a_battle_is_planned_loaded_and_its_armies_and_result_recorded() {
    let mut store = two_rosters();
    planned(&mut store);
    let b = battles::load(store.conn(), 1).unwrap();
    let seen = (
        b.id,
        b.campaign_id,
        b.campaign.as_str(),
        b.points_limit,
        b.status.as_str(),
    );
    assert_eq!(seen, (1, 1, VALE, 1000, "planned"));
    assert_eq!(b.battleplan.as_deref(), Some("The Ruined Settlement"));
    assert_eq!(b.roles_roster_id, Some(1), "the Hammers won the roll-off 6 v 1");
    let sides: Vec<_> = b.sides.iter().map(|s| (s.roster_id, s.roster.as_str())).collect();
    assert_eq!(sides, [(1, HAMMERS), (2, RATS)]);
    let army = |b: &battles::Battle, i: usize| -> Vec<(i64, bool, Option<i64>, bool)> {
        let units = b.sides[i].army.iter();
        units
            .map(|u| (u.unit_id, u.general, u.regiment, u.destroyed))
            .collect()
    };
    // Each warlord is the general and leads the other unit in its regiment.
    assert_eq!(
        army(&b, 0),
        [(1, true, Some(1), false), (2, false, Some(1), false)]
    );
    assert_eq!(
        army(&b, 1),
        [(3, true, Some(3), false), (4, false, Some(3), false)]
    );
    assert!(
        b.sides
            .iter()
            .all(|s| s.result.is_none() && s.victory_points.is_none())
    );
    assert_eq!(b.fought(1), None, "no result yet");

    fought(&mut store);
    let b = battles::load(store.conn(), 1).unwrap();
    assert_eq!(b.status, crate::rules::battle::BattleStatus::Fought);
    let results: Vec<_> = b.sides.iter().map(|s| (s.victory_points, s.result)).collect();
    let want = [(14, BattleResult::MajorVictory), (8, BattleResult::MajorDefeat)];
    assert_eq!(results, want.map(|(vp, r)| (Some(vp), Some(r))));
    assert_eq!(
        army(&b, 1),
        [(3, true, Some(3), false), (4, false, Some(3), true)]
    );
    let rats = Fought {
        battle_id: 1,
        points_limit: 1000,
        battleplan: Some("The Ruined Settlement".into()),
        army: vec![3, 4],
        destroyed: vec![4],
        slew: Vec::new(),
        victory_points: 8,
        result: BattleResult::MajorDefeat,
        general_slain: false,
        quest_points: 0,
        realm: None,
        // Fought when change set 8 recorded its result (campaign time).
        fought_at: Some(crate::rules::campaign_time::CampaignTime(8)),
    };
    assert_eq!(b.fought(2), Some(rats));
    assert!(rosters::header(store.conn(), 1).unwrap().setup_complete);
    assert!(rosters::header(store.conn(), 2).unwrap().setup_complete);
    // The result's change set keeps what its undo puts back: the status, both sides' result
    // columns, each unit's marks (unit, destroyed, slew), rows as arrays, and who picked
    // roles (a result may re-decide them).
    let kept = history::battle_before(store.conn(), 8)
        .unwrap()
        .expect("a snapshot");
    let kept: serde_json::Value = serde_json::from_str(&kept).unwrap();
    let want = serde_json::json!({"v": 2, "result": {
        "status": "planned",
        "sides": [[1, null, null, 0, 0, 0], [2, null, null, 0, 0, 0]],
        "units": [[1, 0, 0], [2, 0, 0], [3, 0, 0], [4, 0, 0]],
        "roles": 1,
        "rolled": true,
    }});
    assert_eq!(kept, want);
    // Each army's set keeps who picked roles and that roster's units before (none).
    let kept = history::battle_before(store.conn(), 7)
        .unwrap()
        .expect("a snapshot");
    assert_eq!(kept, r#"{"v":2,"army":{"roles":1,"rolled":true,"units":[]}}"#);

    let listed: Vec<i64> = battles::list(store.conn(), Some(1))
        .unwrap()
        .iter()
        .map(|b| b.id)
        .collect();
    assert_eq!(listed, [1]);
    assert_eq!(Campaign::list(store.conn()).unwrap()[0].battles, 1);
    let err = battles::load(store.conn(), 2).unwrap_err().to_string();
    assert!(err.contains("there is no battle 2"), "{err}");
}

#[test]
fn an_aftermath_is_applied_once_and_a_second_run_rolls_back_whole() {
    let mut store = two_rosters();
    planned(&mut store);
    fought(&mut store);
    let applied = aftermath(&mut store, 1, "Dawn Guard", &[2, 3, 4]).unwrap();
    // Rolls 1-2 are battle 1's roll-off.
    assert_eq!((applied.set_id, &applied.roll_ids[..]), (9, &[3, 4, 5][..]));
    assert!(applied.new_units.is_empty());
    let r = rosters::load(store.conn(), 1).unwrap();
    // 1000 points: fought 30 + major victory 20 + general alive 5.
    assert_eq!(r.glory, 55);
    let standing = |id| {
        let u = r.unit(id).unwrap();
        (u.renown, u.rank.clone())
    };
    // Lord-Vigilant 5 + D3 2; Dawn Guard D3 3 + favoured D6 4, reaching Aspiring.
    assert_eq!(standing(1), (7, Some("Aspiring".into())));
    assert_eq!(standing(2), (7, Some("Aspiring".into())));
    let b = battles::load(store.conn(), 1).unwrap();
    assert_eq!(
        (b.sides[0].aftermath_done, b.sides[1].aftermath_done),
        (true, false)
    );

    let again = aftermath(&mut store, 1, "Dawn Guard", &[1, 1, 1]).unwrap_err();
    assert!(again.to_string().contains("has already been run"), "{again}");
    assert_eq!(rosters::load(store.conn(), 1).unwrap(), r);
    assert_eq!((count(&store, "change_sets"), count(&store, "rolls")), (9, 5));
}

/// What a list of battles shows of each (a roster's page, `battle list`): the same battles,
/// order, campaign, size, battleplan, status, sides, results and victory points as the whole
/// battles, under the same JSON names.
#[test]
fn a_battle_line_says_what_the_whole_battle_says_of_it() {
    // What both show of a battle: what a line holds, and each side's roster and result.
    let shown = |v: serde_json::Value| {
        let sides: Vec<_> = v["sides"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                [
                    "roster_id",
                    "roster",
                    "victory_points",
                    "result",
                    "withdrew",
                    "aftermath_done",
                ]
                .map(|k| s[k].clone())
            })
            .collect();
        let battle = ["id", "campaign", "points_limit", "battleplan", "status"].map(|k| v[k].clone());
        (battle, sides)
    };
    let lines_match = |store: &Store| {
        for roster in [1, 2] {
            let read = |parts| {
                let mut shown_battles = Vec::new();
                battles::each::<anyhow::Error>(store.conn(), None, Some(roster), None, parts, |b| {
                    shown_battles.push(shown(serde_json::to_value(&b)?));
                    Ok(())
                })
                .unwrap();
                shown_battles
            };
            let whole = read(battles::Parts::Whole);
            // A table's read (sides only) shows the same sides.
            let sides_only = read(battles::Parts::Sides);
            assert_eq!(sides_only, whole, "roster {roster}");
            let of = crate::store::battle_lines::Of::Roster(roster);
            let lines: Vec<_> = crate::store::battle_lines::page(store.conn(), of, None, 50)
                .unwrap()
                .lines
                .iter()
                .map(|l| shown(serde_json::to_value(l).unwrap()))
                .collect();
            assert_eq!(lines, whole, "roster {roster}");
            assert_eq!(lines.len(), 1);
            // `battle list`'s lines, of the roster, of its campaign (1) or both, all or a page.
            for (campaign, of) in [
                (None, Some(roster)),
                (Some(1), None),
                (Some(1), Some(roster)),
                (None, None),
            ] {
                for newest in [None, Some(1), Some(5)] {
                    let mut lines = Vec::new();
                    crate::store::battle_lines::each::<anyhow::Error>(
                        store.conn(),
                        campaign,
                        of,
                        newest,
                        |l| {
                            lines.push(shown(serde_json::to_value(&l)?));
                            Ok(())
                        },
                    )
                    .unwrap();
                    assert_eq!(
                        lines, whole,
                        "campaign {campaign:?}, roster {of:?}, newest {newest:?}"
                    );
                }
            }
        }
    };
    let mut store = two_rosters();
    planned(&mut store);
    lines_match(&store);
    fought(&mut store);
    lines_match(&store);
}

/// A list of battles a page at a time: newest first, each page below the battle the last one
/// ended on, the last page saying there is none older; a roster's pages hold its battles only,
/// a campaign's all of its battles.
#[test]
fn battles_are_listed_a_page_at_a_time_newest_first() {
    use crate::store::battle_lines::{Of, page};
    let mut store = two_rosters();
    // Battles 1-5, the Hammers against the Rats; battle 2 cancelled, so in no list.
    for _ in 0..5 {
        store
            .write(|tx| battles::create(tx, 1, 1000, "The Ruined Settlement", [1, 2]))
            .unwrap();
    }
    store
        .write(|tx| Ok::<_, anyhow::Error>(tx.execute("UPDATE battles SET cancelled = 1 WHERE id = 2", [])?))
        .unwrap();
    let pages = |of: Of, count: u32| {
        let mut seen = Vec::new();
        let mut before = None;
        loop {
            let p = page(store.conn(), of, before, count).unwrap();
            seen.push(p.lines.iter().map(|l| l.id).collect::<Vec<_>>());
            match p.older {
                Some(older) => before = Some(older),
                None => return seen,
            }
        }
    };
    assert_eq!(pages(Of::Roster(1), 2), [vec![5, 4], vec![3, 1]]);
    assert_eq!(pages(Of::Campaign(1), 3), [vec![5, 4, 3], vec![1]]);
    assert_eq!(pages(Of::Campaign(1), 4), [vec![5, 4, 3, 1]]);
    assert_eq!(
        pages(Of::Roster(3), 2),
        [Vec::<i64>::new()],
        "no battles, one empty page"
    );
    let below = page(store.conn(), Of::Roster(2), Some(4), 10).unwrap();
    assert_eq!(below.lines.iter().map(|l| l.id).collect::<Vec<_>>(), [3, 1]);
    assert_eq!(below.older, None);

    // `battle list`'s lines: the battles `battles::each` hands out, and whether older ones
    // were left out, for every filter it takes.
    let ids = |campaign, roster, newest| {
        let (mut lines, mut whole) = (Vec::new(), Vec::new());
        let more =
            crate::store::battle_lines::each::<anyhow::Error>(store.conn(), campaign, roster, newest, |l| {
                lines.push(l.id);
                Ok(())
            })
            .unwrap();
        let parts = battles::Parts::Whole;
        let more_whole = battles::each::<anyhow::Error>(store.conn(), campaign, roster, newest, parts, |b| {
            whole.push(b.id);
            Ok(())
        })
        .unwrap();
        assert_eq!(
            (&lines, more),
            (&whole, more_whole),
            "{campaign:?} {roster:?} {newest:?}"
        );
        (lines, more)
    };
    assert_eq!(ids(None, None, None), (vec![5, 4, 3, 1], false));
    assert_eq!(ids(Some(1), Some(2), Some(2)), (vec![5, 4], true));
    assert_eq!(ids(None, Some(1), Some(4)), (vec![5, 4, 3, 1], false));
    assert_eq!(ids(Some(1), None, Some(3)), (vec![5, 4, 3], true));
    assert_eq!(ids(None, Some(3), None), (vec![], false));
    assert_eq!(ids(Some(2), None, Some(1)), (vec![], false), "another campaign's");
}
