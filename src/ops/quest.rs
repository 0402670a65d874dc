//! The Quest Log: starting a quest.

use super::{Changed, change_roster};
use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::ids::RosterId;
use crate::rules::log::Command;
use crate::rules::roster::plan_quest;
use crate::store::Store;

/// Starts `quest` on the roster, for `unit` or `manifestation` where the quest names one.
pub fn start(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    quest: &str,
    unit: Option<&str>,
    manifestation: Option<&str>,
) -> Result<Changed> {
    change_roster(cat, store, roster, Command::QuestStart, |s| {
        let u = unit.map(|u| s.roster.find_unit(u)).transpose()?;
        plan_quest(s.pack, s.faction, &s.roster, quest, u, manifestation)
    })
}
