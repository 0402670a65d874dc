//! Drafts re-decided at the result, with scripted dice and the bundled tables.

use super::*;
use crate::catalogue::Catalogue;
use crate::rules::battle::state::tests::{battle, sides};
use crate::rules::dice::TypedDice;
use crate::rules::renown::tests::pack;
use std::sync::OnceLock;

fn cat() -> &'static Catalogue {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| Catalogue::bundled().expect("bundled data"))
}

fn fits(r: &Roster, b: &Battle) -> Result<(), RuleError> {
    let pack = pack();
    check_army_fits(&pack.army, None, r, b, &b.sides[0].army)
}

#[test]
fn an_army_recorded_ahead_must_still_fit_its_order_of_battle_when_fought() {
    let mut r = sides();
    let b = battle(&r, true);
    assert!(fits(&r[0], &b).is_ok(), "nothing changed since the army");
    // Liberators retired in another battle's aftermath after the army was recorded.
    r[0].units[1].retired = true;
    let refused = fits(&r[0], &b).unwrap_err();
    assert!(refused.message.contains("is retired"), "{}", refused.message);
    assert!(refused.message.contains("battle 4"), "{}", refused.message);
    assert_eq!(
        refused.fixes,
        vec![Fix::act(Action::RecordArmy {
            battle: 4,
            roster: r[0].name.clone()
        })]
    );
    // Reinforced since, at double the cost: over the battle's limit at today's costs.
    r[0].units[1].retired = false;
    let mut small = b.clone();
    small.points_limit = r[0].units.iter().map(|u| u.cost()).sum::<u64>() as u32;
    assert!(fits(&r[0], &small).is_ok(), "exactly at the limit");
    r[0].units[1].reinforced = true;
    let refused = fits(&r[0], &small).unwrap_err();
    assert!(
        refused.message.contains("over the battle's 390-point limit"),
        "{}",
        refused.message
    );
}

fn won(battle_id: i64) -> PreviousBattle {
    PreviousBattle {
        battle_id,
        result: BattleResult::MajorVictory,
        realm: None,
        triumph_taken_by: None,
    }
}

fn lost(battle_id: i64) -> PreviousBattle {
    PreviousBattle {
        result: BattleResult::MajorDefeat,
        ..won(battle_id)
    }
}

fn draft(victory: Option<i64>) -> DraftTriumph {
    DraftTriumph {
        row: TriumphRow {
            table: "1e".into(),
            triumph: "Inspired".into(),
        },
        victory,
    }
}

/// The triumph decision for the Hammers (campaign table "1e") with `dice` scripted.
fn decide(
    previous: Option<&PreviousBattle>,
    draft: Option<&DraftTriumph>,
    dice: &[u32],
) -> (TriumphDecision, usize) {
    let mut r = sides();
    r[0].options.triumphs = Some("1e".into());
    let b = battle(&r, true);
    let tables = cat().tables().unwrap();
    let mut typed = TypedDice::new(dice.iter().copied());
    let mut roller = Roller::new(&mut typed);
    let at = TriumphAtResult {
        previous,
        previous_realm: None,
        draft,
        tables: &tables,
    };
    let decision = triumph_at_result(&r[0], &b, at, &mut roller).expect("decided");
    (decision, roller.rolls.len())
}

#[test]
fn a_triumph_belongs_to_the_battle_fought_next_after_the_victory() {
    // Drafted from battle 1's victory, and battle 1 is still the previous battle: it stands.
    let (kept, rolls) = decide(Some(&won(1)), Some(&draft(Some(1))), &[]);
    assert_eq!((kept, rolls), (TriumphDecision::default(), 0));
    // Battle 3 was fought (and lost) in between: the draft is set aside, nothing rolled.
    let (aside, rolls) = decide(Some(&lost(3)), Some(&draft(Some(1))), &[]);
    assert!(
        aside.set_aside && aside.rolled.is_none() && rolls == 0,
        "{aside:?}"
    );
    let note = aside.note.unwrap();
    assert!(
        note.contains("battle 1's victory") && note.contains("battle 3"),
        "{note}"
    );
    // The army was recorded before the victory was fought: the result rolls the triumph.
    let (rolled, rolls) = decide(Some(&won(1)), None, &[1]);
    assert_eq!(rolls, 1);
    assert!(!rolled.set_aside);
    assert!(rolled.rolled.is_some(), "{rolled:?}");
    assert!(
        rolled
            .note
            .unwrap()
            .contains("battle 1 gives its triumph to battle 4")
    );
    // Drafted before any battle was fought, and battle 5 is now a major victory: rolled again.
    let (again, rolls) = decide(Some(&won(5)), Some(&draft(None)), &[6]);
    assert_eq!(rolls, 1);
    assert!(again.set_aside && again.rolled.is_some(), "{again:?}");
    assert!(again.note.unwrap().contains("is set aside"));
    // No victory and no draft: nothing to decide.
    assert_eq!(decide(Some(&lost(2)), None, &[]).1, 0);
    assert_eq!(decide(None, None, &[]).0, TriumphDecision::default());
}

#[test]
fn level_generals_roll_off_for_roles_unless_they_already_did_while_level() {
    let r = sides();
    let mut b = battle(&r, true);
    // Both generals have 5 renown and the pick standing was made by renown before they drew
    // level: a roll-off now, 2 v 5, the Rats pick.
    b.roles_roster_id = Some(1);
    b.roles_rolled = false;
    let mut dice = TypedDice::new([2, 5]);
    let mut roller = Roller::new(&mut dice);
    let d = roles_at_result(&b, [&r[0], &r[1]], "attacker or ritualist", &mut roller).unwrap();
    assert_eq!((d.picker, d.rolled, roller.rolls.len()), (Some(2), true, 2));
    assert!(d.note.unwrap().contains("won the roll-off"));
    // A roll-off made while level stands: no dice.
    b.roles_roster_id = Some(1);
    b.roles_rolled = true;
    let mut none = TypedDice::new([]);
    let mut roller = Roller::new(&mut none);
    let d = roles_at_result(&b, [&r[0], &r[1]], "attacker or ritualist", &mut roller).unwrap();
    assert_eq!((d.picker, d.rolled, d.note), (Some(1), true, None));
    // The Rats' general gained renown since: the Hammers' has fewer and they pick.
    let mut r2 = r.clone();
    r2[1].units[0].renown = 9;
    b.roles_roster_id = Some(2);
    let d = roles_at_result(&b, [&r2[0], &r2[1]], "attacker or ritualist", &mut roller).unwrap();
    assert_eq!((d.picker, d.rolled), (Some(1), false));
    assert!(d.note.unwrap().contains("re-decided"));
}
