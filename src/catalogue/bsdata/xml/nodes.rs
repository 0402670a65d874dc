//! Building the node list: a [`Node`] for each selection entry, group or entry link, attached
//! to its parent (or to the file's roots and shared groups), and the selection constraints
//! read onto it.

use super::Parser;
use super::attrs::Attrs;
use super::index::{EntryType, Node, NodeId, NodeKind};
use super::tags::Tag;

impl Parser {
    pub(super) fn new_node(&mut self, tag: Tag, a: &Attrs, pos: u64) -> NodeId {
        let kind = match tag {
            Tag::SelectionEntry => NodeKind::Entry,
            Tag::SelectionEntryGroup => NodeKind::Group,
            _ => NodeKind::Link,
        };
        let entry_type = match a.get("type") {
            Some("unit") => EntryType::Unit,
            Some("model") => EntryType::Model,
            Some("upgrade") => EntryType::Upgrade,
            _ => EntryType::Other,
        };
        let id = a.str("id");
        let node = Node {
            kind,
            name: a.name("name"),
            entry_type,
            links_group: kind == NodeKind::Link && a.get("type") == Some("selectionEntryGroup"),
            target: if kind == NodeKind::Link {
                a.str("targetId")
            } else {
                String::new()
            },
            hidden: a.flag("hidden"),
            mods: Vec::new(),
            min: None,
            max_zero: None,
            costs: Vec::new(),
            category_links: Vec::new(),
            value: None,
            info_profiles: Vec::new(),
            children: Vec::new(),
            pos,
            publication: a.str("publicationId"),
            id: id.clone(),
        };
        let n = self.out.nodes.len();
        self.out.nodes.push(node);
        if kind != NodeKind::Link && !id.is_empty() {
            self.out.by_id.entry(id).or_insert(n);
        }
        // Attach to the parent: node > list > this, or root > list > this.
        let list = self.up(0).map(|f| f.tag);
        let above = self.up(1);
        match (list, above) {
            (Some(Tag::NodeList), Some(f)) if f.node.is_some() => {
                if let Some(p) = f.node {
                    self.out.nodes[p].children.push(n);
                }
            }
            (Some(Tag::NodeList), Some(f)) if f.tag == Tag::Root && self.stack.len() == 2 => {
                self.out.roots.push(n);
            }
            (Some(Tag::SharedGroups), Some(f)) if f.tag == Tag::Root => {
                self.out.shared_groups.push(n);
            }
            _ => {}
        }
        n
    }

    pub(super) fn constraint(&mut self, n: NodeId, a: &Attrs) {
        if a.get("field") != Some("selections") {
            return;
        }
        let Some(value) = a.get("value").and_then(|v| v.trim().parse::<f64>().ok()) else {
            return;
        };
        let node = &mut self.out.nodes[n];
        match a.get("type") {
            Some("min") if a.get("scope") == Some("parent") && value > 0.0 => {
                node.min = Some(node.min.map_or(value, |m| m.max(value)));
            }
            Some("max") if value == 0.0 => node.max_zero = Some(a.str("id")),
            _ => {}
        }
    }
}
