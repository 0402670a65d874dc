use super::*;
use crate::catalogue::battlepack::QuestReward;
use crate::catalogue::{Faction, LoreKind, parse_faction};
use crate::rules::change::{NewUnit, Outcome};
use crate::rules::model::{Roster, Unit};
use crate::rules::renown::tests::pack;
use crate::rules::{Change, RuleError};

const HOST: &str = r#"
name = "Test Host"
[source]
origin = "hand-written for tests"

[[units]]
name = "Knight-Questor"
points = 100
unit_size = 1
reinforceable = false
keywords = ["HERO", "INFANTRY"]

[[units]]
name = "Lord on Drake"
points = 351
unit_size = 1
reinforceable = false
keywords = ["HERO", "MONSTER"]

[[units]]
name = "Famous Hero"
points = 200
unit_size = 1
reinforceable = false
keywords = ["HERO", "UNIQUE"]

[[units]]
name = "Hero Retinue"
points = 150
unit_size = 3
reinforceable = false
keywords = ["HERO", "INFANTRY"]

[[units]]
name = "Battle Mage"
points = 120
unit_size = 1
reinforceable = false
keywords = ["HERO", "WIZARD (1)"]

[[units]]
name = "Liberators"
points = 90
unit_size = 5
reinforceable = true
keywords = ["INFANTRY"]

[[units]]
name = "Elite Guard"
points = 200
unit_size = 3
reinforceable = false
keywords = ["INFANTRY"]

[[units]]
name = "Big Beast"
points = 300
unit_size = 1
reinforceable = false
keywords = ["MONSTER"]

[[enhancement_tables]]
name = "Heroic Traits"
kind = "heroic-trait"
enhancements = ["Stoic", "Bold"]
eligible = ["Knight-Questor", "Battle Mage", "Famous Hero", "Lord on Drake"]

[[enhancement_tables]]
name = "Artefacts of Power"
kind = "artefact"
enhancements = ["Old Blade", "Old Shield"]
eligible = ["Knight-Questor", "Battle Mage", "Famous Hero"]

[[lores]]
name = "Lore of Tests"
kind = "spell"
entries = [
  { name = "Bolt", value = 7 }, { name = "Ward", value = 6 }, { name = "Haste", value = 5 },
  { name = "Gloom", value = 6 }, { name = "Flare", value = 7 }, { name = "Storm", value = 8 },
  { name = "Quake", value = 8 },
]

[[lores]]
name = "Manifestations of Tests"
kind = "manifestation"
entries = [{ name = "Floating Sword", value = 6 }, { name = "Glowing Orb", value = 7 }]
"#;

/// Campaign "Vale" of [`empty_roster`], which does not allow Legends.
pub(crate) const NO_LEGENDS: Allowed = Allowed {
    campaign: "Vale",
    legends: false,
};

pub(crate) fn host() -> Faction {
    parse_faction("test", HOST).expect("fixture parses")
}

pub(crate) fn empty_roster() -> Roster {
    Roster {
        id: 1,
        name: "Hammers".into(),
        player: "Ana".into(),
        faction: "Test Host".into(),
        campaign: "Vale".into(),
        glory: 0,
        setup_complete: false,
        legends_allowed: false,
        options: Default::default(),
        favour: 0,
        units: Vec::new(),
        tome: Vec::new(),
        quest: None,
        completed_quests: Vec::new(),
        rewards: Vec::new(),
    }
}

/// A roster whose warlord is `warscroll` on the Warrior Path.
pub(crate) fn roster_led_by(warscroll: &str) -> Roster {
    let mut r = empty_roster();
    let out = plan_warlord(
        &pack(),
        &host(),
        NO_LEGENDS,
        &WarlordChoice {
            warscroll,
            name: None,
            path: "warrior",
            ability: "berserker",
        },
    )
    .expect("legal warlord");
    r.apply(&out, 1);
    r
}

pub(crate) fn add(r: &mut Roster, warscroll: &str, reinforced: bool) -> Result<(), RuleError> {
    let out = plan_add_unit(&pack(), &host(), r, warscroll, reinforced, None, None)?;
    let next = r.units.iter().map(|u| u.id).max().unwrap_or(0) + 1;
    r.apply(&out, next);
    Ok(())
}

