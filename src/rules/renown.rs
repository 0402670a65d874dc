//! Ranks and Paths: which Paths a unit may walk, the rank a renown total gives, and the
//! abilities a rank offers.

use super::{Change, Outcome, RuleError, UnitRef, model::Unit, refuse};
use crate::catalogue::battlepack::{Battlepack, Path, PathAbility, PathEligibility, Rank};
use crate::fix::{Fix, Input};
use crate::names;
use crate::names::SameName;

/// Whether `unit` meets a Path's eligibility (HERO, WIZARD HERO, PRIEST HERO, non-HERO).
pub fn may_walk(path: &Path, unit: &Unit) -> bool {
    let hero = unit.has_keyword("HERO");
    match path.eligibility {
        PathEligibility::Hero => hero,
        PathEligibility::WizardHero => hero && unit.has_keyword("WIZARD"),
        PathEligibility::PriestHero => hero && unit.has_keyword("PRIEST"),
        PathEligibility::NonHero => !hero,
    }
}

/// The Paths `unit` may walk (its keywords decide: HERO, WIZARD, PRIEST, or none of them),
/// in the battlepack's order: what a Path picker offers, and all `rank choose` accepts.
pub fn walkable_paths<'a>(pack: &'a Battlepack, unit: &Unit) -> Vec<&'a Path> {
    pack.paths.iter().filter(|p| may_walk(p, unit)).collect()
}

/// The ids of the Paths `unit` may walk, for messages that offer them.
pub fn open_paths<'a>(pack: &'a Battlepack, unit: &Unit) -> Vec<&'a str> {
    walkable_paths(pack, unit)
        .into_iter()
        .map(|p| p.id.as_str())
        .collect()
}

/// Who may walk a Path, in words: "HERO units", "WIZARD HEROES", ...
pub fn eligibility_words(e: PathEligibility) -> &'static str {
    match e {
        PathEligibility::Hero => "HERO units",
        PathEligibility::WizardHero => "WIZARD HEROES",
        PathEligibility::PriestHero => "PRIEST HEROES",
        PathEligibility::NonHero => "units that are not HEROES",
    }
}

/// Whether `unit` may walk `path`, with the reason and the Paths it could walk when not.
pub fn check_path(pack: &Battlepack, path: &Path, unit: &Unit) -> Result<(), RuleError> {
    if may_walk(path, unit) {
        return Ok(());
    }
    let needs = eligibility_words(path.eligibility);
    // Named in words, as players know them (either the name or the id is taken).
    let open: Vec<&str> = walkable_paths(pack, unit)
        .into_iter()
        .map(|p| p.name.as_str())
        .collect();
    refuse(
        "path eligibility",
        format!(
            "{} is only for {needs}, and {} is not one; pick one of: {}",
            path.name,
            unit.warscroll,
            open.join(", ")
        ),
    )
}

/// The Path called `id` (e.g. "warrior" or "Path of the Warrior"), or a refusal naming the choices.
pub fn find_path<'a>(pack: &'a Battlepack, id: &str) -> Result<&'a Path, RuleError> {
    pack.path(id).ok_or_else(|| {
        RuleError::new(
            "paths",
            format!(
                "{}; the Paths are: {}",
                names::unknown("Path", id, pack.paths.iter().map(|p| p.id.as_str())),
                pack.paths
                    .iter()
                    .map(|p| p.id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        )
    })
}

/// The ability `wanted` among the two that `path` offers at `rank`.
pub fn find_ability<'a>(path: &'a Path, rank: &str, wanted: &str) -> Result<&'a PathAbility, RuleError> {
    let Some(step) = path.ranks.iter().find(|r| r.rank.same_name(rank)) else {
        return refuse("paths", format!("{} has no rank '{rank}'", path.name));
    };
    step.abilities
        .iter()
        .find(|a| a.answers_to(wanted))
        .ok_or_else(|| {
            RuleError::new(
                "path abilities",
                format!(
                    "'{wanted}' is not one of the {rank} abilities of the {}; pick one of: {}",
                    path.name,
                    step.abilities
                        .iter()
                        .map(|a| a.id.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            )
        })
}

/// Ranks reached when renown goes from `before` to `after`, lowest first.
pub fn ranks_crossed(pack: &Battlepack, before: u32, after: u32) -> Vec<&Rank> {
    pack.ranks
        .iter()
        .filter(|r| before < r.renown && r.renown <= after)
        .collect()
}

/// Ranks the unit has reached without picking their ability yet, lowest first.
pub fn pending_ranks<'a>(pack: &'a Battlepack, unit: &Unit) -> Vec<&'a Rank> {
    let Some(reached) = unit
        .rank
        .as_deref()
        .and_then(|r| pack.ranks.iter().position(|k| k.name == r))
    else {
        return Vec::new();
    };
    pack.ranks[..=reached]
        .iter()
        .filter(|r| !unit.abilities.iter().any(|(rank, _)| rank == &r.name))
        .collect()
}

