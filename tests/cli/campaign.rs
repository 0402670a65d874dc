//! End-to-end: a three-battle campaign between two rosters with typed-in dice, every glory,
//! renown, rank and quest figure checked against values worked out by hand from the rules.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS, named};
use serde_json::Value;

fn roster(p: &Ptg, name: &str) -> Value {
    p.json(&["roster", "show", name])
}

/// (renown, rank) of the unit with this custom name or warscroll.
fn standing(r: &Value, unit: &str) -> (u64, Option<String>) {
    let u = r["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["name"] == unit || (u["name"].is_null() && u["warscroll"] == unit))
        .unwrap_or_else(|| panic!("no unit {unit}"));
    (
        u["renown"].as_u64().unwrap(),
        u["rank"].as_str().map(str::to_string),
    )
}

fn rank(renown: u64, rank: &str) -> (u64, Option<String>) {
    (renown, Some(rank.to_string()))
}

/// Hammers of Dawn (Stormcast, 480 pts): Lord-Vigilant #1 (warlord, 5 renown), Dawn Guard
/// (Liberators) #2, Knight-Arcanum #3, Prosecutors #4; quest Seek Glory in Battle (Dawn Guard).
/// Rat Tide (Skaven, 470 pts): Grey Seer #5 (warlord, 5 renown), Clanrats #6, Stormvermin #7,
/// Warlock Engineer #8; quest Search for the Artefact. Each has picked the starting spell and
/// manifestation its first WIZARD brings.
static TWO_ROSTERS: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"]);
    p.ok(&["roster", "add", HAMMERS, "Knight-Arcanum"]);
    p.ok(&["roster", "add", HAMMERS, "Prosecutors"]);
    // The starting spell and manifestation the first WIZARD brings (so none wait below).
    p.ok(&["roster", "lore", HAMMERS, "add", "spell", "Lightning Blast"]);
    p.ok(&[
        "roster",
        "lore",
        HAMMERS,
        "add",
        "manifestation",
        "Summon Celestian Vortex",
    ]);
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Dawn Guard",
    ]);
    p.new_rats();
    for w in ["Clanrats", "Stormvermin", "Warlock Engineer"] {
        p.ok(&["roster", "add", RATS, w]);
    }
    p.ok(&["roster", "lore", RATS, "add", "spell", "Skitterleap"]);
    p.ok(&[
        "roster",
        "lore",
        RATS,
        "add",
        "manifestation",
        "Summon Bell of Doom",
    ]);
    p.ok(&["quest", "start", RATS, "Search for the Artefact"]);
    p
});

