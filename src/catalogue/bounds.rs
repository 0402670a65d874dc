//! Sane ranges for every number in a data file, checked when the file loads.
//!
//! Data files come from users (`--data-dir`) as well as from us, and the engine trusts what
//! loads: a battlepack without battleplans would panic when the table is rolled, and a unit of
//! 2,147,483,648 points would wrap a points sum and pass the 1000-point limit. So a file whose
//! numbers are out of range is refused here, naming the field, and the rules never see it.
//! The bounds are generous (ten times the largest value a real battlepack or catalogue uses)
//! so that house rules fit, yet small enough that no sum of them can overflow.

use super::battlepack::{BattlePoints, Battlepack, GloryBand};
use super::dice::DiceExpr;
use super::faction::Faction;

/// Points of one unit, and of any points limit or band in a battlepack.
pub const MAX_POINTS: u32 = 10_000;
/// Points limits of battles and battlefield tables (a 10,000-point battle is already absurd).
pub const MAX_POINTS_LIMIT: u32 = 100_000;
/// Models in a unit at minimum size.
pub const MAX_UNIT_SIZE: u32 = 100;
/// Glory a single achievement of the glory table may earn.
pub const MAX_GLORY: u32 = 1_000;
/// Renown thresholds and renown awards.
pub const MAX_RENOWN: u32 = 1_000;
/// Small counts: units per regiment, lore capacity, terrain features, quest points, VP lead.
pub const MAX_COUNT: u32 = 100;
/// Casting and chanting values (2D6 tops out at 12).
pub const MAX_CASTING_VALUE: u32 = 20;
/// Dice expressions in data files: at most 10 dice of at most 100 sides, modifier ±100.
const MAX_DICE: i64 = 10;
const MAX_SIDES: i64 = 100;
const MAX_MODIFIER: i64 = 100;

/// Collects "field: must be from A to B" problems.
struct Check<'a> {
    out: &'a mut Vec<String>,
}

impl Check<'_> {
    fn range(&mut self, field: impl std::fmt::Display, value: u32, min: u32, max: u32) {
        if !(min..=max).contains(&value) {
            self.out
                .push(format!("{field}: {value} is out of range; use {min} to {max}"));
        }
    }

    fn non_empty(&mut self, field: &str, len: usize) {
        if len == 0 {
            self.out.push(format!("{field}: must not be empty"));
        }
    }

    /// The lowest and highest totals of a dice expression, or a problem recorded.
    fn dice(&mut self, field: impl std::fmt::Display, text: &str) -> Option<(i64, i64)> {
        let range = dice_range(text);
        if range.is_none() {
            self.out.push(format!(
                "{field}: '{text}' is not a dice expression like D3, 2D6 or D3+3 (at most \
                 {MAX_DICE} dice of {MAX_SIDES} sides, modifier up to ±{MAX_MODIFIER})"
            ));
        }
        range
    }
}

/// The lowest and highest totals of "D3", "2D6", "D3+3", within the data-file bounds.
pub fn dice_range(text: &str) -> Option<(i64, i64)> {
    let d = DiceExpr::parse(text)?;
    let ok = i64::from(d.count) <= MAX_DICE
        && i64::from(d.sides) <= MAX_SIDES
        && i64::from(d.modifier).abs() <= MAX_MODIFIER;
    ok.then(|| d.range())
}

/// Out-of-range numbers of a faction file, as "field: problem".
pub fn faction_problems(f: &Faction) -> Vec<String> {
    let mut out = Vec::new();
    let mut c = Check { out: &mut out };
    for (i, u) in f.units.iter().enumerate() {
        let at = format!("units[{i}] ({})", u.name);
        c.range(format_args!("{at}.points"), u.points, 0, MAX_POINTS);
        // A size of 0 is already refused by `Faction::problems`, in words of its own.
        c.range(format_args!("{at}.unit_size"), u.unit_size, 0, MAX_UNIT_SIZE);
    }
    for (i, l) in f.lores.iter().enumerate() {
        for (j, e) in l.entries.iter().enumerate() {
            if let Some(v) = e.value {
                let at = format!("lores[{i}] ({}).entries[{j}] ({}).value", l.name, e.name);
                c.range(at, v, 0, MAX_CASTING_VALUE);
            }
        }
    }
    out
}

