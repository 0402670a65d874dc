//! Streaming read of one BattleScribe file into a compact index ([`CatFile`]).
//!
//! Only what the importer needs is kept: selection entries, groups and entry links with their
//! ids, names, types, `hidden` flags, `set hidden` modifiers (with their condition trees),
//! selection constraints, costs, category links, casting/chanting values and catalogue links;
//! plus category, force and cost type definitions. Rules text, profiles other than casting and
//! chanting values, and every other modifier are skipped as they stream past.

use super::BsdataError;
use quick_xml::Reader;
use quick_xml::XmlVersion;
use quick_xml::events::{BytesStart, Event};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;

/// Index of a [`Node`] in [`CatFile::nodes`].
pub(super) type NodeId = usize;

/// The root element and its attributes.
#[derive(Debug, Clone, Default)]
pub(super) struct Header {
    pub game_system: bool,
    pub id: String,
    pub name: String,
    pub revision: u32,
    pub library: bool,
    pub game_system_id: String,
}

/// One `.cat` or `.gst` file, indexed.
#[derive(Debug, Default)]
pub(super) struct CatFile {
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
pub(super) struct CatalogueLink {
    pub target: String,
    pub name: String,
    pub import_root: bool,
}

#[derive(Debug, Clone)]
pub(super) struct Category {
    pub name: String,
    pub hidden: bool,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NodeKind {
    Entry,
    Group,
    Link,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum EntryType {
    Unit,
    Model,
    Upgrade,
    Other,
}

/// A selection entry, a selection entry group or an entry link.
#[derive(Debug, Clone)]
pub(super) struct Node {
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
pub(super) struct CategoryLinkRef {
    pub target: String,
    pub hidden: bool,
}

/// A `set hidden` modifier: `hide` is the value it sets, applied when `cond` holds.
#[derive(Debug, Clone)]
pub(super) struct HideModifier {
    pub hide: bool,
    pub cond: Cond,
}

/// A condition tree; only `instanceOf`/`notInstanceOf` can ever be decided by the importer.
#[derive(Debug, Clone, PartialEq)]
pub(super) enum Cond {
    InstanceOf(String),
    NotInstanceOf(String),
    /// Anything else (selection counts, local condition groups, ...).
    Unknown,
    All(Vec<Cond>),
    Any(Vec<Cond>),
}

/// Element names the parser reacts to; everything else is `Other`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tag {
    Root,
    SelectionEntry,
    SelectionEntryGroup,
    EntryLink,
    /// `selectionEntries`, `selectionEntryGroups`, `entryLinks`.
    NodeList,
    SharedEntries,
    SharedGroups,
    Constraints,
    Constraint,
    Costs,
    Cost,
    CategoryLinks,
    CategoryLink,
    CategoryEntry,
    Modifiers,
    Modifier,
    ModifierGroups,
    ModifierGroup,
    Conditions,
    Condition,
    ConditionGroups,
    ConditionGroup,
    LocalConditionGroup,
    Profiles,
    Profile,
    Characteristics,
    Characteristic,
    InfoLinks,
    InfoLink,
    CatalogueLinks,
    CatalogueLink,
    ForceEntry,
    CostType,
    SharedProfiles,
    Other,
}

fn tag_of(name: &str) -> Tag {
    match name {
        "catalogue" | "gameSystem" => Tag::Root,
        "selectionEntry" => Tag::SelectionEntry,
        "selectionEntryGroup" => Tag::SelectionEntryGroup,
        "entryLink" => Tag::EntryLink,
        "selectionEntries" | "selectionEntryGroups" | "entryLinks" => Tag::NodeList,
        "sharedSelectionEntries" => Tag::SharedEntries,
        "sharedSelectionEntryGroups" => Tag::SharedGroups,
        "constraints" => Tag::Constraints,
        "constraint" => Tag::Constraint,
        "costs" => Tag::Costs,
        "cost" => Tag::Cost,
        "categoryLinks" => Tag::CategoryLinks,
        "categoryLink" => Tag::CategoryLink,
        "categoryEntry" => Tag::CategoryEntry,
        "modifiers" => Tag::Modifiers,
        "modifier" => Tag::Modifier,
        "modifierGroups" => Tag::ModifierGroups,
        "modifierGroup" => Tag::ModifierGroup,
        "conditions" => Tag::Conditions,
        "condition" => Tag::Condition,
        "conditionGroups" => Tag::ConditionGroups,
        "conditionGroup" => Tag::ConditionGroup,
        "localConditionGroup" => Tag::LocalConditionGroup,
        "profiles" => Tag::Profiles,
        "profile" => Tag::Profile,
        "characteristics" => Tag::Characteristics,
        "characteristic" => Tag::Characteristic,
        "infoLinks" => Tag::InfoLinks,
        "infoLink" => Tag::InfoLink,
        "catalogueLinks" => Tag::CatalogueLinks,
        "catalogueLink" => Tag::CatalogueLink,
        "forceEntry" => Tag::ForceEntry,
        "costType" => Tag::CostType,
        "sharedProfiles" => Tag::SharedProfiles,
        _ => Tag::Other,
    }
}

/// An open element.
struct Frame {
    tag: Tag,
    name: String,
    pos: u64,
    /// The node this element created, if it is an entry, group or link.
    node: Option<NodeId>,
}

/// Something that collects conditions while its element is open.
enum Collector {
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

/// Where the text of the open characteristic goes.
enum ValueSink {
    Node(NodeId),
    Shared(String),
}

/// An element's attributes, entities unescaped (`&amp;` → `&`, `&apos;` → `'`, ...).
struct Attrs<'a> {
    list: Vec<(&'a str, Cow<'a, str>)>,
}

impl<'a> Attrs<'a> {
    /// Reads every attribute; a malformed one (or a bad entity) is an error message.
    fn new(start: &'a BytesStart<'a>) -> Result<Self, String> {
        let mut list = Vec::new();
        for a in start.attributes() {
            let a = a.map_err(|e| e.to_string())?;
            let value = a
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| e.to_string())?;
            list.push((a.key.into_inner(), value));
        }
        Ok(Attrs { list })
    }
    fn get(&self, key: &str) -> Option<&str> {
        self.list.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_ref())
    }
    fn str(&self, key: &str) -> String {
        self.get(key).unwrap_or_default().to_string()
    }
    fn flag(&self, key: &str) -> bool {
        self.get(key) == Some("true")
    }
}

/// Decodes a file's bytes as UTF-8 (dropping a byte-order mark), naming the file on failure.
pub(super) fn decode<'a>(file: &str, bytes: &'a [u8]) -> Result<&'a str, BsdataError> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    std::str::from_utf8(bytes).map_err(|e| BsdataError::Encoding {
        file: file.to_string(),
        position: e.valid_up_to(),
    })
}

