//! The printable roster's view model, built from one consistent read of the roster, its
//! recent battles and its newest notable changes: what a printed roster holds, read alone
//! (issue 42), so a sheet costs the same after ten years of battles as after ten.

use super::load_subject;
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
        let subject = load_subject(cat, conn, roster)?;
        let id = subject.roster.id;
        let realm = rosters::realm(conn, id)?;
        let battles = battles::recent_fought(conn, id, RECENT_BATTLES)?;
        let (_, record) = kept::of_roster(conn, id)?;
        let events = notable::newest(conn, id, NOTABLE_KINDS, RECENT_EVENTS)?;
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
