use super::*;
use crate::catalogue::LoreKind;
use crate::catalogue::battlepack::QuestReward;
use crate::rules::battle::BattleResult;
use crate::rules::dice::TypedDice;
use crate::rules::model::{QuestState, TomeEntry};
use crate::rules::renown::tests::pack;
use crate::rules::roster::plan_tome_entry;
use crate::rules::roster::tests::{add, host, roster_led_by};

const WARLORD: i64 = 1;
const LIBERATORS: i64 = 2;
const ELITE_GUARD: i64 = 3;
const FAMOUS_HERO: i64 = 4;

/// Knight-Questor warlord (5 renown, Aspiring), Liberators, Elite Guard, a UNIQUE hero.
pub(super) fn hammers() -> Roster {
    let mut r = roster_led_by("Knight-Questor");
    for w in ["Liberators", "Elite Guard", "Famous Hero"] {
        add(&mut r, w, false).expect("starting unit");
    }
    r
}

/// All four units fought a 1500-point battle; Elite Guard were destroyed; a major victory.
pub(super) fn fought() -> Fought {
    Fought {
        battle_id: 7,
        points_limit: 1500,
        battleplan: None,
        army: vec![WARLORD, LIBERATORS, ELITE_GUARD, FAMOUS_HERO],
        destroyed: vec![ELITE_GUARD],
        slew: Vec::new(),
        victory_points: 14,
        result: BattleResult::MajorVictory,
        general_slain: false,
        quest_points: 0,
        realm: None,
        fought_at: None,
    }
}

fn favour(unit: &str) -> Choices {
    Choices {
        favoured: Some(unit.into()),
        ..Choices::default()
    }
}

fn run(r: &Roster, f: &Fought, c: &Choices, dice: &[u32]) -> Result<Outcome, RuleError> {
    let mut d = TypedDice::new(dice.iter().copied());
    plan_aftermath(&pack(), &host(), r, f, c, &mut d)
}

/// The roster after the outcome, as the store would leave it.
fn after(r: &Roster, out: &Outcome) -> Roster {
    let mut a = r.clone();
    a.apply(out, 100);
    a
}

fn renown(r: &Roster, id: i64) -> u32 {
    r.unit(id).unwrap().renown
}

#[test]
fn glory_renown_and_ranks_of_a_1500_point_major_victory() {
    let r = hammers();
    // D3s for the survivors in Order of Battle order (warlord, Liberators), then the D6.
    let out = run(&r, &fought(), &favour("Liberators"), &[2, 3, 4]).unwrap();
    let a = after(&r, &out);
    assert_eq!(a.glory, 60 + 30 + 10);
    assert_eq!(renown(&a, WARLORD), 5 + 2);
    assert_eq!(renown(&a, LIBERATORS), 3 + 4);
    assert_eq!(renown(&a, ELITE_GUARD), 1, "destroyed units gain 1");
    assert_eq!(renown(&a, FAMOUS_HERO), 0, "UNIQUE units gain none");
    assert_eq!(a.unit(LIBERATORS).unwrap().rank.as_deref(), Some("Aspiring"));
    assert_eq!(a.unit(ELITE_GUARD).unwrap().rank, None);
    assert!(a.setup_complete, "the first battle ends set-up");
    let rolls: Vec<_> = out
        .rolls
        .iter()
        .map(|r| (r.expression.as_str(), r.total))
        .collect();
    assert_eq!(rolls, [("D3", 2), ("D3", 3), ("D6", 4)]);
    assert!(out.rolls[2].purpose.contains("favoured"));
}

#[test]
fn a_minor_defeat_with_the_general_slain_earns_only_the_fought_award() {
    let r = hammers();
    let f = Fought {
        result: BattleResult::MinorDefeat,
        general_slain: true,
        points_limit: 1000,
        ..fought()
    };
    let a = after(&r, &run(&r, &f, &favour("Liberators"), &[1, 1, 1]).unwrap());
    assert_eq!(a.glory, 30);
}

#[test]
fn favoured_warriors_took_part_and_are_never_the_warlord() {
    let r = hammers();
    let err = run(&r, &fought(), &favour("Knight-Questor"), &[2, 3, 4]).unwrap_err();
    assert_eq!(err.rule, "favoured warriors");
    assert!(err.to_string().contains("warlord"), "{err}");
    let f = Fought {
        army: vec![WARLORD, ELITE_GUARD],
        ..fought()
    };
    let err = run(&r, &f, &favour("Liberators"), &[2, 3]).unwrap_err();
    assert!(err.to_string().contains("did not take part"), "{err}");
    let err = run(&r, &fought(), &Choices::default(), &[2, 3]).unwrap_err();
    assert!(err.to_string().contains("--favoured"), "{err}");
    let err = run(&r, &fought(), &favour("Famous Hero"), &[2, 3, 4]).unwrap_err();
    assert!(err.to_string().contains("UNIQUE"), "{err}");
}

