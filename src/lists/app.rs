//! The official Warhammer Age of Sigmar app's text export: a title line (`Name 1000/2000 pts`),
//! the faction, battle formation, battlescroll and lores, then sections (`General's Regiment`,
//! `Regiment 1`, `Auxiliary Units`, `Faction Terrain`, `Regiments of Renown`, `Battle Traits`)
//! of `Unit (points)` lines, each followed by bullets (`• General`, `• Reinforced`,
//! `• Heroic Traits: X`, `• Name: Custom`), and a footer. ptg's `roster export --format app`
//! writes the same layout. The small readers here (bullets, counts, points, lores) are shared
//! with the forum grammar.

use super::scaffold::exporter_line;
use super::{ListLore, ListUnit, ParsedList};

/// Whether the text looks like the app's export.
/// An export whose headings were cut but that keeps the app's `-----` separators, its title
/// and its `Drops:` or `Spell Lore - ` lines is the app's too (issue #41).
pub fn looks_like(text: &str) -> bool {
    let mut spell_lore = false;
    let mut regiment = false;
    let mut separator = false;
    let mut drops_or_lore = false;
    for line in text.lines().map(str::trim) {
        if is_generals_regiment(line) || line.starts_with("Created with Warhammer Age of Sigmar") {
            return true;
        }
        spell_lore |= line.starts_with("Spell Lore - ");
        regiment |= regiment_number(line);
        separator |= line.len() >= 3 && line.chars().all(|c| c == '-');
        drops_or_lore |= line.starts_with("Drops:") || lore(line).is_some_and(|_| line.contains(" - "));
    }
    let titled = name_above(text).is_some()
        || text
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && exporter_line(l).is_none())
            .is_some_and(|l| title(l).is_some());
    (spell_lore && regiment) || (separator && drops_or_lore && titled)
}

#[derive(Clone, Copy, PartialEq)]
enum Section {
    /// Before the first heading: faction, formation, battlescroll, drops, lores.
    Preamble,
    Units,
    /// Under `Regiments of Renown`: a regiment's name (no points) heads the units it brings.
    Renown,
    BattleTraits,
    TacticCards,
}

pub fn parse(text: &str) -> ParsedList {
    let mut list = ParsedList::default();
    let mut section = Section::Preamble;
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
                continue;
            }
            if *at == n {
                list.points = title(line).map(|(_, p)| p);
                list.ignore(n, line, "the list's points");
                first = false;
                continue;
            }
        }
        if first && exporter_line(line).is_some() && title(line).is_none() {
            // A fence or rule above the title.
        } else if std::mem::take(&mut first)
            && let Some((name, points)) = title(line)
        {
            list.name = (!name.is_empty()).then(|| name.to_string());
            list.points = Some(points);
            list.ignore(n, line, "the list's name and points");
            continue;
        }
        if second_title(&list, line) && unit_line(n, line).is_none() {
            list.header_at(n);
            list.ignore(n, line, "a second list's name and points");
        } else if let Some(why) = exporter_line(line) {
            list.ignore(n, line, why);
        } else if is_footer(line) {
            list.ignore(n, line, "the app's footer");
        } else if let Some((kind, name)) = lore(line) {
            list.lores.push(ListLore {
                line: n,
                kind: kind.into(),
                name: name.into(),
            });
        } else if let Some((next, why)) = heading(line) {
            section = next;
            current = None;
            list.ignore(n, line, why);
        } else if let Some(body) = strip_bullet(line) {
            match current {
                Some(u) => bullet(&mut list, u, n, line, body),
                None => list.not_understood(n, line),
            }
        } else if section == Section::BattleTraits {
            list.ignore(n, line, "a battle trait");
        } else if section == Section::TacticCards {
            list.ignore(n, line, "a battle tactic card");
        } else if let Some(units) = unit_line(n, line) {
            list.units.extend(units);
            current = Some(list.units.len() - 1);
        } else if section == Section::Preamble {
            preamble(&mut list, n, line);
        } else if section == Section::Renown {
            list.ignore(
                n,
                line,
                "a Regiment of Renown's name (ptg keeps the units listed with points, not the regiment)",
            );
        } else {
            list.not_understood(n, line);
        }
    }
    list
}