pub(crate) fn unit<'a>(r: &'a Roster, warscroll: &str) -> &'a Unit {
    r.units
        .iter()
        .find(|u| u.warscroll == warscroll)
        .expect("unit on roster")
}

#[test]
fn warlord_starts_aspiring_with_5_renown_a_path_and_its_ability() {
    let r = roster_led_by("Knight-Questor");
    let w = r.warlord().unwrap();
    assert_eq!(w.renown, 5);
    assert_eq!(w.rank.as_deref(), Some("Aspiring"));
    assert_eq!(w.path.as_deref(), Some("warrior"));
    assert_eq!(
        w.abilities,
        vec![("Aspiring".to_string(), "berserker".to_string())]
    );
}

#[test]
fn warlord_must_be_a_single_model_non_unique_hero_within_350() {
    let p = pack();
    let f = host();
    let pick = |w: &str| {
        plan_warlord(
            &p,
            &f,
            NO_LEGENDS,
            &WarlordChoice {
                warscroll: w,
                name: None,
                path: "warrior",
                ability: "berserker",
            },
        )
    };
    let e = pick("Lord on Drake").unwrap_err();
    assert_eq!(e.rule, "warlord points");
    assert!(
        e.to_string().contains("351") && e.to_string().contains("350"),
        "{e}"
    );
    assert_eq!(pick("Famous Hero").unwrap_err().rule, "warlord");
    assert!(pick("Famous Hero").unwrap_err().to_string().contains("UNIQUE"));
    assert!(
        pick("Hero Retinue")
            .unwrap_err()
            .to_string()
            .contains("single model")
    );
    assert!(pick("Liberators").unwrap_err().to_string().contains("not a HERO"));
    assert!(
        pick("Knight Questor")
            .unwrap_err()
            .to_string()
            .contains("did you mean 'Knight-Questor'")
    );
}

#[test]
fn sons_of_behemat_ignore_the_warlord_points_cap() {
    let mut f = host();
    f.name = "Sons of Behemat".into();
    let choice = WarlordChoice {
        warscroll: "Lord on Drake",
        name: None,
        path: "leader",
        ability: "tactical-acumen",
    };
    assert!(plan_warlord(&pack(), &f, NO_LEGENDS, &choice).is_ok());
}

#[test]
fn warlord_path_must_fit_the_hero_and_the_ability_its_first_rank() {
    let p = pack();
    let f = host();
    let mage = WarlordChoice {
        warscroll: "Knight-Questor",
        name: None,
        path: "mage",
        ability: "eldritch-ward",
    };
    assert_eq!(
        plan_warlord(&p, &f, NO_LEGENDS, &mage).unwrap_err().rule,
        "path eligibility"
    );
    let wizard = WarlordChoice {
        warscroll: "Battle Mage",
        ..mage.clone()
    };
    assert!(plan_warlord(&p, &f, NO_LEGENDS, &wizard).is_ok());
    let elite = WarlordChoice {
        ability: "martial-expertise",
        path: "warrior",
        ..mage
    };
    assert_eq!(
        plan_warlord(&p, &f, NO_LEGENDS, &elite).unwrap_err().rule,
        "path abilities"
    );
}

#[test]
fn starting_order_of_battle_may_reach_exactly_1000_points() {
    let mut r = roster_led_by("Knight-Questor"); // 100
    add(&mut r, "Big Beast", false).unwrap(); // 400
    add(&mut r, "Big Beast", false).unwrap(); // 700
    add(&mut r, "Elite Guard", false).unwrap(); // 900
    add(&mut r, "Knight-Questor", false).unwrap(); // 1000
    assert_eq!(r.points(), 1000);
    let e = add(&mut r, "Liberators", false).unwrap_err();
    assert_eq!(e.rule, "starting points");
    assert!(
        e.to_string().contains("1090") && e.to_string().contains("by 90"),
        "{e}"
    );
}

#[test]
fn a_reinforced_unit_costs_double_and_size_1_units_cannot_be_reinforced() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", true).unwrap();
    let l = unit(&r, "Liberators");
    assert_eq!((l.cost(), l.models()), (180, 10));
    assert_eq!(r.points(), 280);
    let e = add(&mut r, "Big Beast", true).unwrap_err();
    assert_eq!(e.rule, "reinforced units");
    assert!(e.to_string().contains("minimum size of 1"), "{e}");
    let e = add(&mut r, "Elite Guard", true).unwrap_err();
    assert!(e.to_string().contains("cannot be reinforced"), "{e}");
}