#[test]
fn a_d3_typed_as_4_is_refused() {
    let err = run(&hammers(), &fought(), &favour("Liberators"), &[4, 3, 4]).unwrap_err();
    assert!(err.to_string().contains("4 cannot be rolled on a D3"), "{err}");
}

#[test]
fn renown_crossing_a_threshold_gives_the_rank_and_nothing_comes_after_legendary() {
    let ranks = |out: &Outcome| -> Vec<(i64, String)> {
        out.changes
            .iter()
            .filter_map(|c| match c {
                Change::GainRank {
                    unit: UnitRef::Existing(id),
                    rank,
                } => Some((*id, rank.clone())),
                _ => None,
            })
            .collect()
    };
    let mut r = hammers();
    r.units[1].renown = 13; // Liberators: 13 + 3 + 6 = 22
    r.units[1].rank = Some("Aspiring".into());
    r.units[2].renown = 44; // Elite Guard, destroyed: 44 + 1 = 45
    r.units[2].rank = Some("Mighty".into());
    let out = run(&r, &fought(), &favour("Liberators"), &[1, 3, 6]).unwrap();
    assert_eq!(
        ranks(&out),
        [
            (LIBERATORS, "Elite".to_string()),
            (ELITE_GUARD, "Legendary".to_string())
        ]
    );
    let a = after(&r, &out);
    assert_eq!(renown(&a, LIBERATORS), 22);
    assert_eq!(renown(&a, ELITE_GUARD), 45);
    let out = run(&a, &fought(), &favour("Liberators"), &[1, 3, 6]).unwrap();
    // Liberators 22 + 3 + 6 = 31 reach Mighty; Elite Guard (46) are past the last rank.
    assert_eq!(ranks(&out), [(LIBERATORS, "Mighty".to_string())]);
}

fn on_quest(r: &mut Roster, quest: &str, points: u32, unit: Option<i64>) {
    r.quest = Some(QuestState {
        quest: quest.into(),
        points,
        unit,
        since: None,
    });
}

#[test]
fn glory_seekers_earn_d3_plus_3_after_a_victory_they_survived() {
    let mut r = hammers();
    on_quest(&mut r, "Seek Glory in Battle", 0, Some(LIBERATORS));
    let f = Fought {
        result: BattleResult::MinorVictory,
        ..fought()
    };
    // warlord D3, Liberators D3, favoured D6 (Elite Guard), quest D3.
    let out = run(&r, &f, &favour("Elite Guard"), &[1, 2, 5, 3]).unwrap();
    let a = after(&r, &out);
    assert_eq!(renown(&a, LIBERATORS), 2 + 3 + 3);
    assert_eq!(renown(&a, ELITE_GUARD), 1 + 5);
    assert_eq!(a.quest, None);
    assert_eq!(a.completed_quests, ["Seek Glory in Battle"]);
    assert_eq!(out.rolls[3].expression, "D3+3");
    assert_eq!(out.rolls[3].total, 6);
    assert_eq!(a.unit(LIBERATORS).unwrap().rank.as_deref(), Some("Aspiring"));
    assert_eq!(a.glory, 60 + 20 + 10);

    // A draw, or destroyed seekers, leave the quest waiting.
    let draw = Fought {
        result: BattleResult::Draw,
        ..fought()
    };
    let a = after(&r, &run(&r, &draw, &favour("Elite Guard"), &[1, 2, 5]).unwrap());
    assert!(a.quest.is_some());
    let lost = Fought {
        destroyed: vec![LIBERATORS],
        ..fought()
    };
    let err = run(
        &r,
        &lost,
        &Choices {
            quest: QuestChoice::Complete,
            ..favour("Elite Guard")
        },
        &[1, 2, 5],
    )
    .unwrap_err();
    assert!(err.to_string().contains("Glory Seekers were destroyed"), "{err}");
}

#[test]
fn points_quests_record_progress_and_complete_with_an_owed_reward() {
    let mut r = hammers();
    on_quest(&mut r, "Search for the Artefact", 1, None);
    let f = Fought {
        quest_points: 1,
        ..fought()
    };
    let a = after(&r, &run(&r, &f, &favour("Liberators"), &[1, 1, 1]).unwrap());
    assert_eq!(a.quest.as_ref().unwrap().points, 2);
    assert!(a.rewards.is_empty());

    let f = Fought {
        quest_points: 2,
        ..fought()
    };
    let a = after(&r, &run(&r, &f, &favour("Liberators"), &[1, 1, 1]).unwrap());
    assert_eq!(a.quest, None, "completing clears the Quest Log");
    assert_eq!(a.rewards.len(), 1);
    assert_eq!(a.rewards[0].reward, QuestReward::Artefact);
    assert_eq!(a.rewards[0].source, "Search for the Artefact");

    let keep = Choices {
        quest: QuestChoice::Keep,
        ..favour("Liberators")
    };
    let a = after(&r, &run(&r, &f, &keep, &[1, 1, 1]).unwrap());
    assert_eq!(a.quest.as_ref().unwrap().points, 3);

    let abandon = Choices {
        quest: QuestChoice::Abandon,
        ..favour("Liberators")
    };
    let a = after(&r, &run(&r, &f, &abandon, &[1, 1, 1]).unwrap());
    assert_eq!(a.quest, None);
    assert!(a.completed_quests.is_empty() && a.rewards.is_empty());
}

