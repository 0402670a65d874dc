//! Rows only ptg's own commands write (issue 39): a battle has its two sides, a recorded roll
//! is dice of its expression (each die within its faces, the total their sum), a twist is in a
//! round the battle has, a time is a real moment in the form ptg writes, and an enhancement is
//! held by a unit its table is open to. Pure functions over plain values: `ptg import` checks a
//! league file's rows with them before writing one, and the audit checks a database's rows
//! with them, so a league merged in by hand (sqlite3) is found as a file would be refused.

use super::finding::{Check, Finding, finding};
use crate::catalogue::Faction;
use crate::catalogue::dice::DiceExpr;
use crate::names::SameName;
use crate::rules::battle::{Battle, BattleResult, BattleStatus};
use crate::rules::log::LoggedSet;
use crate::rules::model::Roster;
use crate::rules::roster::{Factions, enhancement_eligible_by};

/// What is wrong with a battle's sides, given each side's (roster, side number): ptg plans a
/// battle with two rosters at once, side 0 and side 1, and never removes one.
pub fn sides_problem(sides: &[(i64, i64)]) -> Option<String> {
    let mut numbers: Vec<i64> = sides.iter().map(|(_, s)| *s).collect();
    numbers.sort_unstable();
    if numbers != [0, 1] {
        let rosters = sides.iter().map(|(r, _)| r.to_string()).collect::<Vec<_>>();
        return Some(match sides.len() {
            2 => format!("its sides are numbered {numbers:?}, not 0 and 1"),
            n => format!(
                "it has {n} side(s) (roster(s) {}), and every battle ptg plans has two",
                if rosters.is_empty() {
                    "none".to_string()
                } else {
                    rosters.join(", ")
                }
            ),
        });
    }
    (sides[0].0 == sides[1].0).then(|| format!("roster {} is on both of its sides", sides[0].0))
}

/// What is wrong with a battle's results, given whether it is fought and each side's result:
/// `battle result` records both sides' at once, one the other's opposite, and marks the battle
/// fought; its undo takes both away again.
pub fn results_problem(fought: bool, results: &[Option<BattleResult>]) -> Option<String> {
    let words = |r: &Option<BattleResult>| r.map_or("none".to_string(), |r| r.as_str().to_string());
    match results {
        [None, None] if !fought => None,
        [Some(a), Some(b)] if fought && a.opposite() == *b => None,
        [_, _] if !fought => Some("it is planned, yet a side has a result".to_string()),
        [a, b] => Some(format!(
            "it is fought with the results {} and {}, and `battle result` records a result and its opposite",
            words(a),
            words(b)
        )),
        _ => None,
    }
}

/// What is wrong with a recorded roll: its expression one ptg writes ("D6", "2D6", "D3+3"),
/// one face per die, each within the die's faces, and the total their sum with the modifier
/// (as `rules::dice::Roller` records it). The column at fault comes with the words.
pub fn roll_problem(expression: &str, faces: &[i64], total: i64) -> Option<(&'static str, String)> {
    let Some(expr) = DiceExpr::parse(expression).filter(|e| e.to_string() == expression) else {
        return Some((
            "expression",
            format!("{expression:?} is not a dice expression as ptg writes one (D6, 2D6, D3+3)"),
        ));
    };
    if faces.len() != expr.count as usize {
        return Some((
            "faces",
            format!(
                "{expr} rolls {} dice, and {} are recorded",
                expr.count,
                faces.len()
            ),
        ));
    }
    if let Some(f) = faces.iter().find(|f| !(1..=i64::from(expr.sides)).contains(*f)) {
        return Some((
            "faces",
            format!(
                "{f} cannot be rolled on a D{} (faces 1 to {})",
                expr.sides, expr.sides
            ),
        ));
    }
    let sum = faces.iter().sum::<i64>() + i64::from(expr.modifier);
    (sum != total).then(|| {
        let (low, high) = expr.range();
        (
            "total",
            format!("the dice {faces:?} of {expr} make {sum}, not {total} ({expr} totals {low} to {high})"),
        )
    })
}

