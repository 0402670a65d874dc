//! The units pass: which root entries are units a roster can take, with their points, size,
//! whether they can be reinforced, their printed keywords, and what marks them (Legends, an
//! Anvil of Apotheosis hero, a unit another unit unlocks).

use super::scope::Ref;
use super::{Extractor, MAX_DEPTH, Picked};
use crate::catalogue::bsdata::xml::{EntryType, ModOp, NodeKind};
use crate::catalogue::faction::Warscroll;
use crate::names::SameName;

/// Names of Anvil of Apotheosis heroes start with this: templates a player builds from parts.
const ANVIL: &str = "Anvil of Apotheosis";

/// Publications of a General's Handbook season: their warscrolls (the "(Scourge of …)"
/// copies) are seasonal content, which the Ascension battlepack does not use.
const SEASONAL: [&str; 2] = ["General's Handbook", "Scourge of"];

/// How a roster sees a root unit.
#[derive(Clone, Copy, PartialEq)]
enum Shown {
    Always,
    /// Only with BSData's "Allow Legends" switch on.
    WithLegends,
    Never,
}

impl Extractor<'_, '_> {
    pub(super) fn units(&mut self) -> (Vec<Warscroll>, Vec<Picked>) {
        let cat = self.scope.files[0];
        let mut units: Vec<Warscroll> = Vec::new();
        let mut picked = Vec::new();
        let mut locked: Vec<(Ref, Ref, String)> = Vec::new();
        for &root in &cat.roots {
            let link = (0, root);
            let Some(entry) = self.follow(link) else { continue };
            let e = self.scope.node(entry);
            if e.kind != NodeKind::Entry || e.entry_type != EntryType::Unit {
                continue;
            }
            // Anvil heroes are hidden behind roster-wide conditions; they are kept as facts.
            let anvil = e.name.starts_with(ANVIL);
            let shown = self.shown(link, entry);
            if !anvil && (shown == Shown::Never || self.seasonal(link, entry)) {
                continue;
            }
            let legends = shown == Shown::WithLegends;
            // Limited to 0 unless some modifier lifts it: a copy of another unit ("Undersize
            // Unit"), or a unit another unit unlocks (looked at once the rest are known).
            let l = self.scope.node(link);
            if let Some(constraint) = l.max_zero.clone().or_else(|| e.max_zero.clone()) {
                locked.push((link, entry, constraint));
                continue;
            }
            let picks = Picked { link, entry };
            if let Some(u) = self.unit(&picks, anvil, legends, None, &units) {
                units.push(u);
                picked.push(picks);
            }
        }
        for (link, entry, constraint) in locked {
            let legends = self.shown(link, entry) == Shown::WithLegends;
            // An undersize copy renames itself on its link ("Terradon Riders (2 Models)").
            let renamed = self.renamed(link);
            let name = renamed
                .clone()
                .unwrap_or_else(|| self.scope.node(entry).name.clone());
            if units.iter().any(|u| u.name.same_name(&name)) {
                continue; // a variant copy of a unit imported already
            }
            let Some(by) = self.unlocker(&[link, entry], &constraint, &units, &picked) else {
                continue;
            };
            let picks = Picked { link, entry };
            let locked = Locked { by, renamed };
            if let Some(u) = self.unit(&picks, false, legends, Some(locked), &units) {
                units.push(u);
                picked.push(picks);
            }
        }
        (units, picked)
    }

    /// The warscroll of one root link, or `None` when it is not offered on its own (no cost
    /// and not faction terrain or an Anvil hero: it comes with another unit) or repeats a name.
    fn unit(
        &mut self,
        p: &Picked,
        anvil: bool,
        legends: bool,
        locked: Option<Locked>,
        units: &[Warscroll],
    ) -> Option<Warscroll> {
        let (link, entry) = (p.link, p.entry);
        let (unlocked_by, renamed) = match locked {
            Some(l) => (Some(l.by), l.renamed),
            None => (None, None),
        };
        let keywords = self.keywords(&[link, entry]);
        let terrain = keywords.iter().any(|k| k == "FACTION TERRAIN");
        let points = match self.points(link, entry) {
            Some(points) => points,
            None if terrain || anvil => 0.0,
            None => return None, // no cost: comes with another unit (e.g. a companion)
        };
        let e = self.scope.node(entry);
        let name = renamed.clone().unwrap_or_else(|| e.name.clone());
        if units.iter().any(|u| u.name.same_name(&name)) {
            self.warn(
                link,
                "a unit of this name was already imported; this one is skipped",
            );
            return None;
        }
        // A renamed copy shares its entry with the full unit: its link's id tells them apart.
        let id = match &renamed {
            Some(_) => self.scope.node(link).id.clone(),
            None => e.id.clone(),
        };
        let undersize = renamed.as_deref().and_then(undersize_models);
        let unit_size = match (undersize, self.models(entry, 0)) {
            (Some(n), _) => n,
            (None, Some(n)) if n >= 1.0 => n.round() as u32,
            _ => 1, // no model entries: a single-model unit or faction terrain
        };
        Some(Warscroll {
            name,
            points: points.max(0.0).round() as u32,
            unit_size,
            // An undersize unit is the smaller one; it is not reinforced.
            reinforceable: undersize.is_none() && (self.reinforceable(link) || self.reinforceable(entry)),
            keywords,
            legends: legends || self.legends_faction || self.is_legends(link, entry),
            anvil_of_apotheosis: anvil,
            unlocked_by,
            formerly: crate::catalogue::bsdata::renames::formerly(&id),
            id,
        })
    }