#[test]
fn each_points_quest_pays_its_own_reward() {
    for (quest, target, reward) in [
        ("Learn Ancient Scriptures", 5, QuestReward::Prayer),
        ("Master Magical Lore", 3, QuestReward::Spell),
    ] {
        let mut r = hammers();
        on_quest(&mut r, quest, target - 1, None);
        let short = after(
            &r,
            &run(&r, &fought(), &favour("Liberators"), &[1, 1, 1]).unwrap(),
        );
        assert!(short.quest.is_some(), "{quest} needs {target}");
        let f = Fought {
            quest_points: 1,
            ..fought()
        };
        let a = after(&r, &run(&r, &f, &favour("Liberators"), &[1, 1, 1]).unwrap());
        assert_eq!(a.rewards[0].reward, reward, "{quest}");
    }
}

#[test]
fn a_harnessed_manifestation_is_tamed_at_10_points() {
    let mut r = hammers();
    r.tome.push(TomeEntry {
        kind: LoreKind::Manifestation,
        name: "Floating Sword".into(),
        lore: "Manifestations of Tests".into(),
        value: Some(6),
        wild: true,
    });
    on_quest(&mut r, "Harness Manifestation", 6, None);
    let f = Fought {
        quest_points: 4,
        ..fought()
    };
    let a = after(&r, &run(&r, &f, &favour("Liberators"), &[1, 1, 1]).unwrap());
    assert!(!a.tome[0].wild);
    assert_eq!(a.completed_quests, ["Harness Manifestation"]);
}

#[test]
fn a_rising_champion_who_slew_a_hero_or_monster_earns_a_heroic_trait_for_themself() {
    let mut r = hammers();
    on_quest(&mut r, "Rise of a Champion", 0, Some(WARLORD));
    let a = after(
        &r,
        &run(&r, &fought(), &favour("Liberators"), &[1, 1, 1]).unwrap(),
    );
    assert!(a.quest.is_some(), "no kill, no reward");
    let f = Fought {
        slew: vec![WARLORD],
        ..fought()
    };
    let a = after(&r, &run(&r, &f, &favour("Liberators"), &[1, 1, 1]).unwrap());
    assert_eq!(a.rewards[0].reward, QuestReward::HeroicTrait);
    assert_eq!(a.rewards[0].unit, Some(WARLORD));
}

#[test]
fn relics_of_myth_rewards_a_winner_whose_dice_plus_vp_reach_15() {
    let r = hammers();
    let f = Fought {
        battleplan: Some("Relics of Myth".into()),
        victory_points: 9,
        ..fought()
    };
    let a = after(&r, &run(&r, &f, &favour("Liberators"), &[1, 1, 1, 6]).unwrap());
    assert_eq!(a.rewards[0].reward, QuestReward::Artefact);
    let out = run(&r, &f, &favour("Liberators"), &[1, 1, 1, 5]).unwrap();
    assert!(after(&r, &out).rewards.is_empty(), "5 + 9 is short of 15");
    assert_eq!(out.rolls.len(), 4, "the roll is on record either way");
    let lost = Fought {
        result: BattleResult::MinorDefeat,
        ..f
    };
    assert_eq!(
        run(&r, &lost, &favour("Liberators"), &[1, 1, 1])
            .unwrap()
            .rolls
            .len(),
        3
    );
}

#[test]
fn relics_of_myth_shows_d6_plus_vp_against_15_whether_it_succeeds_or_fails() {
    let r = hammers();
    let f = Fought {
        battleplan: Some("Relics of Myth".into()),
        victory_points: 9,
        ..fought()
    };
    let out = run(&r, &f, &favour("Liberators"), &[1, 1, 1, 5]).unwrap();
    assert_eq!(
        out.notes,
        ["Relics of Myth campaign reward: D6 rolled 5 + 9 VP = 14, 15 needed: no reward"]
    );
    let out = run(&r, &f, &favour("Liberators"), &[1, 1, 1, 6]).unwrap();
    assert_eq!(
        out.notes,
        ["Relics of Myth campaign reward: D6 rolled 6 + 9 VP = 15, 15 needed: an artefact of power earned"]
    );
}