#[test]
fn three_battles_with_typed_dice_match_the_hand_worked_figures() {
    let p = TWO_ROSTERS.copy();

    // ---- Battle 1: 1000 points, The Ruined Settlement. Roles wait for both armies; then
    // both generals have 5 renown, so the players roll off for territories: 6 v 1, Hammers
    // of Dawn picks.
    let b = p.json(&[
        "battle",
        "new",
        "--campaign",
        "Ashen Vale",
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    assert_eq!(b["id"], 1);
    assert_eq!(b["roles_roster_id"], Value::Null, "not decided before the armies");
    assert_eq!(b["battlefield"]["terrain_features"], 4);
    p.ok(&[
        "battle",
        "army",
        "1",
        HAMMERS,
        "1",
        "Dawn Guard",
        "Knight-Arcanum",
        "Prosecutors",
    ]);
    p.ok(&[
        "battle",
        "army",
        "1",
        RATS,
        "Grey Seer",
        "Clanrats",
        "Stormvermin",
        "Warlock Engineer",
        "--dice",
        "6,1",
    ]);
    let b = p.json(&["battle", "show", "1"]);
    assert_eq!(b["roles_roster_id"], 1, "Hammers of Dawn won the roll-off");
    // Each side's Arcane Tome is printed with its army (read without its quests or rewards).
    let shown = p.ok(&["battle", "show", "1"]);
    for lores in [
        "lores (Arcane Tome): Summon Celestian Vortex, Lightning Blast",
        "lores (Arcane Tome): Summon Bell of Doom, Skitterleap",
    ] {
        assert!(shown.contains(lores), "{lores} in:\n{shown}");
    }
    // 14 v 8: a lead of 6 is a major victory.
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=14"),
        "--vp",
        &format!("{RATS}=8"),
        "--destroyed",
        "Prosecutors",
        "Stormvermin",
        "--quest-points",
        &format!("{RATS}=2"),
    ]);
    // Hammers: glory 30 + 20 + 5 = 55. Renown D3s: Lord-Vigilant 2 (5 -> 7), Dawn Guard 3,
    // Knight-Arcanum 1; Prosecutors destroyed +1; favoured Dawn Guard D6 4 (-> 7); Seek Glory
    // completed: D3+3 with a 2 = 5 (-> 12, Aspiring).
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Dawn Guard",
        "--dice",
        "2,3,1,4,2",
    ]);
    // Rats: glory 30 + 5 = 35. Grey Seer 3 (5 -> 8), Clanrats 2, Warlock Engineer 1;
    // Stormvermin destroyed +1; favoured Clanrats D6 6 (-> 8, Aspiring). Quest 2 of 3.
    p.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "3,2,1,6",
    ]);

    let h = roster(&p, HAMMERS);
    assert_eq!(h["glory"], 55);
    assert_eq!(
        standing(&h, "Lord-Vigilant on Gryph-stalker"),
        rank(7, "Aspiring")
    );
    assert_eq!(standing(&h, "Dawn Guard"), rank(12, "Aspiring"));
    assert_eq!(standing(&h, "Knight-Arcanum"), (1, None));
    assert_eq!(standing(&h, "Prosecutors"), (1, None));
    assert_eq!(h["completed_quests"], serde_json::json!(["Seek Glory in Battle"]));
    assert!(h["quest"].is_null());
    assert!(h["setup_complete"].as_bool().unwrap());
    let r = roster(&p, RATS);
    assert_eq!(r["glory"], 35);
    assert_eq!(standing(&r, "Grey Seer"), rank(8, "Aspiring"));
    assert_eq!(standing(&r, "Clanrats"), rank(8, "Aspiring"));
    assert_eq!(standing(&r, "Stormvermin"), (1, None));
    assert_eq!(standing(&r, "Warlock Engineer"), (1, None));
    assert_eq!(r["quest"]["points"], 2);

    // Rank-ups wait for a choice; a unit's first rank also picks its Path.
    let waiting = h["waiting"].as_array().unwrap();
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert!(waiting[0].as_str().unwrap().contains("Dawn Guard"));
    // `rank pending --json` is data, not the sentences with their commands (issue #33).
    let pending = p.json(&["rank", "pending", HAMMERS]);
    assert_eq!(pending[0]["kind"], "rank", "{pending}");
    assert!(
        pending[0]["unit"].as_str().unwrap().contains("Dawn Guard"),
        "{pending}"
    );
    assert!(!pending[0]["paths"].as_array().unwrap().is_empty(), "{pending}");
    assert!(!pending.to_string().contains("ptg "), "{pending}");
    p.refused(
        &["rank", "choose", HAMMERS, "Dawn Guard", "battle-fury"],
        "add --path",
    );
    p.ok(&[
        "rank",
        "choose",
        HAMMERS,
        "Dawn Guard",
        "battle-fury",
        "--path",
        "attacker",
    ]);
    p.ok(&[
        "rank",
        "choose",
        RATS,
        "Clanrats",
        "hardened-resolve",
        "--path",
        "defender",
    ]);
    p.refused(
        &["rank", "choose", RATS, "Clanrats", "steel-discipline"],
        "no rank choice waiting",
    );
    let h = roster(&p, HAMMERS);
    let dg = named(&h["units"], "name", "Dawn Guard");
    assert_eq!(dg["path"], "attacker");
    assert_eq!(dg["abilities"], serde_json::json!([["Aspiring", "battle-fury"]]));
    assert_eq!(h["waiting"], serde_json::json!([]));
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Rise of a Champion",
        "--unit",
        "Knight-Arcanum",
    ]);

    // ---- Battle 2: 1500 points, Relics of Myth. Generals 7 v 8: Hammers pick, no roll.
    let b = p.json(&[
        "battle",
        "new",
        "--campaign",
        "Ashen Vale",
        "--points",
        "1500",
        HAMMERS,
        RATS,
        "--battleplan",
        "Relics of Myth",
    ]);
    assert_eq!(b["roles_roster_id"], Value::Null);
    p.ok(&["battle", "army", "2", HAMMERS, "1", "2", "3", "4"]);
    let b = p.json(&["battle", "army", "2", RATS, "5", "6", "7", "8"]);
    assert_eq!(b["roles_roster_id"], 1);
    // 9 v 12: a minor victory for the Rats; the Lord-Vigilant was slain.
    p.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        &format!("{HAMMERS}=9"),
        "--vp",
        &format!("{RATS}=12"),
        "--general-slain",
        HAMMERS,
        "--destroyed",
        "Dawn Guard",
        "Clanrats",
        "--quest-points",
        &format!("{RATS}=1"),
    ]);
    // Rats: glory 60 + 20 + 10 = 90 (125). Grey Seer 1 (-> 9), Clanrats destroyed (-> 9),
    // Stormvermin 3 (-> 4), Warlock Engineer 2 (-> 3); favoured Stormvermin D6 5 (-> 9,
    // Aspiring). Quest 3 of 3: completed, an artefact owed. Relics of Myth: D6 3 + 12 VP = 15,
    // a second artefact. Then Stormvermin "Second Claw" joins for 110 glory (15 left).
    p.ok(&[
        "aftermath",
        "2",
        RATS,
        "--favoured",
        "Stormvermin",
        "--dice",
        "1,3,2,5,3",
        "--add-unit",
        "Stormvermin",
        "--add-name",
        "Second Claw",
    ]);
    // Hammers: glory 60, general slain (115). Lord-Vigilant slain, one model: destroyed, 1
    // (-> 8), Dawn Guard destroyed (-> 13), Knight-Arcanum 3 (-> 4), Prosecutors 2 (-> 3); favoured Knight-Arcanum D6 6
    // (-> 10, Aspiring). Rise of a Champion waits: no kill yet. Dawn Guard reinforced for 90
    // (25 left).
    p.ok(&[
        "aftermath",
        "2",
        HAMMERS,
        "--favoured",
        "Knight-Arcanum",
        "--dice",
        "3,2,6",
        "--reinforce",
        "Dawn Guard",
    ]);
    let h = roster(&p, HAMMERS);
    assert_eq!(h["glory"], 25);
    assert_eq!(
        standing(&h, "Lord-Vigilant on Gryph-stalker"),
        rank(8, "Aspiring")
    );
    assert_eq!(standing(&h, "Dawn Guard"), rank(13, "Aspiring"));
    assert_eq!(standing(&h, "Knight-Arcanum"), rank(10, "Aspiring"));
    assert_eq!(standing(&h, "Prosecutors"), (3, None));
    assert_eq!(named(&h["units"], "name", "Dawn Guard")["reinforced"], true);
    assert_eq!(h["quest"]["quest"], "Rise of a Champion");
    let r = roster(&p, RATS);
    assert_eq!(r["glory"], 15);
    assert_eq!(standing(&r, "Grey Seer"), rank(9, "Aspiring"));
    assert_eq!(standing(&r, "Clanrats"), rank(9, "Aspiring"));
    assert_eq!(standing(&r, "Stormvermin"), rank(9, "Aspiring"));
    assert_eq!(standing(&r, "Warlock Engineer"), (3, None));
    assert_eq!(standing(&r, "Second Claw"), (0, None));
    assert_eq!(
        r["completed_quests"],
        serde_json::json!(["Search for the Artefact"])
    );
    let owed: Vec<&str> = r["rewards"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w["source"].as_str().unwrap())
        .collect();
    assert_eq!(
        owed,
        [
            "Search for the Artefact",
            "Relics of Myth campaign reward (3 + 12 VP)"
        ]
    );
    p.ok(&[
        "rank",
        "choose",
        HAMMERS,
        "Knight-Arcanum",
        "eldritch-ward",
        "--path",
        "mage",
    ]);

    // ---- Battle 3: 2000 points, battleplan rolled (a 1). Generals 8 v 9: the Hammers pick.
    let b = p.json(&[
        "battle",
        "new",
        "--campaign",
        "Ashen Vale",
        "--points",
        "2000",
        HAMMERS,
        RATS,
        "--roll-battleplan",
        "--dice",
        "1",
    ]);
    assert_eq!(b["battleplan"], "The Ruined Settlement");
    assert_eq!(b["battlefield"]["terrain_features"], 8);
    p.ok(&["battle", "army", "3", HAMMERS, "1", "2", "3", "4"]);
    let b = p.json(&["battle", "army", "3", RATS, "5", "6", "7", "8", "Second Claw"]);
    assert_eq!(b["roles_roster_id"], 1);
    // The Rats withdraw with 4 of 5 units destroyed: a major victory for the Hammers, whatever
    // the score. The Knight-Arcanum slew a HERO: the Warlock Engineer, destroyed.
    p.ok(&[
        "battle",
        "result",
        "3",
        "--vp",
        &format!("{HAMMERS}=5"),
        "--vp",
        &format!("{RATS}=10"),
        "--withdrew",
        RATS,
        "--destroyed",
        "Clanrats",
        "7",
        "Second Claw",
        "Warlock Engineer",
        "--slew-hero-or-monster",
        "Knight-Arcanum",
    ]);
    // Hammers: glory 100 + 40 + 15 = 155 (180). Lord-Vigilant 1 (-> 9), Dawn Guard 2 (-> 15,
    // Elite), Knight-Arcanum 2 (-> 12), Prosecutors 3 (-> 6, Aspiring); favoured Prosecutors
    // D6 1 (-> 7). Rise of a Champion completed: a heroic trait owed to the Knight-Arcanum.
    // Vindictors join (90) and are reinforced (90): 0 glory left.
    p.ok(&[
        "aftermath",
        "3",
        HAMMERS,
        "--favoured",
        "Prosecutors",
        "--dice",
        "1,2,2,3,1",
        "--add-unit",
        "Vindictors",
        "--reinforce",
        "new",
    ]);
    // Rats: glory 100 + 15 = 115 (130). Grey Seer 2 (-> 11), Clanrats, Stormvermin, Second
    // Claw and Warlock Engineer destroyed (+1 each: 10, 10, 1, 4); favoured Warlock Engineer
    // D6 2 (-> 6, Aspiring).
    p.ok(&[
        "aftermath",
        "3",
        RATS,
        "--favoured",
        "Warlock Engineer",
        "--dice",
        "2,2",
    ]);

    let h = roster(&p, HAMMERS);
    assert_eq!(h["glory"], 0);
    assert_eq!(
        standing(&h, "Lord-Vigilant on Gryph-stalker"),
        rank(9, "Aspiring")
    );
    assert_eq!(standing(&h, "Dawn Guard"), rank(15, "Elite"));
    assert_eq!(standing(&h, "Knight-Arcanum"), rank(12, "Aspiring"));
    assert_eq!(standing(&h, "Prosecutors"), rank(7, "Aspiring"));
    let vindictors = named(&h["units"], "warscroll", "Vindictors");
    assert_eq!(
        (vindictors["renown"].as_u64(), vindictors["reinforced"].as_bool()),
        (Some(0), Some(true))
    );
    assert_eq!(
        h["completed_quests"],
        serde_json::json!(["Seek Glory in Battle", "Rise of a Champion"])
    );
    assert_eq!(h["points"], 120 + 180 + 120 + 150 + 180);
    let waiting: Vec<&str> = h["waiting"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_str().unwrap())
        .collect();
    assert_eq!(waiting.len(), 3, "{waiting:?}");
    assert!(waiting[0].contains("Dawn Guard") && waiting[0].contains("Elite"));
    assert!(waiting[1].contains("Prosecutors") && waiting[1].contains("Aspiring"));
    assert!(waiting[2].contains("a heroic trait") && waiting[2].contains("Knight-Arcanum"));
    let check = p.json(&["roster", "check", HAMMERS]);
    assert_eq!(check["problems"], serde_json::json!([]));
    let notes: Vec<&str> = check["notes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_str().unwrap())
        .collect();
    assert!(
        notes
            .iter()
            .any(|n| n.contains("Dawn Guard") && n.contains("reached Elite")),
        "{notes:?}"
    );
    assert!(
        notes
            .iter()
            .any(|n| n.contains("a heroic trait from Rise of a Champion")),
        "{notes:?}"
    );

    let r = roster(&p, RATS);
    assert_eq!(r["glory"], 130);
    assert_eq!(standing(&r, "Grey Seer"), rank(11, "Aspiring"));
    assert_eq!(standing(&r, "Clanrats"), rank(10, "Aspiring"));
    assert_eq!(standing(&r, "Stormvermin"), rank(10, "Aspiring"));
    assert_eq!(standing(&r, "Second Claw"), (1, None));
    assert_eq!(standing(&r, "Warlock Engineer"), rank(6, "Aspiring"));
    let results: Vec<Value> = (1..=3)
        .map(|b| p.json(&["battle", "show", &b.to_string()])["sides"][0]["result"].clone())
        .collect();
    assert_eq!(results, ["major_victory", "minor_defeat", "major_victory"]);

    // Every die is on record: 2 + 5 + 4 (battle 1), 5 + 3 (battle 2), 1 + 5 + 2 (battle 3).
    let rolls = p.json(&["rolls"]);
    assert_eq!(rolls.as_array().unwrap().len(), 27);
    let rat_rolls = p.json(&["rolls", "--battle", "2", "--roster", RATS]);
    let faces: Vec<u64> = rat_rolls
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["faces"][0].as_u64().unwrap())
        .collect();
    assert_eq!(faces, [1, 3, 2, 5, 3]);
    assert!(
        rat_rolls
            .as_array()
            .unwrap()
            .iter()
            .all(|r| r["source"] == "typed")
    );
    assert_eq!(rat_rolls[4]["purpose"], "Relics of Myth campaign reward");
}

