//! Collecting `set`/`increment` modifiers with their condition trees: the modifiers, modifier
//! groups and condition groups open on the stack, and where a finished modifier goes.

use super::Parser;
use super::index::{Cond, Modifier, NodeId};
use super::tags::Tag;

/// Something that collects conditions while its element is open.
pub(super) enum Collector {
    /// A `modifier`: what it would record once closed (`None` for kinds the importer does
    /// not read), its own conditions and the ids they count.
    Modifier {
        owner: Option<NodeId>,
        kept: Option<Modifier>,
        conds: Vec<Cond>,
    },
    /// A `modifierGroup`: its conditions and the modifiers of its members (own conditions).
    Group {
        owner: Option<NodeId>,
        conds: Vec<Cond>,
        members: Vec<Modifier>,
    },
    /// A `conditionGroup` (`any` when its type is "or").
    CondGroup { any: bool, conds: Vec<Cond> },
    /// A `localConditionGroup`: counted as one undecidable condition.
    Local,
}

impl Parser {
    /// Hands a finished modifier to the enclosing modifier group, or to its node.
    pub(super) fn deliver(&mut self, owner: Option<NodeId>, m: Modifier) {
        if let Some(Collector::Group { members, .. }) = self.collectors.last_mut() {
            members.push(m);
        } else if let Some(n) = owner {
            self.out.nodes[n].mods.push(m);
        }
    }

    pub(super) fn push_cond(&mut self, cond: Cond) {
        match self.collectors.last_mut() {
            Some(Collector::Modifier { conds, .. })
            | Some(Collector::Group { conds, .. })
            | Some(Collector::CondGroup { conds, .. }) => conds.push(cond),
            Some(Collector::Local) | None => {}
        }
    }

    /// Records an id a condition or repeat counts on the innermost open modifier.
    pub(super) fn push_count(&mut self, child: String) {
        if child.is_empty() {
            return;
        }
        let open = self.collectors.iter_mut().rev().find_map(|c| match c {
            Collector::Modifier { kept, .. } => Some(kept),
            _ => None,
        });
        if let Some(Some(m)) = open
            && !m.counts.contains(&child)
        {
            m.counts.push(child);
        }
    }

    /// The node a `modifier`/`modifierGroup` being opened applies to: the node directly above
    /// its `modifiers`/`modifierGroups` list, possibly through enclosing modifier groups.
    pub(super) fn modifier_owner(&self) -> Option<NodeId> {
        let mut i = self.stack.len();
        loop {
            i = i.checked_sub(1)?;
            let f = self.stack.get(i)?;
            match f.tag {
                Tag::Modifiers | Tag::ModifierGroups | Tag::ModifierGroup => continue,
                _ => return f.node,
            }
        }
    }
}
