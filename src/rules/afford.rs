//! `roster afford`: what a roster's glory buys now in step 4 of an aftermath ("Manage Order of
//! Battle"): the units of its faction it could add and the units on its Order of Battle it
//! could reinforce, each with its glory cost. Every rule is the aftermath's own
//! ([`crate::rules::aftermath::check_may_buy`], [`check_may_reinforce`], [`check_unlocks`], the
//! costs), so what this lists is what `ptg aftermath --add-unit/--reinforce` accepts.

use crate::catalogue::Faction;
use crate::catalogue::battlepack::Battlepack;
use crate::names::SameName;
use crate::rules::aftermath::{add_cost, check_may_buy, check_may_reinforce, reinforce_cost};
use crate::rules::model::{Roster, Unit};
use crate::rules::roster::{active_warscrolls, check_unlocks};
use serde::Serialize;

/// A unit of the roster's faction that may join in an aftermath.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct NewUnitOffer {
    pub warscroll: String,
    /// Glory to add it at minimum size.
    pub cost: u32,
    /// Whether the glory held pays for it.
    pub affordable: bool,
    /// Glory to add it and reinforce it in the same aftermath (the battlepack allows
    /// reinforcing the unit just added); none when it cannot be reinforced.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub with_reinforcement: Option<u32>,
    /// Whether the glory held pays for adding and reinforcing it.
    pub reinforcement_affordable: bool,
}

/// A unit on the Order of Battle that may be reinforced.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ReinforceOffer {
    pub unit: i64,
    /// Its name on the Order of Battle (the player's own, or its warscroll's).
    pub name: String,
    pub warscroll: String,
    /// Glory to reinforce it: its points value again.
    pub cost: u32,
    pub affordable: bool,
}

/// What the roster could buy in its next aftermath with the glory it holds now, cheapest
/// first. Units the rules bar (a second UNIQUE, Legends where not allowed, an Anvil of
/// Apotheosis hero, an unlocked unit without its unlocking unit) are not offered; units that
/// cost more than the glory held are, marked not affordable.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Affordable {
    pub glory: i64,
    /// Units an aftermath may add, and reinforce (the battlepack's limits: 1 and 1).
    pub max_units_added: u32,
    pub max_units_reinforced: u32,
    pub add: Vec<NewUnitOffer>,
    pub reinforce: Vec<ReinforceOffer>,
}

