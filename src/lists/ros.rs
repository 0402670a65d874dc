//! New Recruit / BattleScribe roster files: `.ros` (XML) and `.rosz` (a zip holding one `.ros`).
//!
//! Both roster files and New Recruit's JSON export (`nr_json`) share one shape — a roster of
//! forces, each force a tree of selections — so both are first read into [`Roster`] and then
//! turned into a [`ParsedList`] by [`Roster::into_list`].

use std::io::Read;

use super::{ListError, ListUnit, ParsedList};

/// The most a `.ros` inside a `.rosz` may weigh once unzipped.
const MAX_UNZIPPED: u64 = 8 * 1024 * 1024;

/// The most copies one selection's `number` may stand for.
const MAX_COPIES: u32 = 20;

/// Top-level selections set aside on purpose, with why.
const ARMY_CHOICES: &[(&str, &str)] = &[
    (
        "battle formation",
        "battle formation (an army choice, not a unit)",
    ),
    ("battle traits", "battle traits (rules of the faction)"),
    ("battle trait", "battle traits (rules of the faction)"),
    ("battle tactic", "battle tactic cards (not kept by ptg)"),
    ("grand strateg", "grand strategy (not kept by ptg)"),
    ("core battalion", "battalion (not kept by ptg)"),
    ("game options", "game options"),
    ("army options", "army options"),
];

/// A roster as the files hold it, before it is read as a list.
#[derive(Debug, Default)]
pub(super) struct Roster {
    pub name: Option<String>,
    /// The roster's points limit, if it has one.
    pub limit: Option<f64>,
    /// The roster's points total, if it has one.
    pub total: Option<f64>,
    pub forces: Vec<Force>,
}

#[derive(Debug, Default)]
pub(super) struct Force {
    pub pos: usize,
    pub catalogue: Option<String>,
    pub selections: Vec<Selection>,
    pub forces: Vec<Force>,
}

#[derive(Debug, Default)]
pub(super) struct Selection {
    /// Line (XML) or position (JSON) of the selection.
    pub pos: usize,
    pub name: Option<String>,
    pub custom_name: Option<String>,
    /// "unit", "model" or "upgrade".
    pub kind: Option<String>,
    pub number: u32,
    /// This selection's own "pts" cost (its children's are theirs).
    pub pts: Option<f64>,
    /// The entry group it was chosen from, when the file says ("Heroic Traits").
    pub group: Option<String>,
    pub children: Vec<Selection>,
}

fn clean(s: Option<&str>) -> Option<String> {
    s.map(str::trim).filter(|s| !s.is_empty()).map(str::to_string)
}

/// Points as a count: the files print `240.0`.
fn points(v: f64) -> Option<u32> {
    (v.is_finite() && v >= 0.0 && v <= u32::MAX as f64).then(|| v.round() as u32)
}

/// "Stormcast Eternals - Ruination Chamber" and "Stormcast Eternals - Library" are Stormcast
/// Eternals.
fn faction(catalogue: &str) -> String {
    catalogue
        .split(" - ")
        .next()
        .unwrap_or(catalogue)
        .trim()
        .to_string()
}

fn lower(s: &str) -> String {
    s.trim().to_lowercase()
}

fn is_enhancement_group(name: &str) -> bool {
    super::ENHANCEMENT_GROUPS.contains(&lower(name).as_str())
}

/// "spell", "prayer" or "manifestation" for a lore selection ("Spell Lore", "Prayer Lores").
fn lore_kind(name: &str) -> Option<&'static str> {
    let n = lower(name);
    let n = n.split([':', '-']).next().unwrap_or("").trim();
    match n {
        "spell lore" | "spell lores" => Some("spell"),
        "prayer lore" | "prayer lores" => Some("prayer"),
        "manifestation lore" | "manifestation lores" => Some("manifestation"),
        _ => None,
    }
}

