use super::*;
use crate::catalogue::EnhancementKind;
use crate::rules::aftermath::{Choices, plan_aftermath};
use crate::rules::battle::BattleResult;
use crate::rules::dice::TypedDice;
use crate::rules::model::{Enhancement, QuestState};
use crate::rules::renown::tests::pack;
use crate::rules::roster::plan_quest;
use crate::rules::roster::tests::{add, host, roster_led_by};
use crate::rules::{Outcome, RuleError};

const WARLORD: i64 = 1;
const BATTLE_MAGE: i64 = 2;
const FAMOUS_HERO: i64 = 3;
const LIBERATORS: i64 = 4;

/// Knight-Questor warlord, a Battle Mage, a UNIQUE Famous Hero and Liberators, set-up over.
fn roster() -> Roster {
    let mut r = roster_led_by("Knight-Questor");
    for w in ["Battle Mage", "Famous Hero", "Liberators"] {
        add(&mut r, w, false).expect("starting unit");
    }
    r.setup_complete = true;
    r
}

fn on_quest(r: &mut Roster, quest: &str, unit: i64) {
    r.quest = Some(QuestState {
        quest: quest.into(),
        points: 0,
        unit: Some(unit),
        since: None,
    });
}

/// A major victory everyone survived; `slew` slew an enemy HERO.
fn won(slew: i64) -> Fought {
    Fought {
        battle_id: 3,
        points_limit: 1000,
        battleplan: None,
        army: vec![WARLORD, BATTLE_MAGE, FAMOUS_HERO, LIBERATORS],
        destroyed: Vec::new(),
        slew: vec![slew],
        victory_points: 12,
        result: BattleResult::MajorVictory,
        general_slain: false,
        quest_points: 0,
        realm: None,
        fought_at: None,
    }
}

fn aftermath(r: &Roster, f: &Fought, quest: QuestChoice, dice: &[u32]) -> Result<Outcome, RuleError> {
    let choices = Choices {
        favoured: Some("Liberators".into()),
        quest,
        ..Choices::default()
    };
    let mut d = TypedDice::new(dice.iter().copied());
    plan_aftermath(&pack(), &host(), r, f, &choices, &mut d)
}

fn start(r: &Roster, quest: &str, unit: i64) -> Result<Outcome, RuleError> {
    plan_quest(&pack(), &host(), r, quest, r.unit(unit), None)
}

fn renown_for(out: &Outcome, id: i64) -> u32 {
    out.changes
        .iter()
        .filter_map(|c| match c {
            Change::GainRenown {
                unit: UnitRef::Existing(u),
                amount,
                ..
            } if *u == id => Some(*amount),
            _ => None,
        })
        .sum()
}

#[test]
fn a_unique_unit_never_gains_renown_from_seek_glory() {
    let mut r = roster();
    let e = start(&r, "Seek Glory in Battle", FAMOUS_HERO).unwrap_err();
    assert_eq!(e.rule, "quests");
    assert!(
        e.message.contains("is UNIQUE") && e.message.contains("gain no renown"),
        "{e}"
    );

    // A quest already naming a UNIQUE unit (an older database) completes with no renown: it
    // can only be abandoned, and the aftermath says so.
    on_quest(&mut r, "Seek Glory in Battle", FAMOUS_HERO);
    let out = aftermath(&r, &won(WARLORD), QuestChoice::Auto, &[1, 1, 1, 1]).unwrap();
    assert_eq!(renown_for(&out, FAMOUS_HERO), 0);
    assert!(
        !out.changes
            .iter()
            .any(|c| matches!(c, Change::CompleteQuest { .. }))
    );
    assert!(
        out.notes
            .iter()
            .any(|n| n.contains("can only be given up (abandoned)")),
        "{:?}",
        out.notes
    );
    let e = aftermath(&r, &won(WARLORD), QuestChoice::Complete, &[1, 1, 1, 1, 3]).unwrap_err();
    assert!(e.message.contains("UNIQUE and gain no renown"), "{e}");
    assert!(aftermath(&r, &won(WARLORD), QuestChoice::Abandon, &[1, 1, 1, 1]).is_ok());
}

