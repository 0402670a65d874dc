//! Checks the bundled Path to Glory: Ascension battlepack against the facts of the rules.

use super::battlepack::{Battlepack, PathEligibility, QuestReward, QuestTarget};
use crate::catalogue::parse_battlepack;
use std::collections::HashSet;

const TEXT: &str = include_str!("../../data/battlepacks/ascension.toml");

fn pack() -> Battlepack {
    parse_battlepack("data/battlepacks/ascension.toml", TEXT).expect("ascension.toml parses without problems")
}

fn is_kebab(id: &str) -> bool {
    !id.is_empty()
        && !id.starts_with('-')
        && !id.ends_with('-')
        && !id.contains("--")
        && id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

fn ability<'a>(pack: &'a Battlepack, id: &str) -> &'a super::battlepack::PathAbility {
    pack.paths
        .iter()
        .flat_map(|p| &p.ranks)
        .flat_map(|r| &r.abilities)
        .find(|a| a.id == id)
        .unwrap_or_else(|| panic!("no ability {id}"))
}

#[test]
fn header_and_roster_limits() {
    let p = pack();
    assert!(p.problems().is_empty(), "{:?}", p.problems());
    assert_eq!(p.id, "ascension");
    assert_eq!(p.name, "Path to Glory: Ascension");
    assert!(p.source.contains("4th edition"));
    assert_eq!(p.roster.starting_points, 1000);
    assert_eq!(p.roster.warlord_max_points, 350);
    assert_eq!(
        p.roster.warlord_points_exempt_factions,
        vec!["Sons of Behemat".to_string()]
    );
    assert_eq!(p.roster.warlord_starting_renown, 5);
    assert_eq!(p.roster.lore_capacity, 6);
}

#[test]
fn rank_thresholds() {
    let p = pack();
    let ranks: Vec<(&str, u32)> = p.ranks.iter().map(|r| (r.name.as_str(), r.renown)).collect();
    assert_eq!(
        ranks,
        [("Aspiring", 5), ("Elite", 15), ("Mighty", 30), ("Legendary", 45)]
    );
    assert_eq!(p.rank_for(4), None);
    assert_eq!(p.rank_for(5).map(|r| r.name.as_str()), Some("Aspiring"));
    assert_eq!(p.rank_for(14).map(|r| r.name.as_str()), Some("Aspiring"));
    assert_eq!(p.rank_for(15).map(|r| r.name.as_str()), Some("Elite"));
    assert_eq!(p.rank_for(44).map(|r| r.name.as_str()), Some("Mighty"));
    assert_eq!(p.rank_for(45).map(|r| r.name.as_str()), Some("Legendary"));
    assert_eq!(p.rank_for(200).map(|r| r.name.as_str()), Some("Legendary"));
}

#[test]
fn glory_bands() {
    let p = pack();
    let bands: Vec<_> = p
        .glory
        .bands
        .iter()
        .map(|b| {
            (
                b.min_points,
                b.max_points,
                b.fought,
                b.major_victory,
                b.minor_victory,
                b.general_not_slain,
            )
        })
        .collect();
    assert_eq!(
        bands,
        [
            (1000, Some(1250), 30, 20, 10, 5),
            (1251, Some(1750), 60, 30, 20, 10),
            (1751, Some(2250), 100, 40, 30, 15),
            (2251, None, 150, 50, 40, 20),
        ]
    );
    let band = p
        .glory
        .bands
        .iter()
        .find(|b| 1500 >= b.min_points && b.max_points.is_none_or(|m| 1500 <= m))
        .unwrap();
    assert_eq!(
        (
            band.fought,
            band.major_victory,
            band.minor_victory,
            band.general_not_slain
        ),
        (60, 30, 20, 10)
    );
}

#[test]
fn aftermath_and_army_limits() {
    let p = pack();
    assert_eq!(p.aftermath.max_units_added, 1);
    assert_eq!(p.aftermath.max_units_reinforced, 1);
    assert_eq!(p.aftermath.survived_renown, "D3");
    assert_eq!(p.aftermath.destroyed_renown, 1);
    assert_eq!(p.aftermath.favoured_renown, "D6");
    assert_eq!(p.army.general_regiment_units, 4);
    assert_eq!(p.army.regiment_units, 3);
    assert_eq!(p.army.major_victory_lead, 5);
}

#[test]
fn paths_and_eligibility() {
    let p = pack();
    let paths: Vec<(&str, &str, PathEligibility)> = p
        .paths
        .iter()
        .map(|x| (x.id.as_str(), x.name.as_str(), x.eligibility))
        .collect();
    assert_eq!(
        paths,
        [
            ("warrior", "Path of the Warrior", PathEligibility::Hero),
            ("leader", "Path of the Leader", PathEligibility::Hero),
            ("mage", "Path of the Mage", PathEligibility::WizardHero),
            ("devout", "Path of the Devout", PathEligibility::PriestHero),
            ("attacker", "Path of the Attacker", PathEligibility::NonHero),
            ("defender", "Path of the Defender", PathEligibility::NonHero),
        ]
    );
    for path in &p.paths {
        assert_eq!(path.ranks.len(), 4, "{}", path.id);
        for r in &path.ranks {
            assert_eq!(r.abilities.len(), 2, "{} {}", path.id, r.rank);
        }
    }
    assert_eq!(p.path("Warrior").map(|x| x.id.as_str()), Some("warrior"));
    assert_eq!(p.path("Path of the Mage").map(|x| x.id.as_str()), Some("mage"));
}