fn army_choice(name: &str) -> Option<&'static str> {
    let n = lower(name);
    ARMY_CHOICES
        .iter()
        .find(|(p, _)| n.starts_with(p))
        .map(|(_, why)| *why)
}

impl Selection {
    fn is_unit(&self) -> bool {
        matches!(self.kind.as_deref(), Some("unit" | "model"))
    }

    fn has_unit_below(&self) -> bool {
        self.children.iter().any(|c| c.is_unit() || c.has_unit_below())
    }

    /// The selection's points with its children's.
    fn total_pts(&self) -> Option<f64> {
        let below = self.children.iter().filter_map(Selection::total_pts);
        let mut any = self.pts.is_some();
        let mut sum = self.pts.unwrap_or(0.0);
        for p in below {
            any = true;
            sum += p;
        }
        any.then_some(sum)
    }

    /// Names of the selection and its children, for a note: "Battle Formation: Thunderhead Host".
    fn describe(&self) -> String {
        let name = self.name.clone().unwrap_or_else(|| "(no name)".into());
        let kids: Vec<&str> = self.children.iter().filter_map(|c| c.name.as_deref()).collect();
        if kids.is_empty() {
            name
        } else {
            format!("{name}: {}", kids.join(", "))
        }
    }
}

impl Roster {
    /// The roster read as a list: units, lores, and a note for everything set aside.
    pub(super) fn into_list(self) -> ParsedList {
        let mut list = ParsedList {
            name: self.name,
            points: self.limit.or(self.total).and_then(points),
            ..ParsedList::default()
        };
        for force in self.forces {
            read_force(&mut list, force);
        }
        list
    }
}

fn read_force(list: &mut ParsedList, force: Force) {
    match force.catalogue.as_deref() {
        Some(c) if list.faction.is_none() => list.faction = Some(faction(c)),
        Some(c) => {
            let f = faction(c);
            if list.faction.as_deref() != Some(f.as_str()) {
                list.ignore(
                    force.pos,
                    c,
                    "a second force's catalogue; the list's faction is the first force's",
                );
            }
        }
        None => list.not_understood(force.pos, "a force without a catalogue name"),
    }
    for sel in force.selections {
        read_top(list, sel);
    }
    for sub in force.forces {
        read_force(list, sub);
    }
}

/// A selection at the top of a force: a unit, a lore, an army choice, or a group of those.
fn read_top(list: &mut ParsedList, sel: Selection) {
    let Some(name) = sel.name.clone() else {
        if sel.has_unit_below() {
            list.ignore(
                sel.pos,
                "(a selection without a name)",
                "a group of selections; its units are read",
            );
            for c in sel.children {
                read_top(list, c);
            }
        } else {
            list.not_understood(
                sel.pos,
                &format!("a selection without a name: {}", sel.describe()),
            );
        }
        return;
    };
    if sel.is_unit() {
        read_unit(list, sel, name);
        return;
    }
    if let Some(kind) = lore_kind(&name) {
        read_lore(list, &sel, &name, kind);
        return;
    }
    if let Some(why) = army_choice(&name) {
        list.ignore(sel.pos, &sel.describe(), why);
        return;
    }
    if sel.has_unit_below() {
        list.ignore(sel.pos, &name, "a group of selections; its units are read");
        for c in sel.children {
            read_top(list, c);
        }
        return;
    }
    list.ignore(sel.pos, &sel.describe(), "not a unit nor a lore");
}

fn read_lore(list: &mut ParsedList, sel: &Selection, name: &str, kind: &str) {
    let named: Vec<&Selection> = sel.children.iter().filter(|c| c.name.is_some()).collect();
    if named.is_empty() {
        // "Spell Lore: Lore of the Storm" as one selection.
        let rest = name
            .split_once(':')
            .or_else(|| name.split_once(" - "))
            .map(|(_, r)| r.trim())
            .filter(|r| !r.is_empty());
        match rest {
            Some(lore) => list.lores.push(super::ListLore {
                line: sel.pos,
                kind: kind.into(),
                name: lore.into(),
            }),
            None => list.not_understood(sel.pos, &format!("{name} with no lore chosen")),
        }
        return;
    }
    for c in named {
        list.lores.push(super::ListLore {
            line: c.pos,
            kind: kind.into(),
            name: c.name.clone().unwrap_or_default(),
        });
    }
    for c in sel.children.iter().filter(|c| c.name.is_none()) {
        list.not_understood(c.pos, &format!("a choice of {name} without a name"));
    }
}