/// Lists what `roster` could add from `faction` and reinforce, at the glory it holds.
pub fn affordable(pack: &Battlepack, faction: &Faction, roster: &Roster) -> Affordable {
    let pays = |cost: u32| i64::from(cost) <= roster.glory;
    let before = active_warscrolls(roster);
    // Adding a unit can leave more units of a warscroll than of its unlocking unit only when
    // its own warscroll is an unlocked one: the others skip the count (a page lists them all).
    let unlocked: Vec<&str> = faction
        .units
        .iter()
        .filter(|u| u.unlocked_by.is_some())
        .map(|u| u.name.as_str())
        .collect();
    let mut add: Vec<NewUnitOffer> = Vec::new();
    if pack.aftermath.max_units_added > 0 {
        for w in &faction.units {
            let over_unlocked = || {
                let after: Vec<&str> = before.iter().copied().chain([w.name.as_str()]).collect();
                check_unlocks(faction, &before, &after).is_err()
            };
            let unlocks = unlocked.iter().any(|name| name.same_name(&w.name));
            if check_may_buy(roster, w).is_err() || (unlocks && over_unlocked()) {
                continue;
            }
            let cost = add_cost(w);
            let newcomer = Unit::new(0, w);
            let with_reinforcement = (pack.aftermath.max_units_reinforced > 0
                && check_may_reinforce(&newcomer).is_ok())
            .then(|| cost.saturating_add(reinforce_cost(&newcomer)));
            add.push(NewUnitOffer {
                warscroll: w.name.clone(),
                cost,
                affordable: pays(cost),
                with_reinforcement,
                reinforcement_affordable: with_reinforcement.is_some_and(pays),
            });
        }
    }
    add.sort_by(|a, b| a.cost.cmp(&b.cost).then_with(|| a.warscroll.cmp(&b.warscroll)));
    let mut reinforce: Vec<ReinforceOffer> = Vec::new();
    if pack.aftermath.max_units_reinforced > 0 {
        for u in roster.units.iter().filter(|u| check_may_reinforce(u).is_ok()) {
            let cost = reinforce_cost(u);
            reinforce.push(ReinforceOffer {
                unit: u.id,
                name: u.display_name().to_string(),
                warscroll: u.warscroll.clone(),
                cost,
                affordable: pays(cost),
            });
        }
    }
    reinforce.sort_by(|a, b| a.cost.cmp(&b.cost).then_with(|| a.unit.cmp(&b.unit)));
    Affordable {
        glory: roster.glory,
        max_units_added: pack.aftermath.max_units_added,
        max_units_reinforced: pack.aftermath.max_units_reinforced,
        add,
        reinforce,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::renown::tests::pack;
    use crate::rules::roster::tests::{add, host, roster_led_by};

    /// Knight-Questor warlord, Liberators (90, reinforceable), Elite Guard (200, not
    /// reinforceable) and the UNIQUE Famous Hero, holding `glory`.
    fn hammers(glory: i64) -> Roster {
        let mut r = roster_led_by("Knight-Questor");
        for w in ["Liberators", "Elite Guard", "Famous Hero"] {
            add(&mut r, w, false).expect("starting unit");
        }
        r.glory = glory;
        r
    }

    fn offers(a: &Affordable) -> Vec<(&str, u32, bool)> {
        a.add
            .iter()
            .map(|o| (o.warscroll.as_str(), o.cost, o.affordable))
            .collect()
    }

    #[test]
    fn every_unit_but_a_second_unique_is_offered_at_its_points_cheapest_first() {
        let a = affordable(&pack(), &host(), &hammers(130));
        assert_eq!(a.glory, 130);
        assert_eq!((a.max_units_added, a.max_units_reinforced), (1, 1));
        assert_eq!(
            offers(&a),
            [
                ("Liberators", 90, true),
                ("Knight-Questor", 100, true),
                ("Battle Mage", 120, true),
                ("Hero Retinue", 150, false),
                ("Elite Guard", 200, false),
                ("Big Beast", 300, false),
                ("Lord on Drake", 351, false),
            ]
        );
        // Liberators added and reinforced in one aftermath: 90 + 90, more than 130.
        assert_eq!(a.add[0].with_reinforcement, Some(180));
        assert!(!a.add[0].reinforcement_affordable);
        assert!(a.add.iter().skip(1).all(|o| o.with_reinforcement.is_none()));
    }

    #[test]
    fn only_units_of_several_models_the_profile_allows_are_offered_for_reinforcing() {
        let a = affordable(&pack(), &host(), &hammers(89));
        let r: Vec<_> = a
            .reinforce
            .iter()
            .map(|o| (o.name.as_str(), o.cost, o.affordable))
            .collect();
        assert_eq!(r, [("Liberators", 90, false)], "89 glory is one short");
        let a = affordable(&pack(), &host(), &hammers(180));
        assert!(a.reinforce[0].affordable && a.add[0].reinforcement_affordable);
    }

    #[test]
    fn reinforced_and_retired_units_are_not_offered() {
        let mut r = hammers(500);
        r.units
            .iter_mut()
            .find(|u| u.warscroll == "Liberators")
            .unwrap()
            .reinforced = true;
        assert!(affordable(&pack(), &host(), &r).reinforce.is_empty());
        r.units
            .iter_mut()
            .find(|u| u.warscroll == "Liberators")
            .unwrap()
            .reinforced = false;
        r.units
            .iter_mut()
            .find(|u| u.warscroll == "Liberators")
            .unwrap()
            .retired = true;
        assert!(affordable(&pack(), &host(), &r).reinforce.is_empty());
    }

    #[test]
    fn what_the_aftermath_accepts_is_what_is_offered() {
        // Every offer passes the aftermath's own checks, and the refused ones fail them.
        use crate::rules::aftermath::{Choices, plan_aftermath};
        use crate::rules::battle::BattleResult;
        use crate::rules::dice::TypedDice;
        use crate::rules::fought::Fought;
        let r = hammers(0);
        // A 1500-point major victory with the general alive earns 60 + 30 + 10 glory.
        let fought = Fought {
            battle_id: 1,
            points_limit: 1500,
            battleplan: None,
            army: vec![1, 2],
            destroyed: Vec::new(),
            slew: Vec::new(),
            victory_points: 3,
            result: BattleResult::MajorVictory,
            general_slain: false,
            quest_points: 0,
            realm: None,
            fought_at: None,
        };
        let offered = affordable(&pack(), &host(), &hammers(100));
        let run = |add_units: Vec<String>, reinforce: Vec<String>| {
            let choices = Choices {
                favoured: Some("Liberators".into()),
                add_units,
                reinforce,
                ..Choices::default()
            };
            let mut dice = TypedDice::new([1, 1, 1]);
            plan_aftermath(&pack(), &host(), &r, &fought, &choices, &mut dice)
        };
        let mut accepted = Vec::new();
        let faction = host();
        for w in &faction.units {
            let ran = run(vec![w.name.clone()], Vec::new());
            let offer = offered.add.iter().find(|o| o.warscroll == w.name);
            assert_eq!(
                ran.is_ok(),
                offer.is_some_and(|o| o.affordable),
                "{}: {ran:?}",
                w.name
            );
            accepted.extend(ran.is_ok().then_some(w.name.as_str()));
        }
        assert_eq!(accepted, ["Knight-Questor", "Liberators"]);
        for u in &r.units {
            let ran = run(Vec::new(), vec![u.warscroll.clone()]);
            let offer = offered.reinforce.iter().find(|o| o.unit == u.id);
            assert_eq!(
                ran.is_ok(),
                offer.is_some_and(|o| o.affordable),
                "{}: {ran:?}",
                u.warscroll
            );
        }
        assert!(offered.reinforce[0].affordable, "Liberators: 90 of 100");
    }
}