/// The choice a unit's lowest pending rank leaves: the abilities of that rank on each Path it
/// may take (its own Path; at its first rank, each Path it may walk, which it picks too).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct RankChoice {
    pub unit_id: i64,
    pub unit: String,
    pub rank: String,
    /// Whether the Path is picked with the ability (the unit's first rank).
    pub picks_path: bool,
    pub paths: Vec<PathChoice>,
}

/// A Path open to a rank choice, and the abilities of that rank on it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct PathChoice {
    pub id: String,
    pub name: String,
    /// (id, name) of each ability.
    pub abilities: Vec<(String, String)>,
}

/// Each unit's rank choice waiting, in Order of Battle order: what `rank choose` accepts.
pub fn rank_choices(pack: &Battlepack, units: &[&Unit]) -> Vec<RankChoice> {
    let mut out = Vec::new();
    for u in units {
        let Some(rank) = pending_ranks(pack, u).into_iter().next() else {
            continue;
        };
        let paths: Vec<&Path> = match u.path.as_deref().and_then(|p| pack.path(p)) {
            Some(own) => vec![own],
            None => walkable_paths(pack, u),
        };
        let paths = paths
            .into_iter()
            .map(|p| PathChoice {
                id: p.id.clone(),
                name: p.name.clone(),
                abilities: p
                    .ranks
                    .iter()
                    .filter(|r| r.rank == rank.name)
                    .flat_map(|r| r.abilities.iter().map(|a| (a.id.clone(), a.name.clone())))
                    .collect(),
            })
            .collect();
        out.push(RankChoice {
            unit_id: u.id,
            unit: u.label(),
            rank: rank.name.clone(),
            picks_path: u.path.is_none(),
            paths,
        });
    }
    out
}