/// Out-of-range numbers and tables that do not cover their dice in a battlepack file.
pub fn battlepack_problems(p: &Battlepack) -> Vec<String> {
    let mut out = Vec::new();
    let mut c = Check { out: &mut out };
    let r = &p.roster;
    c.range("roster.starting_points", r.starting_points, 1, MAX_POINTS);
    c.range("roster.warlord_max_points", r.warlord_max_points, 1, MAX_POINTS);
    c.range(
        "roster.warlord_starting_renown",
        r.warlord_starting_renown,
        0,
        MAX_RENOWN,
    );
    c.range("roster.lore_capacity", r.lore_capacity, 1, MAX_COUNT);
    c.non_empty("ranks", p.ranks.len());
    for (i, rank) in p.ranks.iter().enumerate() {
        c.range(
            format_args!("ranks[{i}] ({}).renown", rank.name),
            rank.renown,
            0,
            MAX_RENOWN,
        );
    }
    for (i, path) in p.paths.iter().enumerate() {
        for (a, ability) in path.ranks.iter().flat_map(|r| &r.abilities).enumerate() {
            if let Some(v) = ability.value {
                let at = format!("paths[{i}] ({}).abilities[{a}] ({}).value", path.id, ability.id);
                c.range(at, v, 0, MAX_CASTING_VALUE);
            }
        }
    }
    for (i, q) in p.quests.iter().enumerate() {
        c.range(
            format_args!("quests[{i}] ({}).target_points", q.id),
            q.target_points,
            0,
            MAX_COUNT,
        );
        if let Some(d) = &q.reward_dice {
            c.dice(format_args!("quests[{i}] ({}).reward_dice", q.id), d);
        }
        if let Some(b) = &q.battle_points {
            battle_points_problems(&mut c, &format!("quests[{i}] ({}).battle_points", q.id), q, b);
        }
    }
    glory_problems(&mut c, &p.glory.bands);
    let a = &p.aftermath;
    c.range("aftermath.max_units_added", a.max_units_added, 0, MAX_COUNT);
    c.range(
        "aftermath.max_units_reinforced",
        a.max_units_reinforced,
        0,
        MAX_COUNT,
    );
    c.range("aftermath.destroyed_renown", a.destroyed_renown, 0, MAX_RENOWN);
    c.dice("aftermath.survived_renown", &a.survived_renown);
    c.dice("aftermath.favoured_renown", &a.favoured_renown);
    let army = &p.army;
    c.range(
        "army.general_regiment_units",
        army.general_regiment_units,
        0,
        MAX_COUNT,
    );
    c.range("army.regiment_units", army.regiment_units, 0, MAX_COUNT);
    c.range("army.major_victory_lead", army.major_victory_lead, 1, MAX_COUNT);
    c.range("army.battle_rounds", army.battle_rounds, 1, MAX_COUNT);
    c.non_empty("battleplans", p.battleplans.len());
    if p.battleplans.len() > MAX_SIDES as usize {
        c.out.push(format!(
            "battleplans: at most {MAX_SIDES} (the table is rolled on one die)"
        ));
    }
    for (i, plan) in p.battleplans.iter().enumerate() {
        let at = format!("battleplans[{i}] ({})", plan.name);
        if let Some(reward) = &plan.campaign_reward {
            c.dice(format_args!("{at}.campaign_reward.dice"), &reward.dice);
            c.range(
                format_args!("{at}.campaign_reward.target"),
                reward.target,
                0,
                MAX_COUNT,
            );
        }
        let Some((low, high)) = c.dice(format_args!("{at}.twist_dice"), &plan.twist_dice) else {
            continue;
        };
        for (t, twist) in plan.twists.iter().enumerate() {
            if twist.rolls[0] > twist.rolls[1] {
                c.out.push(format!(
                    "{at}.twists[{t}] ({}).rolls: {} is above {}",
                    twist.name, twist.rolls[0], twist.rolls[1]
                ));
            }
        }
        let uncovered: Vec<String> = (low..=high)
            .filter(|n| {
                !plan
                    .twists
                    .iter()
                    .any(|t| (i64::from(t.rolls[0])..=i64::from(t.rolls[1])).contains(n))
            })
            .map(|n| n.to_string())
            .collect();
        if !uncovered.is_empty() {
            c.out.push(format!(
                "{at}.twists: no twist for a roll of {} on {}; the table must cover every roll",
                uncovered.join(", "),
                plan.twist_dice
            ));
        }
    }
    for (i, b) in p.battlefield_sizes.iter().enumerate() {
        let at = format!("battlefield_sizes[{i}]");
        c.range(format_args!("{at}.min_points"), b.min_points, 0, MAX_POINTS_LIMIT);
        if let Some(max) = b.max_points {
            c.range(
                format_args!("{at}.max_points"),
                max,
                b.min_points,
                MAX_POINTS_LIMIT,
            );
        }
        c.range(
            format_args!("{at}.terrain_features"),
            b.terrain_features,
            0,
            MAX_COUNT,
        );
    }
    out
}