/// `Hammers of Dawn 1000/2000 pts`: the name and the limit (or the total if only one number).
/// Only the last number, or the numbers joined by `/`, are points: a number before them is the
/// name's own (`KO1 2000 pts`, `Daka Daka 2 1990/2000 pts`, issue #41).
pub(super) fn title(line: &str) -> Option<(&str, u32)> {
    let lower = line.to_ascii_lowercase();
    let end = ["pts", "points", "pt"]
        .iter()
        .find_map(|s| lower.strip_suffix(s).map(str::len))?;
    let body = line[..end].trim_end();
    let mut rest = body;
    let mut points = None;
    loop {
        let digits = rest.chars().rev().take_while(char::is_ascii_digit).count();
        let n = number(&rest[rest.len() - digits..])?;
        points.get_or_insert(n);
        rest = rest[..rest.len() - digits].trim_end();
        match rest.strip_suffix('/') {
            Some(r) => rest = r.trim_end(),
            None => break,
        }
    }
    Some((
        rest.trim().trim_end_matches(['-', '–', '—', ':', '|']).trim(),
        points?,
    ))
}

/// The list's name printed on its own line(s) above a line of points alone (`KO1` then
/// `1990/2000 pts`, as the app prints it; some exporters wrap the name over two lines): the
/// name's line numbers, the name, and the points line's number.
pub(super) fn name_above(text: &str) -> Option<(Vec<usize>, String, usize)> {
    let lead: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && (exporter_line(l).is_none() || title(l).is_some()))
        .take(3)
        .collect();
    let k = lead
        .iter()
        .position(|(_, l)| title(l).is_some_and(|(name, _)| name.is_empty()))?;
    let names = &lead[..k];
    // `Liberators - 220`, `2x Liberators`: a unit line with its points or count is no name.
    let costed = |l: &str| {
        l.rsplit_once([' ', '-', '–', '—']).is_some_and(|(head, tail)| {
            !head.trim().is_empty()
                && head.trim_end().ends_with(['-', '–', '—'])
                && points_expr(tail).is_some()
        }) || split_count(l).0 > 1
    };
    let plain =
        |l: &str| title(l).is_none() && lore(l).is_none() && !costed(l) && !l.contains([':', '(', '[', '|']);
    if names.is_empty() || !names.iter().all(|(_, l)| plain(l)) {
        return None;
    }
    // A header heads the list: the list follows its points. Bare lines above a last line of
    // points are a short list's units and its total, not its name.
    let follows = text
        .lines()
        .skip(lead[k].0)
        .map(str::trim)
        .any(|l| !l.is_empty() && exporter_line(l).is_none() && !is_footer(l));
    if !follows {
        return None;
    }
    let name = names.iter().map(|(_, l)| *l).collect::<Vec<_>>().join(" ");
    Some((names.iter().map(|(n, _)| *n).collect(), name, lead[k].0))
}

/// Whether `line` (not a unit) opens a second list once units were read: a title with a name
/// (`Daka Daka 2 1990/2000 pts`), or points alone (`1990/2000 pts`) right below a line no
/// grammar understood (the second list's name on its own line). Points alone below the units
/// are the list's own total.
pub(super) fn second_title(list: &ParsedList, line: &str) -> bool {
    let Some((name, points)) = title(line) else {
        return false;
    };
    let last_unit = list.units.last().map_or(0, |u| u.line);
    let name_above = list
        .notes
        .last()
        .is_some_and(|x| x.kind == super::NoteKind::NotUnderstood && x.line > last_unit);
    // `Total 990/1000 pts`, `Grand total:`, `Used 990/1000 pts`, `Points spent`: the list's own
    // total, whatever word comes before it.
    let total = name
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .any(|w| matches!(w, "total" | "used" | "spent"));
    !list.units.is_empty()
        && !total
        && (line.contains('/') || points >= 500)
        && (!name.is_empty() || name_above)
}

fn is_footer(line: &str) -> bool {
    line.starts_with("Created with")
        || line.starts_with("App:")
        || line.starts_with("Data:")
        || line.contains("| Data:")
}

fn is_generals_regiment(line: &str) -> bool {
    let l = line.to_lowercase().replace('’', "'");
    l == "general's regiment" || l == "generals regiment"
}

