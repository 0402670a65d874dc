//! `ptg roster ...`: set up a roster and look at it.

use super::App;
use super::output::{json, line, or_dash, table};
use super::sheet::SheetFormat;
use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::{Catalogue, Faction, LoreKind};
use crate::rules::model::Roster;
use crate::rules::renown::{open_paths, pending_ranks};
use crate::rules::roster::{self as rules, WarlordChoice};
use crate::rules::{Outcome, RuleError};
use crate::store::{Campaign, LogContext, Store, apply, rosters};
use anyhow::{Result, anyhow};
use clap::Subcommand;
use serde::Serialize;
use std::path::PathBuf;

#[derive(Debug, Subcommand)]
pub enum RosterCmd {
    /// Create a roster with its warlord, the warlord's Path and first ability.
    New {
        /// Roster (army) name.
        name: String,
        #[arg(long)]
        campaign: String,
        #[arg(long)]
        player: String,
        #[arg(long)]
        faction: String,
        /// The warlord's warscroll: a single-model HERO of the faction, not UNIQUE.
        #[arg(long)]
        warlord: String,
        /// A name of your own for the warlord.
        #[arg(long)]
        warlord_name: Option<String>,
        /// warrior, leader, mage (WIZARD) or devout (PRIEST).
        #[arg(long)]
        path: String,
        /// One of the two Aspiring abilities of the Path, e.g. berserker.
        #[arg(long)]
        ability: String,
        /// The realm your army hails from, printed on its roster sheet.
        #[arg(long)]
        realm: Option<String>,
    },
    /// Add a starting unit to the Order of Battle (set-up only).
    Add {
        roster: String,
        /// Warscroll name, e.g. "Liberators".
        warscroll: String,
        /// Twice the models for twice the points.
        #[arg(long)]
        reinforced: bool,
        /// A name of your own for the unit.
        #[arg(long)]
        name: Option<String>,
    },
    /// Give an enhancement (heroic trait, artefact, ...) to a unit.
    Enhance {
        roster: String,
        /// Unit id or name.
        unit: String,
        enhancement: String,
        /// Where an enhancement beyond the starting picks came from (e.g. a completed quest).
        #[arg(long)]
        reason: Option<String>,
    },
    /// Manage the Arcane Tome: the roster's own spell, prayer and manifestation lores.
    Lore {
        roster: String,
        #[command(subcommand)]
        action: LoreAction,
    },
    /// The Order of Battle, glory, Arcane Tome and Quest Log.
    Show { roster: String },
    /// The printable roster (PDF by default): army, Quest Log, battles, Arcane Tome, notable
    /// events, then the Order of Battle.
    Sheet {
        roster: String,
        /// The file to write (default: the army's name, e.g. hammers-of-dawn.pdf). With
        /// --format text or json, the output goes here instead of the terminal.
        #[arg(short, long, value_name = "FILE")]
        output: Option<PathBuf>,
        /// A layout of your own: a copy of templates/roster-sheet.toml, changed.
        #[arg(long, value_name = "FILE")]
        template: Option<PathBuf>,
        #[arg(long, value_enum, default_value = "pdf")]
        format: SheetFormat,
    },
    /// Set the realm of origin printed on the roster, or clear it with --clear.
    Realm {
        roster: String,
        /// e.g. "Ghur".
        #[arg(required_unless_present = "clear")]
        realm: Option<String>,
        #[arg(long, conflicts_with = "realm")]
        clear: bool,
    },
    /// All rosters, or one campaign's.
    List {
        #[arg(long)]
        campaign: Option<String>,
    },
    /// List every rule the roster breaks (exit 1 if any), and set-up steps still open.
    Check {
        roster: String,
        /// Also check the whole Order of Battle as one army of this many points: the general
        /// (warlord, WARMASTER), regiments (placed automatically) and the points limit.
        #[arg(long)]
        points: Option<u32>,
    },
}

