//! New Recruit's text exports.
//!
//! The full export: `++ Army Roster (Age of Sigmar 4.0) [1000pts] ++`, a `+ Stormcast Eternals +`
//! faction heading, army choices (`Battle Formation: ...`, `Spell Lore: ...`), regiment headings
//! (`+ General's Regiment +`) and one line per unit:
//! `Liberators "Dawn Guard" [220pts]: General, Reinforced, Heroic Traits: X, 10x Liberator`.
//!
//! The simple export: a faction line, then `Liberators "Dawn Guard" (220)` per unit with its
//! options as bullets below (`- General`, `- Reinforced`, `- Heroic Traits: X`).
//!
//! Both end with "Created with New Recruit".

use super::{ListLore, ListUnit, ParsedList};

/// Army choices set aside on purpose, with why.
const ARMY_KEYS: &[(&str, &str)] = &[
    (
        "battle formation",
        "battle formation (an army choice, not a unit)",
    ),
    ("battle traits", "battle traits (rules of the faction)"),
    ("battle trait", "battle traits (rules of the faction)"),
    ("battle tactic cards", "battle tactic cards (not kept by ptg)"),
    ("battle tactics", "battle tactic cards (not kept by ptg)"),
    ("grand strategy", "grand strategy (not kept by ptg)"),
    ("drops", "deployment drops"),
    ("faction", "the faction, read from the heading"),
    ("general's handbook", "the battlepack"),
    ("battlepack", "the battlepack"),
];

/// Whether the text looks like a New Recruit text export.
pub fn looks_like(text: &str) -> bool {
    let mut plus_heading = false;
    let mut bracket_pts = false;
    for line in text.lines().map(str::trim) {
        let l = line.to_lowercase();
        if l.contains("created with new recruit") || l.contains("newrecruit.eu") {
            return true;
        }
        // `++ Army Roster [1000pts] ++`; a rule of `+` alone is forum text's divider.
        let titled = !line.trim_matches('+').trim().is_empty();
        if line.len() > 4 && line.starts_with("++") && line.ends_with("++") && titled {
            return true;
        }
        if heading(line).is_some() {
            plus_heading = true;
        }
        if bracket_points(line).is_some() {
            bracket_pts = true;
        }
    }
    plus_heading && bracket_pts
}

/// `+ General's Regiment +` → "General's Regiment" (one `+` each side, or more).
fn heading(line: &str) -> Option<&str> {
    let inner = line.strip_prefix('+')?.strip_suffix('+')?;
    let inner = inner.trim_matches('+').trim();
    (!inner.is_empty()).then_some(inner)
}

/// The `[240pts]` / `[240 pts]` of a line: its byte range and the points.
fn bracket_points(line: &str) -> Option<(usize, usize, u32)> {
    let mut from = 0;
    while let Some(open) = line[from..].find('[').map(|i| i + from) {
        let close = line[open..].find(']').map(|i| i + open)?;
        let inner = line[open + 1..close].trim().to_lowercase();
        let digits = inner
            .strip_suffix("pts")
            .or_else(|| inner.strip_suffix("points"))
            .map(str::trim);
        if let Some(n) = digits.and_then(|d| d.parse::<u32>().ok()) {
            return Some((open, close + 1, n));
        }
        from = close + 1;
    }
    None
}

/// The `(240)` / `(240 pts)` ending a line: the text before it and the points.
fn paren_points(line: &str) -> Option<(&str, u32)> {
    let body = line.trim_end().strip_suffix(')')?;
    let open = body.rfind('(')?;
    let inner = body[open + 1..].trim().to_lowercase();
    let inner = inner
        .strip_suffix("pts")
        .or_else(|| inner.strip_suffix("points"))
        .unwrap_or(&inner)
        .trim();
    let n = inner.parse::<u32>().ok()?;
    Some((body[..open].trim_end(), n))
}

/// `Liberators "Dawn Guard"` → ("Liberators", Some("Dawn Guard")).
fn name_and_custom(s: &str) -> (String, Option<String>) {
    let s = s.trim();
    for (open, close) in [('"', '"'), ('“', '”')] {
        if let Some(start) = s.find(open) {
            let after = &s[start + open.len_utf8()..];
            if let Some(end) = after.rfind(close) {
                let custom = after[..end].trim();
                let name = s[..start].trim();
                if !name.is_empty() {
                    return (name.to_string(), (!custom.is_empty()).then(|| custom.to_string()));
                }
            }
        }
    }
    (s.to_string(), None)
}