#[test]
fn earned_rewards_are_picked_later_and_go_where_they_must() {
    let p = TWO_ROSTERS.copy();
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Rise of a Champion",
        "--unit",
        "Knight-Arcanum",
    ]);
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        "Ashen Vale",
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    p.ok(&["battle", "army", "1", HAMMERS, "1", "2", "3", "4"]);
    p.ok(&["battle", "army", "1", RATS, "5", "6", "7", "8", "--dice", "1,6"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=3"),
        "--vp",
        &format!("{RATS}=3"),
        // The HERO the Knight-Arcanum slew (issue #31: one must fall).
        "--destroyed",
        "Warlock Engineer",
        "--slew-hero-or-monster",
        "Knight-Arcanum",
        "--quest-points",
        &format!("{RATS}=3"),
    ]);
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Prosecutors",
        "--dice",
        "1,1,1,1,1",
    ]);
    p.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1,1",
    ]);

    // After set-up, an enhancement needs an earned reward (or a stated reason).
    p.refused(
        &["roster", "enhance", HAMMERS, "Knight-Arcanum", "Mirrorshield"],
        "must be earned",
    );
    // The Rising Champion's heroic trait is theirs alone.
    p.refused(
        &[
            "roster",
            "enhance",
            HAMMERS,
            "Lord-Vigilant on Gryph-stalker",
            "Staunch Defender",
        ],
        "must go to Knight-Arcanum",
    );
    p.ok(&[
        "roster",
        "enhance",
        HAMMERS,
        "Knight-Arcanum",
        "Envoy of the Heavens",
    ]);
    p.ok(&["roster", "enhance", RATS, "Warlock Engineer", "Warpstone Charm"]);
    for name in [HAMMERS, RATS] {
        assert_eq!(roster(&p, name)["rewards"], serde_json::json!([]), "{name}");
    }
    p.refused(
        &["roster", "enhance", RATS, "Grey Seer", "Skavenbrew"],
        "must be earned",
    );
    let history: Vec<String> = p.json(&["roster", "show", HAMMERS])["units"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|u| u["enhancements"].as_array().unwrap().iter())
        .map(|e| e["name"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(history, ["Envoy of the Heavens"]);
}

#[test]
fn dice_can_be_asked_for_one_at_a_time_and_say_what_they_are_for() {
    let p = TWO_ROSTERS.copy();
    p.plan_battle("1000", "The Ruined Settlement");
    let out = p
        .cmd(&[
            "battle",
            "twist",
            "1",
            "--round",
            "1",
            "--underdog",
            RATS,
            "--dice",
            "ask",
        ])
        .write_stdin("2\n")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains("twist, battle round 1 (The Ruined Settlement) (D3) — roll a D3"),
        "{err}"
    );
    let twist = p.json(&["battle", "show", "1"])["twists"][0].clone();
    assert_eq!(twist["twist"], "Wild Fire");
    assert_eq!(twist["underdog"], RATS);
    // Off a terminal, a value the die cannot show is refused rather than asked again.
    let mut asked = p.cmd(&[
        "battle",
        "twist",
        "1",
        "--round",
        "2",
        "--underdog",
        RATS,
        "--dice",
        "ask",
    ]);
    asked.write_stdin("4\n");
    p.refused_cmd(asked, 1, "4 cannot be rolled on a D3");
}

