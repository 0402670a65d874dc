//! The units pass: which root entries are units a roster can take, with their points, size,
//! whether they can be reinforced, and their printed keywords.

use super::scope::Ref;
use super::{Extractor, MAX_DEPTH, Picked};
use crate::catalogue::bsdata::xml::{EntryType, Node, NodeKind};
use crate::catalogue::faction::Warscroll;
use crate::names::SameName;

impl Extractor<'_, '_> {
    pub(super) fn units(&mut self) -> (Vec<Warscroll>, Vec<Picked>) {
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
            if units.iter().any(|u| u.name.same_name(&e.name)) {
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
}

/// Upper-case names ("HERO", "WIZARD (1)") are printed keywords.
fn is_printed_keyword(name: &str) -> bool {
    name.chars().any(char::is_alphabetic) && !name.chars().any(char::is_lowercase)
}
