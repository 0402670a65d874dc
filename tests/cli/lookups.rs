//! End-to-end: the look-ups that spare players the book (`quest list`, `battleplan`, `path`,
//! `faction show --enhancements/--lores`), `roster afford`, and the generated shell
//! completions and man page.

use crate::common;

use common::{ASHEN_VALE, Fixture, HAMMERS, Ptg, RATS, named};
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

/// Hammers of Dawn (Lord-Vigilant on Gryph-stalker, Liberators) after the aftermath of a
/// 2000-point major victory over the Rat Tide with the general alive: 100 + 40 + 15 = 155 glory.
static RICH_HAMMERS: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle_at("2000", &[]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
    ]);
    p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        "1,1,1",
    ]);
    p
});

#[test]
fn afford_lists_what_155_glory_buys_at_the_battle_profiles_points() {
    let p = RICH_HAMMERS.copy();
    let a = p.json(&["roster", "afford", HAMMERS]);
    assert_eq!(a["glory"], 155);
    assert_eq!(
        (&a["max_units_added"], &a["max_units_reinforced"]),
        (&1.into(), &1.into())
    );
    let add = a["add"].as_array().unwrap();
    let offer = |w: &str| named(&a["add"], "warscroll", w);
    // Minimum size at its points; added and reinforced in the same aftermath, twice that.
    assert_eq!(offer("Aetherwings")["cost"], 80);
    assert_eq!(offer("Aetherwings")["with_reinforcement"], 160);
    assert_eq!(offer("Aetherwings")["reinforcement_affordable"], false);
    assert_eq!(offer("Lord-Celestant on Dracoth")["cost"], 150);
    assert_eq!(offer("Lord-Celestant on Dracoth")["affordable"], true);
    assert!(
        offer("Lord-Celestant")["with_reinforcement"].is_null(),
        "a single model"
    );
    assert_eq!(offer("Gardus Steel Soul")["cost"], 160);
    assert_eq!(offer("Gardus Steel Soul")["affordable"], false);
    // Legends (not allowed in Ashen Vale) and the Anvil of Apotheosis hero are never offered.
    for barred in ["Lord-Ordinator", "Anvil of Apotheosis: Stormcast Eternals Hero"] {
        assert!(add.iter().all(|o| o["warscroll"] != barred), "{barred} offered");
    }
    let affordable = add.iter().filter(|o| o["affordable"] == true).count();
    assert_eq!(affordable, 29);
    // Cheapest first.
    let costs: Vec<u64> = add.iter().map(|o| o["cost"].as_u64().unwrap()).collect();
    assert!(costs.windows(2).all(|w| w[0] <= w[1]), "{costs:?}");
    // The Liberators can be reinforced for 90; the warlord is a single model.
    let reinforce = a["reinforce"].as_array().unwrap();
    assert_eq!(reinforce.len(), 1);
    assert_eq!(
        (
            &reinforce[0]["warscroll"],
            &reinforce[0]["cost"],
            &reinforce[0]["affordable"]
        ),
        (&"Liberators".into(), &90.into(), &true.into())
    );

    let text = p.ok(&["roster", "afford", HAMMERS]);
    assert!(text.starts_with("Hammers of Dawn holds 155 glory."), "{text}");
    assert!(
        text.contains("26 more cost more than 155 glory (the cheapest: Gardus Steel Soul, 160)"),
        "{text}"
    );
    assert!(
        !text.contains("Gardus Steel Soul ┆"),
        "over the glory held: only with --all\n{text}"
    );
    let all = p.ok(&["roster", "afford", HAMMERS, "--all"]);
    assert!(all.contains("160 (more than held)"), "{all}");
}