#[test]
fn selected_abilities() {
    let p = pack();
    let warrior = p.path("warrior").unwrap();
    let aspiring: Vec<&str> = warrior.ranks[0]
        .abilities
        .iter()
        .map(|a| a.name.as_str())
        .collect();
    assert_eq!(aspiring, ["Berserker", "Well of Strength"]);
    assert_eq!(ability(&p, "berserker").timing, "Passive");
    assert_eq!(
        ability(&p, "well-of-strength").timing,
        "Once Per Battle, Any Combat Phase"
    );
    assert_eq!(ability(&p, "unparalleled-duellist").name, "Unparalleled Duellist");
    assert_eq!(ability(&p, "mighty-conquerors").name, "Mighty Conquerors");
    assert_eq!(ability(&p, "hunters-eye").name, "Hunter's Eye");
    assert_eq!(
        ability(&p, "masterful-commander").timing,
        "Start of the Battle Round"
    );

    let values = [
        ("mystic-shield", 6),
        ("arcane-conduit", 3),
        ("eldritch-cataclysm", 8),
        ("sunder-the-earth", 8),
        ("righteous-conviction", 4),
        ("resurrection", 7),
        ("ritual-of-death", 6),
        ("ritual-of-life", 8),
    ];
    for (id, v) in values {
        assert_eq!(ability(&p, id).value, Some(v), "{id}");
        assert!(ability(&p, id).timing.contains("Your Hero Phase"), "{id}");
    }
    assert_eq!(
        ability(&p, "resurrection").timing,
        "Once Per Battle, Your Hero Phase"
    );
    // Only spells and prayers carry a value.
    let with_value = p
        .paths
        .iter()
        .flat_map(|x| &x.ranks)
        .flat_map(|r| &r.abilities)
        .filter(|a| a.value.is_some());
    assert_eq!(with_value.count(), values.len());
    // Mage spells sit at Elite and Legendary; the Devout's prayers likewise.
    let mage = p.path("mage").unwrap();
    assert!(mage.ranks[1].abilities.iter().all(|a| a.value.is_some()));
    assert!(mage.ranks[3].abilities.iter().all(|a| a.value.is_some()));
}

#[test]
fn quests() {
    let p = pack();
    let quests: Vec<_> = p
        .quests
        .iter()
        .map(|q| {
            (
                q.id.as_str(),
                q.name.as_str(),
                q.target_points,
                q.target,
                q.reward,
                q.reward_dice.as_deref(),
            )
        })
        .collect();
    assert_eq!(
        quests,
        [
            (
                "search-for-the-artefact",
                "Search for the Artefact",
                3,
                QuestTarget::None,
                QuestReward::Artefact,
                None
            ),
            (
                "learn-ancient-scriptures",
                "Learn Ancient Scriptures",
                5,
                QuestTarget::None,
                QuestReward::Prayer,
                None
            ),
            (
                "seek-glory-in-battle",
                "Seek Glory in Battle",
                0,
                QuestTarget::AnyUnit,
                QuestReward::Renown,
                Some("D3+3")
            ),
            (
                "master-magical-lore",
                "Master Magical Lore",
                3,
                QuestTarget::None,
                QuestReward::Spell,
                None
            ),
            (
                "harness-manifestation",
                "Harness Manifestation",
                10,
                QuestTarget::None,
                QuestReward::TameManifestation,
                None
            ),
            (
                "rise-of-a-champion",
                "Rise of a Champion",
                0,
                QuestTarget::HeroWithoutHeroicTrait,
                QuestReward::HeroicTrait,
                None
            ),
        ]
    );
    assert_eq!(
        p.quest("seek glory in battle").map(|q| q.id.as_str()),
        Some("seek-glory-in-battle")
    );
}

#[test]
fn battleplans_in_table_order() {
    let p = pack();
    let plans: Vec<(u32, &str)> = p.battleplans.iter().map(|b| (b.roll, b.name.as_str())).collect();
    assert_eq!(
        plans,
        [
            (1, "The Ruined Settlement"),
            (2, "Relics of Myth"),
            (3, "The Decisive Battle"),
            (4, "The Ambush"),
            (5, "Wreck and Ruin"),
            (6, "The Ritual"),
        ]
    );
    let roles: Vec<[&str; 2]> = p
        .battleplans
        .iter()
        .map(|b| [b.roles[0].as_str(), b.roles[1].as_str()])
        .collect();
    assert_eq!(
        roles,
        [
            ["Northern Territory", "Southern Territory"],
            ["Northern Territory", "Southern Territory"],
            ["raider", "defender"],
            ["trespasser", "ambusher"],
            ["raider", "defender"],
            ["attacker", "ritualist"],
        ]
    );
    for b in &p.battleplans {
        if b.name == "Wreck and Ruin" {
            continue;
        }
        assert_eq!(b.twist_dice, "D3", "{}", b.name);
        let rolls: Vec<[u32; 2]> = b.twists.iter().map(|t| t.rolls).collect();
        assert_eq!(rolls, [[1, 1], [2, 2], [3, 3]], "{}", b.name);
        assert_eq!(
            b.campaign_reward.is_some(),
            b.name == "Relics of Myth",
            "{}",
            b.name
        );
    }
}

