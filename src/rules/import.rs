//! Importing an army list (issue #18): a [`ParsedList`] matched against the catalogue — its
//! faction, each unit's warscroll, each enhancement's table, each lore — with a report that
//! accounts for every line, and the changes that put the matched units on an Order of Battle.
//!
//! The import does not refuse what `roster check` reports (the 1,000-point start, the warlord
//! rules, one enhancement per table, Legends): a list that breaks them is imported with the
//! problems shown, or refused whole with `--strict` (the operation decides). What it cannot
//! store at all (an Anvil of Apotheosis hero) is reported and left out; so is an enhancement
//! the rules refuse to the unit it is printed under (one a unit earlier in the list holds, a
//! second of one table, a second artefact), a warning beside its line.

use super::change::{Change, NewUnit, Outcome, UnitRef};
use super::model::Roster;
use super::roster::grant_starting_picks;
use crate::catalogue::{EnhancementKind, Faction, Warscroll};
use crate::error::Refusal;
use crate::fix::{Fix, Input};
use crate::lists::{ListUnit, NoteKind, ParsedList};
use crate::names;
use serde::Serialize;

/// One line of the import report.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ReportLine {
    pub line: usize,
    /// What the list printed.
    pub text: String,
    pub status: Status,
    /// What it matched, with catalogue points; or why it was left out; or suggestions (the
    /// CLI's words in the JSON; a lore's line names the form that picks from it on a page).
    pub detail: crate::fix::Worded,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Unit,
    Enhancement,
    Lore,
    /// Set aside on purpose (a header, a footer, a battle trait).
    Ignored,
    /// A unit, enhancement or lore the catalogue does not have, or a line not understood.
    Unmatched,
    /// Matched, with something to know (points differ from the catalogue's).
    Warning,
}

impl Status {
    /// The word an import report marks a line with.
    pub fn label(self) -> &'static str {
        match self {
            Status::Unit => "unit",
            Status::Enhancement => "enhancement",
            Status::Lore => "lore",
            Status::Ignored => "ignored",
            Status::Unmatched => "NOT MATCHED",
            Status::Warning => "warning",
        }
    }
}

/// A unit of the list as it will join: its warscroll, and the enhancements matched to tables.
#[derive(Debug, Clone, PartialEq)]
pub struct ImportUnit {
    pub line: usize,
    pub warscroll: Warscroll,
    /// The faction of an allied unit.
    pub ally: Option<String>,
    pub custom_name: Option<String>,
    pub reinforced: bool,
    pub general: bool,
    /// (table, kind, enhancement).
    pub enhancements: Vec<(String, EnhancementKind, String)>,
}

/// The list matched against one faction.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Matched {
    pub faction: String,
    #[serde(skip)]
    pub units: Vec<ImportUnit>,
    pub report: Vec<ReportLine>,
    /// How many lines were given "did you mean" suggestions (at most
    /// [`MAX_SUGGESTED_LINES`]: each costs a comparison with every name of the faction).
    #[serde(skip)]
    pub suggested: usize,
    /// While a unit is matched: the list's unit right before it, with no heading between
    /// (the warscroll a 0-point companion comes with).
    #[serde(skip)]
    after: Option<usize>,
    /// Lines of bare bullets read as a HERO's enhancements: reported with the enhancement,
    /// not again as the wargear their parser set them aside as.
    #[serde(skip)]
    bullets_read: std::collections::BTreeSet<usize>,
}

/// The most unmatched lines of one list that get "did you mean" suggestions; the rest are
/// reported unmatched without them, so a list of garbage costs little (issue 30).
pub const MAX_SUGGESTED_LINES: usize = 20;
/// The most entries (units, lores, other lines) a list may hold: a real army list has a few
/// dozen.
pub const MAX_LIST_ENTRIES: usize = 1_000;

/// Refuses a list longer than any army list, before it is matched.
pub fn check_size(list: &ParsedList) -> Result<(), super::RuleError> {
    let entries = list.units.len() + list.lores.len() + list.notes.len();
    if entries > MAX_LIST_ENTRIES {
        return super::refuse(
            "army list",
            format!(
                "the list holds {entries} units and lines; an army list has far fewer (at most \
                 {MAX_LIST_ENTRIES}): give the list alone, not a whole file of lists"
            ),
        );
    }
    Ok(())
}

impl Matched {
    /// Lines that looked like content and did not match (refused unless `--skip-unknown`).
    pub fn unmatched(&self) -> usize {
        self.report
            .iter()
            .filter(|l| l.status == Status::Unmatched)
            .count()
    }

