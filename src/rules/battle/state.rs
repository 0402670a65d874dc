//! A battle as the engine sees it, and the rules of each step of its life: planned (two
//! rosters of one campaign, a points limit above 0) → armies recorded (until the result) →
//! twists (once per round, from round 1) → result (both armies recorded, victory points for
//! both sides, destroyed units from the armies) → one aftermath per side. The store loads and
//! saves these structs; every check lives here so no command can forget one.

use super::narrative::{Decision, SuddenDeathRow, TriumphRow};
use super::{BattleResult, SideReport, decide, find_army_unit};
use crate::catalogue::battlepack::Battlepack;
use crate::fix::{Action, Fix, Input};
use crate::names::SameName;
use crate::rules::fought::Fought;
use crate::rules::model::Roster;
use crate::rules::quest::{check_battle_points, quest_points_are};
use crate::rules::{Change, Outcome, RuleError, refuse, refuse_fix};
use serde::Serialize;

pub use super::status::BattleStatus;

/// A battle with both sides.
#[derive(Debug, Clone, Serialize)]
pub struct Battle {
    pub id: i64,
    pub campaign_id: i64,
    pub campaign: String,
    pub points_limit: u32,
    pub battleplan: Option<String>,
    pub status: BattleStatus,
    /// The roster that picks territories or roles.
    pub roles_roster_id: Option<i64>,
    /// Whether that roster won the pick in a roll-off between level generals (kept while they
    /// stay level), rather than by renown.
    #[serde(skip)]
    pub roles_rolled: bool,
    pub created_at: String,
    /// The realm it is fought in (option `realms`), once picked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realm: Option<String>,
    /// The roster that won the roll-off for the realm and picks it (`--roll-realm`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub realm_picker_id: Option<i64>,
    pub sides: Vec<Side>,
    pub twists: Vec<TwistRow>,
    /// When it was fought: the change set that recorded its result (campaign time).
    #[serde(skip)]
    pub fought_at: Option<crate::rules::campaign_time::CampaignTime>,
}

/// One roster's side of a battle.
#[derive(Debug, Clone, Serialize)]
pub struct Side {
    pub roster_id: i64,
    pub roster: String,
    pub victory_points: Option<u32>,
    pub result: Option<BattleResult>,
    pub withdrew: bool,
    pub general_slain: bool,
    pub quest_points: u32,
    pub aftermath_done: bool,
    pub army: Vec<ArmyUnit>,
    /// Its triumph (option `triumphs`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triumph: Option<TriumphRow>,
    /// Its sudden death objective (option `sudden-death`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sudden_death: Option<SuddenDeathRow>,
    /// How its result was decided, when not by victory points.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub decision: Option<Decision>,
}

/// A unit taken to the battle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ArmyUnit {
    pub unit_id: i64,
    pub general: bool,
    /// The HERO leading this unit's regiment (a leader names itself); None for armies
    /// recorded before regiments were.
    pub regiment: Option<i64>,
    pub destroyed: bool,
    pub slew_hero_or_monster: bool,
}

/// A twist rolled at the start of a battle round.
#[derive(Debug, Clone, Serialize)]
pub struct TwistRow {
    pub round: u32,
    pub underdog: String,
    pub twist: String,
}

/// What `battle result` records for one side.
#[derive(Debug, Clone, PartialEq)]
pub struct SideResult {
    pub roster_id: i64,
    pub victory_points: u32,
    pub result: BattleResult,
    pub withdrew: bool,
    pub general_slain: bool,
    pub quest_points: u32,
    pub destroyed: Vec<i64>,
    pub slew: Vec<i64>,
}

/// How the players say the battle ended, with sides and units named as typed.
#[derive(Debug, Clone, Default)]
pub struct ResultReport {
    /// Victory points as (roster, points), once for each side.
    pub victory_points: Vec<(String, u32)>,
    /// Quest points gained as (roster, points).
    pub quest_points: Vec<(String, u32)>,
    pub withdrew: Option<String>,
    pub general_slain: Vec<String>,
    pub destroyed: Vec<String>,
    pub slew_hero_or_monster: Vec<String>,
    /// Decided by sudden death or by casualties (option `sudden-death`).
    pub decision: super::sudden_death::DecisionReport,
}

