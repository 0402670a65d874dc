//! Favour points (option `favour`, The Blasted Wastes II): a roster of a Chaos god's factions
//! fighting in that god's realm (SLAANESH on Mount Hedon, TZEENTCH on the Crystalline
//! Shores) gains favour for a victory there and loses some for a loss, never below the
//! realm's minimum. The numbers are each realm's `[favour]` table.

use super::battle::BattleResult;
use super::change::Change;
use super::dice::Roller;
use super::limits::{MAX_FAVOUR, MAX_FAVOUR_CHANGE, check_range};
use super::model::Roster;
use super::{RuleError, refuse};
use crate::catalogue::Realm;
use crate::catalogue::dice::DiceExpr;
use crate::catalogue::options::Favour;
use crate::fix::Fix;
use crate::names::SameName;

/// Whether a roster of `faction` led by a warlord with `warlord_keywords` belongs to the god of
/// this favour: its faction is named, or its warlord has the god's keyword.
fn belongs(f: &Favour, faction: &str, warlord_keywords: &[String]) -> bool {
    f.factions.iter().any(|x| x.same_name(faction)) || warlord_keywords.iter().any(|k| k.same_name(&f.god))
}

/// The god whose favour a roster of `faction` keeps, if any realm's favour names its faction
/// or its warlord has the god's keyword.
pub fn god_of<'a>(realms: &[&'a Realm], faction: &str, warlord_keywords: &[String]) -> Option<&'a str> {
    realms
        .iter()
        .filter_map(|r| r.favour.as_ref())
        .find(|f| belongs(f, faction, warlord_keywords))
        .map(|f| f.god.as_str())
}

/// The god whose favour `roster` keeps (see [`god_of`]).
pub fn god_of_roster<'a>(realms: &[&'a Realm], roster: &Roster) -> Option<&'a str> {
    god_of(realms, &roster.faction, warlord_keywords(roster))
}

fn warlord_keywords(roster: &Roster) -> &[String] {
    roster.warlord().map(|w| w.keywords.as_slice()).unwrap_or(&[])
}

/// The favour a roster's battle at `realm` earns or costs it: `victory` points for a major or
/// minor victory, `defeat` (rolled) for a major or minor defeat, never below `minimum`; none
/// for a draw, for a realm without favour or for a roster of another god. The change records
/// what the total really moved, so undo puts back exactly that.
pub fn plan_favour(
    realm: &Realm,
    roster: &Roster,
    result: BattleResult,
    roller: &mut Roller,
) -> Result<Option<Change>, RuleError> {
    let Some(f) = realm
        .favour
        .as_ref()
        .filter(|f| belongs(f, &roster.faction, warlord_keywords(roster)))
    else {
        return Ok(None);
    };
    let reason = format!("{result} {}", realm.phrase());
    if result.is_victory() {
        return Ok(Some(Change::GainFavour {
            amount: f.victory,
            reason: format!("the favour of {} for a {reason}", f.god),
            roll: None,
        }));
    }
    if result == BattleResult::Draw {
        return Ok(None);
    }
    let Some(expr) = DiceExpr::parse(&f.defeat) else {
        return refuse(
            "favour",
            format!("{}'s favour loss '{}' is not dice", realm.name, f.defeat),
        );
    };
    let rolled = roller.roll(expr, format!("favour lost {}", realm.phrase()))?;
    let index = roller.rolls.len() - 1;
    let rolled = u32::try_from(rolled).unwrap_or(0);
    let lost = rolled.min(roster.favour.saturating_sub(f.minimum));
    Ok(Some(Change::LoseFavour {
        amount: lost,
        reason: format!(
            "the favour of {} for a {reason}; {}",
            f.god,
            loss_words(&expr.to_string(), rolled, lost, f.minimum)
        ),
        roll: Some(index),
    }))
}

/// What a favour die took, as a referee says it: "D3 rolled 2: 2 lost", "D3 rolled 3: 1
/// lost, favour stops at 0", or, when the floor cancels the loss whole, "D3 rolled 2: favour
/// stays at 0".
pub fn loss_words(dice: &str, rolled: u32, lost: u32, minimum: u32) -> String {
    match lost {
        0 if rolled > 0 => format!("{dice} rolled {rolled}: favour stays at {minimum}"),
        _ if lost < rolled => format!("{dice} rolled {rolled}: {lost} lost, favour stops at {minimum}"),
        _ => format!("{dice} rolled {rolled}: {lost} lost"),
    }
}

/// Refuses favour for a roster that keeps none (a test and a typed command share it).
pub fn check_keeps_favour(realms: &[&Realm], roster: &Roster) -> Result<(), RuleError> {
    let gods: Vec<String> = realms
        .iter()
        .filter_map(|r| Some(format!("{} {}", r.favour.as_ref()?.god, r.phrase())))
        .collect();
    match god_of_roster(realms, roster) {
        Some(_) => Ok(()),
        None => refuse(
            "favour",
            format!(
                "{} ({}) keeps no favour: only rosters of the gods a realm names ({}) do",
                roster.name,
                roster.faction,
                gods.join(", ")
            ),
        ),
    }
}