#[test]
fn armies_come_from_the_order_of_battle_so_summoned_units_never_join_it() {
    let p = TWO_ROSTERS.copy();
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        "Ashen Vale",
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ambush",
    ]);
    // A unit summoned or replaced during the battle is not on the Order of Battle.
    p.refused(
        &[
            "battle",
            "army",
            "1",
            RATS,
            "Grey Seer",
            "Clanrats",
            "Verminlord Warbringer",
        ],
        "summoned and replacement units never join it",
    );
    p.refused(
        &[
            "battle",
            "army",
            "1",
            HAMMERS,
            "Dawn Guard",
            "Knight-Arcanum",
            "--general",
            "Dawn Guard",
        ],
        "the general must be a HERO",
    );
    // Taking the warlord makes the warlord the general.
    p.refused(
        &[
            "battle",
            "army",
            "1",
            HAMMERS,
            "1",
            "Knight-Arcanum",
            "--general",
            "Knight-Arcanum",
        ],
        "the warlord must be the general",
    );
    p.ok(&["battle", "army", "1", HAMMERS, "1", "Dawn Guard"]);
    p.ok(&[
        "battle",
        "army",
        "1",
        RATS,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "3,4",
    ]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=4"),
        "--vp",
        &format!("{RATS}=4"),
    ]);
    let units_before = roster(&p, RATS)["units"].as_array().unwrap().len();
    p.ok(&[
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1",
    ]);
    assert_eq!(roster(&p, RATS)["units"].as_array().unwrap().len(), units_before);
    // The result is fixed once recorded, and so are the armies.
    p.refused(
        &["battle", "army", "1", RATS, "Grey Seer"],
        "already has its result",
    );
}
