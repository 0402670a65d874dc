//! `ptg roster show`: the Order of Battle, glory, Arcane Tome, Quest Log and what waits to
//! be picked.

use crate::catalogue::LoreKind;
use crate::cli::App;
use crate::cli::output::{json, line, or_dash, table};
use crate::error::Result;
use crate::ops;
use crate::views::roster::{pending_lines, view};

pub fn run(app: &mut App, roster: &str) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(roster)?;
    let (cat, store) = app.both()?;
    // The JSON lists every unit the roster has had; the text, its Order of Battle.
    let shown = match json_out {
        true => ops::roster::show(cat, store, roster)?,
        false => ops::roster::show_order_of_battle(cat, store, roster)?,
    };
    let (s, realm) = (&shown.subject, shown.realm.clone());
    let r = &s.roster;
    let dropped = |id: i64| shown.not_in_current_data.contains(&id);
    if json_out {
        return json(&view(&shown)?);
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
    let favour = match shown.favour {
        Some(f) => format!("    Favour points: {f}"),
        None => String::new(),
    };
    line(format!(
        "Glory points: {}{favour}    Order of Battle: {} points{stage}",
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
    t.lesser(&["Models", "Path"]);
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
        if let Some(a) = &u.ally {
            name = format!("{name}\n[ally: {a}]");
        }
        if dropped(u.id) {
            name = format!("{name}\n[not in the current data]");
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
    if r.active_units().any(|u| dropped(u.id)) {
        line(format!(
            "Units marked [not in the current data]: the {} data no longer has their warscroll; they stay at the points recorded.",
            r.faction
        ))?;
    }
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
            if let Some(why) = crate::rules::quest::only_abandon(s.pack, r) {
                line(format!("  {why}"))?;
            }
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
