//! Sudden death and casualty victories (option `sudden-death`, the 1st-edition rules sheet's
//! GLORIOUS VICTORY and SUDDEN DEATH VICTORIES). Once both armies are recorded their models are
//! counted; when one army has at least `outnumber` = [a, b] (a models for every b: "a third
//! more" is [4, 3], from the battlepack) the outnumbered side may pick one objective from the
//! sudden death table, and achieving it claims the battlepack's `achieved` result. A battle not
//! fought to its end may instead be decided by the share of its models each side lost: the
//! smaller share claims `casualties`, equal shares draw. Every number comes from the data;
//! shares are compared by cross-multiplying whole numbers, never as floats, so 6 of 20 and 9
//! of 30 are equal.

use super::narrative::{DecidedBy, Decision, SuddenDeathRow};
use super::state::{Battle, BattleStatus, ResultReport, SideResult};
use super::{BattleResult, find_army_unit};
use crate::catalogue::Table;
use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::options::{Objective, SuddenDeathOption, TargetKind};
use crate::fix::{Action, Fix, Input};
use crate::rules::model::{Roster, Unit};
use crate::rules::names::{NameKind, check};
use crate::rules::{RuleError, refuse, refuse_fix};
use serde::Serialize;

/// How `battle result` is told the battle was decided when not by victory points alone.
#[derive(Debug, Clone, Default)]
pub struct DecisionReport {
    /// `--sudden-death achieved`: the side with a sudden death objective achieved it.
    pub sudden_death_achieved: bool,
    /// `--models-lost ROSTER=N`, for both sides: models removed, those added during the game
    /// included.
    pub models_lost: Vec<(String, u32)>,
    /// `--models-added ROSTER=N`: models added during the game (summoned, reinforcements...).
    pub models_added: Vec<(String, u32)>,
}

impl DecisionReport {
    fn is_empty(&self) -> bool {
        !self.sudden_death_achieved && self.models_lost.is_empty() && self.models_added.is_empty()
    }
}

/// What `battle sudden-death` is told: the objective, and what it needs picked.
#[derive(Debug, Clone, Default)]
pub struct PickRequest<'a> {
    pub objective: &'a str,
    /// The enemy unit to slay, as its owner names it (Assassinate, Blunt).
    pub target: Option<&'a str>,
    /// The terrain feature the outnumbered side picks (Seize Ground).
    pub terrain: Option<&'a str>,
}

/// The model counts of both armies and who is outnumbered, for showing.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub models: Vec<SideModels>,
    /// The roster that may pick an objective, if one army outnumbers the other.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub outnumbered: Option<String>,
    /// [a, b]: a models for every b outnumber.
    pub outnumber: [u32; 2],
}

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SideModels {
    pub roster: String,
    pub models: u32,
}

/// The battlepack's sudden death rules, when the campaign plays the option.
pub fn sudden_death_option<'p>(
    pack: &'p Battlepack,
    roster: &Roster,
) -> Result<&'p SuddenDeathOption, RuleError> {
    let campaign = &roster.campaign;
    if !roster.options.sudden_death {
        return refuse_fix(
            "sudden death",
            format!("the campaign '{campaign}' does not play the sudden-death option"),
            Fix::turn(campaign.clone(), "sudden-death", true),
        );
    }
    pack.options.sudden_death.as_ref().ok_or_else(|| {
        RuleError::new("sudden death", format!("{} has no sudden death rules", pack.name)).fix(Fix::turn(
            campaign.clone(),
            "sudden-death",
            false,
        ))
    })
}

/// "HERO, WIZARD, PRIEST or MONSTER".
fn or_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] => format!("{} or {last}", rest.join(", ")),
    }
}

fn parse_result(value: &str) -> Result<BattleResult, RuleError> {
    value
        .parse()
        .map_err(|e: String| RuleError::new("sudden death", e))
}

impl Battle {
    fn models(&self, rosters: [&Roster; 2]) -> [u32; 2] {
        [0, 1].map(|i| army_models(rosters[i], &self.sides[i].army))
    }

