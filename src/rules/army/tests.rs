use super::*;
use crate::catalogue::battlepack::ArmyLimits;
use crate::rules::RuleError;
use crate::rules::model::{Roster, Unit};
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::{host, roster_led_by};

/// The bundled battlepack's army limits (4 for the general's regiment, 3 for the others).
fn limits() -> ArmyLimits {
    pack().army
}

/// Puts a unit of the test faction straight onto the Order of Battle (no set-up limits), with
/// `extra` keywords; returns its id.
fn put(r: &mut Roster, warscroll: &str, reinforced: bool, extra: &[&str]) -> i64 {
    let w = host().unit(warscroll).cloned().expect("test faction unit");
    let id = r.units.iter().map(|u| u.id).max().unwrap_or(0) + 1;
    let mut u = Unit::new(id, &w);
    u.reinforced = reinforced;
    u.keywords.extend(extra.iter().map(|k| k.to_string()));
    r.units.push(u);
    id
}

fn puts(r: &mut Roster, warscroll: &str, n: usize) -> Vec<i64> {
    (0..n).map(|_| put(r, warscroll, false, &[])).collect()
}

fn names(ids: &[i64]) -> Vec<String> {
    ids.iter().map(i64::to_string).collect()
}

fn regiment(s: &str) -> RegimentChoice {
    s.parse().expect("well-formed --regiment")
}

fn plan(
    r: &Roster,
    units: &[i64],
    general: Option<&str>,
    regiments: &[&str],
    points: u32,
) -> Result<Army, RuleError> {
    let units = names(units);
    let regiments: Vec<RegimentChoice> = regiments.iter().map(|s| regiment(s)).collect();
    let choice = ArmyChoice {
        units: &units,
        general,
        regiments: &regiments,
    };
    plan_army(&limits(), None, r, &choice, points)
}

fn reg(leader: i64, units: &[i64]) -> Regiment {
    Regiment {
        leader,
        units: units.to_vec(),
    }
}

fn refused(result: Result<Army, RuleError>, rule: &str, words: &[&str]) {
    let e = result.expect_err("should be refused");
    assert_eq!(e.rule, rule, "{e}");
    for w in words {
        assert!(e.to_string().contains(w), "expected {w:?} in: {e}");
    }
}

/// Knight-Questor warlord #1, Battle Mage #2, five Liberators #3..#7, Big Beast #8.
fn warband() -> Roster {
    let mut r = roster_led_by("Knight-Questor");
    assert_eq!(r.warlord().map(|w| w.id), Some(1));
    put(&mut r, "Battle Mage", false, &[]);
    puts(&mut r, "Liberators", 5);
    put(&mut r, "Big Beast", false, &[]);
    r
}

#[test]
fn an_army_includes_a_unique_warscroll_once() {
    let mut r = warband();
    let first = put(&mut r, "Famous Hero", false, &[]);
    let second = put(&mut r, "Famous Hero", false, &[]);
    refused(
        plan(&r, &[1, first, second], None, &[], 2000),
        "unique units",
        &[
            &format!("Famous Hero (#{second}) is UNIQUE"),
            &format!("Famous Hero (#{first}) is already in the army"),
        ],
    );
    assert!(plan(&r, &[1, first], None, &[], 2000).is_ok());
}

#[test]
fn regiments_are_placed_automatically_generals_first_then_heroes_in_army_order() {
    let r = warband();
    let army = plan(&r, &[2, 3, 4, 1, 5, 6, 7, 8], None, &[], 2000).unwrap();
    assert_eq!(army.general, 1, "the warlord taken is the general");
    assert_eq!(
        army.units,
        vec![2, 3, 4, 1, 5, 6, 7, 8],
        "units keep the order given"
    );
    assert_eq!(army.regiments, vec![reg(1, &[3, 4, 5, 6]), reg(2, &[7, 8])]);
    assert_eq!(army.regiment_of(1), Some(1), "a leader is in its own regiment");
    assert_eq!(army.regiment_of(8), Some(2));
    assert_eq!(army.points, 100 + 120 + 5 * 90 + 300);
}

