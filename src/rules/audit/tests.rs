use super::*;
use crate::catalogue::{EnhancementKind, LoreKind};
use crate::rules::change::NewUnit;
use crate::rules::log::{LoggedChange, LoggedSet};
use crate::rules::model::{Enhancement, TomeEntry, Unit};
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::{add, empty_roster, host, roster_led_by};
use crate::rules::{Change, UnitRef};

/// A logged change to roster 1, its kind the change's tag as the store writes it.
pub(crate) fn ch(id: i64, unit: Option<i64>, change: Change) -> LoggedChange {
    let kind = serde_json::to_value(&change)
        .ok()
        .and_then(|v| v["kind"].as_str().map(str::to_string))
        .unwrap_or_default();
    LoggedChange {
        id,
        roster_id: Some(1),
        unit_id: unit,
        kind,
        description: String::new(),
        roll_id: None,
        change: Some(change),
    }
}

pub(crate) fn set(id: i64, command: &str, changes: Vec<LoggedChange>) -> LoggedSet {
    LoggedSet {
        id,
        campaign_id: Some(1),
        roster_id: Some(1),
        roster: None,
        campaign: None,
        battle_id: None,
        command: command.into(),
        summary: String::new(),
        created_at: "2026-11-24T05:27:57Z".into(),
        undoes: None,
        undone_by: None,
        changes,
    }
}

fn gain_glory(amount: u32) -> Change {
    Change::GainGlory {
        amount,
        reason: "test".into(),
    }
}

fn spend_glory(amount: u32) -> Change {
    Change::SpendGlory {
        amount,
        reason: "test".into(),
    }
}

fn gain_renown(unit: i64, amount: u32) -> Change {
    Change::GainRenown {
        unit: UnitRef::Existing(unit),
        amount,
        reason: "test".into(),
        roll: None,
    }
}

fn lose_renown(unit: i64, amount: u32) -> Change {
    Change::LoseRenown {
        unit: UnitRef::Existing(unit),
        amount,
        reason: "undo".into(),
    }
}

fn add_unit(warscroll: &str) -> Change {
    let w = host().unit(warscroll).cloned().expect("test faction unit");
    Change::AddUnit {
        unit: NewUnit::from_warscroll(&w, None, false),
    }
}

/// The log `roster_led_by` stands for: the warlord (#1) joins with 5 renown.
fn warlord_log() -> Vec<LoggedSet> {
    vec![set(
        1,
        "roster new",
        vec![
            ch(1, Some(1), add_unit("Knight-Questor")),
            ch(2, Some(1), gain_renown(1, 5)),
        ],
    )]
}

fn checks(findings: &[Finding]) -> Vec<Check> {
    findings.iter().map(|f| f.check).collect()
}

#[test]
fn a_roster_that_matches_its_log_has_no_findings() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", true).unwrap();
    let rolls = BTreeSet::new();
    let log = warlord_log();
    let army = ArmyTaken {
        battle_id: 1,
        points_limit: 1000,
        set: Some(3),
        units: vec![1, 2],
        roster_then: UnitCosts::of(&r),
    };
    let ev = RosterEvidence {
        stored: &r,
        log: &log,
        starting: Some(&r),
        armies: std::slice::from_ref(&army),
        battles: &[],
        rolls: &rolls,
        results: &[],
        rebuilt: Some(&r),
        stored_rolls: &[],
        kept: Kept::default(),
        claimed: &[],
    };
    assert_eq!(
        audit_roster(&pack(), Some(&Factions::alone(&host())), &ev),
        RosterAudit::default()
    );
}

