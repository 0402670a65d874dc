//! Listbot-style and forum text: whatever people paste. A unit is a line with a name and points
//! (`Liberators (220)`, `Liberators 220 pts`, `Liberators [220]`, `Liberators - 220`,
//! `Liberators | 220 | Reinforced`), perhaps bulleted and counted (`3x Clanrats (110)`), with
//! markers (`General`, `Reinforced`, `x2 size`) on its line or on the lines after it, and
//! enhancements after it (`- Artefact: X`, `Heroic Trait: X`). Headers (`Allegiance:`,
//! `Total:`), section headings (`Heroes`, `++ Battleline ++`) and rules (`+++`, `===`) are read
//! or set aside. Commas never split a line: they belong to names ("Bladebringer, Herald on
//! Exalted Chariot").

use super::app::{
    Labelled, Marker, custom_name, labelled, lore, marker, name_above, no_name, number, points_expr,
    second_title, split_count, strip_bullet, title,
};
use super::scaffold::exporter_line;
use super::{ListLore, ListUnit, ParsedList};
use points::find_points;

pub fn parse(text: &str) -> ParsedList {
    let mut list = ParsedList::default();
    let mut current: Option<usize> = None;
    let mut first = true;
    let above = name_above(text);
    if let Some((_, name, _)) = &above {
        list.name = Some(name.clone());
    }
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        if let Some((lines, _, at)) = &above {
            if lines.contains(&n) {
                list.ignore(n, line, "the list's name (on its own line)");
                first = false;
                continue;
            }
            if *at == n {
                list.points = title(line).map(|(_, p)| p);
                list.ignore(n, line, "the list's points");
                continue;
            }
        }
        if first
            && title(line).is_none()
            && !is_rule(line)
            && let Some(why) = exporter_line(line)
        {
            // A fence or rule above the title: the title is still the first line.
            list.ignore(n, line, why);
            continue;
        }
        let was_first = std::mem::take(&mut first);
        // `**Rat Tide**`, `# Rat Tide`: a title in Markdown.
        if was_first && let Some(title) = markdown_title(line) {
            list.name = Some(title.to_string());
            list.ignore(n, line, "the list's name");
            continue;
        }
        let norm = line.replace(" – ", " - ").replace(" — ", " - ");
        let bulleted = strip_bullet(&norm);
        let body = bulleted.unwrap_or(&norm);
        let under = current.is_some() && (bulleted.is_some() || raw.starts_with([' ', '\t']));
        if is_rule(line) {
            list.ignore(n, line, "a separator rule");
        } else if let Some(why) = exporter_line(line).filter(|_| !was_first || title(line).is_none()) {
            list.ignore(n, line, why);
        } else if let Some((kind, name)) = lore(body) {
            list.lores.push(ListLore {
                line: n,
                kind: kind.into(),
                name: name.into(),
            });
        } else if header(&mut list, n, line, body, current.is_none()) {
        } else if !was_first && second_title(&list, &norm) && unit_line(n, body).is_none() {
            list.header_at(n);
            list.ignore(n, line, "a second list's name and points");
        } else if let Some(why) = heading(body) {
            current = None;
            list.ignore(n, line, why);
        } else if let Some(u) = current.filter(|_| attaches(body, under)) {
            attach(&mut list, u, n, line, body);
        } else if let Some((name, points)) = title(&norm)
            .filter(|(_, p)| was_first && bulleted.is_none() && (*p >= 1000 || norm.contains('/')))
        {
            list.name = (!name.is_empty()).then(|| name.to_string());
            list.points = Some(points);
            list.ignore(n, line, "the list's name and points");
        } else if let Some(units) = unit_line(n, body) {
            if was_first && units.len() == 1 && units[0].points.is_some_and(|p| p >= 1000) {
                list.name = Some(units[0].warscroll.clone());
                list.points = units[0].points;
                list.ignore(n, line, "the list's name and points");
            } else {
                list.units.extend(units);
                current = Some(list.units.len() - 1);
            }
        } else if was_first && bulleted.is_none() && plain_title(line) {
            // `Starborne Skyhost`: a first line of words alone names the list (a warscroll's
            // name there is still read as the unit by the matching).
            list.name = Some(line.to_string());
            list.ignore(n, line, FIRST_LINE_NAME);
        } else {
            list.not_understood(n, line);
        }
    }
    list
}

