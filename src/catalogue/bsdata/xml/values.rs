//! Casting and chanting values: where the text of an open characteristic belongs (its node's
//! own profile or a shared profile), and the number it starts with.

use super::Parser;
use super::index::NodeId;
use super::tags::Tag;

/// Where the text of the open characteristic goes.
pub(super) enum ValueSink {
    Node(NodeId),
    Shared(String),
}

impl Parser {
    /// Where a casting/chanting value being opened belongs: the open characteristic sits in
    /// characteristics > profile > (profiles > node | sharedProfiles).
    pub(super) fn value_sink(&self) -> Option<ValueSink> {
        self.up(1).filter(|f| f.tag == Tag::Profile)?;
        let list = self.up(2)?;
        match list.tag {
            Tag::SharedProfiles => Some(ValueSink::Shared(self.profile_id.clone())),
            Tag::Profiles => self.up(3).and_then(|f| f.node).map(ValueSink::Node),
            _ => None,
        }
    }
}

/// The number a casting/chanting value starts with ("7", "7+" → 7).
pub(super) fn leading_number(text: &str) -> Option<u32> {
    let digits: String = text.trim().chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}
