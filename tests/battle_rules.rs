//! End-to-end: the battle's own limits (issue #14, items 12 and 13). Twists come once a round
//! in rounds 1 to 5, before the result, for one of the battle's sides; a battle's points limit
//! is one Ascension's glory table covers. Every refusal leaves the database unchanged.

mod common;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS};

/// `Ptg::small_battle`: battle 1 (1000 points, The Ruined Settlement, D3 twists) with both
/// armies recorded, and a third roster of the campaign that is not a side of it.
static PLANNED: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle();
    p.ok(&common::roster_new(
        "Third Wheel",
        ASHEN_VALE,
        "Stormcast Eternals",
        "Lord-Vigilant on Gryph-stalker",
        "warrior",
        "berserker",
    ));
    p
});

fn twist(round: &str, underdog: &str, dice: &str) -> Vec<String> {
    [
        "battle",
        "twist",
        "1",
        "--round",
        round,
        "--underdog",
        underdog,
        "--dice",
        dice,
    ]
    .map(String::from)
    .to_vec()
}

fn args(v: &[String]) -> Vec<&str> {
    v.iter().map(String::as_str).collect()
}

#[test]
fn twists_are_refused_outside_rounds_one_to_five() {
    let p = PLANNED.copy();
    for round in ["0", "6", "12"] {
        let a = twist(round, RATS, "2");
        p.refused(&args(&a), "a battle has rounds 1 to 5");
    }
    p.ok(&args(&twist("5", RATS, "2")));
}

#[test]
fn a_second_twist_in_one_round_is_refused() {
    let p = PLANNED.copy();
    p.ok(&args(&twist("1", RATS, "2")));
    let a = twist("1", HAMMERS, "3");
    p.refused(
        &args(&a),
        "the twist for round 1 of battle 1 was already rolled (Wild Fire",
    );
}

#[test]
fn no_twist_is_rolled_after_the_result() {
    let p = PLANNED.copy();
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=12"),
        "--vp",
        &format!("{RATS}=8"),
    ]);
    let a = twist("3", RATS, "2");
    p.refused(&args(&a), "battle 1 already has its result");
}

#[test]
fn the_underdog_must_be_a_side_of_the_battle() {
    let p = PLANNED.copy();
    let a = twist("1", "Third Wheel", "2");
    p.refused(&args(&a), "not a side of battle 1");
}

#[test]
fn a_battle_below_ascensions_first_glory_band_is_refused_with_the_bands() {
    let p = PLANNED.copy();
    for points in ["500", "999"] {
        p.refused(
            &[
                "battle",
                "new",
                "--campaign",
                ASHEN_VALE,
                "--points",
                points,
                HAMMERS,
                RATS,
                "--battleplan",
                "The Ruined Settlement",
            ],
            "glory table, which starts at 1000 points (bands: 1000-1250, 1251-1750, 1751-2250, 2251+); use --points 1000 or more",
        );
    }
}
