//! A Path to Glory battlepack's facts (`data/battlepacks/*.toml`): thresholds, Paths, quests,
//! glory table, battleplans and twists, battlefield sizes. Ability texts are short summaries
//! in our own words.

use crate::names;
use crate::names::SameName;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battlepack {
    /// Short id used on the command line, e.g. "ascension".
    pub id: String,
    /// Display name, e.g. "Path to Glory: Ascension".
    pub name: String,
    /// Where the facts come from and as of when.
    pub source: String,
    pub roster: RosterLimits,
    /// Ranks in ascending order of the renown needed.
    pub ranks: Vec<Rank>,
    pub paths: Vec<Path>,
    pub quests: Vec<Quest>,
    pub glory: GloryTable,
    pub aftermath: AftermathLimits,
    pub army: ArmyLimits,
    /// In the order of the battleplan table (D6 result 1 first).
    pub battleplans: Vec<Battleplan>,
    pub battlefield_sizes: Vec<BattlefieldSize>,
    /// Campaign options this battlepack offers (realms, favour, triumphs, sudden death,
    /// allies) with their numbers; none when left out.
    #[serde(default)]
    pub options: super::options::PackOptions,
}

/// Limits for setting up a roster.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RosterLimits {
    /// Most points the starting Order of Battle may cost, warlord included (1000).
    pub starting_points: u32,
    /// Most points a warlord may cost (350).
    pub warlord_max_points: u32,
    /// Factions whose warlord ignores `warlord_max_points` (Sons of Behemat).
    #[serde(default)]
    pub warlord_points_exempt_factions: Vec<String>,
    /// Renown a warlord starts with (5, i.e. the first rank).
    pub warlord_starting_renown: u32,
    /// Most spells/prayers one lore of the Arcane Tome may hold (6).
    pub lore_capacity: u32,
}

/// A rank and the renown at which a unit reaches it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rank {
    pub name: String,
    pub renown: u32,
}

/// Who may walk a Path.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PathEligibility {
    /// Any HERO.
    Hero,
    /// HEROES with WIZARD.
    WizardHero,
    /// HEROES with PRIEST.
    PriestHero,
    /// Units without HERO.
    NonHero,
}

/// A Path: for each rank, two abilities to choose from.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Path {
    /// Short id used on the command line, e.g. "warrior".
    pub id: String,
    /// e.g. "Path of the Warrior".
    pub name: String,
    pub eligibility: PathEligibility,
    /// One entry per rank, in the same order as `Battlepack::ranks`.
    pub ranks: Vec<PathRank>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathRank {
    /// Rank name, matching one of `Battlepack::ranks`.
    pub rank: String,
    pub abilities: Vec<PathAbility>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathAbility {
    /// Short id used on the command line, e.g. "berserker".
    pub id: String,
    /// e.g. "Berserker".
    pub name: String,
    /// When it is used, e.g. "Passive" or "Once Per Battle, Any Combat Phase".
    pub timing: String,
    /// Casting/chanting value, for abilities that are spells or prayers.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub value: Option<u32>,
    /// What it does, in our own words.
    pub summary: String,
    /// Other spellings players copy from elsewhere (BSData's "Unparalleled Duelist"), which
    /// name this ability too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
}

impl PathAbility {
    /// Whether `wanted` names this ability: its id, its name or one of its aliases.
    pub fn answers_to(&self, wanted: &str) -> bool {
        names::same(&self.id, wanted)
            || names::same(&self.name, wanted)
            || self.aliases.iter().any(|a| names::same(a, wanted))
    }
}

/// Which unit a quest names when it is started.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestTarget {
    /// The quest names no unit.
    None,
    /// Any unit on the Order of Battle (Glory Seekers).
    AnyUnit,
    /// A HERO with no heroic trait yet (Rising Champion).
    HeroWithoutHeroicTrait,
}

