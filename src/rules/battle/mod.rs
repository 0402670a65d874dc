//! Setting up and scoring a Path to Glory battle: the battleplan table, battlefield size,
//! who picks territories, twists, the result from victory points, and withdrawal. The battle's
//! own states and the checks of each step are in [`state`].

pub mod correct;
pub mod narrative;
pub mod roles;
mod slayers;
pub mod state;
mod status;
pub mod sudden_death;

pub use narrative::{DecidedBy, Decision, SuddenDeathRow, TriumphRow};
pub use roles::{generals_renown, roles_after_army, roles_now};
pub use state::{ArmyUnit, Battle, BattleStatus, ResultReport, Side, SideResult, TwistRow};
pub use sudden_death::{DecisionReport, PickRequest, Standing};

use super::dice::{DiceExpr, Roller};
use super::model::{Roster, Unit};
use super::{RuleError, refuse, refuse_fix};
use crate::catalogue::battlepack::{BattlefieldSize, Battlepack, Battleplan, Twist};
use crate::fix::{Fix, Input};
use crate::names;
use crate::names::SameName;
use serde::{Deserialize, Serialize};

/// How a battle ended for one side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BattleResult {
    MajorVictory,
    MinorVictory,
    Draw,
    MinorDefeat,
    MajorDefeat,
}

impl BattleResult {
    /// The other side's result.
    pub fn opposite(self) -> BattleResult {
        match self {
            BattleResult::MajorVictory => BattleResult::MajorDefeat,
            BattleResult::MinorVictory => BattleResult::MinorDefeat,
            BattleResult::Draw => BattleResult::Draw,
            BattleResult::MinorDefeat => BattleResult::MinorVictory,
            BattleResult::MajorDefeat => BattleResult::MajorVictory,
        }
    }

    pub fn is_victory(self) -> bool {
        matches!(self, BattleResult::MajorVictory | BattleResult::MinorVictory)
    }

    /// W, D or L, as a roster sheet records it.
    pub fn letter(self) -> char {
        match self {
            BattleResult::MajorVictory | BattleResult::MinorVictory => 'W',
            BattleResult::Draw => 'D',
            _ => 'L',
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            BattleResult::MajorVictory => "major_victory",
            BattleResult::MinorVictory => "minor_victory",
            BattleResult::Draw => "draw",
            BattleResult::MinorDefeat => "minor_defeat",
            BattleResult::MajorDefeat => "major_defeat",
        }
    }
}

impl std::fmt::Display for BattleResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.as_str().replace('_', " "))
    }
}

impl std::str::FromStr for BattleResult {
    type Err = String;
    fn from_str(s: &str) -> Result<BattleResult, String> {
        serde_json::from_value(serde_json::Value::String(s.to_string()))
            .map_err(|_| format!("'{s}' is not a battle result"))
    }
}

/// Both sides' results: a lead of `major_victory_lead` VP or more is a major victory, a smaller
/// lead a minor one, a tie a draw; a side that withdrew hands its opponent a major victory.
pub fn results(pack: &Battlepack, vp: [u32; 2], withdrew: Option<usize>) -> [BattleResult; 2] {
    let first = match withdrew {
        Some(0) => BattleResult::MajorDefeat,
        Some(_) => BattleResult::MajorVictory,
        None => {
            let lead = i64::from(vp[0]) - i64::from(vp[1]);
            let major = i64::from(pack.army.major_victory_lead);
            match lead {
                l if l >= major => BattleResult::MajorVictory,
                l if l > 0 => BattleResult::MinorVictory,
                0 => BattleResult::Draw,
                l if l > -major => BattleResult::MinorDefeat,
                _ => BattleResult::MajorDefeat,
            }
        }
    };
    [first, first.opposite()]
}

/// `roster check --points` weighs the Order of Battle as an army of any size a player asks
/// about (a what-if, not a battle), so only a limit of 0 is refused there.
pub fn check_what_if_points(points: u32) -> Result<(), RuleError> {
    if points == 0 {
        return refuse_fix(
            "points limit",
            "the points limit must be more than 0",
            Fix::set(Input::Points, "1000"),
        );
    }
    Ok(())
}

/// A player may withdraw only once at least half the units of their starting army are destroyed.
pub fn check_withdrawal(roster: &str, army_units: usize, destroyed: usize) -> Result<(), RuleError> {
    if destroyed * 2 >= army_units && army_units > 0 {
        return Ok(());
    }
    Err(RuleError::new(
        "withdrawal",
        format!(
            "{roster} may withdraw only once at least half of its starting army is destroyed: {destroyed} of {army_units} units were (needs {})",
            army_units.div_ceil(2)
        ),
    )
    .fix(Fix::give(Input::Destroyed))
    .fix(Fix::leave_out(Input::Withdrew)))
}

