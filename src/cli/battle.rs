//! `ptg battle ...`: plan a battle, record the armies, roll twists, record the result.

use super::App;
use super::dice::DiceArgs;
use super::output::{json, line, or_dash, table};
use crate::catalogue::Catalogue;
use crate::catalogue::battlepack::Battlepack;
use crate::rules::army::plan_army;
use crate::rules::battle::{self as rules, SideReport};
use crate::rules::dice::{Roll, Roller};
use crate::rules::model::Roster;
use crate::rules::{Change, Outcome};
use crate::store::battles::{self, Battle, SideResult};
use crate::store::{Campaign, LogContext, apply_changes, log_set, rosters};
use anyhow::{Result, anyhow, bail};
use clap::Subcommand;
use rusqlite::Connection;
use serde::Serialize;
use std::collections::HashMap;

#[derive(Debug, Subcommand)]
pub enum BattleCmd {
    /// Plan a battle between two rosters: battleplan, battlefield, who picks territories.
    New {
        #[arg(long)]
        campaign: String,
        /// The battle's points limit.
        #[arg(long)]
        points: u32,
        /// The two rosters.
        #[arg(num_args = 2, required = true)]
        rosters: Vec<String>,
        /// Pick the battleplan instead of rolling for it.
        #[arg(long, conflicts_with = "roll_battleplan")]
        battleplan: Option<String>,
        /// Roll a D6 on the battleplan table (the default when no battleplan is named).
        #[arg(long)]
        roll_battleplan: bool,
        #[command(flatten)]
        dice: DiceArgs,
    },
    /// Record the units a roster takes to the battle (again to change it, until the result).
    Army {
        battle: i64,
        roster: String,
        /// Unit ids or names from the Order of Battle.
        #[arg(required = true)]
        units: Vec<String>,
        /// The general (default: the warlord, if taken, else the army's only WARMASTER or
        /// only HERO).
        #[arg(long)]
        general: Option<String>,
        /// A regiment: a HERO and the non-HERO units it leads, by id or name, e.g.
        /// "Knight-Arcanum=Liberators,7" (repeat for each regiment). Units left out are placed
        /// automatically: the general's regiment first, then the other HEROes'.
        #[arg(long = "regiment", value_name = "HERO=UNIT,UNIT,...")]
        regiments: Vec<crate::rules::army::RegimentChoice>,
    },
    /// Roll on the battleplan's twist table at the start of a battle round.
    Twist {
        battle: i64,
        #[arg(long)]
        round: u32,
        /// The underdog, who rolls; without one the players roll off for it.
        #[arg(long)]
        underdog: Option<String>,
        #[command(flatten)]
        dice: DiceArgs,
    },
    /// Record how the battle ended; then each player runs `ptg aftermath`.
    Result {
        battle: i64,
        /// Victory points, as ROSTER=N, once for each side.
        #[arg(long = "vp", value_name = "ROSTER=N", required = true)]
        vp: Vec<String>,
        /// The roster that withdrew (needs half its starting army destroyed).
        #[arg(long)]
        withdrew: Option<String>,
        /// A roster whose general was slain (a destroyed general counts without this).
        #[arg(long)]
        general_slain: Vec<String>,
        /// Units destroyed, from either army.
        #[arg(long, num_args = 1..)]
        destroyed: Vec<String>,
        /// Units that slew an enemy HERO or MONSTER (for Rise of a Champion).
        #[arg(long, num_args = 1..)]
        slew_hero_or_monster: Vec<String>,
        /// Quest points gained during the battle, as ROSTER=N.
        #[arg(long, value_name = "ROSTER=N")]
        quest_points: Vec<String>,
    },
    /// A battle: sides, armies, twists, results, aftermaths.
    Show { battle: i64 },
    /// Battles, newest first.
    List {
        #[arg(long)]
        campaign: Option<String>,
    },
}