#[derive(Debug, Subcommand)]
pub enum LoreAction {
    /// Add a spell, prayer or manifestation from a lore of the faction.
    Add {
        /// spell, prayer or manifestation.
        kind: LoreKind,
        name: String,
        /// The entry to take out when the lore is full (6).
        #[arg(long)]
        replace: Option<String>,
        /// Where an entry beyond the starting picks came from (e.g. a completed quest).
        #[arg(long)]
        reason: Option<String>,
    },
}

/// The engine's view of one roster, with its faction and battlepack.
pub struct Subject<'a> {
    pub pack: &'a Battlepack,
    pub faction: &'a Faction,
    pub roster: Roster,
    pub campaign: Campaign,
}

/// Loads a roster and its rules inside a write transaction, asks `plan` for an outcome, and
/// applies it there; a refusal leaves the database as it was.
pub fn change_roster(
    cat: &Catalogue,
    store: &mut Store,
    roster: &str,
    command: &str,
    plan: impl FnOnce(&Subject) -> Result<Outcome, RuleError>,
) -> Result<(Outcome, Roster)> {
    store.write(|tx| {
        let subject = load_subject(cat, tx, roster)?;
        let outcome = plan(&subject)?;
        let ctx = LogContext {
            campaign_id: subject.campaign.id,
            roster_id: subject.roster.id,
            battle_id: None,
            command,
        };
        apply(tx, ctx, &outcome)?;
        let after = rosters::load(tx, subject.roster.id)?;
        Ok((outcome, after))
    })
}

pub fn load_subject<'a>(
    cat: &'a Catalogue,
    conn: &rusqlite::Connection,
    roster: &str,
) -> Result<Subject<'a>> {
    let id = rosters::id_of(conn, roster)?;
    let roster = rosters::load(conn, id)?;
    let campaign = Campaign::get(conn, &roster.campaign)?;
    let pack = cat.battlepack(&campaign.battlepack).map_err(|e| anyhow!(e))?;
    let faction = cat
        .faction(&roster.faction)
        .map_err(|e| anyhow!("{e}; the roster's faction data is missing (was a user data file removed?)"))?;
    Ok(Subject {
        pack,
        faction,
        roster,
        campaign,
    })
}

