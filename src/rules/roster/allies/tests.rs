//! The allies rules with the bundled battlepack's numbers and real factions: Slaves to Darkness
//! (Chaos) with allies from Disciples of Tzeentch (Chaos), never from Stormcast Eternals (Order).

use super::*;
use crate::catalogue::Catalogue;
use crate::rules::army::{ArmyChoice, plan_army};
use crate::rules::change::NewUnit;
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::empty_roster;
use crate::rules::roster::{check, plan_add_unit, plan_enhancement};

fn faction(name: &str) -> &'static Faction {
    static CAT: std::sync::OnceLock<Catalogue> = std::sync::OnceLock::new();
    CAT.get_or_init(|| Catalogue::bundled().expect("bundled data"))
        .faction(name)
        .expect("bundled faction")
}

const OWN: &str = "Slaves to Darkness";
const ALLY: &str = "Disciples of Tzeentch";

/// The share the bundled battlepack sets (`[options.allies] one_in`).
fn one_in() -> u32 {
    pack().options.allies.expect("ascension offers allies").one_in
}

/// A Slaves to Darkness roster in a campaign playing allies: a Darkoath Chieftain warlord
/// (HERO) then `own` Chaos Spawn and `allies` Chaos Spawn of Tzeentch, put straight on the
/// Order of Battle (no set-up limits).
fn roster(own: usize, allies: usize) -> Roster {
    let mut r = empty_roster();
    r.faction = OWN.into();
    r.options.allies = true;
    let mut put = |f: &str, w: &str, warlord: bool, ally: bool| {
        let w = faction(f).unit(w).expect("warscroll");
        let mut n = NewUnit::from_warscroll(w, None, warlord);
        n.ally = ally.then(|| ALLY.to_string());
        let id = r.units.len() as i64 + 1;
        r.units.push(Unit::joining(id, &n));
    };
    put(OWN, "Darkoath Chieftain", true, false);
    for _ in 0..own {
        put(OWN, "Chaos Spawn", false, false);
    }
    for _ in 0..allies {
        put(ALLY, "Chaos Spawn of Tzeentch", false, true);
    }
    r
}

fn add_ally(r: &Roster, warscroll: &str, ally: &str) -> Result<crate::rules::Outcome, RuleError> {
    plan_add_unit(
        &pack(),
        faction(OWN),
        r,
        warscroll,
        false,
        None,
        Some(faction(ally)),
    )
}

#[test]
fn the_share_is_one_in_four_from_the_data_read_as_allies_times_four_at_most_the_units() {
    assert_eq!(one_in(), 4);
    let n = one_in() as usize;
    assert!(check_ally_share(one_in(), 4, 4 * n, "the army", "").is_ok());
    let e = check_ally_share(one_in(), 5, 4 * n, "the army", "fix it").unwrap_err();
    assert!(
        e.to_string().contains("the army would hold 5 allied units in 16"),
        "{}",
        e.to_string()
    );
    assert!(e.to_string().contains("at most 1 unit in every 4"));
    assert!(check_ally_share(one_in(), 1, n - 1, "x", "").is_err());
    assert!(check_ally_share(one_in(), 0, 0, "x", "").is_ok());
}

#[test]
fn a_starting_order_of_battle_of_16_units_holds_4_allies_and_refuses_a_5th() {
    // 12 own units and 3 allies: the 4th ally makes 16 units, 4 of them allies.
    let r = roster(11, 3);
    let out = add_ally(&r, "Chaos Spawn of Tzeentch", ALLY).unwrap();
    assert!(out.summary.contains("(ally: Disciples of Tzeentch)"));
    let mut r = roster(11, 4);
    assert_eq!(r.units.len(), 16);
    let e = add_ally(&r, "Chaos Spawn of Tzeentch", ALLY).unwrap_err();
    assert!(e.to_string().contains("5 allied units in 17"), "{}", e.message);
    // The roster's own faction sends no allies.
    r.units.retain(|u| u.ally.is_none());
    let e = add_ally(&r, "Nexus Chaotica", OWN).unwrap_err();
    assert!(
        e.to_string().contains("no ally; leave out --ally"),
        "{}",
        e.message
    );
}

#[test]
fn allies_need_the_option_and_another_faction_of_the_same_grand_alliance() {
    let mut r = roster(3, 0);
    assert!(add_ally(&r, "Chaos Spawn of Tzeentch", ALLY).is_ok());
    let e = add_ally(&r, "Liberators", "Stormcast Eternals").unwrap_err();
    assert!(
        e.to_string()
            .contains("Stormcast Eternals is of the Order grand alliance"),
        "{}",
        e.to_string()
    );
    assert!(e.to_string().contains("of Chaos"));
    r.options.allies = false;
    let e = add_ally(&r, "Chaos Spawn of Tzeentch", ALLY).unwrap_err();
    assert!(e.to_string().contains("--option allies"), "{}", e.message);
}

#[test]
fn an_allied_unit_is_looked_up_in_its_own_faction() {
    let r = roster(1, 1);
    let own = faction(OWN);
    let allies = [faction(ALLY)];
    let with = Factions { own, allies: &allies };
    let spawn = &r.units[2];
    assert!(with.warscroll(spawn).is_some());
    assert!(Factions::alone(own).warscroll(spawn).is_none());
    let report = check(&pack(), &with, &r);
    assert!(
        report
            .notes
            .iter()
            .all(|n| !n.for_cli().contains("not in the current data")),
        "{:?}",
        report.notes
    );
}

