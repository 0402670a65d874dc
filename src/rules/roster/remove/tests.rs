use super::*;
use crate::catalogue::battlepack::QuestReward;
use crate::catalogue::{Faction, LoreKind, Warscroll};
use crate::rules::model::RewardDue;
use crate::rules::renown::tests::pack;
use crate::rules::roster::tests::{add, host, host_with_priests, roster_led_by, unit};
use crate::rules::roster::{plan_add_unit, plan_enhancement, plan_quest, plan_tome_entry};
use crate::rules::undo::reverse;

/// Plans removing the unit of `warscroll` (the latest, when there are several) in no army.
fn remove(f: &Faction, r: &Roster, warscroll: &str) -> Result<Outcome, RuleError> {
    let u = r
        .units
        .iter()
        .rev()
        .find(|u| u.warscroll == warscroll)
        .expect("unit on roster");
    plan_remove_starting_unit(&pack(), &Factions::alone(f), r, u, &[])
}

/// Applies an outcome, new units (if any) numbered after the roster's.
fn apply(r: &mut Roster, out: &Outcome) {
    let next = r.units.iter().map(|u| u.id).max().unwrap_or(0) + 1;
    r.apply(out, next);
}

/// The outcome's changes as the store logs them, each with the unit it names.
fn logged(out: &Outcome) -> Vec<(Change, Option<i64>)> {
    out.changes
        .iter()
        .map(|c| {
            let id = c.unit().map(|u| match u {
                UnitRef::Existing(id) => id,
                UnitRef::New(_) => panic!("a removal adds no unit"),
            });
            (c.clone(), id)
        })
        .collect()
}

fn owed(r: &Roster) -> Vec<(QuestReward, &str)> {
    r.rewards.iter().map(|d| (d.reward, d.source.as_str())).collect()
}

fn refusal(result: Result<Outcome, RuleError>) -> RuleError {
    result.expect_err("the removal is refused")
}

#[test]
fn a_starting_unit_comes_off_and_its_undo_brings_the_same_unit_back() {
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", true).unwrap();
    add(&mut r, "Elite Guard", false).unwrap();
    let before = r.clone();
    assert_eq!(r.points(), 100 + 180 + 200);
    let lib = unit(&r, "Liberators").id;

    let out = remove(&f, &r, "Liberators").unwrap();
    assert_eq!(out.changes.len(), 1, "{:?}", out.changes);
    assert!(matches!(
        &out.changes[0],
        Change::RemoveStartingUnit { unit: UnitRef::Existing(id), was } if *id == lib && was.reinforced
    ));
    assert_eq!(
        out.changes[0].describe(),
        "taken off the Order of Battle during set-up (180 pts, reinforced)"
    );
    apply(&mut r, &out);
    assert!(r.unit(lib).is_none());
    assert_eq!(
        r.points(),
        100 + 200,
        "its points (twice, reinforced) are free again"
    );
    assert_eq!(r.glory, before.glory, "adding spent no glory, so none comes back");

    let undo = reverse(&pack(), &r, &logged(&out), "Liberators removed").unwrap();
    assert!(matches!(
        &undo.changes[..],
        [Change::ReturnStartingUnit { unit: UnitRef::Existing(id), .. }] if *id == lib
    ));
    apply(&mut r, &undo);
    assert_eq!(r, before, "the same unit, same id, same place, reinforced again");
    assert!(
        reverse(&pack(), &r, &logged(&undo), "x").is_err(),
        "the undo is itself not undone"
    );
}

#[test]
fn after_set_up_a_unit_is_retired_in_an_aftermath_instead() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", false).unwrap();
    r.setup_complete = true;
    let e = refusal(remove(&host(), &r, "Liberators"));
    assert_eq!(e.rule, "order of battle");
    assert!(
        e.to_string().contains("set-up is over") && e.to_string().contains("--retire 2"),
        "{e}"
    );
}

#[test]
fn the_warlord_never_leaves() {
    let r = roster_led_by("Knight-Questor");
    let e = refusal(remove(&host(), &r, "Knight-Questor"));
    assert_eq!(e.rule, "warlord");
    assert!(
        e.to_string().contains("roster new") && e.to_string().contains("delete this one"),
        "{e}"
    );
}

