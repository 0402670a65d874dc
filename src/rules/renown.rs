//! Ranks and Paths: which Paths a unit may walk, the rank a renown total gives, and the
//! abilities a rank offers.

use super::{RuleError, model::Unit, refuse};
use crate::catalogue::battlepack::{Battlepack, Path, PathAbility, PathEligibility, Rank};
use crate::names;

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

/// Whether `unit` may walk `path`, with the reason and the Paths it could walk when not.
pub fn check_path(pack: &Battlepack, path: &Path, unit: &Unit) -> Result<(), RuleError> {
    if may_walk(path, unit) {
        return Ok(());
    }
    let needs = match path.eligibility {
        PathEligibility::Hero => "HERO units",
        PathEligibility::WizardHero => "WIZARD HEROES",
        PathEligibility::PriestHero => "PRIEST HEROES",
        PathEligibility::NonHero => "units that are not HEROES",
    };
    let open: Vec<&str> = pack
        .paths
        .iter()
        .filter(|p| may_walk(p, unit))
        .map(|p| p.id.as_str())
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
    let Some(step) = path.ranks.iter().find(|r| r.rank.eq_ignore_ascii_case(rank)) else {
        return refuse("paths", format!("{} has no rank '{rank}'", path.name));
    };
    let w = wanted.trim();
    step.abilities
        .iter()
        .find(|a| a.id.eq_ignore_ascii_case(w) || a.name.eq_ignore_ascii_case(w))
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
        assert!(err.message.contains("warrior, leader"), "{}", err.message);
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
}
