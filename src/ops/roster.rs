//! Setting up a roster and looking at it: create, add and remove units, enhancements, the Arcane Tome,
//! the realm of origin, show, list and check.

use super::{
    Changed, Subject, change_roster, change_roster_reading, live_campaign, load_shown_subject, load_subject,
    pack_of,
};
use crate::catalogue::{Battlepack, Catalogue, Faction, LoreKind};
use crate::error::{Error, Result};
use crate::ids::{CampaignId, RosterId};
use crate::rules::army::{OrderOfBattleAsArmy, check_order_of_battle};
use crate::rules::battle::check_what_if_points;
use crate::rules::log::Command;
use crate::rules::roster::{self as rules, CheckReport, Finding, WarlordChoice};
use crate::store::{Campaign, Conn, LogContext, RosterRow, Store, Tx, apply, battles, rosters};

/// What `roster new` is told.
pub struct NewRoster<'a> {
    pub name: &'a str,
    pub campaign: CampaignId,
    pub player: &'a str,
    pub faction: &'a str,
    pub warlord: WarlordChoice<'a>,
    pub realm: Option<&'a str>,
}

/// Creates a roster led by its warlord, in one transaction.
pub fn create(cat: &Catalogue, store: &mut Store, new: &NewRoster) -> Result<Changed> {
    store.write(|tx| {
        let c = live_campaign(tx, new.campaign)?;
        let pack = pack_of(cat, &c)?;
        let f = super::faction_named(cat, new.faction)?;
        create_in(tx, pack, f, &c, new)
    })
}

/// Inside an open transaction: the roster row of campaign `c` and its warlord, logged as
/// `roster new` (also the first step of `roster import`).
pub(super) fn create_in(
    tx: &Tx,
    pack: &Battlepack,
    faction: &Faction,
    c: &Campaign,
    new: &NewRoster,
) -> Result<Changed> {
    let allowed = rules::Allowed {
        campaign: &c.name,
        legends: c.legends,
    };
    let mut outcome = rules::plan_warlord(pack, faction, allowed, &new.warlord)?;
    // The realm of origin it starts with, a change of the same set as `roster realm`'s.
    if let Some(realm) = rules::manage::plan_realm(new.name, None, new.realm)? {
        outcome.changes.extend(realm.changes);
    }
    let id = rosters::create(tx, c.id, new.name, new.player, &faction.name)?;
    let ctx = LogContext {
        campaign_id: c.id,
        roster_id: id,
        battle_id: None,
        command: Command::RosterNew,
    };
    apply(tx, ctx, &outcome)?;
    let roster = rosters::load(tx, id)?;
    Ok(Changed { outcome, roster })
}

/// What `roster add` is told.
pub struct AddUnit<'a> {
    pub warscroll: &'a str,
    pub reinforced: bool,
    pub name: Option<&'a str>,
    /// The faction of an allied unit (option `allies`).
    pub ally: Option<&'a str>,
}

/// Adds a starting unit (set-up only), of the roster's faction or an ally's.
pub fn add_unit(cat: &Catalogue, store: &mut Store, roster: RosterId, add: &AddUnit) -> Result<Changed> {
    let ally = add.ally.map(|a| super::faction_named(cat, a)).transpose()?;
    change_roster(cat, store, roster, Command::RosterAdd, |s| {
        if ally.is_none() && s.faction.unit(add.warscroll).is_none() {
            let owners = owners_of(cat, add.warscroll);
            if let Some(refused) =
                crate::rules::roster::another_factions_unit(s.faction, &s.roster, add.warscroll, &owners)
            {
                return Err(refused);
            }
        }
        rules::plan_add_unit(
            s.pack,
            s.faction,
            &s.roster,
            add.warscroll,
            add.reinforced,
            add.name,
            ally,
        )
    })
}

/// The factions that have a warscroll called `warscroll` (none when the data cannot be read:
/// the refusal then stays the plain "unknown unit").
fn owners_of<'c>(cat: &'c Catalogue, warscroll: &str) -> Vec<&'c crate::catalogue::Faction> {
    let all = cat.factions().unwrap_or_default();
    all.into_iter()
        .map(|(f, _)| f)
        .filter(|f| f.unit(warscroll).is_some())
        .collect()
}

