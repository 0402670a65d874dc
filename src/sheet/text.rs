//! The sheet as plain text, for a terminal or a forum post: the same view and section order
//! as the PDF.

use super::template::{Field, Section, Template};
use super::view::{NOT_IN_CURRENT_DATA, Sheet, UnitRow};
use std::fmt::Write;

/// Renders the sheet as text.
pub fn render(s: &Sheet, t: &Template) -> String {
    let mut out = String::new();
    for section in &t.layout.sections {
        let part = match section {
            Section::Army => army(s),
            Section::Glory => glory(s),
            Section::QuestLog => quest_log(s),
            Section::Battles => battles(s),
            Section::ArcaneTome => arcane_tome(s, t),
            Section::NotableEvents => events(s),
            Section::OrderOfBattle => order_of_battle(s, t),
            Section::PageBreak => "-".repeat(72) + "\n",
        };
        out.push_str(&part);
        out.push('\n');
    }
    let _ = writeln!(out, "Campaign {} · printed {}", s.campaign, s.printed);
    out
}

fn heading(title: &str) -> String {
    format!("{title}\n{}\n", "=".repeat(title.chars().count()))
}

fn army(s: &Sheet) -> String {
    let mut out = heading(&s.army);
    let _ = writeln!(out, "Player:          {}", s.player);
    let _ = writeln!(out, "Faction:         {}", s.faction);
    let _ = writeln!(out, "Realm of origin: {}", s.realm.as_deref().unwrap_or("–"));
    let _ = writeln!(out, "Campaign:        {} ({})", s.campaign, s.battlepack);
    out
}

fn glory(s: &Sheet) -> String {
    format!(
        "Glory points: {}{}    Order of Battle: {} points    Battles fought: {} (W {} · D {} · L {})\n",
        s.glory,
        s.favour
            .map(|f| format!("    Favour points: {f}"))
            .unwrap_or_default(),
        s.points,
        s.battles_fought,
        s.record.wins,
        s.record.draws,
        s.record.losses
    )
}

fn quest_log(s: &Sheet) -> String {
    let mut out = heading("Quest Log");
    match &s.quest {
        Some(q) => {
            let _ = write!(out, "Current quest: {}", q.name);
            if let Some(t) = q.target {
                let _ = write!(out, " — quest points {} / {t}", q.points);
            }
            if let Some(u) = &q.unit {
                let _ = write!(out, " — {u}");
            }
            out.push('\n');
        }
        None => out.push_str("Current quest: none\n"),
    }
    let completed = if s.completed_quests.is_empty() {
        "none yet".to_string()
    } else {
        s.completed_quests.join(", ")
    };
    let _ = writeln!(out, "Completed quests: {completed}");
    out
}

fn battles(s: &Sheet) -> String {
    let mut out = heading("Battles Fought");
    if s.battles.is_empty() {
        out.push_str("No battles fought yet.\n");
        return out;
    }
    for b in &s.battles {
        let _ = writeln!(
            out,
            "{} #{} v {} ({} points{}): {}–{} VP, {}{}",
            b.letter,
            b.battle,
            b.opponent,
            b.points_limit,
            b.battleplan
                .as_deref()
                .map(|p| format!(", {p}"))
                .unwrap_or_default(),
            b.victory_points,
            b.opponent_victory_points,
            b.result,
            b.decided
                .as_deref()
                .map(|d| format!(" ({d})"))
                .unwrap_or_default()
        );
        let notes = b.narrative_notes();
        if !notes.is_empty() {
            let _ = writeln!(out, "    {notes}");
        }
    }
    if let Some(note) = crate::sheet::view::earlier_battles_note(s) {
        let _ = writeln!(out, "{note}");
    }
    let _ = writeln!(
        out,
        "Record: W {} · D {} · L {}",
        s.record.wins, s.record.draws, s.record.losses
    );
    out
}

