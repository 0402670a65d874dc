//! What the faction data's marks on a warscroll allow on an Order of Battle: a Legends
//! warscroll joins only in a campaign that allows Legends; an Anvil of Apotheosis hero (a hero
//! built from parts, which ptg cannot build yet) never joins; and an Order of Battle holds no
//! more units of a warscroll another unit unlocks than of that unit (one Wolfgit Retinue per
//! Snarlboss). Also which units the current data no longer has (a seasonal warscroll dropped
//! since they joined): they stay on the Order of Battle at the points recorded, and are marked.
//!
//! Every path that puts a warscroll on an Order of Battle (the warlord, `roster add`, an
//! aftermath's new unit) calls [`check_may_join`] and [`check_unlocks`]; `roster check` and the
//! audit report the same marks on the units there now through [`against_current_data`].

use super::allies::Factions;
use crate::catalogue::{Faction, Warscroll};
use crate::fix::{Action, Fix};
use crate::names::SameName;
use crate::rules::model::{Roster, Unit};
use crate::rules::{RuleError, refuse};

/// What a campaign lets a roster field, with the campaign's name for the messages that say
/// how to change it.
#[derive(Debug, Clone, Copy)]
pub struct Allowed<'a> {
    pub campaign: &'a str,
    pub legends: bool,
}

impl<'a> Allowed<'a> {
    /// What the roster's campaign allows (loaded with the roster).
    pub fn of(roster: &'a Roster) -> Allowed<'a> {
        Allowed {
            campaign: &roster.campaign,
            legends: roster.legends_allowed,
        }
    }
}

/// Refuses a warscroll that may not join an Order of Battle of this campaign at all: an Anvil
/// of Apotheosis hero, or a Legends warscroll where Legends are not allowed.
pub fn check_may_join(w: &Warscroll, allowed: Allowed) -> Result<(), RuleError> {
    if w.anvil_of_apotheosis {
        return refuse(
            "anvil of apotheosis",
            format!(
                "{} is an Anvil of Apotheosis hero, built from parts, which ptg cannot build yet; pick another unit",
                w.name
            ),
        );
    }
    if w.legends && !allowed.legends {
        let c = allowed.campaign;
        return Err(RuleError::new(
            "legends",
            format!(
                "{} is a Legends warscroll, and campaign '{c}' does not allow Legends; pick another unit",
                w.name
            ),
        )
        .fix(Fix::act(Action::AllowLegends {
            campaign: c.to_string(),
        })));
    }
    Ok(())
}

/// A warscroll held more times than the unit that unlocks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OverUnlocked {
    pub warscroll: String,
    pub unlocked_by: String,
    /// Units of `warscroll` on the Order of Battle.
    pub count: usize,
    /// Units of `unlocked_by` on the Order of Battle.
    pub unlocking: usize,
}

impl OverUnlocked {
    fn excess(&self) -> usize {
        self.count.saturating_sub(self.unlocking)
    }
}

/// Every unlocked warscroll of the faction that `units` (the warscrolls of the units on an
/// Order of Battle) hold more of than of its unlocking unit.
fn over_unlocked(faction: &Faction, units: &[&str]) -> Vec<OverUnlocked> {
    let count = |name: &str| units.iter().filter(|u| u.same_name(name)).count();
    faction
        .units
        .iter()
        .filter_map(|w| {
            let by = w.unlocked_by.as_deref()?;
            let o = OverUnlocked {
                warscroll: w.name.clone(),
                unlocked_by: by.to_string(),
                count: count(&w.name),
                unlocking: count(by),
            };
            (o.excess() > 0).then_some(o)
        })
        .collect()
}

/// Refuses a change to an Order of Battle (the warscrolls of its units `before` and `after`)
/// that leaves more units of an unlocked warscroll than of the unit unlocking it: a second
/// Wolfgit Retinue with one Snarlboss, or retiring the only Snarlboss of a Wolfgit Retinue.
/// An excess the roster already had (the data changed under it) does not block its other
/// changes; `roster check` and the audit report it.
pub fn check_unlocks(faction: &Faction, before: &[&str], after: &[&str]) -> Result<(), RuleError> {
    let Some(now) = new_excess(faction, before, after) else {
        return Ok(());
    };
    let (w, by) = (&now.warscroll, &now.unlocked_by);
    let unlocking_before = before.iter().filter(|u| u.same_name(by)).count();
    let fix = if now.unlocking < unlocking_before {
        format!("keep the {by}, or retire a {w} as well")
    } else {
        format!("add a {by} first")
    };
    refuse(
        "unlocked units",
        format!(
            "{w} is unlocked by {by}: an Order of Battle holds no more {w} than {by}, and this would leave {} {w} with {} {by}; {fix}",
            now.count, now.unlocking
        ),
    )
}