/// Reads just the root element of a file.
pub(super) fn read_header(file: &str, text: &str) -> Result<Header, BsdataError> {
    let mut reader = Reader::from_str(text);
    loop {
        let pos = reader.buffer_position();
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => {
                let name = e.local_name().as_ref().to_string();
                if tag_of(&name) != Tag::Root {
                    return Err(BsdataError::NotCatalogue {
                        file: file.to_string(),
                        element: name,
                    });
                }
                let a = Attrs::new(&e).map_err(|message| BsdataError::Xml {
                    file: file.to_string(),
                    position: pos,
                    message: format!("<{name}>: {message}"),
                })?;
                return Ok(header_of(&name, &a));
            }
            Ok(Event::Eof) => {
                return Err(BsdataError::Xml {
                    file: file.to_string(),
                    position: pos,
                    message: "no root element (empty file?)".to_string(),
                });
            }
            Ok(Event::Text(t)) if !t.trim().is_empty() => {
                return Err(BsdataError::Xml {
                    file: file.to_string(),
                    position: pos,
                    message: "text before the root element: not an XML catalogue".to_string(),
                });
            }
            Ok(_) => {}
            Err(e) => return Err(xml_error(file, &reader, e)),
        }
    }
}

fn header_of(name: &str, a: &Attrs) -> Header {
    Header {
        game_system: name == "gameSystem",
        id: a.str("id"),
        name: a.str("name"),
        revision: a.get("revision").and_then(|r| r.trim().parse().ok()).unwrap_or(0),
        library: a.flag("library"),
        game_system_id: a.str("gameSystemId"),
    }
}

