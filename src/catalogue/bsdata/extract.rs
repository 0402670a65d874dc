//! Building a [`Faction`] from the parsed catalogues: which ids resolve where, what a Path to
//! Glory roster can see, and the unit / enhancement table / lore rules described in the module
//! documentation of [`super`].

use super::xml::{CatFile, Cond, EntryType, Node, NodeId, NodeKind};
use crate::catalogue::faction::{
    EnhancementKind, EnhancementTable, Faction, Lore, LoreEntry, LoreKind, Source, Warscroll,
};
use std::collections::{HashMap, HashSet};

/// Deepest nesting followed when walking groups and links (guards against link cycles).
const MAX_DEPTH: usize = 12;

/// A node in one of the scope's files.
pub(super) type Ref = (usize, NodeId);

/// The files an id can resolve to for one faction, in lookup order.
pub(super) struct Scope<'a> {
    pub files: Vec<&'a CatFile>,
    /// `files[..own]` are the faction's own catalogues: the faction catalogue and the
    /// libraries it links without `importRootEntries` (e.g. "<Faction> - Library").
    pub own: usize,
}

impl<'a> Scope<'a> {
    pub fn node(&self, r: Ref) -> &'a Node {
        &self.files[r.0].nodes[r.1]
    }

    fn lookup(&self, id: &str) -> Option<Ref> {
        self.files
            .iter()
            .enumerate()
            .find_map(|(i, f)| f.by_id.get(id).map(|&n| (i, n)))
    }

    fn category(&self, id: &str) -> Option<&'a super::xml::Category> {
        self.files.iter().find_map(|f| f.categories.get(id))
    }

    fn profile_value(&self, id: &str) -> Option<u32> {
        self.files.iter().find_map(|f| f.profile_values.get(id).copied())
    }

    /// The definition a link points at (a non-link resolves to itself); `None` when dangling.
    fn resolve(&self, r: Ref) -> Option<Ref> {
        let n = self.node(r);
        if n.kind == NodeKind::Link {
            self.lookup(&n.target)
        } else {
            Some(r)
        }
    }
}

/// What a roster is assumed to be when deciding `hidden` modifiers: the force entries it is
/// an instance of.
pub(super) struct Context {
    /// Every force entry id of the game system: conditions on anything else are undecidable.
    pub forces: HashSet<String>,
    pub active: HashSet<String>,
}

impl Context {
    /// Three-valued evaluation: `None` when the importer cannot tell.
    fn eval(&self, c: &Cond) -> Option<bool> {
        match c {
            Cond::InstanceOf(id) => self.forces.contains(id).then(|| self.active.contains(id)),
            Cond::NotInstanceOf(id) => self.forces.contains(id).then(|| !self.active.contains(id)),
            Cond::Unknown => None,
            Cond::All(v) => {
                let r: Vec<_> = v.iter().map(|c| self.eval(c)).collect();
                if r.contains(&Some(false)) {
                    Some(false)
                } else if r.iter().all(|x| *x == Some(true)) {
                    Some(true)
                } else {
                    None
                }
            }
            Cond::Any(v) => {
                let r: Vec<_> = v.iter().map(|c| self.eval(c)).collect();
                if r.contains(&Some(true)) {
                    Some(true)
                } else if !r.is_empty() && r.iter().all(|x| *x == Some(false)) {
                    Some(false)
                } else {
                    None
                }
            }
        }
    }

    /// The `hidden` flag after the `set hidden` modifiers whose conditions surely hold.
    pub fn visible(&self, n: &Node) -> bool {
        let mut hidden = n.hidden;
        for m in &n.hide_mods {
            if self.eval(&m.cond) == Some(true) {
                hidden = m.hide;
            }
        }
        !hidden
    }
}

/// Ids from the game system that the rules match on.
pub(super) struct Known {
    /// Cost type id of "pts".
    pub points: String,
    /// Selection entry id of the "Reinforced" upgrade.
    pub reinforced: String,
    /// Category id of "Legends".
    pub legends: String,
}

/// One imported unit, with where it came from (for the enhancement table pass).
struct Picked {
    link: Ref,
    entry: Ref,
}

pub(super) struct Extractor<'a, 's> {
    pub scope: &'s Scope<'a>,
    pub ctx: &'s Context,
    pub known: &'s Known,
    pub warnings: &'s mut Vec<String>,
    /// A faction BSData marks [LEGENDS]: its units are all Legends, so they are kept.
    pub legends_faction: bool,
    /// Files lore entries were taken from (so they are not reported as skipped).
    pub lore_files: &'s mut HashSet<String>,
}