/// One side's report of how the battle went, as `battle result` is told it.
#[derive(Debug, Clone)]
pub struct SideReport<'a> {
    pub roster: &'a str,
    pub army_units: usize,
    pub destroyed: usize,
    pub victory_points: u32,
    pub withdrew: bool,
}

/// Both sides' results from their reports, refusing an impossible withdrawal.
pub fn decide(pack: &Battlepack, sides: [&SideReport; 2]) -> Result<[BattleResult; 2], RuleError> {
    if sides[0].withdrew && sides[1].withdrew {
        return refuse_fix(
            "withdrawal",
            "only one side can withdraw; name one roster",
            Fix::give(Input::Withdrew),
        );
    }
    let withdrew = sides.iter().position(|s| s.withdrew);
    if let Some(i) = withdrew {
        check_withdrawal(sides[i].roster, sides[i].army_units, sides[i].destroyed)?;
    }
    Ok(results(
        pack,
        [sides[0].victory_points, sides[1].victory_points],
        withdrew,
    ))
}

/// The unit called `wanted` among the units two rosters took to a battle; returns the side
/// and the unit's id. `wanted` is a unit id (`7` or `#7`), a name, or `ROSTER:UNIT` to say
/// whose: in a mirror match both armies field the same warscrolls, so a bare name that fits
/// more than one unit (of either side) is refused with the candidates, never credited to one.
pub fn find_army_unit(
    rosters: [&Roster; 2],
    armies: [&[i64]; 2],
    wanted: &str,
) -> Result<(usize, i64), RuleError> {
    let (scope, name) = split_roster(rosters, wanted);
    let in_army = |side: usize| {
        armies[side]
            .iter()
            .filter_map(move |id| rosters[side].unit(*id))
            .map(move |u| (side, u))
    };
    let units: Vec<_> = scope.iter().flat_map(|&side| in_army(side)).collect();
    let id = name.trim_start_matches('#').parse::<i64>().ok();
    let pick = |f: &dyn Fn(&Unit) -> bool| units.iter().filter(|(_, u)| f(u)).copied().collect::<Vec<_>>();
    let mut found = pick(&|u| Some(u.id) == id);
    if found.is_empty() {
        found = pick(&|u| u.name.as_deref().is_some_and(|n| n.same_name(name)));
    }
    if found.is_empty() {
        found = pick(&|u| u.warscroll.same_name(name));
    }
    match found.as_slice() {
        [(side, u)] => Ok((*side, u.id)),
        [] => refuse(
            "battle units",
            format!(
                "'{wanted}' is not in {} of this battle (only the armies recorded for it; summoned and replacement units are not on the Order of Battle, so leave them out)",
                match scope.as_slice() {
                    [side] => format!("{}'s army", rosters[*side].name),
                    _ => "either army".to_string(),
                }
            ),
        ),
        many => refuse(
            "battle units",
            format!(
                "'{wanted}' could be any of {} units: {}; name one by its id (e.g. {}) or as ROSTER:UNIT (e.g. \"{}:{}\")",
                many.len(),
                many.iter()
                    .map(|(side, u)| format!("{} of {}", u.label(), rosters[*side].name))
                    .collect::<Vec<_>>()
                    .join(", "),
                many[0].1.id,
                rosters[many[0].0].name,
                name
            ),
        ),
    }
}

/// The sides `wanted` may name a unit of, and the unit part: `ROSTER:UNIT` (the roster as a
/// side of the battle, any case) limits it to that side; anything else looks at both.
fn split_roster<'w>(rosters: [&Roster; 2], wanted: &'w str) -> (Vec<usize>, &'w str) {
    for (i, _) in wanted.match_indices(':') {
        let (roster, unit) = (wanted[..i].trim(), wanted[i + 1..].trim());
        if let Some(side) = rosters.iter().position(|r| r.name.same_name(roster)) {
            return (vec![side], unit);
        }
    }
    (vec![0, 1], wanted.trim())
}

