//! Correcting a recorded result (`battle result N --correct`, issue 38): a mistyped score is
//! put right before either side's aftermath has run, and the battle keeps its place in
//! campaign time (its `battle result` set). The corrected result is decided as the result
//! was, from the battle as it stood before it: the same armies, the same sudden death pick,
//! the same roles.

use super::narrative::Decision;
use super::state::{BattleStatus, ResultReport, SideResult};
use super::{Battle, BattleResult};
use crate::catalogue::battlepack::Battlepack;
use crate::fix::{Action, Fix};
use crate::rules::model::Roster;
use crate::rules::undo::{TakenTriumph, check_triumphs_kept};
use crate::rules::{RuleError, refuse, refuse_fix};

impl Battle {
    /// Works out the corrected result from the players' report, as `battle result` would have
    /// from the battle before its result. Refused while the battle has no result (record it),
    /// once either side's aftermath has run (undo that aftermath first), and when it takes a
    /// major victory away from a roster whose army for another battle rolled a triumph from it
    /// (`taken`: undo that army first).
    pub fn plan_correction(
        &self,
        pack: &Battlepack,
        rosters: [&Roster; 2],
        report: &ResultReport,
        taken: &[TakenTriumph],
    ) -> Result<([SideResult; 2], Option<[Decision; 2]>), RuleError> {
        if self.status != BattleStatus::Fought {
            return refuse_fix(
                "battle result",
                format!("battle {} has no result to correct yet", self.id),
                Fix::act(Action::RecordResult { battle: self.id }),
            );
        }
        if let Some(side) = self.sides.iter().find(|s| s.aftermath_done) {
            return refuse_fix(
                "battle result",
                format!(
                    "{}'s aftermath of battle {} has run, built on the result as it stands; \
                     undo that aftermath first, then correct the result",
                    side.roster, self.id
                ),
                Fix::act(Action::Undo {
                    roster: Some(side.roster.clone()),
                }),
            );
        }
        let recorded = self.before_result().plan_decided_result(pack, rosters, report)?;
        if self.recorded_as(&recorded.0, recorded.1.as_ref()) {
            return refuse(
                "battle result",
                format!(
                    "battle {}'s result is already recorded so; there is nothing to correct",
                    self.id
                ),
            );
        }
        let after: Vec<(i64, Option<BattleResult>)> =
            recorded.0.iter().map(|s| (s.roster_id, Some(s.result))).collect();
        check_triumphs_kept(self.id, taken, &after)?;
        Ok(recorded)
    }

    /// Whether the result recorded is already `sides`, decided as `decided`.
    fn recorded_as(&self, sides: &[SideResult; 2], decided: Option<&[Decision; 2]>) -> bool {
        self.sides.iter().zip(sides).enumerate().all(|(i, (now, new))| {
            let marked = |f: fn(&super::ArmyUnit) -> bool| {
                let mut ids: Vec<i64> = now.army.iter().filter(|u| f(u)).map(|u| u.unit_id).collect();
                ids.sort();
                ids
            };
            let sorted = |ids: &[i64]| {
                let mut ids = ids.to_vec();
                ids.sort();
                ids.dedup();
                ids
            };
            now.roster_id == new.roster_id
                && now.victory_points == Some(new.victory_points)
                && now.result == Some(new.result)
                && now.withdrew == new.withdrew
                && now.general_slain == new.general_slain
                && now.quest_points == new.quest_points
                && marked(|u| u.destroyed) == sorted(&new.destroyed)
                && marked(|u| u.slew_hero_or_monster) == sorted(&new.slew)
                && now.decision.as_ref() == decided.map(|d| &d[i])
        })
    }

    /// The battle as it stood before its result: planned, no scores, no unit marked.
    fn before_result(&self) -> Battle {
        let mut before = self.clone();
        before.status = BattleStatus::Planned;
        for side in &mut before.sides {
            side.victory_points = None;
            side.result = None;
            side.withdrew = false;
            side.general_slain = false;
            side.quest_points = 0;
            side.decision = None;
            for unit in &mut side.army {
                unit.destroyed = false;
                unit.slew_hero_or_monster = false;
            }
        }
        before
    }
}

/// How a result was decided when not by victory points, as a summary's tail.
pub fn decided_words(by: Option<super::DecidedBy>) -> &'static str {
    match by {
        Some(super::DecidedBy::SuddenDeath) => ", by sudden death",
        Some(super::DecidedBy::Casualties) => ", by casualties",
        None => "",
    }
}