fn lore_kind(key: &str) -> Option<&'static str> {
    match key {
        "spell lore" | "spell lores" => Some("spell"),
        "prayer lore" | "prayer lores" => Some("prayer"),
        "manifestation lore" | "manifestation lores" => Some("manifestation"),
        _ => None,
    }
}

/// `Key: value` or `Key - value`, the key lowercased.
fn key_value(line: &str) -> Option<(String, &str)> {
    let (k, v) = line.split_once(':').or_else(|| line.split_once(" - "))?;
    Some((k.trim().to_lowercase(), v.trim()))
}

/// Headings that are not the faction.
fn is_section(h: &str) -> bool {
    let h = h.to_lowercase();
    [
        "regiment",
        "auxiliar",
        "terrain",
        "configuration",
        "manifestation",
        "lore",
        "hero",
        "battleline",
        "unit",
        "other",
        "army roster",
        "enhancement",
        "battle",
        "roster",
    ]
    .iter()
    .any(|w| h.contains(w))
}

pub fn parse(text: &str) -> ParsedList {
    let mut list = ParsedList::default();
    // The unit the simple export's bullets belong to.
    let mut current: Option<usize> = None;
    // After New Recruit's footer, a list is over: what follows is a second one.
    let mut ended = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() {
            continue;
        }
        let lower = line.to_lowercase();
        if lower.contains("created with new recruit") || lower.contains("newrecruit.eu") {
            list.ignore(n, line, "New Recruit's footer");
            current = None;
            ended = true;
            continue;
        }
        if let Some(why) = super::scaffold::exporter_line(line) {
            list.ignore(n, line, why);
            continue;
        }
        if ended {
            list.header_at(n);
            ended = false;
        }
        if line.starts_with("++") && line.ends_with("++") && line.len() > 4 {
            // `++ Army Roster [1000pts] ++` or a named `+++ My Host [1000pts] +++` heads a list;
            // another `++ … [200pts] ++` may be a force of the same roster: no second list.
            if lower.contains("roster") || line.starts_with("+++") {
                list.header_at(n);
            }
            read_top_heading(&mut list, n, line);
            current = None;
            continue;
        }
        if let Some(h) = heading(line) {
            if list.faction.is_none() && !is_section(h) {
                let (h, pts) = match bracket_points(h) {
                    Some((a, _, p)) => (h[..a].trim(), Some(p)),
                    None => (h, None),
                };
                list.faction = Some(h.to_string());
                list.points = list.points.or(pts);
                list.ignore(n, line, "the faction (read as the list's faction)");
            } else {
                list.ignore(n, line, "a section heading");
            }
            current = None;
            continue;
        }
        if let Some(item) = bullet(line) {
            match current {
                Some(u) => {
                    read_option(&mut list, u, n, item);
                    // A marker on a line of its own: said, as the other grammars say it.
                    let lower = item.to_lowercase();
                    if lower == "general" {
                        list.ignore(n, line, "the general marker (read onto the unit above)");
                    } else if lower == "reinforced" || lower.starts_with("reinforced ") {
                        list.ignore(n, line, "the reinforced marker (read onto the unit above)");
                    }
                }
                None => {
                    if !read_army_choice(&mut list, n, item) {
                        list.not_understood(n, line);
                    }
                }
            }
            continue;
        }
        if let Some((a, b, pts)) = bracket_points(line) {
            // Full export: `Name "Custom" [240pts]: options`.
            let (warscroll, custom_name) = name_and_custom(&line[..a]);
            if warscroll.is_empty() {
                list.not_understood(n, line);
                continue;
            }
            list.units.push(ListUnit {
                line: n,
                warscroll,
                custom_name,
                points: Some(pts),
                ..ListUnit::default()
            });
            let u = list.units.len() - 1;
            current = Some(u);
            let rest = line[b..].trim_start();
            if let Some(opts) = rest.strip_prefix(':') {
                for item in split_options(opts) {
                    read_option(&mut list, u, n, item);
                }
            } else if !rest.is_empty() {
                list.ignore(n, rest, "text after the unit's points");
            }
            continue;
        }
        if read_army_choice(&mut list, n, line) {
            current = None;
            continue;
        }
        if let Some((before, pts)) = paren_points(line) {
            // Simple export: `Name "Custom" (240)`.
            let (warscroll, custom_name) = name_and_custom(before);
            if !warscroll.is_empty() {
                list.units.push(ListUnit {
                    line: n,
                    warscroll,
                    custom_name,
                    points: Some(pts),
                    ..ListUnit::default()
                });
                current = Some(list.units.len() - 1);
                continue;
            }
        }
        if list.faction.is_none() && list.units.is_empty() && looks_like_faction_line(line) {
            // Simple export's header: `Stormcast Eternals`, maybe with `[1000pts]`/`(1000)`.
            let (name, pts) = match paren_points(line) {
                Some((b, p)) => (b, Some(p)),
                None => (line, None),
            };
            list.faction = Some(name.to_string());
            list.points = list.points.or(pts);
            list.ignore(n, line, "the faction (read as the list's faction)");
            continue;
        }
        list.not_understood(n, line);
    }
    list
}

