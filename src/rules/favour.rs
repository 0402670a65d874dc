//! Favour points (option `favour`, The Blasted Wastes II): a roster of a Chaos god's factions
//! fighting in that god's realm (Mount Hedon for SLAANESH, the Crystalline Shores for
//! TZEENTCH) gains favour for a victory there and loses some for a loss, never below the
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
    let reason = format!("{} at {}", result, realm.name);
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
    let rolled = roller.roll(expr, format!("favour lost ({})", realm.name))?;
    let index = roller.rolls.len() - 1;
    let rolled = u32::try_from(rolled).unwrap_or(0);
    let lost = rolled.min(roster.favour.saturating_sub(f.minimum));
    Ok(Some(Change::LoseFavour {
        amount: lost,
        reason: format!(
            "the favour of {}: {rolled} lost for a {reason}{}",
            f.god,
            if lost < rolled {
                format!(", {lost} taken (favour stops at {})", f.minimum)
            } else {
                String::new()
            }
        ),
        roll: Some(index),
    }))
}

/// Refuses favour for a roster that keeps none (a test and a typed command share it).
pub fn check_keeps_favour(realms: &[&Realm], roster: &Roster) -> Result<(), RuleError> {
    match god_of_roster(realms, roster) {
        Some(_) => Ok(()),
        None => refuse(
            "favour",
            format!(
                "{} ({}) keeps no favour: only rosters of the gods a realm names (SLAANESH at Mount Hedon, TZEENTCH at the Crystalline Shores) do",
                roster.name, roster.faction
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
