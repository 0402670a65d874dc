//! What a page of `ptg serve` shows, read in one transaction (issue #32): the page loads what
//! it shows once (a roster with its faction, battlepack and campaign) and works out each of
//! its sections from that, rather than each section loading it again, and it shows one moment
//! of the league while others write.

use super::roster::Shown;
use super::undo::{Preview, Scope};
use crate::catalogue::Catalogue;
use crate::error::Result;
use crate::ids::RosterId;
use crate::rules::afford::Affordable;
use crate::rules::roster::CheckReport;
use crate::store::Store;
use crate::store::battle_lines::{self, BattleLine};

/// A roster's page: the roster as `roster show` has it, what `roster check` finds, what its
/// glory buys (`roster afford`), the command its undo would take back, and its battles.
pub struct RosterPage<'a> {
    pub shown: Shown<'a>,
    pub report: CheckReport,
    pub offers: Affordable,
    /// What `undo --roster` would take back, if anything.
    pub latest: Option<Preview>,
    /// The battles it fought or will fight, newest first, one line each.
    pub battles: Vec<BattleLine>,
}

/// Roster `roster`'s page, in one read transaction.
pub fn roster_page<'a>(cat: &'a Catalogue, store: &mut Store, roster: RosterId) -> Result<RosterPage<'a>> {
    store.read(|conn| {
        let shown = super::roster::shown(cat, conn, roster)?;
        let s = &shown.subject;
        let report = crate::rules::roster::check(s.pack, &s.factions(), &s.roster);
        let offers = crate::rules::afford::affordable(s.pack, s.faction, &s.roster);
        let scope = Scope {
            roster: Some(roster),
            campaign: None,
            player_only: false,
        };
        // Nothing to undo is no error here: the page shows no undo button.
        let latest = super::undo::preview_in(conn, scope).ok();
        let battles = battle_lines::of_roster(conn, roster.get())?;
        Ok(RosterPage {
            shown,
            report,
            offers,
            latest,
            battles,
        })
    })
}

/// The sides still waiting on someone (an army to record, an aftermath to run), of campaign
/// `campaign`'s battles or of roster `roster`'s: what a page's "What's next" lists.
pub fn open_sides(
    store: &mut Store,
    campaign: Option<crate::ids::CampaignId>,
    roster: Option<RosterId>,
) -> Result<Vec<crate::store::open_sides::OpenSide>> {
    store.read(|conn| {
        Ok(crate::store::open_sides::open_sides(
            conn,
            campaign.map(|c| c.0),
            roster.map(RosterId::get),
        )?)
    })
}