fn read_unit(list: &mut ParsedList, sel: Selection, name: String) {
    let mut unit = ListUnit {
        line: sel.pos,
        warscroll: name.clone(),
        custom_name: sel.custom_name.clone(),
        points: sel.total_pts().and_then(points),
        ..ListUnit::default()
    };
    for c in &sel.children {
        read_unit_child(list, &mut unit, c, &name);
    }
    let copies = sel.number.max(1);
    if copies > MAX_COPIES {
        list.not_understood(
            sel.pos,
            &format!("{name} with number=\"{copies}\" (read as one unit)"),
        );
        list.units.push(unit);
        return;
    }
    if copies > 1 {
        list.ignore(
            sel.pos,
            &format!("{name} x{copies}"),
            "a selection taken several times: read as that many units",
        );
        if let Some(p) = unit.points {
            unit.points = Some(p / copies);
        }
    }
    for _ in 0..copies {
        list.units.push(unit.clone());
    }
}

fn read_unit_child(list: &mut ParsedList, unit: &mut ListUnit, c: &Selection, unit_name: &str) {
    let Some(name) = c.name.as_deref() else {
        list.ignore(c.pos, &format!("a part of {unit_name} without a name"), "skipped");
        return;
    };
    let n = lower(name);
    if n == "general" {
        unit.general = true;
    } else if n == "reinforced" || n.starts_with("reinforced ") {
        unit.reinforced = true;
    } else if is_enhancement_group(name) {
        let mut any = false;
        for e in &c.children {
            match e.name.as_deref() {
                Some(e) => {
                    any = true;
                    unit.enhancements.push(e.to_string());
                }
                None => list.not_understood(e.pos, &format!("an enhancement of {unit_name} without a name")),
            }
        }
        if !any {
            list.not_understood(c.pos, &format!("{name} of {unit_name} with none chosen"));
        }
    } else if c.group.as_deref().is_some_and(is_enhancement_group) {
        unit.enhancements.push(name.to_string());
    } else {
        if c.kind.as_deref() == Some("model") {
            *unit.models.get_or_insert(0) += c.number.max(1);
        }
        list.ignore(
            c.pos,
            &c.describe(),
            &format!("a model or wargear of {unit_name}, not kept"),
        );
    }
}

// --- XML ---------------------------------------------------------------------------------------

/// Reads a `.ros` file (BattleScribe / New Recruit roster XML).
pub fn parse_ros(xml: &str) -> Result<ParsedList, ListError> {
    Ok(read_ros(xml)?.into_list())
}

fn read_ros(xml: &str) -> Result<Roster, ListError> {
    let xml = xml.strip_prefix('\u{feff}').unwrap_or(xml);
    let doc = roxmltree::Document::parse(xml)
        .map_err(|e| ListError(format!("the .ros file is not readable XML: {e}")))?;
    let root = doc.root_element();
    if root.tag_name().name() != "roster" {
        return Err(ListError(format!(
            "the XML is not a roster: its root is <{}>, a .ros file's is <roster>",
            root.tag_name().name()
        )));
    }
    let line = |n: roxmltree::Node| doc.text_pos_at(n.range().start).row as usize;
    let mut roster = Roster {
        name: clean(root.attribute("name")),
        ..Roster::default()
    };
    for c in root.children().filter(|c| c.is_element()) {
        match c.tag_name().name() {
            "costs" => roster.total = pts_of(c),
            "costLimits" => roster.limit = pts_of(c).filter(|v| *v > 0.0),
            "forces" => roster.forces = xml_forces(c, &line),
            _ => {}
        }
    }
    Ok(roster)
}

