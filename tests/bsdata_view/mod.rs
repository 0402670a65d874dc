//! A second, independent reading of the BSData XML for the golden tests: what a Path to Glory:
//! Ascension roster is shown, counted per faction straight from the files with a DOM
//! (roxmltree), not through the importer's streaming index. The golden tests compare ptg's
//! import with these counts, so a number is never typed in by hand.
//!
//! The reading follows BSData's own switches: the "Path to Glory: Ascension" force with the
//! unit in a "Regiment", the "Allow Legends" switch off (units shown only when it is on are
//! Legends), `set hidden` and `set points` modifiers whose force conditions decide them, and
//! seasonal publications ("Scourge of …", "General's Handbook …") left out.

use roxmltree::{Document, Node};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// What the catalogues show one faction's Ascension roster.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub units: usize,
    pub legends: usize,
    pub terrain: usize,
    pub anvil: usize,
    pub unlocked: usize,
    pub tables: usize,
    pub enhancements: usize,
    pub lores: usize,
}

pub struct Checkout {
    files: Vec<(String, Document<'static>)>,
}

type N<'a> = Node<'a, 'static>;

fn kids<'a>(n: N<'a>, list: &'a str) -> impl Iterator<Item = N<'a>> + 'a {
    n.children()
        .filter(move |c| c.tag_name().name() == list)
        .flat_map(|l| l.children().filter(|c| c.is_element()))
}

fn attr<'a>(n: N<'a>, name: &str) -> &'a str {
    n.attribute(name).unwrap_or("")
}

