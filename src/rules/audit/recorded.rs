//! Rows against the change set that recorded them (issue 39): an army is the one its
//! `battle army` set recorded, a claimed reward names the set whose changes claim it, and a
//! result is what the battlepack's rule makes of the victory points. Pure functions over plain
//! values: `ptg import` checks a league file's rows with them, and the audit a database's.

use super::finding::{Check, Finding, finding};
use crate::catalogue::battlepack::{Battlepack, QuestReward};
use crate::rules::Change;
use crate::rules::battle::{Battle, BattleResult, BattleStatus, results};
use crate::rules::log::{Command, LoggedSet};
use crate::rules::model::Roster;

/// The number of units a `battle army` set's summary says it took: `ops::battle::record_army`
/// writes "NAME takes 3 units (450 points, 1 regiment) to battle 7". `None` for a summary not
/// in that form (an older ptg's), which then vouches for no count.
pub fn army_count(summary: &str) -> Option<usize> {
    let (_, tail) = summary.rsplit_once(" takes ")?;
    let (n, rest) = tail.split_once(' ')?;
    (rest.starts_with("unit (") || rest.starts_with("units (")).then_some(())?;
    n.parse().ok()
}

/// What is wrong with a roster's army in a battle, given its units as stored (unit, general)
/// and the count its recording set gives (`None`: not known): `battle army` records every unit
/// it is told, its general among them, and the army is replaced only whole.
pub fn army_problem(units: &[(i64, bool)], recorded: Option<usize>) -> Option<String> {
    if let Some(n) = recorded.filter(|n| *n != units.len()) {
        return Some(format!(
            "the `battle army` set that recorded it took {n} unit(s), and {} are stored",
            units.len()
        ));
    }
    match units.iter().filter(|(_, g)| *g).count() {
        _ if units.is_empty() => None,
        1 => None,
        0 => Some("it has no general, and `battle army` records one".to_string()),
        n => Some(format!("it has {n} generals, and an army has one")),
    }
}

/// What is wrong with a fought battle's units (`stored`, of both sides), given the units the
/// result in force kept before it was recorded (`kept`): armies are refused once a result is
/// in, so they are the same units.
pub fn result_units_problem(stored: &[i64], kept: &[i64]) -> Option<String> {
    let sorted = |ids: &[i64]| {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids
    };
    let (stored, kept) = (sorted(stored), sorted(kept));
    (stored != kept).then(|| {
        format!(
            "its armies are units {stored:?}, and the `battle result` in force was recorded for units {kept:?}"
        )
    })
}

/// What a change claims of a roster's rewards.
pub enum Claim<'a> {
    /// One reward, by its id (`ClaimReward`, `ForfeitReward`).
    Id(i64),
    /// The last owed of a kind and source (`RevokeReward`).
    Last(QuestReward, &'a str),
}

/// The reward `change` claims, if it claims one.
pub fn claims(change: &Change) -> Option<Claim<'_>> {
    match change {
        Change::ClaimReward { reward_id, .. } | Change::ForfeitReward { reward_id, .. } => {
            Some(Claim::Id(*reward_id))
        }
        Change::RevokeReward { reward, source } => Some(Claim::Last(*reward, source.as_str())),
        _ => None,
    }
}

/// What is wrong with reward `reward_id` (of `reward` from `source`, owed to `roster_id`)
/// marked claimed by a set, given that set's roster and changes (`None`: no such set): the set
/// that claims a reward is of its roster and claims it by id, or revokes one of its kind and
/// source.
pub fn claim_problem(
    reward_id: i64,
    reward: QuestReward,
    source: &str,
    roster_id: i64,
    set: Option<(Option<i64>, &[Change])>,
) -> Option<String> {
    let (set_roster, changes) = set?;
    if set_roster != Some(roster_id) {
        return Some(format!(
            "the reward is roster {roster_id}'s, and the set is {}",
            set_roster.map_or("no roster's".to_string(), |r| format!("roster {r}'s"))
        ));
    }
    let claimed = changes.iter().filter_map(claims).any(|c| match c {
        Claim::Id(id) => id == reward_id,
        Claim::Last(kind, from) => kind == reward && from == source,
    });
    (!claimed).then(|| format!("the set's changes do not claim reward {reward_id}"))
}

