//! Text written once for every front end that names what to do about it (issue 40): a
//! `roster check` note, a list import's line, a quest that can only be given up. The sentence
//! keeps a slot (`{do}`) where the doing goes; the CLI fills it with the command in backticks,
//! a page with the form that does it (and links to it by [`Action::anchor`]). The JSON keeps
//! the CLI's sentence, so scripts reading it see what they always did, with the action beside
//! it where a shape carries it.

use super::Action;
use serde::{Serialize, Serializer};

/// A sentence for both front ends, with the action it names (if any) between two parts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Worded {
    before: String,
    action: Option<Action>,
    after: String,
}

const SLOT: &str = "{do}";

impl Worded {
    /// A sentence that names no action.
    pub fn plain(text: impl Into<String>) -> Worded {
        Worded {
            before: text.into(),
            action: None,
            after: String::new(),
        }
    }

    /// `text` with `{do}` where `action` is named. The last `{do}` is the slot, so a name
    /// typed by a player (which comes before it) is never taken for one.
    pub fn with(text: impl Into<String>, action: Action) -> Worded {
        let text = text.into();
        match text.rsplit_once(SLOT) {
            Some((before, after)) => Worded {
                before: before.to_string(),
                action: Some(action),
                after: after.to_string(),
            },
            None => Worded::plain(text),
        }
    }

    /// `more` added at the end.
    pub fn push_str(&mut self, more: &str) {
        match self.action {
            Some(_) => self.after.push_str(more),
            None => self.before.push_str(more),
        }
    }

    /// What it names to do, as data.
    pub fn action(&self) -> Option<&Action> {
        self.action.as_ref()
    }

    /// In the CLI's words: the command in backticks.
    pub fn for_cli(&self) -> String {
        match &self.action {
            Some(a) => format!("{}`{}`{}", self.before, a.command(), self.after),
            None => self.before.clone(),
        }
    }

    /// In the pages' words: the form, button or page that does it.
    pub fn for_pages(&self) -> String {
        match &self.action {
            Some(a) => format!("{}{}{}", self.before, a.page(), self.after),
            None => self.before.clone(),
        }
    }

    /// The page's words in three: the text before the action, the action (its words and the
    /// id of the roster page's section that does it, to link to) and the text after.
    pub fn page_parts(&self) -> (&str, Option<(&'static str, Option<&'static str>)>, &str) {
        let named = self.action.as_ref().map(|a| (a.page(), a.anchor()));
        (&self.before, named, &self.after)
    }
}

impl From<String> for Worded {
    fn from(text: String) -> Worded {
        Worded::plain(text)
    }
}

impl From<&str> for Worded {
    fn from(text: &str) -> Worded {
        Worded::plain(text)
    }
}

/// The CLI's words: what a terminal, a log line or a test reads.
impl std::fmt::Display for Worded {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.for_cli())
    }
}

/// As the CLI says it, so the JSON reads as it always did.
impl Serialize for Worded {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.for_cli())
    }
}

impl Action {
    /// The id of the roster page's section where it is done, when it is done there.
    pub fn anchor(&self) -> Option<&'static str> {
        use Action::*;
        match self {
            StartQuest { .. } | PickQuest => Some("quest"),
            ChooseRank { .. } => Some("ranks"),
            GiveEnhancement { .. } | AddToTome { .. } | ReplaceInTome { .. } => Some("more"),
            RemoveUnit { .. } => Some("more"),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sentence_names_a_command_on_the_cli_and_a_form_on_pages() {
        let w = Worded::with("no current quest: pick one with {do}", Action::PickQuest);
        assert_eq!(w.for_cli(), "no current quest: pick one with `ptg quest start`");
        assert_eq!(
            w.for_pages(),
            "no current quest: pick one with the Quest form on the roster's page"
        );
        assert_eq!(serde_json::to_value(&w).unwrap(), serde_json::json!(w.for_cli()));
        let (before, named, after) = w.page_parts();
        assert_eq!(before, "no current quest: pick one with ");
        assert_eq!(
            named,
            Some(("the Quest form on the roster's page", Some("quest")))
        );
        assert!(after.is_empty());
    }
}