#[test]
fn after_set_up_units_join_only_through_the_aftermath() {
    let mut r = roster_led_by("Knight-Questor");
    r.setup_complete = true;
    let e = add(&mut r, "Liberators", false).unwrap_err();
    assert!(e.to_string().contains("aftermath"), "{e}");
}

fn enhance(r: &mut Roster, warscroll: &str, name: &str, reason: Option<&str>) -> Result<(), RuleError> {
    let u = unit(r, warscroll).clone();
    let out = plan_enhancement(&host(), r, &u, name, reason)?;
    r.apply(&out, 100);
    Ok(())
}

#[test]
fn one_starting_enhancement_per_table_then_only_earned_ones() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    enhance(&mut r, "Knight-Questor", "stoic", None).unwrap();
    assert_eq!(unit(&r, "Knight-Questor").enhancements[0].name, "Stoic");
    let e = enhance(&mut r, "Battle Mage", "Bold", None).unwrap_err();
    assert!(e.to_string().contains("starting pick from Heroic Traits"), "{e}");
    enhance(
        &mut r,
        "Battle Mage",
        "Bold",
        Some("Rise of a Champion completed"),
    )
    .unwrap();
    enhance(&mut r, "Battle Mage", "Old Blade", None).unwrap();
}

#[test]
fn an_enhancement_appears_once_and_a_unit_holds_one_per_table() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    enhance(&mut r, "Knight-Questor", "Stoic", None).unwrap();
    let e = enhance(&mut r, "Battle Mage", "Stoic", Some("quest")).unwrap_err();
    assert!(e.to_string().contains("same enhancement twice"), "{e}");
    let e = enhance(&mut r, "Knight-Questor", "Bold", Some("quest")).unwrap_err();
    assert!(e.to_string().contains("same table"), "{e}");
}

#[test]
fn a_unique_warscroll_joins_an_order_of_battle_once() {
    use crate::rules::aftermath::{Choices, Fought, plan_aftermath};
    use crate::rules::battle::BattleResult;
    use crate::rules::dice::TypedDice;
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Famous Hero", false).unwrap();
    let e = add(&mut r, "Famous Hero", false).unwrap_err();
    assert_eq!(e.rule, "unique units");
    assert!(
        e.to_string()
            .contains("already on the Order of Battle as Famous Hero (#2)"),
        "{e}"
    );
    add(&mut r, "Liberators", false).unwrap();
    add(&mut r, "Liberators", false).expect("only UNIQUE warscrolls are held once");

    r.setup_complete = true;
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
        add_units: vec!["Famous Hero".into()],
        ..Choices::default()
    };
    r.glory = 500;
    let mut dice = TypedDice::new([1]);
    let e = plan_aftermath(&pack(), &host(), &r, &fought, &choices, &mut dice).unwrap_err();
    assert_eq!(e.rule, "unique units");
    assert!(e.to_string().contains("Famous Hero (#2)"), "{e}");
    // Once the copy is retired it has left the Order of Battle, and another may join.
    r.units[1].retired = true;
    let mut dice = TypedDice::new([1]);
    assert!(plan_aftermath(&pack(), &host(), &r, &fought, &choices, &mut dice).is_ok());
    // A second copy that got in anyway (an older database) is a broken rule.
    r.units[1].retired = false;
    let mut twin = r.units[1].clone();
    twin.id = 9;
    r.units.push(twin);
    let problems = check(&pack(), &crate::rules::roster::Factions::alone(&host()), &r).problems;
    assert!(
        problems.iter().any(|p| p.rule == "unique units"
            && p.message
                .for_cli()
                .contains("Famous Hero (#2) is UNIQUE and Famous Hero (#9)")),
        "{problems:?}"
    );
}

#[test]
fn unique_and_ineligible_units_get_no_enhancements() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Famous Hero", false).unwrap();
    add(&mut r, "Liberators", false).unwrap();
    let e = enhance(&mut r, "Famous Hero", "Stoic", None).unwrap_err();
    assert!(e.to_string().contains("UNIQUE"), "{e}");
    let e = enhance(&mut r, "Liberators", "Stoic", None).unwrap_err();
    assert!(e.to_string().contains("cannot take Stoic"), "{e}");
    assert!(unit(&r, "Famous Hero").enhancements.is_empty());
}

