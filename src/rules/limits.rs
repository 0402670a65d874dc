//! The sane range of every count a player types or a league file holds: far more than any
//! game needs, far less than the integers they are kept in, so no sum of them overflows and
//! a typo of 9223372036854775807 is refused in words instead of stored (issue 30). The CLI's
//! argument parsers use the same ranges, and `ptg import` checks every stored number with them.

use super::RuleError;
use std::ops::RangeInclusive;

/// The most favour one `roster favour` may give or take.
pub const MAX_FAVOUR_CHANGE: i64 = 100;
/// The most favour a roster may hold.
pub const MAX_FAVOUR: i64 = 10_000;
/// The most glory a roster may hold (glory is earned a few points a battle).
pub const MAX_GLORY: i64 = 100_000;
/// The most renown a unit may hold.
pub const MAX_RENOWN: i64 = 100_000;
/// The most victory points a side may score.
pub const MAX_VICTORY_POINTS: i64 = 1_000;
/// The most quest points a side may gain in a battle, or a quest hold.
pub const MAX_QUEST_POINTS: i64 = 1_000;
/// The most models a side may set up, lose or add in one battle.
pub const MAX_MODELS: i64 = 100_000;
/// The most points a battle or a unit may be played at.
pub const MAX_POINTS: i64 = crate::catalogue::bounds::MAX_POINTS_LIMIT as i64;
/// The highest id a league file may give a row: ids move up by at most as many rows again
/// when imported, which stays far below `i64::MAX`.
pub const MAX_ID: i64 = 1 << 48;

/// Refuses `value` outside `range`, naming the field and the range.
pub fn check_range(field: &'static str, value: i64, range: RangeInclusive<i64>) -> Result<(), RuleError> {
    if range.contains(&value) {
        return Ok(());
    }
    Err(RuleError::new(
        field,
        format!(
            "{value} is out of range; give a whole number from {} to {}",
            range.start(),
            range.end()
        ),
    ))
}

/// Refuses a battle's points limit above [`MAX_POINTS`] (the battlepack refuses one too small).
pub fn check_points_limit(points: u32) -> Result<(), RuleError> {
    if i64::from(points) <= MAX_POINTS {
        return Ok(());
    }
    Err(RuleError::new(
        "points limit",
        format!("{points} is out of range; give a points limit of at most {MAX_POINTS}"),
    ))
}

/// Refuses a count given for one side of a battle (`--vp`, `--quest-points`, `--models-lost`,
/// `--models-added`) beyond its range, naming the flag.
pub fn check_side_count(flag: &str, side: &str, n: u32) -> Result<(), RuleError> {
    let most = match flag {
        "vp" => MAX_VICTORY_POINTS,
        "quest-points" => MAX_QUEST_POINTS,
        _ => MAX_MODELS,
    };
    if i64::from(n) <= most {
        return Ok(());
    }
    Err(RuleError::new(
        "battle result",
        format!("--{flag} {side}={n} is out of range; give a whole number from 0 to {most}"),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_outside_its_range_is_refused_naming_the_range() {
        assert_eq!(check_range("favour", 5, -100..=100), Ok(()));
        let err = check_range("favour", i64::MAX, -100..=100).unwrap_err();
        assert_eq!(err.rule, "favour");
        assert!(err.message.contains("from -100 to 100"), "{}", err.message);
    }
}
