use super::*;
use crate::catalogue::battlepack::QuestReward;
use crate::rules::UnitRef;
use crate::rules::audit::tests::{ch, set};
use crate::rules::battle::Side;
use crate::rules::change::Change;
use crate::rules::model::{QuestState, TomeEntry};
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::{add, host, roster_led_by};

/// The faction of the test rosters, as the data has it now.
static HOST: std::sync::OnceLock<Faction> = std::sync::OnceLock::new();

fn side(roster_id: i64, roster: &str, vp: u32, result: BattleResult) -> Side {
    Side {
        roster_id,
        roster: roster.into(),
        victory_points: Some(vp),
        result: Some(result),
        withdrew: false,
        general_slain: false,
        quest_points: 0,
        triumph: None,
        sudden_death: None,
        decision: None,
        aftermath_done: true,
        army: Vec::new(),
    }
}

fn battle(id: i64, ours: (u32, BattleResult), theirs: Side) -> Battle {
    Battle {
        id,
        campaign_id: 1,
        campaign: "Vale".into(),
        points_limit: 1000,
        battleplan: Some("Relics of Myth".into()),
        status: crate::rules::battle::BattleStatus::Fought,
        roles_roster_id: None,
        roles_rolled: false,
        created_at: String::new(),
        realm: None,
        realm_picker_id: None,
        sides: vec![side(1, "Hammers", ours.0, ours.1), theirs],
        twists: Vec::new(),
        fought_at: None,
    }
}

/// The sheet's input for roster `r` (id 1): its record counted from `battles` as the store
/// keeps it, and the notable events of `events` (already chosen).
fn input<'a>(
    r: &'a Roster,
    pack: &'a Battlepack,
    battles: &'a [Battle],
    events: &'a [LoggedSet],
) -> SheetInput<'a> {
    let record = crate::rules::standings::Record::of(
        battles.iter().filter_map(|b| b.side(r.id).and_then(|s| s.result)),
    );
    SheetInput {
        roster: r,
        faction: HOST.get_or_init(host),
        allies: &[],
        pack,
        realm: Some("Ghur".into()),
        battles,
        record,
        realms: &[],
        events,
        earlier_events: 0,
        printed: chrono::NaiveDate::from_ymd_opt(2026, 11, 21).unwrap(),
        favour: None,
    }
}

#[test]
fn a_unit_whose_warscroll_the_data_dropped_is_marked_on_the_sheet() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", false).unwrap();
    r.units[1].warscroll = "Liberators (Scourge of Ghyran)".into();
    let pack = pack();
    let s = build(&input(&r, &pack, &[], &[]));
    let marks: Vec<(&str, bool)> = s
        .units
        .iter()
        .map(|u| (u.warscroll.as_str(), u.in_current_data))
        .collect();
    assert_eq!(
        marks,
        [
            ("Knight-Questor", true),
            ("Liberators (Scourge of Ghyran)", false)
        ]
    );
    assert_eq!(s.points, 100 + 90, "it keeps the points recorded");
}

#[test]
fn warlord_comes_first_and_retired_units_are_left_out() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", true).unwrap();
    add(&mut r, "Elite Guard", false).unwrap();
    // The warlord joined after the others: it still heads the Order of Battle.
    r.units.rotate_left(1);
    r.units[0].retired = true; // Liberators
    let pack = pack();
    let s = build(&input(&r, &pack, &[], &[]));
    let names: Vec<&str> = s.units.iter().map(|u| u.warscroll.as_str()).collect();
    assert_eq!(names, ["Knight-Questor", "Elite Guard"]);
    assert!(s.units[0].warlord);
    assert_eq!(
        s.points,
        100 + 200,
        "a retired unit's points are not on the roster"
    );
}

#[test]
fn units_carry_cost_models_path_abilities_and_enhancements_by_name() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", true).unwrap();
    r.units[0].enhancements.push(crate::rules::model::Enhancement {
        table: "Heroic Traits".into(),
        kind: crate::catalogue::EnhancementKind::HeroicTrait,
        name: "Stoic".into(),
    });
    let pack = pack();
    let s = build(&input(&r, &pack, &[], &[]));
    let (lord, libs) = (&s.units[0], &s.units[1]);
    assert_eq!(lord.path.as_deref(), Some("Path of the Warrior"));
    assert_eq!(lord.rank.as_deref(), Some("Aspiring"));
    assert_eq!(lord.renown, 5);
    let berserker = pack.ability_name(Some("warrior"), "berserker");
    assert_ne!(berserker, "berserker", "the ability's display name, not its id");
    assert_eq!(
        lord.abilities,
        [Tagged {
            name: berserker,
            tag: "Aspiring".into()
        }]
    );
    assert_eq!(lord.enhancements[0].tag, "Heroic Traits");
    assert_eq!((libs.points, libs.models, libs.reinforced), (180, 10, true));
    assert_eq!(s.realm.as_deref(), Some("Ghur"));
}