#[test]
fn a_starting_order_of_battle_over_1000_points_is_found() {
    let r = roster_led_by("Knight-Questor");
    let mut start = r.clone();
    for id in 2..=5 {
        start.units.push(Unit::new(id, host().unit("Big Beast").unwrap()));
    }
    // 100 + 4 x 300 = 1300.
    let found = starting_order_of_battle(&pack(), Some(&host()), &r, &start);
    assert_eq!(checks(&found), [Check::StartingPoints]);
    assert!(
        found[0].message.for_cli().contains("1300 points"),
        "{}",
        found[0].message
    );
    assert!(
        found[0].message.for_cli().contains("by 300"),
        "{}",
        found[0].message
    );
    assert_eq!(found[0].roster, "Hammers");

    // Units retired since do not count; exactly 1000 is fine.
    let mut start = r.clone();
    for id in 2..=4 {
        start.units.push(Unit::new(id, host().unit("Big Beast").unwrap()));
    }
    assert_eq!(start.points(), 1000);
    assert_eq!(starting_order_of_battle(&pack(), Some(&host()), &r, &start), []);
}

#[test]
fn a_starting_warlord_the_rules_forbid_is_found() {
    let mut start = empty_roster();
    let mut drake = Unit::new(1, host().unit("Lord on Drake").unwrap());
    drake.warlord = true;
    start.units.push(drake);
    let found = starting_order_of_battle(&pack(), Some(&host()), &start, &start);
    assert_eq!(checks(&found), [Check::Warlord]);
    assert!(
        found[0].message.for_cli().contains("351 points"),
        "{}",
        found[0].message
    );
    assert_eq!(found[0].unit_id, Some(1));

    let mut start = empty_roster();
    let mut retinue = Unit::new(1, host().unit("Hero Retinue").unwrap());
    retinue.warlord = true;
    start.units.push(retinue);
    let found = starting_order_of_battle(&pack(), Some(&host()), &start, &start);
    assert_eq!(checks(&found), [Check::Warlord]);
    assert!(
        found[0].message.for_cli().contains("single model"),
        "{}",
        found[0].message
    );

    let leaderless = empty_roster();
    let found = starting_order_of_battle(&pack(), Some(&host()), &leaderless, &leaderless);
    assert_eq!(checks(&found), [Check::Warlord]);
    assert!(found[0].message.for_cli().contains("no warlord"));
}

#[test]
fn without_the_faction_data_the_warlord_rules_are_reported_unchecked() {
    let r = roster_led_by("Knight-Questor");
    let found = starting_order_of_battle(&pack(), None, &r, &r);
    assert_eq!(checks(&found), [Check::FactionData]);
}

#[test]
fn legends_units_not_allowed_fail_the_audit_and_units_the_data_dropped_are_only_noted() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", false).unwrap();
    add(&mut r, "Elite Guard", false).unwrap();
    // The data now marks the Liberators Legends, and no longer has the Elite Guard.
    let mut now = host();
    now.units
        .iter_mut()
        .find(|u| u.name == "Liberators")
        .unwrap()
        .legends = true;
    now.units.retain(|u| u.name != "Elite Guard");
    let (found, notes) = current_data(&Factions::alone(&now), &r);
    assert_eq!(checks(&found), [Check::Legends]);
    assert_eq!(found[0].unit_id, Some(2));
    assert_eq!(checks(&notes), [Check::NotInCurrentData]);
    assert_eq!(notes[0].unit_id, Some(3));

    r.legends_allowed = true;
    let (found, notes) = current_data(&Factions::alone(&now), &r);
    assert!(found.is_empty(), "{found:?}");
    assert_eq!(notes.len(), 1, "still not in the data");
}

