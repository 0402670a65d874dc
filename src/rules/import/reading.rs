//! How real lists name a unit (issue #33): a printed name read as a warscroll of the faction
//! past what players and list builders add to it — typography (curly quotes, dashes, NBSP),
//! counts and model counts (`x3`, `[20 models]`), a `Reinforced` marker, a season's tag
//! (`(Scourge of Ghyran)`, `- Scourge of Aqshy`), a weapon option (`with Bladed Bucklers`), and
//! a loosely typed name (`Lord Celestant`). Whatever was read past the exact name is said in
//! [`Reading::notes`]; a name that is a guess marks the reading `loose` (a warning line); a name
//! that fits several warscrolls is [`Found::Ambiguous`], never picked.

use crate::catalogue::{Faction, Warscroll};
use crate::lists::is_season_tag;
use crate::names;

/// A printed name read as a warscroll.
#[derive(Debug, Clone, PartialEq)]
pub struct Reading<'f> {
    pub warscroll: &'f Warscroll,
    /// What was read past the exact name, in words ("the season's tag ... was set aside").
    pub notes: Vec<String>,
    /// The name was not the warscroll's (a season's tag, a loose spelling): a warning line.
    pub loose: bool,
    /// A count printed in the name (`Clanrats x3`).
    pub count: Option<u32>,
    /// Models printed in the name (`[20 models]`).
    pub models: Option<u32>,
    /// `Reinforced` printed in the name.
    pub reinforced: bool,
    /// `General` or `Warlord` printed in the name.
    pub general: bool,
    /// A bare number in brackets in the name (`Liberators (10)`): models or points.
    pub number: Option<u32>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Found<'f> {
    One(Reading<'f>),
    /// Several warscrolls fit the name: their names.
    Ambiguous(Vec<String>),
    None,
}

/// The faction's warscroll `printed` names, read past what lists add to names.
pub fn find_unit<'f>(faction: &'f Faction, printed: &str) -> Found<'f> {
    if let Some(w) = faction.unit(printed) {
        return Found::One(reading(w));
    }
    let Some(first) = faction.units.first() else {
        return Found::None;
    };
    let mut r = reading(first);
    let mut name = tidy(printed);
    // `Stormcast Eternals Liberators`: the faction's name before the warscroll's.
    let own = |w: &Warscroll| strip_prefix_folded(&w.name, &faction.name).is_some();
    if let Some(rest) = strip_prefix_folded(&name, &faction.name)
        && !faction.units.iter().any(own)
    {
        name = rest.to_string();
    }
    // `10 Liberators`: a count before the name, without an `x`.
    if let Some((n, rest)) = name.split_once(' ')
        && let Ok(n) = n.parse::<u32>()
        && (1..=200).contains(&n)
        && !rest.is_empty()
    {
        r.count = Some(n);
        name = rest.to_string();
    }
    // Peel what lists add at the end of a name, one piece at a time, trying the rest each time;
    // a season's tag in front (`Scourge of Aqshy: Endrinriggers`) is read off once.
    let mut front = true;
    loop {
        if let Some(w) = exact(faction, &name, &r) {
            r.warscroll = w;
            return Found::One(r);
        }
        if front && let Some((t, rest)) = season::leading(&name) {
            front = false;
            tag(&t, &mut r);
            name = rest;
            continue;
        }
        // `Flamers of Tzeentch SoG`: a season's tag after the name, with nothing around it.
        if let Some((t, rest)) = season::trailing(&name) {
            tag(&t, &mut r);
            name = rest;
            continue;
        }
        let Some(rest) = peel(&name, &mut r) else { break };
        name = rest;
    }
    // `Sisters of Slaughter with Bladed Bucklers`: the warscroll, then its weapon option.
    if let Some((base, option)) = split_option(&name)
        && let Some(w) = exact(faction, base, &r)
    {
        r.notes.push(format!(
            "the weapon option '{option}' is not a warscroll of its own"
        ));
        r.warscroll = w;
        return Found::One(r);
    }
    // `Morathi-Khaine & The Shadow Queen`: the warscroll, and a companion that comes with it.
    if let Some((base, with)) = split_companion(&name)
        && let Some(w) = exact(faction, base, &r)
    {
        r.notes.push(format!("'{with}' comes with {}", w.name));
        r.warscroll = w;
        return Found::One(r);
    }
    // `Grave Guard` (now Barrow Guard), `Monsta-killaz`, `Liberator`: a warning, or refused with
    // the several warscrolls it could be.
    match variants::find(faction, &name) {
        Ok(Some((w, variant))) => {
            r.notes.push(variants::note(&variant, &name, w));
            r.loose = true;
            r.warscroll = w;
            return Found::One(r);
        }
        Ok(None) => {}
        Err(many) => return Found::Ambiguous(many),
    }
    let loose: Vec<&Warscroll> = faction
        .units
        .iter()
        .filter(|w| names::loosely_same(&w.name, &name))
        .collect();
    match loose.as_slice() {
        [w] => {
            r.notes.push(format!("'{name}' read loosely as {}", w.name));
            r.loose = true;
            r.warscroll = w;
            Found::One(r)
        }
        [] => by_start(faction, &name, r),
        many => Found::Ambiguous(many.iter().map(|w| w.name.clone()).collect()),
    }
}