fn xml_error(file: &str, reader: &Reader<&[u8]>, e: quick_xml::Error) -> BsdataError {
    BsdataError::Xml {
        file: file.to_string(),
        position: reader.error_position(),
        message: e.to_string(),
    }
}

/// Parses a whole file into a [`CatFile`].
pub(super) fn parse(path: &Path, text: &str) -> Result<CatFile, BsdataError> {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().into_owned())
        .unwrap_or_default();
    let mut p = Parser {
        out: CatFile {
            file,
            ..CatFile::default()
        },
        stack: Vec::new(),
        collectors: Vec::new(),
        sink: None,
        text: String::new(),
        profile_id: String::new(),
    };
    let mut reader = Reader::from_str(text);
    loop {
        let pos = reader.buffer_position();
        match reader.read_event() {
            Ok(Event::Start(e)) => p.start(&e, pos)?,
            Ok(Event::Empty(e)) => {
                p.start(&e, pos)?;
                p.end();
            }
            Ok(Event::End(_)) => p.end(),
            Ok(Event::Text(t)) => {
                if p.sink.is_some() {
                    p.text.push_str(&t);
                }
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => return Err(xml_error(&p.out.file, &reader, e)),
        }
    }
    if let Some(open) = p.stack.last() {
        return Err(BsdataError::Truncated {
            file: p.out.file.clone(),
            element: open.name.clone(),
            position: open.pos,
            end: text.len(),
        });
    }
    if p.out.header.id.is_empty() && p.out.nodes.is_empty() {
        return Err(BsdataError::Xml {
            file: p.out.file.clone(),
            position: 0,
            message: "no root element (empty file?)".to_string(),
        });
    }
    Ok(p.out)
}

struct Parser {
    out: CatFile,
    stack: Vec<Frame>,
    collectors: Vec<Collector>,
    sink: Option<ValueSink>,
    /// Text of the open casting/chanting characteristic.
    text: String,
    /// Id of the innermost profile opened.
    profile_id: String,
}

impl Parser {
    /// Tag of the `n`th open element from the top (0 = innermost).
    fn up(&self, n: usize) -> Option<&Frame> {
        self.stack
            .len()
            .checked_sub(n + 1)
            .and_then(|i| self.stack.get(i))
    }

    /// The node owning the innermost `<container>` (e.g. `constraints`), if the container is
    /// directly under a node.
    fn owner_of_container(&self) -> Option<NodeId> {
        self.up(1).and_then(|f| f.node)
    }

