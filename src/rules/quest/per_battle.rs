//! What one battle can give a quest: the battlepack's per-battle bounds (`battle_points` beside
//! each quest) with the battle's rounds, as the totals one battle can reach. Quest points
//! outside them are refused where they are recorded (`battle result`, the aftermath) and found
//! by the audit in a database written before.

use crate::catalogue::battlepack::{Battlepack, Quest};
use crate::fix::{Fix, Input};
use crate::rules::RuleError;
use crate::rules::limits::MAX_QUEST_POINTS;

/// The quest points one battle can give a quest, from its data and the battle's rounds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PerBattle {
    /// What one gain can give, lowest first, each at least 1.
    each: Vec<u32>,
    /// Most gains in one battle round, and in the battle, when the data sets them.
    per_round: Option<u32>,
    per_battle: Option<u32>,
    rounds: u32,
}

/// The highest total the words and the checks look at: more is refused as out of range anyway.
const LIMIT: u32 = MAX_QUEST_POINTS as u32;

impl PerBattle {
    /// The bounds of `quest` in a battle of `rounds` battle rounds: none when the data gives
    /// none (a quest that counts no points is refused by the rule that says so).
    pub fn of(quest: &Quest, rounds: u32) -> Option<PerBattle> {
        let b = quest.battle_points.as_ref()?;
        let mut each: Vec<u32> = b.each.iter().copied().filter(|n| *n > 0).collect();
        each.sort_unstable();
        each.dedup();
        if each.is_empty() {
            return None;
        }
        Some(PerBattle {
            each,
            per_round: b.per_round,
            per_battle: b.per_battle,
            rounds,
        })
    }