fn tome(
    r: &mut Roster,
    kind: LoreKind,
    name: &str,
    replace: Option<&str>,
    reason: Option<&str>,
) -> Result<(), RuleError> {
    let out = plan_tome_entry(&pack(), &host(), r, kind, name, replace, reason)?;
    r.apply(&out, 100);
    Ok(())
}

#[test]
fn the_first_wizard_brings_one_spell_and_one_manifestation() {
    let mut r = roster_led_by("Knight-Questor");
    let e = tome(&mut r, LoreKind::Spell, "Bolt", None, None).unwrap_err();
    assert!(e.to_string().contains("add a WIZARD"), "{e}");
    add(&mut r, "Battle Mage", false).unwrap();
    tome(&mut r, LoreKind::Spell, "bolt", None, None).unwrap();
    tome(&mut r, LoreKind::Manifestation, "Floating Sword", None, None).unwrap();
    let e = tome(&mut r, LoreKind::Spell, "Ward", None, None).unwrap_err();
    assert!(e.to_string().contains("--reason"), "{e}");
    assert_eq!(r.tome[0].value, Some(7));
    assert!(tome(&mut r, LoreKind::Prayer, "Bolt", None, None).is_err());
}

#[test]
fn a_lore_holds_six_and_a_seventh_needs_replace() {
    let mut r = roster_led_by("Battle Mage");
    for s in ["Bolt", "Ward", "Haste", "Gloom", "Flare", "Storm"] {
        tome(&mut r, LoreKind::Spell, s, None, Some("quest")).unwrap();
    }
    let e = tome(&mut r, LoreKind::Spell, "Quake", None, Some("quest")).unwrap_err();
    assert_eq!(e.rule, "lore capacity");
    assert!(e.to_string().contains("--replace"), "{e}");
    tome(&mut r, LoreKind::Spell, "Quake", Some("haste"), Some("quest")).unwrap();
    let names: Vec<_> = r.tome(LoreKind::Spell).map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["Bolt", "Ward", "Gloom", "Flare", "Storm", "Quake"]);
}

#[test]
fn quests_name_the_right_unit() {
    let p = pack();
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", false).unwrap();
    let lib = unit(&r, "Liberators").clone();
    let lord = unit(&r, "Knight-Questor").clone();
    assert!(
        plan_quest(&p, &f, &r, "Seek Glory in Battle", None, None)
            .unwrap_err()
            .to_string()
            .contains("--unit")
    );
    assert!(plan_quest(&p, &f, &r, "Search for the Artefact", Some(&lib), None).is_err());
    let e = plan_quest(&p, &f, &r, "Rise of a Champion", Some(&lib), None).unwrap_err();
    assert!(e.to_string().contains("must be a HERO"), "{e}");
    enhance(&mut r, "Knight-Questor", "Stoic", None).unwrap();
    let lord_with_trait = unit(&r, "Knight-Questor").clone();
    let e = plan_quest(&p, &f, &r, "Rise of a Champion", Some(&lord_with_trait), None).unwrap_err();
    assert!(e.to_string().contains("already has a heroic trait"), "{e}");
    let out = plan_quest(&p, &f, &r, "seek glory in battle", Some(&lib), None).unwrap();
    r.apply(&out, 100);
    assert_eq!(
        r.quest.as_ref().map(|q| (q.quest.as_str(), q.unit)),
        Some(("Seek Glory in Battle", Some(lib.id)))
    );
    let replaced = plan_quest(&p, &f, &r, "Rise of a Champion", Some(&lord), None).unwrap();
    assert!(
        matches!(&replaced.changes[0], Change::DropQuest { quest, .. } if quest == "Seek Glory in Battle")
    );
}

#[test]
fn one_quest_at_a_time_replaced_only_during_set_up() {
    let p = pack();
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    let out = plan_quest(&p, &f, &r, "Search for the Artefact", None, None).unwrap();
    r.apply(&out, 100);
    let out = plan_quest(&p, &f, &r, "Master Magical Lore", None, None).unwrap();
    assert!(matches!(out.changes[0], Change::DropQuest { .. }));
    r.setup_complete = true;
    let e = plan_quest(&p, &f, &r, "Master Magical Lore", None, None).unwrap_err();
    assert!(e.to_string().contains("abandon"), "{e}");
}