#[test]
fn every_hero_leads_a_regiment_even_with_no_units() {
    let r = warband();
    let army = plan(&r, &[1, 2, 3], None, &[], 1000).unwrap();
    assert_eq!(army.regiments, vec![reg(1, &[3]), reg(2, &[])]);
}

#[test]
fn regiment_limits_come_from_the_battlepack_data() {
    let r = warband();
    let units = names(&[1, 2, 3, 4, 5]);
    let choice = ArmyChoice {
        units: &units,
        ..ArmyChoice::default()
    };
    let mut small = limits();
    small.general_regiment_units = 1;
    small.regiment_units = 2;
    let army = plan_army(&small, None, &r, &choice, 2000).unwrap();
    assert_eq!(army.regiments, vec![reg(1, &[3]), reg(2, &[4, 5])]);
    small.regiment_units = 1;
    let e = plan_army(&small, None, &r, &choice, 2000).unwrap_err();
    assert_eq!(e.rule, "regiments");
    assert!(
        e.message.starts_with(
            "3 non-HERO units need a regiment but the HEROes can lead only 2; add a HERO or leave a unit out"
        ),
        "{e}"
    );
}

#[test]
fn too_many_non_heroes_for_the_heroes_is_refused_naming_the_units_left_over() {
    let mut r = warband();
    let more = puts(&mut r, "Elite Guard", 3);
    // The general leads 4 and the Battle Mage 3: 7 places for 9 units.
    let mut all = vec![1, 2, 3, 4, 5, 6, 7, 8];
    all.extend(&more);
    refused(
        plan(&r, &all, None, &[], 5000),
        "regiments",
        &[
            "9 non-HERO units need a regiment but the HEROes can lead only 7; add a HERO or leave a unit out",
            &format!("Elite Guard (#{})", more[1]),
            &format!("Elite Guard (#{})", more[2]),
        ],
    );
    // Without the Battle Mage, only the general's 4 places.
    refused(
        plan(&r, &[1, 3, 4, 5, 6, 7], None, &[], 5000),
        "regiments",
        &[
            "5 non-HERO units need a regiment but the HEROes can lead only 4",
            "Liberators (#7)",
        ],
    );
    assert!(plan(&r, &[1, 3, 4, 5, 6], None, &[], 5000).is_ok());
}

#[test]
fn explicit_regiments_are_kept_and_the_rest_placed_around_them() {
    let r = warband();
    let army = plan(&r, &[1, 2, 3, 4, 5, 6, 7, 8], None, &["Battle Mage=3,8"], 2000).unwrap();
    assert_eq!(army.regiments, vec![reg(1, &[4, 5, 6, 7]), reg(2, &[3, 8])]);
    let army = plan(
        &r,
        &[1, 2, 3, 4, 5, 6, 7, 8],
        None,
        &["1=3", "Battle Mage=4,5,6"],
        2000,
    )
    .unwrap();
    assert_eq!(
        army.regiments,
        vec![reg(1, &[3, 7, 8]), reg(2, &[4, 5, 6])],
        "units left out fill the regiments with room, general's first"
    );
    // A regiment given with no units stays open for the automatic placement.
    let army = plan(&r, &[1, 2, 3], None, &["Battle Mage="], 2000).unwrap();
    assert_eq!(army.regiments, vec![reg(1, &[3]), reg(2, &[])]);
}

#[test]
fn a_regiment_must_be_led_by_a_hero_of_the_army() {
    let r = warband();
    refused(
        plan(&r, &[1, 2, 3, 4], None, &["3=4"], 2000),
        "regiments",
        &["Liberators (#3) is not a HERO, so it cannot lead a regiment"],
    );
    refused(
        plan(&r, &[1, 3, 4], None, &["Battle Mage=3"], 2000),
        "regiments",
        &["Battle Mage (#2) is not in the army, so it cannot lead a regiment"],
    );
    refused(
        plan(&r, &[1, 2, 3], None, &["Battle Mage=Ghosts"], 2000),
        "units",
        &["Ghosts"],
    );
}

