//! End-to-end: UNIQUE units (no renown, no enhancements, one copy per Order of Battle and
//! army), quests that can only be abandoned, and the Relics of Myth roll shown win or lose.
//! Every refusal leaves the database untouched.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS};

const LORD: &str = "Lord-Vigilant on Gryph-stalker";
const GARDUS: &str = "Gardus Steel Soul";

/// Hammers of Dawn: Lord-Vigilant (warlord), Liberators, Knight-Arcanum and the UNIQUE Gardus
/// Steel Soul; Rat Tide: Grey Seer and Clanrats.
static ROSTERS: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    for w in ["Liberators", "Knight-Arcanum", GARDUS] {
        p.ok(&["roster", "add", HAMMERS, w]);
    }
    p.ok(&["roster", "add", RATS, "Clanrats"]);
    p
});

/// Battle 1 (1000 points, Relics of Myth): Hammers (Lord-Vigilant, Liberators, Knight-Arcanum)
/// win 9 VP to 3, a major victory. Their aftermath rolls a D3 for each of the three survivors,
/// the favoured warriors' D6, then the Relics of Myth D6. `extra` is added to `battle result`.
fn fight(p: &Ptg, extra: &[&str]) {
    p.plan_battle("1000", "Relics of Myth");
    p.ok(&[
        "battle",
        "army",
        "1",
        HAMMERS,
        LORD,
        "Liberators",
        "Knight-Arcanum",
    ]);
    p.ok(&["battle", "army", "1", RATS, "Grey Seer", "Clanrats"]);
    let mut result = vec![
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=9",
        "--vp",
        "Rat Tide=3",
    ];
    result.extend_from_slice(extra);
    p.ok(&result);
}

/// A copy of `p`'s database in a new test folder.
fn copy(p: &Ptg) -> Ptg {
    p.checkpoint();
    let to = Ptg::new();
    std::fs::copy(p.db(), to.db()).expect("copy the database");
    to
}

fn unit_id(p: &Ptg, warscroll: &str) -> String {
    let r = p.json(&["roster", "show", HAMMERS]);
    let u = common::named(&r["units"], "warscroll", warscroll);
    u["id"].to_string()
}

#[test]
fn a_unique_unit_never_gains_renown_from_seek_glory() {
    let p = ROSTERS.copy();
    p.refused(
        &[
            "quest",
            "start",
            HAMMERS,
            "Seek Glory in Battle",
            "--unit",
            GARDUS,
        ],
        "is UNIQUE and cannot be named by Seek Glory in Battle: UNIQUE units gain no renown",
    );
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Liberators",
    ]);
}

#[test]
fn a_unique_hero_is_never_the_rising_champion() {
    let p = ROSTERS.copy();
    p.refused(
        &["quest", "start", HAMMERS, "Rise of a Champion", "--unit", GARDUS],
        "UNIQUE units cannot be given enhancements",
    );
    p.refused(
        &["roster", "enhance", HAMMERS, GARDUS, "Staunch Defender"],
        "is UNIQUE and cannot be given enhancements",
    );
}

#[test]
fn a_unique_warscroll_joins_an_order_of_battle_once() {
    let p = ROSTERS.copy();
    let there = format!(
        "already on the Order of Battle as {GARDUS} (#{})",
        unit_id(&p, GARDUS)
    );
    p.refused(&["roster", "add", HAMMERS, GARDUS], &there);
    fight(&p, &[]);
    p.refused(
        &[
            "aftermath",
            "1",
            HAMMERS,
            "--favoured",
            "Liberators",
            "--add-unit",
            GARDUS,
            "--dice",
            "1,1,1,1,1",
        ],
        &there,
    );
}

#[test]
fn relics_of_myth_shows_d6_plus_vp_against_15_whether_it_succeeds_or_fails() {
    let p = ROSTERS.copy();
    fight(&p, &[]);
    let won = copy(&p);
    let out = p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,1,1,1,5",
    ]);
    assert!(
        out.contains("Relics of Myth campaign reward: D6 rolled 5 + 9 VP = 14, 15 needed: no reward"),
        "{out}"
    );
    let json = won.json(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,1,1,1,6",
    ]);
    assert_eq!(
        json["notes"][0],
        "Relics of Myth campaign reward: D6 rolled 6 + 9 VP = 15, 15 needed: an artefact of power earned"
    );
}

#[test]
fn a_rising_champion_who_gains_a_heroic_trait_can_only_be_abandoned() {
    let p = ROSTERS.copy();
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Rise of a Champion",
        "--unit",
        "Knight-Arcanum",
    ]);
    p.ok(&["roster", "enhance", HAMMERS, "Knight-Arcanum", "Staunch Defender"]);
    let why = "Rise of a Champion can no longer be completed: the Rising Champion (Knight-Arcanum";
    assert!(p.ok(&["roster", "show", HAMMERS]).contains(why));
    let check = p.cmd(&["roster", "check", HAMMERS]).output().expect("ptg runs");
    assert_eq!(check.status.code(), Some(1), "a broken rule fails `roster check`");
    assert!(String::from_utf8_lossy(&check.stdout).contains(why));
    fight(
        &p,
        &[
            "--general-slain",
            RATS,
            "--slew-hero-or-monster",
            "Knight-Arcanum",
        ],
    );
    p.refused(
        &[
            "aftermath",
            "1",
            HAMMERS,
            "--favoured",
            "Liberators",
            "--quest",
            "complete",
            "--dice",
            "1,1,1,1,6",
        ],
        "has gained a heroic trait (Staunch Defender)",
    );
    let auto = copy(&p).ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,1,1,1,6",
    ]);
    assert!(
        auto.contains(why) && !auto.contains("earned a heroic trait"),
        "{auto}"
    );
    let out = p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--quest",
        "abandon",
        "--dice",
        "1,1,1,1,6",
    ]);
    assert!(out.contains("Rise of a Champion"), "{out}");
}
