//! The files an id can resolve to for one faction, in lookup order, and resolving ids, links,
//! categories and shared profile values through them.

use crate::catalogue::bsdata::xml::{CatFile, Category, Node, NodeId, NodeKind};

/// A node in one of the scope's files.
pub(super) type Ref = (usize, NodeId);

/// The files an id can resolve to for one faction, in lookup order.
pub(in crate::catalogue::bsdata) struct Scope<'a> {
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

    pub(super) fn category(&self, id: &str) -> Option<&'a Category> {
        self.files.iter().find_map(|f| f.categories.get(id))
    }

    pub(super) fn publication(&self, id: &str) -> Option<&'a str> {
        self.files
            .iter()
            .find_map(|f| f.publications.get(id).map(String::as_str))
    }

    pub(super) fn profile_value(&self, id: &str) -> Option<u32> {
        self.files.iter().find_map(|f| f.profile_values.get(id).copied())
    }

    /// The definition a link points at (a non-link resolves to itself); `None` when dangling.
    pub(super) fn resolve(&self, r: Ref) -> Option<Ref> {
        let n = self.node(r);
        if n.kind == NodeKind::Link {
            self.lookup(&n.target)
        } else {
            Some(r)
        }
    }
}
