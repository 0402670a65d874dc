//! The operations layer: one function per user action (cargo's `ops`). Each loads what it
//! needs from the store once, calls the engine (with a dice source when the action rolls),
//! and hands the outcome to the store to apply in one transaction. The CLI and any future
//! front end (a web server, a TUI) call these and only render what they return.
//!
//! An action that may wait on a person (dice asked at the table) reads in one transaction,
//! runs the engine with no transaction open, then writes in a second one that first checks
//! nothing it read has changed meanwhile ([`check_unchanged`]); every other action loads,
//! checks and applies inside one write transaction.

pub mod aftermath;
pub mod audit;
pub mod backup;
pub mod battle;
pub mod campaign;
pub mod correct;
pub mod data;
pub mod history;
pub mod invite;
pub mod join;
pub mod league;
pub mod lists;
pub mod lookup;
pub mod manage;
pub mod pages;
pub mod quest;
pub mod rank;
pub mod realms;
pub mod resolve;
pub mod restore;
mod result;
pub mod rolls;
pub mod roster;
pub mod session;
pub mod sheet;
pub mod sudden_death;
pub mod triumphs;
pub mod undo;

use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::{Catalogue, Faction};
use crate::error::{Error, Result, refusal};
use crate::fix::{Action, Fix};
use crate::ids::{CampaignId, RosterId};
use crate::rules::log::Command;
use crate::rules::model::Roster;
use crate::rules::roster::{Factions, ally_factions};
use crate::rules::{Outcome, RuleError};
use crate::store::{Campaign, Conn, LogContext, apply, revision, rosters};

pub use crate::store::Store;

/// Opens the database at `path` (default: the platform data folder), creating it on first
/// use; a file that is not a ptg database, or is from a newer ptg, is refused untouched.
pub fn open_store(path: Option<&std::path::Path>) -> Result<Store> {
    let path = db_path(path)?;
    crate::store::check_path(&path)?;
    Ok(Store::open(&path)?)
}

/// Opens the server's database again (a writer's or a reader's connection): its path was
/// named when it started, so a file that is no longer a database is the server's failure, not
/// a path to give again. Never creates it: one deleted or moved under the server stays gone.
pub fn reopen_store(path: &std::path::Path) -> Result<Store> {
    Ok(Store::open_served(path)?)
}

/// Whether the database of `store` answers a trivial read (`ptg serve`'s `/healthz`).
pub fn health(store: &mut Store) -> Result<()> {
    Ok(store.answers()?)
}

/// Opens the database at `path` (default: the platform data folder) only if it exists, for
/// commands that only read: they refuse rather than create an empty database or its folder.
pub fn open_existing_store(path: Option<&std::path::Path>) -> Result<Store> {
    let path = db_path(path)?;
    if path.exists() {
        crate::store::check_path(&path)?;
    }
    Ok(Store::open_existing(&path)?)
}

/// Opens the database at `path` (default: the platform data folder) if there is one, for
/// commands that read it when it is there and are complete without it (an import's check of
/// the rosters): never creates a database or its folder.
pub fn open_store_if_exists(path: Option<&std::path::Path>) -> Result<Option<Store>> {
    let path = match path {
        Some(p) => p.to_path_buf(),
        // No home folder: no default database either.
        None => match crate::store::default_path() {
            Ok(p) => p,
            Err(_) => return Ok(None),
        },
    };
    if !path.exists() {
        return Ok(None);
    }
    crate::store::check_path(&path)?;
    Ok(Some(Store::open_existing(&path)?))
}

pub fn db_path(path: Option<&std::path::Path>) -> Result<std::path::PathBuf> {
    Ok(match path {
        Some(p) => p.to_path_buf(),
        None => crate::store::default_path()?,
    })
}

/// The user's own data folder for faction and battlepack files, if the platform has one.
pub fn user_data_dir() -> Option<std::path::PathBuf> {
    crate::store::default_data_dir()
}

/// One roster with the rules it is played under: its faction and its campaign's battlepack.
pub struct Subject<'a> {
    pub pack: &'a Battlepack,
    pub faction: &'a Faction,
    /// The factions its allied units come from, as far as the data has them.
    pub allies: Vec<&'a Faction>,
    pub roster: Roster,
    pub campaign: Campaign,
}