fn buying(add_units: &[&str], reinforce: &[&str], retire: &[&str]) -> Choices {
    let v = |xs: &[&str]| xs.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    Choices {
        add_units: v(add_units),
        reinforce: v(reinforce),
        retire: v(retire),
        ..favour("Liberators")
    }
}

#[test]
fn glory_buys_one_new_unit_and_one_reinforcement_which_may_be_the_new_unit() {
    let r = hammers();
    // 100 glory earned: Liberators (90) can be added but not reinforced as well (180).
    let err = run(&r, &fought(), &buying(&["Liberators"], &["new"], &[]), &[1, 1, 1]).unwrap_err();
    assert_eq!(err.rule, "glory");
    assert!(err.to_string().contains("has 100"), "{err}");

    let mut rich = hammers();
    rich.glory = 100;
    let out = run(
        &rich,
        &fought(),
        &buying(&["Liberators"], &["new"], &["Elite Guard"]),
        &[1, 1, 1],
    )
    .unwrap();
    let a = after(&rich, &out);
    assert_eq!(a.glory, 100 + 100 - 90 - 90);
    let new = a.units.iter().find(|u| u.id == 100).unwrap();
    assert!(new.reinforced && new.warscroll == "Liberators" && new.renown == 0);
    assert!(a.unit(ELITE_GUARD).unwrap().retired);
}

#[test]
fn a_second_add_or_reinforce_in_one_aftermath_is_refused() {
    let mut r = hammers();
    r.glory = 1000;
    let err = run(
        &r,
        &fought(),
        &buying(&["Liberators", "Liberators"], &[], &[]),
        &[],
    )
    .unwrap_err();
    assert_eq!(err.rule, "adding units");
    let err = run(
        &r,
        &fought(),
        &buying(&[], &["Liberators", "Elite Guard"], &[]),
        &[],
    )
    .unwrap_err();
    assert_eq!(err.rule, "reinforcing units");
}

#[test]
fn single_models_and_the_warlord_are_protected() {
    let mut r = hammers();
    r.glory = 1000;
    let err = run(&r, &fought(), &buying(&[], &["Knight-Questor"], &[]), &[]).unwrap_err();
    assert_eq!(err.rule, "reinforcing units");
    assert!(err.to_string().contains("minimum size of 1"), "{err}");
    let err = run(&r, &fought(), &buying(&[], &[], &["Knight-Questor"]), &[]).unwrap_err();
    assert_eq!(err.rule, "retiring units");
}

#[test]
fn a_first_wizard_added_by_an_aftermath_after_set_up_owes_one_spell_and_one_manifestation() {
    let mut r = hammers();
    r.setup_complete = true;
    r.glory = 50;
    let first = "the first WIZARD on the Order of Battle";
    let choices = Choices {
        add_units: vec!["Battle Mage".into()],
        ..favour("Liberators")
    };
    let out = run(&r, &fought(), &choices, &[2, 3, 4]).unwrap();
    let a = after(&r, &out);
    let owed: Vec<_> = a.rewards.iter().map(|d| (d.reward, d.source.as_str())).collect();
    assert_eq!(
        owed,
        [(QuestReward::Spell, first), (QuestReward::Manifestation, first)]
    );
    // The picks are made with `roster lore add`, once each.
    let mut a = a;
    for (kind, name) in [
        (LoreKind::Spell, "Bolt"),
        (LoreKind::Manifestation, "Floating Sword"),
    ] {
        let pick = plan_tome_entry(&pack(), &host(), &a, kind, name, None, None).unwrap();
        a.apply(&pick, 200);
    }
    assert!(a.rewards.is_empty());
    for (kind, name) in [
        (LoreKind::Spell, "Ward"),
        (LoreKind::Manifestation, "Glowing Orb"),
    ] {
        let e = plan_tome_entry(&pack(), &host(), &a, kind, name, None, None).unwrap_err();
        assert!(e.to_string().contains("already chosen"), "{e}");
    }
    // A second WIZARD, in a later aftermath, brings nothing more.
    a.glory = 500;
    let out = run(&a, &fought(), &choices, &[2, 3, 4]).unwrap();
    assert!(
        !out.changes
            .iter()
            .any(|c| matches!(c, Change::GrantReward { .. }))
    );
}

#[test]
fn retire_offers_the_warlord_only_with_the_club_option() {
    let mut r = hammers();
    let ids = |r: &Roster| retire_choices(r).iter().map(|u| u.id).collect::<Vec<_>>();
    assert!(!ids(&r).contains(&WARLORD));
    assert_eq!(ids(&r).len(), r.units.len() - 1);
    r.options.retire_warlord = true;
    assert!(ids(&r).contains(&WARLORD));
}