/// Picks the ability (and, at a unit's first rank, the Path) for its lowest pending rank.
pub fn plan_rank_choice(
    pack: &Battlepack,
    unit: &Unit,
    ability: &str,
    path: Option<&str>,
) -> Result<Outcome, RuleError> {
    let Some(rank) = pending_ranks(pack, unit).into_iter().next() else {
        return refuse(
            "ranks",
            format!(
                "{} has no rank choice waiting (renown {}, rank {}); choices come when renown reaches a new rank",
                unit.label(),
                unit.renown,
                unit.rank.as_deref().unwrap_or("none")
            ),
        );
    };
    let mut out = Outcome::new(format!("{} chose a {} ability", unit.display_name(), rank.name));
    let walked = match (&unit.path, path) {
        (Some(current), Some(asked)) => {
            let asked = find_path(pack, asked)?;
            if asked.id != *current {
                return Err(RuleError::new(
                    "paths",
                    format!(
                        "{} already walks the Path of the {current}; a unit keeps its Path",
                        unit.label()
                    ),
                )
                .fix(Fix::leave_out(Input::Path)));
            }
            asked
        }
        (Some(current), None) => find_path(pack, current)?,
        (None, None) => {
            let open = open_paths(pack, unit);
            return Err(RuleError::new(
                "paths",
                format!(
                    "{} reached its first rank, so it picks its Path too (one of: {})",
                    unit.label(),
                    open.join(", ")
                ),
            )
            .fix(Fix::give(Input::Path)));
        }
        (None, Some(asked)) => {
            let p = find_path(pack, asked)?;
            check_path(pack, p, unit)?;
            out.push(Change::SetPath {
                unit: UnitRef::Existing(unit.id),
                path: p.id.clone(),
            });
            p
        }
    };
    let chosen = find_ability(walked, &rank.name, ability)?;
    out.summary = format!(
        "{} chose {} ({}, {})",
        unit.display_name(),
        chosen.name,
        rank.name,
        walked.name
    );
    out.push(Change::ChooseAbility {
        unit: UnitRef::Existing(unit.id),
        rank: rank.name.clone(),
        ability: chosen.id.clone(),
        name: chosen.name.clone(),
    });
    Ok(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::catalogue::Catalogue;

    pub(crate) fn pack() -> Battlepack {
        Catalogue::bundled()
            .expect("bundled data loads")
            .battlepack("ascension")
            .expect("ascension")
            .clone()
    }

    fn unit(keywords: &[&str]) -> Unit {
        let mut u = Unit::new(
            1,
            &crate::catalogue::Warscroll {
                name: "Test".into(),
                id: String::new(),
                points: 100,
                unit_size: 1,
                reinforceable: false,
                keywords: keywords.iter().map(|k| k.to_string()).collect(),
                ..Default::default()
            },
        );
        u.keywords = keywords.iter().map(|k| k.to_string()).collect();
        u
    }

    #[test]
    fn mage_path_needs_a_wizard_hero() {
        let pack = pack();
        let mage = find_path(&pack, "mage").unwrap();
        assert!(check_path(&pack, mage, &unit(&["HERO", "WIZARD (1)"])).is_ok());
        let err = check_path(&pack, mage, &unit(&["HERO"])).unwrap_err();
        assert_eq!(err.rule, "path eligibility");
        assert!(
            err.message
                .contains("pick one of: Path of the Warrior, Path of the Leader"),
            "{}",
            err.message
        );
    }

    #[test]
    fn devout_needs_a_priest_and_attacker_a_non_hero() {
        let pack = pack();
        let devout = find_path(&pack, "devout").unwrap();
        assert!(check_path(&pack, devout, &unit(&["HERO", "PRIEST (1)"])).is_ok());
        assert!(check_path(&pack, devout, &unit(&["HERO", "WIZARD (1)"])).is_err());
        let attacker = find_path(&pack, "Path of the Attacker").unwrap();
        assert!(check_path(&pack, attacker, &unit(&["INFANTRY"])).is_ok());
        assert!(check_path(&pack, attacker, &unit(&["HERO"])).is_err());
        assert!(check_path(&pack, find_path(&pack, "warrior").unwrap(), &unit(&["INFANTRY"])).is_err());
    }

    #[test]
    fn a_unit_walks_only_the_paths_its_keywords_open() {
        let pack = pack();
        let ids = |keywords: &[&str]| {
            walkable_paths(&pack, &unit(keywords))
                .iter()
                .map(|p| p.id.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(ids(&["HERO"]), ["warrior", "leader"]);
        assert_eq!(ids(&["HERO", "WIZARD (1)"]), ["warrior", "leader", "mage"]);
        assert_eq!(ids(&["HERO", "PRIEST (1)"]), ["warrior", "leader", "devout"]);
        assert_eq!(ids(&["INFANTRY", "WIZARD (1)"]), ["attacker", "defender"]);
    }

    #[test]
    fn ranks_come_at_5_15_30_45() {
        let pack = pack();
        let names = |a, b| {
            ranks_crossed(&pack, a, b)
                .iter()
                .map(|r| r.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(names(0, 5), ["Aspiring"]);
        assert_eq!(names(4, 14), ["Aspiring"]);
        assert_eq!(names(5, 14), Vec::<String>::new());
        assert_eq!(names(14, 31), ["Elite", "Mighty"]);
        assert_eq!(names(44, 99), ["Legendary"]);
    }

    #[test]
    fn abilities_are_two_per_rank() {
        let pack = pack();
        let warrior = find_path(&pack, "warrior").unwrap();
        assert_eq!(
            find_ability(warrior, "Aspiring", "berserker").unwrap().name,
            "Berserker"
        );
        let err = find_ability(warrior, "Aspiring", "martial-expertise").unwrap_err();
        assert!(
            err.message.contains("berserker, well-of-strength"),
            "{}",
            err.message
        );
    }

    #[test]
    fn the_bsdata_spellings_name_the_books_abilities_and_quests() {
        let pack = pack();
        let warrior = find_path(&pack, "warrior").unwrap();
        let duel = find_ability(warrior, "Legendary", "Unparalleled Duelist").unwrap();
        assert_eq!(duel.name, "Unparalleled Duellist");
        let attacker = find_path(&pack, "attacker").unwrap();
        let conquer = find_ability(attacker, "Mighty", "mighty conquerers").unwrap();
        assert_eq!(conquer.name, "Mighty Conquerors");
        assert_eq!(
            pack.quest("Seek Glory In Battle").unwrap().name,
            "Seek Glory in Battle"
        );
    }

    #[test]
    fn a_first_rank_asks_for_a_path_and_later_ranks_keep_it() {
        let pack = pack();
        let mut u = unit(&["INFANTRY"]);
        u.renown = 16;
        u.rank = Some("Elite".into());
        assert_eq!(
            pending_ranks(&pack, &u)
                .iter()
                .map(|r| r.name.as_str())
                .collect::<Vec<_>>(),
            ["Aspiring", "Elite"]
        );
        let err = plan_rank_choice(&pack, &u, "x", None).unwrap_err();
        assert_eq!(err.fixes, [Fix::give(Input::Path)], "{err}");
        let hero_path = plan_rank_choice(&pack, &u, "x", Some("warrior")).unwrap_err();
        assert_eq!(hero_path.rule, "path eligibility");

        let attacker = find_path(&pack, "attacker").unwrap();
        let first = &attacker.ranks[0].abilities[0];
        let out = plan_rank_choice(&pack, &u, &first.id, Some("attacker")).unwrap();
        assert!(matches!(&out.changes[0], Change::SetPath { path, .. } if path == "attacker"));
        assert!(
            matches!(&out.changes[1], Change::ChooseAbility { rank, ability, .. } if rank == "Aspiring" && ability == &first.id)
        );
        u.path = Some("attacker".into());
        u.abilities.push(("Aspiring".into(), first.id.clone()));
        assert_eq!(pending_ranks(&pack, &u)[0].name, "Elite");
        let second = &attacker.ranks[1].abilities[1];
        let out = plan_rank_choice(&pack, &u, &second.name, None).unwrap();
        assert_eq!(out.changes.len(), 1);
        u.abilities.push(("Elite".into(), second.id.clone()));
        let none = plan_rank_choice(&pack, &u, &second.id, None).unwrap_err();
        assert!(none.message.contains("no rank choice waiting"), "{none}");
    }

    #[test]
    fn a_rank_choice_offers_what_plan_rank_choice_accepts() {
        let pack = pack();
        let mut liberators = unit(&["INFANTRY"]);
        liberators.rank = Some(pack.ranks[0].name.clone());
        let choices = rank_choices(&pack, &[&liberators]);
        let [choice] = &choices[..] else {
            panic!("{choices:?}")
        };
        assert!(choice.picks_path, "a first rank picks the Path");
        assert_eq!(
            choice.paths.iter().map(|p| p.id.as_str()).collect::<Vec<_>>(),
            open_paths(&pack, &liberators),
            "every Path a non-HERO may walk, and only those"
        );
        for p in &choice.paths {
            assert_eq!(p.abilities.len(), 2, "{}: two abilities a rank", p.id);
            for (ability, _) in &p.abilities {
                plan_rank_choice(&pack, &liberators, ability, Some(&p.id)).unwrap();
            }
        }
        // Once the Path is walked, only its abilities are offered.
        liberators.path = Some(choice.paths[0].id.clone());
        let walked = rank_choices(&pack, &[&liberators]);
        assert!(!walked[0].picks_path);
        assert_eq!(walked[0].paths.len(), 1);
        liberators
            .abilities
            .push((choice.rank.clone(), choice.paths[0].abilities[0].0.clone()));
        assert!(
            rank_choices(&pack, &[&liberators]).is_empty(),
            "nothing left to pick"
        );
    }
}
