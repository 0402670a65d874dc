//! What a page of `ptg serve` shows, read in one transaction (issue #32): the page loads what
//! it shows once (a roster with its faction, battlepack and campaign; a battle with both sides'
//! rosters) and works out each of its sections from that, rather than each section loading it
//! again, and it shows one moment of the league while others write.

use super::roster::Shown;
use super::undo::{Preview, Scope};
use crate::catalogue::Catalogue;
use crate::error::{Error, Result};
use crate::ids::{CampaignId, RosterId};
use crate::rules::afford::Affordable;
use crate::rules::roster::CheckReport;
use crate::store::battle_lines::{self, Of, Page};
pub use crate::store::battle_lines::{BattleLine, Page as BattlesPage};
use crate::store::{Campaign, Store};

/// A roster's page: the roster as `roster show` has it, what `roster check` finds, what its
/// glory buys (`roster afford`), the command its undo would take back, and its battles.
pub struct RosterPage<'a> {
    pub shown: Shown<'a>,
    pub report: CheckReport,
    pub offers: Affordable,
    /// What `undo --roster` would take back, if anything.
    pub latest: Option<Preview>,
    /// The newest [`ROSTER_PAGE_BATTLES`] battles it fought or will fight, one line each, and
    /// where the older ones start.
    pub battles: Page,
    /// How many units it has retired that the page does not list (it lists only those its
    /// quest or rewards name).
    pub retired: u64,
}

/// How many of its battles a roster's page lists; the rest are a link away (issue 42).
pub const ROSTER_PAGE_BATTLES: u32 = 10;

/// How many battles one page of a list of battles shows.
pub const BATTLES_PAGE: u32 = 50;

/// Whose battles a list page shows.
#[derive(Debug, Clone, Copy)]
pub enum BattlesOf {
    Roster(RosterId),
    Campaign(CampaignId),
}

/// One page of a roster's or a campaign's battles, newest first, starting below battle
/// `before` (the newest, when none), in one read transaction.
pub fn battles(store: &mut Store, of: BattlesOf, before: Option<i64>) -> Result<Page> {
    store.read(|conn| {
        let of = match of {
            BattlesOf::Roster(r) => Of::Roster(r.get()),
            BattlesOf::Campaign(c) => Of::Campaign(c.get()),
        };
        Ok(battle_lines::page(conn, of, before, BATTLES_PAGE)?)
    })
}

/// Roster `roster`'s page, in one read transaction. What `undo` would take back is read only
/// `for_changer` (the page shows the undo form to whoever may change the roster, no one else).
pub fn roster_page<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    roster: RosterId,
    for_changer: bool,
) -> Result<RosterPage<'a>> {
    store.read(|conn| {
        // The Order of Battle and the retired units it names, not every unit it ever had: a
        // roster of ten years has retired most of them (issue 42); they are counted instead.
        let shown = super::roster::shown_on_page(cat, conn, roster)?;
        let listed = shown.subject.roster.units.iter().filter(|u| u.retired).count() as u64;
        let retired = crate::store::rosters::retired_count(conn, roster.get())?.saturating_sub(listed);
        let s = &shown.subject;
        let report = crate::rules::roster::check(s.pack, &s.factions(), &s.roster);
        let offers = crate::rules::afford::affordable(s.pack, s.faction, &s.roster);
        let scope = Scope {
            roster: Some(roster),
            campaign: None,
            player_only: false,
        };
        // Nothing to undo is no error here: the page shows no undo button.
        let latest = match for_changer {
            true => super::undo::preview_in(conn, scope).ok(),
            false => None,
        };
        let battles = battle_lines::page(conn, Of::Roster(roster.get()), None, ROSTER_PAGE_BATTLES)?;
        Ok(RosterPage {
            shown,
            report,
            offers,
            latest,
            battles,
            retired,
        })
    })
}

/// A battle's page: the battle as `battle show` has it with both sides' rosters, its
/// campaign's name, what each side still to run its aftermath can buy with its glory, the
/// sudden death objectives to pick from, and the battle's dice.
pub struct BattlePage<'a> {
    pub shown: super::battle::Shown<'a>,
    /// Its campaign's name; none once the campaign is deleted (its battles are kept).
    pub league: Option<String>,
    /// What each side's glory buys, by roster, for the aftermath still to run.
    pub offers: Vec<(i64, Affordable)>,
    /// The sudden death objectives, once both armies are in (option `sudden-death`).
    pub objectives: Vec<crate::catalogue::options::Objective>,
    /// Every die of the battle from the dice log, each command's, oldest first.
    pub rolls: Vec<crate::store::rolls::RollRow>,
    /// What each side's forms may offer, as the engine decides it (issue #40: only legal offers).
    pub choices: Vec<SideChoices>,
}

