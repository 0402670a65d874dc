//! New Recruit's JSON export: the roster file's shape in JSON (`roster.name`, `roster.costs`,
//! `roster.forces[].catalogueName` and `.selections[]`, each with `name`, `customName`, `type`,
//! `number`, `costs[]` and its own `selections[]`). Read into the roster model of `ros`, so both
//! file formats read the same way. A selection's "line" is its position in the file (1-based, in
//! document order, forces counted too).

use serde_json::Value;

use super::ros::{Force, Roster, Selection};
use super::{ListError, ParsedList};

/// Reads New Recruit's JSON export.
pub fn parse(json: &str) -> Result<ParsedList, ListError> {
    let json = json.strip_prefix('\u{feff}').unwrap_or(json);
    let value: Value =
        serde_json::from_str(json).map_err(|e| ListError(format!("the list is not readable JSON: {e}")))?;
    let Value::Object(top) = &value else {
        return Err(ListError(
            "the JSON is not a New Recruit export: it is not an object with a \"roster\"".into(),
        ));
    };
    let Some(roster) = top.get("roster") else {
        return Err(ListError(
            "the JSON is not a New Recruit export: it has no \"roster\"".into(),
        ));
    };
    let Value::Object(_) = roster else {
        return Err(ListError(
            "the JSON is not a New Recruit export: its \"roster\" is not an object".into(),
        ));
    };
    let mut pos = 0;
    let roster = Roster {
        name: text(roster, "name"),
        limit: pts(roster.get("costLimits")).filter(|v| *v > 0.0),
        total: pts(roster.get("costs")),
        forces: forces(roster.get("forces"), &mut pos, 0),
    };
    Ok(roster.into_list())
}

fn text(v: &Value, key: &str) -> Option<String> {
    v.get(key)
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

fn number(v: &Value) -> Option<f64> {
    match v {
        Value::Number(n) => n.as_f64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
}

/// The "pts" value of a `costs` or `costLimits` array.
fn pts(costs: Option<&Value>) -> Option<f64> {
    costs?
        .as_array()?
        .iter()
        .find(|c| {
            c.get("name").and_then(Value::as_str).is_some_and(|n| {
                n.trim().eq_ignore_ascii_case("pts") || n.trim().eq_ignore_ascii_case("points")
            })
        })
        .and_then(|c| c.get("value"))
        .and_then(number)
}

fn items(v: Option<&Value>) -> &[Value] {
    v.and_then(Value::as_array).map(Vec::as_slice).unwrap_or(&[])
}

fn forces(v: Option<&Value>, pos: &mut usize, depth: usize) -> Vec<Force> {
    if depth > 64 {
        return Vec::new();
    }
    items(v)
        .iter()
        .map(|f| {
            *pos += 1;
            Force {
                pos: *pos,
                catalogue: text(f, "catalogueName"),
                selections: selections(f.get("selections"), pos, depth + 1),
                forces: forces(f.get("forces"), pos, depth + 1),
            }
        })
        .collect()
}

fn selections(v: Option<&Value>, pos: &mut usize, depth: usize) -> Vec<Selection> {
    if depth > 64 {
        return Vec::new();
    }
    items(v)
        .iter()
        .map(|s| {
            *pos += 1;
            Selection {
                pos: *pos,
                name: text(s, "name"),
                custom_name: text(s, "customName"),
                kind: text(s, "type").map(|t| t.to_lowercase()),
                number: s
                    .get("number")
                    .and_then(number)
                    .filter(|n| n.is_finite() && *n >= 0.0 && *n <= u32::MAX as f64)
                    .map_or(1, |n| n as u32),
                pts: pts(s.get("costs")),
                group: text(s, "group"),
                children: selections(s.get("selections"), pos, depth + 1),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests;
