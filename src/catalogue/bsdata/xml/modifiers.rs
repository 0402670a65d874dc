//! Collecting `set hidden` modifiers with their condition trees: the modifiers, modifier
//! groups and condition groups open on the stack, and where a finished modifier goes.

use super::Parser;
use super::index::{Cond, HideModifier, NodeId};
use super::tags::Tag;

/// Something that collects conditions while its element is open.
pub(super) enum Collector {
    /// A `modifier`: its own conditions, and what it would record once closed.
    Modifier {
        owner: Option<NodeId>,
        hide: Option<bool>,
        conds: Vec<Cond>,
    },
    /// A `modifierGroup`: its conditions and the hide modifiers of its members (own conditions).
    Group {
        owner: Option<NodeId>,
        conds: Vec<Cond>,
        members: Vec<HideModifier>,
    },
    /// A `conditionGroup` (`any` when its type is "or").
    CondGroup { any: bool, conds: Vec<Cond> },
    /// A `localConditionGroup`: counted as one undecidable condition.
    Local,
}

impl Parser {
    /// Hands a finished hide modifier to the enclosing modifier group, or to its node.
    pub(super) fn deliver(&mut self, owner: Option<NodeId>, m: HideModifier) {
        if let Some(Collector::Group { members, .. }) = self.collectors.last_mut() {
            members.push(m);
        } else if let Some(n) = owner {
            self.out.nodes[n].hide_mods.push(m);
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
