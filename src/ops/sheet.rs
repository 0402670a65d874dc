//! The printable roster's view model, built from one consistent read of the roster, its
//! campaign's battles and its change log.

use super::load_subject;
use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::ids::RosterId;
use crate::sheet::{self, Sheet, SheetInput};
use crate::store::{Store, battles, history, rosters};

/// The roster sheet of `roster` with all its notable events, printed on `printed`.
pub fn view(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    printed: chrono::NaiveDate,
) -> Result<Sheet> {
    store.read(|conn| {
        let subject = load_subject(cat, conn, roster)?;
        let realm = rosters::realm(conn, subject.roster.id)?;
        let battles = battles::list_of_roster(conn, subject.roster.id)?;
        let realms = cat.realms().unwrap_or_default();
        let history = history::sets(conn, Some(subject.roster.id), None)?;
        Ok(sheet::build(&SheetInput {
            roster: &subject.roster,
            faction: subject.faction,
            allies: &subject.allies,
            pack: subject.pack,
            realm,
            battles: &battles,
            realms: &realms,
            history: &history,
            printed,
            favour: super::realms::favour_shown(cat, &subject.roster),
        }))
    })
}
