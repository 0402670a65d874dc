use super::*;
use crate::catalogue::parse_faction;
use crate::rules::aftermath::{Choices, Fought, plan_aftermath};
use crate::rules::battle::BattleResult;
use crate::rules::dice::TypedDice;
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::empty_roster;
use crate::rules::roster::{WarlordChoice, check, plan_add_unit, plan_warlord};

/// A faction with each mark the data can put on a warscroll.
const MARKED: &str = r#"
name = "Marked Host"
[source]
origin = "hand-written for tests"

[[units]]
name = "Lord-Castellant"
points = 100
unit_size = 1
reinforceable = false
keywords = ["HERO"]
legends = true

[[units]]
name = "Snarlboss"
points = 100
unit_size = 1
reinforceable = false
keywords = ["HERO"]

[[units]]
name = "Sequitors"
points = 120
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]
legends = true

[[units]]
name = "Anvil of Apotheosis: Marked Hero"
points = 150
unit_size = 1
reinforceable = false
keywords = ["HERO"]
anvil_of_apotheosis = true

[[units]]
name = "Wolfgit Retinue"
points = 80
unit_size = 5
reinforceable = false
keywords = ["INFANTRY"]
unlocked_by = "Snarlboss"

[[units]]
name = "Spearmen"
points = 90
unit_size = 10
reinforceable = true
keywords = ["INFANTRY"]
"#;

fn marked() -> Faction {
    parse_faction("marked", MARKED).expect("fixture parses")
}

fn allowed(legends: bool) -> Allowed<'static> {
    Allowed {
        campaign: "Vale",
        legends,
    }
}

fn warlord(warscroll: &str, legends: bool) -> Result<Roster, RuleError> {
    let choice = WarlordChoice {
        warscroll,
        name: None,
        path: "warrior",
        ability: "berserker",
    };
    let out = plan_warlord(&pack(), &marked(), allowed(legends), &choice)?;
    let mut r = empty_roster();
    r.legends_allowed = legends;
    r.apply(&out, 1);
    Ok(r)
}

fn add(r: &mut Roster, warscroll: &str) -> Result<(), RuleError> {
    let out = plan_add_unit(&pack(), &marked(), r, warscroll, false, None, None)?;
    let next = r.units.iter().map(|u| u.id).max().unwrap_or(0) + 1;
    r.apply(&out, next);
    Ok(())
}

/// The aftermath of a 1000-point major victory the warlord fought alone, adding `add` and
/// retiring `retire`.
fn aftermath(r: &Roster, add: &[&str], retire: &[&str]) -> Result<(), RuleError> {
    let mut r = r.clone();
    r.setup_complete = true;
    r.glory = 1000;
    let fought = Fought {
        battle_id: 1,
        points_limit: 1000,
        battleplan: None,
        army: vec![1],
        destroyed: Vec::new(),
        slew: Vec::new(),
        victory_points: 0,
        result: BattleResult::MajorVictory,
        general_slain: false,
        quest_points: 0,
        realm: None,
        fought_at: None,
    };
    let choices = Choices {
        add_units: add.iter().map(|s| s.to_string()).collect(),
        retire: retire.iter().map(|s| s.to_string()).collect(),
        ..Choices::default()
    };
    let mut dice = TypedDice::new([1]);
    plan_aftermath(&pack(), &marked(), &r, &fought, &choices, &mut dice).map(|_| ())
}

#[test]
fn a_legends_warscroll_joins_only_in_a_campaign_that_allows_legends() {
    let e = warlord("Lord-Castellant", false).unwrap_err();
    assert_eq!(e.rule, "legends");
    assert!(
        e.to_string().contains("Lord-Castellant is a Legends warscroll")
            && e.to_string().contains("`ptg campaign set \"Vale\" --legends on`"),
        "{e}"
    );
    let mut r = warlord("Snarlboss", false).unwrap();
    assert_eq!(add(&mut r, "Sequitors").unwrap_err().rule, "legends");
    assert_eq!(aftermath(&r, &["Sequitors"], &[]).unwrap_err().rule, "legends");

    let mut r = warlord("Lord-Castellant", true).expect("Legends allowed");
    add(&mut r, "Sequitors").expect("Legends allowed");
    assert!(aftermath(&r, &["Sequitors"], &[]).is_ok());
}

#[test]
fn an_anvil_of_apotheosis_hero_is_never_added() {
    let anvil = "Anvil of Apotheosis: Marked Hero";
    for legends in [false, true] {
        let e = warlord(anvil, legends).unwrap_err();
        assert_eq!(e.rule, "anvil of apotheosis");
        assert!(e.to_string().contains("ptg cannot build yet"), "{e}");
        let mut r = warlord("Snarlboss", legends).unwrap();
        assert_eq!(add(&mut r, anvil).unwrap_err().rule, "anvil of apotheosis");
        assert_eq!(
            aftermath(&r, &[anvil], &[]).unwrap_err().rule,
            "anvil of apotheosis"
        );
    }
}

#[test]
fn an_order_of_battle_holds_no_more_unlocked_units_than_unlocking_ones() {
    let mut r = warlord("Snarlboss", false).unwrap();
    add(&mut r, "Wolfgit Retinue").expect("one per Snarlboss");
    let e = add(&mut r, "Wolfgit Retinue").unwrap_err();
    assert_eq!(e.rule, "unlocked units");
    assert!(
        e.to_string()
            .contains("would leave 2 Wolfgit Retinue with 1 Snarlboss; add a Snarlboss first"),
        "{e}"
    );
    add(&mut r, "Snarlboss").unwrap();
    add(&mut r, "Wolfgit Retinue").expect("two Snarlbosses unlock two");

    // A new roster's first unit has nothing to unlock it.
    let e = check_unlocks(&marked(), &[], &["Wolfgit Retinue"]).unwrap_err();
    assert!(e.to_string().contains("with 0 Snarlboss"), "{e}");
}

