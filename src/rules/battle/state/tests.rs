use super::*;
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::{add, roster_led_by};

/// Two rosters of the Vale campaign: Hammers (ids 1-3) and Rats (ids 11-13).
pub(crate) fn sides() -> [Roster; 2] {
    let mut a = roster_led_by("Knight-Questor");
    add(&mut a, "Liberators", false).unwrap();
    add(&mut a, "Elite Guard", false).unwrap();
    let mut b = roster_led_by("Knight-Questor");
    b.id = 2;
    b.name = "Rats".into();
    add(&mut b, "Liberators", false).unwrap();
    add(&mut b, "Elite Guard", false).unwrap();
    for u in &mut b.units {
        u.id += 10;
    }
    [a, b]
}

/// `r`'s side of a battle, with its whole Order of Battle as the army (`army`) or none, the
/// warlord as general.
pub(crate) fn side(r: &Roster, army: bool) -> Side {
    Side {
        roster_id: r.id,
        roster: r.name.clone(),
        victory_points: None,
        result: None,
        withdrew: false,
        general_slain: false,
        quest_points: 0,
        triumph: None,
        sudden_death: None,
        decision: None,
        aftermath_done: false,
        army: if army {
            r.units
                .iter()
                .map(|u| ArmyUnit {
                    unit_id: u.id,
                    general: u.warlord,
                    regiment: None,
                    destroyed: false,
                    slew_hero_or_monster: false,
                })
                .collect()
        } else {
            Vec::new()
        },
    }
}

/// Battle 4 of the Vale campaign between two rosters, planned (1000 points, Relics of Myth).
pub(crate) fn battle(rosters: &[Roster; 2], armies: bool) -> Battle {
    Battle {
        id: 4,
        campaign_id: 1,
        campaign: "Vale".into(),
        points_limit: 1000,
        battleplan: Some("Relics of Myth".into()),
        status: BattleStatus::Planned,
        roles_roster_id: None,
        roles_rolled: false,
        created_at: String::new(),
        realm: None,
        realm_picker_id: None,
        sides: rosters.iter().map(|r| side(r, armies)).collect(),
        twists: Vec::new(),
        fought_at: None,
    }
}

fn report(vp: &[(&str, u32)]) -> ResultReport {
    ResultReport {
        victory_points: vp.iter().map(|(n, v)| (n.to_string(), *v)).collect(),
        ..ResultReport::default()
    }
}

fn plan(b: &Battle, r: &[Roster; 2], rep: &ResultReport) -> Result<[SideResult; 2], RuleError> {
    b.plan_result(&pack(), [&r[0], &r[1]], rep)
}

#[test]
fn a_battle_needs_two_rosters_of_its_campaign() {
    let [a, mut b] = sides();
    let pack = pack();
    assert!(check_sides(&pack, "Vale", 1000, [&a, &b]).is_ok());
    let same = check_sides(&pack, "Vale", 1000, [&a, &a]).unwrap_err();
    assert!(same.to_string().contains("named twice"), "{}", same.message);
    b.campaign = "Other".into();
    let elsewhere = check_sides(&pack, "vale", 1000, [&a, &b]).unwrap_err();
    assert!(
        elsewhere.to_string().contains("belongs to the campaign 'Other'"),
        "{}",
        elsewhere.to_string()
    );
}

#[test]
fn points_limits_below_the_first_glory_band_are_refused_with_the_bands() {
    let pack = pack();
    for points in [0, 500, 999] {
        let err = check_points_limit(&pack, points).unwrap_err();
        assert_eq!(err.rule, "points limit");
        assert!(
            err.to_string()
                .contains("starts at 1000 points (bands: 1000-1250, 1251-1750, 1751-2250, 2251+)"),
            "{}",
            err.to_string()
        );
        assert!(
            err.to_string().contains("use --points 1000"),
            "{}",
            err.to_string()
        );
    }
    assert!(check_points_limit(&pack, 1000).is_ok());
    assert!(check_points_limit(&pack, 5000).is_ok());
}

