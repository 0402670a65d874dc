use super::*;
use crate::rules::audit::tests::{ch, set};
use crate::rules::battle::BattleStatus;
use crate::rules::battle::state::tests::battle;
use crate::rules::campaign_time::CampaignTime;
use crate::rules::model::QuestState;
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::roster_led_by;

fn progress(quest: &str, points: u32) -> Change {
    Change::QuestProgress {
        quest: quest.into(),
        points,
        reason: "battle 3".into(),
    }
}

/// Set `id`: the aftermath of battle 3 counting `points` for `quest`.
fn aftermath(id: i64, quest: &str, points: u32) -> LoggedSet {
    let mut s = set(id, "aftermath", vec![ch(id * 10, None, progress(quest, points))]);
    s.battle_id = Some(3);
    s
}

#[test]
fn an_aftermath_that_counted_more_than_one_battle_gives_is_found_naming_battle_and_set() {
    let r = roster_led_by("Knight-Questor");
    let log = [
        aftermath(7, "Harness Manifestation", 6),
        aftermath(8, "Harness Manifestation", 7),
        aftermath(9, "Search for the Artefact", 6),
        aftermath(10, "Search for the Artefact", 5),
    ];
    let found = quest_points(&pack(), &r, &log, &[]);
    let at: Vec<_> = found.iter().map(|f| (f.check, f.battle, f.set)).collect();
    assert_eq!(
        at,
        [
            (Check::QuestPoints, Some(3), Some(8)),
            (Check::QuestPoints, Some(3), Some(9))
        ]
    );
    assert_eq!(
        found[0].message.for_cli(),
        "battle 3's aftermath (set 8) counted 7 quest points for Harness Manifestation, which no \
         battle can give: Harness Manifestation gives 4 to 6 quest points at a time, at most once \
         a battle round, so a battle of 5 battle rounds gives 0, 4 to 6 or 8 to 30"
    );
    assert_eq!(found[0].roster, r.name);
}

#[test]
fn an_undone_aftermath_is_not_found() {
    let r = roster_led_by("Knight-Questor");
    let mut undone = aftermath(8, "Harness Manifestation", 7);
    undone.undone_by = Some(9);
    assert_eq!(quest_points(&pack(), &r, &[undone], &[]), []);
}

#[test]
fn a_result_whose_aftermath_waits_is_found_against_the_current_quest() {
    let mut a = roster_led_by("Knight-Questor");
    let mut b = a.clone();
    b.id = 2;
    a.quest = Some(QuestState {
        quest: "search-for-the-artefact".into(),
        points: 0,
        unit: None,
        since: Some(CampaignTime(5)),
    });
    let mut fought = battle(&[a.clone(), b], true);
    fought.status = BattleStatus::Fought;
    fought.fought_at = Some(CampaignTime(12));
    fought.sides[0].result = Some(crate::rules::battle::BattleResult::MajorVictory);
    fought.sides[0].quest_points = 6;
    let found = quest_points(&pack(), &a, &[], &[&fought]);
    assert_eq!(found.len(), 1);
    assert_eq!((found[0].battle, found[0].set), (Some(4), Some(12)));
    assert!(
        found[0]
            .message
            .for_cli()
            .starts_with("battle 4's result (set 12) gives 6 quest points for Search for the Artefact"),
        "{}",
        found[0].message
    );
    // Five are fine; a quest embarked on after the battle does not count it; an aftermath
    // that ran counted (or did not count) them in its own set.
    let mut fine = fought.clone();
    fine.sides[0].quest_points = 5;
    let mut later = a.clone();
    later.quest.as_mut().unwrap().since = Some(CampaignTime(13));
    let mut done = fought.clone();
    done.sides[0].aftermath_done = true;
    assert_eq!(quest_points(&pack(), &a, &[], &[&fine]), []);
    assert_eq!(quest_points(&pack(), &later, &[], &[&fought]), []);
    assert_eq!(quest_points(&pack(), &a, &[], &[&done]), []);
}