#[test]
fn harness_manifestation_adds_a_wild_entry() {
    let p = pack();
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    assert!(plan_quest(&p, &f, &r, "Harness Manifestation", None, None).is_err());
    let out = plan_quest(&p, &f, &r, "Harness Manifestation", None, Some("Glowing Orb")).unwrap();
    r.apply(&out, 100);
    assert!(r.tome[0].wild);
    assert_eq!(r.quest.as_ref().unwrap().quest, "Harness Manifestation");
}

#[test]
fn check_reports_broken_rules_and_open_set_up_steps() {
    let p = pack();
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    let report = check(&p, &crate::rules::roster::Factions::alone(&f), &r);
    assert!(report.problems.is_empty(), "{:?}", report.problems);
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.for_cli().contains("no current quest"))
    );
    assert!(report.notes.iter().any(|n| n.for_cli().contains("Heroic Traits")));
    assert!(
        report
            .notes
            .iter()
            .any(|n| n.for_cli().contains("a spell from the first WIZARD"))
    );
    // Points raised by a new battlescroll push the roster over the limit.
    let mut f2 = f.clone();
    f2.units.iter_mut().for_each(|u| u.points *= 9);
    r.units.iter_mut().for_each(|u| u.points *= 9);
    r.units[0].keywords.push("UNIQUE".into());
    let report = check(&p, &crate::rules::roster::Factions::alone(&f2), &r);
    let rules: Vec<_> = report.problems.iter().map(|p| p.rule).collect();
    assert!(rules.contains(&"starting points"), "{rules:?}");
    assert!(rules.contains(&"warlord points"), "{rules:?}");
    assert!(rules.contains(&"warlord"), "{rules:?}");
    // A single-model unit recorded as reinforced is reported with the reason.
    r.units[1].reinforced = true;
    let report = check(&p, &crate::rules::roster::Factions::alone(&f), &r);
    let reinforced: Vec<_> = report
        .problems
        .iter()
        .filter(|p| p.rule == "reinforced units")
        .collect();
    assert_eq!(reinforced.len(), 1, "{:?}", report.problems);
    assert!(
        reinforced[0].message.for_cli().contains("Battle Mage"),
        "{}",
        reinforced[0].message
    );
    assert!(
        reinforced[0]
            .message
            .for_cli()
            .contains("minimum size of 1 model"),
        "{}",
        reinforced[0].message
    );
}

/// What the roster is owed, as (reward, source).
fn owed(r: &Roster) -> Vec<(QuestReward, &str)> {
    r.rewards.iter().map(|d| (d.reward, d.source.as_str())).collect()
}

const FIRST_WIZARD: &str = "the first WIZARD on the Order of Battle";
const FIRST_PRIEST: &str = "the first PRIEST on the Order of Battle";

/// The test host with a PRIEST and a prayer lore.
pub(crate) fn host_with_priests() -> Faction {
    let mut f = host();
    f.units.push(crate::catalogue::Warscroll {
        name: "War Priest".into(),
        id: String::new(),
        points: 100,
        unit_size: 1,
        reinforceable: false,
        keywords: vec!["HERO".into(), "PRIEST (1)".into()],
        ..Default::default()
    });
    f.lores.push(crate::catalogue::Lore {
        name: "Prayers of Tests".into(),
        kind: LoreKind::Prayer,
        entries: ["Bless", "Smite"]
            .map(|n| crate::catalogue::LoreEntry {
                name: n.into(),
                value: Some(4),
            })
            .to_vec(),
    });
    f
}