#[test]
fn a_rising_champion_who_gains_a_heroic_trait_or_leaves_can_only_be_abandoned() {
    let base = {
        let mut r = roster();
        on_quest(&mut r, "Rise of a Champion", BATTLE_MAGE);
        r
    };
    assert_eq!(quest_unit_unfit(&pack(), &base), None);
    let mut traited = base.clone();
    traited.units[1].enhancements.push(Enhancement {
        table: "Heroic Traits".into(),
        kind: EnhancementKind::HeroicTrait,
        name: "Bold".into(),
    });
    let mut retired = base.clone();
    retired.units[1].retired = true;
    let mut gone = base.clone();
    gone.units.retain(|u| u.id != BATTLE_MAGE);
    for (r, why) in [
        (&traited, "has gained a heroic trait (Bold)"),
        (&retired, "is retired"),
        (&gone, "missing from the Order of Battle"),
    ] {
        let worded = only_abandon(&pack(), r).expect("unclaimable");
        let said = worded.for_cli();
        assert!(said.contains(why) && said.contains("--quest abandon"), "{said}");
        // A page names the form that gives it up, never the command.
        let page = worded.for_pages();
        assert!(
            page.contains(why) && !page.contains("--") && !page.contains("ptg "),
            "{page}"
        );
        let problems =
            crate::rules::roster::check(&pack(), &crate::rules::roster::Factions::alone(&host()), r).problems;
        assert!(problems.iter().any(|p| p.message == worded), "{problems:?}");
        // The champion slew a HERO, yet no reward comes: only abandoning is allowed.
        let e = aftermath(r, &won(BATTLE_MAGE), QuestChoice::Complete, &[1, 1, 1, 1]).unwrap_err();
        assert!(e.message.contains(why), "{e}");
        let out = aftermath(r, &won(BATTLE_MAGE), QuestChoice::Auto, &[1, 1, 1, 1]).unwrap();
        assert!(
            !out.changes
                .iter()
                .any(|c| matches!(c, Change::GrantReward { .. }))
        );
        assert!(out.notes.iter().any(|n| n.contains(why)), "{:?}", out.notes);
        let out = aftermath(r, &won(BATTLE_MAGE), QuestChoice::Abandon, &[1, 1, 1, 1]).unwrap();
        assert!(out.changes.iter().any(|c| matches!(c, Change::DropQuest { .. })));
    }
}

#[test]
fn a_unique_hero_is_never_the_rising_champion() {
    let r = roster();
    let e = start(&r, "Rise of a Champion", FAMOUS_HERO).unwrap_err();
    assert_eq!(e.rule, "quests");
    assert!(
        e.message.contains("is UNIQUE") && e.message.contains("cannot be given enhancements"),
        "{e}"
    );
    assert!(start(&r, "Rise of a Champion", BATTLE_MAGE).is_ok());
}

#[test]
fn an_aftermath_refuses_quest_points_no_battle_can_give() {
    // A result recorded by an older ptg, or read from a league file: 7 for Harness
    // Manifestation, 6 for Search for the Artefact in a five-round battle.
    for (quest, points, fine) in [("Harness Manifestation", 7, 8), ("Search for the Artefact", 6, 5)] {
        let mut r = roster();
        on_quest(&mut r, quest, WARLORD);
        r.quest.as_mut().unwrap().unit = None;
        let f = Fought {
            quest_points: points,
            ..won(WARLORD)
        };
        let err = aftermath(&r, &f, QuestChoice::Keep, &[1, 1, 1]).unwrap_err();
        assert_eq!(err.rule, "quest points", "{quest}");
        assert!(
            err.message.contains(&format!(
                "battle 3's result gives {} {points} quest points for {quest}, which no battle can give",
                r.name
            )),
            "{}",
            err.message
        );
        assert_eq!(
            err.fixes,
            [Fix::act(Action::Undo {
                roster: Some(r.name.clone())
            })]
        );
        // Giving the quest up counts no points, so it is not refused.
        assert!(
            aftermath(&r, &f, QuestChoice::Abandon, &[1, 1, 1]).is_ok(),
            "{quest}"
        );
        let f = Fought {
            quest_points: fine,
            ..won(WARLORD)
        };
        assert!(
            aftermath(&r, &f, QuestChoice::Keep, &[1, 1, 1]).is_ok(),
            "{quest} {fine}"
        );
    }
}

/// A champion that slew no one cannot complete Rise of a Champion: the refusal says so and
/// carries its fix as data (the battle's result corrected), which the CLI words as a command
/// and a page as the form; no command is written into the message itself.
#[test]
fn a_champion_that_slew_no_one_is_refused_with_the_correction_as_data() {
    let mut r = roster();
    on_quest(&mut r, "Rise of a Champion", BATTLE_MAGE);
    let e = aftermath(&r, &won(WARLORD), QuestChoice::Complete, &[1, 1, 1, 1]).unwrap_err();
    assert!(e.message.contains("did not slay an enemy HERO or MONSTER"), "{e}");
    assert!(!e.message.contains("--") && !e.message.contains('`'), "{e}");
    assert_eq!(
        e.fixes,
        [crate::fix::Fix::act(crate::fix::Action::CorrectSlain {
            battle: 3
        })]
    );
    let cli = crate::fix::for_cli(&e.fixes);
    assert!(
        cli.contains("`ptg battle result 3 --correct --slew-hero-or-monster"),
        "{cli}"
    );
    let page = crate::fix::for_pages(&e.fixes);
    assert!(
        page.contains("Correct the result") && !page.contains("--"),
        "{page}"
    );
}