    /// The unit that will be the warlord: the list's general, else the one named.
    pub fn general(&self) -> Option<&ImportUnit> {
        self.units.iter().find(|u| u.general)
    }

    /// Up to three names close to `wanted`, while lines with suggestions are fewer than
    /// [`MAX_SUGGESTED_LINES`]; none after that.
    fn suggestions<'a>(&mut self, wanted: &str, known: impl IntoIterator<Item = &'a str>) -> Vec<String> {
        if self.suggested >= MAX_SUGGESTED_LINES {
            return Vec::new();
        }
        self.suggested += 1;
        names::suggestions(wanted, known)
    }

    /// "unknown WHAT 'WANTED'", with suggestions while [`Matched::suggestions`] gives them.
    fn unknown<'a>(&mut self, what: &str, wanted: &str, known: impl IntoIterator<Item = &'a str>) -> String {
        self.unknown_as(what, wanted, wanted, known)
    }

    /// [`Matched::unknown`], with the suggestions made for `looked_up` (the name past a
    /// season's tag: `Scourge of Ghyran Exalted Flamers` suggests what `Exalted Flamers` would).
    fn unknown_as<'a>(
        &mut self,
        what: &str,
        wanted: &str,
        looked_up: &str,
        known: impl IntoIterator<Item = &'a str>,
    ) -> String {
        let close = self.suggestions(looked_up, known);
        match close.as_slice() {
            [] => format!("unknown {what} '{wanted}'"),
            _ => format!("unknown {what} '{wanted}': did you mean {}?", quoted(&close)),
        }
    }
}

/// The faction a list is for: the one it names (any case), else the one holding most of its
/// units. `None` with the reason when neither decides.
pub fn pick_faction<'a>(factions: &[&'a Faction], list: &ParsedList) -> Result<&'a Faction, Refusal> {
    if let Some(named) = &list.faction {
        let named = named.trim();
        if let Some(f) = factions.iter().find(|f| names::same(&f.name, named)) {
            return Ok(f);
        }
        // "Stormcast Eternals - Ruination Chamber", "Army of Stormcast Eternals".
        if let Some(f) = factions
            .iter()
            .find(|f| names::fold(named).contains(&names::fold(&f.name)))
        {
            return Ok(f);
        }
    }
    let held = |f: &Faction| {
        list.units
            .iter()
            .filter(|u| matches!(reading::find_unit(f, &u.warscroll), reading::Found::One(_)))
            .count()
    };
    let mut best: Vec<(&Faction, usize)> = factions.iter().map(|f| (*f, held(f))).collect();
    best.sort_by_key(|b| std::cmp::Reverse(b.1));
    // The fix is the faction given with the list: a flag on the CLI, a field on the form.
    let name_it = |message: String| Refusal {
        message,
        fixes: vec![Fix::give(Input::Faction)],
    };
    match best.as_slice() {
        [(f, n), (_, m), ..] if *n > 0 && n > m => Ok(f),
        [(f, n)] if *n > 0 => Ok(f),
        [(a, n), (b, m), ..] if *n > 0 && n == m => Err(name_it(format!(
            "the list names no faction ptg knows and its units fit {} and {} alike",
            a.name, b.name
        ))),
        _ => Err(name_it(match &list.faction {
            Some(n) => names::unknown("faction", n, factions.iter().map(|f| f.name.as_str())),
            None => "the list names no faction and none of its units are in the data".into(),
        })),
    }
}

