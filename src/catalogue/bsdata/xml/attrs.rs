//! Reading an element's attributes, entities unescaped, with the lookups the parser needs.

use quick_xml::XmlVersion;
use quick_xml::events::BytesStart;
use std::borrow::Cow;

/// An element's attributes, entities unescaped (`&amp;` → `&`, `&apos;` → `'`, ...).
pub(super) struct Attrs<'a> {
    list: Vec<(&'a str, Cow<'a, str>)>,
}

impl<'a> Attrs<'a> {
    /// Reads every attribute; a malformed one (or a bad entity) is an error message.
    pub(super) fn new(start: &'a BytesStart<'a>) -> Result<Self, String> {
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
    pub(super) fn get(&self, key: &str) -> Option<&str> {
        self.list.iter().find(|(k, _)| *k == key).map(|(_, v)| v.as_ref())
    }
    pub(super) fn str(&self, key: &str) -> String {
        self.get(key).unwrap_or_default().to_string()
    }
    /// A name as players type it: a catalogue's "Summon  Purple Sun of Shyish" (two spaces) or
    /// a trailing space is one space, none at the ends (issue #33).
    pub(super) fn name(&self, key: &str) -> String {
        let raw = self.get(key).unwrap_or_default();
        raw.split_whitespace().collect::<Vec<_>>().join(" ")
    }
    pub(super) fn flag(&self, key: &str) -> bool {
        self.get(key) == Some("true")
    }
}