impl Extractor<'_, '_> {
    fn warn(&mut self, r: Ref, what: &str) {
        let file = &self.scope.files[r.0].file;
        let n = self.scope.node(r);
        let element = match n.kind {
            NodeKind::Entry => "selectionEntry",
            NodeKind::Group => "selectionEntryGroup",
            NodeKind::Link => "entryLink",
        };
        self.warnings.push(format!(
            "{file}: <{element}> '{}' (id {}, byte {}): {what}",
            n.name, n.id, n.pos
        ));
    }

    /// Resolves a link, warning (and giving `None`) when its target does not exist.
    fn follow(&mut self, r: Ref) -> Option<Ref> {
        let t = self.scope.resolve(r);
        if t.is_none() {
            let target = self.scope.node(r).target.clone();
            self.warn(r, &format!("targetId {target} not found; link skipped"));
        }
        t
    }

    fn visible(&self, r: Ref) -> bool {
        self.ctx.visible(self.scope.node(r))
    }

    /// Builds the faction from the faction catalogue (`scope.files[0]`).
    pub fn faction(&mut self, name: String, mut source: Source) -> Faction {
        let cat = self.scope.files[0];
        source.catalogue = cat.file.clone();
        source.revision = cat.header.revision;
        let (units, picked) = self.units();
        let enhancement_tables = self.tables(&units, &picked);
        let lores = self.lores();
        Faction {
            name,
            grand_alliance: grand_alliance(&units),
            source,
            units,
            enhancement_tables,
            lores,
        }
    }

    fn units(&mut self) -> (Vec<Warscroll>, Vec<Picked>) {
        let cat = self.scope.files[0];
        let mut units: Vec<Warscroll> = Vec::new();
        let mut picked = Vec::new();
        for &root in &cat.roots {
            let link = (0, root);
            let Some(entry) = self.follow(link) else { continue };
            let e = self.scope.node(entry);
            if e.kind != NodeKind::Entry || e.entry_type != EntryType::Unit {
                continue;
            }
            let l = self.scope.node(link);
            // Hidden by default, or limited to 0 unless some condition lifts it (BSData's
            // "Undersize Unit" copies): not something a roster is offered.
            if !self.visible(link) || !self.visible(entry) || l.max_zero || e.max_zero {
                continue;
            }
            let Some(points) = self.points(l).or_else(|| self.points(e)) else {
                continue; // no cost: comes with another unit (e.g. a companion)
            };
            if !self.legends_faction && self.is_legends(link, entry) {
                continue;
            }
            if units.iter().any(|u| u.name.eq_ignore_ascii_case(&e.name)) {
                self.warn(
                    link,
                    "a unit of this name was already imported; this one is skipped",
                );
                continue;
            }
            let unit_size = match self.models(entry, 0) {
                Some(n) if n >= 1.0 => n.round() as u32,
                _ => 1, // no model entries: a single-model unit or faction terrain
            };
            let warscroll = Warscroll {
                name: e.name.clone(),
                id: e.id.clone(),
                points: points.max(0.0).round() as u32,
                unit_size,
                reinforceable: self.reinforceable(link) || self.reinforceable(entry),
                keywords: self.keywords(&[link, entry]),
            };
            units.push(warscroll);
            picked.push(Picked { link, entry });
        }
        (units, picked)
    }

    fn points(&self, n: &Node) -> Option<f64> {
        n.costs
            .iter()
            .find(|(t, _)| *t == self.known.points)
            .map(|(_, v)| *v)
    }

    fn is_legends(&self, link: Ref, entry: Ref) -> bool {
        [link, entry].iter().any(|&r| {
            self.scope
                .node(r)
                .category_links
                .iter()
                .any(|c| c.target == self.known.legends)
        })
    }

    /// Sum of the `min` constraints of the unit's model entries (through groups and links);
    /// `None` when it has no model entries at all.
    fn models(&mut self, r: Ref, depth: usize) -> Option<f64> {
        if depth > MAX_DEPTH {
            self.warn(r, "nesting too deep while counting models; stopped");
            return None;
        }
        let mut total: Option<f64> = None;
        for &c in &self.scope.node(r).children {
            let child = (r.0, c);
            if !self.visible(child) {
                continue;
            }
            let Some(def) = self.follow(child) else { continue };
            if !self.visible(def) {
                continue;
            }
            let d = self.scope.node(def);
            let own_min = self.scope.node(child).min.or(d.min);
            match d.kind {
                NodeKind::Entry if d.entry_type == EntryType::Model => {
                    *total.get_or_insert(0.0) += own_min.unwrap_or(0.0);
                }
                NodeKind::Group => {
                    if let Some(sub) = self.models(def, depth + 1) {
                        // A group's own minimum counts when its members set none.
                        *total.get_or_insert(0.0) += sub.max(own_min.unwrap_or(0.0));
                    }
                }
                _ => {}
            }
        }
        total
    }