#[test]
fn a_hero_cannot_join_another_heroes_regiment() {
    let r = warband();
    refused(
        plan(&r, &[1, 2, 3], None, &["1=Battle Mage,3"], 2000),
        "regiments",
        &["Battle Mage (#2) is a HERO and leads its own regiment, so it cannot join Knight-Questor (#1)'s"],
    );
}

#[test]
fn a_regiment_member_must_be_in_the_army_and_in_one_regiment_only() {
    let r = warband();
    refused(
        plan(&r, &[1, 2, 3], None, &["1=3,4"], 2000),
        "regiments",
        &["Liberators (#4) is not in the army, so it cannot join a regiment"],
    );
    refused(
        plan(&r, &[1, 2, 3, 4], None, &["1=3,4,3"], 2000),
        "regiments",
        &["Liberators (#3) is named twice in Knight-Questor (#1)'s regiment"],
    );
    refused(
        plan(&r, &[1, 2, 3, 4], None, &["1=3", "2=4,3"], 2000),
        "regiments",
        &["Liberators (#3) is named in both Knight-Questor (#1)'s and Battle Mage (#2)'s regiment"],
    );
    refused(
        plan(&r, &[1, 2, 3, 4], None, &["2=3", "Battle Mage=4"], 2000),
        "regiments",
        &["Battle Mage (#2) leads one regiment but is given two"],
    );
}

#[test]
fn a_regiment_given_too_many_units_is_refused_with_the_leaders_limit() {
    let r = warband();
    let all = [1, 2, 3, 4, 5, 6, 7, 8];
    refused(
        plan(&r, &all, None, &["2=3,4,5,6"], 2000),
        "regiments",
        &[
            "Battle Mage (#2)'s regiment is given 4 non-HERO units, but a regiment may have up to 3",
            "move Liberators (#6)",
        ],
    );
    refused(
        plan(&r, &all, None, &["1=3,4,5,6,7"], 2000),
        "regiments",
        &[
            "Knight-Questor (#1)'s regiment is given 5 non-HERO units, but the general's regiment may have up to 4",
            "move Liberators (#7)",
        ],
    );
    assert!(plan(&r, &all, None, &["1=3,4,5,6", "2=7,8"], 2000).is_ok());
}

#[test]
fn the_general_is_the_warlord_if_taken_else_named_and_always_a_hero() {
    let r = warband();
    refused(
        plan(&r, &[1, 2, 3], Some("Battle Mage"), &[], 2000),
        "general",
        &["the warlord must be the general"],
    );
    refused(
        plan(&r, &[2, 3], Some("3"), &[], 2000),
        "general",
        &["the general must be a HERO"],
    );
    refused(plan(&r, &[3, 4], None, &[], 2000), "general", &["no HERO"]);
    let mut r = r;
    put(&mut r, "Knight-Questor", false, &[]);
    refused(
        plan(&r, &[2, 9, 3], None, &[], 2000),
        "general",
        &["pick the general", "add --general UNIT"],
    );
    let army = plan(&r, &[2, 9, 3], Some("Battle Mage"), &[], 2000).unwrap();
    assert_eq!(army.general, 2);
    assert_eq!(
        army.regiments,
        vec![reg(2, &[3]), reg(9, &[])],
        "the general's regiment comes first"
    );
}