#[test]
fn armies_change_only_until_the_result() {
    let r = sides();
    let mut b = battle(&r, true);
    assert!(b.check_army_open().is_ok());
    b.status = BattleStatus::Fought;
    let err = b.check_army_open().unwrap_err();
    assert!(
        err.to_string().contains("already has its result"),
        "{}",
        err.message
    );
}

#[test]
fn twists_come_once_a_round_in_rounds_one_to_five_before_the_result() {
    let r = sides();
    let mut b = battle(&r, true);
    let last = pack().army.battle_rounds;
    assert_eq!(last, 5);
    for round in [0, 6, 99] {
        let err = b.check_twist(round, last).unwrap_err();
        assert!(err.to_string().contains("rounds 1 to 5"), "{}", err.message);
    }
    assert!(b.check_twist(2, last).is_ok());
    assert!(b.check_twist(5, last).is_ok());
    b.twists.push(TwistRow {
        round: 2,
        underdog: "Rats".into(),
        twist: "Fog".into(),
    });
    let again = b.check_twist(2, last).unwrap_err();
    assert!(
        again.to_string().contains("already rolled (Fog, for Rats)"),
        "{}",
        again.to_string()
    );
    assert!(b.check_twist(3, last).is_ok());
    b.status = BattleStatus::Fought;
    let after = b.check_twist(3, last).unwrap_err();
    assert!(
        after.to_string().contains("already has its result"),
        "{}",
        after.to_string()
    );
}

#[test]
fn a_result_needs_both_armies_and_both_scores() {
    let r = sides();
    let no_armies = battle(&r, false);
    let err = plan(&no_armies, &r, &report(&[("Hammers", 10), ("Rats", 3)])).unwrap_err();
    assert!(
        err.to_string().contains("army for battle 4 is not recorded"),
        "{}",
        err.to_string()
    );

    let b = battle(&r, true);
    let one = plan(&b, &r, &report(&[("Hammers", 10)])).unwrap_err();
    assert!(
        one.to_string().contains("give Rats's victory points too"),
        "{}",
        one.to_string()
    );
    let twice = plan(&b, &r, &report(&[("Hammers", 10), ("hammers", 3)])).unwrap_err();
    assert!(
        twice.to_string().contains("--vp names Hammers twice"),
        "{}",
        twice.to_string()
    );
    let stranger = plan(&b, &r, &report(&[("Ogres", 10)])).unwrap_err();
    assert!(
        stranger.to_string().contains("not a side of battle 4"),
        "{}",
        stranger.to_string()
    );

    let mut fought = b.clone();
    fought.status = BattleStatus::Fought;
    let done = plan(&fought, &r, &report(&[("Hammers", 10), ("Rats", 3)])).unwrap_err();
    assert!(
        done.to_string().contains("already has its result"),
        "{}",
        done.to_string()
    );
}

#[test]
fn a_destroyed_general_counts_as_slain() {
    let r = sides();
    let b = battle(&r, true);
    let mut rep = report(&[("Hammers", 10), ("Rats", 4)]);
    rep.destroyed = vec!["11".into()]; // the Rats' warlord, their general
    let [h, rats] = plan(&b, &r, &rep).unwrap();
    assert_eq!(h.result, BattleResult::MajorVictory);
    assert_eq!(rats.result, BattleResult::MajorDefeat);
    assert!(rats.general_slain && !h.general_slain);
    assert_eq!(rats.destroyed, vec![11]);
}

#[test]
fn the_aftermath_waits_for_the_result_and_runs_once() {
    let r = sides();
    let mut b = battle(&r, true);
    let early = b.check_aftermath(1, "Hammers").unwrap_err();
    assert!(
        early.to_string().contains("has no result yet"),
        "{}",
        early.message
    );
    b.status = BattleStatus::Fought;
    b.sides[0].victory_points = Some(10);
    b.sides[0].result = Some(BattleResult::MinorVictory);
    let fought = b.check_aftermath(1, "Hammers").unwrap();
    assert_eq!((fought.battle_id, fought.army.len()), (4, 3));
    b.sides[0].aftermath_done = true;
    let twice = b.check_aftermath(1, "Hammers").unwrap_err();
    assert!(
        twice.to_string().contains("already been run for Hammers"),
        "{}",
        twice.to_string()
    );
    let stranger = b.check_aftermath(9, "Ogres").unwrap_err();
    assert!(
        stranger.to_string().contains("Ogres is not a side of battle 4"),
        "{}",
        stranger.to_string()
    );
}

