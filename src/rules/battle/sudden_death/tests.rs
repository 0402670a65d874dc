use super::*;
use crate::catalogue::{Catalogue, Warscroll};
use crate::rules::battle::{Side, state};
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::empty_roster;

fn unit(id: i64, name: &str, models: u32, keywords: &[&str]) -> Unit {
    let mut u = Unit::new(
        id,
        &Warscroll {
            name: name.into(),
            id: String::new(),
            points: 100,
            unit_size: models,
            reinforceable: true,
            keywords: keywords.iter().map(|k| k.to_string()).collect(),
            ..Default::default()
        },
    );
    u.keywords = keywords.iter().map(|k| k.to_string()).collect();
    u
}

/// Hammers (a HERO and 19 Liberators: 20 models) and Rats (a Grey Seer and `clanrats`),
/// in a campaign playing the sudden-death option.
fn rosters(clanrats: u32) -> [Roster; 2] {
    let mut a = empty_roster();
    a.options.sudden_death = true;
    a.units = vec![
        unit(1, "Lord", 1, &["HERO"]),
        unit(2, "Liberators", 19, &["INFANTRY"]),
    ];
    let mut b = empty_roster();
    b.id = 2;
    b.name = "Rats".into();
    b.options.sudden_death = true;
    b.units = vec![
        unit(11, "Grey Seer", 1, &["HERO", "WIZARD (1)"]),
        unit(12, "Clanrats", clanrats, &["INFANTRY"]),
        unit(13, "Rat Ogors", 3, &["MONSTER"]),
    ];
    [a, b]
}

/// `r`'s side with every unit but the Rat Ogors (#13) in its army, #1 and #11 the generals.
fn side(r: &Roster) -> Side {
    let mut s = state::tests::side(r, true);
    s.army.retain(|u| u.unit_id != 13);
    for u in &mut s.army {
        u.general = u.unit_id % 10 == 1;
    }
    s
}

fn battle(r: &[Roster; 2]) -> Battle {
    let mut b = state::tests::battle(r, true);
    b.sides = r.iter().map(side).collect();
    b
}

fn table() -> Table {
    Catalogue::bundled()
        .expect("bundled data loads")
        .table("sudden-death")
        .expect("the sudden death table")
        .clone()
}

fn pick<'a>(objective: &'a str, target: Option<&'a str>, terrain: Option<&'a str>) -> PickRequest<'a> {
    PickRequest {
        objective,
        target,
        terrain,
    }
}

fn plan(b: &Battle, r: &[Roster; 2], roster: i64, p: &PickRequest) -> Result<SuddenDeathRow, RuleError> {
    b.plan_sudden_death(&pack(), &table(), [&r[0], &r[1]], roster, p)
}

fn refusal(result: Result<impl std::fmt::Debug, RuleError>) -> String {
    result.expect_err("refused").to_string()
}

#[test]
fn a_third_more_models_is_the_battlepacks_four_for_every_three() {
    let ratio = pack()
        .options
        .sudden_death
        .expect("Ascension offers sudden death")
        .outnumber;
    assert_eq!(ratio, [4, 3]);
    assert_eq!(outnumbered([20, 27], ratio), Some(0));
    assert_eq!(outnumbered([27, 20], ratio), Some(1));
    assert_eq!(outnumbered([20, 26], ratio), None);
    assert_eq!(outnumbered([20, 20], ratio), None);
    assert_eq!(outnumbered([3, 4], ratio), Some(0));
    assert_eq!(needed_to_outnumber(20, ratio), 27);
    assert_eq!(needed_to_outnumber(3, ratio), 4);
}

#[test]
fn an_armys_models_count_a_reinforced_unit_twice_and_only_units_taken() {
    let [a, mut b] = rosters(23);
    assert_eq!(army_models(&a, &side(&a).army), 20);
    assert_eq!(army_models(&b, &side(&b).army), 24, "the Rat Ogors stayed home");
    b.units[1].reinforced = true;
    assert_eq!(army_models(&b, &side(&b).army), 47);
}

