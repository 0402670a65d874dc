//! History's words after an import that moved battle ids: a change set's summary, its changes'
//! descriptions and their reasons say "battle 3" of the battle the set belongs to; once that
//! battle is battle 9 here, the words say so too, or they would name another league's battle.
//! Only the set's own battle is rewritten, so a number that is not that battle's is left alone.

use super::League;
use anyhow::Result;
use serde_json::Value;
use std::collections::HashMap;

/// Each change set of the file with the battle it belongs to (old ids).
pub(super) fn set_battles(league: &League) -> Result<HashMap<i64, i64>> {
    let Some(rows) = league.tables.get("change_sets") else {
        return Ok(HashMap::new());
    };
    let at = |c: &str| rows.columns.iter().position(|x| x == c);
    let (Some(id), Some(battle)) = (at("id"), at("battle_id")) else {
        return Ok(HashMap::new());
    };
    let mut out = HashMap::new();
    for row in rows.each("change_sets") {
        let row = row?;
        if let (Some(set), Some(b)) = (row[id].as_i64(), row[battle].as_i64()) {
            out.insert(set, b);
        }
    }
    Ok(out)
}

/// `text` with "battle OLD" (or "Battle OLD") as "battle NEW", where OLD is not followed by
/// another digit.
pub(super) fn renamed_battle(text: &str, old: i64, new: i64) -> String {
    if old == new {
        return text.to_string();
    }
    let old = old.to_string();
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("attle ") {
        let (before, after) = rest.split_at(at);
        let word_start = before.ends_with('B') || before.ends_with('b');
        let number = &after["attle ".len()..];
        let whole =
            number.starts_with(&old) && !number[old.len()..].starts_with(|c: char| c.is_ascii_digit());
        out.push_str(before);
        out.push_str("attle ");
        if word_start && whole {
            out.push_str(&new.to_string());
            rest = &number[old.len()..];
        } else {
            rest = number;
        }
    }
    out.push_str(rest);
    out
}

/// `text` with the ids ptg writes into its words moved: "Undo #N:" names change set N (an
/// undo's summary, which starts with it and holds the summary of the set it undid), and "#N)" (a unit's label, "Dawn Guard (Liberators, #5)") unit N. Each is given its
/// new id by `set` or `unit`; an id they do not know is left as it is.
pub(super) fn renamed_ids(
    text: &str,
    set: impl Fn(i64) -> Option<i64>,
    unit: impl Fn(i64) -> Option<i64>,
) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('#') {
        let (before, after) = rest.split_at(at);
        out.push_str(before);
        let digits: String = after[1..].chars().take_while(char::is_ascii_digit).collect();
        let tail = &after[1 + digits.len()..];
        let is_set = out.ends_with("Undo ") && tail.starts_with(':');
        let is_unit = tail.starts_with(')');
        let new = digits.parse().ok().and_then(|old| match (is_set, is_unit) {
            (true, _) => set(old),
            (_, true) => unit(old),
            _ => None,
        });
        match new {
            Some(id) => out.push_str(&format!("#{id}")),
            None => out.push_str(&after[..1 + digits.len()]),
        }
        rest = tail;
    }
    out.push_str(rest);
    out
}

/// A JSON value with the battle renamed in every text it holds.
pub(super) fn renamed_in_json(value: &Value, old: i64, new: i64) -> Value {
    match value {
        Value::String(s) => Value::String(renamed_battle(s, old, new)),
        Value::Array(items) => items.iter().map(|v| renamed_in_json(v, old, new)).collect(),
        Value::Object(map) => map
            .iter()
            .map(|(k, v)| (k.clone(), renamed_in_json(v, old, new)))
            .collect(),
        v => v.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_undone_set_and_a_unit_s_label_are_renamed() {
        let set = |old| (old == 4).then_some(40);
        let unit = |old| (old == 5).then_some(50);
        assert_eq!(
            renamed_ids(
                "Undo #4: Battle 2: A picks (Liberators, #5) and #5 (#5)",
                set,
                unit
            ),
            "Undo #40: Battle 2: A picks (Liberators, #50) and #5 (#50)"
        );
        assert_eq!(
            renamed_ids("Squad #4: Undo #4: x", set, unit),
            "Squad #4: Undo #40: x"
        );
        assert_eq!(renamed_ids("#", set, unit), "#");
    }

    #[test]
    fn only_the_battle_named_is_renamed() {
        assert_eq!(
            renamed_battle("Battle 1: A major_victory; aftermath of battle 1", 1, 7),
            "Battle 7: A major_victory; aftermath of battle 7"
        );
        assert_eq!(
            renamed_battle("battle 12 and battle 1.", 1, 7),
            "battle 12 and battle 7."
        );
        assert_eq!(renamed_battle("Rattle 1", 1, 7), "Rattle 1");
        assert_eq!(renamed_battle("no battle here", 1, 7), "no battle here");
        assert_eq!(renamed_battle("é battle 1 é", 1, 7), "é battle 7 é");
    }
}