/// The first unlocked warscroll that `after` holds more of, beyond its unlocking units, than
/// `before` did: what [`check_unlocks`] refuses, for callers that word the refusal their own
/// way (`roster remove`).
pub(super) fn new_excess(faction: &Faction, before: &[&str], after: &[&str]) -> Option<OverUnlocked> {
    let was = over_unlocked(faction, before);
    over_unlocked(faction, after).into_iter().find(|now| {
        let had = was
            .iter()
            .find(|o| o.warscroll == now.warscroll)
            .map_or(0, OverUnlocked::excess);
        now.excess() > had
    })
}

/// The warscrolls of the units on the Order of Battle (not retired), for [`check_unlocks`].
pub fn active_warscrolls(roster: &Roster) -> Vec<&str> {
    roster.active_units().map(|u| u.warscroll.as_str()).collect()
}

/// What the current data says about a unit on the Order of Battle, or about the whole of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataMark {
    /// The faction data no longer has the unit's warscroll: a note, never a broken rule.
    NotInData,
    /// A Legends warscroll in a campaign that does not allow Legends.
    Legends,
    /// An Anvil of Apotheosis hero, which ptg cannot build.
    Anvil,
    /// More units of a warscroll than of the unit that unlocks it.
    OverUnlocked,
}

impl DataMark {
    /// The rule's short name, as `roster check` reports it.
    pub fn rule(self) -> &'static str {
        match self {
            DataMark::NotInData => "current data",
            DataMark::Legends => "legends",
            DataMark::Anvil => "anvil of apotheosis",
            DataMark::OverUnlocked => "unlocked units",
        }
    }

    /// False for a unit the data no longer has: it keeps the points it was recorded at and
    /// plays on, so it is noted rather than reported as a broken rule.
    pub fn breaks_a_rule(self) -> bool {
        !matches!(self, DataMark::NotInData)
    }
}

/// One thing [`against_current_data`] found.
#[derive(Debug, Clone, PartialEq)]
pub struct DataFinding<'a> {
    pub mark: DataMark,
    /// The unit it is about (for too many unlocked units, the latest to join).
    pub unit: Option<&'a Unit>,
    pub message: crate::fix::Worded,
}

/// Whether the faction data as it is now has the unit's warscroll (an allied unit's in its
/// own faction).
pub fn in_current_data(factions: &Factions, unit: &Unit) -> bool {
    factions.warscroll(unit).is_some()
}

/// The units on the Order of Battle (not retired) checked against the faction data as it is
/// now and the campaign's settings: units the data no longer has, Legends units where Legends
/// are not allowed, Anvil of Apotheosis heroes, and unlocked units over their unlocking units.
pub fn against_current_data<'a>(factions: &Factions, roster: &'a Roster) -> Vec<DataFinding<'a>> {
    let faction = factions.own;
    let mut out = Vec::new();
    for u in roster.active_units() {
        let mut mark = |mark: DataMark, message: crate::fix::Worded| {
            out.push(DataFinding {
                mark,
                unit: Some(u),
                message,
            })
        };
        let Some(w) = factions.warscroll(u) else {
            mark(
                DataMark::NotInData,
                format!(
                    "{} is not in the current data (the {} data dropped its warscroll after it joined); it stays on the Order of Battle at the {} points recorded",
                    u.label(),
                    u.ally.as_deref().unwrap_or(&faction.name),
                    u.cost()
                )
                .into(),
            );
            continue;
        };
        if w.anvil_of_apotheosis {
            mark(
                DataMark::Anvil,
                format!(
                    "{} is an Anvil of Apotheosis hero, which ptg cannot build yet; retire it",
                    u.label()
                )
                .into(),
            );
        }
        if w.legends && !roster.legends_allowed {
            let c = &roster.campaign;
            mark(
                DataMark::Legends,
                crate::fix::Worded::with(
                    format!(
                        "{} is a Legends warscroll, and campaign '{c}' does not allow Legends; retire it, or allow them with {{do}}",
                        u.label()
                    ),
                    crate::fix::Action::AllowLegends { campaign: c.clone() },
                ),
            );
        }
    }
    for o in over_unlocked(faction, &active_warscrolls(roster)) {
        let latest = roster
            .active_units()
            .filter(|u| u.warscroll.same_name(&o.warscroll))
            .max_by_key(|u| u.id);
        out.push(DataFinding {
            mark: DataMark::OverUnlocked,
            unit: latest,
            message: format!(
                "the Order of Battle holds {} {} but {} {}, which unlocks it (no more {} than {}); retire {} {} or add a {}",
                o.count,
                o.warscroll,
                o.unlocking,
                o.unlocked_by,
                o.warscroll,
                o.unlocked_by,
                o.excess(),
                o.warscroll,
                o.unlocked_by
            )
            .into(),
        });
    }
    out
}

#[cfg(test)]
mod tests;