#[test]
fn what_afford_offers_the_aftermath_accepts() {
    // The same 155 glory: a unit afford marks affordable is bought; one over it is refused.
    let p = RICH_HAMMERS.copy();
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ritual",
    ]);
    p.ok(&[
        "battle",
        "army",
        "2",
        HAMMERS,
        "Lord-Vigilant on Gryph-stalker",
        "Liberators",
    ]);
    p.ok(&["battle", "army", "2", RATS, "Grey Seer", "Clanrats"]);
    p.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        "Hammers of Dawn=3",
        "--vp",
        "Rat Tide=14",
    ]);
    // A 1000-point major defeat with the general alive: 30 + 5 more, 190 in the aftermath.
    p.refused(
        &[
            "aftermath",
            "2",
            HAMMERS,
            "--favoured",
            "Liberators",
            "--add-unit",
            "Lord-Celestant on Dracoth",
            "--reinforce",
            "Liberators",
            "--dice",
            "1,1,1",
        ],
        "reinforcing Liberators costs 90 glory",
    );
    p.ok(&[
        "aftermath",
        "2",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--add-unit",
        "Lord-Celestant on Dracoth",
        "--dice",
        "1,1,1",
    ]);
    let a = p.json(&["roster", "afford", HAMMERS]);
    assert_eq!(a["glory"], 155 + 35 - 150);
    assert_eq!(
        named(&a["reinforce"], "warscroll", "Liberators")["affordable"],
        false
    );
}

#[test]
fn afford_of_a_roster_not_there_is_refused_with_suggestions() {
    let p = RICH_HAMMERS.copy();
    p.refused(
        &["roster", "afford", "Hammers of Dusk"],
        "unknown roster 'Hammers of Dusk': did you mean 'Hammers of Dawn'?",
    );
}

#[test]
fn completions_are_generated_for_every_command() {
    let p = Ptg::new();
    let bash = p.ok(&["completions", "bash"]);
    assert!(bash.starts_with("_ptg() {"), "{bash}");
    assert!(bash.contains("complete -F _ptg"), "registers the function");
    let top = bash
        .lines()
        .find(|l| l.contains("opts=\"") && l.contains("faction"))
        .expect("the top-level options");
    for cmd in [
        "faction",
        "campaign",
        "roster",
        "quest",
        "battleplan",
        "path",
        "aftermath",
        "man",
    ] {
        assert!(
            top.split_whitespace().any(|w| w.trim_matches('"') == cmd),
            "{cmd}: {top}"
        );
    }
    assert!(
        bash.contains("ptg__subcmd__roster__subcmd__afford"),
        "roster afford"
    );
    assert!(p.ok(&["completions", "zsh"]).starts_with("#compdef ptg"));
    assert!(p.ok(&["completions", "fish"]).contains("complete -c ptg"));
    let out = p.cmd(&["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "an unknown shell is wrong usage");
    assert!(!p.db().exists(), "generating creates no database");
}

#[test]
fn the_man_page_is_roff_naming_every_command() {
    let p = Ptg::new();
    let page = p.ok(&["man"]);
    assert!(page.contains(".TH ptg 1"), "{page}");
    assert!(page.contains(".SH SUBCOMMANDS"), "{page}");
    // Each command named as the `ptg man` call that shows its page: ptg installs no
    // `ptg-roster(1)` page to cite (issue #33).
    for cmd in ["faction", "roster", "quest", "battleplan", "path", "completions"] {
        assert!(page.contains(&format!("\\fBptg man {cmd}\\fR")), "{cmd}");
    }
    assert!(!page.contains("(1)\n"), "{page}");
    // The synopsis gives each option's value.
    let result = p.ok(&["man", "battle", "result"]);
    assert!(
        result.contains("[\\fB\\-\\-withdrew\\fR \\fIROSTER\\fR]"),
        "{result}"
    );
    assert!(result.contains("[\\fB\\-\\-db\\fR \\fIPATH\\fR]"), "{result}");
    let afford = p.ok(&["man", "roster", "afford"]);
    assert!(afford.contains(".TH ptg-roster-afford 1"), "{afford}");
    assert!(
        afford.contains("Also list what costs more than the glory held"),
        "{afford}"
    );
    // Wrong usage, as `ptg help` words it (exit 2; issue #33).
    p.refused_cmd(
        p.cmd(&["man", "roster", "aford"]),
        2,
        "unknown ptg-roster command 'aford': did you mean 'afford'?",
    );
}