#[test]
fn the_first_wizard_at_set_up_owes_one_spell_and_one_manifestation() {
    let mut r = roster_led_by("Knight-Questor");
    assert_eq!(owed(&r), []);
    add(&mut r, "Battle Mage", false).unwrap();
    assert_eq!(
        owed(&r),
        [
            (QuestReward::Spell, FIRST_WIZARD),
            (QuestReward::Manifestation, FIRST_WIZARD)
        ]
    );
    let out = plan_tome_entry(&pack(), &host(), &r, LoreKind::Spell, "Bolt", None, None).unwrap();
    assert!(
        matches!(
            &out.changes[0],
            Change::ClaimReward {
                reward: QuestReward::Spell,
                ..
            }
        ),
        "the pick uses up what is owed: {:?}",
        out.changes
    );
    r.apply(&out, 100);
    tome(&mut r, LoreKind::Manifestation, "Floating Sword", None, None).unwrap();
    assert_eq!(owed(&r), []);
    for (kind, name) in [
        (LoreKind::Spell, "Ward"),
        (LoreKind::Manifestation, "Glowing Orb"),
    ] {
        let e = tome(&mut r, kind, name, None, None).unwrap_err();
        assert!(
            e.to_string().contains("already chosen") && e.to_string().contains("--reason"),
            "{e}"
        );
    }
}

#[test]
fn a_second_wizard_owes_nothing_more() {
    let mut r = roster_led_by("Battle Mage");
    assert_eq!(owed(&r).len(), 2, "a WIZARD warlord is the first WIZARD");
    let out = plan_add_unit(&pack(), &host(), &r, "Battle Mage", false, None, None).unwrap();
    assert!(
        !out.changes
            .iter()
            .any(|c| matches!(c, Change::GrantReward { .. })),
        "{:?}",
        out.changes
    );
    // Not even once the first has gone: the picks came with the first WIZARD ever added.
    r.units[0].retired = true;
    let out = plan_add_unit(&pack(), &host(), &r, "Battle Mage", false, None, None).unwrap();
    assert!(
        !out.changes
            .iter()
            .any(|c| matches!(c, Change::GrantReward { .. }))
    );
}

#[test]
fn a_first_priest_added_later_owes_a_prayer_and_a_manifestation_of_its_own() {
    let f = host_with_priests();
    let mut r = roster_led_by("Battle Mage");
    for (kind, name) in [
        (LoreKind::Spell, "Bolt"),
        (LoreKind::Manifestation, "Floating Sword"),
    ] {
        let out = plan_tome_entry(&pack(), &f, &r, kind, name, None, None).unwrap();
        r.apply(&out, 100);
    }
    r.setup_complete = true;
    let out = plan_add_unit(&pack(), &f, &r, "War Priest", false, None, None);
    assert!(out.is_err(), "after set-up units join in the aftermath");
    // The aftermath adds it (see the aftermath's test); here, its arrival as an outcome.
    let mut out = Outcome::new("aftermath");
    out.push(Change::AddUnit {
        unit: NewUnit::from_warscroll(f.unit("War Priest").unwrap(), None, false),
    });
    grant_starting_picks(&r.units, &mut out);
    r.apply(&out, 10);
    assert_eq!(
        owed(&r),
        [
            (QuestReward::Prayer, FIRST_PRIEST),
            (QuestReward::Manifestation, FIRST_PRIEST)
        ]
    );
    for (kind, name) in [
        (LoreKind::Prayer, "Smite"),
        (LoreKind::Manifestation, "Glowing Orb"),
    ] {
        let out = plan_tome_entry(&pack(), &f, &r, kind, name, None, None).unwrap();
        r.apply(&out, 100);
    }
    assert_eq!(owed(&r), []);
    let e = plan_tome_entry(&pack(), &f, &r, LoreKind::Prayer, "Bless", None, None).unwrap_err();
    assert!(e.to_string().contains("already chosen"), "{e}");
}

#[test]
fn a_harnessed_wild_manifestation_does_not_use_the_starting_pick() {
    let p = pack();
    let f = host();
    let mut r = roster_led_by("Battle Mage");
    let out = plan_quest(&p, &f, &r, "Harness Manifestation", None, Some("Glowing Orb")).unwrap();
    r.apply(&out, 100);
    assert!(r.tome[0].wild);
    assert!(
        owed(&r).contains(&(QuestReward::Manifestation, FIRST_WIZARD)),
        "{:?}",
        owed(&r)
    );
    tome(&mut r, LoreKind::Manifestation, "Floating Sword", None, None).unwrap();
    let names: Vec<_> = r
        .tome(LoreKind::Manifestation)
        .map(|e| (e.name.as_str(), e.wild))
        .collect();
    assert_eq!(names, [("Glowing Orb", true), ("Floating Sword", false)]);
}
