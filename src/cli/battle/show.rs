//! Showing a battle: sides, battleplan, battlefield, armies with their regiments, enhancements
//! and lores, twists and aftermaths. Shared by every battle command that changes one.

use crate::cli::output::{json, line};
use crate::cli::render::print_rolls;
use crate::error::Result;
use crate::ops::battle::Shown;
use crate::rules::battle::{ArmyUnit, Battle, BattleResult, BattleStatus, Side, Standing};
use crate::views::battle::{decision_words, view};
use std::collections::HashMap;

/// One side in a line: "Rat Tide: minor defeat, 8 VP".
pub fn side_line(s: &Side) -> String {
    side_words(&s.roster, s.result, s.victory_points, s.withdrew)
}

/// [`side_line`] from its parts, for a side read as a line of a list too.
pub fn side_words(
    roster: &str,
    result: Option<BattleResult>,
    victory_points: Option<u32>,
    withdrew: bool,
) -> String {
    let result = match (result, victory_points) {
        (Some(r), Some(vp)) => format!(": {r}, {vp} VP{}", if withdrew { ", withdrew" } else { "" }),
        _ => String::new(),
    };
    format!("{roster}{result}")
}

/// "Models: Hammers 6, Rats 21; Hammers is outnumbered (21 is at least 4 for every 3) and
/// may pick a sudden death objective".
fn standing_line(st: &Standing) -> Result<()> {
    let counts: Vec<String> = st
        .models
        .iter()
        .map(|m| format!("{} {}", m.roster, m.models))
        .collect();
    let [a, b] = st.outnumber;
    line(format!(
        "Models: {}; {}",
        counts.join(", "),
        match &st.outnumbered {
            Some(r) => format!(
                "{r} is outnumbered (at least {a} for every {b}) and may pick a sudden death objective"
            ),
            None => format!("neither army outnumbers the other ({a} for every {b} needed)"),
        }
    ))
}

/// Why a side picks roles, and when it was decided: until the result, by the generals'
/// renown as it is now (an aftermath fought meanwhile counts), level generals keeping the
/// roll-off made when the armies were recorded; after it, as the result fixed it.
fn roles_why(b: &Battle, renown: Option<[u32; 2]>, roles: &str) -> String {
    match (renown, b.status) {
        (Some([x, y]), BattleStatus::Planned) if x != y => format!(
            "its general has fewer renown now, {} v {}; decided again if that changes before the result",
            x.min(y),
            x.max(y)
        ),
        (Some([x, _]), BattleStatus::Planned) => {
            format!(
                "the generals are level at {x} renown: the roll-off for {roles} made when the armies were recorded"
            )
        }
        _ => "as it stood when the result was recorded".into(),
    }
}

pub fn show(json_out: bool, shown: &Shown) -> Result<()> {
    let (b, plan, field, rolls) = (
        &shown.battle,
        shown.plan,
        shown.battlefield,
        shown.rolls.as_slice(),
    );
    if json_out {
        return json(&view(shown)?);
    }
    print_rolls(rolls)?;
    for note in &shown.notes {
        line(format!("note: {note}"))?;
    }
    let labels: HashMap<i64, String> = shown
        .rosters
        .iter()
        .flat_map(|r| r.units.iter().map(|u| (u.id, u.label())))
        .collect();
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
        // The table's entry, whether it was rolled or picked with --battleplan.
        line(format!(
            "Battleplan: {} (battleplan table entry {})",
            p.name, p.roll
        ))?;
        let roles = p.roles_choice();
        match b.roles_roster_id.and_then(|id| b.side(id)) {
            Some(s) => line(format!(
                "  {} picks: {roles} ({})",
                s.roster,
                roles_why(b, shown.generals_renown, &roles)
            ))?,
            None => match shown.generals_renown {
                Some([x, y]) if x == y => line(format!(
                    "  who picks {roles} is not decided yet: the generals drew level at {x} renown after \
                     the armies were recorded, so they roll off when the result is recorded"
                ))?,
                _ => line(format!(
                    "  who picks {roles} is not decided yet: the general with fewer renown picks once both armies are in"
                ))?,
            },
        }
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
    match (&b.realm, b.realm_picker_id.and_then(|id| b.side(id))) {
        (Some(realm), _) => {
            let known = shown.realm;
            line(format!(
                "Realm: fought {}",
                known.map_or_else(|| format!("in {realm}"), |r| r.phrase())
            ))?;
            if let Some(r) = known {
                line(format!("  {}", r.summary))?;
            }
        }
        (None, Some(s)) => line(format!(
            "Realm: not picked yet; {} won the roll-off and picks it (`ptg battle realm {} REALM`)",
            s.roster, b.id
        ))?,
        (None, None) => {}
    }
    if let Some(st) = &shown.standing {
        standing_line(st)?;
    }
    if let Some(words) = decision_words(b) {
        line(format!("Result {words}"))?;
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
        if let Some(a) = shown.allegiances.iter().find(|a| a.roster_id == s.roster_id) {
            line(format!("  allegiance: {}", a.words))?;
        }
        if let Some(p) = &s.sudden_death {
            let target = match (p.target_unit, &p.target_text) {
                (Some(id), _) => format!(": slay {}", label(id)),
                (None, Some(text)) => format!(": {text}"),
                (None, None) => String::new(),
            };
            line(format!("  sudden death objective: {}{target}", p.objective))?;
        }
        if let Some(g) = s.army.iter().find(|u| u.general) {
            line(format!("  general: {}", label(g.unit_id)))?;
        }
        if let Some(t) = &s.triumph {
            let table = shown
                .triumph_tables
                .iter()
                .find(|(id, _)| *id == t.table)
                .map_or(t.table.as_str(), |(_, name)| name.as_str());
            line(format!("  triumph: {} ({table})", t.triumph))?;
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
        let mut leaders: Vec<&ArmyUnit> = s.army.iter().filter(|u| u.regiment == Some(u.unit_id)).collect();
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
        let Some(roster) = shown.rosters.iter().find(|r| r.id == s.roster_id) else {
            continue;
        };
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