/// A reward of the roster marked claimed, as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct ClaimedReward {
    pub id: i64,
    pub reward: QuestReward,
    pub source: String,
    /// The set its `claimed_set_id` names.
    pub set: i64,
}

/// The roster's claimed rewards whose set does not claim them ([`claim_problem`]); a set not
/// in its log is not one of its own (the log holds every set of the roster).
pub fn claimed(roster: &Roster, log: &[LoggedSet], claimed: &[ClaimedReward]) -> Vec<Finding> {
    let mut out = Vec::new();
    for r in claimed {
        let problem = match log.iter().find(|s| s.id == r.set) {
            None => Some(format!("set {} is not one of the roster's", r.set)),
            Some(set) => {
                let changes: Vec<Change> = set
                    .changes
                    .iter()
                    .filter(|c| c.roster_id == Some(roster.id))
                    .filter_map(|c| c.change.clone())
                    .collect();
                claim_problem(
                    r.id,
                    r.reward,
                    &r.source,
                    roster.id,
                    Some((set.roster_id, &changes)),
                )
            }
        };
        if let Some(problem) = problem {
            out.push(
                finding(
                    Check::Rows,
                    roster,
                    format!(
                        "reward {} ({}) is marked claimed by set {}, but {problem}",
                        r.id, r.source, r.set
                    ),
                )
                .set(Some(r.set)),
            );
        }
    }
    out
}

/// What is wrong with a fought battle's results, given each side's victory points, whether it
/// withdrew and its result, when no decision (sudden death, casualties) decided it: `battle
/// result` decides them by the battlepack's rule (`rules::battle::results`).
pub fn vp_result_problem(
    pack: &Battlepack,
    vp: [Option<u32>; 2],
    withdrew: [bool; 2],
    stored: [Option<BattleResult>; 2],
) -> Option<String> {
    let [Some(a), Some(b)] = vp else { return None };
    let [Some(first), Some(second)] = stored else {
        return None;
    };
    let withdrew = withdrew.iter().position(|w| *w);
    let due = results(pack, [a, b], withdrew);
    (due != [first, second]).then(|| {
        format!(
            "its victory points {a} and {b}{} make it {} and {} by {}'s rule, and it is stored as {first} and {second}",
            if withdrew.is_some() { " with a withdrawal" } else { "" },
            due[0],
            due[1],
            pack.name
        )
    })
}