/// What completing a quest grants.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum QuestReward {
    /// An artefact of power for an eligible HERO.
    Artefact,
    /// A prayer from a prayer lore of the faction.
    Prayer,
    /// Extra renown (D3+3) for the named unit.
    Renown,
    /// A spell from a spell lore of the faction.
    Spell,
    /// The wild manifestation is tamed.
    TameManifestation,
    /// A manifestation from a manifestation lore of the faction: the starting pick the first
    /// WIZARD or PRIEST on the Order of Battle brings (no quest grants it today).
    Manifestation,
    /// A heroic trait for the named HERO.
    HeroicTrait,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Quest {
    /// Short id, e.g. "search-for-the-artefact".
    pub id: String,
    pub name: String,
    /// Quest points needed to complete it; 0 when completion is an event, not a count.
    pub target_points: u32,
    pub target: QuestTarget,
    pub reward: QuestReward,
    /// Dice expression of a renown reward, e.g. "D3+3".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reward_dice: Option<String>,
    /// How progress is made and what is won, in our own words.
    pub summary: String,
    /// Other spellings players copy from elsewhere, which name this quest too.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub aliases: Vec<String>,
    /// What one battle can give a quest that counts points; none means no bound is known
    /// (a quest that counts no points, `target_points` 0, gets none from any battle).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub battle_points: Option<BattlePoints>,
}

/// The quest points one battle can give, as numbers: a battle gives a sum of gains, each gain
/// one of `each` (a gain of nothing is no gain), at most `per_round` gains in one battle round
/// (times the battle's rounds) and at most `per_battle` in the battle; a limit left out is no
/// limit the rules set.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattlePoints {
    /// The quest points one gain can give, e.g. [1], or [4, 5, 6] for a roll of 4+.
    pub each: Vec<u32>,
    /// Most gains in one battle round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_round: Option<u32>,
    /// Most gains in one battle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub per_battle: Option<u32>,
}

/// Glory earned after a battle, by points band; achievements add up.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GloryTable {
    pub bands: Vec<GloryBand>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GloryBand {
    /// Lowest points limit of the band (inclusive).
    pub min_points: u32,
    /// Highest points limit of the band (inclusive); absent for the open-ended top band.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_points: Option<u32>,
    pub fought: u32,
    pub major_victory: u32,
    pub minor_victory: u32,
    pub general_not_slain: u32,
}

/// Limits of step 4 of the aftermath.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AftermathLimits {
    pub max_units_added: u32,
    pub max_units_reinforced: u32,
    /// Renown for a unit that fought and survived, and for one destroyed.
    pub survived_renown: String,
    pub destroyed_renown: u32,
    /// Extra renown dice for the favoured warriors.
    pub favoured_renown: String,
}

/// Army composition numbers used when picking an army for a battle, and the battle's length.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyLimits {
    /// Non-HERO units the general's regiment may hold (4).
    pub general_regiment_units: u32,
    /// Non-HERO units any other regiment may hold (3).
    pub regiment_units: u32,
    /// VP lead needed for a major victory (5); any smaller lead is a minor victory.
    pub major_victory_lead: u32,
    /// Battle rounds a battle lasts (5 in 4th-edition battles): twists are rolled for rounds 1
    /// to this. Files written before it existed mean the 4th-edition 5.
    #[serde(default = "four_edition_rounds")]
    pub battle_rounds: u32,
}

