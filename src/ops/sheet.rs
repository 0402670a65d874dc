//! The printable roster's view model, built from one consistent read of the roster, its
//! recent battles and its newest notable changes: what a printed roster holds, read alone
//! (issue 42), so a sheet costs the same after ten years of battles as after ten.

use super::load_shown_subject;
use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::ids::RosterId;
use crate::sheet::view::{NOTABLE_KINDS, RECENT_BATTLES, RECENT_EVENTS};
use crate::sheet::{self, Sheet, SheetInput};
use crate::store::{Store, battles, kept, notable, rosters};

/// The roster sheet of `roster`, printed on `printed`.
pub fn view(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    printed: chrono::NaiveDate,
) -> Result<Sheet> {
    store.read(|conn| {
        let id = roster.get();
        let events = notable::newest(conn, id, NOTABLE_KINDS, RECENT_EVENTS)?;
        // The Order of Battle, and of the units it ever had only those the events name: a
        // roster of ten years has retired hundreds (issue 42).
        let named: Vec<i64> = events
            .sets
            .iter()
            .flat_map(|s| s.changes.iter().filter_map(|c| c.unit_id))
            .collect();
        let subject = load_shown_subject(cat, conn, roster, &named)?;
        let realm = rosters::realm(conn, id)?;
        let battles = battles::recent_fought(conn, id, RECENT_BATTLES)?;
        let (_, record) = kept::of_roster(conn, id)?;
        let realms = cat.realms().unwrap_or_default();
        Ok(sheet::build(&SheetInput {
            roster: &subject.roster,
            faction: subject.faction,
            allies: &subject.allies,
            pack: subject.pack,
            realm,
            battles: &battles,
            record,
            realms: &realms,
            events: &events.sets,
            earlier_events: events.earlier,
            printed,
            favour: super::realms::favour_shown(cat, &subject.roster),
        }))
    })
}
