//! A roster priced at new faction data (a fresh BSData import): which points limits it keeps
//! at the costs recorded when its units joined but would break at the new points.
//!
//! This is an audit of a data refresh, not a change to history: a unit's recorded cost stays
//! what was paid, and nothing here changes a roster. The rules that decide "over the limit"
//! are the ones `roster check` (the starting points limit, during set-up) and the audit (an
//! army within its battle's points limit) use, run on a repriced copy of the roster, so the
//! answer can never disagree with them.

use crate::catalogue::Battlepack;
use crate::rules::audit::{ArmyTaken, Check, UnitCosts, army_points};
use crate::rules::model::Roster;
use crate::rules::roster::{Factions, check};
use serde::Serialize;

/// An army recorded for a battle that has no result yet: still to be fought, so its units'
/// costs still have to fit the battle's points limit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingArmy {
    pub battle_id: i64,
    pub points_limit: u32,
    pub units: Vec<i64>,
}

/// A points limit a roster keeps at its recorded costs and breaks at the new points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OverLimit {
    pub roster_id: i64,
    pub roster: String,
    pub campaign: String,
    /// The planned battle whose army breaks its limit; none for the starting points limit.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub battle_id: Option<i64>,
    pub limit: u32,
    /// What the Order of Battle (or the army) costs as recorded.
    pub recorded_points: u64,
    /// What it would cost at the new points.
    pub new_points: u64,
    /// The rule's own words, at the new points.
    pub message: String,
}

/// The roster with each unit priced at its faction's points (an allied unit at its own
/// faction's); a unit the data no longer has, or whose allied faction was not imported, keeps
/// its recorded cost (there is nothing else to price it at).
pub fn repriced(roster: &Roster, factions: &Factions) -> Roster {
    let mut out = roster.clone();
    for u in &mut out.units {
        if let Some(w) = factions.warscroll(u) {
            u.points = w.points;
        }
    }
    out
}

/// Every points limit `roster` keeps at its recorded costs but breaks priced at `faction`
/// (the new data of its faction), with `armies` its armies for battles not fought yet.
pub fn over_limits(
    pack: &Battlepack,
    factions: &Factions,
    roster: &Roster,
    armies: &[PendingArmy],
) -> Vec<OverLimit> {
    let new = repriced(roster, factions);
    let mut out = Vec::new();
    let starting = |r: &Roster| {
        check(pack, factions, r)
            .problems
            .into_iter()
            .find(|p| p.rule == "starting points")
    };
    if starting(roster).is_none()
        && let Some(broken) = starting(&new)
    {
        out.push(OverLimit {
            roster_id: roster.id,
            roster: roster.name.clone(),
            campaign: roster.campaign.clone(),
            battle_id: None,
            limit: pack.roster.starting_points,
            recorded_points: roster.points(),
            new_points: new.points(),
            message: broken.message.for_cli(),
        });
    }
    for army in armies {
        let over = |r: &Roster| {
            let taken = ArmyTaken {
                battle_id: army.battle_id,
                points_limit: army.points_limit,
                set: None,
                units: army.units.clone(),
                roster_then: UnitCosts::of(r),
            };
            army_points(r, &taken)
                .into_iter()
                .find(|f| f.check == Check::ArmyPoints)
        };
        let cost = |r: &Roster| -> u64 {
            army.units
                .iter()
                .filter_map(|&id| r.unit(id))
                .map(|u| u.cost())
                .sum()
        };
        if over(roster).is_none()
            && let Some(broken) = over(&new)
        {
            out.push(OverLimit {
                roster_id: roster.id,
                roster: roster.name.clone(),
                campaign: roster.campaign.clone(),
                battle_id: Some(army.battle_id),
                limit: army.points_limit,
                recorded_points: cost(roster),
                new_points: cost(&new),
                message: broken.message.for_cli(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Faction;
    use crate::rules::renown::tests::pack;
    use crate::rules::roster::tests::{add, host, roster_led_by};

    /// The test host with `unit` at `points`.
    fn priced(unit: &str, points: u32) -> Faction {
        let mut f = host();
        f.units.iter_mut().find(|u| u.name == unit).expect("unit").points = points;
        f
    }

    /// Knight-Questor (100) + Liberators reinforced (180) + Big Beast (300) + Elite Guard
    /// (200) + Hero Retinue (150) = 930 of the 1000 starting points.
    fn roster_of_930() -> Roster {
        let mut r = roster_led_by("Knight-Questor");
        add(&mut r, "Liberators", true).unwrap();
        for w in ["Big Beast", "Elite Guard", "Hero Retinue"] {
            add(&mut r, w, false).unwrap();
        }
        assert_eq!(r.points(), 930);
        r
    }

    #[test]
    fn a_roster_in_set_up_over_the_starting_limit_at_new_points_is_named() {
        let r = roster_of_930();
        // Liberators 90 -> 126: reinforced, 180 -> 252, the roster 930 -> 1002.
        let found = over_limits(&pack(), &Factions::alone(&priced("Liberators", 126)), &r, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].recorded_points, found[0].new_points), (930, 1002));
        assert_eq!((found[0].limit, found[0].battle_id), (1000, None));
        assert!(found[0].message.contains("1002 points"), "{}", found[0].message);
        // 125 makes it exactly 1000: within the limit.
        assert!(over_limits(&pack(), &Factions::alone(&priced("Liberators", 125)), &r, &[]).is_empty());
        // The recorded costs are what was paid.
        assert_eq!(r.points(), 930);
    }

    #[test]
    fn after_set_up_only_armies_of_battles_still_to_fight_have_a_limit() {
        let mut r = roster_of_930();
        r.setup_complete = true;
        let dearer = priced("Liberators", 126);
        assert!(over_limits(&pack(), &Factions::alone(&dearer), &r, &[]).is_empty());
        let liberators = r.units.iter().find(|u| u.warscroll == "Liberators").unwrap().id;
        let army = PendingArmy {
            battle_id: 3,
            points_limit: 200,
            units: vec![1, liberators],
        };
        // 100 + 180 = 280 is already over 200: not broken *by* the new points, not named.
        assert!(
            over_limits(
                &pack(),
                &Factions::alone(&dearer),
                &r,
                std::slice::from_ref(&army)
            )
            .is_empty()
        );
        let army = PendingArmy {
            points_limit: 300,
            ..army
        };
        let found = over_limits(&pack(), &Factions::alone(&dearer), &r, &[army]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].battle_id, Some(3));
        assert_eq!((found[0].recorded_points, found[0].new_points), (280, 352));
    }

    #[test]
    fn a_unit_gone_from_the_data_keeps_its_recorded_cost() {
        let r = roster_of_930();
        let mut f = host();
        f.units.retain(|u| u.name != "Big Beast");
        let again = repriced(&r, &Factions::alone(&f));
        assert_eq!(again.points(), 930);
    }
}