    /// Both armies' models and who is outnumbered, once both armies are recorded in a
    /// campaign playing the option; `None` otherwise (a campaign without it shows nothing).
    pub fn standing(&self, pack: &Battlepack, rosters: &[Roster]) -> Option<Standing> {
        let find = |i: usize| {
            let id = self.sides.get(i)?.roster_id;
            rosters.iter().find(|r| r.id == id)
        };
        let pair = [find(0)?, find(1)?];
        let option = sudden_death_option(pack, pair[0]).ok()?;
        if self.sides.iter().any(|s| s.army.is_empty()) {
            return None;
        }
        let models = self.models(pair);
        Some(Standing {
            models: [0, 1]
                .map(|i| SideModels {
                    roster: pair[i].name.clone(),
                    models: models[i],
                })
                .into(),
            outnumbered: outnumbered(models, option.outnumber).map(|i| pair[i].name.clone()),
            outnumber: option.outnumber,
        })
    }

    /// Armies are fixed once a sudden death objective is picked: the pick rests on their
    /// counts (and an Assassinate or Blunt target on the opponent's army), so changing one
    /// would leave a pick the armies no longer allow. Undo the pick to change an army.
    pub(super) fn check_no_pick(&self) -> Result<(), RuleError> {
        match self.sides.iter().find(|s| s.sudden_death.is_some()) {
            None => Ok(()),
            Some(s) => refuse_fix(
                "battle state",
                format!(
                    "{} picked a sudden death objective for battle {}, which rests on the armies as recorded; undo the pick first, then record the army",
                    s.roster, self.id
                ),
                Fix::act(Action::Undo {
                    roster: Some(s.roster.clone()),
                }),
            ),
        }
    }

    /// Checks a sudden death pick by `roster_id`: the option is played, the battle is planned
    /// with both armies in, no objective is picked yet, the roster is outnumbered, the
    /// objective is on the table, and its target fits. `rosters` are the two sides in order.
    pub fn plan_sudden_death(
        &self,
        pack: &Battlepack,
        table: &Table,
        rosters: [&Roster; 2],
        roster_id: i64,
        pick: &PickRequest,
    ) -> Result<SuddenDeathRow, RuleError> {
        let option = sudden_death_option(pack, rosters[0])?;
        let Some(me) = rosters.iter().position(|r| r.id == roster_id) else {
            return refuse(
                "sides",
                format!("that roster is not a side of battle {}", self.id),
            );
        };
        let (own, them) = (rosters[me], rosters[1 - me]);
        if self.status == BattleStatus::Fought {
            return refuse(
                "sudden death",
                format!(
                    "battle {} already has its result; a sudden death objective is picked before the battle (undo the result first to pick one)",
                    self.id
                ),
            );
        }
        for (s, r) in self.sides.iter().zip(rosters) {
            if s.army.is_empty() {
                return refuse_fix(
                    "sudden death",
                    format!(
                        "{}'s army for battle {} is not recorded, so its models cannot be counted",
                        r.name, self.id
                    ),
                    Fix::act(Action::RecordArmy {
                        battle: self.id,
                        roster: r.name.clone(),
                    }),
                );
            }
        }
        if let Some(s) = self.sides.iter().find(|s| s.sudden_death.is_some()) {
            let picked = s.sudden_death.as_ref().map_or("", |p| p.objective.as_str());
            return refuse_fix(
                "sudden death",
                format!(
                    "{} already picked {picked} for battle {}; one objective per battle (undo it to pick another)",
                    s.roster, self.id
                ),
                Fix::act(Action::Undo {
                    roster: Some(s.roster.clone()),
                }),
            );
        }
        let models = self.models(rosters);
        if outnumbered(models, option.outnumber) != Some(me) {
            let [a, b] = option.outnumber;
            return refuse(
                "sudden death",
                format!(
                    "{} has {} models and {} {}; sudden death needs the other army to have at least {a} for every {b} ({}), so {} cannot pick an objective",
                    own.name,
                    models[me],
                    them.name,
                    models[1 - me],
                    needed_to_outnumber(models[me], option.outnumber),
                    own.name
                ),
            );
        }
        let Some(objective) = table.objective(pick.objective) else {
            let all: Vec<&str> = table.objectives.iter().map(|o| o.name.as_str()).collect();
            return refuse(
                "sudden death",
                format!(
                    "{}. The sudden death table has {}",
                    crate::names::unknown("objective", pick.objective, all.iter().copied()),
                    all.join(", ")
                ),
            );
        };
        let mut row = SuddenDeathRow {
            objective: objective.name.clone(),
            target_unit: None,
            target_text: None,
        };
        let kind = objective.target.as_ref().map(|t| t.kind);
        if pick.target.is_some() && kind != Some(TargetKind::Unit) {
            return refuse_fix(
                "sudden death",
                format!("{} has no unit to slay", objective.name),
                Fix::leave_out(Input::Target),
            );
        }
        if pick.terrain.is_some() && kind != Some(TargetKind::Terrain) {
            return refuse_fix(
                "sudden death",
                format!("{} has no terrain feature to pick", objective.name),
                Fix::leave_out(Input::Terrain),
            );
        }
        match kind {
            None => {}
            Some(TargetKind::Terrain) => {
                let Some(text) = pick.terrain else {
                    return refuse_fix(
                        "sudden death",
                        format!(
                            "{} needs the terrain feature in enemy territory {} picks",
                            objective.name, own.name
                        ),
                        Fix::give(Input::Terrain),
                    );
                };
                row.target_text = Some(check(NameKind::Terrain, text)?.to_string());
            }
            Some(TargetKind::Unit) => {
                row.target_unit = Some(self.pick_target(objective, rosters, me, pick.target)?);
            }
        }
        Ok(row)
    }