pub fn run(app: &mut App, cmd: RosterCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        RosterCmd::New {
            name,
            campaign,
            player,
            faction,
            warlord,
            warlord_name,
            path,
            ability,
            realm,
        } => {
            let (cat, store) = app.both()?;
            let (outcome, roster) = store.write(|tx| {
                let c = Campaign::get(tx, &campaign)?;
                let pack = cat.battlepack(&c.battlepack).map_err(|e| anyhow!(e))?;
                let f = cat.faction(&faction).map_err(|e| anyhow!(e))?;
                let choice = WarlordChoice {
                    warscroll: &warlord,
                    name: warlord_name.as_deref(),
                    path: &path,
                    ability: &ability,
                };
                let outcome = rules::plan_warlord(pack, f, &choice)?;
                let id = rosters::create(tx, c.id, &name, &player, &f.name)?;
                rosters::set_realm(tx, id, realm.as_deref())?;
                apply(
                    tx,
                    LogContext {
                        campaign_id: c.id,
                        roster_id: id,
                        battle_id: None,
                        command: "roster new",
                    },
                    &outcome,
                )?;
                Ok((outcome, rosters::load(tx, id)?))
            })?;
            report(
                json_out,
                &outcome,
                &roster,
                format!(
                    "Roster '{}' created for {} ({}).",
                    roster.name, roster.player, roster.faction
                ),
            )
        }
        RosterCmd::Add {
            roster,
            warscroll,
            reinforced,
            name,
        } => {
            let (cat, store) = app.both()?;
            let (outcome, after) = change_roster(cat, store, &roster, "roster add", |s| {
                rules::plan_add_unit(
                    s.pack,
                    s.faction,
                    &s.roster,
                    &warscroll,
                    reinforced,
                    name.as_deref(),
                )
            })?;
            let msg = format!("{}. Order of Battle: {} points.", outcome.summary, after.points());
            report(json_out, &outcome, &after, msg)
        }
        RosterCmd::Enhance {
            roster,
            unit,
            enhancement,
            reason,
        } => {
            let (cat, store) = app.both()?;
            let (outcome, after) = change_roster(cat, store, &roster, "roster enhance", |s| {
                let u = s.roster.find_unit(&unit)?;
                rules::plan_enhancement(s.faction, &s.roster, u, &enhancement, reason.as_deref())
            })?;
            let msg = format!("{}.", outcome.summary);
            report(json_out, &outcome, &after, msg)
        }
        RosterCmd::Lore {
            roster,
            action:
                LoreAction::Add {
                    kind,
                    name,
                    replace,
                    reason,
                },
        } => {
            let (cat, store) = app.both()?;
            let (outcome, after) = change_roster(cat, store, &roster, "roster lore add", |s| {
                rules::plan_tome_entry(
                    s.pack,
                    s.faction,
                    &s.roster,
                    kind,
                    &name,
                    replace.as_deref(),
                    reason.as_deref(),
                )
            })?;
            let msg = format!(
                "{}. The {kind} lore holds {}.",
                outcome.summary,
                after.tome(kind).count()
            );
            report(json_out, &outcome, &after, msg)
        }
        RosterCmd::Show { roster } => {
            let (cat, store) = app.both()?;
            let s = load_subject(cat, store.conn(), &roster)?;
            let realm = rosters::realm(store.conn(), s.roster.id)?;
            show(json_out, &s, realm)
        }
        RosterCmd::Sheet {
            roster,
            output,
            template,
            format,
        } => super::sheet::run(app, &roster, output, template, format),
        RosterCmd::Realm { roster, realm, clear } => {
            let store = app.store()?;
            let (name, realm) = store.write(|tx| {
                let id = rosters::id_of(tx, &roster)?;
                let realm = if clear { None } else { realm.as_deref() };
                rosters::set_realm(tx, id, realm)?;
                Ok((rosters::header(tx, id)?.name, rosters::realm(tx, id)?))
            })?;
            match realm {
                Some(r) => line(format!("{name} hails from {r}.")),
                None => line(format!("{name} has no realm of origin set.")),
            }
        }
        RosterCmd::List { campaign } => {
            let store = app.store()?;
            let campaign_id = campaign
                .map(|c| Campaign::get(store.conn(), &c))
                .transpose()?
                .map(|c| c.id);
            let rows = rosters::list(store.conn(), campaign_id)?;
            if json_out {
                return json(&rows);
            }
            let mut t = table([
                "Roster", "Player", "Faction", "Campaign", "Units", "Points", "Glory",
            ]);
            for r in &rows {
                t.add_row([
                    r.name.clone(),
                    r.player.clone(),
                    r.faction.clone(),
                    r.campaign.clone(),
                    r.units.to_string(),
                    r.points.to_string(),
                    r.glory.to_string(),
                ]);
            }
            line(t.to_string())
        }
        RosterCmd::Check { roster, points } => {
            use crate::rules::army::{OrderOfBattleAsArmy, check_order_of_battle};
            #[derive(Serialize)]
            struct CheckView<'a> {
                #[serde(flatten)]
                report: &'a rules::CheckReport,
                #[serde(skip_serializing_if = "Option::is_none")]
                army: Option<&'a OrderOfBattleAsArmy>,
            }
            let (cat, store) = app.both()?;
            let s = load_subject(cat, store.conn(), &roster)?;
            if points == Some(0) {
                return Err(anyhow!(
                    "the points limit must be more than 0 (e.g. --points 1000)"
                ));
            }
            let mut report = rules::check(s.pack, s.faction, &s.roster);
            let army = points.map(|n| check_order_of_battle(&s.pack.army, &s.roster, n));
            if let Some(a) = &army {
                report.problems.extend(a.problems.iter().map(|e| rules::Finding {
                    rule: e.rule,
                    message: e.message.clone(),
                }));
            }
            if json_out {
                json(&CheckView {
                    report: &report,
                    army: army.as_ref(),
                })?;
            } else {
                if let Some(a) = &army {
                    let label = |id: i64| {
                        s.roster
                            .unit(id)
                            .map(|u| u.label())
                            .unwrap_or_else(|| format!("#{id}"))
                    };
                    let verdict = if a.points > a.points_limit {
                        format!("over the limit by {}", a.points - a.points_limit)
                    } else {
                        "within the limit".to_string()
                    };
                    line(format!(
                        "As a {}-point army: the Order of Battle costs {} points, {verdict}.",
                        a.points_limit, a.points
                    ))?;
                    let blocked = a
                        .problems
                        .iter()
                        .any(|p| matches!(p.rule, "general" | "warmaster"));
                    match a.general {
                        Some(g) => line(format!("  general: {}", label(g)))?,
                        None if blocked => line("  general: none until the problem below is fixed")?,
                        None => line("  general: picked with --general when the army is taken")?,
                    }
                    for r in &a.regiments {
                        let members: Vec<String> = r.units.iter().map(|&u| label(u)).collect();
                        line(format!(
                            "  regiment of {}{}: {}",
                            label(r.leader),
                            if a.general == Some(r.leader) {
                                " (general)"
                            } else {
                                ""
                            },
                            if members.is_empty() {
                                "no other units".to_string()
                            } else {
                                members.join(", ")
                            }
                        ))?;
                    }
                }
                for p in &report.problems {
                    line(format!("BROKEN {}: {}", p.rule, p.message))?;
                }
                for n in &report.notes {
                    line(format!("note: {n}"))?;
                }
                if report.problems.is_empty() {
                    line(format!("{} breaks no rules.", s.roster.name))?;
                }
            }
            if report.problems.is_empty() {
                Ok(())
            } else {
                Err(anyhow!(
                    "{} breaks {} rule(s)",
                    s.roster.name,
                    report.problems.len()
                ))
            }
        }
    }
}