/// What is wrong with a twist rolled for `round` of a battle of `battle_rounds` rounds (twists
/// are rolled at the start of rounds 1 to the last: `Battle::check_twist`).
pub fn twist_round_problem(round: i64, battle_rounds: u32) -> Option<String> {
    (!(1..=i64::from(battle_rounds)).contains(&round))
        .then(|| format!("a battle has rounds 1 to {battle_rounds}, so there is no round {round}"))
}

/// What is wrong with an undo's link: `ptg undo` appends set `undo` naming the set it undoes
/// (`undoes`) and marks that one undone by it, both at once; `target_undone_by` is the mark
/// the undone set carries (`None` for a set not found).
pub fn undo_problem(undo: i64, undoes: i64, target_undone_by: Option<i64>) -> Option<String> {
    (target_undone_by != Some(undo)).then(|| {
        format!(
            "set {undo} undoes set {undoes}, and set {undoes} is marked {}",
            target_undone_by.map_or("not undone".to_string(), |by| format!("undone by set {by}"))
        )
    })
}

/// What is wrong with a twist's roll: `battle twist` records the roll it rolled the twist with,
/// for "twist, battle round N (battleplan)" (`battle::roll_twist`), so its round is the twist's.
pub fn twist_roll_problem(round: i64, purpose: &str) -> Option<String> {
    (!purpose.starts_with(&format!("twist, battle round {round} ("))).then(|| {
        format!(
            "the twist is of round {round}, and its roll was rolled for \"{}\"",
            short(purpose)
        )
    })
}

/// What is wrong with a side's mark of its aftermath (`linked`), given the aftermath sets in
/// force of that roster in that battle: `aftermath` marks the side with its own set, and its
/// undo clears the mark.
pub fn aftermath_link_problem(linked: Option<i64>, in_force: &[i64]) -> Option<String> {
    match (linked, in_force) {
        (None, []) => None,
        (Some(set), _) if in_force.contains(&set) => None,
        (None, [set, ..]) => Some(format!(
            "its aftermath (set {set}) is in force, and the side is not marked with it"
        )),
        (Some(set), _) => Some(format!(
            "it is marked with set {set}, which is not its aftermath in force"
        )),
    }
}

/// What is wrong with a battle's `cancelled` mark, given whether the set that planned it
/// (`battle new`) is undone: undoing that set is what cancels a battle (`BattleUndo::Cancel`).
pub fn cancelled_problem(cancelled: bool, planning_undone: bool) -> Option<String> {
    (cancelled != planning_undone).then(|| match cancelled {
        true => "it is marked cancelled, and the set that planned it is not undone".to_string(),
        false => "the set that planned it is undone, and it is not marked cancelled".to_string(),
    })
}

/// What is wrong with a stored time: ptg writes the moment a command ran as RFC 3339 UTC to the
/// second ("2026-11-24T05:27:57Z", `store::now`); anything else (a day that is not in the
/// calendar, another form) no command wrote.
pub fn time_problem(text: &str) -> Option<String> {
    match chrono::DateTime::parse_from_rfc3339(text) {
        Ok(t)
            if t.with_timezone(&chrono::Utc)
                .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
                == text =>
        {
            None
        }
        Ok(_) => Some(format!(
            "'{}' is not a time as ptg writes one (UTC to the second, like 2026-11-24T05:27:57Z)",
            short(text)
        )),
        Err(e) => Some(format!("'{}' is not a real date and time ({e})", short(text))),
    }
}

fn short(text: &str) -> String {
    text.chars().take(40).flat_map(char::escape_default).collect()
}

/// The battles of the roster whose sides or twists no command would have written: sides
/// other than two (side 0 and 1, two rosters), twists outside the battle's rounds.
pub fn battles(roster: &Roster, battles: &[&Battle], battle_rounds: u32) -> Vec<Finding> {
    let mut out = Vec::new();
    for b in battles {
        let sides: Vec<(i64, i64)> = b.sides.iter().zip(0..).map(|(s, i)| (s.roster_id, i)).collect();
        let results: Vec<_> = b.sides.iter().map(|s| s.result).collect();
        let problem =
            sides_problem(&sides).or_else(|| results_problem(b.status == BattleStatus::Fought, &results));
        if let Some(problem) = problem {
            out.push(finding(Check::Rows, roster, format!("battle {}: {problem}", b.id)).battle(Some(b.id)));
        }
        for t in &b.twists {
            if let Some(problem) = twist_round_problem(i64::from(t.round), battle_rounds) {
                out.push(
                    finding(
                        Check::Rows,
                        roster,
                        format!(
                            "battle {}'s twist {} (round {}): {problem}",
                            b.id, t.twist, t.round
                        ),
                    )
                    .battle(Some(b.id)),
                );
            }
        }
    }
    out
}