impl Checkout {
    pub fn read(dir: &Path) -> Checkout {
        let mut files = Vec::new();
        for e in std::fs::read_dir(dir).expect("checkout").flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if !(name.ends_with(".cat") || name.ends_with(".gst")) {
                continue;
            }
            let text: &'static str =
                Box::leak(std::fs::read_to_string(e.path()).expect("read").into_boxed_str());
            files.push((name, Document::parse(text).expect("well-formed XML")));
        }
        files.sort_by(|a, b| a.0.cmp(&b.0));
        Checkout { files }
    }

    fn root(&self, file: &str) -> N<'_> {
        let (_, d) = self.files.iter().find(|(f, _)| f == file).expect("file");
        d.root_element()
    }

    fn game(&self) -> N<'_> {
        let (_, d) = self.files.iter().find(|(f, _)| f.ends_with(".gst")).expect("gst");
        d.root_element()
    }

    /// The files a catalogue's ids resolve in: itself and the libraries it links without
    /// `importRootEntries` (transitively; the first `own`), then everything else it links,
    /// then the game system.
    fn scope(&self, file: &str) -> (Vec<N<'_>>, usize) {
        let by_id: HashMap<&str, N> = self
            .files
            .iter()
            .map(|(_, d)| (attr(d.root_element(), "id"), d.root_element()))
            .collect();
        let mut files = vec![self.root(file)];
        let mut own = 0;
        for follow_imports in [false, true] {
            let mut i = 0;
            while i < files.len() {
                for l in kids(files[i], "catalogueLinks") {
                    let imports = attr(l, "importRootEntries") == "true";
                    if (follow_imports || !imports)
                        && let Some(&c) = by_id.get(attr(l, "targetId"))
                        && !files.contains(&c)
                    {
                        files.push(c);
                    }
                }
                i += 1;
            }
            if !follow_imports {
                own = files.len();
            }
        }
        files.push(self.game());
        (files, own)
    }

    /// The counts for the faction catalogue `file`.
    pub fn counts(&self, file: &str) -> Counts {
        let game = self.game();
        let named = |list: &str, tag: &str, name: &str| -> String {
            game.descendants()
                .find(|n| n.tag_name().name() == tag && attr(*n, "name") == name)
                .map(|n| attr(n, "id").to_string())
                .unwrap_or_else(|| panic!("{list}: no {name}"))
        };
        let (files, own) = self.scope(file);
        let mut defs: HashMap<&str, N> = HashMap::new();
        let mut publications: HashMap<&str, &str> = HashMap::new();
        let mut categories: HashMap<&str, &str> = HashMap::new();
        for f in &files {
            for n in f.descendants() {
                match n.tag_name().name() {
                    "selectionEntry" | "selectionEntryGroup" => {
                        defs.entry(attr(n, "id")).or_insert(n);
                    }
                    "publication" => {
                        publications.insert(attr(n, "id"), attr(n, "name"));
                    }
                    "categoryEntry" => {
                        categories.entry(attr(n, "id")).or_insert(attr(n, "name"));
                    }
                    _ => {}
                }
            }
        }
        let roster = Roster {
            forces: game
                .descendants()
                .filter(|n| n.tag_name().name() == "forceEntry")
                .map(|n| attr(n, "id"))
                .collect(),
            active: [
                named("forces", "forceEntry", "Path to Glory: Ascension"),
                named("forces", "forceEntry", "Regiment"),
            ],
            allow_legends: named("entries", "selectionEntry", "Allow Legends"),
        };
        let resolve = |n| resolve(&defs, n);
        let category_named = |n: N, wanted: &str| {
            kids(n, "categoryLinks").any(|c| {
                categories
                    .get(attr(c, "targetId"))
                    .is_some_and(|name| name.eq_ignore_ascii_case(wanted))
            })
        };
        let seasonal = |n: N| {
            publications
                .get(attr(n, "publicationId"))
                .is_some_and(|p| p.starts_with("Scourge of") || p.starts_with("General's Handbook"))
        };
        let legends_faction = attr(self.root(file), "name").ends_with("[LEGENDS]");

        let mut out = Counts::default();
        let mut names: HashSet<String> = HashSet::new();
        let mut taken: Vec<(N, N)> = Vec::new();
        let mut locked: Vec<(N, N, &str)> = Vec::new();
        let roots = kids(self.root(file), "entryLinks").chain(kids(self.root(file), "selectionEntries"));
        for link in roots {
            let Some(entry) = resolve(link) else { continue };
            if attr(entry, "type") != "unit" {
                continue;
            }
            let anvil = attr(entry, "name").starts_with("Anvil of Apotheosis");
            let shown = |legends| roster.shown(link, legends) && roster.shown(entry, legends);
            if !anvil && (!shown(true) || seasonal(link) || seasonal(entry)) {
                continue;
            }
            let max_zero = [link, entry]
                .into_iter()
                .flat_map(|n| kids(n, "constraints"))
                .find(|c| {
                    attr(*c, "type") == "max"
                        && attr(*c, "value").parse::<f64>() == Ok(0.0)
                        && attr(*c, "field") == "selections"
                });
            if let Some(c) = max_zero {
                locked.push((link, entry, attr(c, "id")));
                continue;
            }
            let costed = [link, entry]
                .into_iter()
                .flat_map(|n| kids(n, "costs"))
                .any(|c| attr(c, "name") == "pts");
            let terrain = category_named(link, "Faction Terrain") || category_named(entry, "Faction Terrain");
            if !(costed || terrain || anvil) || !names.insert(attr(entry, "name").to_lowercase()) {
                continue;
            }
            out.units += 1;
            out.anvil += usize::from(anvil);
            out.terrain += usize::from(terrain);
            let only_with_legends = !shown(false) && shown(true);
            out.legends += usize::from(
                legends_faction
                    || only_with_legends
                    || category_named(link, "Legends")
                    || category_named(entry, "Legends"),
            );
            taken.push((link, entry));
        }
        for (link, entry, constraint) in locked {
            let ids: HashSet<&str> = taken
                .iter()
                .flat_map(|(l, e)| [attr(*l, "id"), attr(*e, "id")])
                .collect();
            let lifted = [link, entry].into_iter().flat_map(|n| n.descendants()).any(|m| {
                m.tag_name().name() == "modifier"
                    && attr(m, "field") == constraint
                    && m.descendants().any(|c| ids.contains(attr(c, "childId")))
            });
            // An undersize copy ("Terradon Riders (2 Models)") is named by its link.
            let renamed = kids(link, "modifiers").find(|m| {
                attr(*m, "type") == "set"
                    && attr(*m, "field") == "name"
                    && m.children().all(|c| !c.is_element())
            });
            let name = renamed.map_or(attr(entry, "name"), |m| attr(m, "value"));
            if lifted && names.insert(name.to_lowercase()) {
                out.units += 1;
                out.unlocked += 1;
                out.legends += usize::from(
                    legends_faction || !(roster.shown(link, false) && roster.shown(entry, false)),
                );
                taken.push((link, entry));
            }
        }

        // Enhancement tables: groups the units link, defined in the faction's own files.
        let own_file = |n: N| {
            files[..own]
                .iter()
                .any(|f| std::ptr::eq(f.document(), n.document()))
        };
        let mut tables: Vec<(String, Vec<String>)> = Vec::new();
        for (link, entry) in &taken {
            for l in kids(*link, "entryLinks").chain(kids(*entry, "entryLinks")) {
                if attr(l, "type") != "selectionEntryGroup" || !roster.shown(l, false) {
                    continue;
                }
                let Some(g) = resolve(l) else { continue };
                if !own_file(g)
                    || !roster.shown(g, false)
                    || tables.iter().any(|t| t.0 == attr(g, "name").trim())
                {
                    continue;
                }
                let mut found = Vec::new();
                upgrades(g, &roster, &defs, &own_file, &mut found);
                if !found.is_empty() {
                    tables.push((attr(g, "name").trim().to_string(), found));
                }
            }
        }
        out.tables = tables.len();
        out.enhancements = tables.iter().map(|t| t.1.len()).sum();

        // Lores: the choices of the faction's lore groups, then the universal manifestations.
        let mut lores: HashSet<(String, &str)> = HashSet::new();
        let lores_file = files
            .iter()
            .find(|f| attr(**f, "name").trim_start_matches(|c: char| !c.is_alphanumeric()) == "Lores");
        let groups = ["Spell Lores", "Prayer Lores", "Manifestation Lores"]
            .into_iter()
            .filter_map(|name| {
                files[..own]
                    .iter()
                    .find_map(|f| kids(*f, "sharedSelectionEntryGroups").find(|g| attr(*g, "name") == name))
                    .map(|g| (g, name))
            });
        let universal = lores_file.and_then(|f| {
            kids(*f, "sharedSelectionEntryGroups").find(|g| attr(*g, "name") == "Manifestation Lores")
        });
        for (group, kind) in groups.chain(universal.map(|g| (g, "Manifestation Lores"))) {
            if !roster.shown(group, false) {
                continue;
            }
            for choice in group
                .children()
                .filter(|c| c.is_element())
                .flat_map(|l| l.children().filter(|c| c.is_element()))
            {
                if !matches!(choice.tag_name().name(), "selectionEntry" | "entryLink")
                    || !roster.shown(choice, false)
                {
                    continue;
                }
                if let Some(def) = resolve(choice).filter(|d| roster.shown(*d, false)) {
                    lores.insert((attr(def, "name").trim().to_string(), kind));
                }
            }
        }
        out.lores = lores.len();
        out
    }
}