#[test]
fn the_first_result_ends_set_up_once() {
    let [mut a, _] = sides();
    let first = end_of_setup(&a).expect("still in set-up");
    assert_eq!(first.changes, vec![Change::CompleteSetup]);
    a.setup_complete = true;
    assert!(end_of_setup(&a).is_none());
}

#[test]
fn a_unit_name_both_armies_field_is_refused_listing_the_candidates_never_guessed() {
    let r = sides();
    let b = battle(&r, true);
    let mut rep = report(&[("Hammers", 10), ("Rats", 4)]);
    rep.destroyed = vec!["Liberators".into()];
    let err = plan(&b, &r, &rep).unwrap_err();
    assert_eq!(err.rule, "battle units");
    assert!(
        err.to_string().contains("Liberators (#2) of Hammers")
            && err.to_string().contains("Liberators (#12) of Rats")
            && err.to_string().contains("ROSTER:UNIT"),
        "{}",
        err.to_string()
    );
    rep.destroyed = vec!["rats: Liberators".into(), "#3".into()];
    rep.slew_hero_or_monster = vec!["Hammers:Liberators".into()];
    // The Liberators slew a HERO only if one fell: the Rats' Knight-Questor is their only one.
    let no_hero = plan(&b, &r, &rep).unwrap_err();
    assert!(
        no_hero
            .to_string()
            .contains("Liberators (#2) cannot have slain an enemy HERO or MONSTER")
            && no_hero
                .to_string()
                .contains("Rats's army held Knight-Questor (#11) (neither destroyed"),
        "{}",
        no_hero.to_string()
    );
    rep.destroyed.push("Rats:Knight-Questor".into());
    let [h, rats] = plan(&b, &r, &rep).unwrap();
    assert_eq!((h.destroyed, rats.destroyed), (vec![3], vec![12, 11]));
    assert_eq!((h.slew, rats.slew), (vec![2], vec![]));
    rep.destroyed = vec!["Rats:Knight-Arcanum".into()];
    let missing = plan(&b, &r, &rep).unwrap_err();
    assert!(
        missing.to_string().contains("not in Rats's army"),
        "{}",
        missing.to_string()
    );
}

#[test]
fn a_slain_single_model_general_is_a_destroyed_unit() {
    let mut r = sides();
    let b = battle(&r, true);
    let mut rep = report(&[("Hammers", 10), ("Rats", 8)]);
    rep.general_slain = vec!["Rats".into()];
    let [h, rats] = plan(&b, &r, &rep).unwrap();
    assert!(rats.general_slain && h.destroyed.is_empty());
    assert_eq!(
        rats.destroyed,
        vec![11],
        "the one-model Knight-Questor is destroyed"
    );
    // A general of several models can be slain while its unit fights on.
    r[1].units[0].unit_size = 3;
    let [_, rats] = plan(&b, &r, &rep).unwrap();
    assert!(rats.general_slain && rats.destroyed.is_empty());
}

#[test]
fn quest_points_are_refused_for_a_roster_whose_quest_does_not_count_them() {
    let mut r = sides();
    let b = battle(&r, true);
    let mut rep = report(&[("Hammers", 10), ("Rats", 8)]);
    rep.quest_points = vec![("Rats".into(), 2)];
    let none = plan(&b, &r, &rep).unwrap_err();
    assert_eq!(none.rule, "quest points");
    assert!(
        none.to_string().contains("Rats has no current quest")
            && none.to_string().contains("leave out --quest-points"),
        "{}",
        none.to_string()
    );
    r[1].quest = Some(crate::rules::model::QuestState {
        quest: "seek-glory-in-battle".into(),
        points: 0,
        unit: Some(12),
        since: None,
    });
    let uncounted = plan(&b, &r, &rep).unwrap_err();
    assert!(
        uncounted
            .to_string()
            .contains("Rats's quest, Seek Glory in Battle, does not count quest points"),
        "{}",
        uncounted.to_string()
    );
    r[1].quest.as_mut().unwrap().quest = "search-for-the-artefact".into();
    let [_, rats] = plan(&b, &r, &rep).unwrap();
    assert_eq!(rats.quest_points, 2);
}