/// A roll of the dice log as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredRoll {
    pub id: i64,
    pub set: i64,
    pub expression: String,
    /// `None` when the stored faces cannot be read as whole numbers.
    pub faces: Option<Vec<i64>>,
    pub total: i64,
}

/// The rolls of the roster's change sets (`rolls`) that are not dice of their expression, and
/// the sets of its log whose time no command wrote.
pub fn dice_and_times(roster: &Roster, log: &[LoggedSet], rolls: &[StoredRoll]) -> Vec<Finding> {
    let mut out = Vec::new();
    for set in log {
        let marked = |id: i64| log.iter().find(|s| s.id == id).map(|s| s.undone_by);
        let undo = set.undoes.and_then(|u| Some((u, marked(u)?)));
        if let Some(problem) = undo.and_then(|(u, by)| undo_problem(set.id, u, by)) {
            out.push(
                finding(
                    Check::Rows,
                    roster,
                    format!("change set {}, undoes: {problem}", set.id),
                )
                .battle(set.battle_id)
                .set(Some(set.id)),
            );
        }
        if let Some(problem) = time_problem(&set.created_at) {
            out.push(
                finding(
                    Check::Rows,
                    roster,
                    format!("change set {}, created_at: {problem}", set.id),
                )
                .battle(set.battle_id)
                .set(Some(set.id)),
            );
        }
    }
    for r in rolls {
        let problem = match &r.faces {
            None => Some(("faces", "they cannot be read as whole numbers".to_string())),
            Some(faces) => roll_problem(&r.expression, faces, r.total),
        };
        if let Some((column, problem)) = problem {
            out.push(
                finding(Check::Rows, roster, format!("roll {}, {column}: {problem}", r.id)).set(Some(r.set)),
            );
        }
    }
    out
}

/// What is wrong with an enhancement from the table `table` on a unit of `warscroll` with
/// `keywords` of `faction`: `None` when the table is open to it (a table listing no units is
/// open to HEROes) or is not the faction's. The keywords are the current data's where it still
/// has the warscroll, so stored keywords cannot vouch for themselves.
pub fn enhancement_problem(
    faction: &Faction,
    warscroll: &str,
    keywords: &[String],
    table: &str,
) -> Option<String> {
    let t = faction
        .enhancement_tables
        .iter()
        .find(|t| t.name.same_name(table))?;
    let keywords = faction
        .unit(warscroll)
        .map_or(keywords, |w| w.keywords.as_slice());
    if enhancement_eligible_by(t, warscroll, keywords) {
        return None;
    }
    Some(match t.eligible.is_empty() {
        true => format!("is not a HERO, and {} is open to HEROes only", t.name),
        false => {
            let mut open: Vec<&str> = t.eligible.iter().map(String::as_str).take(4).collect();
            if t.eligible.len() > 4 {
                open.push("...");
            }
            format!(
                "cannot take one from {}, open to {} only",
                t.name,
                open.join(", ")
            )
        }
    })
}