/// What one side's forms offer and show before a tap: the General and the units priced as
/// recorded (its army), the favoured warriors, the units it may retire and the glory the
/// battle earns it (its aftermath). Units as (id, name players call it).
#[derive(Debug, Clone, Default)]
pub struct SideChoices {
    pub roster_id: i64,
    /// Its HEROes that may be the general: of the army recorded, only those the rules accept
    /// (a WARMASTER when one is taken; `rules::army::general_choices`).
    pub generals: Vec<(i64, String)>,
    /// Each unit on the Order of Battle and its points as recorded (twice when reinforced).
    pub costs: Vec<(i64, u64)>,
    /// The points of the army recorded for this battle, against the battle's points limit.
    pub army_points: u64,
    /// The units that may be the favoured warriors, once the army is recorded.
    pub favoured: Vec<(i64, String)>,
    /// The units step 4 may retire (the warlord only with club option `retire-warlord`).
    pub retire: Vec<(i64, String)>,
    /// The glory the battle earns the side, once its result is recorded.
    pub glory: Option<crate::rules::glory::GloryAward>,
    /// The triumph it rolled and what it does, and the triumph tables it may pick between
    /// as its army is recorded (`rules::realms::triumph_tables_offered`).
    pub triumph: super::triumphs::SideTriumph,
}

/// `roster`'s choices as side `side` of `battle`.
fn side_choices(
    pack: &crate::catalogue::battlepack::Battlepack,
    battle: &crate::rules::battle::Battle,
    side: &crate::rules::battle::Side,
    roster: &crate::rules::model::Roster,
) -> SideChoices {
    use crate::rules::model::Unit;
    let named = |units: Vec<&Unit>| -> Vec<(i64, String)> {
        units
            .into_iter()
            .map(|u| (u.id, u.display_name().to_string()))
            .collect()
    };
    let army: Vec<i64> = side.army.iter().map(|u| u.unit_id).collect();
    SideChoices {
        roster_id: roster.id,
        generals: named(crate::rules::army::general_choices(roster, &army)),
        costs: roster.active_units().map(|u| (u.id, u.cost())).collect(),
        army_points: roster
            .units
            .iter()
            .filter(|u| army.contains(&u.id))
            .map(Unit::cost)
            .sum(),
        favoured: named(crate::rules::aftermath::favoured_choices(roster, &army)),
        retire: named(crate::rules::aftermath::retire_choices(roster)),
        glory: side
            .result
            .map(|result| crate::rules::glory::award(pack, battle.points_limit, result, side.general_slain)),
        triumph: Default::default(),
    }
}

/// Battle `id`'s page, in one read transaction: each side's roster is loaded once, for the
/// battle and for what its aftermath can buy.
pub fn battle_page<'a>(cat: &'a Catalogue, store: &mut Store, id: i64) -> Result<BattlePage<'a>> {
    store.read(|conn| {
        // Each side's Order of Battle and the retired units the battle names, as `battle
        // show` reads them but for the tome, quests and rewards, which the page never shows.
        let load = crate::store::rosters::load_shown_units;
        let shown = super::battle::shown_read(cat, conn, id, Vec::new(), load)?;
        let campaign = shown.battle.campaign_id;
        let league = Campaign::live(conn, campaign)?.map(|c| c.name);
        let pack = super::pack_of(cat, &Campaign::by_id(conn, campaign)?)?;
        let objectives = match (&shown.standing, shown.rosters.first()) {
            (Some(_), Some(first)) => super::sudden_death::objectives_of(cat, pack, first)?,
            _ => Vec::new(),
        };
        let mut offers = Vec::new();
        let fought = shown.battle.status == crate::rules::battle::BattleStatus::Fought;
        for side in shown.battle.sides.iter().filter(|s| fought && !s.aftermath_done) {
            let Some(roster) = shown.rosters.iter().find(|r| r.id == side.roster_id) else {
                continue;
            };
            let offer = crate::rules::afford::affordable(pack, super::faction_of(cat, roster)?, roster);
            offers.push((roster.id, offer));
        }
        let mut choices = Vec::new();
        for side in &shown.battle.sides {
            let Some(roster) = shown.rosters.iter().find(|r| r.id == side.roster_id) else {
                continue;
            };
            let mut offered = side_choices(pack, &shown.battle, side, roster);
            offered.triumph = super::triumphs::side_triumph(cat, conn, &shown.battle, roster)?;
            choices.push(offered);
        }
        let mut rolls = Vec::new();
        crate::store::rolls::each::<Error>(conn, Some(id), None, None, |r| {
            rolls.push(r);
            Ok(())
        })?;
        Ok(BattlePage {
            shown,
            league,
            offers,
            objectives,
            rolls,
            choices,
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
