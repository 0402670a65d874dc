//! The lores pass: the choices of the faction's spell, prayer and manifestation lore groups,
//! each resolved to its spells or prayers with their casting or chanting values.

use super::scope::Ref;
use super::{Extractor, Walk};
use crate::catalogue::faction::{Lore, LoreEntry, LoreKind};

impl Extractor<'_, '_> {
    /// Lores: the visible choices of the faction's "Spell Lores", "Prayer Lores" and
    /// "Manifestation Lores" groups, each resolved (usually into Lores.cat) to its spells;
    /// then the universal manifestation lores every faction may take.
    pub(super) fn lores(&mut self) -> Vec<Lore> {
        let mut lores: Vec<Lore> = Vec::new();
        for (name, kind) in [
            ("Spell Lores", LoreKind::Spell),
            ("Prayer Lores", LoreKind::Prayer),
            ("Manifestation Lores", LoreKind::Manifestation),
        ] {
            if let Some(group) = self.find_shared_group(name) {
                self.lore_choices(group, kind, &mut lores);
            }
        }
        if let Some(group) = self.universal_manifestations() {
            self.lore_choices(group, LoreKind::Manifestation, &mut lores);
        }
        lores
    }

    /// Adds the visible choices of one lore group that are not there yet.
    fn lore_choices(&mut self, group: Ref, kind: LoreKind, lores: &mut Vec<Lore>) {
        if !self.visible(group) {
            return;
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

    /// The "Manifestation Lores" group of the game's shared "Lores" catalogue: the universal
    /// manifestation lores, open to every faction beside its own.
    fn universal_manifestations(&self) -> Option<Ref> {
        self.scope.files[self.scope.own..]
            .iter()
            .enumerate()
            .filter(|(_, f)| f.header.name.trim_start_matches(|c: char| !c.is_alphanumeric()) == "Lores")
            .find_map(|(i, f)| {
                f.shared_groups
                    .iter()
                    .find(|&&g| f.nodes[g].name == "Manifestation Lores")
                    .map(|&g| (self.scope.own + i, g))
            })
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