    /// The enemy unit an objective's target names: in the opponent's army, fitting the
    /// objective's keywords and model count. Refusals list the units that would fit.
    fn pick_target(
        &self,
        objective: &Objective,
        rosters: [&Roster; 2],
        me: usize,
        wanted: Option<&str>,
    ) -> Result<i64, RuleError> {
        let them = rosters[1 - me];
        let rule = objective.target.as_ref();
        let fits = |u: &Unit| {
            rule.is_none_or(|t| {
                (t.keywords.is_empty() || t.keywords.iter().any(|k| u.has_keyword(k)))
                    && u.models() >= t.min_models
            })
        };
        let fitting: Vec<String> = self.sides[1 - me]
            .army
            .iter()
            .filter_map(|a| them.unit(a.unit_id))
            .filter(|u| fits(u))
            .map(Unit::label)
            .collect();
        let needs = match rule {
            Some(t) if !t.keywords.is_empty() => format!("a {} unit", or_list(&t.keywords)),
            Some(t) if t.min_models > 0 => format!("a unit of {} or more models", t.min_models),
            _ => "a unit".to_string(),
        };
        let pick_from = if fitting.is_empty() {
            format!("{}'s army has no such unit, so pick another objective", them.name)
        } else {
            format!("{} picks one of: {}", them.name, fitting.join(", "))
        };
        let Some(wanted) = wanted else {
            return refuse_fix(
                "sudden death",
                format!(
                    "{} needs {needs} of {}'s army, picked by its player ({pick_from})",
                    objective.name, them.name
                ),
                Fix::give(Input::Target),
            );
        };
        let armies: Vec<Vec<i64>> = self
            .sides
            .iter()
            .map(|s| s.army.iter().map(|u| u.unit_id).collect())
            .collect();
        let (side, id) = find_army_unit(rosters, [&armies[0], &armies[1]], wanted)?;
        let unit = rosters[side].unit(id);
        let label = unit.map_or_else(|| format!("#{id}"), Unit::label);
        if side == me {
            return refuse(
                "sudden death",
                format!(
                    "{label} is in {}'s own army; {} needs {needs} of {}'s army ({pick_from})",
                    rosters[me].name, objective.name, them.name
                ),
            );
        }
        if !unit.is_some_and(fits) {
            let models = unit.map_or(0, Unit::models);
            return refuse(
                "sudden death",
                format!(
                    "{label} ({models} model{}) does not fit: {} needs {needs} ({pick_from})",
                    if models == 1 { "" } else { "s" },
                    objective.name
                ),
            );
        }
        Ok(id)
    }