    /// True when the node links the game system's "Reinforced" upgrade (by id).
    fn reinforceable(&self, r: Ref) -> bool {
        self.scope.node(r).children.iter().any(|&c| {
            let n = &self.scope.files[r.0].nodes[c];
            n.kind == NodeKind::Link && n.target == self.known.reinforced && self.ctx.visible(n)
        })
    }

    /// Printed keywords: categories linked from the unit entry or its root link whose names
    /// are upper-case (BSData's own bookkeeping categories, like "Reference" or "Warrior
    /// Chamber Infantry", are not).
    fn keywords(&mut self, refs: &[Ref]) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        for &r in refs {
            for link in &self.scope.node(r).category_links {
                if link.hidden {
                    continue;
                }
                let Some(cat) = self.scope.category(&link.target) else {
                    self.warn(
                        r,
                        &format!("categoryLink targetId {} not found; keyword skipped", link.target),
                    );
                    continue;
                };
                let name = cat.name.trim();
                if !cat.hidden && is_printed_keyword(name) && !out.iter().any(|k| k == name) {
                    out.push(name.to_string());
                }
            }
        }
        out
    }

    /// Enhancement tables: groups that imported units link (entryLink type
    /// "selectionEntryGroup" on the root link or the unit entry), defined in the faction's own
    /// catalogues, visible, and holding at least one visible enhancement.
    fn tables(&mut self, units: &[Warscroll], picked: &[Picked]) -> Vec<EnhancementTable> {
        let mut order: Vec<Ref> = Vec::new();
        let mut eligible: HashMap<Ref, Vec<String>> = HashMap::new();
        for (unit, p) in units.iter().zip(picked) {
            for holder in [p.link, p.entry] {
                for &c in &self.scope.node(holder).children {
                    let child = (holder.0, c);
                    let n = self.scope.node(child);
                    if n.kind != NodeKind::Link || !n.links_group || !self.visible(child) {
                        continue;
                    }
                    let Some(group) = self.follow(child) else { continue };
                    if group.0 >= self.scope.own || !self.visible(group) {
                        continue; // battlepack (Path to Glory) or game-system content
                    }
                    let names = eligible.entry(group).or_default();
                    if names.is_empty() {
                        order.push(group);
                    }
                    if !names.contains(&unit.name) {
                        names.push(unit.name.clone());
                    }
                }
            }
        }
        let mut tables: Vec<EnhancementTable> = Vec::new();
        for group in order {
            let enhancements = self.enhancements(group);
            if enhancements.is_empty() {
                continue;
            }
            let name = self.scope.node(group).name.trim().to_string();
            if tables.iter().any(|t| t.name == name) {
                self.warn(
                    group,
                    "a table of this name was already imported; this one is skipped",
                );
                continue;
            }
            let kind = match name.as_str() {
                "Heroic Traits" => EnhancementKind::HeroicTrait,
                "Artefacts of Power" => EnhancementKind::Artefact,
                _ => EnhancementKind::Other,
            };
            let eligible = eligible.remove(&group).unwrap_or_default();
            tables.push(EnhancementTable {
                name,
                kind,
                enhancements,
                eligible,
            });
        }
        tables
    }

    /// The visible upgrade entries under `root`, in document order, reached through visible
    /// sub-groups and links. `walk.own_only` keeps to the faction's own catalogues (enhancement
    /// tables); `walk.through_holders` also descends into upgrades that only hold other entries
    /// (a lore choice such as "Lore of the Storm" linking its spell group).
    fn upgrades(&mut self, root: Ref, walk: Walk, depth: usize, out: &mut Vec<Ref>) {
        if depth > MAX_DEPTH {
            self.warn(root, "nesting too deep; stopped");
            return;
        }
        for &c in &self.scope.node(root).children {
            let child = (root.0, c);
            if !self.visible(child) {
                continue;
            }
            let Some(def) = self.follow(child) else { continue };
            if (walk.own_only && def.0 >= self.scope.own) || !self.visible(def) {
                continue;
            }
            let d = self.scope.node(def);
            let holder = walk.through_holders
                && d.value.is_none()
                && d.info_profiles.is_empty()
                && !d.children.is_empty();
            match d.kind {
                NodeKind::Group => self.upgrades(def, walk, depth + 1, out),
                NodeKind::Entry if d.entry_type == EntryType::Upgrade && holder => {
                    self.upgrades(def, walk, depth + 1, out)
                }
                NodeKind::Entry if d.entry_type == EntryType::Upgrade => out.push(def),
                _ => {}
            }
        }
    }

    /// Names of an enhancement table's entries, once each.
    fn enhancements(&mut self, table: Ref) -> Vec<String> {
        let mut defs = Vec::new();
        let walk = Walk {
            own_only: true,
            through_holders: false,
        };
        self.upgrades(table, walk, 0, &mut defs);
        let mut names: Vec<String> = Vec::new();
        for def in defs {
            let name = self.scope.node(def).name.trim();
            if !name.is_empty() && !names.iter().any(|n| n == name) {
                names.push(name.to_string());
            }
        }
        names
    }

    /// Lores: the visible choices of the faction's "Spell Lores", "Prayer Lores" and
    /// "Manifestation Lores" groups, each resolved (usually into Lores.cat) to its spells.
    fn lores(&mut self) -> Vec<Lore> {
        let mut lores: Vec<Lore> = Vec::new();
        for (name, kind) in [
            ("Spell Lores", LoreKind::Spell),
            ("Prayer Lores", LoreKind::Prayer),
            ("Manifestation Lores", LoreKind::Manifestation),
        ] {
            let Some(group) = self.find_shared_group(name) else {
                continue;
            };
            if !self.visible(group) {
                continue;
            }
            for &c in &self.scope.node(group).children {
                let choice = (group.0, c);
                if !self.visible(choice) {
                    continue;
                }
                let Some(def) = self.follow(choice) else { continue };
                if !self.visible(def) {
                    continue;
                }
                let lore_name = self.scope.node(def).name.trim().to_string();
                let entries = self.spells(def);
                if entries.is_empty() {
                    self.warn(choice, "no spells or prayers found for this lore; skipped");
                    continue;
                }
                if lores.iter().any(|l| l.name == lore_name && l.kind == kind) {
                    continue;
                }
                lores.push(Lore {
                    name: lore_name,
                    kind,
                    entries,
                });
            }
        }
        lores
    }

    /// The first shared group called `name` in the faction's own catalogues.
    fn find_shared_group(&self, name: &str) -> Option<Ref> {
        self.scope.files[..self.scope.own]
            .iter()
            .enumerate()
            .find_map(|(i, f)| {
                f.shared_groups
                    .iter()
                    .find(|&&g| f.nodes[g].name == name)
                    .map(|&g| (i, g))
            })
    }

    /// Spells (or prayers) under a lore choice, once each, with their casting or chanting
    /// value. Manifestation warscrolls (unit entries) are not lore entries.
    fn spells(&mut self, lore: Ref) -> Vec<LoreEntry> {
        let mut defs = Vec::new();
        let walk = Walk {
            own_only: false,
            through_holders: true,
        };
        self.upgrades(lore, walk, 0, &mut defs);
        let mut out: Vec<LoreEntry> = Vec::new();
        for def in defs {
            let d = self.scope.node(def);
            let name = d.name.trim();
            if name.is_empty() || out.iter().any(|e| e.name == name) {
                continue;
            }
            let value = d
                .value
                .or_else(|| d.info_profiles.iter().find_map(|p| self.scope.profile_value(p)));
            out.push(LoreEntry {
                name: name.to_string(),
                value,
            });
            self.lore_files.insert(self.scope.files[def.0].file.clone());
        }
        out
    }
}

/// How [`Extractor::upgrades`] walks a group.
#[derive(Debug, Clone, Copy)]
struct Walk {
    own_only: bool,
    through_holders: bool,
}

/// Upper-case names ("HERO", "WIZARD (1)") are printed keywords.
fn is_printed_keyword(name: &str) -> bool {
    name.chars().any(char::is_alphabetic) && !name.chars().any(char::is_lowercase)
}

/// The grand alliance keyword most units carry, when more than half of them carry it.
fn grand_alliance(units: &[Warscroll]) -> String {
    let counts = ["Order", "Chaos", "Death", "Destruction"].map(|ga| {
        (
            ga,
            units
                .iter()
                .filter(|u| u.keywords.iter().any(|k| k.eq_ignore_ascii_case(ga)))
                .count(),
        )
    });
    match counts.iter().max_by_key(|(_, n)| *n) {
        Some((ga, n)) if *n * 2 > units.len() => ga.to_string(),
        _ => String::new(),
    }
}