#[test]
fn a_warmaster_taken_must_be_the_general() {
    let mut r = warband();
    let wm = put(&mut r, "Famous Hero", false, &["WARMASTER"]);
    // With no warlord, the only WARMASTER is the general by default, and no other HERO may be.
    let army = plan(&r, &[2, wm, 3], None, &[], 2000).unwrap();
    assert_eq!(army.general, wm);
    assert_eq!(army.regiments, vec![reg(wm, &[3]), reg(2, &[])]);
    refused(
        plan(&r, &[2, wm, 3], Some("Battle Mage"), &[], 2000),
        "warmaster",
        &[
            "Famous Hero (#9) has the WARMASTER keyword",
            "Battle Mage (#2) is not",
        ],
    );
    // The warlord must be the general too: the two rules clash, so one must stay home.
    refused(
        plan(&r, &[1, wm, 3], None, &[], 2000),
        "warmaster",
        &[
            "the warlord Knight-Questor (#1)",
            "Famous Hero (#9)",
            "leave one of them out",
        ],
    );
    refused(
        plan(&r, &[1, wm, 3], Some("Famous Hero"), &[], 2000),
        "warmaster",
        &["leave one of them out"],
    );
    // Two WARMASTERs: the player picks which (two warscrolls, as a UNIQUE one is taken once).
    let wm2 = put(&mut r, "Lord on Drake", false, &["WARMASTER"]);
    refused(
        plan(&r, &[wm, wm2], None, &[], 2000),
        "general",
        &[
            "it must be a WARMASTER",
            "Famous Hero (#9)",
            "Lord on Drake (#10)",
        ],
    );
    assert_eq!(plan(&r, &[wm, wm2], Some("10"), &[], 2000).unwrap().general, wm2);
}

#[test]
fn reinforced_units_count_double_against_the_points_limit() {
    let mut r = warband();
    let big = put(&mut r, "Liberators", true, &[]);
    // Knight-Questor 100 + reinforced Liberators 2 x 90.
    assert_eq!(plan(&r, &[1, big], None, &[], 280).unwrap().points, 280);
    refused(
        plan(&r, &[1, big], None, &[], 279),
        "points limit",
        &["the army costs 280 points, over the battle's 279-point limit by 1"],
    );
}

#[test]
fn units_left_in_the_order_of_battle_never_raise_errors() {
    let mut r = warband();
    // A WARMASTER, a crowd of non-HEROes and a retired unit all stay home.
    put(&mut r, "Famous Hero", false, &["WARMASTER"]);
    puts(&mut r, "Elite Guard", 6);
    let gone = put(&mut r, "Big Beast", false, &[]);
    r.units.iter_mut().find(|u| u.id == gone).unwrap().retired = true;
    let army = plan(&r, &[1, 3], None, &[], 200).unwrap();
    assert_eq!(army.general, 1);
    assert_eq!(army.regiments, vec![reg(1, &[3])]);
    assert_eq!(army.points, 190);
}

#[test]
fn the_whole_order_of_battle_checked_as_an_army_reports_every_problem() {
    let mut r = warband();
    let ok = check_order_of_battle(&limits(), &r, 2000);
    assert!(ok.problems.is_empty(), "{:?}", ok.problems);
    assert_eq!(ok.points, 970);
    assert_eq!(ok.general, Some(1));
    assert_eq!(ok.regiments, vec![reg(1, &[3, 4, 5, 6]), reg(2, &[7, 8])]);

    // A WARMASTER beside the warlord, 11 non-HEROes for 3 HEROes, and 2170 points (the
    // retired unit counts for nothing).
    let wm = put(&mut r, "Famous Hero", false, &["WARMASTER"]);
    let guard = puts(&mut r, "Elite Guard", 5);
    let gone = put(&mut r, "Big Beast", false, &[]);
    r.units.iter_mut().find(|u| u.id == gone).unwrap().retired = true;
    let bad = check_order_of_battle(&limits(), &r, 1000);
    let rules: Vec<&str> = bad.problems.iter().map(|p| p.rule).collect();
    assert_eq!(
        rules,
        vec!["warmaster", "regiments", "points limit"],
        "{:?}",
        bad.problems
    );
    assert!(
        bad.problems[0]
            .to_string()
            .contains(&format!("Famous Hero (#{wm})"))
    );
    assert!(bad.problems[0].to_string().contains("Knight-Questor (#1)"));
    assert!(
        bad.problems[1].message.starts_with(&format!(
            "11 non-HERO units need a regiment but the HEROes can lead only 10; add a HERO, or leave a unit out when you pick the army (no room for Elite Guard (#{}))",
            guard[4]
        )),
        "{}",
        bad.problems[1].to_string()
    );
    assert_eq!(
        bad.problems[2].message,
        "the Order of Battle costs 2170 points, over a 1000-point limit by 1170; leave units out when you pick the army"
    );
    assert_eq!(
        bad.general, None,
        "no general can be picked while the rules clash"
    );
    assert_eq!(bad.points, 2170);
    assert_eq!(bad.regiments.len(), 3);
}