pub fn run(app: &mut App, cmd: BattleCmd) -> Result<()> {
    let json_out = app.json;
    let (cat, store) = app.both()?;
    match cmd {
        BattleCmd::New {
            campaign,
            points,
            rosters: names,
            battleplan,
            roll_battleplan: _,
            dice,
        } => {
            let mut dice = dice.dice()?;
            let (id, rolls) = store.write(|tx| {
                let c = Campaign::get(tx, &campaign)?;
                let pack = cat.battlepack(&c.battlepack).map_err(|e| anyhow!(e))?;
                if points == 0 {
                    bail!("the points limit must be more than 0 (e.g. --points 1000)");
                }
                let [a, b] = [&names[0], &names[1]].map(|n| load_roster(tx, n));
                let (a, b) = (a?, b?);
                if a.id == b.id {
                    bail!("a battle needs two different rosters; {} is named twice", a.name);
                }
                for r in [&a, &b] {
                    if !r.campaign.eq_ignore_ascii_case(&c.name) {
                        bail!(
                            "{} belongs to the campaign '{}', not '{}'",
                            r.name,
                            r.campaign,
                            c.name
                        );
                    }
                }
                let mut roller = Roller::new(&mut dice);
                let plan = match &battleplan {
                    Some(name) => rules::find_battleplan(pack, name)?,
                    None => rules::roll_battleplan(pack, &mut roller)?,
                };
                let renown = [&a, &b].map(|r| r.warlord().map(|w| w.renown).unwrap_or(0));
                let picker = rules::who_picks(&mut roller, [&a.name, &b.name], renown)?;
                let rolls = roller.rolls;
                dice.finish()?;
                let id = battles::create(tx, c.id, points, &plan.name, [a.id, b.id])?;
                battles::set_roles(tx, id, [a.id, b.id][picker])?;
                let summary = format!(
                    "Battle {id} planned: {} v {}, {points} points, {}",
                    a.name, b.name, plan.name
                );
                log_set(tx, c.id, None, Some(id), "battle new", &summary, &rolls)?;
                Ok((id, rolls))
            })?;
            let battle = battles::load(store.conn(), id)?;
            let pack = pack_of(cat, store.conn(), &battle)?;
            show(json_out, store.conn(), pack, &battle, &rolls)
        }
        BattleCmd::Army {
            battle,
            roster,
            units,
            general,
            regiments,
        } => {
            let b = store.write(|tx| {
                let b = battles::load(tx, battle)?;
                let pack = pack_of(cat, tx, &b)?;
                let r = side_roster(tx, &b, &roster)?;
                if b.status != "planned" {
                    bail!(
                        "battle {battle} already has its result; armies can only change before it is recorded"
                    );
                }
                let choice = crate::rules::army::ArmyChoice {
                    units: &units,
                    general: general.as_deref(),
                    regiments: &regiments,
                };
                let army = plan_army(&pack.army, &r, &choice, b.points_limit)?;
                let taken: Vec<battles::ArmyUnit> = army
                    .units
                    .iter()
                    .map(|&u| battles::ArmyUnit {
                        unit_id: u,
                        general: u == army.general,
                        regiment: army.regiment_of(u),
                        destroyed: false,
                        slew_hero_or_monster: false,
                    })
                    .collect();
                let before = battles::snapshot(tx, battle)?;
                battles::record_army(tx, battle, r.id, &taken)?;
                let summary = format!(
                    "{} takes {} units ({} points, {} regiments) to battle {battle}",
                    r.name,
                    army.units.len(),
                    army.points,
                    army.regiments.len()
                );
                let (set_id, _) = log_set(
                    tx,
                    b.campaign_id,
                    Some(r.id),
                    Some(battle),
                    "battle army",
                    &summary,
                    &[],
                )?;
                battles::keep_before(tx, set_id, &before)?;
                battles::load(tx, battle)
            })?;
            let pack = pack_of(cat, store.conn(), &b)?;
            show(json_out, store.conn(), pack, &b, &[])
        }
        BattleCmd::Twist {
            battle,
            round,
            underdog,
            dice,
        } => {
            let mut dice = dice.dice()?;
            let (twist, who, rolls) = store.write(|tx| {
                let b = battles::load(tx, battle)?;
                let pack = pack_of(cat, tx, &b)?;
                if round == 0 {
                    bail!("battle rounds start at 1; use --round 1 or more");
                }
                if let Some(t) = b.twists.iter().find(|t| t.round == round) {
                    bail!(
                        "the twist for round {round} of battle {battle} was already rolled ({}, for {})",
                        t.twist,
                        t.underdog
                    );
                }
                let plan_name = b.battleplan.clone().unwrap_or_default();
                let plan = rules::find_battleplan(pack, &plan_name)?;
                let sides: Vec<Roster> = b
                    .sides
                    .iter()
                    .map(|s| rosters::load(tx, s.roster_id))
                    .collect::<Result<_>>()?;
                let mut roller = Roller::new(&mut dice);
                let who = match &underdog {
                    Some(u) => side_roster(tx, &b, u)?,
                    None => {
                        let names = [sides[0].name.as_str(), sides[1].name.as_str()];
                        let i = rules::roll_off(&mut roller, names, "the twist")?;
                        sides[i].clone()
                    }
                };
                let twist = rules::roll_twist(plan, &mut roller, round)?.clone();
                let rolls = roller.rolls;
                dice.finish()?;
                let summary = format!(
                    "Battle {battle}, round {round} twist: {} ({})",
                    twist.name, who.name
                );
                let (_, roll_ids) = log_set(
                    tx,
                    b.campaign_id,
                    Some(who.id),
                    Some(battle),
                    "battle twist",
                    &summary,
                    &rolls,
                )?;
                let last = *roll_ids.last().expect("the twist was rolled");
                battles::add_twist(tx, battle, round, who.id, &twist.name, last)?;
                Ok((twist, who.name, rolls))
            })?;
            if json_out {
                return json(&serde_json::json!({
                    "battle": battle, "round": round, "underdog": who,
                    "twist": twist, "rolls": rolls,
                }));
            }
            print_rolls(&rolls)?;
            line(format!(
                "Round {round} twist for {who}: {}. {}",
                twist.name, twist.summary
            ))
        }
        BattleCmd::Result {
            battle,
            vp,
            withdrew,
            general_slain,
            destroyed,
            slew_hero_or_monster,
            quest_points,
        } => {
            let b = store.write(|tx| {
                let b = battles::load(tx, battle)?;
                let pack = pack_of(cat, tx, &b)?;
                if b.status != "planned" {
                    bail!("battle {battle} already has its result");
                }
                let sides: Vec<Roster> = b
                    .sides
                    .iter()
                    .map(|s| rosters::load(tx, s.roster_id))
                    .collect::<Result<_>>()?;
                let pair = [&sides[0], &sides[1]];
                for (s, r) in b.sides.iter().zip(&sides) {
                    if s.army.is_empty() {
                        bail!(
                            "{}'s army for battle {battle} is not recorded; record it first with `ptg battle army {battle} \"{}\" <units>...`",
                            r.name,
                            r.name
                        );
                    }
                }
                let armies: Vec<Vec<i64>> = b
                    .sides
                    .iter()
                    .map(|s| s.army.iter().map(|u| u.unit_id).collect())
                    .collect();
                let army_refs = [armies[0].as_slice(), armies[1].as_slice()];
                let side_of = |name: &str| -> Result<usize> {
                    pair.iter()
                        .position(|r| r.name.eq_ignore_ascii_case(name.trim()))
                        .ok_or_else(|| {
                            anyhow!(
                                "'{name}' is not a side of battle {battle}; the sides are {} and {}",
                                pair[0].name,
                                pair[1].name
                            )
                        })
                };
                let per_side = |values: &[String], what: &str| -> Result<[Option<u32>; 2]> {
                    let mut out = [None, None];
                    for v in values {
                        let Some((name, n)) = v.rsplit_once('=') else {
                            bail!("--{what} takes ROSTER=N, e.g. --{what} \"{}\"=10; got '{v}'", pair[0].name);
                        };
                        let n: u32 = n.trim().parse().map_err(|_| {
                            anyhow!("--{what} {v}: '{}' is not a whole number of points", n.trim())
                        })?;
                        let i = side_of(name)?;
                        if out[i].replace(n).is_some() {
                            bail!("--{what} names {} twice", pair[i].name);
                        }
                    }
                    Ok(out)
                };
                let vps = per_side(&vp, "vp")?;
                let quest = per_side(&quest_points, "quest-points")?;
                for (i, r) in pair.iter().enumerate() {
                    if vps[i].is_none() {
                        bail!("give {}'s victory points too: --vp \"{}\"=N", r.name, r.name);
                    }
                }
                let mut lost: [Vec<i64>; 2] = Default::default();
                for d in &destroyed {
                    let (side, id) = rules::find_army_unit(pair, army_refs, d)?;
                    if !lost[side].contains(&id) {
                        lost[side].push(id);
                    }
                }
                let mut slew: [Vec<i64>; 2] = Default::default();
                for d in &slew_hero_or_monster {
                    let (side, id) = rules::find_army_unit(pair, army_refs, d)?;
                    slew[side].push(id);
                }
                let withdrew_side = withdrew.as_deref().map(side_of).transpose()?;
                let mut slain = [false, false];
                for g in &general_slain {
                    slain[side_of(g)?] = true;
                }
                for (i, s) in b.sides.iter().enumerate() {
                    if s.army.iter().any(|u| u.general && lost[i].contains(&u.unit_id)) {
                        slain[i] = true;
                    }
                }
                let reports = [0, 1].map(|i| SideReport {
                    roster: &pair[i].name,
                    army_units: armies[i].len(),
                    destroyed: lost[i].len(),
                    victory_points: vps[i].unwrap_or(0),
                    withdrew: withdrew_side == Some(i),
                });
                let results = rules::decide(pack, [&reports[0], &reports[1]])?;
                let recorded: Vec<SideResult> = (0..2)
                    .map(|i| SideResult {
                        roster_id: pair[i].id,
                        victory_points: vps[i].unwrap_or(0),
                        result: results[i],
                        withdrew: withdrew_side == Some(i),
                        general_slain: slain[i],
                        quest_points: quest[i].unwrap_or(0),
                        destroyed: lost[i].clone(),
                        slew: slew[i].clone(),
                    })
                    .collect();
                let before = battles::snapshot(tx, battle)?;
                battles::record_result(tx, battle, &recorded)?;
                let summary = format!(
                    "Battle {battle}: {} {} ({} VP), {} {} ({} VP)",
                    pair[0].name, results[0], reports[0].victory_points, pair[1].name, results[1], reports[1].victory_points
                );
                let (set_id, _) = log_set(tx, b.campaign_id, None, Some(battle), "battle result", &summary, &[])?;
                battles::keep_before(tx, set_id, &before)?;
                for r in pair.iter().filter(|r| !r.setup_complete) {
                    let mut first = Outcome::new(format!("{} fought its first battle", r.name));
                    first.push(Change::CompleteSetup);
                    let ctx = LogContext {
                        campaign_id: b.campaign_id,
                        roster_id: r.id,
                        battle_id: Some(battle),
                        command: "battle result",
                    };
                    apply_changes(tx, set_id, &[], ctx, &first)?;
                }
                battles::load(tx, battle)
            })?;
            let pack = pack_of(cat, store.conn(), &b)?;
            show(json_out, store.conn(), pack, &b, &[])?;
            if !json_out {
                for s in &b.sides {
                    line(format!(
                        "Next: ptg aftermath {} \"{}\" --favoured <unit> [--add-unit ...] [--reinforce ...]",
                        b.id, s.roster
                    ))?;
                }
            }
            Ok(())
        }
        BattleCmd::Show { battle } => {
            let b = battles::load(store.conn(), battle)?;
            let pack = pack_of(cat, store.conn(), &b)?;
            show(json_out, store.conn(), pack, &b, &[])
        }
        BattleCmd::List { campaign } => {
            let campaign_id = campaign
                .map(|c| Campaign::get(store.conn(), &c))
                .transpose()?
                .map(|c| c.id);
            let list = battles::list(store.conn(), campaign_id)?;
            if json_out {
                return json(&list);
            }
            let mut t = table(["#", "Campaign", "Points", "Battleplan", "Sides", "Status"]);
            for b in &list {
                let sides: Vec<String> = b.sides.iter().map(side_line).collect();
                t.add_row([
                    b.id.to_string(),
                    b.campaign.clone(),
                    b.points_limit.to_string(),
                    or_dash(b.battleplan.clone().unwrap_or_default()),
                    sides.join("\n"),
                    b.status.clone(),
                ]);
            }
            line(t.to_string())
        }
    }
}