/// The definition a link points at (anything else is its own definition).
fn resolve<'a>(defs: &HashMap<&str, N<'a>>, n: N<'a>) -> Option<N<'a>> {
    if n.tag_name().name() == "entryLink" {
        defs.get(attr(n, "targetId")).copied()
    } else {
        Some(n)
    }
}

/// The visible upgrade entries (their names, once each) under a group, through visible
/// sub-groups and links in the faction's own files.
fn upgrades<'a>(
    group: N<'a>,
    roster: &Roster,
    defs: &HashMap<&str, N<'a>>,
    own_file: &dyn Fn(N<'a>) -> bool,
    out: &mut Vec<String>,
) {
    for child in ["selectionEntries", "selectionEntryGroups", "entryLinks"]
        .into_iter()
        .flat_map(|l| kids(group, l))
    {
        if !roster.shown(child, false) {
            continue;
        }
        let Some(def) = resolve(defs, child) else { continue };
        if !own_file(def) || !roster.shown(def, false) {
            continue;
        }
        match def.tag_name().name() {
            "selectionEntryGroup" => upgrades(def, roster, defs, own_file, out),
            _ if attr(def, "type") == "upgrade" => {
                let name = attr(def, "name").trim().to_string();
                if !name.is_empty() && !out.contains(&name) {
                    out.push(name);
                }
            }
            _ => {}
        }
    }
}