#[test]
fn only_the_outnumbered_side_picks_and_the_refusal_gives_the_counts() {
    let r = rosters(23);
    let b = battle(&r);
    let err = refusal(plan(&b, &r, 1, &pick("Endure", None, None)));
    assert!(
        err.contains(
            "Hammers has 20 models and Rats 24; sudden death needs the other army to have at least 4 for every 3 (27)"
        ),
        "{err}"
    );
    let r = rosters(26);
    let b = battle(&r);
    let row = plan(&b, &r, 1, &pick("endure", None, None)).unwrap();
    assert_eq!(row.objective, "Endure");
    assert_eq!((row.target_unit, row.target_text), (None, None));
    let err = refusal(plan(&b, &r, 2, &pick("Endure", None, None)));
    assert!(err.contains("Rats has 27 models and Hammers 20"), "{err}");
    assert!(err.contains("(36)"), "{err}");
}

#[test]
fn a_pick_needs_the_option_both_armies_no_result_and_no_earlier_pick() {
    let mut r = rosters(26);
    r[0].options.sudden_death = false;
    let b = battle(&r);
    let err = refusal(plan(&b, &r, 1, &pick("Endure", None, None)));
    assert!(
        err.contains("`ptg campaign set \"Vale\" --option sudden-death`"),
        "{err}"
    );
    let r = rosters(26);
    let mut b = battle(&r);
    b.sides[1].army.clear();
    assert!(
        refusal(plan(&b, &r, 1, &pick("Endure", None, None)))
            .contains("Rats's army for battle 4 is not recorded")
    );
    let mut b = battle(&r);
    b.status = BattleStatus::Fought;
    assert!(refusal(plan(&b, &r, 1, &pick("Endure", None, None))).contains("already has its result"));
    let mut b = battle(&r);
    b.sides[0].sudden_death = Some(SuddenDeathRow {
        objective: "Endure".into(),
        target_unit: None,
        target_text: None,
    });
    let err = refusal(plan(&b, &r, 1, &pick("Blunt", Some("Clanrats"), None)));
    assert!(err.contains("Hammers already picked Endure"), "{err}");
    assert!(
        b.check_no_pick()
            .unwrap_err()
            .to_string()
            .contains("undo the pick first")
    );
}

#[test]
fn an_unknown_objective_is_refused_with_the_table() {
    let r = rosters(26);
    let err = refusal(plan(&battle(&r), &r, 1, &pick("Asassinate", None, None)));
    assert!(err.contains("did you mean 'Assassinate'"), "{err}");
    assert!(err.contains("Assassinate, Blunt, Endure, Seize Ground"), "{err}");
}

#[test]
fn assassinate_and_blunt_need_an_enemy_unit_that_fits() {
    let r = rosters(26);
    let b = battle(&r);
    let row = plan(&b, &r, 1, &pick("Assassinate", Some("Grey Seer"), None)).unwrap();
    assert_eq!(row.target_unit, Some(11));
    let err = refusal(plan(&b, &r, 1, &pick("Assassinate", Some("Clanrats"), None)));
    assert!(
        err.contains("Assassinate needs a HERO, WIZARD, PRIEST or MONSTER unit"),
        "{err}"
    );
    assert!(err.contains("Rats picks one of: Grey Seer (#11)"), "{err}");
    let err = refusal(plan(&b, &r, 1, &pick("Assassinate", Some("Lord"), None)));
    assert!(err.contains("is in Hammers's own army"), "{err}");
    let err = refusal(plan(&b, &r, 1, &pick("Assassinate", Some("Rat Ogors"), None)));
    assert!(
        err.contains("not in either army"),
        "a unit left home cannot be picked: {err}"
    );
    let err = refusal(plan(&b, &r, 1, &pick("Assassinate", None, None)));
    assert!(err.contains("add --target UNIT"), "{err}");

    let min = table()
        .objective("Blunt")
        .unwrap()
        .target
        .clone()
        .unwrap()
        .min_models;
    assert_eq!(min, 5, "Blunt's five models come from the data");
    assert_eq!(
        plan(&b, &r, 1, &pick("Blunt", Some("12"), None))
            .unwrap()
            .target_unit,
        Some(12)
    );
    let err = refusal(plan(&b, &r, 1, &pick("Blunt", Some("Grey Seer"), None)));
    assert!(
        err.contains("(1 model) does not fit: Blunt needs a unit of 5 or more models"),
        "{err}"
    );
}