fn load_roster(conn: &Connection, name: &str) -> Result<Roster> {
    rosters::load(conn, rosters::id_of(conn, name)?)
}

/// The roster called `name`, which must be one of the battle's sides.
pub fn side_roster(conn: &Connection, battle: &Battle, name: &str) -> Result<Roster> {
    let r = load_roster(conn, name)?;
    if battle.side(r.id).is_none() {
        bail!(
            "{} did not fight in battle {}; its sides are {}",
            r.name,
            battle.id,
            battle
                .sides
                .iter()
                .map(|s| s.roster.as_str())
                .collect::<Vec<_>>()
                .join(" and ")
        );
    }
    Ok(r)
}

pub fn pack_of<'a>(cat: &'a Catalogue, conn: &Connection, battle: &Battle) -> Result<&'a Battlepack> {
    let c = Campaign::get(conn, &battle.campaign)?;
    cat.battlepack(&c.battlepack).map_err(|e| anyhow!(e))
}

fn side_line(s: &battles::Side) -> String {
    let result = match (s.result, s.victory_points) {
        (Some(r), Some(vp)) => format!(": {r}, {vp} VP{}", if s.withdrew { ", withdrew" } else { "" }),
        _ => String::new(),
    };
    format!("{}{result}", s.roster)
}