/// The battleplan called `name`, or a refusal listing the table.
pub fn find_battleplan<'a>(pack: &'a Battlepack, name: &str) -> Result<&'a Battleplan, RuleError> {
    pack.battleplans
        .iter()
        .find(|b| b.name.same_name(name.trim()))
        .ok_or_else(|| {
            RuleError::new(
                "battleplans",
                names::unknown(
                    "battleplan",
                    name,
                    pack.battleplans.iter().map(|b| b.name.as_str()),
                ),
            )
        })
}

/// Rolls a D6 on the battleplan table (book order); the roll is logged as the "battleplan table
/// entry", the words `battle show` and `battleplan show` give the number.
pub fn roll_battleplan<'a>(pack: &'a Battlepack, roller: &mut Roller) -> Result<&'a Battleplan, RuleError> {
    let sides = pack.battleplans.len() as u32;
    let expr = DiceExpr {
        count: 1,
        sides,
        modifier: 0,
    };
    let n = roller.roll(expr, "battleplan table entry")?;
    // Loading refuses a battlepack without battleplans; this guards a hand-built one.
    let index = usize::try_from(n)
        .unwrap_or(0)
        .clamp(1, pack.battleplans.len().max(1))
        - 1;
    pack.battleplans
        .get(index)
        .ok_or_else(|| RuleError::new("battleplans", format!("{} has no battleplans", pack.name)))
}

/// The recommended battlefield for a points limit (limits below the table use its first row).
pub fn battlefield(pack: &Battlepack, points_limit: u32) -> Option<&BattlefieldSize> {
    pack.battlefield_sizes
        .iter()
        .rev()
        .find(|b| points_limit >= b.min_points)
        .or(pack.battlefield_sizes.first())
}

/// A roll-off: each player rolls a dice, rolling again on a tie; returns the winner's index.
pub fn roll_off(roller: &mut Roller, players: [&str; 2], purpose: &str) -> Result<usize, RuleError> {
    let d6 = DiceExpr {
        count: 1,
        sides: 6,
        modifier: 0,
    };
    roller.rolls_until_decided();
    loop {
        let a = roller.roll(d6, format!("roll-off for {purpose}: {}", players[0]))?;
        let b = roller.roll(d6, format!("roll-off for {purpose}: {}", players[1]))?;
        if a != b {
            return Ok(if a > b { 0 } else { 1 });
        }
    }
}

/// Who picks territories or roles: the player whose general has fewer renown, or the winner of
/// a roll-off when tied, the roll-off named by the battleplan's `roles` ("attacker or
/// ritualist", see [`roles_choice`]). Returns the picker's index.
pub fn who_picks(
    roller: &mut Roller,
    players: [&str; 2],
    general_renown: [u32; 2],
    roles: &str,
) -> Result<usize, RuleError> {
    match general_renown[0].cmp(&general_renown[1]) {
        std::cmp::Ordering::Less => Ok(0),
        std::cmp::Ordering::Greater => Ok(1),
        std::cmp::Ordering::Equal => roll_off(roller, players, roles),
    }
}

/// What the picker of `battle`'s roles chooses between, in its battleplan's words ("attacker
/// or ritualist", "Northern or Southern Territory"); "roles" for a battleplan the battlepack
/// no longer has.
pub fn roles_choice(pack: &Battlepack, battle: &Battle) -> String {
    battle
        .battleplan
        .as_deref()
        .and_then(|name| find_battleplan(pack, name).ok())
        .map_or_else(|| "roles".to_string(), Battleplan::roles_choice)
}