/// The roster's battles whose armies or results are not what their recording sets and the
/// battlepack's rule make of them.
pub fn battles(pack: &Battlepack, roster: &Roster, battles: &[&Battle], log: &[LoggedSet]) -> Vec<Finding> {
    let mut out = Vec::new();
    // The latest `battle army` set in force of the roster in each battle, and the count it
    // gives.
    let mut armies: std::collections::HashMap<i64, (i64, Option<usize>)> = Default::default();
    for s in log
        .iter()
        .filter(|s| s.in_force() && s.roster_id == Some(roster.id) && s.kind() == Some(Command::BattleArmy))
    {
        let Some(b) = s.battle_id else { continue };
        let latest = armies.entry(b).or_insert((s.id, None));
        if s.id >= latest.0 {
            *latest = (s.id, army_count(&s.summary));
        }
    }
    for b in battles {
        let mut problems = Vec::new();
        if let Some(side) = b.side(roster.id) {
            let recorded = armies.get(&b.id).and_then(|(_, n)| *n);
            let units: Vec<(i64, bool)> = side.army.iter().map(|u| (u.unit_id, u.general)).collect();
            problems.extend(army_problem(&units, recorded).map(|p| format!("{}'s army: {p}", roster.name)));
        }
        let decided = b.sides.iter().any(|s| s.decision.is_some());
        if let ([s0, s1], BattleStatus::Fought, false) = (b.sides.as_slice(), b.status, decided) {
            problems.extend(vp_result_problem(
                pack,
                [s0.victory_points, s1.victory_points],
                [s0.withdrew, s1.withdrew],
                [s0.result, s1.result],
            ));
        }
        for p in problems {
            out.push(finding(Check::Rows, roster, format!("battle {}: {p}", b.id)).battle(Some(b.id)));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_army_set_says_how_many_units_it_took() {
        assert_eq!(
            army_count("Hammers takes 3 units (450 points, 1 regiment) to battle 7"),
            Some(3)
        );
        assert_eq!(
            army_count("Rat takes 1 unit (90 points, 0 regiments) to battle 2; triumph: Bloodthirsty"),
            Some(1)
        );
        assert_eq!(army_count("recorded an army"), None);
    }

    #[test]
    fn an_army_is_what_its_set_recorded_with_one_general() {
        assert_eq!(army_problem(&[(1, true), (2, false)], Some(2)), None);
        assert_eq!(army_problem(&[], None), None);
        assert!(
            army_problem(&[(1, true)], Some(2))
                .unwrap()
                .contains("took 2 unit(s)")
        );
        assert!(army_problem(&[(2, false)], None).unwrap().contains("no general"));
        assert!(army_problem(&[(1, true), (2, true)], None).is_some());
        assert_eq!(result_units_problem(&[3, 1, 2], &[1, 2, 3]), None);
        assert!(result_units_problem(&[1, 2], &[1, 2, 3]).is_some());
    }

    #[test]
    fn a_result_is_what_the_battlepack_makes_of_the_victory_points() {
        use BattleResult::{Draw, MajorDefeat, MajorVictory, MinorDefeat, MinorVictory};
        let pack = crate::rules::renown::tests::pack();
        let check = |vp: [u32; 2], withdrew: [bool; 2], stored: [BattleResult; 2]| {
            vp_result_problem(&pack, vp.map(Some), withdrew, stored.map(Some))
        };
        assert_eq!(check([14, 8], [false; 2], [MajorVictory, MajorDefeat]), None);
        assert_eq!(check([8, 8], [false; 2], [Draw, Draw]), None);
        assert_eq!(check([14, 8], [false, true], [MajorVictory, MajorDefeat]), None);
        assert_eq!(check([2, 8], [false, true], [MajorVictory, MajorDefeat]), None);
        let problem = check([0, 8], [false; 2], [MajorVictory, MajorDefeat]).unwrap();
        assert!(
            problem.contains("make it major defeat and major victory"),
            "{problem}"
        );
        assert!(check([9, 8], [false; 2], [MajorVictory, MajorDefeat]).is_some());
        assert!(check([8, 8], [false; 2], [MinorVictory, MinorDefeat]).is_some());
        assert_eq!(
            vp_result_problem(&pack, [None, Some(3)], [false; 2], [None, None]),
            None
        );
    }

    #[test]
    fn a_claimed_reward_names_the_set_that_claims_it() {
        let reward = QuestReward::Artefact;
        let claim = [Change::ClaimReward {
            reward_id: 4,
            reward,
            source: "quest".into(),
        }];
        assert_eq!(
            claim_problem(4, reward, "quest", 1, Some((Some(1), &claim))),
            None
        );
        assert!(claim_problem(5, reward, "quest", 1, Some((Some(1), &claim))).is_some());
        assert!(claim_problem(4, reward, "quest", 2, Some((Some(1), &claim))).is_some());
        assert!(claim_problem(4, reward, "quest", 1, Some((Some(1), &[]))).is_some());
        let revoke = [Change::RevokeReward {
            reward,
            source: "quest".into(),
        }];
        assert_eq!(
            claim_problem(9, reward, "quest", 1, Some((Some(1), &revoke))),
            None
        );
        assert!(claim_problem(9, reward, "other", 1, Some((Some(1), &revoke))).is_some());
    }
}