/// `printed` past a season's tag before or after it (`Scourge of Ghyran Exalted Flamers` is
/// `Exalted Flamers`): the name "did you mean" suggestions are made for when nothing matched.
pub fn untagged(printed: &str) -> String {
    let mut name = tidy(printed);
    if let Some((_, rest)) = season::leading(&name) {
        name = rest;
    }
    if let Some((_, rest)) = season::trailing(&name) {
        name = rest;
    }
    name
}

/// `Kragnos` for "Kragnos, the End of Empires": the one warscroll whose name begins with the
/// words printed (a warning), or the several it could be (refused).
fn by_start<'f>(faction: &'f Faction, name: &str, mut r: Reading<'f>) -> Found<'f> {
    let starting: Vec<&Warscroll> = faction
        .units
        .iter()
        .filter(|w| names::loosely_starts(&w.name, name))
        .collect();
    match starting.as_slice() {
        [w] => {
            r.notes.push(format!("'{name}' read as the start of {}", w.name));
            r.loose = true;
            r.warscroll = w;
            Found::One(r)
        }
        [] => Found::None,
        many => Found::Ambiguous(many.iter().map(|w| w.name.clone()).collect()),
    }
}

/// `X & Y`, `X and Y`, `X + Y`: the name before a companion, and the companion.
fn split_companion(name: &str) -> Option<(&str, &str)> {
    let lower = name.to_lowercase();
    [" & ", " and ", " + "].iter().find_map(|sep| {
        let at = lower.find(sep)?;
        let (base, with) = (name[..at].trim(), name[at + sep.len()..].trim());
        (!base.is_empty() && !with.is_empty()).then_some((base, with))
    })
}

fn reading(w: &Warscroll) -> Reading<'_> {
    Reading {
        warscroll: w,
        notes: Vec::new(),
        loose: false,
        count: None,
        models: None,
        reinforced: false,
        general: false,
        number: None,
    }
}

/// The warscroll named exactly `name`, or its undersize copy when the models say so
/// ("Terradon Riders" with `[2 models]` is "Terradon Riders (2 Models)").
fn exact<'f>(faction: &'f Faction, name: &str, r: &Reading) -> Option<&'f Warscroll> {
    if name.is_empty() {
        return None;
    }
    if let Some(m) = r.models {
        let small = faction.units.iter().find(|w| {
            w.unlocked_by.is_some()
                && (names::same(&w.name, &format!("{name} ({m} Models)"))
                    || names::same(&w.name, &format!("{name} ({m} Model)")))
        });
        if small.is_some() {
            return small;
        }
    }
    faction.unit(name)
}