fn arcane_tome(s: &Sheet, t: &Template) -> String {
    let mut out = heading("Arcane Tome");
    for lore in &s.tome {
        let _ = writeln!(out, "{} ({}/6)", lore.title, lore.entries.len());
        let lines = lore.entries.len().max(t.layout.lore_lines as usize);
        for n in 0..lines {
            match lore.entries.get(n) {
                Some(e) => {
                    let value = e.value.map(|v| format!(" ({v})")).unwrap_or_default();
                    let wild = if e.wild { " (Wild)" } else { "" };
                    let _ = writeln!(out, "  {}. {}{value}{wild}", n + 1, e.name);
                }
                None => {
                    let _ = writeln!(out, "  {}. ", n + 1);
                }
            }
        }
    }
    out
}

fn events(s: &Sheet) -> String {
    let mut out = heading("Notable Events");
    if s.events.is_empty() {
        out.push_str("None yet.\n");
    }
    for e in &s.events {
        let _ = writeln!(out, "- {e}");
    }
    if let Some(note) = crate::sheet::view::earlier_events_note(s) {
        let _ = writeln!(out, "{note}");
    }
    out
}

fn order_of_battle(s: &Sheet, t: &Template) -> String {
    let mut out = heading(&format!(
        "Order of Battle ({} units, {} points)",
        s.units.len(),
        s.points
    ));
    let fields: Vec<Field> = t.order_of_battle.columns.iter().map(|c| c.field).collect();
    for u in &s.units {
        out.push_str(&unit(u, &fields));
    }
    out
}

/// One unit as a short paragraph with the template's fields, its id (when the template
/// prints it) first: "- #12 Dawn Guard (Liberators) · 120 pts ...".
fn unit(u: &UnitRow, fields: &[Field]) -> String {
    let mut id = String::new();
    let mut head = Vec::new();
    let mut rest = Vec::new();
    for f in fields {
        match f {
            Field::Id => id = format!("#{} ", u.id),
            Field::Unit => {
                head.push(match &u.name {
                    Some(n) => format!("{n} ({})", u.warscroll),
                    None => u.warscroll.clone(),
                });
                if u.warlord {
                    head.push("WARLORD".to_string());
                }
                if let Some(a) = &u.ally {
                    head.push(format!("ally: {a}"));
                }
                if !u.in_current_data {
                    head.push(NOT_IN_CURRENT_DATA.to_string());
                }
            }
            Field::Name => head.push(u.name.clone().unwrap_or_else(|| "–".to_string())),
            Field::Warscroll if !u.in_current_data && !fields.contains(&Field::Unit) => {
                head.push(format!("{} ({NOT_IN_CURRENT_DATA})", u.warscroll))
            }
            Field::Warscroll => head.push(u.warscroll.clone()),
            Field::Points => head.push(format!("{} pts", u.points)),
            Field::Models => head.push(match u.models {
                1 => "1 model".to_string(),
                n => format!("{n} models"),
            }),
            Field::Reinforced if u.reinforced => head.push("reinforced".to_string()),
            Field::Reinforced => {}
            Field::Renown => head.push(format!("renown {}", u.renown)),
            Field::Rank => head.push(u.rank.clone().unwrap_or_else(|| "no rank".to_string())),
            Field::Path => head.push(u.path.clone().unwrap_or_else(|| "no Path".to_string())),
            Field::Abilities if !u.abilities.is_empty() => {
                let list: Vec<String> = u
                    .abilities
                    .iter()
                    .map(|a| format!("{}: {}", a.tag, a.name))
                    .collect();
                rest.push(format!("    Path abilities: {}", list.join("; ")))
            }
            Field::Enhancements if !u.enhancements.is_empty() => {
                let list: Vec<String> = u
                    .enhancements
                    .iter()
                    .map(|e| format!("{} ({})", e.name, e.tag))
                    .collect();
                rest.push(format!("    Enhancements: {}", list.join("; ")))
            }
            Field::Abilities | Field::Enhancements => {}
        }
    }
    let mut out = format!("- {id}{}\n", head.join(" · "));
    for r in rest {
        out.push_str(&r);
        out.push('\n');
    }
    out
}
