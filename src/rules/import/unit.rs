//! One unit of a list matched against its faction: the warscroll its printed name is (read
//! past seasons' tags, counts and options by [`super::reading`]), how many units and whether
//! reinforced ([`super::counted`]), its own name and its enhancements, each with a report line.

use super::counted::{Units, units_of};
use super::reading::{Found, find_unit};
use super::{ImportUnit, Matched, ReportLine, Status};
use crate::catalogue::{EnhancementKind, Faction, Warscroll};
use crate::lists::ListUnit;
use crate::names;

/// Why a unit's own name in a list cannot be kept: the name rule every entrance passes
/// (`rules::names`), or another unit of the list already named so.
fn own_name_problem(u: &ListUnit, out: &Matched) -> Option<String> {
    let name = u.custom_name.as_deref()?;
    if let Err(e) = crate::rules::names::check(crate::rules::names::NameKind::Unit, name) {
        return Some(format!("its own name: {}; fix the name in the list", e.message));
    }
    out.units
        .iter()
        .filter_map(|other| other.custom_name.as_deref())
        .any(|other| names::same(other, name))
        .then(|| {
            format!(
                "another unit of the list is already named '{}'; give each unit its own name",
                name.trim()
            )
        })
}

fn is_enhancement(faction: &Faction, e: &str) -> bool {
    faction
        .enhancement_tables
        .iter()
        .any(|t| t.enhancements.iter().any(|x| names::same(x, e)))
}

fn unmatched(out: &mut Matched, u: &ListUnit, detail: String) {
    out.report.push(ReportLine {
        line: u.line,
        text: u.warscroll.clone(),
        status: Status::Unmatched,
        detail: detail.into(),
    });
}

pub(super) fn match_unit(faction: &Faction, printed: &ListUnit, out: &mut Matched) {
    // `(350) (Batussy)`: an enhancement if the faction has one so named, else the unit's name.
    let mut u = printed.clone();
    let mut notes: Vec<String> = Vec::new();
    let mut loose = false;
    if let Some(aside) = printed.aside.as_deref().map(str::trim).filter(|a| !a.is_empty()) {
        if is_enhancement(faction, aside) {
            u.enhancements.push(aside.to_string());
        } else if u.custom_name.is_none() {
            u.custom_name = Some(aside.to_string());
            loose = true;
            notes.push(format!(
                "'({aside})' after the points read as the unit's own name"
            ));
        } else {
            notes.push(format!("'({aside})' set aside"));
        }
    }
    if let Some(why) = own_name_problem(&u, out) {
        return unmatched(out, &u, why);
    }
    let reading = match find_unit(faction, &u.warscroll) {
        Found::One(r) => r,
        Found::Ambiguous(candidates) => {
            let detail = format!(
                "'{}' fits several {} warscrolls: {}; write the one meant",
                u.warscroll,
                faction.name,
                super::quoted(&candidates)
            );
            return unmatched(out, &u, detail);
        }
        // "The Shadow Queen (0)" under Morathi-Khaine: part of another warscroll.
        Found::None if u.points == Some(0) && out.after.is_some() => {
            let with = out
                .units
                .iter()
                .rfind(|p| Some(p.line) == out.after)
                .map_or("the unit above".to_string(), |p| p.warscroll.name.clone());
            out.report.push(ReportLine {
                line: u.line,
                text: u.warscroll.clone(),
                status: Status::Ignored,
                detail: format!(
                    "0 points and no warscroll of its own: a companion that comes with {with}, set aside"
                )
                .into(),
            });
            return;
        }
        Found::None => {
            let detail = out.unknown_as(
                &format!("{} unit", faction.name),
                &u.warscroll,
                &super::reading::untagged(&u.warscroll),
                faction.units.iter().map(|x| x.name.as_str()),
            );
            return unmatched(out, &u, detail);
        }
    };
    let mut w = reading.warscroll;
    loose |= reading.loose;
    notes.extend(reading.notes.iter().cloned());
    let mut count = u.count.or(reading.count);
    // Listbot's `2 x Terradon Riders (70)`: fewer models than the unit, which the faction has
    // as an undersize unit, unless the points are those of that many whole units.
    if let Some(n) = count.filter(|n| *n < w.unit_size && u.points != Some(n * w.points))
        && let Some(small) = undersize(faction, w, n)
    {
        notes.push(format!("{n} models: the undersize unit {}", small.name));
        (w, count, loose) = (small, None, true);
    }
    if w.anvil_of_apotheosis {
        let detail = format!(
            "{} is an Anvil of Apotheosis hero, which ptg cannot build yet; left out",
            w.name
        );
        return unmatched(out, &u, detail);
    }
    u.general |= reading.general;
    let marked = u.reinforced || reading.reinforced;
    // `Liberators (10) - 180 pts`: a bare number is models when the points printed say so.
    let mut models = reading.models;
    if let Some(n) = reading.number.filter(|_| models.is_none()) {
        let fits = units_of(w, None, Some(n), u.points, marked)
            .is_ok_and(|x| Some(x.units * w.points * if x.reinforced { 2 } else { 1 }) == u.points);
        if fits {
            models = Some(n);
        } else {
            notes.push(format!("'({n})' set aside"));
        }
    }
    let mut units = match units_of(w, count, models, u.points, marked) {
        Ok(units) => units,
        Err(why) => return unmatched(out, &u, why),
    };
    // A file's model count: twice the unit size without a `Reinforced` upgrade is reinforced.
    if let Some(m) = u
        .models
        .filter(|_| units.units == 1 && models.is_none() && count.is_none())
    {
        let size = w.unit_size.max(1);
        // Unless the points printed are the plain unit's (then ptg's unit size may be off).
        if m == 2 * size && w.reinforceable && !units.reinforced && u.points != Some(w.points) {
            units.reinforced = true;
            loose = true;
            notes.push(format!(
                "the list holds {m} models, twice the unit's {size}, without 'Reinforced': read as reinforced"
            ));
        } else if m == size && units.reinforced {
            loose = true;
            notes.push(format!(
                "the list marks it reinforced but holds {m} models, the unit's size: read as reinforced, as marked"
            ));
        }
    }
    if let Some(note) = &units.note {
        notes.push(note.clone());
    }
    for i in 0..units.units {
        // The general, its own name and its enhancements go to the first unit of the line.
        let mut one = u.clone();
        if i > 0 {
            one.general = false;
            one.custom_name = None;
            one.enhancements.clear();
            one.enhancement_lines.clear();
        }
        add(faction, w, &one, &units, (&notes, loose), out);
    }
}