/// A faction line has letters and no list punctuation.
fn looks_like_faction_line(line: &str) -> bool {
    line.chars().any(char::is_alphabetic) && !line.contains([':', '|', '[', ']', '•'])
}

/// `- General`, `• General`, `* General` → "General".
fn bullet(line: &str) -> Option<&str> {
    let rest = line
        .strip_prefix("- ")
        .or_else(|| line.strip_prefix('•'))
        .or_else(|| line.strip_prefix("* "))
        .or_else(|| line.strip_prefix("– "))?;
    let rest = rest.trim();
    (!rest.is_empty()).then_some(rest)
}

/// `++ Army Roster (Age of Sigmar 4.0) [1000pts] ++`: the points, and the roster's name when the
/// heading is `+++ Name (...) [..] +++`.
fn read_top_heading(list: &mut ParsedList, n: usize, line: &str) {
    let inner = line.trim_matches('+').trim();
    let pts = bracket_points(inner);
    if let Some((_, _, p)) = pts {
        list.points = list.points.or(Some(p));
    }
    if line.starts_with("+++") {
        let mut name = match pts {
            Some((a, _, _)) => inner[..a].trim(),
            None => inner,
        };
        if let Some(open) = name.rfind(" (")
            && name.ends_with(')')
        {
            name = name[..open].trim();
        }
        if !name.is_empty() && list.name.is_none() {
            list.name = Some(name.to_string());
        }
    }
    list.ignore(n, line, "the roster's heading");
}

/// `Battle Formation: X`, `Spell Lore: X`, ...: read or set aside. False if not an army choice.
fn read_army_choice(list: &mut ParsedList, n: usize, line: &str) -> bool {
    let Some((key, value)) = key_value(line) else {
        return false;
    };
    if let Some(kind) = lore_kind(&key) {
        if value.is_empty() {
            list.not_understood(n, line);
        } else {
            list.lores.push(ListLore {
                line: n,
                kind: kind.into(),
                name: value.to_string(),
            });
        }
        return true;
    }
    if let Some((_, why)) = ARMY_KEYS.iter().find(|(k, _)| key == *k) {
        list.ignore(n, line, why);
        return true;
    }
    false
}

/// The options after a unit's `:`, split on commas outside parentheses and quotes. A comma
/// followed by a lower-case word continues a name (`Ar'gath, the King of Blades`), as does one
/// inside a name that opens with a quote (`'Fire, You Worms!'`): options start with a capital.
fn split_options(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let mut quoted = false;
    for (i, c) in s.char_indices() {
        let before = s[..i].trim_end();
        let after = s[i + c.len_utf8()..].trim_start();
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            '\'' | '‘' | '’' if !quoted && (before.is_empty() || before.ends_with([':', ','])) => {
                quoted = true
            }
            '\'' | '’' if quoted && (after.is_empty() || after.starts_with(',')) => quoted = false,
            ',' if quoted || after.starts_with(char::is_lowercase) => {}
            ',' if depth <= 0 => {
                out.push(s[start..i].trim());
                start = i + 1;
            }
            _ => {}
        }
    }
    out.push(s[start..].trim());
    out.into_iter().filter(|o| !o.is_empty()).collect()
}

/// One option of a unit: General, Reinforced, an enhancement, or set aside.
fn read_option(list: &mut ParsedList, u: usize, n: usize, item: &str) {
    let lower = item.to_lowercase();
    let Some(unit) = list.units.get_mut(u) else {
        return;
    };
    if lower == "general" {
        unit.general = true;
        return;
    }
    if lower == "reinforced" || lower.starts_with("reinforced ") {
        unit.reinforced = true;
        return;
    }
    if let Some((key, value)) = item.split_once(':')
        && super::ENHANCEMENT_GROUPS.contains(&key.trim().to_lowercase().as_str())
    {
        let value = value.trim();
        if value.is_empty() {
            list.not_understood(n, item);
        } else {
            unit.enhancements.push(value.to_string());
        }
        return;
    }
    let why = format!("a model or wargear of {}, not kept", unit.warscroll);
    list.ignore(n, item, &why);
}

#[cfg(test)]
mod tests;