    fn start(&mut self, e: &BytesStart, pos: u64) -> Result<(), BsdataError> {
        let name = e.local_name().as_ref().to_string();
        let tag = tag_of(&name);
        if tag == Tag::Other && !self.stack.is_empty() {
            self.stack.push(Frame {
                tag,
                name,
                pos,
                node: None,
            });
            return Ok(());
        }
        let a = Attrs::new(e).map_err(|message| BsdataError::Xml {
            file: self.out.file.clone(),
            position: pos,
            message: format!("<{name}>: {message}"),
        })?;
        if self.stack.is_empty() {
            if tag != Tag::Root {
                return Err(BsdataError::NotCatalogue {
                    file: self.out.file.clone(),
                    element: name,
                });
            }
            self.out.header = header_of(&name, &a);
        }
        let parent = self.up(0).map(|f| f.tag);
        let mut node = None;
        match tag {
            Tag::SelectionEntry | Tag::SelectionEntryGroup | Tag::EntryLink => {
                node = Some(self.new_node(tag, &a, pos));
            }
            Tag::Constraint if parent == Some(Tag::Constraints) => {
                if let Some(n) = self.owner_of_container() {
                    self.constraint(n, &a);
                }
            }
            Tag::Cost if parent == Some(Tag::Costs) => {
                if let Some(n) = self.owner_of_container() {
                    let value = a.get("value").and_then(|v| v.trim().parse::<f64>().ok());
                    if let Some(v) = value {
                        self.out.nodes[n].costs.push((a.str("typeId"), v));
                    }
                }
            }
            Tag::CategoryLink if parent == Some(Tag::CategoryLinks) => {
                if let Some(n) = self.owner_of_container() {
                    let link = CategoryLinkRef {
                        target: a.str("targetId"),
                        hidden: a.flag("hidden"),
                    };
                    self.out.nodes[n].category_links.push(link);
                }
            }
            Tag::CategoryEntry => {
                let cat = Category {
                    name: a.str("name"),
                    hidden: a.flag("hidden"),
                };
                self.out.categories.entry(a.str("id")).or_insert(cat);
            }
            Tag::ForceEntry => self.out.forces.push((a.str("id"), a.str("name"))),
            Tag::CostType => self.out.cost_types.push((a.str("id"), a.str("name"))),
            Tag::CatalogueLink if parent == Some(Tag::CatalogueLinks) => {
                self.out.catalogue_links.push(CatalogueLink {
                    target: a.str("targetId"),
                    name: a.str("name"),
                    import_root: a.flag("importRootEntries"),
                });
            }
            Tag::InfoLink if parent == Some(Tag::InfoLinks) => {
                if let Some(n) = self.owner_of_container()
                    && a.get("type") == Some("profile")
                {
                    self.out.nodes[n].info_profiles.push(a.str("targetId"));
                }
            }
            Tag::Profile => self.profile_id = a.str("id"),
            Tag::Characteristic if parent == Some(Tag::Characteristics) => {
                let n = a.str("name");
                if n == "Casting Value" || n == "Chanting Value" {
                    self.sink = self.value_sink();
                    self.text.clear();
                }
            }
            Tag::Modifier => {
                let owner = self.modifier_owner();
                let is_hide = a.get("type") == Some("set")
                    && a.get("field") == Some("hidden")
                    && a.get("affects").is_none_or(|s| s.is_empty() || s == "self");
                let hide = is_hide.then(|| a.get("value") == Some("true"));
                self.collectors.push(Collector::Modifier {
                    owner,
                    hide,
                    conds: Vec::new(),
                });
            }
            Tag::ModifierGroup => {
                let owner = self.modifier_owner();
                self.collectors.push(Collector::Group {
                    owner,
                    conds: Vec::new(),
                    members: Vec::new(),
                });
            }
            Tag::ConditionGroup => {
                let any = a.get("type") == Some("or");
                self.collectors.push(Collector::CondGroup {
                    any,
                    conds: Vec::new(),
                });
            }
            Tag::LocalConditionGroup => self.collectors.push(Collector::Local),
            Tag::Condition => {
                let child = a.str("childId");
                let cond = match a.get("type") {
                    Some("instanceOf") => Cond::InstanceOf(child),
                    Some("notInstanceOf") => Cond::NotInstanceOf(child),
                    _ => Cond::Unknown,
                };
                self.push_cond(cond);
            }
            _ => {}
        }
        self.stack.push(Frame { tag, name, pos, node });
        Ok(())
    }