#[test]
fn battles_give_results_and_a_record_in_battle_order() {
    let r = roster_led_by("Knight-Questor");
    let pack = pack();
    let battles = [
        battle(
            3,
            (4, BattleResult::Draw),
            side(2, "Rat Tide", 4, BattleResult::Draw),
        ),
        battle(
            1,
            (13, BattleResult::MajorVictory),
            side(2, "Rat Tide", 7, BattleResult::MajorDefeat),
        ),
        battle(
            2,
            (8, BattleResult::MinorDefeat),
            side(3, "Gitz", 10, BattleResult::MinorVictory),
        ),
    ];
    // A battle between two other rosters is not ours.
    let mut others = battle(
        4,
        (0, BattleResult::Draw),
        side(2, "Rat Tide", 0, BattleResult::Draw),
    );
    others.sides[0].roster_id = 3;
    let all = [battles.as_slice(), &[others]].concat();
    let s = build(&input(&r, &pack, &all, &[]));
    let got: Vec<(i64, &str, char, u32, u32)> = s
        .battles
        .iter()
        .map(|b| {
            (
                b.battle,
                b.opponent.as_str(),
                b.letter,
                b.victory_points,
                b.opponent_victory_points,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (1, "Rat Tide", 'W', 13, 7),
            (2, "Gitz", 'L', 8, 10),
            (3, "Rat Tide", 'D', 4, 4)
        ]
    );
    assert_eq!(
        s.record,
        Record {
            wins: 1,
            draws: 1,
            losses: 1
        }
    );
}

/// A log of set-up completed in set 1, then a rank reached ("reached rank N") in each set 2..=n,
/// in the battle `battle(N)` names (None: outside a battle, as `rank choose`).
fn ranks_after_setup(n: i64, battle: fn(i64) -> Option<i64>) -> Vec<LoggedSet> {
    let mut history = vec![set(1, "battle result", vec![ch(1, None, Change::CompleteSetup)])];
    for id in 2..=n {
        let mut c = ch(
            id,
            Some(1),
            Change::GainRank {
                unit: UnitRef::Existing(1),
                rank: "Veteran".into(),
            },
        );
        c.description = format!("reached rank {id}");
        let mut s = set(id, "aftermath", vec![c]);
        s.battle_id = battle(id);
        history.push(s);
    }
    history
}

/// Issue 42: a sheet lists the latest battles and notable events it was given, at most
/// RECENT_BATTLES and RECENT_EVENTS, and counts the rest under them.
#[test]
fn a_long_past_is_its_latest_battles_and_events_with_the_rest_counted() {
    use crate::rules::campaign_time::CampaignTime;
    let r = roster_led_by("Knight-Questor");
    let pack = pack();
    let all: Vec<Battle> = (1..=25)
        .map(|id| {
            let mut b = battle(
                id,
                (4, BattleResult::MinorVictory),
                side(2, "Rat Tide", 2, BattleResult::MinorDefeat),
            );
            b.fought_at = Some(CampaignTime(id));
            b
        })
        .collect();
    let history = ranks_after_setup(31, |_| None);
    let chosen = chosen_events(r.id, &history);
    let mut i = input(&r, &pack, &all, &chosen);
    i.earlier_events = 7;
    let s = build(&i);
    let listed: Vec<i64> = s.battles.iter().map(|b| b.battle).collect();
    assert_eq!(
        listed,
        (16..=25).collect::<Vec<_>>(),
        "the latest ten, in the order fought"
    );
    assert_eq!((s.battles_fought, s.earlier_battles), (25, 15));
    assert_eq!(s.record.wins, 25, "the record counts every battle");
    assert_eq!(s.events.len(), RECENT_EVENTS as usize);
    assert!(s.events[0].ends_with("reached rank 31"), "{:?}", s.events);
    assert_eq!(s.earlier_events, 7);
    let text = crate::sheet::text::render(&s, &crate::sheet::Template::bundled());
    assert!(text.contains("… and 15 earlier battles"), "{text}");
    assert!(text.contains("… and 7 earlier events"), "{text}");
    assert!(text.contains("Battles fought: 25"), "{text}");
}

/// Issue #38: the sheet lists battles in the order they were fought (campaign time), not by
/// id, and says where each was fought as players do.
#[test]
fn battles_are_listed_in_the_order_they_were_fought_and_where() {
    use crate::rules::campaign_time::CampaignTime;
    let r = roster_led_by("Knight-Questor");
    let pack = pack();
    let rats = || side(2, "Rat Tide", 4, BattleResult::Draw);
    // Planned 1, 2, 3 at once; fought 3, 1, 2 (their results recorded in sets 5, 7, 9).
    let mut battles = [
        battle(1, (4, BattleResult::Draw), rats()),
        battle(2, (4, BattleResult::Draw), rats()),
        battle(3, (4, BattleResult::Draw), rats()),
    ];
    for (b, at) in battles.iter_mut().zip([7, 9, 5]) {
        b.fought_at = Some(CampaignTime(at));
    }
    battles[0].realm = Some("Mount Hedon".into());
    battles[1].realm = Some("Ghur".into());
    let cat = crate::catalogue::Catalogue::bundled().expect("bundled data");
    let realms = cat.realms().unwrap();
    let mut i = input(&r, &pack, &battles, &[]);
    i.realms = &realms;
    let s = build(&i);
    let order: Vec<i64> = s.battles.iter().map(|b| b.battle).collect();
    assert_eq!(order, [3, 1, 2]);
    let notes: Vec<String> = s.battles.iter().map(BattleLine::narrative_notes).collect();
    assert_eq!(notes, ["", "on Mount Hedon", "in Ghur"]);
}

#[test]
fn quest_and_tome_come_with_points_target_and_values() {
    let mut r = roster_led_by("Knight-Questor");
    r.quest = Some(QuestState {
        quest: "search-for-the-artefact".into(),
        points: 2,
        unit: None,
        since: None,
    });
    r.completed_quests = vec!["Seek Glory in Battle".into()];
    r.tome.push(TomeEntry {
        kind: LoreKind::Manifestation,
        name: "Floating Sword".into(),
        lore: "Manifestations of Tests".into(),
        value: Some(6),
        wild: true,
    });
    let pack = pack();
    let s = build(&input(&r, &pack, &[], &[]));
    let q = s.quest.unwrap();
    let def = pack.quest("search-for-the-artefact").unwrap();
    assert_eq!((q.name.as_str(), q.points), (def.name.as_str(), 2));
    assert_eq!(q.target, Some(def.target_points));
    assert_eq!(s.completed_quests, ["Seek Glory in Battle"]);
    let titles: Vec<&str> = s.tome.iter().map(|l| l.title.as_str()).collect();
    assert_eq!(titles, ["Spell lore", "Prayer lore", "Manifestation lore"]);
    assert_eq!(
        s.tome[2].entries,
        [LoreEntry {
            name: "Floating Sword".into(),
            value: Some(6),
            wild: true
        }]
    );
}

#[test]
fn notable_events_skip_set_up_and_undone_entries_latest_first() {
    let r = roster_led_by("Knight-Questor");
    let lord = UnitRef::Existing(1);
    let rank = |id| {
        let mut c = ch(
            id,
            Some(1),
            Change::GainRank {
                unit: lord,
                rank: "Veteran".into(),
            },
        );
        c.description = "reached rank Veteran".into();
        c
    };
    let mut setup_rank = set(1, "roster new", vec![rank(1)]);
    setup_rank.created_at = "2026-11-01 10:00:00".into();
    let first_battle = set(2, "battle result", vec![ch(2, None, Change::CompleteSetup)]);
    let mut quest = ch(
        3,
        None,
        Change::CompleteQuest {
            quest: "Seek Glory in Battle".into(),
            points: 0,
            unit: None,
        },
    );
    quest.description = "quest completed: Seek Glory in Battle".into();
    let mut aftermath = set(3, "aftermath", vec![quest, rank(4)]);
    aftermath.battle_id = Some(1);
    let mut reward = ch(
        5,
        None,
        Change::GrantReward {
            reward: QuestReward::Artefact,
            source: "test".into(),
            unit: None,
        },
    );
    reward.description = "earned an artefact".into();
    let mut undone = set(4, "aftermath", vec![reward]);
    undone.undone_by = Some(5);
    let mut later = set(6, "rank choose", vec![rank(6)]);
    later.created_at = "2026-11-20 18:30:00".into();
    let history = [setup_rank, first_battle, aftermath, undone, later];

    let events = notable_events(&r, &history);
    assert_eq!(
        events,
        [
            "2026-11-20: Knight-Questor reached rank Veteran",
            "Battle 1: Knight-Questor reached rank Veteran",
            "Battle 1: quest completed: Seek Glory in Battle",
        ]
    );
}

#[test]
fn every_notable_event_is_kept_however_many() {
    let r = roster_led_by("Knight-Questor");
    let history = ranks_after_setup(61, Some);
    let events = notable_events(&r, &history);
    assert_eq!(events.len(), 60);
    assert_eq!(events[0], "Battle 61: Knight-Questor reached rank 61");
    assert_eq!(events[59], "Battle 2: Knight-Questor reached rank 2");
}