#[test]
fn seize_ground_needs_a_terrain_feature_and_endure_nothing() {
    let r = rosters(26);
    let b = battle(&r);
    let err = refusal(plan(&b, &r, 1, &pick("Seize Ground", None, None)));
    assert!(err.contains("add --terrain"), "{err}");
    let row = plan(&b, &r, 1, &pick("seize ground", None, Some(" Old Tower "))).unwrap();
    assert_eq!(row.target_text.as_deref(), Some("Old Tower"));
    assert!(refusal(plan(&b, &r, 1, &pick("Seize Ground", None, Some("a\u{1b}b")))).contains("control"));
    assert!(refusal(plan(&b, &r, 1, &pick("Endure", Some("Clanrats"), None))).contains("leave out --target"));
    assert!(
        refusal(plan(&b, &r, 1, &pick("Blunt", Some("Clanrats"), Some("Tower"))))
            .contains("leave out --terrain")
    );
}

#[test]
fn casualties_compare_shares_exactly_and_equal_shares_draw() {
    use BattleResult::*;
    assert_eq!(
        by_casualties(MinorVictory, [6, 12], [20, 24]),
        [MinorVictory, MinorDefeat]
    );
    assert_eq!(
        by_casualties(MinorVictory, [12, 6], [24, 20]),
        [MinorDefeat, MinorVictory]
    );
    assert_eq!(
        by_casualties(MinorVictory, [6, 9], [20, 30]),
        [Draw, Draw],
        "30% each"
    );
    // 1 in 3 against 333 in 1000: a float would call these close; whole numbers do not tie.
    assert_eq!(
        by_casualties(MinorVictory, [1, 333], [3, 1000]),
        [MinorDefeat, MinorVictory]
    );
}

fn report(decision: DecisionReport) -> ResultReport {
    ResultReport {
        victory_points: vec![("Hammers".into(), 2), ("Rats".into(), 15)],
        decision,
        ..ResultReport::default()
    }
}

fn lost(pairs: &[(&str, u32)]) -> Vec<(String, u32)> {
    pairs.iter().map(|(n, v)| (n.to_string(), *v)).collect()
}

fn decided(
    b: &Battle,
    r: &[Roster; 2],
    rep: &ResultReport,
) -> Result<([SideResult; 2], Option<[Decision; 2]>), RuleError> {
    b.plan_decided_result(&pack(), [&r[0], &r[1]], rep)
}

#[test]
fn casualties_count_added_models_among_the_losses_not_the_army() {
    let r = rosters(23);
    let b = battle(&r);
    // Hammers set up 20 and lost 6 (30%); Rats set up 24, summoned 4 and lost 12 (50%).
    let rep = report(DecisionReport {
        models_lost: lost(&[("Hammers", 6), ("Rats", 12)]),
        models_added: lost(&[("Rats", 4)]),
        ..DecisionReport::default()
    });
    let (results, how) = decided(&b, &r, &rep).unwrap();
    assert_eq!(
        results.clone().map(|s| s.result),
        [BattleResult::MinorVictory, BattleResult::MinorDefeat]
    );
    assert_eq!(
        results.clone().map(|s| s.victory_points),
        [2, 15],
        "VPs are kept as given"
    );
    let how = how.unwrap();
    assert_eq!(
        (how[1].models_set_up, how[1].models_lost, how[1].models_added),
        (Some(24), Some(12), Some(4))
    );
    assert_eq!(how[0].by, DecidedBy::Casualties);
    // 28 lost of 24 set up is possible with 4 added, 29 is not.
    let most = report(DecisionReport {
        models_lost: lost(&[("Hammers", 20), ("Rats", 28)]),
        models_added: lost(&[("Rats", 4)]),
        ..DecisionReport::default()
    });
    let (results, _) = decided(&b, &r, &most).unwrap();
    assert_eq!(results[0].result, BattleResult::MinorVictory, "100% against 117%");
    let too_many = report(DecisionReport {
        models_lost: lost(&[("Hammers", 6), ("Rats", 29)]),
        models_added: lost(&[("Rats", 4)]),
        ..DecisionReport::default()
    });
    assert!(
        refusal(decided(&b, &r, &too_many))
            .contains("Rats set up 24 models and added 4 during the game, so it cannot have lost 29")
    );
    let one_side = report(DecisionReport {
        models_lost: lost(&[("Hammers", 6)]),
        ..DecisionReport::default()
    });
    assert!(refusal(decided(&b, &r, &one_side)).contains("(Rats's too); add --models-lost ROSTER=N"));
    let tie = report(DecisionReport {
        models_lost: lost(&[("Hammers", 5), ("Rats", 6)]),
        ..DecisionReport::default()
    });
    assert_eq!(
        decided(&b, &r, &tie).unwrap().0.map(|s| s.result),
        [BattleResult::Draw, BattleResult::Draw]
    );
}