impl Subject<'_> {
    /// The faction data its units are looked up in, allied units in their own faction's.
    pub fn factions(&self) -> Factions<'_> {
        Factions {
            own: self.faction,
            allies: &self.allies,
        }
    }
}

/// The allied factions a roster's units come from that the catalogue has (a missing one
/// leaves its units marked as not in the current data, as a dropped warscroll would).
pub fn allies_of<'a>(cat: &'a Catalogue, roster: &Roster) -> Vec<&'a Faction> {
    ally_factions(roster)
        .into_iter()
        .filter_map(|a| cat.faction(a).ok())
        .collect()
}

/// What a writing command changed: the engine's outcome and the roster after it.
pub struct Changed {
    pub outcome: Outcome,
    pub roster: Roster,
}

/// The battlepack a campaign plays, from the catalogue.
pub fn pack_of<'a>(cat: &'a Catalogue, campaign: &Campaign) -> Result<&'a Battlepack> {
    cat.battlepack(&campaign.battlepack)
        .map_err(|e| Error::refused(format!("{e}; campaign '{}' names it", campaign.name)))
}

/// Loads live roster `id` with its faction, battlepack and campaign, or refuses "there is no
/// roster with id N" (never was, or deleted, or its campaign deleted).
pub fn load_subject<'a>(cat: &'a Catalogue, conn: &Conn, id: RosterId) -> Result<Subject<'a>> {
    live_roster(conn, id)?;
    subject_by_id(cat, conn, id.get())
}

/// Refuses unless roster `id` is live in a live campaign; gives its campaign's id.
pub fn live_roster(conn: &Conn, id: RosterId) -> Result<CampaignId> {
    match rosters::live_name(conn, id.get())? {
        Some((campaign, _, _)) => Ok(CampaignId(campaign)),
        None => Err(Error::refused(format!(
            "there is no roster with id {id} (deleted, or never made)"
        ))
        .fix(Fix::act(Action::ReadRosters { campaign: None }))),
    }
}

/// Campaign `id` if it is live, or a refusal "there is no campaign with id N".
pub fn live_campaign(conn: &Conn, id: CampaignId) -> Result<Campaign> {
    Campaign::live(conn, id.get())?.ok_or_else(|| {
        Error::refused(format!(
            "there is no campaign with id {id} (deleted, or never made)"
        ))
        .fix(Fix::act(Action::ReadCampaigns))
    })
}

/// The faction a player named, or a refusal with close names and, as its fix, where the
/// factions are listed (the CLI's `ptg faction list`, a page's picker).
pub(crate) fn faction_named<'a>(cat: &'a Catalogue, name: &str) -> Result<&'a Faction> {
    cat.faction(name)
        .map_err(|e| Error::refused(e).fix(Fix::act(Action::ReadFactions)))
}

/// The faction of `roster`, or a refusal saying its data is missing.
pub(crate) fn faction_of<'a>(cat: &'a Catalogue, roster: &Roster) -> Result<&'a Faction> {
    cat.faction(&roster.faction).map_err(|e| {
        Error::refused(format!(
            "{e}; the roster's faction data is missing (was a user data file removed?)"
        ))
    })
}

/// Loads live roster `id` as a reading command shows it, with its faction, battlepack and
/// campaign: its Order of Battle and, of its retired units, only those its quest, its rewards
/// or `named` name (`rosters::load_shown`), or refuses as [`load_subject`] does. Only for
/// commands that decide nothing: every rule they apply looks at those units alone.
pub fn load_shown_subject<'a>(
    cat: &'a Catalogue,
    conn: &Conn,
    id: RosterId,
    named: &[i64],
) -> Result<Subject<'a>> {
    live_roster(conn, id)?;
    subject_of(cat, conn, rosters::load_shown(conn, id.get(), named)?)
}

/// Loads roster `id` with its faction, battlepack and campaign.
pub fn subject_by_id<'a>(cat: &'a Catalogue, conn: &Conn, id: i64) -> Result<Subject<'a>> {
    subject_of(cat, conn, rosters::load(conn, id)?)
}