#[derive(Serialize)]
struct ChangeReport<'a> {
    summary: &'a str,
    changes: Vec<String>,
    roster: &'a Roster,
    points: u32,
}

/// Prints what a writing command did: a sentence, or the outcome and roster as JSON.
pub fn report(json_out: bool, outcome: &Outcome, roster: &Roster, message: String) -> Result<()> {
    if json_out {
        return json(&ChangeReport {
            summary: &outcome.summary,
            changes: outcome.changes.iter().map(|c| c.describe()).collect(),
            roster,
            points: roster.points(),
        });
    }
    line(message)
}

#[derive(Serialize)]
struct RosterView<'a> {
    #[serde(flatten)]
    roster: &'a Roster,
    points: u32,
    starting_points_limit: u32,
    battlepack: &'a str,
    waiting: Vec<String>,
    /// Realm of origin, kept on the roster row rather than the change log.
    realm: Option<String>,
}

/// Rank choices waiting on the roster, each with the abilities (and Paths) to pick from.
pub fn pending_lines(pack: &Battlepack, r: &Roster) -> Vec<String> {
    let mut out = Vec::new();
    for u in r.active_units() {
        for rank in pending_ranks(pack, u) {
            let options = match u.path.as_deref().and_then(|p| pack.path(p)) {
                Some(path) => path
                    .ranks
                    .iter()
                    .find(|pr| pr.rank == rank.name)
                    .map(|pr| {
                        pr.abilities
                            .iter()
                            .map(|a| a.id.as_str())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    })
                    .unwrap_or_default(),
                None => format!(
                    "first pick a Path with --path ({})",
                    open_paths(pack, u).join(", ")
                ),
            };
            out.push(format!(
                "Rank choice waiting: {} reached {}: `ptg rank choose \"{}\" {} <ability>`: {options}",
                u.label(),
                rank.name,
                r.name,
                u.id
            ));
        }
    }
    out.extend(super::aftermath::reward_lines(r));
    out
}

