use super::tables::{Kind, TABLES, table};
use super::{League, VERSION};
use crate::store::Store;

/// Tables a league file leaves out (see [`TABLES`]).
const NOT_EXPORTED: &[&str] = &[
    "invites",
    "sessions",
    "join_links",
    "join_link_uses",
    "server_secret",
    // A roster's list of its change sets, made again by triggers as the log is imported.
    "roster_sets",
    "audit_checkpoints",
    "audit_marks",
];

/// `(table, column, kind)` of every column in the schema, with the table a foreign key names.
fn schema_columns(store: &Store) -> Vec<(String, String, Option<String>)> {
    let conn = store.conn();
    let tables: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'
             AND name <> 'refinery_schema_history' ORDER BY name",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = Vec::new();
    for t in tables.into_iter().filter(|t| !NOT_EXPORTED.contains(&t.as_str())) {
        let refs: Vec<(String, String)> = conn
            .prepare(&format!(
                "SELECT \"from\", \"table\" FROM pragma_foreign_key_list('{t}')"
            ))
            .unwrap()
            .query_map([], |r| Ok((r.get(0)?, r.get(1)?)))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        let columns: Vec<String> = conn
            .prepare(&format!("SELECT name FROM pragma_table_info('{t}') ORDER BY cid"))
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        for c in columns {
            let to = refs.iter().find(|(from, _)| *from == c).map(|(_, to)| to.clone());
            out.push((t.clone(), c, to));
        }
    }
    out
}

#[test]
fn every_table_and_column_of_the_schema_is_in_the_league_file_with_its_references() {
    let store = Store::in_memory().unwrap();
    let schema = schema_columns(&store);
    let mut listed = Vec::new();
    for t in TABLES {
        for (c, kind) in t.columns {
            let to = match kind {
                Kind::Ref(to) => Some(to.to_string()),
                _ => None,
            };
            listed.push((t.name.to_string(), c.to_string(), to));
        }
    }
    let mut sorted = listed.clone();
    sorted.sort_by(|a, b| a.0.cmp(&b.0));
    let mut schema_sorted = schema.clone();
    schema_sorted.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        sorted, schema_sorted,
        "src/store/league/tables.rs must list every column of the schema, in its order, with \
         every foreign key as a Ref (a migration added or changed one)"
    );
}

#[test]
fn each_table_is_owned_through_a_table_listed_before_it() {
    for (i, t) in TABLES.iter().enumerate() {
        let Some(owner) = t.owner else {
            assert_eq!(t.name, "campaigns");
            continue;
        };
        let Some(Kind::Ref(to)) = t.kind(owner) else {
            panic!("{}.{owner} is not a reference", t.name);
        };
        let at = TABLES.iter().position(|x| x.name == to).unwrap();
        assert!(at < i, "{} is owned through {to}, listed after it", t.name);
        assert!(table(to).unwrap().keyed());
    }
}

fn refusal_of(text: &str) -> String {
    League::read(text).unwrap_err().to_string()
}

#[test]
fn a_file_that_is_not_a_league_this_ptg_reads_is_refused_in_words() {
    assert!(refusal_of("{").contains("not JSON"));
    assert!(refusal_of(r#"{"schema":"ptg-list"}"#).contains("not a ptg league"));
    let newer = format!(r#"{{"format":"ptg-league","version":{}}}"#, VERSION + 1);
    assert!(refusal_of(&newer).contains("update ptg"));
    let stray = format!(r#"{{"format":"ptg-league","version":{VERSION},"tables":{{}},"extra":1}}"#);
    assert!(refusal_of(&stray).contains("not as `ptg export` writes it"));
}

#[test]
fn the_text_of_an_empty_export_reads_back_the_same() {
    let mut store = Store::in_memory().unwrap();
    let mut text = Vec::new();
    let league = store
        .read(|conn| super::export(conn, &[], "ptg test", &mut text))
        .unwrap();
    let read = League::read(std::str::from_utf8(&text).unwrap()).unwrap();
    assert_eq!(read.tables.len(), TABLES.len());
    assert!(read.tables.values().all(|t| t.rows.is_empty()));
    assert_eq!((league.rows, read.version), (0, VERSION));
}

#[test]
fn the_documentation_names_every_table_and_column() {
    let doc = include_str!("../../../docs/LEAGUE_FILE.md");
    for t in TABLES {
        let line = doc
            .lines()
            .rfind(|l| l.starts_with(&format!("| `{}` |", t.name)))
            .unwrap_or_else(|| panic!("docs/LEAGUE_FILE.md has no row for table {}", t.name));
        for (c, kind) in t.columns {
            if *kind == Kind::Kept {
                assert!(
                    !line.contains(&format!("`{c}`")) && doc.contains(&format!("`{}.{c}`", t.name)),
                    "{}.{c} is kept, not in the file: named apart from its table's row",
                    t.name
                );
                continue;
            }
            assert!(
                line.contains(&format!("`{c}`")),
                "{}.{c} is not in its row",
                t.name
            );
            match kind {
                Kind::Ref(to) => assert!(line.contains(&format!("`{c}` → {to}")), "{}.{c} → {to}", t.name),
                Kind::Flag => assert!(line.contains(&format!("`{c}` *flag*")), "{}.{c} flag", t.name),
                Kind::Json | Kind::Change | Kind::BattleBefore => {
                    assert!(line.contains(&format!("`{c}` *json*")), "{}.{c} json", t.name)
                }
                Kind::Id | Kind::Plain | Kind::Kept => {}
            }
        }
    }
}
