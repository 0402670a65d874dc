use super::*;
use crate::rules::renown::tests::pack;

fn bounds(quest: &str) -> PerBattle {
    let pack = pack();
    PerBattle::of(pack.quest(quest).unwrap(), pack.army.battle_rounds).unwrap()
}

fn allowed(b: &PerBattle, upto: u32) -> Vec<u32> {
    (0..=upto).filter(|n| b.allows(*n)).collect()
}

#[test]
fn harness_manifestation_gives_nothing_or_4_to_6_a_use_once_a_round() {
    let b = bounds("Harness Manifestation");
    // 1-3 and 7 are the totals no sum of 4, 5 and 6 makes; five uses give at most 30.
    let mut expected: Vec<u32> = vec![0, 4, 5, 6];
    expected.extend(8..=30);
    assert_eq!(allowed(&b, 40), expected);
    assert_eq!(b.most(), Some(30));
    assert_eq!(b.totals_words(), "0, 4 to 6 or 8 to 30");
    assert_eq!(b.nearest(7), (Some(6), Some(8)));
    assert_eq!(b.nearest(3), (Some(0), Some(4)));
    assert_eq!(b.nearest(31), (Some(30), None));
}

#[test]
fn search_for_the_artefact_gives_at_most_a_point_a_round() {
    let b = bounds("Search for the Artefact");
    assert_eq!(allowed(&b, 10), [0, 1, 2, 3, 4, 5]);
    assert_eq!(b.totals_words(), "0 to 5");
    assert_eq!(
        b.words("Search for the Artefact"),
        "Search for the Artefact gives 1 quest point at a time, at most once a battle round, so a \
         battle of 5 battle rounds gives 0 to 5"
    );
}

#[test]
fn the_battles_rounds_set_the_highest() {
    let pack = pack();
    let quest = pack.quest("Search for the Artefact").unwrap();
    let six = PerBattle::of(quest, 6).unwrap();
    assert!(six.allows(6) && !six.allows(7));
}

#[test]
fn a_quest_gaining_a_point_each_time_with_no_limit_gives_any_number() {
    for quest in ["Master Magical Lore", "Learn Ancient Scriptures"] {
        let b = bounds(quest);
        assert_eq!(b.most(), None, "{quest}");
        assert!((0..=1000).all(|n| b.allows(n)), "{quest}");
        assert_eq!(b.totals_words(), "any number");
    }
}

#[test]
fn quests_that_count_no_points_have_no_bounds_of_their_own() {
    let pack = pack();
    for quest in ["Seek Glory in Battle", "Rise of a Champion"] {
        assert_eq!(PerBattle::of(pack.quest(quest).unwrap(), 5), None, "{quest}");
    }
}

#[test]
fn a_clubs_own_bounds_are_read_from_the_data() {
    let mut pack = pack();
    let quest = pack
        .quests
        .iter_mut()
        .find(|q| q.id == "master-magical-lore")
        .unwrap();
    quest.battle_points = Some(crate::catalogue::battlepack::BattlePoints {
        each: vec![2, 3],
        per_round: None,
        per_battle: Some(2),
    });
    let b = PerBattle::of(quest, 5).unwrap();
    assert_eq!(allowed(&b, 10), [0, 2, 3, 4, 5, 6]);
    assert_eq!(b.totals_words(), "0 or 2 to 6");
    assert_eq!(
        b.gains_words(),
        "2 to 3 quest points at a time, at most twice a battle"
    );
}

#[test]
fn impossible_quest_points_are_refused_in_the_quests_words_with_the_nearest_as_fixes() {
    let pack = pack();
    let quest = pack.quest("Harness Manifestation").unwrap();
    assert_eq!(check_battle_points(&pack, quest, "Rat Tide", 6), Ok(()));
    let err = check_battle_points(&pack, quest, "Rat Tide", 7).unwrap_err();
    assert_eq!(err.rule, "quest points");
    assert_eq!(
        err.message,
        "Rat Tide cannot gain 7 quest points for Harness Manifestation in one battle: Harness \
         Manifestation gives 4 to 6 quest points at a time, at most once a battle round, so a \
         battle of 5 battle rounds gives 0, 4 to 6 or 8 to 30"
    );
    assert_eq!(
        err.fixes,
        [
            Fix::set(Input::QuestPoints, "Rat Tide=6"),
            Fix::set(Input::QuestPoints, "Rat Tide=8")
        ]
    );
    let err = check_battle_points(&pack, quest, "Rat Tide", 1).unwrap_err();
    assert!(
        err.message.contains("cannot gain 1 quest point for"),
        "{}",
        err.message
    );
    assert_eq!(
        err.fixes,
        [
            Fix::leave_out(Input::QuestPoints),
            Fix::set(Input::QuestPoints, "Rat Tide=4")
        ]
    );
}

/// Issue #38: "+1 quest point", not "+1 quest points", wherever quest points are worded.
#[test]
fn one_quest_point_is_worded_in_the_singular() {
    use crate::rules::Change;
    let gain = |points| Change::QuestProgress {
        quest: "Search for the Artefact".into(),
        points,
        reason: "battle 1".into(),
    };
    assert_eq!(
        gain(1).describe(),
        "+1 quest point for Search for the Artefact (battle 1)"
    );
    assert_eq!(
        gain(2).describe(),
        "+2 quest points for Search for the Artefact (battle 1)"
    );
    let lose = Change::LoseQuestPoints {
        quest: "Search for the Artefact".into(),
        points: 1,
    };
    assert_eq!(lose.describe(), "-1 quest point for Search for the Artefact");
}

#[test]
fn the_nearest_totals_read_as_the_sides_field_on_pages() {
    let pack = pack();
    let quest = pack.quest("Search for the Artefact").unwrap();
    let err = check_battle_points(&pack, quest, "Rat Tide", 6).unwrap_err();
    assert_eq!(
        crate::fix::for_cli(&err.fixes),
        "use --quest-points \"Rat Tide=5\""
    );
    assert_eq!(
        crate::fix::for_pages(&err.fixes),
        "set Rat Tide's \u{201c}quest points\u{201d} to 5"
    );
}