#[test]
fn an_achieved_objective_is_a_major_victory_for_the_side_that_picked_it() {
    let r = rosters(26);
    let mut b = battle(&r);
    let achieved = report(DecisionReport {
        sudden_death_achieved: true,
        ..DecisionReport::default()
    });
    assert!(refusal(decided(&b, &r, &achieved)).contains("no sudden death objective was picked"));
    b.sides[0].sudden_death = Some(SuddenDeathRow {
        objective: "Endure".into(),
        target_unit: None,
        target_text: None,
    });
    let (results, how) = decided(&b, &r, &achieved).unwrap();
    assert_eq!(
        results.clone().map(|s| s.result),
        [BattleResult::MajorVictory, BattleResult::MajorDefeat]
    );
    assert_eq!(
        how.unwrap().map(|d| (d.by, d.models_set_up)),
        [
            (DecidedBy::SuddenDeath, Some(20)),
            (DecidedBy::SuddenDeath, Some(27))
        ]
    );
    let mut withdrew = achieved.clone();
    withdrew.withdrew = Some("Rats".into());
    assert!(
        refusal(decided(&b, &r, &withdrew)).contains("leave out --sudden-death, or leave out --withdrew")
    );
    let mut both = achieved.clone();
    both.decision.models_lost = lost(&[("Hammers", 1), ("Rats", 1)]);
    assert!(refusal(decided(&b, &r, &both)).contains("not both"));
}

#[test]
fn without_the_option_a_plain_result_is_unchanged_and_the_new_ones_are_refused() {
    let mut r = rosters(26);
    r[0].options.sudden_death = false;
    r[1].options.sudden_death = false;
    let b = battle(&r);
    let plain = report(DecisionReport::default());
    let (results, how) = decided(&b, &r, &plain).unwrap();
    assert_eq!(results, b.plan_result(&pack(), [&r[0], &r[1]], &plain).unwrap());
    assert!(how.is_none());
    assert!(
        b.standing(&pack(), &r).is_none(),
        "nothing to show without the option"
    );
    let by_casualties = report(DecisionReport {
        models_lost: lost(&[("Hammers", 6), ("Rats", 12)]),
        ..DecisionReport::default()
    });
    assert!(refusal(decided(&b, &r, &by_casualties)).contains("--option sudden-death"));
}

#[test]
fn the_standing_names_the_outnumbered_side() {
    let r = rosters(26);
    let st = battle(&r).standing(&pack(), &r).unwrap();
    assert_eq!(
        st.models.iter().map(|m| m.models).collect::<Vec<_>>(),
        vec![20, 27]
    );
    assert_eq!(st.outnumbered.as_deref(), Some("Hammers"));
    let r = rosters(25);
    assert_eq!(battle(&r).standing(&pack(), &r).unwrap().outnumbered, None);
}
