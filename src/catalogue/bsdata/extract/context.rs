//! What a roster sees (see "What a roster sees" in the module docs of the importer): the
//! assumed force entries and the three-valued evaluation of `set hidden` conditions.

use crate::catalogue::bsdata::xml::{Cond, Node};
use std::collections::{HashMap, HashSet};

/// What a roster is assumed to be when deciding `hidden` modifiers: the force entries it is
/// an instance of.
pub(in crate::catalogue::bsdata) struct Context {
    /// Every force entry id of the game system: conditions on anything else are undecidable.
    pub forces: HashSet<String>,
    pub active: HashSet<String>,
    /// Selection counts the assumed roster fixes (the "Allow Legends" switch): conditions
    /// counting other entries are undecidable.
    pub fixed: HashMap<String, f64>,
}

impl Context {
    /// Three-valued evaluation: `None` when the importer cannot tell.
    fn eval(&self, c: &Cond) -> Option<bool> {
        match c {
            Cond::InstanceOf(id) => self.forces.contains(id).then(|| self.active.contains(id)),
            Cond::NotInstanceOf(id) => self.forces.contains(id).then(|| !self.active.contains(id)),
            Cond::Selections {
                child,
                compare,
                value,
            } => self.fixed.get(child).map(|&n| compare.holds(n, *value)),
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
    ///
    /// An entry with a modifier that un-hides it only in other forces (its conditions surely
    /// false here) is hidden even when its `hidden` attribute was left false: the modifier
    /// says the entry belongs to those forces (some seasonal "(Scourge of …)" copies are
    /// written this way).
    pub fn visible(&self, n: &Node) -> bool {
        let mut hidden = n.hidden
            || n.mods
                .iter()
                .any(|m| m.sets_hidden() == Some(false) && self.eval(&m.cond) == Some(false));
        for m in &n.mods {
            if let Some(hide) = m.sets_hidden()
                && self.holds(&m.cond)
            {
                hidden = hide;
            }
        }
        !hidden
    }

    /// True when a condition surely holds for the assumed roster.
    pub fn holds(&self, c: &Cond) -> bool {
        self.eval(c) == Some(true)
    }
}