/// Prints the rolls a command made, so the opponent sees them.
pub fn print_rolls(rolls: &[Roll]) -> Result<()> {
    for r in rolls {
        let faces: Vec<String> = r.faces.iter().map(u32::to_string).collect();
        line(format!(
            "  rolled {} for {}: {} = {}",
            r.expression,
            r.purpose,
            faces.join("+"),
            r.total
        ))?;
    }
    Ok(())
}

#[derive(Serialize)]
struct BattleView<'a> {
    #[serde(flatten)]
    battle: &'a Battle,
    battlefield: Option<&'a crate::catalogue::battlepack::BattlefieldSize>,
    battleplan_details: Option<&'a crate::catalogue::battlepack::Battleplan>,
    #[serde(skip_serializing_if = "<[Roll]>::is_empty")]
    rolls: &'a [Roll],
}

/// "Dawn Guard (Liberators, #4)" for each unit in the battle's armies.
fn unit_labels(conn: &Connection, b: &Battle) -> Result<HashMap<i64, String>> {
    let mut labels = HashMap::new();
    for s in &b.sides {
        for u in rosters::load(conn, s.roster_id)?.units {
            labels.insert(u.id, u.label());
        }
    }
    Ok(labels)
}

fn show(json_out: bool, conn: &Connection, pack: &Battlepack, b: &Battle, rolls: &[Roll]) -> Result<()> {
    let plan = b
        .battleplan
        .as_deref()
        .and_then(|n| rules::find_battleplan(pack, n).ok());
    let field = rules::battlefield(pack, b.points_limit);
    if json_out {
        return json(&BattleView {
            battle: b,
            battlefield: field,
            battleplan_details: plan,
            rolls,
        });
    }
    print_rolls(rolls)?;
    let labels = unit_labels(conn, b)?;
    let names: Vec<&str> = b.sides.iter().map(|s| s.roster.as_str()).collect();
    line(format!(
        "Battle {}: {} ({} points, campaign '{}', {})",
        b.id,
        names.join(" v "),
        b.points_limit,
        b.campaign,
        b.status
    ))?;
    if let Some(p) = plan {
        line(format!("Battleplan: {} (D6 roll {})", p.name, p.roll))?;
        let picker = b
            .roles_roster_id
            .and_then(|id| b.side(id))
            .map(|s| s.roster.as_str())
            .unwrap_or("-");
        line(format!(
            "  {picker} picks: {} or {} (its general has fewer renown, or it won the roll-off)",
            p.roles[0], p.roles[1]
        ))?;
        line(format!("  Deployment: {}", p.deployment))?;
        line(format!("  Scoring: {}", p.scoring))?;
        if let Some(r) = &p.campaign_reward {
            line(format!("  Campaign reward: {}", r.summary))?;
        }
    }
    if let Some(f) = field {
        line(format!(
            "Battlefield: at least {}, {} terrain features",
            f.size, f.terrain_features
        ))?;
    }
    for s in &b.sides {
        line(format!("\n{}", side_line(s)))?;
        if s.army.is_empty() {
            line(format!(
                "  army not recorded (`ptg battle army {} \"{}\" <units>...`)",
                b.id, s.roster
            ))?;
            continue;
        }
        let label = |id: i64| labels.get(&id).cloned().unwrap_or_else(|| format!("#{id}"));
        if let Some(g) = s.army.iter().find(|u| u.general) {
            line(format!("  general: {}", label(g.unit_id)))?;
        }
        let mut marks = Vec::new();
        for u in &s.army {
            let mut m = label(u.unit_id);
            if u.general {
                m.push_str(" general");
            }
            if u.destroyed {
                m.push_str(" destroyed");
            }
            if u.slew_hero_or_monster {
                m.push_str(" slew a HERO/MONSTER");
            }
            marks.push(m);
        }
        line(format!("  army: {}", marks.join("; ")))?;
        let mut leaders: Vec<&battles::ArmyUnit> =
            s.army.iter().filter(|u| u.regiment == Some(u.unit_id)).collect();
        leaders.sort_by_key(|u| !u.general);
        if leaders.is_empty() {
            line("  regiments: not recorded")?;
        }
        for l in leaders {
            let members: Vec<String> = s
                .army
                .iter()
                .filter(|u| u.regiment == Some(l.unit_id) && u.unit_id != l.unit_id)
                .map(|u| label(u.unit_id))
                .collect();
            line(format!(
                "  regiment of {}{}: {}",
                label(l.unit_id),
                if l.general { " (general)" } else { "" },
                if members.is_empty() {
                    "no other units".to_string()
                } else {
                    members.join(", ")
                }
            ))?;
        }
        // Path to Glory: every enhancement on the Order of Battle may be used, and the lores
        // are the roster's Arcane Tome.
        let roster = rosters::load(conn, s.roster_id)?;
        let enhancements: Vec<String> = s
            .army
            .iter()
            .filter_map(|a| roster.unit(a.unit_id))
            .flat_map(|u| {
                u.enhancements
                    .iter()
                    .map(move |e| format!("{} ({})", e.name, u.display_name()))
            })
            .collect();
        if !enhancements.is_empty() {
            line(format!("  enhancements: {}", enhancements.join(", ")))?;
        }
        let tome: Vec<&str> = roster.tome.iter().map(|e| e.name.as_str()).collect();
        if !tome.is_empty() {
            line(format!("  lores (Arcane Tome): {}", tome.join(", ")))?;
        }
        if s.result.is_some() {
            line(format!(
                "  aftermath: {}",
                if s.aftermath_done { "done" } else { "to run" }
            ))?;
        }
    }
    for t in &b.twists {
        line(format!(
            "Round {} twist: {} (underdog {})",
            t.round, t.twist, t.underdog
        ))?;
    }
    Ok(())
}
