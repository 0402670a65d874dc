//! What each plain column of a league file may hold, for `ptg import`'s check (`check.rs`):
//! the name rule of a name, the range of a count, the words an engine type is stored as.

use crate::rules::battle::{BattleResult, BattleStatus, DecidedBy};
use crate::rules::limits::{
    MAX_FAVOUR, MAX_GLORY, MAX_ID, MAX_MODELS, MAX_POINTS, MAX_QUEST_POINTS, MAX_RENOWN, MAX_VICTORY_POINTS,
};
use crate::rules::log::Command;
use crate::rules::names::NameKind;
use serde::de::DeserializeOwned;
use serde_json::Value;
use std::ops::RangeInclusive;

/// What a plain column may hold.
#[derive(Debug, Clone)]
pub(super) enum Domain {
    /// A name a player typed: the name rule of that kind.
    Name(NameKind),
    /// A short text of the data (a faction, a warscroll, a table's name): one line, not blank.
    Label,
    /// A line ptg wrote (a summary, a change's description, a roll's purpose).
    Words,
    /// A whole number in this range.
    Int(RangeInclusive<i64>),
    /// One of the words an enum of the engine is stored as, read by its own type.
    Word(fn(&str) -> bool),
    /// A moment as ptg writes it (RFC 3339 UTC to the second), a real date and time.
    Time,
}

fn is<T: DeserializeOwned>(word: &str) -> bool {
    serde_json::from_value::<T>(Value::from(word)).is_ok()
}

/// What the plain column `column` of `table` may hold (`None`: not a plain column).
pub(super) fn domain(table: &str, column: &str) -> Option<Domain> {
    use Domain::{Int, Label, Name, Time, Word, Words};
    let count = |most: i64| Int(0..=most);
    Some(match (table, column) {
        ("campaigns", "name") => Name(NameKind::Campaign),
        ("rosters", "name") => Name(NameKind::Roster),
        ("rosters", "player") => Name(NameKind::Player),
        ("rosters", "realm") => Name(NameKind::Realm),
        ("units", "name") => Name(NameKind::Unit),
        ("battle_sudden_death", "target_text") => Name(NameKind::Terrain),
        ("rosters", "glory") => count(MAX_GLORY),
        ("rosters", "favour") => count(MAX_FAVOUR),
        ("units", "points") | ("battles", "points_limit") => count(MAX_POINTS),
        ("units", "unit_size") => count(MAX_MODELS),
        ("units", "renown") => count(MAX_RENOWN),
        ("quests", "points") | ("battle_sides", "quest_points") => count(MAX_QUEST_POINTS),
        ("battle_sides", "victory_points") => count(MAX_VICTORY_POINTS),
        ("battle_sides", "side") => count(1),
        ("battle_decisions", "models_set_up" | "models_lost" | "models_added") => count(MAX_MODELS),
        ("tome_entries", "value") => count(100),
        ("tome_entries" | "battle_units", "position") => count(MAX_ID),
        ("battle_twists", "round") => Int(1..=100),
        ("rolls", "total") => Int(-MAX_MODELS..=MAX_MODELS),
        ("rolls", "seed") => Int(i64::MIN..=i64::MAX),
        ("battles", "status") => Word(is::<BattleStatus>),
        ("battle_sides", "result") => Word(is::<BattleResult>),
        ("battle_decisions", "decided_by") => Word(is::<DecidedBy>),
        ("change_sets", "command") => Word(|w| Command::parse(w).is_some()),
        ("rolls", "source") => Word(|w| ["seeded", "typed"].contains(&w)),
        ("quests", "status") => Word(|w| ["current", "completed", "dropped"].contains(&w)),
        ("tome_entries", "kind") => Word(is::<crate::catalogue::LoreKind>),
        ("change_sets", "summary") | ("changes", "description") | ("rolls", "purpose") => Words,
        ("campaigns" | "rosters" | "units" | "battles" | "change_sets", "created_at")
        | ("quests", "started_at" | "ended_at") => Time,
        (
            "campaigns" | "rosters" | "units" | "battles" | "change_sets",
            "battlepack" | "faction" | "warscroll" | "rank" | "path" | "ally_faction" | "battleplan"
            | "realm",
        )
        | ("unit_abilities", "rank" | "ability")
        | ("rolls", "expression")
        | ("rewards", "reward" | "source")
        | ("changes", "kind")
        | ("enhancements", "table_name" | "kind" | "name")
        | ("tome_entries", "name" | "lore")
        | ("quests", "quest")
        | ("battle_twists", "twist")
        | ("battle_triumphs", "table_name" | "triumph")
        | ("battle_sudden_death", "objective") => Label,
        _ => return None,
    })
}

/// The most characters of a short text from the data (a warscroll, a faction, a rank).
pub(super) const MAX_LABEL_CHARS: usize = 200;
/// The most characters of a line ptg wrote itself (a summary, a change's description).
pub(super) const MAX_WORDS_CHARS: usize = 2_000;

/// One line of text: no control characters, at most `most` characters, not blank if
/// `required`.
pub(super) fn line(text: &str, most: usize, required: bool) -> Result<(), String> {
    if let Some(c) = text.chars().find(|c| c.is_control()) {
        return Err(format!("it holds the control character U+{:04X}", u32::from(c)));
    }
    if required && text.trim().is_empty() {
        return Err("it is blank".to_string());
    }
    let chars = text.chars().count();
    if chars > most {
        return Err(format!("{chars} characters is too long; at most {most}"));
    }
    Ok(())
}

/// A free-text reason as `--reason` takes it: the rule every entrance passes
/// (`rules::names::check_note`: one line, no control, invisible or bidi characters, at most
/// 200 characters).
pub fn check_note(field: &'static str, text: &str) -> Result<(), String> {
    crate::rules::names::check_note(field, text, false)
        .map(drop)
        .map_err(|e| e.to_string())
}

/// `text` with each control character written as `\u{1b}`, so a refusal quoting it never
/// reaches the terminal raw.
pub fn escaped(text: &str) -> String {
    text.chars()
        .map(|c| match c.is_control() {
            true => c.escape_unicode().to_string(),
            false => c.to_string(),
        })
        .collect()
}

pub(super) fn shorten(text: &str) -> String {
    let short: String = text.chars().take(40).collect();
    let short = escaped(&short);
    if text.chars().count() > 40 {
        format!("{short}...")
    } else {
        short
    }
}