/// Rolls on a battleplan's twist table for the underdog (or the roll-off winner).
pub fn roll_twist<'a>(plan: &'a Battleplan, roller: &mut Roller, round: u32) -> Result<&'a Twist, RuleError> {
    let expr: DiceExpr = plan.twist_dice.parse()?;
    let n = roller.roll(expr, format!("twist, battle round {round} ({})", plan.name))?;
    plan.twists
        .iter()
        .find(|t| (t.rolls[0] as i32..=t.rolls[1] as i32).contains(&n))
        .ok_or_else(|| RuleError::new("twists", format!("{} has no twist for a roll of {n}", plan.name)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::dice::TypedDice;
    use crate::rules::renown::tests::pack;

    #[test]
    fn victory_points_decide_major_minor_and_draw() {
        let pack = pack();
        use BattleResult::*;
        assert_eq!(results(&pack, [14, 8], None), [MajorVictory, MajorDefeat]);
        assert_eq!(results(&pack, [13, 8], None), [MajorVictory, MajorDefeat]);
        assert_eq!(results(&pack, [12, 8], None), [MinorVictory, MinorDefeat]);
        assert_eq!(results(&pack, [9, 8], None), [MinorVictory, MinorDefeat]);
        assert_eq!(results(&pack, [8, 8], None), [Draw, Draw]);
        assert_eq!(results(&pack, [4, 8], None), [MinorDefeat, MinorVictory]);
        assert_eq!(results(&pack, [3, 8], None), [MajorDefeat, MajorVictory]);
    }

    #[test]
    fn withdrawing_hands_the_opponent_a_major_victory_whatever_the_score() {
        use BattleResult::*;
        assert_eq!(results(&pack(), [20, 2], Some(0)), [MajorDefeat, MajorVictory]);
        assert_eq!(results(&pack(), [0, 0], Some(1)), [MajorVictory, MajorDefeat]);
    }

    #[test]
    fn withdrawal_needs_half_the_starting_army_destroyed() {
        assert!(check_withdrawal("Rat Tide", 6, 3).is_ok());
        assert!(check_withdrawal("Rat Tide", 5, 3).is_ok());
        let err = check_withdrawal("Rat Tide", 5, 2).unwrap_err();
        assert_eq!(err.rule, "withdrawal");
        assert!(err.message.contains("2 of 5 units were (needs 3)"), "{err}");
    }

    #[test]
    fn the_battleplan_table_is_in_book_order() {
        let pack = pack();
        let mut dice = TypedDice::new([3]);
        let mut roller = Roller::new(&mut dice);
        assert_eq!(
            roll_battleplan(&pack, &mut roller).unwrap().name,
            pack.battleplans[2].name
        );
        assert_eq!(roller.rolls[0].expression, "D6");
    }

    #[test]
    fn fewer_renown_picks_and_a_tie_is_rolled_off_again_until_it_breaks() {
        let mut dice = TypedDice::new([4, 4, 2, 5]);
        let mut roller = Roller::new(&mut dice);
        let roles = "attacker or ritualist";
        assert_eq!(who_picks(&mut roller, ["A", "B"], [5, 9], roles).unwrap(), 0);
        assert_eq!(who_picks(&mut roller, ["A", "B"], [9, 5], roles).unwrap(), 1);
        assert!(roller.rolls.is_empty());
        assert_eq!(who_picks(&mut roller, ["A", "B"], [5, 5], roles).unwrap(), 1);
        assert_eq!(roller.rolls.len(), 4);
    }

    /// Issue #38: the roll-off for roles is named by the battleplan's roles, not "territories".
    #[test]
    fn the_roll_off_for_roles_is_named_by_the_battleplans_roles() {
        let pack = pack();
        let r = crate::rules::roster::tests::empty_roster();
        let mut battle = state::tests::battle(&[r.clone(), r], false);
        let mut said = |plan: &str| {
            battle.battleplan = Some(plan.into());
            let roles = roles_choice(&pack, &battle);
            let mut dice = TypedDice::new([2, 5]);
            let mut roller = Roller::new(&mut dice);
            who_picks(&mut roller, ["A", "B"], [3, 3], &roles).unwrap();
            roller.rolls[0].purpose.clone()
        };
        assert_eq!(said("The Ritual"), "roll-off for attacker or ritualist: A");
        assert_eq!(said("Wreck and Ruin"), "roll-off for raider or defender: A");
        assert_eq!(said("The Ambush"), "roll-off for trespasser or ambusher: A");
        assert_eq!(
            said("The Ruined Settlement"),
            "roll-off for Northern or Southern Territory: A"
        );
        assert!(!said("Relics of Myth").contains("territories"));
    }

    #[test]
    fn twists_are_a_d3_on_the_battleplans_table() {
        let pack = pack();
        let plan = find_battleplan(&pack, "relics of myth").unwrap();
        let mut dice = TypedDice::new([2, 4]);
        let mut roller = Roller::new(&mut dice);
        assert_eq!(
            roll_twist(plan, &mut roller, 2).unwrap().name,
            plan.twists[1].name
        );
        assert!(
            roll_twist(plan, &mut roller, 3)
                .unwrap_err()
                .message
                .contains("4 cannot be rolled on a D3")
        );
    }

    #[test]
    fn battlefield_size_follows_the_points_limit() {
        let pack = pack();
        assert_eq!(battlefield(&pack, 1500).unwrap().terrain_features, 4);
        assert_eq!(battlefield(&pack, 2000).unwrap().terrain_features, 8);
        assert_eq!(battlefield(&pack, 3000).unwrap().terrain_features, 12);
        assert_eq!(battlefield(&pack, 600).unwrap().terrain_features, 4);
    }
}