    /// Both sides' results as `plan_result` works them out, then, when the report says so,
    /// decided by sudden death or by casualties instead, with each side's record of how.
    /// Without either, exactly `plan_result` (a campaign without the option is unchanged).
    pub fn plan_decided_result(
        &self,
        pack: &Battlepack,
        rosters: [&Roster; 2],
        report: &ResultReport,
    ) -> Result<([SideResult; 2], Option<[Decision; 2]>), RuleError> {
        let asked = &report.decision;
        if asked.is_empty() {
            return Ok((self.plan_result(pack, rosters, report)?, None));
        }
        let option = sudden_death_option(pack, rosters[0])?;
        let how = if asked.sudden_death_achieved {
            Input::SuddenDeath
        } else {
            Input::ModelsLost
        };
        if report.withdrew.is_some() {
            return Err(
                RuleError::new("battle result", "a withdrawal decides the battle itself")
                    .fix(Fix::leave_out(how))
                    .fix(Fix::leave_out(Input::Withdrew)),
            );
        }
        let mut results = self.plan_result(pack, rosters, report)?;
        let models = self.models(rosters);
        if asked.sudden_death_achieved {
            if !asked.models_lost.is_empty() || !asked.models_added.is_empty() {
                return Err(RuleError::new(
                    "battle result",
                    "a battle is decided by sudden death or by casualties, not both",
                )
                .fix(Fix::leave_out(Input::ModelsLost))
                .fix(Fix::leave_out(Input::SuddenDeath)));
            }
            let Some(i) = self.sides.iter().position(|s| s.sudden_death.is_some()) else {
                return Err(RuleError::new(
                    "battle result",
                    format!("no sudden death objective was picked for battle {}", self.id),
                )
                .fix(Fix::act(Action::PickSuddenDeath { battle: self.id }))
                .fix(Fix::leave_out(Input::SuddenDeath)));
            };
            let won = parse_result(&option.achieved)?;
            results[i].result = won;
            results[1 - i].result = won.opposite();
            super::slayers::slay_target(self, i, &mut results[1 - i]);
            let decision = models.map(|m| Decision {
                by: DecidedBy::SuddenDeath,
                models_set_up: Some(m),
                models_lost: None,
                models_added: None,
            });
            return Ok((results, Some(decision)));
        }
        let lost = self.per_side(&asked.models_lost, "models-lost")?;
        let added = self.per_side(&asked.models_added, "models-added")?;
        let mut counted = [0u32; 2];
        for i in 0..2 {
            let name = &rosters[i].name;
            let Some(n) = lost[i] else {
                return refuse_fix(
                    "battle result",
                    format!("a result by casualties needs both sides' losses ({name}'s too)"),
                    Fix::give(Input::ModelsLost),
                );
            };
            let added = added[i].unwrap_or(0);
            if u64::from(n) > u64::from(models[i]) + u64::from(added) {
                return Err(RuleError::new(
                    "battle result",
                    format!(
                        "{name} set up {} models and added {added} during the game, so it cannot have lost {n}; check the models lost",
                        models[i]
                    ),
                )
                .fix(Fix::give(Input::ModelsAdded)));
            }
            counted[i] = n;
        }
        let by = by_casualties(parse_result(&option.casualties)?, counted, models);
        for (r, b) in results.iter_mut().zip(by) {
            r.result = b;
        }
        let decision = [0, 1].map(|i| Decision {
            by: DecidedBy::Casualties,
            models_set_up: Some(models[i]),
            models_lost: Some(counted[i]),
            models_added: Some(added[i].unwrap_or(0)),
        });
        Ok((results, Some(decision)))
    }
}

/// What to tell the players when `objective` is judged at the end of a battle round their
/// battles never reach (the 1st-edition sheet's Endure names the sixth; Ascension battles have
/// five): the pick stands, and the club decides how it reads it (`docs/RULES.md`); with the
/// campaign's option `endure-at-end` (`at_end`) it is judged at the end of the battle.
pub fn round_warning(objective: &Objective, battle_rounds: u32, at_end: bool) -> Option<String> {
    let round = objective.round.filter(|r| *r > battle_rounds)?;
    if at_end {
        return Some(format!(
            "{} is judged at the end of the battle (battle round {battle_rounds}), not of battle round {round}: this campaign's option endure-at-end",
            objective.name
        ));
    }
    Some(format!(
        "{} is judged at the end of battle round {round}, and these battles have {battle_rounds}; agree before the battle how your club reads it (e.g. at the end of the battle)",
        objective.name
    ))
}

mod counting;
pub use counting::{army_models, by_casualties, needed_to_outnumber, outnumbered};

#[cfg(test)]
mod tests;