fn show(json_out: bool, s: &Subject, realm: Option<String>) -> Result<()> {
    let r = &s.roster;
    if json_out {
        return json(&RosterView {
            roster: r,
            points: r.points(),
            starting_points_limit: s.pack.roster.starting_points,
            battlepack: &s.pack.id,
            waiting: pending_lines(s.pack, r),
            realm,
        });
    }
    line(format!(
        "{} — {} — {} (campaign '{}', {})",
        r.name, r.player, r.faction, r.campaign, s.pack.name
    ))?;
    if let Some(realm) = realm {
        line(format!("Realm of origin: {realm}"))?;
    }
    let stage = if r.setup_complete {
        String::new()
    } else {
        format!(" of {} (set-up)", s.pack.roster.starting_points)
    };
    line(format!(
        "Glory points: {}    Order of Battle: {} points{stage}",
        r.glory,
        r.points()
    ))?;
    line("\nOrder of Battle")?;
    let mut t = table([
        "#",
        "Unit",
        "Pts",
        "Models",
        "Renown",
        "Rank",
        "Path",
        "Abilities",
        "Enhancements",
    ]);
    for u in r.active_units() {
        let mut name = u.display_name().to_string();
        if u.name.is_some() {
            name = format!("{name}\n({})", u.warscroll);
        }
        if u.warlord {
            name = format!("{name}\n[warlord]");
        }
        if u.reinforced {
            name = format!("{name}\n[reinforced]");
        }
        let path_name = u
            .path
            .as_deref()
            .and_then(|p| s.pack.path(p))
            .map(|p| p.name.clone())
            .unwrap_or_default();
        let abilities: Vec<String> = u
            .abilities
            .iter()
            .map(|(rank, a)| format!("{rank}: {}", s.pack.ability_name(u.path.as_deref(), a)))
            .collect();
        let enh: Vec<String> = u
            .enhancements
            .iter()
            .map(|e| format!("{} ({})", e.name, e.table))
            .collect();
        t.add_row([
            u.id.to_string(),
            name,
            u.cost().to_string(),
            u.models().to_string(),
            u.renown.to_string(),
            or_dash(u.rank.clone().unwrap_or_default()),
            or_dash(path_name),
            or_dash(abilities.join("\n")),
            or_dash(enh.join("\n")),
        ]);
    }
    line(t.to_string())?;
    line("\nArcane Tome")?;
    let mut t = table(["Lore", "Entries (value)"]);
    for kind in LoreKind::ALL {
        let entries: Vec<String> = r
            .tome(kind)
            .map(|e| {
                let v = e.value.map(|v| format!(" ({v})")).unwrap_or_default();
                let wild = if e.wild { " [Wild]" } else { "" };
                format!("{}{v}{wild}", e.name)
            })
            .collect();
        t.add_row([
            format!("{kind} ({}/{})", entries.len(), s.pack.roster.lore_capacity),
            or_dash(entries.join(", ")),
        ]);
    }
    line(t.to_string())?;
    line("\nQuest Log")?;
    match &r.quest {
        Some(q) => {
            let def = s.pack.quest(&q.quest);
            let target = def.map(|d| d.target_points).unwrap_or(0);
            let progress = if target > 0 {
                format!(", {}/{target} quest points", q.points)
            } else {
                String::new()
            };
            let unit = q
                .unit
                .and_then(|id| r.unit(id))
                .map(|u| format!(", {}", u.label()))
                .unwrap_or_default();
            line(format!("Current quest: {}{progress}{unit}", q.quest))?;
        }
        None => line("Current quest: none (`ptg quest start`)")?,
    }
    if !r.completed_quests.is_empty() {
        line(format!("Completed: {}", r.completed_quests.join(", ")))?;
    }
    let waiting = pending_lines(s.pack, r);
    if !waiting.is_empty() {
        line("\nWaiting")?;
        for w in waiting {
            line(format!("  {w}"))?;
        }
    }
    Ok(())
}