#[test]
fn a_general_left_to_pick_is_no_problem_when_checking_the_order_of_battle() {
    let mut r = warband();
    r.units[0].warlord = false;
    let a = check_order_of_battle(&limits(), &r, 2000);
    assert!(a.problems.is_empty(), "{:?}", a.problems);
    assert_eq!(a.general, None);
    assert_eq!(a.regiments.len(), 2);
}

#[test]
fn regiment_choices_parse_leader_and_units() {
    assert_eq!(
        regiment("Battle Mage = Liberators, 7"),
        RegimentChoice {
            leader: "Battle Mage".into(),
            units: vec!["Liberators".into(), "7".into()],
        }
    );
    assert_eq!(regiment("Battle Mage").units, Vec::<String>::new());
    assert_eq!(regiment("Battle Mage=").units, Vec::<String>::new());
    assert_eq!("=3".parse::<RegimentChoice>().unwrap_err().rule, "regiments");
    assert!(
        "2=3,,4"
            .parse::<RegimentChoice>()
            .unwrap_err()
            .to_string()
            .contains("empty")
    );
}

#[test]
fn faction_terrain_joins_the_army_outside_the_regiments() {
    let mut r = warband();
    let shrine = put(&mut r, "Liberators", false, &["FACTION TERRAIN"]);
    // The general's regiment is full (4) and the Battle Mage's holds 2: the terrain takes no
    // place, so the army is sound and the terrain is in no regiment.
    let army = plan(&r, &[1, 2, 3, 4, 5, 6, 7, 8, shrine], None, &[], 5000).unwrap();
    assert_eq!(army.regiments, vec![reg(1, &[3, 4, 5, 6]), reg(2, &[7, 8])]);
    assert!(army.units.contains(&shrine));
    assert_eq!(army.regiment_of(shrine), None);
    // Naming it in a regiment is refused, saying why.
    refused(
        plan(&r, &[1, 3, shrine], None, &[&format!("1={shrine}")], 5000),
        "regiments",
        &["is faction terrain, which is not a unit and joins the army outside the regiments"],
    );
}

#[test]
fn the_general_is_offered_only_from_the_heroes_never_an_ally_nor_a_retired_unit() {
    let mut r = warband();
    let ally = put(&mut r, "Battle Mage", false, &[]);
    r.units
        .iter_mut()
        .filter(|u| u.id == ally)
        .for_each(|u| u.ally = Some("Allies".into()));
    let retired = put(&mut r, "Battle Mage", false, &[]);
    r.units
        .iter_mut()
        .filter(|u| u.id == retired)
        .for_each(|u| u.retired = true);
    let offered: Vec<&str> = general_choices(&r, &[])
        .iter()
        .map(|u| u.warscroll.as_str())
        .collect();
    assert_eq!(offered, ["Knight-Questor", "Battle Mage"]);
}

#[test]
fn with_an_army_recorded_the_general_is_offered_only_as_the_rules_accept_it() {
    let mut r = warband();
    let mage = put(&mut r, "Battle Mage", false, &[]);
    let wm = put(&mut r, "Battle Mage", false, &["WARMASTER"]);
    let offered = |army: &[i64]| -> Vec<i64> { general_choices(&r, army).iter().map(|u| u.id).collect() };
    // A WARMASTER in the army: only it may be the general, not the other HERO taken.
    assert_eq!(offered(&[mage, wm]), [wm]);
    // No WARMASTER taken: any HERO taken, and only those taken.
    assert_eq!(offered(&[mage]), [mage]);
    // No army yet: every HERO might lead some army.
    assert!(offered(&[]).contains(&mage) && offered(&[]).contains(&wm));
    // The warlord taken must be the general.
    assert_eq!(offered(&[1, mage]), [1]);
}