    /// Most gains in one battle, if any limit is set.
    fn most_gains(&self) -> Option<u32> {
        let by_rounds = self.per_round.map(|n| n.saturating_mul(self.rounds));
        match (by_rounds, self.per_battle) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The highest total one battle can give, if there is one.
    pub fn most(&self) -> Option<u32> {
        let top = self.each.last().copied().unwrap_or(0);
        self.most_gains().map(|g| g.saturating_mul(top))
    }

    /// Fewest gains that add up to each total from 0 to `upto` (None: no sum of gains does).
    fn fewest_gains(&self, upto: u32) -> Vec<Option<u32>> {
        let mut fewest = vec![None; upto as usize + 1];
        fewest[0] = Some(0);
        for t in 1..=upto as usize {
            fewest[t] = self
                .each
                .iter()
                .filter(|e| **e as usize <= t)
                .filter_map(|e| fewest[t - *e as usize])
                .min()
                .map(|n: u32| n + 1);
        }
        fewest
    }

    /// Whether each total from 0 to `upto` can be given by one battle.
    fn reachable(&self, upto: u32) -> Vec<bool> {
        let most = self.most_gains();
        self.fewest_gains(upto)
            .into_iter()
            .map(|g| g.is_some_and(|g| most.is_none_or(|m| g <= m)))
            .collect()
    }

    /// Whether one battle can give `n` quest points.
    pub fn allows(&self, n: u32) -> bool {
        if self.most().is_some_and(|m| n > m) {
            return false;
        }
        // Beyond the limit every count is refused as out of range, by the rule that says so.
        n > LIMIT || self.reachable(n).last().copied().unwrap_or(false)
    }

    /// The totals nearest `n` that one battle can give: the highest below and the lowest above.
    pub fn nearest(&self, n: u32) -> (Option<u32>, Option<u32>) {
        let upto = self.most().unwrap_or(LIMIT).min(LIMIT);
        let ok = self.reachable(upto);
        let below = (0..n.min(upto + 1)).rev().find(|t| ok[*t as usize]);
        let above = (n.saturating_add(1)..=upto).find(|t| ok[*t as usize]);
        (below, above)
    }

    /// What one battle can give, as "0 to 5" or "0, 4 to 6 or 8 to 30" ("… or more" when there
    /// is no highest).
    pub fn totals_words(&self) -> String {
        let most = self.most();
        let upto = most.unwrap_or(LIMIT).min(LIMIT);
        let ok = self.reachable(upto);
        let mut runs: Vec<(u32, u32)> = Vec::new();
        for t in (0..=upto).filter(|t| ok[*t as usize]) {
            match runs.last_mut() {
                Some((_, end)) if *end + 1 == t => *end = t,
                _ => runs.push((t, t)),
            }
        }
        let last = runs.len().saturating_sub(1);
        let words: Vec<String> = runs
            .iter()
            .enumerate()
            .map(|(i, &(a, b))| {
                // The run that reaches the top of what is looked at goes on to the highest.
                let end = if i == last && b == upto { most } else { Some(b) };
                match end {
                    None if a == 0 => "any number".to_string(),
                    None => format!("{a} or more"),
                    Some(e) if e == a => a.to_string(),
                    Some(e) => format!("{a} to {e}"),
                }
            })
            .collect();
        or_list(&words)
    }

    /// How the quest gains points, as "1 quest point at a time, at most once a battle round".
    pub fn gains_words(&self) -> String {
        let each = match self.each.as_slice() {
            [1] => "1 quest point".to_string(),
            [one] => format!("{one} quest points"),
            many if many.windows(2).all(|w| w[0] + 1 == w[1]) => {
                format!("{} to {} quest points", many[0], many[many.len() - 1])
            }
            many => format!(
                "{} quest points",
                or_list(&many.iter().map(u32::to_string).collect::<Vec<_>>())
            ),
        };
        let mut out = format!("{each} at a time");
        if let Some(n) = self.per_round {
            out += &format!(", at most {} a battle round", times(n));
        }
        if let Some(n) = self.per_battle {
            out += &format!(", at most {} a battle", times(n));
        }
        out
    }

    /// "Harness Manifestation gives 4 to 6 quest points at a time, at most once a battle round,
    /// so a battle of 5 battle rounds gives 0, 4 to 6 or 8 to 30".
    pub fn words(&self, quest: &str) -> String {
        let battle = match self.per_round {
            Some(_) => format!("a battle of {} battle rounds", self.rounds),
            None => "a battle".to_string(),
        };
        format!(
            "{quest} gives {}, so {battle} gives {}",
            self.gains_words(),
            self.totals_words()
        )
    }
}

fn times(n: u32) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// "a", "a or b", "a, b or c".
fn or_list(words: &[String]) -> String {
    match words {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// "1 quest point is", "7 quest points are".
pub fn quest_points_are(n: u32) -> String {
    format!("{} {}", quest_points_words(n), if n == 1 { "is" } else { "are" })
}

/// "1 quest point", "7 quest points".
pub fn quest_points_words(n: u32) -> String {
    crate::names::counted(n as usize, "quest point", "quest points")
}

/// Why one battle cannot give `points` to `quest`, in the quest's own words, with the bounds;
/// None when it can, or when the data sets no bound.
pub fn beyond_one_battle(pack: &Battlepack, quest: &Quest, points: u32) -> Option<(PerBattle, String)> {
    let bounds = PerBattle::of(quest, pack.army.battle_rounds)?;
    if bounds.allows(points) {
        return None;
    }
    let why = bounds.words(&quest.name);
    Some((bounds, why))
}

/// Refuses `points` quest points for `roster`'s `quest` from one battle when no battle can give
/// them, with the totals nearest as fixes (`--quest-points ROSTER=N`).
pub fn check_battle_points(
    pack: &Battlepack,
    quest: &Quest,
    roster: &str,
    points: u32,
) -> Result<(), RuleError> {
    let Some((bounds, why)) = beyond_one_battle(pack, quest, points) else {
        return Ok(());
    };
    let mut error = RuleError::new(
        "quest points",
        format!(
            "{roster} cannot gain {} for {} in one battle: {why}",
            quest_points_words(points),
            quest.name
        ),
    );
    let (below, above) = bounds.nearest(points);
    for n in [below, above].into_iter().flatten() {
        error = error.fix(match n {
            0 => Fix::leave_out(Input::QuestPoints),
            n => Fix::set(Input::QuestPoints, format!("{roster}={n}")),
        });
    }
    Err(error)
}

#[cfg(test)]
mod tests;