#[test]
fn wreck_and_ruin_twists_span_a_d6() {
    let p = pack();
    let w = p.battleplans.iter().find(|b| b.name == "Wreck and Ruin").unwrap();
    assert_eq!(w.twist_dice, "D6");
    let twists: Vec<([u32; 2], &str)> = w.twists.iter().map(|t| (t.rolls, t.name.as_str())).collect();
    assert_eq!(
        twists,
        [([1, 3], "Uncertain Reinforcements"), ([4, 6], "At All Costs")]
    );
    assert!(w.campaign_reward.is_none());
}

#[test]
fn relics_of_myth_reward() {
    let p = pack();
    let r = p.battleplans[1]
        .campaign_reward
        .as_ref()
        .expect("Relics of Myth has a campaign reward");
    assert_eq!(p.battleplans[1].name, "Relics of Myth");
    assert_eq!(r.dice, "D6");
    assert!(r.add_victory_points);
    assert_eq!(r.target, 15);
    assert_eq!(r.reward, QuestReward::Artefact);
}

#[test]
fn battlefield_sizes() {
    let p = pack();
    let sizes: Vec<_> = p
        .battlefield_sizes
        .iter()
        .map(|s| (s.min_points, s.max_points, s.size.as_str(), s.terrain_features))
        .collect();
    assert_eq!(
        sizes,
        [
            (1000, Some(1500), "30\" x 44\"", 4),
            (1501, Some(2250), "44\" x 60\"", 8),
            (2251, None, "44\" x 90\"", 12),
        ]
    );
}

#[test]
fn ids_are_unique_kebab_case() {
    let p = pack();
    let mut seen = HashSet::new();
    for a in p.paths.iter().flat_map(|x| &x.ranks).flat_map(|r| &r.abilities) {
        assert!(is_kebab(&a.id), "ability id {:?}", a.id);
        assert!(seen.insert(a.id.as_str()), "duplicate ability id {}", a.id);
    }
    assert_eq!(seen.len(), 48);
    let mut seen = HashSet::new();
    for q in &p.quests {
        assert!(is_kebab(&q.id), "quest id {:?}", q.id);
        assert!(seen.insert(q.id.as_str()), "duplicate quest id {}", q.id);
    }
    let mut seen = HashSet::new();
    for x in &p.paths {
        assert!(is_kebab(&x.id), "path id {:?}", x.id);
        assert!(seen.insert(x.id.as_str()), "duplicate path id {}", x.id);
    }
}

#[test]
fn summaries_are_short_and_plain_ascii() {
    let p = pack();
    let mut texts: Vec<(&str, &str)> = Vec::new();
    for a in p.paths.iter().flat_map(|x| &x.ranks).flat_map(|r| &r.abilities) {
        texts.push((&a.name, &a.summary));
    }
    for q in &p.quests {
        texts.push((&q.name, &q.summary));
    }
    for b in &p.battleplans {
        texts.push((&b.name, &b.deployment));
        texts.push((&b.name, &b.scoring));
        if let Some(r) = &b.campaign_reward {
            texts.push((&b.name, &r.summary));
        }
        for t in &b.twists {
            texts.push((&t.name, &t.summary));
        }
    }
    for (name, text) in texts {
        assert!(!text.trim().is_empty(), "{name}: empty summary");
        assert!(
            text.chars().count() <= 200,
            "{name}: summary is {} chars",
            text.chars().count()
        );
        // The source text mixes in look-alike Cyrillic letters; keep ours plain.
        assert!(name.is_ascii() && text.is_ascii(), "{name}: non-ASCII text");
    }
}

/// Issue #38: the roll-off for roles and who picks them are said with the battleplan's own
/// roles.
#[test]
fn each_battleplans_roles_read_as_one_choice() {
    let pack = pack();
    let choices: Vec<(u32, String)> = pack
        .battleplans
        .iter()
        .map(|b| (b.roll, b.roles_choice()))
        .collect();
    let expected = [
        "Northern or Southern Territory",
        "Northern or Southern Territory",
        "raider or defender",
        "trespasser or ambusher",
        "raider or defender",
        "attacker or ritualist",
    ];
    for ((roll, choice), want) in choices.iter().zip(expected) {
        assert_eq!(choice, want, "battleplan table entry {roll}");
    }
    assert_eq!(choices.len(), expected.len());
}