/// The assumed roster: which force entries it is, and the Allow Legends switch.
struct Roster<'a> {
    forces: HashSet<&'a str>,
    active: [String; 2],
    allow_legends: String,
}

impl Roster<'_> {
    /// Whether a node is shown, with Allow Legends on or off.
    fn shown(&self, n: N, legends: bool) -> bool {
        let mut hidden = attr(n, "hidden") == "true";
        let mut mods = Vec::new();
        self.hide_modifiers(n, legends, Some(true), &mut mods);
        // Un-hidden only in other forces: it belongs to those.
        if mods.iter().any(|(hide, cond)| !hide && *cond == Some(false)) {
            hidden = true;
        }
        for (hide, cond) in mods {
            if cond == Some(true) {
                hidden = hide;
            }
        }
        !hidden
    }

    /// The node's own `set hidden` modifiers with their conditions (and their groups').
    fn hide_modifiers(&self, n: N, legends: bool, outer: Option<bool>, out: &mut Vec<(bool, Option<bool>)>) {
        for m in kids(n, "modifiers") {
            let own = attr(m, "affects").is_empty() || attr(m, "affects") == "self";
            if attr(m, "type") == "set" && attr(m, "field") == "hidden" && own {
                let cond = and([outer, self.conditions(m, legends)]);
                out.push((attr(m, "value") == "true", cond));
            }
        }
        for g in kids(n, "modifierGroups") {
            let cond = and([outer, self.conditions(g, legends)]);
            self.hide_modifiers(g, legends, cond, out);
        }
    }

    /// All the conditions of a modifier, group or condition group (three-valued).
    fn conditions(&self, n: N, legends: bool) -> Option<bool> {
        let plain = kids(n, "conditions").map(|c| self.condition(c, legends));
        let groups = kids(n, "conditionGroups").map(|g| self.group(g, legends));
        let local = kids(n, "localConditionGroups").map(|_| None);
        and(plain.chain(groups).chain(local))
    }

    /// A condition group: "and" (the default) or "or".
    fn group(&self, g: N, legends: bool) -> Option<bool> {
        if attr(g, "type") != "or" {
            return self.conditions(g, legends);
        }
        let all: Vec<Option<bool>> = kids(g, "conditions")
            .map(|c| self.condition(c, legends))
            .chain(kids(g, "conditionGroups").map(|x| self.group(x, legends)))
            .chain(kids(g, "localConditionGroups").map(|_| None))
            .collect();
        if all.contains(&Some(true)) {
            Some(true)
        } else if !all.is_empty() && all.iter().all(|x| *x == Some(false)) {
            Some(false)
        } else {
            None
        }
    }

    fn condition(&self, c: N, legends: bool) -> Option<bool> {
        let child = attr(c, "childId");
        let active = self.active.iter().any(|a| a == child);
        match attr(c, "type") {
            "instanceOf" => self.forces.contains(child).then_some(active),
            "notInstanceOf" => self.forces.contains(child).then_some(!active),
            kind if child == self.allow_legends && attr(c, "field") == "selections" => {
                let n = if legends { 1.0 } else { 0.0 };
                let v: f64 = attr(c, "value").parse().ok()?;
                Some(match kind {
                    "atLeast" => n >= v,
                    "atMost" => n <= v,
                    "lessThan" => n < v,
                    "greaterThan" => n > v,
                    "equalTo" => n == v,
                    "notEqualTo" => n != v,
                    _ => return None,
                })
            }
            _ => None,
        }
    }
}

/// Three-valued "and": false wins, then unknown.
fn and(all: impl IntoIterator<Item = Option<bool>>) -> Option<bool> {
    let all: Vec<Option<bool>> = all.into_iter().collect();
    if all.contains(&Some(false)) {
        Some(false)
    } else if all.iter().all(|x| *x == Some(true)) {
        Some(true)
    } else {
        None
    }
}