#[test]
fn an_army_over_its_battles_limit_at_that_battles_costs_is_found() {
    let mut then = roster_led_by("Knight-Questor");
    add(&mut then, "Liberators", false).unwrap();
    let r = then.clone();
    let army = ArmyTaken {
        battle_id: 2,
        points_limit: 150,
        set: Some(9),
        units: vec![1, 2],
        roster_then: UnitCosts::of(&then),
    };
    // 100 + 90 = 190.
    let found = army_points(&r, &army);
    assert_eq!(checks(&found), [Check::ArmyPoints]);
    assert_eq!((found[0].battle, found[0].set), (Some(2), Some(9)));
    assert!(
        found[0].message.for_cli().contains("190 points"),
        "{}",
        found[0].message
    );
    assert!(found[0].message.for_cli().contains("150-point limit by 40"));

    // Costs are those of the battle: reinforced later does not count against it.
    let army = ArmyTaken {
        points_limit: 190,
        ..army
    };
    let mut now = r.clone();
    now.units[1].reinforced = true;
    assert_eq!(army_points(&now, &army), []);

    // Reinforced at the time does.
    let mut then_reinforced = then.clone();
    then_reinforced.units[1].reinforced = true;
    let army = ArmyTaken {
        roster_then: UnitCosts::of(&then_reinforced),
        ..army
    };
    assert_eq!(checks(&army_points(&r, &army)), [Check::ArmyPoints]);
}

#[test]
fn an_army_unit_missing_from_the_order_of_battle_then_is_found() {
    let r = roster_led_by("Knight-Questor");
    let army = ArmyTaken {
        battle_id: 1,
        points_limit: 1000,
        set: None,
        units: vec![1, 7],
        roster_then: UnitCosts::of(&r),
    };
    let found = army_points(&r, &army);
    assert_eq!(checks(&found), [Check::ArmyUnits]);
    assert_eq!(found[0].unit_id, Some(7));
}

#[test]
fn glory_must_add_up_and_never_go_below_zero() {
    let mut r = roster_led_by("Knight-Questor");
    r.glory = 15;
    let log = vec![
        set(1, "aftermath", vec![ch(1, None, gain_glory(10))]),
        set(
            2,
            "aftermath",
            vec![ch(2, None, spend_glory(15)), ch(3, None, spend_glory(1))],
        ),
        set(3, "aftermath", vec![ch(4, None, gain_glory(21))]),
    ];
    let found = glory(&r, &log);
    assert_eq!(checks(&found), [Check::NegativeGlory], "one finding per set");
    assert_eq!(found[0].set, Some(2));
    assert!(
        found[0].message.for_cli().contains("fell to -5"),
        "{}",
        found[0].message
    );

    r.glory = 999;
    let found = glory(&r, &log);
    assert_eq!(checks(&found), [Check::NegativeGlory, Check::GloryBalance]);
    assert!(
        found[1]
            .message
            .for_cli()
            .contains("stored glory is 999, but the change log adds up to 15"),
        "{}",
        found[1].message
    );

    // Earned before spent, in order, and another roster's glory is not ours.
    r.glory = 5;
    let mut theirs = ch(3, None, gain_glory(50));
    theirs.roster_id = Some(2);
    let log = vec![set(
        1,
        "aftermath",
        vec![ch(1, None, gain_glory(10)), ch(2, None, spend_glory(5)), theirs],
    )];
    assert_eq!(glory(&r, &log), []);
}

#[test]
fn the_kept_glory_earned_must_equal_the_gains_in_force() {
    let r = roster_led_by("Knight-Questor");
    // 10 earned and kept; 20 earned, then undone (its undo spends them back); an undone
    // spending's undo gains 5 back, which the league table never counted as earned.
    let mut undone = set(2, "aftermath", vec![ch(2, None, gain_glory(20))]);
    undone.undone_by = Some(3);
    let mut undo = set(3, "undo", vec![ch(3, None, spend_glory(20))]);
    undo.undoes = Some(2);
    let mut regained = set(5, "undo", vec![ch(5, None, gain_glory(5))]);
    regained.undoes = Some(4);
    let mut theirs = ch(6, None, gain_glory(50));
    theirs.roster_id = Some(2);
    let log = vec![
        set(1, "aftermath", vec![ch(1, None, gain_glory(10)), theirs]),
        undone,
        undo,
        regained,
    ];
    assert_eq!(glory_earned(&r, &log, 10), []);
    let found = glory_earned(&r, &log, 30);
    assert_eq!(checks(&found), [Check::GloryEarned]);
    assert!(
        found[0]
            .message
            .for_cli()
            .contains("glory earned is 30, but the change sets in force gain 10"),
        "{}",
        found[0].message
    );
}

