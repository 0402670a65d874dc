//! Rolls on the bundled Crystalline Shores triumph table, with scripted dice.

use super::*;
use crate::catalogue::Catalogue;
use crate::rules::dice::TypedDice;
use crate::rules::model::Roster;
use crate::rules::roster::tests::{add, roster_led_by};

fn shores() -> Table {
    let cat = Catalogue::bundled().expect("bundled data");
    let tables = cat.tables().expect("tables");
    (*tables
        .iter()
        .find(|t| t.id == "crystalline-shores")
        .expect("the table"))
    .clone()
}

/// A Battle Mage (HERO, WIZARD (1)) leading, with `others` beside it.
fn army_of(others: &[&str]) -> Roster {
    let mut r = roster_led_by("Battle Mage");
    for w in others {
        add(&mut r, w, false).expect("unit");
    }
    r
}

/// What `dice` give on the table for `r`'s whole Order of Battle, and the dice rolled.
fn roll(r: &Roster, dice: &[u32]) -> (String, Vec<String>) {
    let table = shores();
    let units: Vec<&Unit> = r.units.iter().collect();
    let mut typed = TypedDice::new(dice.iter().copied());
    let mut roller = Roller::new(&mut typed);
    let entry = roll_on_table(&table, &units, "triumph for Hammers", &mut roller).expect("a result");
    let labels = roller.rolls.iter().map(|r| r.purpose.clone()).collect();
    (entry.name.clone(), labels)
}

#[test]
fn gift_of_sorcery_is_re_rolled_when_every_hero_is_already_a_wizard() {
    // The Battle Mage is the only HERO, and a WIZARD; Liberators are no HERO.
    let (entry, rolls) = roll(&army_of(&["Liberators"]), &[5, 2]);
    assert_eq!(entry, "The Flickering Boatmen");
    assert_eq!(
        rolls,
        [
            "triumph for Hammers",
            "triumph for Hammers, re-rolled: Gift of Sorcery, and every HERO is already a WIZARD"
        ]
    );
}

#[test]
fn gift_of_sorcery_stands_when_a_hero_is_no_wizard() {
    let (entry, rolls) = roll(&army_of(&["Knight-Questor"]), &[5]);
    assert_eq!(entry, "Gift of Sorcery");
    assert_eq!(rolls.len(), 1);
}

#[test]
fn a_die_is_re_rolled_once_at_most() {
    // "You can never re-roll a dice more than once": a second 5 stands.
    let (entry, rolls) = roll(&army_of(&[]), &[5, 5]);
    assert_eq!(entry, "Gift of Sorcery");
    assert_eq!(rolls.len(), 2);
}

#[test]
fn other_results_are_never_re_rolled() {
    for die in [1, 2, 3, 4, 6] {
        let (_, rolls) = roll(&army_of(&[]), &[die]);
        assert_eq!(rolls.len(), 1, "{die}");
    }
}

#[test]
fn a_clubs_own_table_can_re_roll_on_its_own_keywords() {
    let r = army_of(&["Big Beast"]);
    let units: Vec<&Unit> = r.units.iter().collect();
    let monsters_are_wizards = Reroll {
        every: vec!["MONSTER".into()],
        has: vec!["WIZARD".into()],
    };
    assert!(!reroll_holds(&monsters_are_wizards, &units));
    let heroes_are_wizards = Reroll {
        every: vec!["HERO".into()],
        has: vec!["WIZARD".into()],
    };
    assert!(reroll_holds(&heroes_are_wizards, &units));
}