/// `roster favour`: favour given or taken by hand (a club's own rule, a correction), logged
/// like any change: refused for a roster that keeps no favour, for a campaign without the
/// option, and below 0.
pub fn plan_adjust(
    realms: &[&Realm],
    roster: &Roster,
    delta: i64,
    reason: &str,
) -> Result<super::Outcome, RuleError> {
    let reason = crate::rules::names::check_note("reason", reason, true)?;
    if !roster.options.favour {
        return Err(RuleError::new(
            "favour",
            format!("the campaign '{}' does not play favour", roster.campaign),
        )
        .fix(Fix::turn(roster.campaign.clone(), "realms,favour", true)));
    }
    check_keeps_favour(realms, roster)?;
    check_range("favour", delta, -MAX_FAVOUR_CHANGE..=MAX_FAVOUR_CHANGE)?;
    let amount = u32::try_from(delta.unsigned_abs()).unwrap_or(u32::MAX);
    if delta == 0 {
        return refuse("favour", "give a change of favour other than 0, e.g. 1 or -1");
    }
    if delta > 0 && i64::from(roster.favour) + delta > MAX_FAVOUR {
        return refuse(
            "favour",
            format!(
                "{} has {} favour, so it cannot gain {delta}; favour stops at {MAX_FAVOUR}",
                roster.name, roster.favour
            ),
        );
    }
    if delta < 0 && amount > roster.favour {
        return refuse(
            "favour",
            format!(
                "{} has {} favour, so it cannot lose {amount}; favour never goes below 0",
                roster.name, roster.favour
            ),
        );
    }
    let reason = reason.trim().to_string();
    let mut out = super::Outcome::new(format!("{}: favour {delta:+} ({reason})", roster.name));
    out.push(match delta > 0 {
        true => Change::GainFavour {
            amount,
            reason,
            roll: None,
        },
        false => Change::LoseFavour {
            amount,
            reason,
            roll: None,
        },
    });
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::Catalogue;
    use crate::rules::dice::TypedDice;
    use crate::rules::roster::tests::empty_roster;

    /// The line history shows for a SLAANESH roster holding `held` favour that loses a major
    /// defeat on Mount Hedon with `die` on the D3.
    fn loss_line(held: u32, die: u32) -> String {
        let cat = Catalogue::bundled().expect("bundled data");
        let mut r = empty_roster();
        r.faction = "Hedonites of Slaanesh".into();
        r.favour = held;
        let mut dice = TypedDice::new([die]);
        let mut roller = Roller::new(&mut dice);
        let realm = cat.realm("Mount Hedon").unwrap();
        let change = plan_favour(realm, &r, BattleResult::MajorDefeat, &mut roller)
            .unwrap()
            .expect("a favour change");
        assert_eq!(roller.rolls[0].purpose, "favour lost on Mount Hedon");
        change.describe()
    }

    /// Issue #38: a favour line says the die and what was lost, and never "no favour lost …
    /// 2 lost".
    #[test]
    fn a_favour_loss_says_the_die_and_what_the_floor_left() {
        assert_eq!(
            loss_line(5, 2),
            "-2 favour (the favour of SLAANESH for a major defeat on Mount Hedon; D3 rolled 2: 2 lost)"
        );
        assert_eq!(
            loss_line(1, 3),
            "-1 favour (the favour of SLAANESH for a major defeat on Mount Hedon; D3 rolled 3: 1 lost, favour stops at 0)"
        );
        let none = loss_line(0, 2);
        assert_eq!(
            none,
            "no favour lost (the favour of SLAANESH for a major defeat on Mount Hedon; D3 rolled 2: favour stays at 0)"
        );
        assert!(!none.contains("2 lost"), "{none}");
    }

    #[test]
    fn loss_words_name_the_die_the_loss_and_the_floor() {
        assert_eq!(loss_words("D3", 3, 3, 0), "D3 rolled 3: 3 lost");
        assert_eq!(
            loss_words("D3", 3, 2, 1),
            "D3 rolled 3: 2 lost, favour stops at 1"
        );
        assert_eq!(loss_words("D6", 4, 0, 2), "D6 rolled 4: favour stays at 2");
    }

    #[test]
    fn a_roster_of_no_god_is_told_each_god_and_where_in_the_realms_words() {
        let cat = Catalogue::bundled().expect("bundled data");
        let realms = cat.realms().unwrap();
        let mut r = empty_roster();
        r.faction = "Stormcast Eternals".into();
        let err = check_keeps_favour(&realms, &r).unwrap_err().to_string();
        assert!(
            err.contains("SLAANESH on Mount Hedon") && err.contains("TZEENTCH on the Crystalline Shores"),
            "{err}"
        );
    }
}
