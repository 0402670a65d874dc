//! Step 1 of the aftermath: glory points earned, by the battle's points-limit band.

use super::battle::BattleResult;
use crate::catalogue::battlepack::{Battlepack, GloryBand};
use serde::Serialize;

/// The glory one roster earns from one battle, by achievement (they add up).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct GloryAward {
    pub fought: u32,
    pub major_victory: u32,
    pub minor_victory: u32,
    pub general_not_slain: u32,
}

impl GloryAward {
    /// The sum, saturating: data files cap each amount at 1,000, so this never saturates for
    /// a loaded battlepack, but a glory award must never wrap to a small number.
    pub fn total(&self) -> u32 {
        [self.major_victory, self.minor_victory, self.general_not_slain]
            .into_iter()
            .fold(self.fought, u32::saturating_add)
    }

    /// "fought 60, major victory 30, general alive 10", for history.
    pub fn breakdown(&self) -> String {
        let mut parts = vec![format!("fought {}", self.fought)];
        if self.major_victory > 0 {
            parts.push(format!("major victory {}", self.major_victory));
        }
        if self.minor_victory > 0 {
            parts.push(format!("minor victory {}", self.minor_victory));
        }
        if self.general_not_slain > 0 {
            parts.push(format!("general alive {}", self.general_not_slain));
        }
        parts.join(", ")
    }
}

/// The band a points limit falls in; limits below the first band use the first.
pub fn band(pack: &Battlepack, points_limit: u32) -> &GloryBand {
    let bands = &pack.glory.bands;
    bands
        .iter()
        .rev()
        .find(|b| points_limit >= b.min_points)
        .unwrap_or(&bands[0])
}

/// Glory for a roster that fought a battle of `points_limit` with `result`.
pub fn award(pack: &Battlepack, points_limit: u32, result: BattleResult, general_slain: bool) -> GloryAward {
    let b = band(pack, points_limit);
    GloryAward {
        fought: b.fought,
        major_victory: if result == BattleResult::MajorVictory {
            b.major_victory
        } else {
            0
        },
        minor_victory: if result == BattleResult::MinorVictory {
            b.minor_victory
        } else {
            0
        },
        general_not_slain: if general_slain { 0 } else { b.general_not_slain },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::renown::tests::pack;

    #[test]
    fn a_1500_point_major_victory_with_the_general_alive_earns_100() {
        let a = award(&pack(), 1500, BattleResult::MajorVictory, false);
        assert_eq!((a.fought, a.major_victory, a.general_not_slain), (60, 30, 10));
        assert_eq!(a.total(), 100);
        assert_eq!(a.breakdown(), "fought 60, major victory 30, general alive 10");
    }

    #[test]
    fn each_band_pays_its_own_amounts() {
        let pack = pack();
        let total = |pts, r, slain| award(&pack, pts, r, slain).total();
        // 1000-1250: 30 / +20 / +10 / +5
        assert_eq!(total(1000, BattleResult::MinorVictory, false), 30 + 10 + 5);
        assert_eq!(total(1250, BattleResult::MajorDefeat, true), 30);
        // 1251-1750: 60 / +30 / +20 / +10
        assert_eq!(total(1251, BattleResult::MinorVictory, true), 60 + 20);
        // 1751-2250: 100 / +40 / +30 / +15
        assert_eq!(total(2000, BattleResult::MajorVictory, false), 100 + 40 + 15);
        assert_eq!(total(2250, BattleResult::Draw, false), 100 + 15);
        // over 2250: 150 / +50 / +40 / +20
        assert_eq!(total(2251, BattleResult::MajorVictory, false), 150 + 50 + 20);
        assert_eq!(total(3000, BattleResult::MinorDefeat, false), 150 + 20);
    }

    #[test]
    fn a_limit_below_1000_uses_the_first_band() {
        assert_eq!(award(&pack(), 600, BattleResult::Draw, true).total(), 30);
    }
}
