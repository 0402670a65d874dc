//! Re-rolls in the tables' data (issue #38, item 6): the Crystalline Shores' Gift of Sorcery
//! makes a HERO a WIZARD for the battle, and is re-rolled when every HERO of the army already is
//! one. Its data says so (`reroll`), and a club's own table can say the same.

use crate::common;

use common::wastes::{CULT, SILKEN, WASTES};
use common::{Fixture, Ptg};
use serde_json::Value;

/// Both rosters of a campaign playing realms and triumphs: the Silken Host (Lord of Pain, a
/// HERO but no WIZARD; Daemonettes), the Cult of Change (Magister, a HERO and a WIZARD; Pink
/// Horrors); battle 1 at the Crystalline Shores with both armies in.
static AT_THE_SHORES: Fixture = Fixture::new(|| {
    let p = Ptg::the_wastes("realms,triumphs");
    p.ok(&["roster", "add", SILKEN, "Daemonettes"]);
    p.ok(&["roster", "add", CULT, "Pink Horrors"]);
    p.ok(&battle_new());
    p.ok(&["battle", "army", "1", SILKEN, "Lord of Pain", "Daemonettes"]);
    p.ok(&[
        "battle",
        "army",
        "1",
        CULT,
        "Magister",
        "Pink Horrors",
        "--dice",
        "6,1",
    ]);
    p
});

fn battle_new() -> Vec<&'static str> {
    vec![
        "battle",
        "new",
        "--campaign",
        WASTES,
        "--points",
        "1000",
        SILKEN,
        CULT,
        "--battleplan",
        "The Ruined Settlement",
        "--realm",
        "Crystalline Shores",
    ]
}

/// Battle 1 won by `winner` as a major victory (12 to 2), and battle 2 planned.
fn won_by(winner: &str) -> Ptg {
    let p = AT_THE_SHORES.copy();
    let (silken, cult) = if winner == SILKEN { (12, 2) } else { (2, 12) };
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{SILKEN}={silken}"),
        "--vp",
        &format!("{CULT}={cult}"),
    ]);
    p.ok(&battle_new());
    p
}

fn triumph(army: &Value, side: usize) -> &str {
    army["sides"][side]["triumph"]["triumph"]
        .as_str()
        .unwrap_or("none")
}

fn purposes(army: &Value) -> Vec<String> {
    army["rolls"]
        .as_array()
        .expect("the dice rolled")
        .iter()
        .map(|r| r["purpose"].as_str().unwrap().to_string())
        .collect()
}

#[test]
fn gift_of_sorcery_is_re_rolled_when_every_hero_of_the_army_is_already_a_wizard() {
    let p = won_by(CULT);
    // The Magister is the army's only HERO, and a WIZARD: the 5 is re-rolled, and the 2 stands.
    let army = p.json(&[
        "battle",
        "army",
        "2",
        CULT,
        "Magister",
        "Pink Horrors",
        "--triumph-table",
        "Crystalline Shores Triumphs",
        "--dice",
        "5,2",
    ]);
    assert_eq!(triumph(&army, 1), "The Flickering Boatmen");
    assert_eq!(
        purposes(&army),
        [
            "triumph for Cult of Change (Crystalline Shores Triumphs)",
            "triumph for Cult of Change (Crystalline Shores Triumphs), re-rolled: Gift of Sorcery, and every HERO is already a WIZARD"
        ]
    );
    assert!(p.ok(&["audit"]).contains("no findings"));
}

#[test]
fn gift_of_sorcery_stands_for_an_army_with_a_hero_who_is_no_wizard() {
    let p = won_by(SILKEN);
    let army = p.json(&[
        "battle",
        "army",
        "2",
        SILKEN,
        "Lord of Pain",
        "Daemonettes",
        "--triumph-table",
        "Crystalline Shores Triumphs",
        "--dice",
        "5",
    ]);
    assert_eq!(triumph(&army, 0), "Gift of Sorcery");
    assert_eq!(purposes(&army).len(), 1);
}

#[test]
fn a_clubs_own_table_re_rolls_by_its_own_data() {
    let p = won_by(CULT);
    let dir = p.dir.path().join("data");
    std::fs::create_dir_all(dir.join("tables")).unwrap();
    std::fs::write(
        dir.join("tables").join("club.toml"),
        "id = \"1e\"\nname = \"Club Triumphs\"\nkind = \"triumph\"\ndice = \"D3\"\n\n\
         [[entries]]\nrolls = [1]\nname = \"Arcane Spark\"\nsummary = \"A HERO casts once.\"\n\
         reroll = { every = [\"HERO\"], has = [\"WIZARD\"] }\n\n\
         [[entries]]\nrolls = [2, 3]\nname = \"Steady\"\nsummary = \"Our own.\"\n",
    )
    .unwrap();
    let data = dir.to_str().unwrap();
    let army = p.json(&[
        "--data-dir",
        data,
        "battle",
        "army",
        "2",
        CULT,
        "Magister",
        "Pink Horrors",
        "--dice",
        "1,3",
    ]);
    assert_eq!(triumph(&army, 1), "Steady");
    assert_eq!(purposes(&army).len(), 2);
}