/// `roster` with its faction, battlepack and campaign.
fn subject_of<'a>(cat: &'a Catalogue, conn: &Conn, roster: Roster) -> Result<Subject<'a>> {
    let id = roster.id;
    let campaign = Campaign::of_roster(conn, id)?;
    let pack = pack_of(cat, &campaign)?;
    let faction = faction_of(cat, &roster)?;
    Ok(Subject {
        pack,
        faction,
        allies: allies_of(cat, &roster),
        roster,
        campaign,
    })
}

/// Loads a roster and its rules inside one write transaction, asks `plan` for an outcome, and
/// applies it there; a refusal leaves the database as it was. `plan` is `Fn`, not `FnOnce`:
/// a busy database runs the transaction again, and planning must give the same answer.
pub fn change_roster(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    command: Command,
    plan: impl Fn(&Subject) -> Result<Outcome, RuleError>,
) -> Result<Changed> {
    change_roster_reading(cat, store, roster, command, |_, subject| Ok(plan(subject)?))
}

/// [`change_roster`] for a plan that also reads what the roster alone does not hold (e.g. the
/// battles whose armies name a unit), in the same write transaction.
pub fn change_roster_reading(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    command: Command,
    plan: impl Fn(&Conn, &Subject) -> Result<Outcome>,
) -> Result<Changed> {
    store.write(|tx| {
        let subject = load_subject(cat, tx, roster)?;
        let outcome = plan(tx, &subject)?;
        let ctx = LogContext {
            campaign_id: subject.campaign.id,
            roster_id: subject.roster.id,
            battle_id: None,
            command,
        };
        let applied = apply(tx, ctx, &outcome)?;
        // Read again only what the outcome wrote: the roster planned with is current otherwise.
        let roster = rosters::reload_after(tx, subject.roster, &outcome.changes, &applied.new_units)?;
        Ok(Changed { outcome, roster })
    })
}

/// What an action read before it waited on a person: the newest change set touching those
/// rosters and battles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadAt {
    revision: i64,
}

/// Notes the revision of what an action is about to rely on.
pub fn read_at(conn: &Conn, rosters: &[i64], battles: &[i64]) -> Result<ReadAt> {
    Ok(ReadAt {
        revision: revision(conn, rosters, battles)?,
    })
}

/// How a refusal for a stale read begins (see [`check_unchanged`], [`rerun_if_stale`]).
const CHANGED_MEANWHILE: &str = "changed meanwhile: ";

/// Inside the write transaction: refuses if anything the action read was changed by another
/// command while it waited, instead of applying an outcome worked out from stale state.
pub fn check_unchanged(conn: &Conn, was: ReadAt, rosters: &[i64], battles: &[i64]) -> Result<()> {
    if read_at(conn, rosters, battles)? != was {
        return Err(refusal(format!(
            "{CHANGED_MEANWHILE}another command changed this roster or battle while ptg waited for \
             your input, so nothing was saved; run it again"
        ))
        .into());
    }
    Ok(())
}

/// How many times a command that asked nobody runs again from its read before it is refused
/// "changed meanwhile" (each attempt is a read, the engine and a short write).
const STALE_RERUNS: usize = 20;

/// Runs `attempt` (read, plan with `dice`, write checking the read is still current). When what
/// it read changed before it wrote and it waited on nobody (`asked_nobody`, and dice that
/// rewind to the same values), it simply runs again from a fresh read: only a command that
/// really waited on a person is refused for a change made meanwhile (issue #31, item 8).
pub fn rerun_if_stale<T>(
    dice: &mut dyn crate::rules::dice::Dice,
    asked_nobody: bool,
    mut attempt: impl FnMut(&mut dyn crate::rules::dice::Dice) -> Result<T>,
) -> Result<T> {
    let mut tries = 0;
    loop {
        match attempt(dice) {
            Err(Error::Refused { message: why, .. })
                if why.starts_with(CHANGED_MEANWHILE)
                    && asked_nobody
                    && tries < STALE_RERUNS
                    && dice.rewind() =>
            {
                tries += 1;
            }
            other => return other,
        }
    }
}
