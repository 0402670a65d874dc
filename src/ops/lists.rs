//! `roster import` and `roster export` (issue #18): a list read, matched against the catalogue
//! and put on a new roster (or one still in set-up) in one transaction; an Order of Battle
//! written back as app text or versioned JSON.

use super::{live_campaign, load_subject, pack_of};
use crate::catalogue::{Catalogue, Faction};
use crate::error::{Error, Refusal, Result};
use crate::fix::{Action, Fix, Input};
use crate::ids::{CampaignId, RosterId};
use crate::lists::{self, Format};
use crate::rules::import::{
    ImportUnit, Matched, check_size, drop_taken_names, leaders, match_list, pick_faction, plan_import,
};
use crate::rules::log::Command;
use crate::rules::model::Roster;
use crate::rules::roster::{self as roster_rules, Finding, WarlordChoice};
use crate::store::{Campaign, LogContext, Store, apply, lookup, rosters};

/// Where the list goes.
pub enum Target<'a> {
    /// A new roster of `campaign`.
    New {
        campaign: CampaignId,
        player: &'a str,
        /// Its name (default: the list's own name).
        name: Option<&'a str>,
        /// The warlord, when the list marks no general (a unit of the list, by warscroll).
        warlord: Option<&'a str>,
        path: Option<&'a str>,
        ability: Option<&'a str>,
    },
    /// A roster still in set-up.
    Into(RosterId),
}

/// What `roster import` is told.
pub struct ImportRequest<'a> {
    pub bytes: &'a [u8],
    pub format: Option<Format>,
    /// The faction, when the list does not say (or says it so ptg cannot tell).
    pub faction: Option<&'a str>,
    pub target: Target<'a>,
    pub dry_run: bool,
    pub skip_unknown: bool,
    pub strict: bool,
}

/// What the import did, or would do.
#[derive(Debug, serde::Serialize)]
pub struct Imported {
    pub format: &'static str,
    #[serde(flatten)]
    pub matched: Matched,
    /// The roster as it is (or would be) after the import.
    pub roster: Option<Roster>,
    /// What `roster check` reports of it.
    pub problems: Vec<Finding>,
    /// Whether anything was written.
    pub written: bool,
    /// Why nothing was written, when the import was refused: the report is still shown.
    pub refused: Option<Refusal>,
    /// The list's warscrolls that may lead a new roster (for `--warlord`); empty when the list
    /// goes into a roster that has its warlord.
    pub may_lead: Vec<String>,
}

/// The error that unwinds a dry run's (or a refused import's) transaction after the import was
/// worked out inside it, so `roster check` judged the real result and nothing stays.
const UNWIND: &str = "\u{0}import not kept";

