//! The enhancement tables pass: the groups imported units link, kept to the faction's own
//! catalogues, with their visible enhancements and the units eligible for them.

use super::scope::Ref;
use super::{Extractor, Picked, Walk};
use crate::catalogue::bsdata::xml::NodeKind;
use crate::catalogue::faction::{EnhancementKind, EnhancementTable, Warscroll};
use std::collections::HashMap;

impl Extractor<'_, '_> {
    /// Enhancement tables: groups that imported units link (entryLink type
    /// "selectionEntryGroup" on the root link or the unit entry), defined in the faction's own
    /// catalogues, visible, and holding at least one visible enhancement.
    pub(super) fn tables(&mut self, units: &[Warscroll], picked: &[Picked]) -> Vec<EnhancementTable> {
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
}