/// A battle's first result ends set-up for each side still in it: from then on units join
/// only through the aftermath.
pub fn end_of_setup(roster: &Roster) -> Option<Outcome> {
    if roster.setup_complete {
        return None;
    }
    let mut first = Outcome::new(format!("{} fought its first battle", roster.name));
    first.push(Change::CompleteSetup);
    Some(first)
}

/// A battle's points limit must be one the battlepack's glory table covers: Ascension's bands
/// start at 1000 points, and a smaller battle would earn glory from no band.
pub fn check_points_limit(pack: &Battlepack, points: u32) -> Result<(), RuleError> {
    crate::rules::limits::check_points_limit(points)?;
    let Some(lowest) = pack.glory.bands.iter().map(|b| b.min_points).min() else {
        return Ok(());
    };
    if points >= lowest.max(1) {
        return Ok(());
    }
    let bands = pack
        .glory
        .bands
        .iter()
        .map(|b| match b.max_points {
            Some(max) => format!("{}-{max}", b.min_points),
            None => format!("{}+", b.min_points),
        })
        .collect::<Vec<_>>()
        .join(", ");
    refuse_fix(
        "points limit",
        format!(
            "a {points}-point battle is below {}'s glory table, which starts at {lowest} points (bands: {bands})",
            pack.name
        ),
        Fix::set(Input::Points, lowest.to_string()),
    )
}

/// Quest points may be given only to a roster whose current quest counts them: the
/// aftermath would refuse them later, when only `undo` gets out, so the result refuses them.
/// A quest this battlepack does not know is left to the aftermath to refuse.
pub fn check_quest_points(pack: &Battlepack, roster: &Roster, points: u32) -> Result<(), RuleError> {
    if points == 0 {
        return Ok(());
    }
    let quest = match &roster.quest {
        None => format!("{} has no current quest", roster.name),
        Some(q) => match pack.quest(&q.quest) {
            Some(quest) if quest.target_points == 0 => format!(
                "{}'s quest, {}, does not count quest points",
                roster.name, quest.name
            ),
            Some(quest) => return check_battle_points(pack, quest, &roster.name, points),
            None => return Ok(()),
        },
    };
    let given = quest_points_are(points);
    let words = format!("{quest}, but {given} given for {}", roster.name);
    refuse_fix("quest points", words, Fix::leave_out(Input::QuestPoints))
}

/// A battle is planned between two different rosters of the battle's campaign.
pub fn check_sides(
    pack: &Battlepack,
    campaign: &str,
    points: u32,
    sides: [&Roster; 2],
) -> Result<(), RuleError> {
    check_points_limit(pack, points)?;
    if sides[0].id == sides[1].id {
        return refuse(
            "sides",
            format!(
                "a battle needs two different rosters; {} is named twice",
                sides[0].name
            ),
        );
    }
    for r in sides {
        if !r.campaign.same_name(campaign) {
            return refuse(
                "sides",
                format!(
                    "{} belongs to the campaign '{}', not '{campaign}'",
                    r.name, r.campaign
                ),
            );
        }
    }
    Ok(())
}

impl Battle {
    pub fn side(&self, roster_id: i64) -> Option<&Side> {
        self.sides.iter().find(|s| s.roster_id == roster_id)
    }

    fn side_names(&self) -> String {
        self.sides
            .iter()
            .map(|s| s.roster.as_str())
            .collect::<Vec<_>>()
            .join(" and ")
    }

    /// Refuses a roster that is not one of the battle's sides.
    pub fn check_side(&self, roster_id: i64, roster: &str) -> Result<&Side, RuleError> {
        self.side(roster_id).ok_or_else(|| {
            RuleError::new(
                "sides",
                format!(
                    "{roster} is not a side of battle {}; its sides are {}",
                    self.id,
                    self.side_names()
                ),
            )
        })
    }

