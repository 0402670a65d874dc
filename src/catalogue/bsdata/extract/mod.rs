//! Building a [`Faction`] from the parsed catalogues: which ids resolve where, what a Path to
//! Glory roster can see, and the unit / enhancement table / lore rules described in the module
//! documentation of [`super`].
//!
//! This file holds the [`Extractor`] and what its passes share (warnings, link following,
//! the walk over upgrade entries); beside it: `scope` (where ids resolve), `context` (what a
//! roster sees), and one file per pass: `units`, `tables` (enhancement tables) and `lores`.

mod context;
mod lores;
mod scope;
mod tables;
mod units;

pub(super) use context::Context;
pub(super) use scope::Scope;

use super::xml::{EntryType, NodeKind};
use crate::catalogue::faction::{Faction, Source, Warscroll};
use crate::names::SameName;
use scope::Ref;
use std::collections::HashSet;

/// Deepest nesting followed when walking groups and links (guards against link cycles).
const MAX_DEPTH: usize = 12;

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
    /// What a roster sees with BSData's "Allow Legends" switch off (its default).
    pub ctx: &'s Context,
    /// The same roster with "Allow Legends" on: units only it shows are Legends.
    pub legends_ctx: &'s Context,
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
            unit_index: Default::default(),
        }
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
}

/// How [`Extractor::upgrades`] walks a group.
#[derive(Debug, Clone, Copy)]
struct Walk {
    own_only: bool,
    through_holders: bool,
}

/// The grand alliance keyword most units carry, when more than half of them carry it.
fn grand_alliance(units: &[Warscroll]) -> String {
    let counts = ["Order", "Chaos", "Death", "Destruction"].map(|ga| {
        (
            ga,
            units
                .iter()
                .filter(|u| u.keywords.iter().any(|k| k.same_name(ga)))
                .count(),
        )
    });
    match counts.iter().max_by_key(|(_, n)| *n) {
        Some((ga, n)) if *n * 2 > units.len() => ga.to_string(),
        _ => String::new(),
    }
}