#[test]
fn afford_offers_an_unlocked_unit_only_while_an_unlocking_one_is_free() {
    let offered = |r: &Roster| -> Vec<String> {
        crate::rules::afford::affordable(&pack(), &marked(), r)
            .add
            .into_iter()
            .map(|o| o.warscroll)
            .collect()
    };
    let mut r = warlord("Snarlboss", false).unwrap();
    assert!(offered(&r).contains(&"Wolfgit Retinue".to_string()));
    add(&mut r, "Wolfgit Retinue").unwrap();
    let now = offered(&r);
    assert!(!now.contains(&"Wolfgit Retinue".to_string()), "{now:?}");
    // Units no warscroll is unlocked by are offered as before, the unlocking one too.
    assert!(now.contains(&"Spearmen".to_string()) && now.contains(&"Snarlboss".to_string()));
    // An excess the roster already had blocks only more of that warscroll.
    let mut twin = r.units[1].clone();
    twin.id = 3;
    r.units.push(twin);
    let now = offered(&r);
    assert!(!now.contains(&"Wolfgit Retinue".to_string()) && now.contains(&"Spearmen".to_string()));
}

#[test]
fn an_aftermath_keeps_the_unlocking_unit_of_each_unlocked_unit_that_stays() {
    let mut r = warlord("Lord-Castellant", true).unwrap();
    add(&mut r, "Snarlboss").unwrap();
    add(&mut r, "Wolfgit Retinue").unwrap();
    let e = aftermath(&r, &[], &["Snarlboss"]).unwrap_err();
    assert_eq!(e.rule, "unlocked units");
    assert!(e.to_string().contains("keep the Snarlboss"), "{e}");
    assert!(aftermath(&r, &[], &["Snarlboss", "Wolfgit Retinue"]).is_ok());
    // Retiring the Wolfgit Retinue frees its place for a new one in the same aftermath.
    assert!(aftermath(&r, &["Wolfgit Retinue"], &["Wolfgit Retinue"]).is_ok());
    assert_eq!(
        aftermath(&r, &["Wolfgit Retinue"], &[]).unwrap_err().rule,
        "unlocked units"
    );
}

#[test]
fn an_excess_the_roster_already_had_does_not_block_other_units() {
    // Two Wolfgit Retinues to one Snarlboss: the data marked them unlocked after they joined.
    let mut r = warlord("Snarlboss", false).unwrap();
    add(&mut r, "Wolfgit Retinue").unwrap();
    let mut twin = r.units[1].clone();
    twin.id = 3;
    r.units.push(twin);
    add(&mut r, "Spearmen").expect("the excess was already there");
    assert_eq!(add(&mut r, "Wolfgit Retinue").unwrap_err().rule, "unlocked units");
}

#[test]
fn check_reports_what_the_current_data_marks_and_notes_units_it_no_longer_has() {
    let mut r = warlord("Lord-Castellant", true).unwrap();
    add(&mut r, "Snarlboss").unwrap();
    add(&mut r, "Wolfgit Retinue").unwrap();
    add(&mut r, "Spearmen").unwrap();
    let rules = |r: &Roster| -> Vec<&'static str> {
        check(&pack(), &Factions::alone(&marked()), r)
            .problems
            .iter()
            .map(|p| p.rule)
            .collect()
    };
    assert!(
        rules(&r)
            .iter()
            .all(|rule| !["legends", "unlocked units", "current data"].contains(rule)),
        "{:?}",
        rules(&r)
    );

    // Legends turned off after the Lord-Castellant joined; the Snarlboss retired.
    r.legends_allowed = false;
    r.units[1].retired = true;
    // The Spearmen's warscroll was dropped from the data (a seasonal warscroll).
    r.units[3].warscroll = "Spearmen (Scourge of Ghyran)".into();
    let report = check(&pack(), &Factions::alone(&marked()), &r);
    let found = rules(&r);
    assert!(found.contains(&"legends"), "{found:?}");
    assert!(found.contains(&"unlocked units"), "{found:?}");
    assert!(
        !found.contains(&"current data"),
        "a unit the data no longer has breaks no rule: {found:?}"
    );
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.for_cli().contains(
                "Spearmen (Scourge of Ghyran) (#4) is not in the current data (the Marked Host data"
            ) && n.for_cli().contains("at the 90 points recorded")),
        "{:?}",
        report.notes
    );
    let legends = report.problems.iter().find(|p| p.rule == "legends").unwrap();
    assert!(
        legends.message.for_cli().contains("Lord-Castellant (#1)")
            && legends.message.for_cli().contains("--legends on"),
        "{}",
        legends.message
    );

    let marks: Vec<DataMark> = against_current_data(&Factions::alone(&marked()), &r)
        .iter()
        .map(|f| f.mark)
        .collect();
    assert_eq!(
        marks,
        [DataMark::Legends, DataMark::NotInData, DataMark::OverUnlocked]
    );
    assert!(!in_current_data(&Factions::alone(&marked()), &r.units[3]));
    assert!(in_current_data(&Factions::alone(&marked()), &r.units[2]));
}