fn child<'a, 'i>(n: roxmltree::Node<'a, 'i>, tag: &str) -> Option<roxmltree::Node<'a, 'i>> {
    n.children()
        .find(|c| c.is_element() && c.tag_name().name() == tag)
}

/// The "pts" value of a `<costs>` or `<costLimits>` element.
fn pts_of(n: roxmltree::Node) -> Option<f64> {
    n.children()
        .filter(|c| c.is_element())
        .find(|c| {
            c.attribute("name").is_some_and(|a| {
                a.trim().eq_ignore_ascii_case("pts") || a.trim().eq_ignore_ascii_case("points")
            })
        })
        .and_then(|c| c.attribute("value"))
        .and_then(|v| v.trim().parse::<f64>().ok())
}

fn xml_forces(n: roxmltree::Node, line: &dyn Fn(roxmltree::Node) -> usize) -> Vec<Force> {
    n.children()
        .filter(|c| c.is_element() && c.tag_name().name() == "force")
        .map(|f| Force {
            pos: line(f),
            catalogue: clean(f.attribute("catalogueName")),
            selections: child(f, "selections")
                .map(|s| xml_selections(s, line, 0))
                .unwrap_or_default(),
            forces: child(f, "forces")
                .map(|s| xml_forces(s, line))
                .unwrap_or_default(),
        })
        .collect()
}

fn xml_selections(
    n: roxmltree::Node,
    line: &dyn Fn(roxmltree::Node) -> usize,
    depth: usize,
) -> Vec<Selection> {
    // roxmltree itself refuses documents nested deeper than it can hold; this is belt and braces.
    if depth > 64 {
        return Vec::new();
    }
    n.children()
        .filter(|c| c.is_element() && c.tag_name().name() == "selection")
        .map(|s| Selection {
            pos: line(s),
            name: clean(s.attribute("name")),
            custom_name: clean(s.attribute("customName")),
            kind: clean(s.attribute("type")).map(|t| t.to_lowercase()),
            number: s
                .attribute("number")
                .and_then(|v| v.trim().parse::<u32>().ok())
                .unwrap_or(1),
            pts: child(s, "costs").and_then(pts_of),
            group: clean(s.attribute("group")),
            children: child(s, "selections")
                .map(|c| xml_selections(c, line, depth + 1))
                .unwrap_or_default(),
        })
        .collect()
}

// --- zip ---------------------------------------------------------------------------------------

/// Reads a `.rosz` file: a zip holding one `.ros`.
pub fn parse_rosz(bytes: &[u8]) -> Result<ParsedList, ListError> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes)).map_err(|e| {
        ListError(format!(
            "the .rosz file is not a readable zip ({e}); export the roster again from New Recruit"
        ))
    })?;
    let index = (0..archive.len())
        .find(|&i| {
            archive
                .name_for_index(i)
                .is_some_and(|n| n.to_lowercase().ends_with(".ros"))
        })
        .ok_or_else(|| ListError("the .rosz file holds no .ros roster".into()))?;
    let file = archive
        .by_index(index)
        .map_err(|e| ListError(format!("the .ros inside the .rosz cannot be read: {e}")))?;
    let mut bytes = Vec::new();
    file.take(MAX_UNZIPPED + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| ListError(format!("the .ros inside the .rosz cannot be unzipped: {e}")))?;
    if bytes.len() as u64 > MAX_UNZIPPED {
        return Err(ListError(format!(
            "the .ros inside the .rosz is over {} MB unzipped; an army list is a few KB",
            MAX_UNZIPPED / 1024 / 1024
        )));
    }
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let xml = std::str::from_utf8(bytes)
        .map_err(|_| ListError("the .ros inside the .rosz is not UTF-8 text".into()))?;
    parse_ros(xml)
}

#[cfg(test)]
mod tests;
