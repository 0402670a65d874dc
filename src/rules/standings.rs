//! A campaign's league table (issue #19): each roster's record of results, the glory it has
//! earned and holds, its renown and units, sorted by the campaign's standings rule.
//!
//! The battlepack names no league rule, so the campaign chooses one (`campaign new/set
//! --standings`), and both are written here in full:
//!
//! - **wins** (the default): more victories (major and minor) first; then more major
//!   victories; then fewer defeats; then more glory earned.
//! - **glory**: more glory earned first (every glory point gained in force: battles, quests,
//!   by hand; spending does not lower it); then more victories; then more major victories;
//!   then fewer defeats.
//!
//! Rosters equal on every key share a place (1, 2, 2, 4) and are listed by name.

use super::battle::BattleResult;
use serde::{Deserialize, Serialize};

/// How the league table is sorted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StandingsRule {
    /// Victories first, then major victories, fewer defeats, glory earned.
    #[default]
    Wins,
    /// Glory earned first, then victories, major victories, fewer defeats.
    Glory,
}

impl std::str::FromStr for StandingsRule {
    type Err = String;
    fn from_str(s: &str) -> Result<StandingsRule, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "wins" => Ok(StandingsRule::Wins),
            "glory" => Ok(StandingsRule::Glory),
            other => Err(format!("'{other}' is not a standings rule; use wins or glory")),
        }
    }
}

impl StandingsRule {
    /// What the league table is sorted by, as a choice names it ("victories", "glory earned").
    pub fn label(self) -> &'static str {
        match self {
            StandingsRule::Wins => "victories",
            StandingsRule::Glory => "glory earned",
        }
    }

    /// Every rule, as players type them.
    pub const NAMES: [&str; 2] = ["wins", "glory"];

    pub fn as_str(self) -> &'static str {
        match self {
            StandingsRule::Wins => "wins",
            StandingsRule::Glory => "glory",
        }
    }

    /// The rule in words, as `campaign show` prints it under the table.
    pub fn words(self) -> &'static str {
        match self {
            StandingsRule::Wins => "sorted by victories, then major victories, fewer defeats, glory earned",
            StandingsRule::Glory => "sorted by glory earned, then victories, major victories, fewer defeats",
        }
    }
}

/// A roster's results over the battles it fought.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Record {
    pub played: u32,
    pub major_victories: u32,
    pub minor_victories: u32,
    pub draws: u32,
    pub minor_defeats: u32,
    pub major_defeats: u32,
}

impl Record {
    /// The record of these results.
    pub fn of(results: impl IntoIterator<Item = BattleResult>) -> Record {
        let mut r = Record::default();
        for result in results {
            r.played += 1;
            *match result {
                BattleResult::MajorVictory => &mut r.major_victories,
                BattleResult::MinorVictory => &mut r.minor_victories,
                BattleResult::Draw => &mut r.draws,
                BattleResult::MinorDefeat => &mut r.minor_defeats,
                BattleResult::MajorDefeat => &mut r.major_defeats,
            } += 1;
        }
        r
    }

    pub fn victories(&self) -> u32 {
        self.major_victories + self.minor_victories
    }

    pub fn defeats(&self) -> u32 {
        self.minor_defeats + self.major_defeats
    }
}

/// One roster as the league table shows it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct LeagueEntry {
    pub roster_id: i64,
    pub roster: String,
    pub player: String,
    pub faction: String,
    #[serde(flatten)]
    pub record: Record,
    /// Every glory point gained in force (undone gains do not count).
    pub glory_earned: u64,
    pub glory_held: u32,
    /// Renown of the units on the Order of Battle.
    pub renown: u32,
    /// Units on the Order of Battle (not retired).
    pub units: u32,
    /// The quest in the Quest Log now, if any.
    pub quest: Option<String>,
}

/// A place in the table: equal rosters share one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Standing {
    pub place: usize,
    #[serde(flatten)]
    pub entry: LeagueEntry,
}

/// The keys a rule sorts by, best first when compared in descending order.
fn keys(rule: StandingsRule, e: &LeagueEntry) -> [i64; 4] {
    let r = &e.record;
    let wins = i64::from(r.victories());
    let majors = i64::from(r.major_victories);
    let fewer_defeats = -i64::from(r.defeats());
    let glory = i64::try_from(e.glory_earned).unwrap_or(i64::MAX);
    match rule {
        StandingsRule::Wins => [wins, majors, fewer_defeats, glory],
        StandingsRule::Glory => [glory, wins, majors, fewer_defeats],
    }
}

/// The league table: `entries` sorted by `rule`, each with its place.
pub fn standings(rule: StandingsRule, mut entries: Vec<LeagueEntry>) -> Vec<Standing> {
    entries.sort_by(|a, b| {
        keys(rule, b)
            .cmp(&keys(rule, a))
            .then_with(|| crate::names::fold(&a.roster).cmp(&crate::names::fold(&b.roster)))
    });
    let mut out: Vec<Standing> = Vec::with_capacity(entries.len());
    for (i, entry) in entries.into_iter().enumerate() {
        let place = match out.last() {
            Some(prev) if keys(rule, &prev.entry) == keys(rule, &entry) => prev.place,
            _ => i + 1,
        };
        out.push(Standing { place, entry });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use BattleResult::*;

    fn entry(name: &str, results: &[BattleResult], glory_earned: u64) -> LeagueEntry {
        LeagueEntry {
            roster_id: 0,
            roster: name.into(),
            player: "P".into(),
            faction: "F".into(),
            record: Record::of(results.iter().copied()),
            glory_earned,
            glory_held: 0,
            renown: 0,
            units: 0,
            quest: None,
        }
    }

    fn table(rule: StandingsRule, entries: Vec<LeagueEntry>) -> Vec<(usize, String)> {
        standings(rule, entries)
            .into_iter()
            .map(|s| (s.place, s.entry.roster))
            .collect()
    }

    #[test]
    fn a_record_counts_each_result() {
        let r = Record::of([MajorVictory, MinorVictory, MinorVictory, Draw, MajorDefeat]);
        assert_eq!(
            (r.played, r.victories(), r.major_victories, r.draws, r.defeats()),
            (5, 3, 1, 1, 1)
        );
    }

    #[test]
    fn wins_first_then_majors_then_fewer_defeats_then_glory() {
        let league = vec![
            entry("Ana", &[MinorVictory, MinorVictory], 50),
            entry("Ben", &[MajorVictory, MinorVictory], 40),
            entry("Cy", &[MajorVictory, MinorVictory, MajorDefeat], 90),
            entry("Di", &[MajorVictory], 200),
            entry("Ed", &[MinorVictory, MinorVictory], 50),
        ];
        assert_eq!(
            table(StandingsRule::Wins, league.clone()),
            vec![
                (1, "Ben".into()),
                (2, "Cy".into()),
                (3, "Ana".into()),
                (3, "Ed".into()),
                (5, "Di".into())
            ]
        );
        assert_eq!(
            table(StandingsRule::Glory, league),
            vec![
                (1, "Di".into()),
                (2, "Cy".into()),
                (3, "Ana".into()),
                (3, "Ed".into()),
                (5, "Ben".into())
            ]
        );
    }
}
