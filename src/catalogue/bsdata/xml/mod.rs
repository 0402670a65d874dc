//! Streaming read of one BattleScribe file into a compact index ([`CatFile`]).
//!
//! Only what the importer needs is kept: selection entries, groups and entry links with their
//! ids, names, types, `hidden` flags, `set hidden` modifiers (with their condition trees),
//! selection constraints, costs, category links, casting/chanting values and catalogue links;
//! plus category, force and cost type definitions. Rules text, profiles other than casting and
//! chanting values, and every other modifier are skipped as they stream past.
//!
//! This file is the streaming parser itself ([`parse`]: the element stack and what each
//! element does as it opens and closes); beside it: `index` (the [`CatFile`] it builds),
//! `tags` (the element names it reacts to), `attrs` (reading attributes), `header` (decoding
//! and the root element), `nodes` (entries, groups, links and their constraints), `modifiers`
//! (`set hidden` modifiers and their conditions) and `values` (casting and chanting values).

mod attrs;
mod header;
mod index;
mod modifiers;
mod nodes;
mod tags;
mod values;

pub(super) use header::{decode, read_header};
pub(super) use index::{CatFile, Category, Compare, Cond, EntryType, Header, ModOp, Node, NodeId, NodeKind};

use super::error::BsdataError;
use attrs::Attrs;
use header::{header_of, xml_error};
use index::{CatalogueLink, CategoryLinkRef, Modifier};
use modifiers::Collector;
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use std::path::Path;
use tags::{Tag, tag_of};
use values::{ValueSink, leading_number};

/// Parses a whole file into a [`CatFile`]; an error names the file and line.
pub(super) fn parse(path: &Path, text: &str) -> Result<CatFile, BsdataError> {
    parse_text(path, text).map_err(|e| e.located(text))
}

fn parse_text(path: &Path, text: &str) -> Result<CatFile, BsdataError> {
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
            line: 0,
            position: open.pos,
            end: text.len(),
        });
    }
    if p.out.header.id.is_empty() && p.out.nodes.is_empty() {
        return Err(BsdataError::Xml {
            file: p.out.file.clone(),
            line: 0,
            position: 0,
            message: "no root element (empty file?)".to_string(),
        });
    }
    Ok(p.out)
}

/// An open element.
struct Frame {
    tag: Tag,
    name: String,
    pos: u64,
    /// The node this element created, if it is an entry, group or link.
    node: Option<NodeId>,
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
            line: 0,
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
                    name: a.name("name"),
                    hidden: a.flag("hidden"),
                };
                self.out.categories.entry(a.str("id")).or_insert(cat);
            }
            Tag::ForceEntry => self.out.forces.push((a.str("id"), a.str("name"))),
            Tag::CostType => self.out.cost_types.push((a.str("id"), a.str("name"))),
            Tag::Publication => {
                self.out.publications.insert(a.str("id"), a.str("name"));
            }
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
                let own = a.get("affects").is_none_or(|s| s.is_empty() || s == "self");
                let op = match a.get("type") {
                    Some("set") => Some(ModOp::Set),
                    Some("increment") => Some(ModOp::Increment),
                    _ => None,
                };
                let kept = op.filter(|_| own).map(|op| Modifier {
                    op,
                    field: a.str("field"),
                    value: a.str("value"),
                    cond: Cond::All(Vec::new()),
                    counts: Vec::new(),
                });
                self.collectors.push(Collector::Modifier {
                    owner,
                    kept,
                    conds: Vec::new(),
                });
            }
            Tag::Repeat => self.push_count(a.str("childId")),
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
                self.push_count(child.clone());
                let compare = a.get("type").and_then(Compare::of);
                let value = a.get("value").and_then(|v| v.trim().parse::<f64>().ok());
                let cond = match (a.get("type"), compare, value) {
                    (Some("instanceOf"), ..) => Cond::InstanceOf(child),
                    (Some("notInstanceOf"), ..) => Cond::NotInstanceOf(child),
                    (_, Some(compare), Some(value)) if a.get("field") == Some("selections") => {
                        Cond::Selections {
                            child,
                            compare,
                            value,
                        }
                    }
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
                if let Some(Collector::Modifier { owner, kept, conds }) = self.collectors.pop()
                    && let Some(mut m) = kept
                {
                    m.cond = Cond::All(conds);
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
                    for mut m in members {
                        m.cond = Cond::All(vec![Cond::All(conds.clone()), m.cond]);
                        self.deliver(owner, m);
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
}