/// Matches every unit, enhancement and lore of `list` against `faction` (an allied unit
/// against its own faction among `others`), and accounts for every other line.
pub fn match_list(faction: &Faction, others: &[&Faction], list: &ParsedList) -> Matched {
    let mut out = Matched {
        faction: faction.name.clone(),
        units: Vec::new(),
        report: Vec::new(),
        suggested: 0,
        after: None,
        bullets_read: Default::default(),
    };
    // A lore printed as a unit line with its cost (`Forbidden Power (20)` under the app's
    // manifestations), named exactly and no warscroll of the faction: the lore.
    let mut lores = list.lores.clone();
    for (i, u) in list.units.iter().enumerate() {
        let lore = (u.ally.is_none() && faction.unit(&u.warscroll).is_none())
            .then(|| faction.lores.iter().find(|x| names::same(&x.name, &u.warscroll)))
            .flatten();
        if let Some(x) = lore {
            lores.push(crate::lists::ListLore {
                line: u.line,
                kind: x.kind.as_str().to_string(),
                name: u.warscroll.clone(),
            });
            continue;
        }
        out.after = companion_of(list, i);
        let ally = u
            .ally
            .as_deref()
            .map(|a| others.iter().find(|f| names::same(&f.name, a)));
        match ally {
            Some(Some(a)) => match_unit(a, u, &mut out),
            Some(None) => {
                let detail = out.unknown(
                    "allied faction",
                    u.ally.as_deref().unwrap_or(""),
                    others.iter().map(|f| f.name.as_str()),
                );
                out.report.push(ReportLine {
                    line: u.line,
                    text: u.warscroll.clone(),
                    status: Status::Unmatched,
                    detail: detail.into(),
                });
            }
            None => match_unit(faction, u, &mut out),
        }
    }
    for l in &lores {
        let found = faction.lores.iter().find(|x| names::same(&x.name, &l.name));
        let text = format!("{} lore: {}", l.kind, l.name);
        let line = match found {
            Some(x) => ReportLine {
                line: l.line,
                text,
                status: Status::Lore,
                detail: crate::fix::Worded::with(
                    format!(
                        "{} ({} entries; the Arcane Tome's picks are made with {{do}})",
                        x.name,
                        x.entries.len()
                    ),
                    crate::fix::Action::AddToTome { roster: None },
                ),
            },
            None => ReportLine {
                line: l.line,
                text,
                status: Status::Unmatched,
                detail: out
                    .unknown("lore", &l.name, faction.lores.iter().map(|x| x.name.as_str()))
                    .into(),
            },
        };
        out.report.push(line);
    }
    for n in &list.notes {
        if out.bullets_read.contains(&n.line) {
            continue;
        }
        // Forum text often heads a list with the faction's name alone.
        let first_line = matches!(&n.kind, NoteKind::Ignored(why) if why == crate::lists::FIRST_LINE_NAME);
        if (n.kind == NoteKind::NotUnderstood || first_line) && names::same(&n.text, &faction.name) {
            out.report.push(ReportLine {
                line: n.line,
                text: n.text.clone(),
                status: Status::Ignored,
                detail: "the faction".into(),
            });
            continue;
        }
        // A bare warscroll name, printed without points, is that unit: the name is exact.
        let bare = n.kind == NoteKind::NotUnderstood || first_line;
        if bare && matches!(reading::find_unit(faction, &n.text), reading::Found::One(_)) {
            let bare = ListUnit {
                line: n.line,
                warscroll: n.text.clone(),
                ..ListUnit::default()
            };
            out.after = None;
            match_unit(faction, &bare, &mut out);
            continue;
        }
        // `Neave's Companions` with no points right under Neave Blacktalon: a companion that
        // comes with the UNIQUE hero above (as `(0)` ones are), not a unit of its own.
        if n.kind == NoteKind::NotUnderstood
            && let Some(hero) = unique_right_above(list, &out, n.line)
        {
            out.report.push(ReportLine {
                line: n.line,
                text: n.text.clone(),
                status: Status::Warning,
                detail: format!(
                    "no points and no warscroll, right under the UNIQUE {hero}: a companion that comes \
                     with it, set aside"
                )
                .into(),
            });
            continue;
        }
        let detail = match &n.kind {
            NoteKind::Ignored(why) => why.clone(),
            NoteKind::NotUnderstood => not_understood(faction, &n.text, &mut out),
        };
        out.report.push(ReportLine {
            line: n.line,
            text: n.text.clone(),
            status: match n.kind {
                NoteKind::Ignored(_) => Status::Ignored,
                NoteKind::NotUnderstood => Status::Unmatched,
            },
            detail: detail.into(),
        });
    }
    out.report.sort_by_key(|l| l.line);
    out
}

/// The list's unit `i` comes right after (no section heading between them), by its line.
fn companion_of(list: &ParsedList, i: usize) -> Option<usize> {
    let (u, prev) = (&list.units[i], list.units[..i].last()?);
    let heading = list.notes.iter().any(|n| {
        n.line > prev.line
            && n.line < u.line
            && matches!(&n.kind, NoteKind::Ignored(why) if why.contains("heading"))
    });
    (!heading && prev.line < u.line).then_some(prev.line)
}