#[test]
fn the_kept_record_must_equal_the_battles_results() {
    use crate::rules::battle::BattleResult::{Draw, MajorDefeat, MajorVictory};
    let r = roster_led_by("Knight-Questor");
    let results = [MajorVictory, Draw, MajorVictory, MajorDefeat];
    let kept = Record::of(results);
    assert_eq!((kept.played, kept.major_victories), (4, 2));
    assert_eq!(record(&r, &results, kept), []);
    let drifted = Record {
        draws: 0,
        minor_victories: 1,
        ..kept
    };
    let found = record(&r, &results, drifted);
    assert_eq!(checks(&found), [Check::LeagueRecord]);
    assert!(
        found[0].message.for_cli().contains(
            "record is 4 played: 2 major and 1 minor victories, 0 draws, 0 minor and 1 major \
             defeats, but its battles' results are 4 played: 2 major and 0 minor victories, 1 draws"
        ),
        "{}",
        found[0].message
    );
}

#[test]
fn renown_must_equal_logged_gains_less_losses() {
    let mut r = roster_led_by("Knight-Questor");
    let mut log = warlord_log();
    log.push(set(2, "aftermath", vec![ch(3, Some(1), gain_renown(1, 4))]));
    log.push(set(3, "undo", vec![ch(4, Some(1), lose_renown(1, 4))]));
    assert_eq!(r.units[0].renown, 5);
    assert_eq!(renown(&r, &log), []);

    r.units[0].renown = 40;
    let found = renown(&r, &log);
    assert_eq!(checks(&found), [Check::Renown]);
    assert_eq!(found[0].unit_id, Some(1));
    assert!(
        found[0].message.for_cli().contains("40 renown stored"),
        "{}",
        found[0].message
    );
    assert!(found[0].message.for_cli().contains("add up to 5"));
}

#[test]
fn a_stored_rank_must_be_the_rank_its_renown_gives() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", false).unwrap();
    assert_eq!(ranks(&pack(), &r), [], "5 renown: Aspiring; 0: no rank");

    r.units[0].rank = Some("Legendary".into());
    let found = ranks(&pack(), &r);
    assert_eq!(checks(&found), [Check::Rank]);
    assert!(
        found[0].message.for_cli().contains("stored as Legendary"),
        "{}",
        found[0].message
    );
    assert!(found[0].message.for_cli().contains("makes it Aspiring"));

    r.units[0].rank = Some("Aspiring".into());
    r.units[1].renown = 15;
    let found = ranks(&pack(), &r);
    assert_eq!(checks(&found), [Check::Rank]);
    assert!(
        found[0]
            .message
            .for_cli()
            .contains("stored as unranked, but 15 renown makes it Elite")
    );
}

