//! Retiring the warlord (club option `retire-warlord`, `docs/RULES.md`). Step 4 lets a player
//! "retire any number of units"; ptg keeps the warlord unless the campaign turns the option on,
//! because the roster would have no one to lead it. With the option, the player names the HERO
//! who leads the roster from then on (`--warlord UNIT`), and that unit must meet the warlord
//! rules a new roster's warlord meets.

use crate::catalogue::Faction;
use crate::catalogue::battlepack::Battlepack;
use crate::fix::{Fix, Input};
use crate::rules::model::{Roster, Unit};
use crate::rules::roster::warlord_problems;
use crate::rules::{Change, RuleError, UnitRef};

/// Who hands the roster to whom: (the warlord retiring, the unit leading from now on).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Succession {
    pub from: i64,
    pub to: i64,
}

impl Succession {
    /// The old warlord steps down before the new one leads: a roster has one warlord at a time.
    pub fn changes(self) -> [Change; 2] {
        [
            Change::StepDown {
                unit: UnitRef::Existing(self.from),
            },
            Change::LeadRoster {
                unit: UnitRef::Existing(self.to),
            },
        ]
    }
}

/// The units step 4 may retire: every unit still on the Order of Battle, the warlord only when
/// the campaign plays club option `retire-warlord` (see [`check_may_retire_warlord`]). What a
/// picker offers.
pub fn retire_choices(roster: &Roster) -> Vec<&Unit> {
    roster
        .active_units()
        .filter(|u| !u.warlord || roster.options.retire_warlord)
        .collect()
}

/// Why retiring `warlord` is refused when the campaign plays without the option.
pub(super) fn check_may_retire_warlord(roster: &Roster, warlord: &Unit) -> Result<(), RuleError> {
    if roster.options.retire_warlord {
        return Ok(());
    }
    Err(RuleError::new(
        "retiring units",
        format!(
            "{} is the warlord, who leads the roster and cannot be retired; leave it out of the units retired",
            warlord.label()
        ),
    )
    .fix(Fix::turn(roster.campaign.clone(), "retire-warlord", true)))
}

/// The new warlord when this aftermath retires the warlord, checked before any die is rolled:
/// `named` (the player's `--warlord`) must be on the Order of Battle after step 4, of the
/// roster's own faction, and meet the warlord rules. `--warlord` without the warlord retiring
/// is refused too: a roster changes its leader only when the leader leaves.
pub(super) fn plan_succession(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    retired: &[i64],
    named: Option<&str>,
) -> Result<Option<Succession>, RuleError> {
    let old = roster.warlord().filter(|w| retired.contains(&w.id));
    let (old, named) = match (old, named) {
        (None, None) => return Ok(None),
        (None, Some(_)) => {
            let leader = roster.warlord().map_or("the warlord".to_string(), Unit::label);
            return Err(RuleError::new(
                "warlord",
                format!("a new warlord is named only when the warlord retires, and {leader} is not retiring"),
            )
            .fix(Fix::leave_out(Input::Warlord)));
        }
        (Some(old), None) => {
            let (why, fix) = match candidates(pack, faction, roster, retired).as_slice() {
                [] => ("no unit on the Order of Battle may lead it (a single-model HERO of the faction, not UNIQUE, within the warlord's points); keep the warlord".to_string(), None),
                some => (
                    format!(
                        "name who leads the roster from now on (one of: {})",
                        some.iter().map(|u| u.label()).collect::<Vec<_>>().join(", ")
                    ),
                    Some(Fix::give(Input::Warlord)),
                ),
            };
            let refusal = RuleError::new(
                "warlord",
                format!(
                    "retiring {} leaves the roster without a warlord; {why}",
                    old.label()
                ),
            );
            return Err(match fix {
                Some(fix) => refusal.fix(fix),
                None => refusal,
            });
        }
        (Some(old), Some(named)) => (old, named),
    };
    let new = roster.find_unit(named)?;
    let why = if new.id == old.id {
        Some("is the warlord retiring".to_string())
    } else if new.retired || retired.contains(&new.id) {
        Some("is retired, or retiring in this aftermath".to_string())
    } else {
        new.ally
            .as_ref()
            .map(|ally| format!("is an ally from {ally}, and the warlord is of the roster's own faction"))
    };
    if let Some(why) = why {
        return Err(
            RuleError::new("warlord", format!("{} {why}; name another unit", new.label()))
                .fix(Fix::give(Input::Warlord)),
        );
    }
    if let Some(broken) = warlord_problems(pack, faction, new).into_iter().next() {
        return Err(
            RuleError::new("warlord", format!("{}; name another unit", broken.message))
                .fix(Fix::give(Input::Warlord)),
        );
    }
    Ok(Some(Succession {
        from: old.id,
        to: new.id,
    }))
}

/// The units that could lead the roster once `retired` have left, for the refusal's fix.
fn candidates<'r>(
    pack: &Battlepack,
    faction: &Faction,
    roster: &'r Roster,
    retired: &[i64],
) -> Vec<&'r Unit> {
    roster
        .active_units()
        .filter(|u| !retired.contains(&u.id) && u.ally.is_none())
        .filter(|u| warlord_problems(pack, faction, u).is_empty())
        .collect()
}
