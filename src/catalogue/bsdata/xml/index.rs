//! The compact index one file becomes ([`CatFile`]): its header, catalogue links, and a flat
//! list of entry/group/link nodes with only what the importer reads (hidden flags and
//! modifiers, constraints, costs, category links, casting/chanting values).

use std::collections::HashMap;

/// Index of a [`Node`] in [`CatFile::nodes`].
pub(in crate::catalogue::bsdata) type NodeId = usize;

/// The root element and its attributes.
#[derive(Debug, Clone, Default)]
pub(in crate::catalogue::bsdata) struct Header {
    pub game_system: bool,
    pub id: String,
    pub name: String,
    pub revision: u32,
    pub library: bool,
    pub game_system_id: String,
}

/// One `.cat` or `.gst` file, indexed.
#[derive(Debug, Default)]
pub(in crate::catalogue::bsdata) struct CatFile {
    /// File name only (e.g. "Stormcast Eternals.cat"), used in messages and `Source`.
    pub file: String,
    pub header: Header,
    pub catalogue_links: Vec<CatalogueLink>,
    pub nodes: Vec<Node>,
    /// Root `entryLinks` and `selectionEntries`: what a roster can add directly.
    pub roots: Vec<NodeId>,
    /// `sharedSelectionEntryGroups` in document order.
    pub shared_groups: Vec<NodeId>,
    /// Definitions (selection entries and groups, at any depth) by id; the first one wins.
    pub by_id: HashMap<String, NodeId>,
    pub categories: HashMap<String, Category>,
    /// Force entries (game system): id and name.
    pub forces: Vec<(String, String)>,
    /// Cost types (game system): id and name.
    pub cost_types: Vec<(String, String)>,
    /// Shared profiles with a casting or chanting value, by profile id (for infoLinks).
    pub profile_values: HashMap<String, u32>,
}

#[derive(Debug, Clone)]
pub(in crate::catalogue::bsdata) struct CatalogueLink {
    pub target: String,
    pub name: String,
    pub import_root: bool,
}

#[derive(Debug, Clone)]
pub(in crate::catalogue::bsdata) struct Category {
    pub name: String,
    pub hidden: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::catalogue::bsdata) enum NodeKind {
    Entry,
    Group,
    Link,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::catalogue::bsdata) enum EntryType {
    Unit,
    Model,
    Upgrade,
    Other,
}

/// A selection entry, a selection entry group or an entry link.
#[derive(Debug, Clone)]
pub(in crate::catalogue::bsdata) struct Node {
    pub kind: NodeKind,
    pub id: String,
    pub name: String,
    /// `type` of a selection entry, or of the entry an entry link points at (when it says).
    pub entry_type: EntryType,
    /// `type="selectionEntryGroup"` on an entry link.
    pub links_group: bool,
    /// `targetId` of an entry link.
    pub target: String,
    pub hidden: bool,
    pub hide_mods: Vec<HideModifier>,
    /// Largest `min` selections constraint with scope "parent" (a model count in a unit).
    pub min: Option<f64>,
    /// Has a `max 0` selections constraint: not available unless some modifier lifts it.
    pub max_zero: bool,
    /// Costs as (typeId, value).
    pub costs: Vec<(String, f64)>,
    pub category_links: Vec<CategoryLinkRef>,
    /// Casting or chanting value from the node's own profile.
    pub value: Option<u32>,
    /// Profile ids linked with `infoLink type="profile"`.
    pub info_profiles: Vec<String>,
    /// Child entries, groups and links in document order.
    pub children: Vec<NodeId>,
    /// Byte offset of the element, for messages.
    pub pos: u64,
}

#[derive(Debug, Clone)]
pub(in crate::catalogue::bsdata) struct CategoryLinkRef {
    pub target: String,
    pub hidden: bool,
}

/// A `set hidden` modifier: `hide` is the value it sets, applied when `cond` holds.
#[derive(Debug, Clone)]
pub(in crate::catalogue::bsdata) struct HideModifier {
    pub hide: bool,
    pub cond: Cond,
}

/// A condition tree; only `instanceOf`/`notInstanceOf` can ever be decided by the importer.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::catalogue::bsdata) enum Cond {
    InstanceOf(String),
    NotInstanceOf(String),
    /// Anything else (selection counts, local condition groups, ...).
    Unknown,
    All(Vec<Cond>),
    Any(Vec<Cond>),
}
