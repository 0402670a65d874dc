//! The league's race: each roster's glory earned and total renown, battle by battle, for the
//! league page's chart. A point per aftermath the roster ran (what it had earned by then), after
//! a first point for what it started with; its last point is the league table's figures.

use serde::Serialize;
use std::collections::BTreeMap;

/// One gain from the log: whose, in which change set (an aftermath or not), glory or renown,
/// how much.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gain {
    pub roster_id: i64,
    pub set_id: i64,
    pub aftermath: bool,
    pub glory: bool,
    pub amount: u64,
}

/// One roster's line: (battles played, glory earned, renown) after each aftermath.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Line {
    pub roster_id: i64,
    pub points: Vec<(u32, u64, u64)>,
}

/// Each roster's line from the log's gains, oldest first (`gains` in log order).
pub fn lines(gains: &[Gain]) -> Vec<Line> {
    let mut by_roster: BTreeMap<i64, Race> = BTreeMap::new();
    for g in gains {
        by_roster.entry(g.roster_id).or_default().add(g);
    }
    by_roster
        .into_iter()
        .map(|(roster_id, race)| Line {
            roster_id,
            points: race.finish(),
        })
        .collect()
}

/// One roster's totals as its gains come, and its points so far.
#[derive(Default)]
struct Race {
    glory: u64,
    renown: u64,
    points: Vec<(u32, u64, u64)>,
    /// The aftermath whose gains are being added.
    open: Option<i64>,
}

impl Race {
    fn add(&mut self, g: &Gain) {
        if self.open.is_some_and(|set| set != g.set_id) {
            self.close();
        }
        if g.aftermath && self.open.is_none() {
            if self.points.is_empty() {
                // What it started with, before its first battle's aftermath.
                self.points.push((0, self.glory, self.renown));
            }
            self.open = Some(g.set_id);
        }
        match g.glory {
            true => self.glory += g.amount,
            false => self.renown += g.amount,
        }
    }

    /// The aftermath being added ends: a point for it.
    fn close(&mut self) {
        self.points
            .push((self.points.len() as u32, self.glory, self.renown));
        self.open = None;
    }

    /// The points, the last one the totals now (a gain made outside an aftermath since the
    /// last one counts there too).
    fn finish(mut self) -> Vec<(u32, u64, u64)> {
        if self.open.is_some() {
            self.close();
        }
        match self.points.last_mut() {
            Some(last) => (last.1, last.2) = (self.glory, self.renown),
            None => self.points.push((0, self.glory, self.renown)),
        }
        self.points
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn gain(roster_id: i64, set_id: i64, aftermath: bool, glory: bool, amount: u64) -> Gain {
        Gain {
            roster_id,
            set_id,
            aftermath,
            glory,
            amount,
        }
    }

    #[test]
    fn a_point_per_aftermath_after_what_the_roster_started_with() {
        let gains = [
            gain(1, 1, false, false, 5), // roster new: the warlord's 5 renown
            gain(2, 2, false, false, 5), // another roster
            gain(1, 7, true, true, 55),  // battle 1's aftermath
            gain(1, 7, true, false, 4),
            gain(2, 8, true, true, 30),
            gain(1, 12, true, true, 35), // battle 2's aftermath
            gain(1, 12, true, false, 2),
        ];
        let lines = lines(&gains);
        assert_eq!(lines[0].points, vec![(0, 0, 5), (1, 55, 9), (2, 90, 11)]);
        assert_eq!(lines[1].points, vec![(0, 0, 5), (1, 30, 5)]);
    }

    #[test]
    fn a_roster_that_has_not_fought_has_one_point() {
        assert_eq!(lines(&[gain(3, 1, false, false, 5)])[0].points, vec![(0, 0, 5)]);
    }
}