#[test]
fn an_aftermath_may_add_one_unit_and_reinforce_one() {
    let r = roster_led_by("Knight-Questor");
    let reinforce = |n| Change::Reinforce {
        unit: UnitRef::New(n),
    };
    let one_each = set(
        5,
        "aftermath",
        vec![
            ch(1, None, spend_glory(0)),
            ch(2, Some(2), add_unit("Liberators")),
            ch(3, Some(2), reinforce(0)),
        ],
    );
    assert_eq!(
        aftermath_purchases(&pack(), &r, std::slice::from_ref(&one_each)),
        []
    );

    let mut two_adds = one_each.clone();
    two_adds.battle_id = Some(3);
    two_adds.changes.push(ch(4, Some(3), add_unit("Liberators")));
    two_adds.changes.push(ch(5, Some(3), reinforce(1)));
    let found = aftermath_purchases(&pack(), &r, &[two_adds.clone()]);
    assert_eq!(
        checks(&found),
        [Check::AftermathPurchases, Check::AftermathPurchases]
    );
    assert_eq!((found[0].battle, found[0].set), (Some(3), Some(5)));
    assert!(
        found[0].message.for_cli().contains("added 2 units"),
        "{}",
        found[0].message
    );
    assert!(
        found[1].message.for_cli().contains("reinforced 2 units"),
        "{}",
        found[1].message
    );

    // An aftermath later undone, and set-up commands, are not held to it.
    let undone = LoggedSet {
        undone_by: Some(99),
        ..two_adds.clone()
    };
    assert_eq!(aftermath_purchases(&pack(), &r, &[undone]), []);
    let setup = LoggedSet {
        command: "roster add".into(),
        ..two_adds
    };
    assert_eq!(aftermath_purchases(&pack(), &r, &[setup]), []);
}

#[test]
fn the_same_enhancement_twice_on_the_order_of_battle_is_found() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    let blade = Enhancement {
        table: "Artefacts of Power".into(),
        kind: EnhancementKind::Artefact,
        name: "Old Blade".into(),
    };
    r.units[0].enhancements.push(blade.clone());
    assert_eq!(enhancements(&r), []);

    r.units[1].enhancements.push(Enhancement {
        table: "Heroic Traits".into(),
        ..blade.clone()
    });
    let found = enhancements(&r);
    assert_eq!(checks(&found), [Check::Enhancements]);
    assert_eq!(found[0].unit_id, Some(2));
    assert!(
        found[0].message.for_cli().contains("Old Blade"),
        "{}",
        found[0].message
    );

    // A retired unit's enhancement has left the Order of Battle.
    r.units[0].retired = true;
    assert_eq!(enhancements(&r), []);
}

#[test]
fn a_lore_over_six_entries_is_found() {
    let mut r = roster_led_by("Knight-Questor");
    let entry = |i: u32| TomeEntry {
        kind: LoreKind::Spell,
        name: format!("Spell {i}"),
        lore: "Lore of Tests".into(),
        value: Some(6),
        wild: false,
    };
    r.tome.extend((1..=6).map(entry));
    r.tome.push(TomeEntry {
        kind: LoreKind::Prayer,
        ..entry(0)
    });
    assert_eq!(lores(&pack(), &r), []);

    r.tome.push(entry(7));
    let found = lores(&pack(), &r);
    assert_eq!(checks(&found), [Check::LoreCapacity]);
    assert!(
        found[0].message.for_cli().contains("spell lore holds 7"),
        "{}",
        found[0].message
    );
}

#[test]
fn a_roll_missing_from_the_dice_log_is_found() {
    let r = roster_led_by("Knight-Questor");
    let mut renown_roll = ch(7, Some(1), gain_renown(1, 2));
    renown_roll.roll_id = Some(12);
    let mut log = vec![set(4, "aftermath", vec![renown_roll])];
    log[0].battle_id = Some(2);
    let rolls: BTreeSet<i64> = [11, 12].into();
    assert_eq!(dice_log(&r, &log, &rolls), []);

    let rolls: BTreeSet<i64> = [11].into();
    let found = dice_log(&r, &log, &rolls);
    assert_eq!(checks(&found), [Check::DiceLog]);
    assert_eq!(
        (found[0].battle, found[0].set, found[0].unit_id),
        (Some(2), Some(4), Some(1))
    );
    assert!(
        found[0].message.for_cli().contains("roll 12"),
        "{}",
        found[0].message
    );
}

#[test]
fn an_unreadable_change_is_found() {
    let r = roster_led_by("Knight-Questor");
    let mut log = warlord_log();
    log[0].changes[0].change = None;
    let found = unreadable_changes(&r, &log);
    assert_eq!(checks(&found), [Check::ChangeLog]);
    assert!(
        found[0]
            .message
            .for_cli()
            .contains("change 1 in set 1 (roster new)")
    );
}