/// Takes a starting unit off the Order of Battle again (set-up only): `unit` is its id, or its
/// name or warscroll when that names one unit. Refused while a recorded army holds it.
pub fn remove_unit(cat: &Catalogue, store: &mut Store, roster: RosterId, unit: &str) -> Result<Changed> {
    change_roster_reading(cat, store, roster, Command::RosterRemove, |conn, s| {
        let u = s.roster.find_unit(unit)?;
        let armies = battles::armies_holding(conn, u.id)?;
        Ok(rules::plan_remove_starting_unit(
            s.pack,
            &s.factions(),
            &s.roster,
            u,
            &armies,
        )?)
    })
}

/// Gives an enhancement to a unit.
pub fn enhance(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    unit: &str,
    enhancement: &str,
    reason: Option<&str>,
) -> Result<Changed> {
    change_roster(cat, store, roster, Command::RosterEnhance, |s| {
        let u = s.roster.find_unit(unit)?;
        rules::plan_enhancement(s.faction, &s.roster, u, enhancement, reason)
    })
}

/// What `roster lore add` is told.
pub struct LoreEntryChoice<'a> {
    pub kind: LoreKind,
    pub name: &'a str,
    pub replace: Option<&'a str>,
    pub reason: Option<&'a str>,
}

/// Adds a spell, prayer or manifestation to the Arcane Tome.
pub fn add_lore(
    cat: &Catalogue,
    store: &mut Store,
    roster: RosterId,
    entry: &LoreEntryChoice,
) -> Result<Changed> {
    change_roster(cat, store, roster, Command::RosterLoreAdd, |s| {
        rules::plan_tome_entry(
            s.pack,
            s.faction,
            &s.roster,
            entry.kind,
            entry.name,
            entry.replace,
            entry.reason,
        )
    })
}

/// What `roster realm` did: the roster's name, its realm of origin now, and the change set
/// that set it (none when it hailed from there already: nothing was written).
pub struct RealmSet {
    pub name: String,
    pub realm: Option<String>,
    pub set_id: Option<i64>,
}

/// Sets (or with `None` clears) the realm of origin, as one change set that `ptg undo` reverses.
pub fn set_realm(store: &mut Store, roster: RosterId, realm: Option<&str>) -> Result<RealmSet> {
    store.write(|tx| {
        let campaign_id = super::live_roster(tx, roster)?.get();
        let id = roster.get();
        let name = rosters::header(tx, id)?.name;
        let was = rosters::realm(tx, id)?;
        let Some(outcome) = rules::manage::plan_realm(&name, was.as_deref(), realm)? else {
            return Ok(RealmSet {
                name,
                realm: was,
                set_id: None,
            });
        };
        let ctx = LogContext {
            campaign_id,
            roster_id: id,
            battle_id: None,
            command: Command::RosterRealm,
        };
        let set_id = apply(tx, ctx, &outcome)?.set_id;
        Ok(RealmSet {
            realm: rosters::realm(tx, id)?,
            name,
            set_id: Some(set_id),
        })
    })
}

/// A roster to show: its rules, its realm of origin, and which of its units the current
/// faction data no longer has (they stay, at the points recorded, and are marked).
pub struct Shown<'a> {
    pub subject: Subject<'a>,
    pub realm: Option<String>,
    /// Ids of the units whose warscroll is not in the current data.
    pub not_in_current_data: Vec<i64>,
    /// Its favour points, when it keeps them (option `favour`).
    pub favour: Option<u32>,
}

/// Loads a roster to show, in one read transaction: every unit it has had (the JSON and the
/// pages list the retired ones too).
pub fn show<'a>(cat: &'a Catalogue, store: &mut Store, roster: RosterId) -> Result<Shown<'a>> {
    store.read(|conn| shown_from(cat, conn, load_subject(cat, conn, roster)?))
}