    /// The index of the side called `name` (as typed in `battle result`).
    pub fn side_index(&self, name: &str) -> Result<usize, RuleError> {
        self.sides
            .iter()
            .position(|s| s.roster.same_name(name.trim()))
            .ok_or_else(|| {
                RuleError::new(
                    "sides",
                    format!(
                        "'{name}' is not a side of battle {}; the sides are {}",
                        self.id,
                        self.side_names()
                    ),
                )
            })
    }

    /// Armies may be recorded or changed until the result is.
    pub fn check_army_open(&self) -> Result<(), RuleError> {
        match self.status {
            BattleStatus::Planned => self.check_no_pick(),
            BattleStatus::Fought => refuse(
                "battle state",
                format!(
                    "battle {} already has its result; armies can only change before it is recorded",
                    self.id
                ),
            ),
        }
    }

    /// Twists are rolled at the start of a battle round, from round 1 to the battle's last
    /// round, once per round, and only while the battle is being fought (before its result).
    pub fn check_twist(&self, round: u32, last_round: u32) -> Result<(), RuleError> {
        if self.status == BattleStatus::Fought {
            return refuse(
                "twists",
                format!(
                    "battle {} already has its result, so no battle round is left to start; twists are rolled before the result is recorded",
                    self.id
                ),
            );
        }
        if round == 0 || round > last_round {
            return refuse_fix(
                "twists",
                format!("a battle has rounds 1 to {last_round}, so there is no round {round}"),
                Fix::give(Input::Round),
            );
        }
        if let Some(t) = self.twists.iter().find(|t| t.round == round) {
            return refuse(
                "twists",
                format!(
                    "the twist for round {round} of battle {} was already rolled ({}, for {}); each round has one twist",
                    self.id, t.twist, t.underdog
                ),
            );
        }
        Ok(())
    }

    /// What the aftermath needs to know about one side, once the result is recorded and
    /// before that side's aftermath has run.
    pub fn check_aftermath(&self, roster_id: i64, roster: &str) -> Result<Fought, RuleError> {
        let side = self.check_side(roster_id, roster)?;
        if side.aftermath_done {
            return refuse(
                "aftermath",
                format!(
                    "the aftermath of battle {} has already been run for {roster}; it runs once per battle",
                    self.id
                ),
            );
        }
        self.fought(roster_id).ok_or_else(|| {
            RuleError::new("aftermath", format!("battle {} has no result yet", self.id))
                .fix(Fix::act(Action::RecordResult { battle: self.id }))
        })
    }

    /// What the aftermath needs to know about one side, if the result is recorded.
    pub fn fought(&self, roster_id: i64) -> Option<Fought> {
        let side = self.side(roster_id)?;
        let ids = |f: fn(&ArmyUnit) -> bool| side.army.iter().filter(|u| f(u)).map(|u| u.unit_id).collect();
        Some(Fought {
            battle_id: self.id,
            points_limit: self.points_limit,
            battleplan: self.battleplan.clone(),
            army: ids(|_| true),
            destroyed: ids(|u| u.destroyed),
            slew: ids(|u| u.slew_hero_or_monster),
            victory_points: side.victory_points?,
            result: side.result?,
            general_slain: side.general_slain,
            quest_points: side.quest_points,
            realm: None,
            fought_at: self.fought_at,
        })
    }

    /// Per side, the value given as (roster, n) for it; each side at most once.
    pub(super) fn per_side(
        &self,
        values: &[(String, u32)],
        flag: &str,
    ) -> Result<[Option<u32>; 2], RuleError> {
        let mut out = [None, None];
        for (name, n) in values {
            crate::rules::limits::check_side_count(flag, name, *n)?;
            let i = self.side_index(name)?;
            if out[i].replace(*n).is_some() {
                return refuse(
                    "battle result",
                    format!("--{flag} names {} twice", self.sides[i].roster),
                );
            }
        }
        Ok(out)
    }

