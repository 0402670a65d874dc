//! What a roster sees (see "What a roster sees" in the module docs of the importer): the
//! assumed force entries and the three-valued evaluation of `set hidden` conditions.

use crate::catalogue::bsdata::xml::{Cond, Node};
use std::collections::HashSet;

/// What a roster is assumed to be when deciding `hidden` modifiers: the force entries it is
/// an instance of.
pub(in crate::catalogue::bsdata) struct Context {
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