/// Reads, matches and applies a list; see [`ImportRequest`].
pub fn import(cat: &Catalogue, store: &mut Store, req: &ImportRequest) -> Result<Imported> {
    let (format, list) = lists::parse(req.bytes, req.format).map_err(|e| Error::refused(e.0))?;
    check_size(&list)?;
    let factions: Vec<&Faction> = cat
        .factions()
        .map_err(|e| Error::refused(e.to_string()))?
        .into_iter()
        .map(|(f, _)| f)
        .collect();
    let into_faction = match &req.target {
        Target::Into(r) => Some(store.read(|conn| {
            super::live_roster(conn, *r)?;
            Ok::<_, Error>(rosters::load(conn, r.get())?.faction)
        })?),
        Target::New { .. } => None,
    };
    let faction = match (req.faction.map(str::to_string).or(into_faction), &list) {
        (Some(name), _) => super::faction_named(cat, &name)?,
        (None, l) => pick_faction(&factions, l)?,
    };
    let matched = match_list(faction, &factions, &list);
    let mut result = Imported {
        format: format.as_str(),
        matched,
        roster: None,
        problems: Vec::new(),
        written: false,
        refused: None,
        may_lead: Vec::new(),
    };
    if let Target::New { campaign, .. } = &req.target {
        let c = store.read(|conn| live_campaign(conn, *campaign))?;
        let allowed = roster_rules::Allowed {
            campaign: &c.name,
            legends: c.legends,
        };
        let pack = pack_of(cat, &c)?;
        result.may_lead = leaders::may_lead(pack, faction, allowed, &result.matched)
            .into_iter()
            .map(str::to_string)
            .collect();
    }
    if result.matched.unmatched() > 0 && !req.skip_unknown {
        result.refused = Some(Refusal {
            message: format!(
                "{} line(s) of the list did not match (see the report): fix them, or import the rest",
                result.matched.unmatched()
            ),
            fixes: vec![Fix::give(Input::SkipUnknown)],
        });
        return Ok(result);
    }
    if result.matched.units.is_empty() {
        // Nothing to put on the roster: no change set either (issue 30).
        result.refused = Some(Refusal {
            message: "no line of the list matched a unit, so there is nothing to import; nothing was written"
                .into(),
            fixes: Vec::new(),
        });
        return Ok(result);
    }
    let mut kept = None;
    let mut warlord_line = None;
    let written = store.write(|tx| {
        let roster = match &req.target {
            Target::New {
                campaign,
                player,
                name,
                warlord,
                path,
                ability,
            } => new_roster(cat, tx, faction, &result.matched, &list, (*campaign, player, *name), (*warlord, *path, *ability))?,
            Target::Into(r) => {
                let s = load_subject(cat, tx, *r)?;
                if s.roster.setup_complete {
                    return Err(Error::refused(format!(
                        "{} has fought a battle, so set-up is over; import into a new roster instead",
                        s.roster.name
                    )));
                }
                s.roster
            }
        };
        // A new roster's warlord is the list's general; a roster the organiser made already has
        // its warlord, and the list names the same hero as its general (issue #32, item 3):
        // that line is the warlord, not another unit of the same warscroll.
        let warlord_in = |m: &Matched| match req.target {
            Target::New { .. } => warlord_of(m, &roster).map(|u| u.line),
            Target::Into(_) => warlord_in_list(m, &roster).map(|u| u.line),
        };
        // No unit joins under a name a unit of the roster already has (the report says so).
        let line = warlord_in(&result.matched);
        drop_taken_names(&roster, &mut result.matched, line);
        let warlord_unit = match req.target {
            Target::New { .. } => warlord_of(&result.matched, &roster),
            Target::Into(_) => warlord_in_list(&result.matched, &roster),
        };
        warlord_line = matches!(req.target, Target::Into(_))
            .then(|| warlord_unit.map(|u| (u.line, roster.warlord().map(|w| w.label()))))
            .flatten();
        let others: Vec<&ImportUnit> = result
            .matched
            .units
            .iter()
            .filter(|u| warlord_unit.is_none_or(|w| !std::ptr::eq(*u, w)))
            .collect();
        let outcome = plan_import(&roster, &others, warlord_unit);
        let c = Campaign::of_roster(tx, roster.id)?;
        let ctx = LogContext {
            campaign_id: c.id,
            roster_id: roster.id,
            battle_id: None,
            command: Command::RosterImport,
        };
        apply(tx, ctx, &outcome)?;
        let s = load_subject(cat, tx, RosterId(roster.id))?;
        let report = roster_rules::check(s.pack, &s.factions(), &s.roster);
        let strict_refusal = (req.strict && !report.problems.is_empty()).then(|| Refusal {
            message: format!(
                "the imported roster breaks {} set-up rule(s) (see the problems); with --strict nothing is imported",
                report.problems.len()
            ),
            fixes: Vec::new(),
        });
        kept = Some((s.roster, report.problems, strict_refusal.clone()));
        if req.dry_run || strict_refusal.is_some() {
            return Err(Error::refused(UNWIND));
        }
        Ok(true)
    });
    match written {
        Ok(w) => result.written = w,
        Err(Error::Refused { message, .. }) if message == UNWIND => {}
        // A refusal (no general, no Path named, set-up over): shown with the report.
        Err(e) => {
            result.refused = Some(Refusal::of(e)?);
            return Ok(result);
        }
    }
    if let Some((line, Some(warlord))) = warlord_line
        && let Some(l) = result.matched.report.iter_mut().find(|l| l.line == line)
    {
        l.detail.push_str(&format!(
            "; the roster's warlord already ({warlord}): not added again"
        ));
    }
    if let Some((roster, problems, refusal)) = kept {
        result.roster = Some(roster);
        result.problems = problems;
        result.refused = refusal;
    }
    Ok(result)
}

/// The list's unit that is the new roster's warlord: the one whose warscroll the warlord has,
/// the general first.
fn warlord_of<'m>(matched: &'m Matched, roster: &Roster) -> Option<&'m ImportUnit> {
    let w = roster.warlord()?;
    let same = |u: &&ImportUnit| u.warscroll.name == w.warscroll;
    matched
        .units
        .iter()
        .filter(|u| u.general)
        .find(same)
        .or_else(|| matched.units.iter().find(same))
}

/// The list's line that is `roster`'s warlord already, when importing into it: its general
/// when that is the warlord's warscroll (or, in a list that marks no general, the first unit of
/// the warlord's warscroll).
fn warlord_in_list<'m>(matched: &'m Matched, roster: &Roster) -> Option<&'m ImportUnit> {
    let w = roster.warlord()?;
    let same = |u: &&ImportUnit| u.warscroll.name == w.warscroll;
    match matched.units.iter().find(|u| u.general) {
        Some(general) => Some(general).filter(same),
        None => matched.units.iter().find(same),
    }
}