/// The UNIQUE unit matched on the lines right above `line`: only its own set-aside lines
/// (bullets, markers) between them, no blank line or heading.
fn unique_right_above(list: &ParsedList, out: &Matched, line: usize) -> Option<String> {
    let above = out
        .units
        .iter()
        .filter(|u| u.line < line)
        .max_by_key(|u| u.line)?;
    // Its bullets, markers and enhancements (a labelled one has no note, only its report line).
    let own = |l: usize| {
        list.notes
            .iter()
            .any(|n| n.line == l && matches!(&n.kind, NoteKind::Ignored(why) if why.contains("unit above")))
            || out
                .report
                .iter()
                .any(|r| r.line == l && r.status == Status::Enhancement)
    };
    ((above.line + 1..line).all(own) && above.warscroll.is_unique()).then(|| above.warscroll.name.clone())
}

/// Why a line was not read, with the names of the faction it may have meant.
fn not_understood(faction: &Faction, text: &str, out: &mut Matched) -> String {
    let known = faction
        .units
        .iter()
        .map(|w| w.name.as_str())
        .chain(
            faction
                .enhancement_tables
                .iter()
                .flat_map(|t| t.enhancements.iter().map(String::as_str)),
        )
        .chain(faction.lores.iter().map(|l| l.name.as_str()));
    let close = out.suggestions(text, known);
    match close.as_slice() {
        [] => "not understood as a unit, enhancement or lore".into(),
        _ => format!(
            "not understood as a unit, enhancement or lore: did you mean {}?",
            quoted(&close)
        ),
    }
}

/// Keeps a unit of the list from taking an own name a unit of `roster` already has (issue #39:
/// two units of one name could not be told apart by name): it joins under its warscroll's name,
/// and its report line says so. `warlord`: the list's line that is the roster's warlord, which
/// is not added again and keeps its name.
pub fn drop_taken_names(roster: &Roster, matched: &mut Matched, warlord: Option<usize>) {
    for u in matched.units.iter_mut().filter(|u| Some(u.line) != warlord) {
        let Some(name) = u.custom_name.as_deref() else {
            continue;
        };
        let Some(other) = roster
            .active_units()
            .find(|o| o.name.as_deref().is_some_and(|n| names::same(n, name)))
        else {
            continue;
        };
        let note = format!(
            "its own name '{}' is already that of {} on the roster: joins as {} without it (rename it \
             in the list to keep a name of its own)",
            name.trim(),
            other.label(),
            u.warscroll.name
        );
        if let Some(l) = matched
            .report
            .iter_mut()
            .find(|l| l.line == u.line && matches!(l.status, Status::Unit | Status::Warning))
        {
            l.status = Status::Warning;
            l.detail.push_str(&format!("; {note}"));
        }
        u.custom_name = None;
    }
}

/// The changes that put `units` on `roster`'s Order of Battle, `warlord` (already on it) taking
/// the enhancements of the list's general. Set-up rules are not refused here: `roster check`
/// reports what the list breaks.
pub fn plan_import(roster: &Roster, units: &[&ImportUnit], warlord: Option<&ImportUnit>) -> Outcome {
    let mut out = Outcome::new(format!("{} units imported from a list", units.len()));
    let reason = "imported from a list".to_string();
    if let (Some(g), Some(w)) = (warlord, roster.warlord()) {
        for (table, kind, name) in &g.enhancements {
            if w.enhancements.iter().any(|e| &e.table == table) {
                continue;
            }
            out.push(Change::GiveEnhancement {
                unit: UnitRef::Existing(w.id),
                table: table.clone(),
                enhancement_kind: *kind,
                name: name.clone(),
                reason: reason.clone(),
            });
        }
    }
    for (i, u) in units.iter().enumerate() {
        let mut new = NewUnit::from_warscroll(&u.warscroll, u.custom_name.as_deref(), false);
        new.ally = u.ally.clone();
        out.push(Change::AddUnit { unit: new });
        if u.reinforced {
            out.push(Change::Reinforce {
                unit: UnitRef::New(i),
            });
        }
        for (table, kind, name) in &u.enhancements {
            out.push(Change::GiveEnhancement {
                unit: UnitRef::New(i),
                table: table.clone(),
                enhancement_kind: *kind,
                name: name.clone(),
                reason: reason.clone(),
            });
        }
    }
    grant_starting_picks(&roster.units, &mut out);
    out
}

mod counted;
pub mod leaders;
pub mod reading;
mod unit;

use unit::match_unit;

#[cfg(test)]
mod tests;

/// Names as 'a' or 'b' or 'c'.
fn quoted(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("'{n}'"))
        .collect::<Vec<_>>()
        .join(" or ")
}
