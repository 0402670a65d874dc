//! ptg's own JSON list (`roster export --format json`, schema in `docs/LISTS.md`), read back as
//! a list: its units with their own names, reinforcement, warlord, enhancements and allies. It
//! is a list, not a roster's history: renown, ranks and Arcane Tome picks are noted in the
//! report and not carried (a new roster starts its Path to Glory afresh). A "line" is the
//! unit's position in `units` (1-based), tome entries following.

use serde::Deserialize;

use super::export::{SCHEMA, VERSION};
use super::{ListError, ListUnit, ParsedList};

#[derive(Deserialize)]
struct List {
    schema: String,
    version: u32,
    name: Option<String>,
    faction: Option<String>,
    points: Option<u32>,
    #[serde(default)]
    units: Vec<Unit>,
    #[serde(default)]
    tome: Vec<TomeEntry>,
}

#[derive(Deserialize)]
struct Unit {
    warscroll: String,
    name: Option<String>,
    points: Option<u32>,
    #[serde(default)]
    reinforced: bool,
    #[serde(default)]
    warlord: bool,
    ally: Option<String>,
    #[serde(default)]
    enhancements: Vec<Enhancement>,
    #[serde(default)]
    renown: u32,
    rank: Option<String>,
}

#[derive(Deserialize)]
struct Enhancement {
    name: String,
}

#[derive(Deserialize)]
struct TomeEntry {
    kind: String,
    name: String,
}

/// Whether JSON text claims to be ptg's own list (checked before New Recruit's JSON).
pub fn looks_like(json: &str) -> bool {
    serde_json::from_str::<serde_json::Value>(json)
        .is_ok_and(|v| v.get("schema").and_then(|s| s.as_str()) == Some(SCHEMA))
}

/// Reads ptg's JSON list; a version this ptg does not know is refused.
pub fn parse(json: &str) -> Result<ParsedList, ListError> {
    let list: List = serde_json::from_str(json)
        .map_err(|e| ListError(format!("the list is not a readable ptg JSON list: {e}")))?;
    if list.schema != SCHEMA {
        return Err(ListError(format!(
            "the JSON's schema is '{}', not '{SCHEMA}'",
            list.schema
        )));
    }
    if list.version != VERSION {
        return Err(ListError(format!(
            "the list is version {} of ptg's JSON schema; this ptg reads version {VERSION} (update ptg)",
            list.version
        )));
    }
    let mut out = ParsedList {
        name: list.name,
        faction: list.faction,
        points: list.points,
        ..ParsedList::default()
    };
    for (i, u) in list.units.into_iter().enumerate() {
        let line = i + 1;
        if u.renown > 0 || u.rank.is_some() {
            let rank = u.rank.as_deref().unwrap_or("no rank");
            let why = format!(
                "{} renown and {rank}: not carried, a new roster starts its Path afresh",
                u.renown
            );
            out.ignore(line, &format!("{}: renown and rank", u.warscroll), &why);
        }
        out.units.push(ListUnit {
            line,
            warscroll: u.warscroll,
            custom_name: u.name,
            points: u.points,
            reinforced: u.reinforced,
            general: u.warlord,
            enhancements: u.enhancements.into_iter().map(|e| e.name).collect(),
            ally: u.ally,
            ..ListUnit::default()
        });
    }
    let first = out.units.len();
    for (i, t) in list.tome.into_iter().enumerate() {
        out.ignore(
            first + i + 1,
            &format!("Arcane Tome: {} ({})", t.name, t.kind),
            "an Arcane Tome pick: not carried, add it again to the roster's Arcane Tome",
        );
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn never_panics_on_any_text(text in ".*") {
            let _ = parse(&text);
            let _ = looks_like(&text);
        }

        #[test]
        fn never_panics_on_json_shapes(units in prop::collection::vec((".*", any::<Option<u32>>(), any::<bool>()), 0..5)) {
            let units: Vec<serde_json::Value> = units
                .into_iter()
                .map(|(w, p, r)| serde_json::json!({"warscroll": w, "points": p, "reinforced": r}))
                .collect();
            let json = serde_json::json!({"schema": "ptg-list", "version": 1, "units": units});
            prop_assert!(parse(&json.to_string()).is_ok());
        }
    }

    #[test]
    fn reads_units_and_notes_what_it_does_not_carry() {
        let json = r#"{"schema":"ptg-list","version":1,"name":"Hammers","faction":"Stormcast Eternals",
            "points":300,"limit":1000,"units":[
              {"warscroll":"Lord-Vigilant on Gryph-stalker","points":120,"reinforced":false,"warlord":true,
               "enhancements":[{"table":"Heroic Traits","name":"Staunch Defender"}],"renown":4,"rank":"Veteran","path":"warrior"},
              {"warscroll":"Liberators","name":"Dawn Guard","points":180,"reinforced":true,"warlord":false,
               "enhancements":[],"renown":0}],
            "tome":[{"kind":"spell","lore":"Lore of the Storm","name":"Lightning Blast"}]}"#;
        assert!(looks_like(json));
        let l = parse(json).unwrap();
        assert_eq!((l.name.as_deref(), l.points), (Some("Hammers"), Some(300)));
        assert_eq!(l.units.len(), 2);
        assert!(l.units[0].general && l.units[0].enhancements == ["Staunch Defender"]);
        assert_eq!(l.units[1].custom_name.as_deref(), Some("Dawn Guard"));
        assert!(l.units[1].reinforced);
        let lines: Vec<usize> = l.notes.iter().map(|n| n.line).collect();
        assert_eq!(lines, vec![1, 3]);
    }

    #[test]
    fn another_version_or_schema_is_refused() {
        let v2 = r#"{"schema":"ptg-list","version":2,"units":[]}"#;
        assert!(parse(v2).unwrap_err().0.contains("version 2"));
        assert!(!looks_like(r#"{"schema":"other","version":1}"#));
        assert!(parse(r#"{"schema":"ptg-list"}"#).is_err());
    }
}