/// Why a first line of words alone was set aside.
pub const FIRST_LINE_NAME: &str = "the list's name (its first line)";

/// A line of a few words, letters and spaces (and `'`, `-`), none of them a number.
fn plain_title(line: &str) -> bool {
    let words = line.split_whitespace().count();
    (1..=8).contains(&words)
        && line.chars().all(|c| {
            c.is_alphabetic() || c.is_whitespace() || matches!(c, '\'' | '’' | '-' | ',' | '!' | '&')
        })
}

/// The words of a first line in Markdown bold or as a heading, without points.
fn markdown_title(line: &str) -> Option<&str> {
    let inner = line
        .strip_prefix("**")
        .and_then(|l| l.strip_suffix("**"))
        .or_else(|| line.strip_prefix("__").and_then(|l| l.strip_suffix("__")))
        .or_else(|| line.strip_prefix('#').map(|l| l.trim_start_matches('#')))?
        .trim();
    (!inner.is_empty() && find_points(inner).is_none() && inner.chars().any(char::is_alphabetic))
        .then_some(inner)
}

/// `+++`, `===`, `---`, `***`, `~~~` and the like.
fn is_rule(line: &str) -> bool {
    let chars: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
    chars.len() >= 3 && chars.iter().all(|c| "+-=*_~#–—".contains(*c))
}

/// A line under unit `u` that belongs to it: a marker, its own name, an enhancement.
fn attaches(body: &str, under: bool) -> bool {
    if marker(body).is_some() {
        return true;
    }
    let Some((label, _)) = body.split_once(':') else {
        return false;
    };
    let known = matches!(
        label.trim().to_lowercase().as_str(),
        "artefact"
            | "artefacts"
            | "artefact of power"
            | "artefacts of power"
            | "heroic trait"
            | "heroic traits"
            | "enhancement"
            | "enhancements"
            | "trait"
            | "relic"
            | "monstrous trait"
            | "monstrous traits"
            | "mount trait"
    );
    known || (under && labelled(body).is_some() && find_points(body).is_none())
}

fn attach(list: &mut ParsedList, u: usize, n: usize, line: &str, body: &str) {
    let unit = &mut list.units[u];
    match (marker(body), labelled(body)) {
        (Some(Marker::General), _) => {
            unit.general = true;
            list.ignore(n, line, "the general marker (read onto the unit above)");
        }
        (Some(Marker::Reinforced), _) => {
            // `3x Clanrats` then `Reinforced`: every unit of the line.
            unit.reinforced = true;
            list.ignore(n, line, "the reinforced marker (read onto the unit above)");
        }
        (None, Some(Labelled::Name(name))) => {
            unit.custom_name = Some(name.to_string());
            list.ignore(n, line, "the unit's own name (read onto the unit above)");
        }
        (None, Some(Labelled::Ally(faction))) => {
            unit.ally = Some(faction.to_string());
            list.ignore(n, line, "the allied unit's faction (read onto the unit above)");
        }
        (None, Some(Labelled::Enhancement(e))) => {
            unit.enhancements.push(e.to_string());
            unit.enhancement_lines.push((n, e.to_string()));
        }
        (None, Some(Labelled::Wargear)) => list.ignore(n, line, "a wargear option of the unit above"),
        (None, None) => {
            unit.bullets.push((n, body.trim().to_string()));
            list.ignore(n, line, "a wargear option of the unit above")
        }
    }
}