/// `Regiment 3`.
fn regiment_number(line: &str) -> bool {
    line.strip_prefix("Regiment ")
        .is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

fn heading(line: &str) -> Option<(Section, &'static str)> {
    if is_generals_regiment(line) || regiment_number(line) {
        return Some((Section::Units, "a regiment heading"));
    }
    let section = match line.trim_end_matches(':').to_lowercase().as_str() {
        "auxiliary units" | "auxiliaries" => (Section::Units, "the auxiliary units heading"),
        "faction terrain" => (Section::Units, "the faction terrain heading"),
        "regiments of renown" | "regiment of renown" => (Section::Renown, "the regiments of renown heading"),
        "manifestations" | "endless spells" => (Section::Units, "a section heading"),
        "battle traits" => (Section::BattleTraits, "the battle traits heading"),
        "battle tactic cards" | "battle tactics" => (Section::TacticCards, "the battle tactic cards heading"),
        _ => return None,
    };
    Some(section)
}

/// Lines between the title and the first heading.
fn preamble(list: &mut ParsedList, n: usize, line: &str) {
    let lower = line.to_lowercase();
    if lower.starts_with("drops") {
        list.ignore(n, line, "the number of drops");
    } else if lower.starts_with("general's handbook")
        || lower.starts_with("battlescroll")
        || lower.starts_with("pitched battle")
    {
        list.ignore(n, line, "the battlescroll");
    } else if list.faction.is_none() {
        list.faction = Some(line.to_string());
        list.ignore(n, line, "the faction (read as the list's faction)");
    } else {
        list.ignore(n, line, "the battle formation or subfaction");
    }
}

/// A bullet under unit `u`.
fn bullet(list: &mut ParsedList, u: usize, n: usize, line: &str, body: &str) {
    let unit = &mut list.units[u];
    match marker(body) {
        Some(Marker::General) => {
            unit.general = true;
            list.ignore(n, line, "the general marker (read onto the unit above)");
        }
        Some(Marker::Reinforced) => {
            // `3x Clanrats` then `Reinforced`: every unit of the line.
            let at = unit.line;
            for unit in list.units.iter_mut().filter(|x| x.line == at) {
                unit.reinforced = true;
            }
            list.ignore(n, line, "the reinforced marker (read onto the unit above)");
        }
        None => match labelled(body) {
            Some(Labelled::Name(name)) => {
                unit.custom_name = Some(name.to_string());
                list.ignore(n, line, "the unit's own name (read onto the unit above)");
            }
            Some(Labelled::Ally(faction)) => {
                unit.ally = Some(faction.to_string());
                list.ignore(n, line, "the allied unit's faction (read onto the unit above)");
            }
            Some(Labelled::Enhancement(e)) => {
                unit.enhancements.push(e.to_string());
                unit.enhancement_lines.push((n, e.to_string()));
            }
            Some(Labelled::Wargear) => {
                list.ignore(n, line, "a wargear option or model count of the unit above")
            }
            None => {
                unit.bullets.push((n, body.trim().to_string()));
                list.ignore(n, line, "a wargear option or model count of the unit above")
            }
        },
    }
}

pub(super) enum Marker {
    General,
    Reinforced,
}

/// `General`, `Reinforced`, `(Reinforced)`, `x2 size`.
pub(super) fn marker(text: &str) -> Option<Marker> {
    let t = text
        .trim()
        .trim_matches(|c| matches!(c, '(' | ')' | '[' | ']' | '*' | '.'));
    let l = t.trim().to_lowercase();
    match l.as_str() {
        "general" | "the general" | "army general" => Some(Marker::General),
        "reinforced" | "reinforced x1" | "reinforced unit" | "reinforced x 1" | "x2 size" | "2x size"
        | "double size" | "reinforced (x2)" => Some(Marker::Reinforced),
        _ => None,
    }
}

pub(super) enum Labelled<'a> {
    Name(&'a str),
    /// The faction of an allied unit (ptg's export).
    Ally(&'a str),
    Enhancement(&'a str),
    Wargear,
}

/// `Label: value` under a unit: its own name, an enhancement (`Heroic Traits: X`,
/// `Artefacts of Power: X`, any table), or a wargear choice.
pub(super) fn labelled(body: &str) -> Option<Labelled<'_>> {
    let (label, value) = body.split_once(':')?;
    let value = value.trim();
    let label = label.trim().to_lowercase();
    if value.is_empty() || label.is_empty() {
        return None;
    }
    Some(match label.as_str() {
        "name" | "custom name" | "unit name" => Labelled::Name(value),
        "ally" | "allied from" => Labelled::Ally(value),
        "weapon" | "weapons" | "wargear" | "options" | "option" | "models" | "loadout" => Labelled::Wargear,
        _ => Labelled::Enhancement(value),
    })
}

/// The text after a leading bullet (`•`, `-`, `*`, `+`, `·`, `◦`), if the line has one.
pub(super) fn strip_bullet(line: &str) -> Option<&str> {
    let c = line.chars().next()?;
    if !matches!(c, '•' | '-' | '*' | '+' | '·' | '◦' | '–' | '—' | '>') {
        return None;
    }
    let rest = &line[c.len_utf8()..];
    // `-120` or a rule (`---`, `+++`) is not a bullet.
    if c != '•' && rest.starts_with(|d: char| d.is_ascii_digit() || d == c) {
        return None;
    }
    Some(rest.trim())
}

/// A whole number as printed, without overflow.
pub(super) fn number(s: &str) -> Option<u32> {
    if s.is_empty() || !s.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// `120`, `120 pts`, `120pts`, `10 Points`: the points of a bracket's content or a segment.
pub(super) fn points_expr(s: &str) -> Option<u32> {
    let l = s.trim().to_ascii_lowercase();
    let digits = ["points", "point", "pts", "pt", "p"]
        .iter()
        .find_map(|u| l.strip_suffix(u))
        .unwrap_or(&l);
    number(digits.trim())
}

/// `3x Clanrats`, `3 x Clanrats`, `2 X Rat Ogors`, listbot's `20 x Sisters of Slaughter`: the
/// count (1 to 200; units or models, as the matching decides) and the rest.
pub(super) fn split_count(s: &str) -> (u32, &str) {
    let digits = s.chars().take_while(char::is_ascii_digit).count();
    if digits == 0 {
        return (1, s);
    }
    let rest = s[digits..].trim_start();
    let Some(rest) = rest.strip_prefix(['x', 'X', '×']) else {
        return (1, s);
    };
    // `3x Clanrats` is a count; `3xClanrats` is too odd to be one.
    if !rest.starts_with(char::is_whitespace) {
        return (1, s);
    }
    match s[..digits].parse::<u32>() {
        Ok(count @ 1..=200) if !rest.trim().is_empty() => (count, rest.trim()),
        _ => (1, s),
    }
}

/// Whether a name is no name: empty, or only a count (`3x`) or numbers.
pub(super) fn no_name(warscroll: &str) -> bool {
    !warscroll
        .trim_end_matches(['x', 'X', '×'])
        .chars()
        .any(char::is_alphabetic)
}

/// `Name "Custom Name"`: the warscroll and the player's own name.
pub(super) fn custom_name(s: &str) -> (&str, Option<&str>) {
    let quote = |c: char| matches!(c, '"' | '“' | '”');
    if let Some(start) = s.find(quote) {
        let after = &s[start..];
        let q = after.chars().next().map_or(1, char::len_utf8);
        if let Some(len) = after[q..].find(quote) {
            let name = after[q..q + len].trim();
            let warscroll = s[..start].trim();
            if !name.is_empty() && !warscroll.is_empty() {
                return (warscroll, Some(name));
            }
        }
    }
    (s, None)
}

/// `Spell Lore - X`, `Prayer Lore: X`, `Manifestation Lore – X`.
pub(super) fn lore(line: &str) -> Option<(&'static str, &str)> {
    let lower = line.to_ascii_lowercase();
    let kind = [
        ("spell lore", "spell"),
        ("prayer lore", "prayer"),
        ("manifestation lore", "manifestation"),
    ]
    .into_iter()
    .find(|(p, _)| lower.starts_with(p))?;
    let rest = line.get(kind.0.len()..)?.trim_start();
    let name = rest.strip_prefix(['-', ':', '–', '—'])?.trim();
    // `Lore of Change (30 Points)`, `Forbidden Power (20)`: the lore, its cost read off.
    let name = match name.strip_suffix(')').and_then(|n| n.rfind('(').map(|o| (n, o))) {
        Some((n, o)) if points_expr(&n[o + 1..]).is_some() => n[..o].trim(),
        _ => name,
    };
    (!name.is_empty()).then_some((kind.1, name))
}

/// `Liberators (220)`, `Liberators (220 pts)`, `Knight-Arcanum (10 Points)`, with an optional
/// count and `"Custom Name"`: the unit entries of the line.
fn unit_line(n: usize, line: &str) -> Option<Vec<ListUnit>> {
    let (mut body, mut aside) = (line.strip_suffix(')')?, None);
    let mut open = body.rfind('(')?;
    // `Abhorrant Ghoul King on Royal Terrorgheist (350) (Batussy)`: words after the points.
    if points_expr(&body[open + 1..]).is_none()
        && let Some(before) = body[..open].trim_end().strip_suffix(')')
        && let Some(o) = before.rfind('(')
        && points_expr(&before[o + 1..]).is_some()
    {
        aside = Some(body[open + 1..].trim().to_string());
        (body, open) = (before, o);
    }
    let points = points_expr(&body[open + 1..])?;
    let (count, rest) = split_count(body[..open].trim());
    let (warscroll, custom) = custom_name(rest);
    if no_name(warscroll) {
        return None;
    }
    let unit = ListUnit {
        line: n,
        warscroll: warscroll.to_string(),
        custom_name: custom.map(str::to_string),
        points: Some(points),
        count: (count > 1).then_some(count),
        aside,
        ..ListUnit::default()
    };
    Some(vec![unit])
}

#[cfg(test)]
mod tests;