#[test]
fn starting_lore_picks_are_only_those_the_first_wizard_and_priest_bring() {
    use crate::catalogue::battlepack::QuestReward;
    let grant = |reward| Change::GrantReward {
        reward,
        source: "the first WIZARD on the Order of Battle".into(),
        unit: None,
    };
    let pick = |name: &str, reason: &str| Change::AddToTome {
        lore_kind: LoreKind::Manifestation,
        name: name.into(),
        lore: "Manifestations of Tests".into(),
        value: None,
        wild: reason.contains("Harness"),
        reason: reason.into(),
    };
    // No WIZARD on the roster: an aftermath granting a WIZARD's picks left them orphaned...
    let r = roster_led_by("Knight-Questor");
    let mut log = warlord_log();
    log.push(set(
        2,
        "aftermath",
        vec![
            ch(3, None, grant(QuestReward::Spell)),
            ch(4, None, grant(QuestReward::Manifestation)),
        ],
    ));
    let found = starting_lore_picks(&r, &log);
    assert_eq!(
        checks(&found),
        [Check::StartingLorePicks, Check::StartingLorePicks]
    );
    assert!(
        found[0].message.for_cli().contains("1 starting spell(s)")
            && found[0].message.for_cli().contains("bring 0"),
        "{}",
        found[0].message
    );
    assert_eq!(found[0].set, Some(2));
    // ... but undone (with the WIZARD it added), they are not in force.
    log[1].undone_by = Some(3);
    assert_eq!(starting_lore_picks(&r, &log), []);

    // With the WIZARD: its picks, one taken by an older ptg as a "starting pick", and a Wild
    // manifestation from Harness Manifestation, which is no starting pick.
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    log[1].undone_by = None;
    log.push(set(
        4,
        "quest start",
        vec![ch(5, None, pick("Glowing Orb", "Harness Manifestation begun"))],
    ));
    assert_eq!(starting_lore_picks(&r, &log), []);
    log.push(set(
        5,
        "roster lore add",
        vec![ch(6, None, pick("Floating Sword", "starting pick"))],
    ));
    let found = starting_lore_picks(&r, &log);
    assert_eq!(checks(&found), [Check::StartingLorePicks]);
    assert!(
        found[0].message.for_cli().contains("2 starting manifestation(s)"),
        "{}",
        found[0].message
    );
}

#[test]
fn starting_picks_forfeited_with_their_only_wizard_no_longer_count() {
    use crate::catalogue::battlepack::QuestReward;
    let source = || "the first WIZARD on the Order of Battle".to_string();
    let grant = |reward| Change::GrantReward {
        reward,
        source: source(),
        unit: None,
    };
    let forfeit = |reward_id, reward| Change::ForfeitReward {
        reward_id,
        reward,
        source: source(),
    };
    // The Battle Mage (#2) that brought the picks was taken off again at set-up.
    let r = roster_led_by("Knight-Questor");
    let mut log = warlord_log();
    log.push(set(
        2,
        "roster add",
        vec![
            ch(3, Some(2), add_unit("Battle Mage")),
            ch(4, None, grant(QuestReward::Spell)),
            ch(5, None, grant(QuestReward::Manifestation)),
        ],
    ));
    log.push(set(
        3,
        "roster remove",
        vec![
            ch(6, None, forfeit(1, QuestReward::Spell)),
            ch(7, None, forfeit(2, QuestReward::Manifestation)),
        ],
    ));
    assert_eq!(starting_lore_picks(&r, &log), []);
    // Undone, the removal forfeits nothing: the picks count again (and the unit is back).
    log[2].undone_by = Some(4);
    assert_eq!(
        checks(&starting_lore_picks(&r, &log)),
        [Check::StartingLorePicks, Check::StartingLorePicks]
    );
}