    /// Works out both sides' results from the players' report: the battle must be planned
    /// with both armies recorded; victory points are given for both sides; destroyed units
    /// and HERO/MONSTER slayers come from the armies; a destroyed general counts as slain; a
    /// withdrawal needs half the army destroyed. `rosters` are the two sides, in order.
    pub fn plan_result(
        &self,
        pack: &Battlepack,
        rosters: [&Roster; 2],
        report: &ResultReport,
    ) -> Result<[SideResult; 2], RuleError> {
        if self.status != BattleStatus::Planned {
            return refuse(
                "battle state",
                format!("battle {} already has its result", self.id),
            );
        }
        for (s, r) in self.sides.iter().zip(rosters) {
            if s.army.is_empty() {
                return refuse_fix(
                    "battle result",
                    format!("{}'s army for battle {} is not recorded", r.name, self.id),
                    Fix::act(Action::RecordArmy {
                        battle: self.id,
                        roster: r.name.clone(),
                    }),
                );
            }
        }
        let armies: Vec<Vec<i64>> = self
            .sides
            .iter()
            .map(|s| s.army.iter().map(|u| u.unit_id).collect())
            .collect();
        let army_refs = [armies[0].as_slice(), armies[1].as_slice()];
        let vps = self.per_side(&report.victory_points, "vp")?;
        let quest = self.per_side(&report.quest_points, "quest-points")?;
        for (r, n) in rosters.iter().zip(quest) {
            check_quest_points(pack, r, n.unwrap_or(0))?;
        }
        for (i, r) in rosters.iter().enumerate() {
            if vps[i].is_none() {
                return refuse_fix(
                    "battle result",
                    format!("give {}'s victory points too", r.name),
                    Fix::give(Input::Vp),
                );
            }
        }
        let mut lost: [Vec<i64>; 2] = Default::default();
        for d in &report.destroyed {
            let (side, id) = find_army_unit(rosters, army_refs, d)?;
            if !lost[side].contains(&id) {
                lost[side].push(id);
            }
        }
        let mut slew: [Vec<i64>; 2] = Default::default();
        for d in &report.slew_hero_or_monster {
            let (side, id) = find_army_unit(rosters, army_refs, d)?;
            slew[side].push(id);
        }
        let withdrew = report
            .withdrew
            .as_deref()
            .map(|w| self.side_index(w))
            .transpose()?;
        let mut slain = [false, false];
        for g in &report.general_slain {
            slain[self.side_index(g)?] = true;
        }
        for (i, s) in self.sides.iter().enumerate() {
            let Some(general) = s.army.iter().find(|u| u.general) else {
                continue;
            };
            if lost[i].contains(&general.unit_id) {
                slain[i] = true;
            }
            // A general of one model that is slain is a destroyed unit (renown 1, not the
            // survivors' D3), as a bigger unit whose general alone fell is not.
            let one_model = rosters[i].unit(general.unit_id).is_some_and(|u| u.models() == 1);
            if slain[i] && one_model && !lost[i].contains(&general.unit_id) {
                lost[i].push(general.unit_id);
            }
        }
        super::slayers::check_slayers(self, rosters, &lost, slain, &slew)?;
        let reports = [0, 1].map(|i| SideReport {
            roster: &rosters[i].name,
            army_units: armies[i].len(),
            destroyed: lost[i].len(),
            victory_points: vps[i].unwrap_or(0),
            withdrew: withdrew == Some(i),
        });
        let results = decide(pack, [&reports[0], &reports[1]])?;
        Ok([0, 1].map(|i| SideResult {
            roster_id: rosters[i].id,
            victory_points: vps[i].unwrap_or(0),
            result: results[i],
            withdrew: withdrew == Some(i),
            general_slain: slain[i],
            quest_points: quest[i].unwrap_or(0),
            destroyed: lost[i].clone(),
            slew: slew[i].clone(),
        }))
    }
}

#[cfg(test)]
pub(crate) mod tests;