fn army(r: &Roster, ids: &[i64], general: Option<&str>) -> Result<crate::rules::army::Army, RuleError> {
    let units: Vec<String> = ids.iter().map(|i| i.to_string()).collect();
    let choice = ArmyChoice {
        units: &units,
        general,
        regiments: &[],
    };
    plan_army(&pack().army, pack().options.allies.as_ref(), r, &choice, 2000)
}

/// A second HERO to lead a regiment, so 16 units have room: a Darkoath Warqueen, own faction.
fn with_heroes(mut r: Roster, heroes: usize) -> Roster {
    for _ in 0..heroes {
        let w = faction(OWN).unit("Darkoath Warqueen").unwrap();
        let id = r.units.len() as i64 + 1;
        r.units
            .push(Unit::joining(id, &NewUnit::from_warscroll(w, None, false)));
    }
    r
}

#[test]
fn an_army_of_16_units_takes_4_allies_and_refuses_5() {
    // 1 warlord + 7 Chaos Spawn + 5 allies + 3 Warqueens = 16 units on the roster.
    let r = with_heroes(roster(7, 5), 3);
    let all: Vec<i64> = r.units.iter().map(|u| u.id).collect();
    assert_eq!(all.len(), 16);
    let e = army(&r, &all, None).unwrap_err();
    assert!(
        e.to_string().contains("the army would hold 5 allied units in 16"),
        "{}",
        e.to_string()
    );
    // Four allies in 16: one more Warqueen instead of the 5th ally.
    let r = with_heroes(roster(7, 4), 4);
    let all: Vec<i64> = r.units.iter().map(|u| u.id).collect();
    assert_eq!(all.len(), 16);
    let a = army(&r, &all, None).unwrap();
    assert_eq!(a.units.len(), 16);
}

#[test]
fn an_allied_unit_is_never_the_general_and_allies_stay_home_with_the_option_off() {
    let mut r = with_heroes(roster(3, 1), 1);
    r.units[4].ally = Some(ALLY.into()); // the Warqueen, as if allied
    r.units[4].warlord = false;
    let ids: Vec<i64> = vec![2, 3, 4, 5];
    let e = army(&r, &ids, Some("5")).unwrap_err();
    assert!(
        e.to_string().contains("allied units are never the general"),
        "{}",
        e.to_string()
    );
    r.options.allies = false;
    let e = army(&r, &[1, 2, 3, 5], None).unwrap_err();
    assert!(
        e.to_string().contains("does not play with allies"),
        "{}",
        e.message
    );
}

#[test]
fn allied_units_get_no_enhancements() {
    let r = roster(3, 1);
    let e = plan_enhancement(faction(OWN), &r, &r.units[4], "anything", None).unwrap_err();
    assert!(
        e.to_string().contains("allied units get no enhancements"),
        "{}",
        e.to_string()
    );
}

#[test]
fn the_allegiance_is_the_faction_with_the_grand_alliance_when_allies_are_taken() {
    let r = roster(3, 1);
    let a = crate::rules::army::allegiance(&r, &[1, 2], "Chaos");
    assert_eq!(a.words, "Slaves to Darkness");
    let a = crate::rules::army::allegiance(&r, &[1, 2, 5], "Chaos");
    assert_eq!(
        a.words,
        "Slaves to Darkness (Chaos, with allies from Disciples of Tzeentch)"
    );
    assert_eq!(a.allies, vec![ALLY.to_string()]);
}

/// Core rules, Artefacts of Power: one artefact per HERO (even from two artefact tables), no
/// artefact twice on one Order of Battle, none on a UNIQUE hero.
#[test]
fn a_hero_carries_one_artefact_none_twice_and_none_on_a_unique_hero() {
    use crate::catalogue::{EnhancementKind, EnhancementTable};
    use crate::rules::roster::tests::{add, host, roster_led_by, unit};
    let mut f = host();
    f.enhancement_tables.push(EnhancementTable {
        name: "Relics".into(),
        kind: EnhancementKind::Artefact,
        enhancements: vec!["Old Crown".into()],
        eligible: vec!["Knight-Questor".into(), "Battle Mage".into()],
    });
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    add(&mut r, "Famous Hero", false).unwrap();
    let give = |r: &mut Roster, w: &str, name: &str| {
        let u = unit(r, w).clone();
        let out = plan_enhancement(&f, r, &u, name, Some("quest"))?;
        r.apply(&out, 100);
        Ok::<(), RuleError>(())
    };
    give(&mut r, "Knight-Questor", "Old Blade").unwrap();
    let e = give(&mut r, "Knight-Questor", "Old Crown").unwrap_err();
    assert!(
        e.to_string()
            .contains("cannot have more than one artefact of power"),
        "{}",
        e.to_string()
    );
    let e = give(&mut r, "Battle Mage", "Old Blade").unwrap_err();
    assert!(e.to_string().contains("same enhancement twice"), "{}", e.message);
    give(&mut r, "Battle Mage", "Old Crown").unwrap();
    let e = give(&mut r, "Famous Hero", "Old Shield").unwrap_err();
    assert!(e.to_string().contains("UNIQUE"), "{}", e.message);
}