    fn end(&mut self) {
        let Some(frame) = self.stack.pop() else { return };
        match frame.tag {
            Tag::Characteristic => {
                if let Some(sink) = self.sink.take()
                    && let Some(v) = leading_number(&self.text)
                {
                    match sink {
                        ValueSink::Node(n) => {
                            let node = &mut self.out.nodes[n];
                            node.value = node.value.or(Some(v));
                        }
                        ValueSink::Shared(id) => {
                            self.out.profile_values.entry(id).or_insert(v);
                        }
                    }
                }
            }
            Tag::Modifier => {
                if let Some(Collector::Modifier { owner, hide, conds }) = self.collectors.pop()
                    && let Some(hide) = hide
                {
                    let m = HideModifier {
                        hide,
                        cond: Cond::All(conds),
                    };
                    self.deliver(owner, m);
                }
            }
            Tag::ModifierGroup => {
                if let Some(Collector::Group {
                    owner,
                    conds,
                    members,
                }) = self.collectors.pop()
                {
                    for m in members {
                        let cond = Cond::All(vec![Cond::All(conds.clone()), m.cond]);
                        self.deliver(owner, HideModifier { hide: m.hide, cond });
                    }
                }
            }
            Tag::ConditionGroup => {
                if let Some(Collector::CondGroup { any, conds }) = self.collectors.pop() {
                    self.push_cond(if any { Cond::Any(conds) } else { Cond::All(conds) });
                }
            }
            Tag::LocalConditionGroup => {
                if let Some(Collector::Local) = self.collectors.pop() {
                    self.push_cond(Cond::Unknown);
                }
            }
            _ => {}
        }
    }

    /// Hands a finished hide modifier to the enclosing modifier group, or to its node.
    fn deliver(&mut self, owner: Option<NodeId>, m: HideModifier) {
        if let Some(Collector::Group { members, .. }) = self.collectors.last_mut() {
            members.push(m);
        } else if let Some(n) = owner {
            self.out.nodes[n].hide_mods.push(m);
        }
    }

    fn push_cond(&mut self, cond: Cond) {
        match self.collectors.last_mut() {
            Some(Collector::Modifier { conds, .. })
            | Some(Collector::Group { conds, .. })
            | Some(Collector::CondGroup { conds, .. }) => conds.push(cond),
            Some(Collector::Local) | None => {}
        }
    }

    /// The node a `modifier`/`modifierGroup` being opened applies to: the node directly above
    /// its `modifiers`/`modifierGroups` list, possibly through enclosing modifier groups.
    fn modifier_owner(&self) -> Option<NodeId> {
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

    /// Where a casting/chanting value being opened belongs: the open characteristic sits in
    /// characteristics > profile > (profiles > node | sharedProfiles).
    fn value_sink(&self) -> Option<ValueSink> {
        self.up(1).filter(|f| f.tag == Tag::Profile)?;
        let list = self.up(2)?;
        match list.tag {
            Tag::SharedProfiles => Some(ValueSink::Shared(self.profile_id.clone())),
            Tag::Profiles => self.up(3).and_then(|f| f.node).map(ValueSink::Node),
            _ => None,
        }
    }

    fn new_node(&mut self, tag: Tag, a: &Attrs, pos: u64) -> NodeId {
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
            name: a.str("name"),
            entry_type,
            links_group: kind == NodeKind::Link && a.get("type") == Some("selectionEntryGroup"),
            target: if kind == NodeKind::Link {
                a.str("targetId")
            } else {
                String::new()
            },
            hidden: a.flag("hidden"),
            hide_mods: Vec::new(),
            min: None,
            max_zero: false,
            costs: Vec::new(),
            category_links: Vec::new(),
            value: None,
            info_profiles: Vec::new(),
            children: Vec::new(),
            pos,
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

    fn constraint(&mut self, n: NodeId, a: &Attrs) {
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
            Some("max") if value == 0.0 => node.max_zero = true,
            _ => {}
        }
    }
}

/// The number a casting/chanting value starts with ("7", "7+" → 7).
fn leading_number(text: &str) -> Option<u32> {
    let digits: String = text.trim().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}