/// Enhancements held by a unit their table is not open to ([`enhancement_problem`]).
pub fn enhancement_holders(factions: &Factions, roster: &Roster) -> Vec<Finding> {
    let mut out = Vec::new();
    for u in roster.active_units() {
        let faction = match &u.ally {
            Some(a) => factions.allies.iter().find(|f| f.name == *a).copied(),
            None => Some(factions.own),
        };
        let Some(faction) = faction else { continue };
        for e in &u.enhancements {
            if let Some(problem) = enhancement_problem(faction, &u.warscroll, &u.keywords, &e.table) {
                out.push(
                    finding(
                        Check::Rows,
                        roster,
                        format!("{} holds the enhancement {}, but it {problem}", u.label(), e.name),
                    )
                    .unit(u),
                );
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_battle_has_two_sides_of_two_rosters() {
        assert_eq!(sides_problem(&[(1, 0), (2, 1)]), None);
        assert_eq!(sides_problem(&[(2, 1), (1, 0)]), None);
        assert!(sides_problem(&[(1, 0)]).unwrap().contains("1 side(s)"));
        assert!(sides_problem(&[]).unwrap().contains("none"));
        assert!(sides_problem(&[(1, 0), (1, 1)]).unwrap().contains("both"));
        assert!(sides_problem(&[(1, 0), (2, 0)]).unwrap().contains("not 0 and 1"));
    }

    #[test]
    fn a_fought_battle_has_a_result_and_its_opposite() {
        use BattleResult::{Draw, MajorDefeat, MajorVictory};
        assert_eq!(results_problem(false, &[None, None]), None);
        assert_eq!(
            results_problem(true, &[Some(MajorVictory), Some(MajorDefeat)]),
            None
        );
        assert_eq!(results_problem(true, &[Some(Draw), Some(Draw)]), None);
        assert!(results_problem(true, &[Some(Draw), Some(MajorDefeat)]).is_some());
        assert!(results_problem(true, &[None, None]).is_some());
        assert!(results_problem(false, &[Some(Draw), Some(Draw)]).is_some());
    }

    #[test]
    fn a_roll_is_dice_of_its_expression() {
        assert_eq!(roll_problem("D6", &[6], 6), None);
        assert_eq!(roll_problem("2D6", &[6, 6], 12), None);
        assert_eq!(roll_problem("D3+3", &[1], 4), None);
        assert_eq!(roll_problem("D6", &[7], 7).unwrap().0, "faces");
        assert_eq!(roll_problem("D6", &[0], 0).unwrap().0, "faces");
        assert_eq!(roll_problem("2D6", &[6], 6).unwrap().0, "faces");
        let (column, words) = roll_problem("2D6", &[6, 6], 13).unwrap();
        assert_eq!(column, "total");
        assert!(words.contains("totals 2 to 12"), "{words}");
        assert_eq!(roll_problem("d6", &[3], 3).unwrap().0, "expression");
        assert_eq!(roll_problem("banana", &[3], 3).unwrap().0, "expression");
    }

    #[test]
    fn a_twist_and_an_aftermath_are_linked_as_the_commands_link_them() {
        assert_eq!(
            twist_roll_problem(2, "twist, battle round 2 (Relics of Myth)"),
            None
        );
        assert!(twist_roll_problem(3, "twist, battle round 2 (Relics of Myth)").is_some());
        assert!(twist_roll_problem(2, "renown for Liberators").is_some());
        assert_eq!(cancelled_problem(true, true), None);
        assert!(cancelled_problem(true, false).is_some());
        assert!(cancelled_problem(false, true).is_some());
        assert_eq!(aftermath_link_problem(None, &[]), None);
        assert_eq!(aftermath_link_problem(Some(7), &[7]), None);
        assert!(aftermath_link_problem(None, &[7]).is_some());
        assert!(aftermath_link_problem(Some(8), &[7]).is_some());
        assert!(aftermath_link_problem(Some(8), &[]).is_some());
    }

    #[test]
    fn a_twist_is_in_a_round_of_the_battle() {
        assert_eq!(twist_round_problem(1, 5), None);
        assert_eq!(twist_round_problem(5, 5), None);
        assert!(twist_round_problem(8, 5).unwrap().contains("no round 8"));
        assert!(twist_round_problem(0, 5).is_some());
    }

    #[test]
    fn a_time_is_a_real_one_as_ptg_writes_it() {
        assert_eq!(time_problem("2026-11-24T05:27:57Z"), None);
        assert_eq!(time_problem("2024-02-29T00:00:00Z"), None);
        for bad in [
            "2026-02-30T10:00:00Z",
            "2026-13-01T00:00:00Z",
            "2026-11-24T25:00:00Z",
            "yesterday",
            "2026-11-24",
            "2026-11-24T05:27:57+01:00",
            "2026-11-24T05:27:57.123Z",
            "2026-11-24 05:27:57",
        ] {
            assert!(time_problem(bad).is_some(), "{bad}");
        }
    }
}