/// The undersize copy of `w` with `models` models ("Terradon Riders (2 Models)"), if any.
fn undersize<'f>(faction: &'f Faction, w: &Warscroll, models: u32) -> Option<&'f Warscroll> {
    faction.units.iter().find(|x| {
        x.unlocked_by.is_some()
            && x.unit_size == models
            && (names::same(&x.name, &format!("{} ({models} Models)", w.name))
                || names::same(&x.name, &format!("{} ({models} Model)", w.name)))
    })
}

/// The report lines and the unit of one unit of a line.
fn add(
    faction: &Faction,
    w: &Warscroll,
    u: &ListUnit,
    units: &Units,
    (notes, loose): (&[String], bool),
    out: &mut Matched,
) {
    let reinforced = units.reinforced;
    let cost = w.points * if reinforced { 2 } else { 1 };
    let mut detail = format!(
        "{}{} ({cost} pts){}{}",
        w.name,
        if reinforced { ", reinforced" } else { "" },
        if u.general { ", general" } else { "" },
        u.custom_name
            .as_deref()
            .map(|n| format!(", named \"{n}\""))
            .unwrap_or_default()
    );
    let mut status = if loose { Status::Warning } else { Status::Unit };
    for n in notes {
        detail.push_str(&format!("; {n}"));
    }
    let whole_line = cost * units.units;
    if let Some(printed) = u.points.filter(|p| *p != cost && *p != whole_line) {
        status = Status::Warning;
        detail.push_str(&format!(
            "; the list says {printed} pts, the catalogue {cost} (ptg's catalogue decides)"
        ));
    }
    if reinforced && !w.reinforceable {
        status = Status::Warning;
        detail.push_str("; it cannot be reinforced, so it joins at minimum size");
    }
    out.report.push(ReportLine {
        line: u.line,
        text: u.warscroll.clone(),
        status,
        detail: detail.into(),
    });
    let mut enhancements: Vec<(String, EnhancementKind, String)> = Vec::new();
    // A bare bullet under a HERO naming one of the faction's enhancements is that enhancement
    // (the app and Sigdex print them so, no table named), reported on its own line.
    let named: Vec<&(usize, String)> = u
        .bullets
        .iter()
        .filter(|(_, b)| is_enhancement(faction, b))
        .collect();
    let may_hold = w.is_hero() && !w.is_unique();
    if !may_hold {
        // Path to Glory gives enhancements to HEROes that are not UNIQUE only: said beside its
        // line, never dropped silently.
        let who = if w.is_hero() {
            "a UNIQUE unit"
        } else {
            "only a HERO"
        };
        for (line, b) in &named {
            out.bullets_read.insert(*line);
            out.report.push(ReportLine {
                line: *line,
                text: b.clone(),
                status: Status::Warning,
                detail: format!(
                    "{b} is an enhancement, but {} may not hold it ({who} may{}): set aside",
                    w.name,
                    if w.is_hero() { " not" } else { "" }
                )
                .into(),
            });
        }
    }
    let bullets = named.into_iter().filter(|_| may_hold).map(|(line, b)| (*line, b));
    // A labelled enhancement on a line of its own is reported beside that line.
    let printed = u.enhancements.iter().map(|e| {
        let at = u
            .enhancement_lines
            .iter()
            .find(|(_, x)| x == e)
            .map_or(u.line, |(n, _)| *n);
        (at, e)
    });
    for (at, e) in printed.chain(bullets) {
        if at != u.line {
            out.bullets_read.insert(at);
        }
        let table = faction
            .enhancement_tables
            .iter()
            .find(|t| t.enhancements.iter().any(|x| names::same(x, e)));
        let line = match table {
            Some(t) if enhancements.iter().any(|(name, ..)| name == &t.name) => ReportLine {
                line: at,
                text: e.clone(),
                status: Status::Warning,
                detail: format!(
                    "{} already has an enhancement from {}; a unit holds one of each table, so this one is left out",
                    w.name, t.name
                )
                .into(),
            },
            // Path to Glory's rules, as `roster enhance` applies them: one of each enhancement
            // on the Order of Battle, one artefact of power per HERO. Said beside the line.
            Some(t) if let Some(holder) = held_by(out, e) => ReportLine {
                line: at,
                text: e.clone(),
                status: Status::Warning,
                detail: format!(
                    "{e} is already held by {holder}; the Order of Battle cannot include the same \
                     enhancement twice, so {} does not take it ({})",
                    w.name, t.name
                )
                .into(),
            },
            Some(t)
                if t.kind == EnhancementKind::Artefact
                    && let Some((_, _, held)) =
                        enhancements.iter().find(|(_, k, _)| *k == EnhancementKind::Artefact) =>
            {
                ReportLine {
                    line: at,
                    text: e.clone(),
                    status: Status::Warning,
                    detail: format!(
                        "{} already carries the artefact {held}; a HERO cannot have more than one \
                         artefact of power, so {e} is left out",
                        w.name
                    )
                    .into(),
                }
            }
            Some(t) => {
                let name = t
                    .enhancements
                    .iter()
                    .find(|x| names::same(x, e))
                    .cloned()
                    .unwrap_or_default();
                enhancements.push((t.name.clone(), t.kind, name.clone()));
                ReportLine {
                    line: at,
                    text: e.clone(),
                    status: Status::Enhancement,
                    detail: format!("{name} ({}) on {}", t.name, w.name).into(),
                }
            }
            None => ReportLine {
                line: at,
                text: e.clone(),
                status: Status::Unmatched,
                detail: out.unknown(
                    "enhancement",
                    e,
                    faction
                        .enhancement_tables
                        .iter()
                        .flat_map(|t| t.enhancements.iter().map(String::as_str)),
                    )
                    .into(),
            },
        };
        out.report.push(line);
    }
    out.units.push(ImportUnit {
        line: u.line,
        warscroll: w.clone(),
        ally: u.ally.as_ref().map(|_| faction.name.clone()),
        custom_name: u.custom_name.clone(),
        reinforced: reinforced && w.reinforceable,
        general: u.general,
        enhancements,
    });
}

/// The unit of the list read so far that already holds enhancement `e`.
fn held_by(out: &Matched, e: &str) -> Option<String> {
    out.units
        .iter()
        .find(|u| u.enhancements.iter().any(|(_, _, n)| names::same(n, e)))
        .map(|u| u.warscroll.name.clone())
}