/// Typography made plain: full-width characters, NBSP and other spaces, curly quotes, en and
/// em dashes.
pub fn tidy(s: &str) -> String {
    let plain: String = crate::lists::plain_width(s)
        .chars()
        .map(|c| match c {
            '\u{a0}' | '\u{2007}' | '\u{202f}' | '\u{2009}' | '\u{200a}' | '\t' => ' ',
            '\u{2018}' | '\u{2019}' | '\u{02bc}' | '`' | '´' => '\'',
            '\u{201c}' | '\u{201d}' | '\u{201e}' => '"',
            '\u{2010}' | '\u{2011}' | '\u{2012}' | '\u{2013}' | '\u{2014}' | '\u{2212}' => '-',
            '\u{200b}' | '\u{feff}' => '\u{0}',
            c => c,
        })
        .filter(|c| *c != '\u{0}')
        .collect();
    // A footnote mark (`Liberators*`) is no part of a name.
    let plain = plain.trim_end_matches(['*', '†', '‡']);
    plain.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// One piece off the end of `name` (a bracketed tag, a `- tag`, a count, `Reinforced`), read
/// into `r`; `None` when nothing more can be peeled.
fn peel(name: &str, r: &mut Reading) -> Option<String> {
    let name = name.trim().trim_end_matches([',', ';', ':']).trim_end();
    // A trailing `(…)`, `[…]` or `{…}`.
    if let Some(close) = name.chars().last().filter(|c| matches!(c, ')' | ']' | '}')) {
        let open = match close {
            ')' => '(',
            ']' => '[',
            _ => '{',
        };
        let at = name.rfind(open)?;
        let inner = name[at + 1..name.len() - 1].trim();
        let rest = name[..at].trim_end().to_string();
        if rest.is_empty() {
            return None;
        }
        tag(inner, r);
        return Some(rest);
    }
    // A trailing `- tag` ("Kairic Acolytes - Scourge of Ghyran").
    if let Some((rest, t)) = name.rsplit_once(" - ")
        && !rest.trim().is_empty()
    {
        tag(t.trim(), r);
        return Some(rest.trim_end().to_string());
    }
    let (rest, last) = name.rsplit_once(' ')?;
    let lower = last.to_lowercase();
    let rest = rest.trim_end();
    // `x3`, `×3`, or `x 3`.
    let joined = lower.strip_prefix(['x', '×']).and_then(|n| n.parse::<u32>().ok());
    let spaced = rest
        .rsplit_once(' ')
        .filter(|(before, x)| matches!(*x, "x" | "X" | "×") && !before.trim().is_empty())
        .and_then(|(before, _)| Some((before, lower.parse::<u32>().ok()?)));
    match (joined, spaced) {
        (Some(n), _) if (1..=200).contains(&n) => {
            r.count = Some(n);
            return Some(rest.to_string());
        }
        (None, Some((before, n))) if (1..=200).contains(&n) => {
            r.count = Some(n);
            return Some(before.trim_end().to_string());
        }
        _ => {}
    }
    if lower == "reinforced" {
        r.reinforced = true;
        return Some(rest.trim_end().to_string());
    }
    None
}

/// What a bracketed or dashed tag says, read into `r`.
fn tag(t: &str, r: &mut Reading) {
    let lower = t.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    match words.as_slice() {
        [n, m] if matches!(*m, "models" | "model" | "figures") && n.parse::<u32>().is_ok() => {
            r.models = n.parse().ok();
        }
        [m] if m.starts_with('x') && m[1..].parse::<u32>().is_ok() => r.count = m[1..].parse().ok(),
        ["reinforced"] => r.reinforced = true,
        ["general"] | ["warlord"] => r.general = true,
        // A number printed again in the name: points or models, not told apart.
        [p] if p
            .trim_end_matches("pts")
            .trim_end_matches("points")
            .trim()
            .parse::<u32>()
            .is_ok() =>
        {
            r.number = p
                .trim_end_matches("pts")
                .trim_end_matches("points")
                .trim()
                .parse()
                .ok();
        }
        _ if is_season_tag(&lower) => {
            r.loose = true;
            r.notes.push(format!(
                "'{t}' is a season's version of the warscroll; Path to Glory uses the base warscroll"
            ));
        }
        _ => {
            r.loose = true;
            r.notes
                .push(format!("'{t}' set aside: it is no part of a warscroll's name"));
        }
    }
}

/// `name` without `prefix` and the space after it, compared as names are.
fn strip_prefix_folded<'a>(name: &'a str, prefix: &str) -> Option<&'a str> {
    let head = name.get(..prefix.len())?;
    let rest = name[prefix.len()..].strip_prefix(' ')?;
    names::same(head, prefix).then_some(rest.trim())
}

/// `X with Y` / `X w/ Y`: the name before the weapon option, and the option.
fn split_option(name: &str) -> Option<(&str, &str)> {
    let lower = name.to_lowercase();
    for sep in [" with ", " w/ ", " armed with "] {
        if let Some(at) = lower.find(sep) {
            let (base, option) = (&name[..at], &name[at + sep.len()..]);
            if !base.trim().is_empty() && !option.trim().is_empty() {
                return Some((base.trim(), option.trim()));
            }
        }
    }
    None
}

mod season;
mod variants;

#[cfg(test)]
mod tests;
