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
    /// Publication names by id (the books entries cite with `publicationId`).
    pub publications: HashMap<String, String>,
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
    /// The node's own `set` and `increment` modifiers (not those that affect other entries).
    pub mods: Vec<Modifier>,
    /// Largest `min` selections constraint with scope "parent" (a model count in a unit).
    pub min: Option<f64>,
    /// Id of a `max 0` selections constraint: not available unless some modifier lifts it.
    pub max_zero: Option<String>,
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
    /// `publicationId`: the book the entry comes from.
    pub publication: String,
}

#[derive(Debug, Clone)]
pub(in crate::catalogue::bsdata) struct CategoryLinkRef {
    pub target: String,
    pub hidden: bool,
}

/// What a modifier does to its field.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::catalogue::bsdata) enum ModOp {
    Set,
    Increment,
}

/// A `set` or `increment` modifier: `field` ("hidden", a cost type id, a constraint id) gets
/// `value` when `cond` holds.
#[derive(Debug, Clone)]
pub(in crate::catalogue::bsdata) struct Modifier {
    pub op: ModOp,
    pub field: String,
    pub value: String,
    pub cond: Cond,
    /// The `childId`s its conditions and repeats count (e.g. the unit whose every selection
    /// lifts a `max 0` constraint by one).
    pub counts: Vec<String>,
}

impl Modifier {
    /// The value of a `set hidden` modifier.
    pub fn sets_hidden(&self) -> Option<bool> {
        (self.op == ModOp::Set && self.field == "hidden").then(|| self.value == "true")
    }
}

/// How a [`Cond::Selections`] compares its count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(in crate::catalogue::bsdata) enum Compare {
    AtLeast,
    AtMost,
    LessThan,
    GreaterThan,
    EqualTo,
    NotEqualTo,
}

impl Compare {
    pub fn of(kind: &str) -> Option<Compare> {
        Some(match kind {
            "atLeast" => Compare::AtLeast,
            "atMost" => Compare::AtMost,
            "lessThan" => Compare::LessThan,
            "greaterThan" => Compare::GreaterThan,
            "equalTo" => Compare::EqualTo,
            "notEqualTo" => Compare::NotEqualTo,
            _ => return None,
        })
    }

    pub fn holds(self, count: f64, value: f64) -> bool {
        match self {
            Compare::AtLeast => count >= value,
            Compare::AtMost => count <= value,
            Compare::LessThan => count < value,
            Compare::GreaterThan => count > value,
            Compare::EqualTo => count == value,
            Compare::NotEqualTo => count != value,
        }
    }
}

/// A condition tree; only `instanceOf`/`notInstanceOf` and counts of roster-wide switches can
/// ever be decided by the importer.
#[derive(Debug, Clone, PartialEq)]
pub(in crate::catalogue::bsdata) enum Cond {
    InstanceOf(String),
    NotInstanceOf(String),
    /// A roster-wide count of selections of `child` compared with `value` (`atLeast`,
    /// `lessThan`, `equalTo`, ...): decided only for entries the assumed roster fixes, such as
    /// the game system's "Allow Legends" switch.
    Selections {
        child: String,
        compare: Compare,
        value: f64,
    },
    /// Anything else (selection counts, local condition groups, ...).
    Unknown,
    All(Vec<Cond>),
    Any(Vec<Cond>),
}