/// Creates the roster led by the list's general (or `--warlord`) on the Path named.
fn new_roster(
    cat: &Catalogue,
    tx: &crate::store::Tx,
    faction: &Faction,
    matched: &Matched,
    list: &lists::ParsedList,
    (campaign, player, name): (CampaignId, &str, Option<&str>),
    (warlord, path, ability): (Option<&str>, Option<&str>, Option<&str>),
) -> Result<Roster> {
    let c = live_campaign(tx, campaign)?;
    let pack = pack_of(cat, &c)?;
    let allowed = roster_rules::Allowed {
        campaign: &c.name,
        legends: c.legends,
    };
    let leaders = leaders::may_lead(pack, faction, allowed, matched);
    let general = match warlord {
        Some(w) => w.to_string(),
        None => match matched.general() {
            Some(g) => g.warscroll.name.clone(),
            None => {
                return Err(Error::refused(format!(
                    "the list marks no general; name the warlord: {}",
                    leaders::leaders_in_words(&leaders)
                ))
                .fix(Fix::give(Input::Warlord)));
            }
        },
    };
    // A matched-play list often leads with a UNIQUE hero or one over the points cap.
    let lead = faction.unit(&general);
    if let Some(why) = lead.and_then(|w| leaders::cannot_lead(pack, faction, allowed, w)) {
        return Err(
            Error::refused(format!("{why}; {}", leaders::leaders_in_words(&leaders)))
                .fix(Fix::give(Input::Warlord)),
        );
    }
    let (Some(path), Some(ability)) = (path, ability) else {
        let paths: Vec<&str> = match lead {
            Some(w) => leaders::warlord_paths(pack, w),
            None => pack.paths.iter().map(|p| p.id.as_str()).collect(),
        };
        return Err(Error::refused(format!(
            "name the warlord's Path (one of: {}) and its first ability (the warlord is {general})",
            paths.join(", ")
        ))
        .fix(Fix::give(Input::Path))
        .fix(Fix::act(Action::ReadPaths)));
    };
    let roster_name = name
        .map(str::to_string)
        .or_else(|| list.name.clone())
        .ok_or_else(|| Error::refused("the list has no name of its own").fix(Fix::give(Input::Name)))?;
    if lookup::roster_in_campaign(tx, c.id, &roster_name)?.is_some() {
        return Err(Error::refused(format!(
            "campaign '{}' already has a roster called '{}'; name the new one",
            c.name,
            roster_name.trim()
        ))
        .fix(Fix::give(Input::Name)));
    }
    let custom = matched
        .units
        .iter()
        .find(|u| u.warscroll.name == general)
        .and_then(|u| u.custom_name.clone());
    let new = super::roster::NewRoster {
        name: &roster_name,
        campaign,
        player,
        faction: &faction.name,
        warlord: WarlordChoice {
            warscroll: &general,
            name: custom.as_deref(),
            path,
            ability,
        },
        realm: None,
    };
    Ok(super::roster::create_in(tx, pack, faction, &c, &new)?.roster)
}

/// `roster export`: the Order of Battle as a list, in app text or ptg's JSON.
pub fn export(cat: &Catalogue, store: &mut Store, roster: RosterId) -> Result<lists::export::ExportList> {
    let s = store.read(|conn| load_subject(cat, conn, roster))?;
    let r = &s.roster;
    let tables = |u: &crate::rules::model::Unit| {
        u.enhancements
            .iter()
            .map(|e| lists::export::ExportEnhancement {
                table: e.table.clone(),
                name: e.name.clone(),
            })
            .collect()
    };
    let units = r
        .active_units()
        .map(|u| lists::export::ExportUnit {
            warscroll: u.warscroll.clone(),
            name: u.name.clone(),
            points: u.cost(),
            reinforced: u.reinforced,
            warlord: u.warlord,
            hero: u.has_keyword("HERO"),
            faction_terrain: u.has_keyword("FACTION TERRAIN"),
            ally: u.ally.clone(),
            enhancements: tables(u),
            renown: u.renown,
            rank: u.rank.clone(),
            path: u.path.clone(),
        })
        .collect();
    Ok(lists::export::ExportList {
        schema: lists::export::SCHEMA,
        version: lists::export::VERSION,
        name: r.name.clone(),
        faction: r.faction.clone(),
        points: r.points(),
        limit: s.pack.roster.starting_points,
        units,
        tome: r
            .tome
            .iter()
            .map(|e| lists::export::ExportTomeEntry {
                kind: format!("{:?}", e.kind).to_lowercase(),
                lore: e.lore.clone(),
                name: e.name.clone(),
            })
            .collect(),
    })
}