/// `Allegiance: X`, `Army Faction: X`, `Total: 990`, `Points: 1000` and other header lines.
fn header(list: &mut ParsedList, n: usize, line: &str, body: &str, no_unit: bool) -> bool {
    if line.starts_with("Created with") || line.starts_with("App:") || line.contains("| Data:") {
        list.ignore(n, line, "a footer");
        return true;
    }
    let stripped = body.trim_matches(|c: char| "+=*#_~ ".contains(c));
    let Some((label, value)) = stripped.split_once(':') else {
        if stripped.to_ascii_lowercase().starts_with("total") {
            list.points = last_points(stripped.get(5..).unwrap_or("")).or(list.points);
            list.ignore(n, line, "the list's total");
            return true;
        }
        return false;
    };
    let value = value.trim();
    match label.trim().to_lowercase().as_str() {
        "allegiance" | "army faction" | "faction" => {
            if list.faction.is_some() {
                // A second faction after units: a second list's header.
                list.header_at(n);
            }
            list.faction = Some(value.to_string());
            list.ignore(n, line, "the faction (read as the list's faction)");
        }
        "total" | "points" | "total points" | "army points" | "points limit" | "pts" => {
            list.points = last_points(value).or(list.points);
            list.ignore(n, line, "the list's points");
        }
        "army name" | "list name" | "name" | "list" if no_unit => {
            list.name = Some(value.to_string());
            list.ignore(n, line, "the list's name");
        }
        "subfaction"
        | "battle formation"
        | "formation"
        | "grand alliance"
        | "realm"
        | "realm of battle"
        | "mortal realm"
        | "battlescroll"
        | "drops"
        | "army type"
        | "game type"
        | "reinforcements"
        | "reinforced units"
        | "wounds"
        | "models"
        | "units"
        | "author"
        | "player"
        | "data"
        | "battle tactics"
        | "battle traits"
        | "battle tactic cards" => list.ignore(n, line, "a header"),
        _ => return false,
    }
    true
}

/// The last points value of `990`, `990/1000`, `1000 pts`.
fn last_points(value: &str) -> Option<u32> {
    value.split('/').filter_map(points_expr).next_back()
}

/// Section headings: `Heroes`, `++ Battleline ++`, `**Regiment 1**`, `Leaders:`.
fn heading(body: &str) -> Option<&'static str> {
    let h = body
        .trim_matches(|c: char| "+=*#_~ :".contains(c))
        .to_lowercase()
        .replace('’', "'");
    if let Some(r) = h.strip_prefix("regiment ")
        && number(r.trim()).is_some()
    {
        return Some("a regiment heading");
    }
    matches!(
        h.as_str(),
        "leaders"
            | "heroes"
            | "hero"
            | "battleline"
            | "units"
            | "other"
            | "other units"
            | "behemoths"
            | "behemoth"
            | "artillery"
            | "infantry"
            | "cavalry"
            | "monsters"
            | "endless spells"
            | "manifestations"
            | "faction terrain"
            | "terrain"
            | "regiments of renown"
            | "regiment of renown"
            | "auxiliary units"
            | "auxiliaries"
            | "battle traits"
            | "battle tactics"
            | "general's regiment"
            | "army"
            | "army list"
            | "warscrolls"
            | "enhancements"
            | "lores"
            | "allies"
            | "war machines"
    )
    .then_some("a section heading")
}