#[test]
fn quest_points_beyond_what_one_battle_gives_are_refused_with_the_nearest_as_fixes() {
    let mut r = sides();
    let b = battle(&r, true);
    r[1].quest = Some(crate::rules::model::QuestState {
        quest: "harness-manifestation".into(),
        points: 3,
        unit: None,
        since: None,
    });
    let mut rep = report(&[("Hammers", 10), ("Rats", 8)]);
    for (points, nearest) in [
        (3, "leave out --quest-points, or use --quest-points Rats=4"),
        (7, "use --quest-points Rats=6, or use --quest-points Rats=8"),
    ] {
        rep.quest_points = vec![("Rats".into(), points)];
        let err = plan(&b, &r, &rep).unwrap_err();
        assert_eq!(err.rule, "quest points");
        let words = err.to_string();
        assert!(
            words.contains(&format!(
                "Rats cannot gain {points} quest points for Harness Manifestation in one battle"
            )) && words.contains("gives 0, 4 to 6 or 8 to 30")
                && words.contains(nearest),
            "{words}"
        );
    }
    rep.quest_points = vec![("Rats".into(), 8)];
    assert_eq!(plan(&b, &r, &rep).unwrap()[1].quest_points, 8);
    r[1].quest.as_mut().unwrap().quest = "search-for-the-artefact".into();
    rep.quest_points = vec![("Rats".into(), 6)];
    let err = plan(&b, &r, &rep).unwrap_err().to_string();
    assert!(err.contains("a battle of 5 battle rounds gives 0 to 5"), "{err}");
}

#[test]
fn roles_are_picked_by_the_general_with_fewer_renown_once_both_armies_are_in() {
    use crate::rules::battle::roles_after_army;
    use crate::rules::dice::{Roller, TypedDice};
    let mut r = sides();
    let mut b = battle(&r, true);
    let hammers_army = b.sides[0].army.clone();
    b.sides[0].army.clear();
    let mut no_dice = TypedDice::new([]);
    let mut roller = Roller::new(&mut no_dice);
    // One army in: not decided yet.
    let rats_army = b.sides[1].army.clone();
    assert_eq!(
        roles_after_army(&b, 2, &rats_army, [&r[0], &r[1]], "roles", &mut roller).unwrap(),
        (None, false)
    );
    // Both generals have 5 renown: a roll-off, 2 v 5, the Rats pick.
    let mut dice = TypedDice::new([2, 5]);
    let mut roller = Roller::new(&mut dice);
    let picked = roles_after_army(&b, 1, &hammers_army, [&r[0], &r[1]], "roles", &mut roller).unwrap();
    assert_eq!((picked, roller.rolls.len()), ((Some(2), true), 2));
    b.sides[0].army = hammers_army.clone();
    (b.roles_roster_id, b.roles_rolled) = picked;
    // The same army again: still level, the roll-off stands and no dice are rolled.
    let mut roller = Roller::new(&mut no_dice);
    let again = roles_after_army(&b, 1, &hammers_army, [&r[0], &r[1]], "roles", &mut roller).unwrap();
    assert_eq!((again, roller.rolls.len()), ((Some(2), true), 0));
    // The Hammers take the Liberators (0 renown) as general: fewer renown, the Hammers pick.
    let mut led_by_liberators = hammers_army.clone();
    for u in &mut led_by_liberators {
        u.general = u.unit_id == 2;
    }
    let changed = roles_after_army(&b, 1, &led_by_liberators, [&r[0], &r[1]], "roles", &mut roller).unwrap();
    assert_eq!((changed, roller.rolls.len()), ((Some(1), false), 0));
    // The generals' renown, not the warlords': the Rats' general gains renown.
    r[1].units[0].renown = 9;
    let rats_lead = roles_after_army(&b, 2, &rats_army, [&r[0], &r[1]], "roles", &mut roller).unwrap();
    assert_eq!(rats_lead, (Some(1), false));
}