#[test]
fn a_unit_holding_enhancements_is_kept_until_they_are_undone() {
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    let mage = unit(&r, "Battle Mage").clone();
    let out = plan_enhancement(&f, &r, &mage, "Old Blade", None).unwrap();
    apply(&mut r, &out);
    let e = refusal(remove(&f, &r, "Battle Mage"));
    assert_eq!(e.rule, "enhancements");
    assert!(
        e.to_string().contains("Old Blade (Artefacts of Power)")
            && e.to_string().contains("lost")
            && e.to_string().contains("ptg undo --roster \"Hammers\""),
        "{e}"
    );
}

#[test]
fn the_quest_unit_and_a_unit_owed_a_reward_stay() {
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", false).unwrap();
    let lib = unit(&r, "Liberators").clone();
    let out = plan_quest(&pack(), &f, &r, "Seek Glory in Battle", Some(&lib), None).unwrap();
    apply(&mut r, &out);
    let e = refusal(remove(&f, &r, "Liberators"));
    assert_eq!(e.rule, "quest log");
    assert!(
        e.to_string().contains("Seek Glory in Battle") && e.to_string().contains("ptg quest start"),
        "{e}"
    );

    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    let mage = unit(&r, "Battle Mage").id;
    r.rewards.push(RewardDue {
        id: 9,
        reward: QuestReward::HeroicTrait,
        source: "Rise of a Champion".into(),
        unit: Some(mage),
    });
    let e = refusal(remove(&f, &r, "Battle Mage"));
    assert_eq!(e.rule, "rewards");
    assert!(
        e.to_string().contains("a heroic trait from Rise of a Champion"),
        "{e}"
    );
}

#[test]
fn a_unit_in_a_recorded_army_stays() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Liberators", false).unwrap();
    let lib = unit(&r, "Liberators").clone();
    let e = refusal(plan_remove_starting_unit(
        &pack(),
        &Factions::alone(&host()),
        &r,
        &lib,
        &[4],
    ));
    assert_eq!(e.rule, "armies");
    assert!(
        e.to_string().contains("battle 4") && e.to_string().contains("ptg battle army 4"),
        "{e}"
    );
}

/// The test host where a Battle Mage unlocks its Mage Guard.
fn host_with_guard() -> Faction {
    let mut f = host();
    f.units.push(Warscroll {
        name: "Mage Guard".into(),
        points: 80,
        unit_size: 5,
        keywords: vec!["INFANTRY".into()],
        unlocked_by: Some("Battle Mage".into()),
        ..Default::default()
    });
    f
}

#[test]
fn a_unit_that_unlocks_one_still_there_stays() {
    let f = host_with_guard();
    let mut r = roster_led_by("Knight-Questor");
    for w in ["Battle Mage", "Mage Guard"] {
        let out = plan_add_unit(&pack(), &f, &r, w, false, None, None).unwrap();
        apply(&mut r, &out);
    }
    let e = refusal(remove(&f, &r, "Battle Mage"));
    assert_eq!(e.rule, "unlocked units");
    assert!(
        e.to_string().contains("unlocks Mage Guard")
            && e.to_string()
                .contains("1 Mage Guard would stay with 0 Battle Mage")
            && e.to_string().contains("ptg roster remove \"Hammers\" 3"),
        "{e}"
    );
    assert!(remove(&f, &r, "Mage Guard").is_ok(), "the unlocked unit may go");
    let out = plan_add_unit(&pack(), &f, &r, "Battle Mage", false, None, None).unwrap();
    apply(&mut r, &out);
    assert!(
        remove(&f, &r, "Battle Mage").is_ok(),
        "a second Battle Mage still unlocks the Mage Guard"
    );
}