/// Loads a roster to show as its Order of Battle (the terminal's `roster show`): of its
/// retired units only those its quest and rewards name, which is all the text shows.
pub fn show_order_of_battle<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    roster: RosterId,
) -> Result<Shown<'a>> {
    store.read(|conn| shown_from(cat, conn, load_shown_subject(cat, conn, roster, &[])?))
}

/// A roster to show on its page, read within the caller's transaction: its Order of Battle and,
/// of its retired units, only those its quest or rewards name (`load_shown_subject`).
pub(super) fn shown_on_page<'a>(cat: &'a Catalogue, conn: &Conn, roster: RosterId) -> Result<Shown<'a>> {
    shown_from(cat, conn, super::load_shown_subject(cat, conn, roster, &[])?)
}

fn shown_from<'a>(cat: &'a Catalogue, conn: &Conn, subject: Subject<'a>) -> Result<Shown<'a>> {
    let realm = rosters::realm(conn, subject.roster.id)?;
    let not_in_current_data = subject
        .roster
        .units
        .iter()
        .filter(|u| !rules::in_current_data(&subject.factions(), u))
        .map(|u| u.id)
        .collect();
    Ok(Shown {
        favour: super::realms::favour_shown(cat, &subject.roster),
        subject,
        realm,
        not_in_current_data,
    })
}

/// Every roster, or one campaign's.
pub fn list(store: &mut Store, campaign: Option<CampaignId>) -> Result<Vec<RosterRow>> {
    store.read(|conn| {
        let campaign_id = campaign
            .map(|c| live_campaign(conn, c))
            .transpose()?
            .map(|c| c.id);
        Ok(rosters::list(conn, campaign_id)?)
    })
}

/// `roster check`: every rule the roster breaks, and optionally the Order of Battle checked
/// as one army of `points`.
pub struct Checked<'a> {
    pub subject: Subject<'a>,
    pub report: CheckReport,
    pub army: Option<OrderOfBattleAsArmy>,
}

/// Checks a roster against the faction data as it is now.
pub fn check<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    roster: RosterId,
    points: Option<u32>,
) -> Result<Checked<'a>> {
    points.map(check_what_if_points).transpose()?;
    // The checks look at the Order of Battle, the quest's unit and the rewards' (issue #42).
    let subject = store.read(|conn| load_shown_subject(cat, conn, roster, &[]))?;
    let mut report = rules::check(subject.pack, &subject.factions(), &subject.roster);
    let army = points.map(|n| check_order_of_battle(&subject.pack.army, &subject.roster, n));
    if let Some(a) = &army {
        report.problems.extend(a.problems.iter().map(|e| Finding {
            rule: e.rule,
            message: e.message.clone().into(),
        }));
    }
    Ok(Checked {
        subject,
        report,
        army,
    })
}

/// `roster afford`: what the roster's glory buys in its next aftermath, and the roster.
pub struct Afforded<'a> {
    pub subject: Subject<'a>,
    pub offers: crate::rules::afford::Affordable,
}

/// Lists the units the roster could add and reinforce with the glory it holds, in one read
/// transaction.
pub fn afford<'a>(cat: &'a Catalogue, store: &mut Store, roster: RosterId) -> Result<Afforded<'a>> {
    // Only units on the Order of Battle are offered or counted (issue #42).
    let subject = store.read(|conn| load_shown_subject(cat, conn, roster, &[]))?;
    let offers = crate::rules::afford::affordable(subject.pack, subject.faction, &subject.roster);
    Ok(Afforded { subject, offers })
}

/// A roster found by its id (the server's addresses): its campaign and names, for the pages.
pub struct Located {
    pub id: RosterId,
    pub campaign_id: i64,
    pub campaign: String,
    /// The roster's own name.
    pub name: String,
}

/// The live roster with id `id`, or a refusal naming it.
pub fn locate(store: &mut Store, id: RosterId) -> Result<Located> {
    store.read(|conn| {
        let found = rosters::live_name(conn, id.get())?
            .ok_or_else(|| Error::refused(format!("there is no roster with id {id}")))?;
        let (campaign_id, campaign, name) = found;
        Ok(Located {
            id,
            campaign_id,
            campaign,
            name,
        })
    })
}