/// A result as history says it: "Hammers of Dawn major victory (14 VP), Rat Tide major defeat
/// (8 VP)".
pub fn result_words(names: [&str; 2], sides: &[SideResult; 2]) -> String {
    format!(
        "{} {} ({} VP), {} {} ({} VP)",
        names[0],
        sides[0].result,
        sides[0].victory_points,
        names[1],
        sides[1].result,
        sides[1].victory_points
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::battle::{ArmyUnit, Side};
    use crate::rules::renown::tests::pack;
    use crate::rules::roster::tests::roster_led_by;

    fn side(roster_id: i64, name: &str, unit: i64, result: BattleResult, vp: u32) -> Side {
        Side {
            roster_id,
            roster: name.into(),
            victory_points: Some(vp),
            result: Some(result),
            withdrew: false,
            general_slain: false,
            quest_points: 0,
            aftermath_done: false,
            army: vec![ArmyUnit {
                unit_id: unit,
                general: true,
                regiment: Some(unit),
                destroyed: false,
                slew_hero_or_monster: false,
            }],
            triumph: None,
            sudden_death: None,
            decision: None,
        }
    }

    /// Battle 3, fought: A (roster 1) major victory 14-2 over B (roster 2).
    fn fought() -> (Battle, Roster, Roster) {
        let mut a = roster_led_by("Knight-Questor");
        a.id = 1;
        a.name = "A".into();
        let mut b = roster_led_by("Knight-Questor");
        b.id = 2;
        b.name = "B".into();
        let battle = Battle {
            id: 3,
            campaign_id: 1,
            campaign: "C".into(),
            points_limit: 1000,
            battleplan: None,
            status: BattleStatus::Fought,
            roles_roster_id: None,
            roles_rolled: false,
            created_at: String::new(),
            realm: None,
            realm_picker_id: None,
            sides: vec![
                side(1, "A", a.units[0].id, BattleResult::MajorVictory, 14),
                side(2, "B", b.units[0].id, BattleResult::MajorDefeat, 2),
            ],
            twists: Vec::new(),
            fought_at: None,
        };
        (battle, a, b)
    }

    fn report(a: u32, b: u32) -> ResultReport {
        ResultReport {
            victory_points: vec![("A".into(), a), ("B".into(), b)],
            ..ResultReport::default()
        }
    }

    #[test]
    fn a_correction_decides_the_result_again_from_the_battle_before_it() {
        let (battle, a, b) = fought();
        let (sides, _) = battle
            .plan_correction(&pack(), [&a, &b], &report(10, 10), &[])
            .unwrap();
        assert_eq!(sides[0].result, BattleResult::Draw);
        assert_eq!(sides[1].victory_points, 10);
        let err = battle
            .plan_correction(&pack(), [&a, &b], &report(14, 2), &[])
            .unwrap_err();
        assert!(err.message.contains("nothing to correct"), "{}", err.message);
    }

    #[test]
    fn a_correction_waits_for_a_result_and_stops_at_an_aftermath() {
        let (mut battle, a, b) = fought();
        battle.sides[1].aftermath_done = true;
        let err = battle
            .plan_correction(&pack(), [&a, &b], &report(10, 10), &[])
            .unwrap_err();
        assert!(
            err.message.contains("B's aftermath of battle 3 has run"),
            "{}",
            err.message
        );
        battle.status = BattleStatus::Planned;
        battle.sides[1].aftermath_done = false;
        let err = battle
            .plan_correction(&pack(), [&a, &b], &report(10, 10), &[])
            .unwrap_err();
        assert!(err.message.contains("no result to correct"), "{}", err.message);
    }

    #[test]
    fn a_correction_keeps_a_triumph_taken_only_while_its_victory_stands() {
        let (battle, a, b) = fought();
        let taken = [TakenTriumph {
            roster_id: 1,
            roster: "A".into(),
            battle_id: 5,
            set_id: 12,
        }];
        assert!(
            battle
                .plan_correction(&pack(), [&a, &b], &report(15, 2), &taken)
                .is_ok(),
            "still a major victory"
        );
        let err = battle
            .plan_correction(&pack(), [&a, &b], &report(10, 10), &taken)
            .unwrap_err();
        assert!(
            err.message.contains("battle 5 rolled a triumph"),
            "{}",
            err.message
        );
    }
}