#[test]
fn the_allies_stay_within_their_share() {
    let p = pack();
    let one_in = p.options.allies.as_ref().expect("ascension offers allies").one_in as usize;
    let mut r = roster_led_by("Knight-Questor");
    // The warlord, one_in - 2 units of its own and one ally: exactly the share.
    for _ in 0..one_in - 2 {
        add(&mut r, "Liberators", false).unwrap();
    }
    add(&mut r, "Elite Guard", false).unwrap();
    r.units.last_mut().unwrap().ally = Some("Allied Host".into());
    let e = refusal(remove(&host(), &r, "Liberators"));
    assert_eq!(e.rule, "allies");
    assert!(e.to_string().contains("remove an allied unit first"), "{e}");
    assert!(
        remove(&host(), &r, "Elite Guard").is_ok(),
        "the ally itself may go"
    );
}

#[test]
fn the_only_wizard_takes_the_starting_picks_still_owed_with_it() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    let wizard = "the first WIZARD on the Order of Battle";
    assert_eq!(
        owed(&r),
        [(QuestReward::Spell, wizard), (QuestReward::Manifestation, wizard)]
    );
    let before = r.clone();
    let out = remove(&host(), &r, "Battle Mage").unwrap();
    let forfeited: Vec<_> = out
        .changes
        .iter()
        .filter_map(|c| match c {
            Change::ForfeitReward { reward, .. } => Some(*reward),
            _ => None,
        })
        .collect();
    assert_eq!(forfeited, [QuestReward::Spell, QuestReward::Manifestation]);
    apply(&mut r, &out);
    assert_eq!(owed(&r), [], "a WIZARD added later brings them again");
    let undo = reverse(&pack(), &r, &logged(&out), "x").unwrap();
    apply(&mut r, &undo);
    assert_eq!(r.units, before.units);
    let ids = |r: &Roster| {
        let mut ids: Vec<i64> = r.rewards.iter().map(|d| d.id).collect();
        ids.sort();
        ids
    };
    assert_eq!(ids(&r), ids(&before), "the same rewards are owed again");
}

#[test]
fn a_starting_pick_already_made_keeps_its_only_wizard() {
    let f = host();
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Battle Mage", false).unwrap();
    let out = plan_tome_entry(&pack(), &f, &r, LoreKind::Spell, "Bolt", None, None).unwrap();
    apply(&mut r, &out);
    let e = refusal(remove(&f, &r, "Battle Mage"));
    assert_eq!(e.rule, "arcane tome");
    assert!(
        e.to_string().contains("only WIZARD")
            && e.to_string()
                .contains("starting spell it brought is already picked")
            && e.to_string().contains("spell lore: Bolt")
            && e.to_string().contains("Add another WIZARD first"),
        "{e}"
    );
    // With a second WIZARD the picks stay with it.
    add(&mut r, "Battle Mage", false).unwrap();
    let first = r.units.iter().find(|u| u.warscroll == "Battle Mage").unwrap();
    let out = plan_remove_starting_unit(&pack(), &Factions::alone(&f), &r, first, &[]).unwrap();
    assert_eq!(out.changes.len(), 1, "nothing forfeited: {:?}", out.changes);
}

#[test]
fn a_manifestation_owed_by_the_priest_stands_in_for_the_one_the_wizard_brought() {
    let f = host_with_priests();
    let mut r = roster_led_by("Knight-Questor");
    for w in ["Battle Mage", "War Priest"] {
        let out = plan_add_unit(&pack(), &f, &r, w, false, None, None).unwrap();
        apply(&mut r, &out);
    }
    // The manifestation picked uses up the WIZARD's; the PRIEST's is still owed.
    let out = plan_tome_entry(
        &pack(),
        &f,
        &r,
        LoreKind::Manifestation,
        "Floating Sword",
        None,
        None,
    )
    .unwrap();
    apply(&mut r, &out);
    let out = remove(&f, &r, "Battle Mage").unwrap();
    let forfeited: Vec<_> = out
        .changes
        .iter()
        .filter_map(|c| match c {
            Change::ForfeitReward { reward, source, .. } => Some((*reward, source.as_str())),
            _ => None,
        })
        .collect();
    assert_eq!(
        forfeited,
        [
            (QuestReward::Spell, "the first WIZARD on the Order of Battle"),
            (
                QuestReward::Manifestation,
                "the first PRIEST on the Order of Battle"
            )
        ],
        "one manifestation stays, the one already picked"
    );
}