/// A quest's per-battle bounds: gains of at least 1, limits of at least 1, and only on a quest
/// that counts points.
fn battle_points_problems(c: &mut Check, at: &str, q: &super::battlepack::Quest, b: &BattlePoints) {
    if q.target_points == 0 {
        c.out.push(format!(
            "{at}: {} counts no quest points (target_points 0), so no battle gives it any",
            q.id
        ));
    }
    c.non_empty(&format!("{at}.each"), b.each.len());
    for (j, &n) in b.each.iter().enumerate() {
        c.range(format_args!("{at}.each[{j}]"), n, 1, MAX_COUNT);
    }
    if let Some(n) = b.per_round {
        c.range(format_args!("{at}.per_round"), n, 1, MAX_COUNT);
    }
    if let Some(n) = b.per_battle {
        c.range(format_args!("{at}.per_battle"), n, 1, MAX_COUNT);
    }
}

/// Glory bands: each amount sane, and the bands in ascending order of points.
fn glory_problems(c: &mut Check, bands: &[GloryBand]) {
    for (i, b) in bands.iter().enumerate() {
        let at = format!("glory.bands[{i}]");
        c.range(format_args!("{at}.min_points"), b.min_points, 0, MAX_POINTS_LIMIT);
        if let Some(max) = b.max_points {
            c.range(
                format_args!("{at}.max_points"),
                max,
                b.min_points,
                MAX_POINTS_LIMIT,
            );
        }
        c.range(format_args!("{at}.fought"), b.fought, 0, MAX_GLORY);
        c.range(format_args!("{at}.major_victory"), b.major_victory, 0, MAX_GLORY);
        c.range(format_args!("{at}.minor_victory"), b.minor_victory, 0, MAX_GLORY);
        c.range(
            format_args!("{at}.general_not_slain"),
            b.general_not_slain,
            0,
            MAX_GLORY,
        );
    }
    if bands.windows(2).any(|w| w[0].min_points >= w[1].min_points) {
        c.out
            .push("glory.bands: min_points must rise from band to band".into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_ranges_follow_the_expression() {
        assert_eq!(dice_range("D3"), Some((1, 3)));
        assert_eq!(dice_range("2d6"), Some((2, 12)));
        assert_eq!(dice_range("D3+3"), Some((4, 6)));
        assert_eq!(dice_range("D6-1"), Some((0, 5)));
        for bad in [
            "",
            "D",
            "0D6",
            "D0",
            "11D6",
            "D101",
            "D6+101",
            "three",
            "D6+",
            "4294967296D6",
        ] {
            assert_eq!(dice_range(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_bundled_data_is_within_bounds() {
        let cat = super::super::Catalogue::bundled().unwrap();
        assert!(!cat.battlepacks().unwrap().is_empty());
        for (f, _) in cat.factions().unwrap() {
            assert_eq!(faction_problems(f), Vec::<String>::new(), "{}", f.name);
        }
        for p in cat.battlepacks().unwrap() {
            assert_eq!(battlepack_problems(p), Vec::<String>::new(), "{}", p.id);
        }
    }

    #[test]
    fn a_quests_per_battle_bounds_are_checked() {
        let cat = super::super::Catalogue::bundled().unwrap();
        let mut p = cat.battlepacks().unwrap()[0].clone();
        let bad = super::super::battlepack::BattlePoints {
            each: vec![0],
            per_round: Some(0),
            per_battle: None,
        };
        for q in p.quests.iter_mut() {
            if q.id == "search-for-the-artefact" || q.id == "seek-glory-in-battle" {
                q.battle_points = Some(bad.clone());
            }
        }
        let problems = battlepack_problems(&p);
        let at = "quests[0] (search-for-the-artefact).battle_points";
        assert!(
            problems.contains(&format!("{at}.each[0]: 0 is out of range; use 1 to 100")),
            "{problems:?}"
        );
        assert!(
            problems.contains(&format!("{at}.per_round: 0 is out of range; use 1 to 100")),
            "{problems:?}"
        );
        assert!(
            problems
                .iter()
                .any(|m| m.contains("seek-glory-in-battle counts no quest points")),
            "{problems:?}"
        );
    }
}