fn four_edition_rounds() -> u32 {
    5
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Battleplan {
    pub name: String,
    /// Result on the battleplan table (D6).
    pub roll: u32,
    /// The two roles the player whose general has fewer renown hands out.
    pub roles: [String; 2],
    /// Which role deploys first, in our words.
    pub deployment: String,
    /// How victory points are scored, in our own words.
    pub scoring: String,
    /// Campaign reward after the battle, if the battleplan has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub campaign_reward: Option<CampaignReward>,
    /// Dice for the twist table ("D3"; some tables read "D6").
    pub twist_dice: String,
    pub twists: Vec<Twist>,
}

impl Battleplan {
    /// The choice its roll-off and its picker make, as players say it: "attacker or
    /// ritualist", "raider or defender", "Northern or Southern Territory" (a last word both
    /// roles share is said once).
    pub fn roles_choice(&self) -> String {
        let [a, b] = [self.roles[0].trim(), self.roles[1].trim()];
        match (a.rsplit_once(' '), b.rsplit_once(' ')) {
            (Some((a_head, a_last)), Some((b_head, b_last))) if a_last == b_last => {
                format!("{a_head} or {b_head} {b_last}")
            }
            _ => format!("{a} or {b}"),
        }
    }
}

/// A battleplan's campaign reward: the winner rolls `dice` + their VP, `target` or more wins it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CampaignReward {
    pub dice: String,
    pub add_victory_points: bool,
    pub target: u32,
    pub reward: QuestReward,
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Twist {
    /// Lowest and highest roll giving this twist, inclusive.
    pub rolls: [u32; 2],
    pub name: String,
    pub summary: String,
}

/// Recommended battlefield for a points limit.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattlefieldSize {
    pub min_points: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_points: Option<u32>,
    /// e.g. "30\" x 44\"".
    pub size: String,
    pub terrain_features: u32,
}

impl Battlepack {
    /// The Path `id` names: its id ("warrior"), its name ("Path of the Warrior") or the name
    /// without "Path of the" ("Warrior"), in any case.
    pub fn path(&self, id: &str) -> Option<&Path> {
        let id = id.trim();
        let long = format!("Path of the {id}");
        self.paths
            .iter()
            .find(|p| names::same(&p.id, id) || p.name.same_name(id) || p.name.same_name(&long))
    }

    /// The display name of a Path ability id, or the id itself when the Path does not have it.
    pub fn ability_name(&self, path: Option<&str>, ability: &str) -> String {
        path.and_then(|p| self.path(p))
            .and_then(|p| {
                p.ranks
                    .iter()
                    .flat_map(|r| &r.abilities)
                    .find(|a| a.id == ability)
            })
            .map_or_else(|| ability.to_string(), |a| a.name.clone())
    }

    /// The quest `name` names: its id, its name or one of its aliases.
    pub fn quest(&self, name: &str) -> Option<&Quest> {
        self.quests.iter().find(|q| {
            names::same(&q.id, name)
                || names::same(&q.name, name)
                || q.aliases.iter().any(|a| names::same(a, name))
        })
    }

    /// The rank a unit holds with `renown` points, if any.
    pub fn rank_for(&self, renown: u32) -> Option<&Rank> {
        self.ranks.iter().rev().find(|r| renown >= r.renown)
    }

    /// Checks the facts hang together; returns "field: problem" strings, empty when sound.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.ranks.windows(2).any(|w| w[0].renown >= w[1].renown) {
            out.push("ranks: renown thresholds must rise".into());
        }
        for (i, p) in self.paths.iter().enumerate() {
            if p.ranks.len() != self.ranks.len() {
                out.push(format!(
                    "paths[{i}] ({}).ranks: has {} ranks, the battlepack has {}",
                    p.id,
                    p.ranks.len(),
                    self.ranks.len()
                ));
            }
            for (r, pr) in p.ranks.iter().enumerate() {
                if self.ranks.get(r).map(|k| &k.name) != Some(&pr.rank) {
                    out.push(format!(
                        "paths[{i}] ({}).ranks[{r}].rank: '{}' is out of order",
                        p.id, pr.rank
                    ));
                }
                if pr.abilities.len() != 2 {
                    out.push(format!(
                        "paths[{i}] ({}).ranks[{r}].abilities: needs exactly 2",
                        p.id
                    ));
                }
            }
        }
        for (i, b) in self.battleplans.iter().enumerate() {
            if b.roll as usize != i + 1 {
                out.push(format!("battleplans[{i}] ({}).roll: expected {}", b.name, i + 1));
            }
        }
        if self.glory.bands.is_empty() {
            out.push("glory.bands: must not be empty".into());
        }
        out.extend(self.options.problems());
        out
    }
}
