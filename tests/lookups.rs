//! End-to-end: the look-ups that spare players the book (`quest list`, `battleplan`, `path`,
//! `faction show --enhancements/--lores`).

mod common;

use common::{ASHEN_VALE, Ptg, named};
use serde_json::Value;

fn names(list: &Value) -> Vec<&str> {
    list.as_array()
        .expect("a JSON array")
        .iter()
        .map(|v| v["name"].as_str().expect("a name"))
        .collect()
}

#[test]
fn quest_list_gives_the_six_ascension_quests_without_a_database() {
    let p = Ptg::new();
    let quests = p.json(&["quest", "list"]);
    assert_eq!(
        names(&quests),
        [
            "Search for the Artefact",
            "Learn Ancient Scriptures",
            "Seek Glory in Battle",
            "Master Magical Lore",
            "Harness Manifestation",
            "Rise of a Champion",
        ]
    );
    let seek = named(&quests, "name", "Seek Glory in Battle");
    assert_eq!(
        (&seek["reward"], &seek["reward_dice"]),
        (&"renown".into(), &"D3+3".into())
    );
    assert_eq!(
        named(&quests, "name", "Harness Manifestation")["target_points"],
        10
    );
    let text = p.ok(&["quest", "list"]);
    assert!(text.contains("renown (D3+3)"), "{text}");
    assert!(text.contains("names a HERO with no heroic trait"), "{text}");
    assert!(!p.db().exists(), "a look-up creates no database");
}

#[test]
fn battleplans_come_with_their_twist_tables() {
    let p = Ptg::new();
    let plans = p.json(&["battleplan", "list"]);
    assert_eq!(
        names(&plans),
        [
            "The Ruined Settlement",
            "Relics of Myth",
            "The Decisive Battle",
            "The Ambush",
            "Wreck and Ruin",
            "The Ritual",
        ]
    );
    let wreck = named(&plans, "name", "Wreck and Ruin");
    assert_eq!(wreck["roll"], 5);
    assert_eq!(wreck["twist_dice"], "D6");
    let twists: Vec<(String, Value)> = wreck["twists"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["name"].as_str().unwrap().to_string(), t["rolls"].clone()))
        .collect();
    assert_eq!(
        twists,
        [
            ("Uncertain Reinforcements".to_string(), serde_json::json!([1, 3])),
            ("At All Costs".to_string(), serde_json::json!([4, 6])),
        ]
    );
    let text = p.ok(&["battleplan", "list"]);
    assert!(text.contains("4-6 At All Costs"), "{text}");

    // Any case; the campaign reward and the twists in full.
    let relics = p.json(&["battleplan", "show", "RELICS OF MYTH"]);
    assert_eq!(relics["campaign_reward"]["target"], 15);
    assert_eq!(relics["twists"][0]["name"], "Fool's Gold");
    let text = p.ok(&["battleplan", "show", "relics of myth"]);
    assert!(
        text.contains("Campaign reward: an artefact of power (D6 + VP, 15 or more)"),
        "{text}"
    );
    assert!(
        text.contains("The underdog removes one objective from play."),
        "{text}"
    );
    p.refused(
        &["battleplan", "show", "Relics of Mith"],
        "unknown battleplan 'Relics of Mith': did you mean 'Relics of Myth'?",
    );
}

#[test]
fn a_path_shows_each_rank_with_its_renown_and_two_abilities() {
    let p = Ptg::new();
    let paths = p.json(&["path", "list"]);
    assert_eq!(
        names(&paths),
        [
            "Path of the Warrior",
            "Path of the Leader",
            "Path of the Mage",
            "Path of the Devout",
            "Path of the Attacker",
            "Path of the Defender",
        ]
    );
    assert_eq!(named(&paths, "id", "mage")["walked_by"], "WIZARD HEROES");
    for name in ["Warrior", "WARRIOR", "warrior", "path of the warrior"] {
        let warrior = p.json(&["path", "show", name]);
        assert_eq!(warrior["id"], "warrior", "{name}");
        let legendary = &warrior["ranks"][3];
        assert_eq!(legendary["rank"], "Legendary");
        assert_eq!(
            names(&legendary["abilities"]),
            ["Warrior Without Equal", "Unparalleled Duellist"]
        );
    }
    let text = p.ok(&["path", "show", "Warrior"]);
    assert!(
        text.contains("Path of the Warrior (id 'warrior'): for HERO units"),
        "{text}"
    );
    // Elite is reached at 15 renown.
    assert!(
        text.lines()
            .any(|l| l.contains("Elite") && l.contains("15") && l.contains("Martial Expertise")),
        "{text}"
    );
    p.refused(
        &["path", "show", "Warior"],
        "unknown Path 'Warior': did you mean 'warrior'?",
    );
}

#[test]
fn faction_show_lists_every_enhancement_and_every_lore_entry() {
    let p = Ptg::new();
    let sce = "Stormcast Eternals";
    let both = p.json(&["faction", "show", sce, "--enhancements", "--lores"]);
    assert_eq!(both["name"], sce);
    assert!(both.get("units").is_none(), "only the parts asked for");
    let tables = &both["enhancement_tables"];
    assert_eq!(names(tables), ["Artefacts of Power", "Heroic Traits"]);
    assert_eq!(
        named(tables, "name", "Heroic Traits")["enhancements"],
        serde_json::json!(["Staunch Defender", "Envoy of the Heavens", "Shock and Awe"])
    );
    let storm = named(&both["lores"], "name", "Lore of the Storm");
    assert_eq!(
        storm["entries"][0],
        serde_json::json!({"name": "Lightning Blast", "value": 5})
    );

    let lores_only = p.json(&["faction", "show", sce, "--lores"]);
    assert!(lores_only.get("enhancement_tables").is_none());
    let text = p.ok(&["faction", "show", "stormcast eternals", "--enhancements"]);
    assert!(text.contains("Enhancement tables (2, 6 enhancements)"), "{text}");
    assert!(text.contains("Envoy of the Heavens"), "{text}");
    assert!(!text.contains("Lores ("), "{text}");
    let text = p.ok(&["faction", "show", sce, "--lores"]);
    assert!(text.contains("Lores (9, 27 entries)"), "{text}");
    assert!(
        text.lines().any(|l| l.contains("Starfall") && l.contains('7')),
        "{text}"
    );
}

#[test]
fn campaign_look_ups_read_that_campaigns_battlepack() {
    let p = Ptg::ashen_vale();
    let by_campaign = p.json(&["path", "list", "--campaign", "ashen vale"]);
    assert_eq!(by_campaign, p.json(&["path", "list"]));
    assert_eq!(
        p.json(&["quest", "list", "--campaign", ASHEN_VALE]),
        p.json(&["quest", "list"])
    );
    p.refused(
        &["battleplan", "list", "--campaign", "Ashen Vail"],
        "unknown campaign 'Ashen Vail': did you mean 'Ashen Vale'?",
    );
    // Without a database, naming a campaign is refused rather than creating one.
    let empty = Ptg::new();
    empty.refused(&["quest", "list", "--campaign", ASHEN_VALE], "no database");
    assert!(!empty.db().exists());
}