/// A unit line: the entries (a count gives several), or None without points or a name.
fn unit_line(n: usize, body: &str) -> Option<Vec<ListUnit>> {
    let mut unit = ListUnit {
        line: n,
        ..ListUnit::default()
    };
    let mut extras: Vec<&str> = Vec::new();
    let name = if body.contains('|') {
        let mut name = None;
        for seg in body.split('|').map(str::trim).filter(|s| !s.is_empty()) {
            let bracketed = seg.trim_matches(|c| matches!(c, '(' | ')' | '[' | ']'));
            if unit.points.is_none() && points_expr(bracketed).is_some() {
                unit.points = points_expr(bracketed);
            } else if name.is_none() && marker(seg).is_none() && labelled(seg).is_none() {
                match find_points(seg) {
                    Some((p, before, after)) if !before.trim().is_empty() => {
                        unit.points = unit.points.or(Some(p));
                        name = Some(before);
                        extras.push(after);
                    }
                    _ => name = Some(seg),
                }
            } else {
                extras.push(seg);
            }
        }
        unit.points?;
        name?
    } else {
        let (p, before, after) = find_points(body)?;
        unit.points = Some(p);
        let (aside, after) = take_aside(after);
        unit.aside = aside;
        extras.extend(
            after
                .split([',', ';', '|', '(', ')', '[', ']'])
                .flat_map(|s| s.split(" - ")),
        );
        // `Grey Seer on Screaming Bell - Scourge of Aqshy (310)`: the season's tag stays with
        // the name, for the matching to read.
        let season = before.split(" - ").skip(1).any(super::is_season_tag);
        let mut pieces = before.split(" - ");
        // `Scourge of Aqshy - Arkanaut Admiral - General`: a season's tag in front keeps the
        // name after it (issue #41).
        let front = before
            .split_once(" - ")
            .filter(|(tag, _)| super::is_season_tag(tag))
            .map(|(tag, rest)| &before[..tag.len() + 3 + rest.split(" - ").next().unwrap_or("").len()]);
        if front.is_some() {
            pieces.next();
            pieces.next();
        }
        let name = if season && front.is_none() {
            before
        } else if let Some(front) = front {
            front
        } else {
            pieces.next().unwrap_or("")
        };
        if !season || front.is_some() {
            extras.extend(pieces);
        }
        name
    };
    let (count, name) = split_count(name.trim());
    let name = strip_markers(
        name.trim().trim_end_matches([',', ':', '-', '–', '—']).trim(),
        &mut unit,
    );
    let (warscroll, custom) = custom_name(name);
    if no_name(warscroll) {
        return None;
    }
    unit.warscroll = warscroll.to_string();
    unit.custom_name = custom.map(str::to_string);
    for extra in extras
        .iter()
        .map(|e| e.trim().trim_start_matches(['-', '–', '—']).trim())
    {
        match (marker(extra), labelled(extra)) {
            _ if extra.is_empty() => {}
            // `Screamers of Tzeentch (80) [SoG]`: a season's tag after the points goes with the
            // name, for the matching to read as the base warscroll with its warning (issue #41).
            _ if super::is_season_tag(extra) => unit.warscroll = format!("{} ({extra})", unit.warscroll),
            (Some(Marker::General), _) => unit.general = true,
            (Some(Marker::Reinforced), _) => unit.reinforced = true,
            (None, Some(Labelled::Name(name))) => unit.custom_name = Some(name.to_string()),
            (None, Some(Labelled::Ally(faction))) => unit.ally = Some(faction.to_string()),
            (None, Some(Labelled::Enhancement(e))) => unit.enhancements.push(e.to_string()),
            (None, Some(Labelled::Wargear)) => {}
            (None, None) => unit.enhancements.push(extra.to_string()),
        }
    }
    unit.count = (count > 1).then_some(count);
    Some(vec![unit])
}

/// The first bracketed words after the points that are no marker, label or points
/// (`(350) (Batussy)`), and the rest of the text without them.
fn take_aside(after: &str) -> (Option<String>, &str) {
    let t = after.trim_start();
    let Some(close) = t.strip_prefix(['(', '[']).and_then(|_| t.find([')', ']'])) else {
        return (None, after);
    };
    let inner = t[1..close].trim();
    let plain = !inner.is_empty()
        && marker(inner).is_none()
        && labelled(inner).is_none()
        && points_expr(inner).is_none()
        && !super::is_season_tag(inner)
        && inner.chars().any(char::is_alphabetic);
    if plain {
        (Some(inner.to_string()), &t[close + 1..])
    } else {
        (None, after)
    }
}

/// Markers at the end of a name: `(Reinforced)`, `[General]`, `, General`, ` Reinforced`.
fn strip_markers<'a>(mut name: &'a str, unit: &mut ListUnit) -> &'a str {
    loop {
        let before = name;
        for (word, general) in [("general", true), ("reinforced", false)] {
            let lower = name.to_ascii_lowercase();
            for wrapped in [format!("({word})"), format!("[{word}]"), word.to_string()] {
                if lower.ends_with(&wrapped) && name.len() > wrapped.len() {
                    let rest = &name[..name.len() - wrapped.len()];
                    if wrapped != word || rest.ends_with([' ', ',', '-']) {
                        name = rest.trim_end().trim_end_matches([',', '-']).trim_end();
                        if general {
                            unit.general = true;
                        } else {
                            unit.reinforced = true;
                        }
                        break;
                    }
                }
            }
        }
        if name == before {
            return name;
        }
    }
}

mod points;
#[cfg(test)]
mod tests;
