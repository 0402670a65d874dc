//! Rank-up choices: the Path ability (and at a first rank, the Path) a rank leaves to pick.

use super::{Changed, Subject, change_roster, load_subject};
use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::ids::RosterId;
use crate::rules::log::Command;
use crate::rules::renown::plan_rank_choice;
use crate::store::Store;

/// Picks `ability` (and `path` at a first rank) for a rank `unit` reached.
pub fn choose(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    unit: &str,
    ability: &str,
    path: Option<&str>,
) -> Result<Changed> {
    change_roster(cat, store, roster, Command::RankChoose, |s| {
        let u = s.roster.find_unit(unit)?;
        plan_rank_choice(s.pack, u, ability, path)
    })
}

/// The roster with its rules, to list what waits to be picked.
pub fn pending<'a>(cat: &'a Catalogue, store: &mut Store, roster: RosterId) -> Result<Subject<'a>> {
    store.read(|conn| load_subject(cat, conn, roster))
}