    /// The name an unconditional `set name` modifier of a root link gives its unit.
    fn renamed(&self, link: Ref) -> Option<String> {
        self.scope
            .node(link)
            .mods
            .iter()
            .filter(|m| m.op == ModOp::Set && m.field == "name" && self.ctx.holds(&m.cond))
            .map(|m| m.value.trim().to_string())
            .rfind(|v| !v.is_empty())
    }

    fn shown(&self, link: Ref, entry: Ref) -> Shown {
        let n = |r: Ref| self.scope.node(r);
        if self.ctx.visible(n(link)) && self.ctx.visible(n(entry)) {
            Shown::Always
        } else if self.legends_ctx.visible(n(link)) && self.legends_ctx.visible(n(entry)) {
            Shown::WithLegends
        } else {
            Shown::Never
        }
    }

    /// True when the unit comes from a seasonal publication (see [`SEASONAL`]).
    fn seasonal(&self, link: Ref, entry: Ref) -> bool {
        [link, entry].iter().any(|&r| {
            self.scope
                .publication(&self.scope.node(r).publication)
                .is_some_and(|p| SEASONAL.iter().any(|s| p.replace('’', "'").starts_with(s)))
        })
    }

    /// The imported unit whose selections lift the `max 0` constraint `constraint` of a root
    /// link or its entry (an `increment` per selection, or a `set` when it is taken).
    fn unlocker(
        &self,
        refs: &[Ref],
        constraint: &str,
        units: &[Warscroll],
        picked: &[Picked],
    ) -> Option<String> {
        let lifts = refs
            .iter()
            .flat_map(|&r| &self.scope.node(r).mods)
            .filter(|m| m.field == constraint && m.value.trim().parse::<f64>().is_ok_and(|v| v > 0.0))
            .filter(|m| matches!(m.op, ModOp::Increment | ModOp::Set));
        for m in lifts {
            for id in &m.counts {
                let hit = picked
                    .iter()
                    .position(|p| self.scope.node(p.link).id == *id || self.scope.node(p.entry).id == *id);
                if let Some(i) = hit {
                    return Some(units[i].name.clone());
                }
            }
        }
        None
    }

    /// The "pts" cost of a root link (else of its entry), after the `set` points modifiers
    /// that surely hold for the assumed roster (faction terrain is free in Path to Glory).
    fn points(&self, link: Ref, entry: Ref) -> Option<f64> {
        let cost = |r: Ref| {
            self.scope
                .node(r)
                .costs
                .iter()
                .find(|(t, _)| *t == self.known.points)
                .map(|(_, v)| *v)
        };
        let mut points = cost(link).or_else(|| cost(entry));
        for r in [entry, link] {
            for m in &self.scope.node(r).mods {
                if m.op == ModOp::Set
                    && m.field == self.known.points
                    && self.ctx.holds(&m.cond)
                    && let Ok(v) = m.value.trim().parse::<f64>()
                {
                    points = Some(v);
                }
            }
        }
        points
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
}

/// A unit another unit unlocks: that unit, and the name its link gives it, if any.
struct Locked {
    by: String,
    renamed: Option<String>,
}

/// The models of an undersize copy from its name: "Terradon Riders (2 Models)" → 2.
fn undersize_models(name: &str) -> Option<u32> {
    let inner = name.trim_end().strip_suffix(')')?;
    let (_, inner) = inner.rsplit_once('(')?;
    let lower = inner.trim().to_lowercase();
    let n = lower
        .strip_suffix("models")
        .or_else(|| lower.strip_suffix("model"))?;
    n.trim().parse().ok().filter(|n| *n >= 1)
}

/// Upper-case names ("HERO", "WIZARD (1)") are printed keywords.
fn is_printed_keyword(name: &str) -> bool {
    name.chars().any(char::is_alphabetic) && !name.chars().any(char::is_lowercase)
}

#[cfg(test)]
mod tests {
    use super::undersize_models;

    #[test]
    fn an_undersize_copy_names_its_models() {
        assert_eq!(undersize_models("Terradon Riders (2 Models)"), Some(2));
        assert_eq!(undersize_models("Stormdrake Guard (1 model)"), Some(1));
        assert_eq!(undersize_models("Terradon Riders"), None);
        assert_eq!(undersize_models("Knights (Scourge of Tests)"), None);
        assert_eq!(undersize_models("Knights (0 Models)"), None);
    }
}
