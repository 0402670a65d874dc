//! Property tests (proptest) of what players and data files can type at ptg: names, typed-in
//! dice and data TOML. Whatever comes in, ptg refuses it or accepts it; it never panics, an
//! accepted name round-trips, and a refused one leaves the database unchanged (issue 13).
//!
//! Names are tested at the engine and store level (an in-memory database per case) for speed,
//! with a few end-to-end cases through the `ptg` binary. Case counts stay modest (32-256) so
//! the suite stays fast.

use crate::common;

use common::Ptg;
use proptest::prelude::*;
use ptg::catalogue::{parse_battlepack, parse_faction};
use ptg::error::Error;
use ptg::rules::battle::{roll_battleplan, roll_twist};
use ptg::rules::dice::{DiceExpr, Roller, SeededDice, TypedDice};
use ptg::rules::names::{self, MAX_NAME_CHARS, NameKind};
use ptg::store::{Campaign, Store};

const ASCENSION: &str = include_str!("../../data/battlepacks/ascension.toml");
const BEHEMAT: &str = include_str!("../../data/factions/sons-of-behemat.toml");

/// Names worth trying: anything at all, and strings near the rules' edges (control characters,
/// blanks, about 100 characters, non-ASCII letters).
fn any_name() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[ a-zA-Zé\u{1b}\n\t\u{7f}\u{9b}\u{200b}]{0,8}",
        "[a-zé ]{95,105}",
        "[ \t]{0,3}[A-Za-z' -]{1,20}[ \t]{0,3}",
        // Look-alikes of '/' and letters of two scripts (issue 39).
        "[A-Za-z ]{1,6}[／∕⁄⧸╱/]?[A-Za-z ]{0,6}",
        "[A-Za-zА-Яа-яΑ-Ωα-ω ]{1,10}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn a_name_is_accepted_exactly_when_it_is_a_sane_name(s in any_name()) {
        let trimmed = s.trim();
        let sane = !trimmed.is_empty()
            && trimmed.chars().count() <= MAX_NAME_CHARS
            && !trimmed.chars().any(|c| c.is_control() || names::is_invisible(c) || c == '/')
            && names::slash_like(trimmed).is_none()
            && names::mixed_scripts(trimmed).is_none();
        match names::check(NameKind::Roster, &s) {
            Ok(name) => {
                prop_assert!(sane, "{s:?} accepted");
                prop_assert_eq!(name, trimmed);
            }
            Err(e) => {
                prop_assert!(!sane, "{s:?} refused: {e}");
                prop_assert_eq!(e.rule, "roster name");
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn a_campaign_name_round_trips_or_is_refused_leaving_the_store_unchanged(s in any_name()) {
        let mut store = Store::in_memory().unwrap();
        store.write(|tx| Campaign::create(tx, "Ashen Vale", "ascension", false, &Default::default())).unwrap();
        let before = store.read(Campaign::list).unwrap();
        let created = store.write(|tx| Campaign::create(tx, &s, "ascension", false, &Default::default()));
        match created {
            Ok(c) => {
                prop_assert_eq!(c.name.as_str(), s.trim());
                let found = store.read(|conn| Campaign::get(conn, &c.name)).unwrap();
                prop_assert_eq!(found.name, c.name);
                prop_assert_eq!(store.read(Campaign::list).unwrap().len(), 2);
            }
            Err(e) => {
                let e = Error::from(e);
                prop_assert_eq!(e.exit_code(), 1, "{}", e);
                let after = store.read(Campaign::list).unwrap();
                prop_assert_eq!(format!("{after:?}"), format!("{before:?}"));
            }
        }
    }
}

/// Dice as a player might type them: anything, digits and separators, numbers of any size.
fn typed_dice() -> impl Strategy<Value = String> {
    prop_oneof![any::<String>(), "[0-9, ]{0,30}", "(-?[0-9]{1,12}[, ]{1,2}){0,8}",]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn typed_dice_and_their_rolls_never_panic(
        text in typed_dice(),
        exprs in prop::collection::vec((1u32..=6, any::<u32>(), any::<i32>()), 0..6),
        expr_text in "[0-9dD+ -]{0,12}",
    ) {
        let Ok(mut dice) = TypedDice::parse(&text) else {
            return Ok(());
        };
        let mut roller = Roller::new(&mut dice);
        for (count, sides, modifier) in exprs {
            let expr = DiceExpr { count, sides: sides.max(1), modifier };
            if let Ok(total) = roller.roll(expr, "property") {
                let faces = &roller.rolls.last().unwrap().faces;
                prop_assert!(faces.iter().all(|&f| (1..=expr.sides).contains(&f)));
                prop_assert_eq!(faces.len(), count as usize);
                let _ = total;
            }
        }
        // Any expression text parses or is refused; small ones roll on seeded dice.
        if let Ok(expr) = expr_text.parse::<DiceExpr>() {
            prop_assert!(expr.count >= 1 && expr.sides >= 1);
            if expr.count <= 100 {
                let mut seeded = SeededDice::new(7);
                let mut roller = Roller::new(&mut seeded);
                prop_assert!(roller.roll(expr, "property").is_ok());
            }
        }
    }
}

/// `text` with a mutation: a slice at `at` (a fraction of the length) of up to `cut` bytes
/// replaced by `insert`, or, with `number`, the n-th number in the file replaced by `insert`.
fn mutate(text: &str, at: f64, cut: usize, insert: &str, number: bool) -> String {
    if number {
        let starts: Vec<usize> = text
            .char_indices()
            .filter(|&(i, c)| c.is_ascii_digit() && !text[..i].ends_with(|p: char| p.is_ascii_digit()))
            .map(|(i, _)| i)
            .collect();
        if starts.is_empty() {
            return text.to_string();
        }
        let start = starts[((at * starts.len() as f64) as usize).min(starts.len() - 1)];
        let end = start
            + text[start..]
                .find(|c: char| !c.is_ascii_digit())
                .unwrap_or(text.len() - start);
        return format!("{}{insert}{}", &text[..start], &text[end..]);
    }
    let floor = |mut i: usize| {
        i = i.min(text.len());
        while !text.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    let start = floor((at * text.len() as f64) as usize);
    let end = floor(start + cut);
    format!("{}{insert}{}", &text[..start], &text[end..])
}

/// What goes into a mutated data file: numbers out of every range, TOML punctuation, anything.
fn insertion() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        any::<u64>().prop_map(|n| n.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        Just("4294967296".to_string()),
        Just("0".to_string()),
        Just("[]".to_string()),
        Just("\"D0\"".to_string()),
        Just("\"1000000D6\"".to_string()),
        Just("[[battleplans]]".to_string()),
        "[\\[\\]=\"., a-z0-9\n]{0,12}",
        any::<String>(),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn a_mutated_battlepack_is_refused_or_can_roll_every_table(
        at in 0.0f64..1.0,
        cut in 0usize..40,
        insert in insertion(),
        number in any::<bool>(),
        seed in any::<u64>(),
    ) {
        let text = mutate(ASCENSION, at, cut, &insert, number);
        let Ok(pack) = parse_battlepack("mutated.toml", &text) else {
            return Ok(());
        };
        // A battlepack that loads can roll its battleplan table and every twist table.
        let mut dice = SeededDice::new(seed);
        let mut roller = Roller::new(&mut dice);
        prop_assert!(roll_battleplan(&pack, &mut roller).is_ok());
        for plan in &pack.battleplans {
            for round in 1..=3 {
                prop_assert!(roll_twist(plan, &mut roller, round).is_ok(), "{}", plan.name);
            }
        }
    }

    #[test]
    fn a_mutated_faction_is_refused_or_within_bounds(
        at in 0.0f64..1.0,
        cut in 0usize..40,
        insert in insertion(),
        number in any::<bool>(),
    ) {
        let text = mutate(BEHEMAT, at, cut, &insert, number);
        if let Ok(f) = parse_faction("mutated.toml", &text) {
            for u in &f.units {
                prop_assert!(u.points <= 10_000 && (1..=100).contains(&u.unit_size), "{u:?}");
            }
        }
    }
}

proptest! {
    // Each case runs the binary twice; a few cases are enough for the wiring.
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn the_cli_refuses_or_keeps_a_campaign_name(s in any_name()) {
        prop_assume!(!s.starts_with('-') && !s.contains('\0'));
        let p = Ptg::ashen_vale();
        let sane = names::check(NameKind::Campaign, &s).is_ok()
            && !s.trim().eq_ignore_ascii_case("Ashen Vale");
        if sane {
            p.ok(&["campaign", "new", &s]);
            let list = p.json(&["campaign", "list"]);
            let listed = list.as_array().unwrap().iter().any(|c| c["name"] == s.trim());
            prop_assert!(listed, "{list}");
        } else {
            p.refused(&["campaign", "new", &s], "error:");
        }
    }
}

/// A league file to mutate: the test league with a demo campaign beside it (twists, rewards,
/// tome entries, enhancements, quests), as `ptg export` writes it, and a database holding a
/// league of its own (the same one renamed) to import into besides an empty one.
struct LeagueCase {
    file: serde_json::Value,
    full: Vec<u8>,
}

fn league_case() -> &'static LeagueCase {
    static CASE: std::sync::OnceLock<LeagueCase> = std::sync::OnceLock::new();
    CASE.get_or_init(|| {
        let p = common::league::LEAGUE_FIXTURE.copy();
        p.ok(&["demo", "--db", p.db().to_str().unwrap()]);
        let file = serde_json::from_str(&p.ok(&["export"])).unwrap();
        let q = common::league::LEAGUE_FIXTURE.copy();
        q.ok(&["campaign", "rename", common::league::LEAGUE, "Home League"]);
        q.checkpoint();
        LeagueCase {
            file,
            full: std::fs::read(q.db()).unwrap(),
        }
    })
}

/// A value put in place of a cell: out of range, of the wrong type or shape, a name the rule
/// refuses, an id that names nothing.
fn bad_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::json;
    prop_oneof![
        Just(json!(9_223_372_036_854_775_807i64)),
        Just(json!(18_446_744_073_709_551_615u64)),
        Just(json!(1.5)),
        Just(json!(-1)),
        Just(json!(0)),
        Just(json!(2)),
        Just(json!(99_999)),
        Just(json!("x")),
        Just(json!("")),
        Just(json!("a\u{0}b")),
        Just(json!("\u{1b}[31mred")),
        Just(json!("x".repeat(10_000))),
        Just(json!(null)),
        Just(json!(true)),
        Just(json!([])),
        Just(json!({"kind": "gain_glory"})),
        Just(json!({"v": 2, "army": {"units": [[1, 1]]}})),
        Just(json!({"realms": 3})),
        any::<i64>().prop_map(|n| json!(n)),
        "[a-z \u{7}\n]{0,12}".prop_map(|s| json!(s)),
    ]
}

/// Every row of every table of the database at `path`.
fn fingerprint(path: &std::path::Path) -> String {
    if !path.exists() {
        return String::new();
    }
    let conn = rusqlite::Connection::open(path).unwrap();
    let tables: Vec<String> = conn
        .prepare(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
        )
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut out = String::new();
    for t in tables {
        let mut stmt = conn
            .prepare(&format!("SELECT * FROM \"{t}\" ORDER BY 1"))
            .unwrap();
        let n = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                (0..n)
                    .map(|i| r.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}")))
                    .collect::<Result<Vec<_>, _>>()
            })
            .unwrap();
        for row in rows {
            out.push_str(&format!("{t}: {}\n", row.unwrap().join("|")));
        }
    }
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Issue 30: a league file mutated cell by cell either imports and passes the audit, with
    /// every table readable, or is refused (exit 1) with the database unchanged, into an empty
    /// database and a full one; never a panic or an exit 3.
    #[test]
    fn a_mutated_league_file_imports_and_passes_the_audit_or_is_refused_changing_nothing(
        cells in prop::collection::vec((any::<prop::sample::Index>(), any::<prop::sample::Index>(), any::<prop::sample::Index>(), bad_value()), 1..3),
        full in any::<bool>(),
    ) {
        let case = league_case();
        let mut file = case.file.clone();
        let tables: Vec<String> = file["tables"].as_object().unwrap().keys().cloned().collect();
        for (table, row, column, value) in cells {
            let t = &mut file["tables"][table.get(&tables).as_str()];
            let width = t["columns"].as_array().unwrap().len();
            let Some(rows) = t["rows"].as_array_mut().filter(|r| !r.is_empty()) else { continue };
            let at = row.index(rows.len());
            rows[at][column.index(width)] = value;
        }
        let text = file.to_string();
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("ptg.sqlite3");
        if full {
            std::fs::write(&db, &case.full).unwrap();
        }
        let before = fingerprint(&db);
        let cat = ptg::catalogue::Catalogue::bundled().unwrap();
        let outcome = ptg::ops::league::read_text(&cat, &text).and_then(|league| {
            let mut store = Store::open(&db).map_err(Error::from)?;
            ptg::ops::league::import(&cat, &mut store, &league)?;
            // Imported: it passes the audit, and every table reads back.
            let audit = ptg::ops::audit::audit(&cat, &mut store, None, None)?;
            Ok((audit.findings.len(), ptg::ops::league::export(&mut store, None, &mut std::io::sink())?.rows))
        });
        match outcome {
            Ok((findings, _)) => prop_assert_eq!(findings, 0, "imported, but the audit fails"),
            Err(e) => {
                prop_assert_eq!(e.exit_code(), 1, "{}", e);
                // The refusal reaches the terminal: no control character of the file in it.
                let said = e.to_string();
                prop_assert!(!said.chars().any(|c| c.is_control() && c != '\n'), "{:?}", said);
                if full {
                    prop_assert_eq!(fingerprint(&db), before, "refused ({}), but the database changed", e);
                } else {
                    // Into an empty database: its schema only (with the migrations' own rows),
                    // no row of the file.
                    let schema_rows = ["refinery_schema_history", "audit_marks"];
                    prop_assert!(!fingerprint(&db).lines().any(|l| !schema_rows.iter().any(|t| l.starts_with(t))), "refused ({}), but rows were written", e);
                }
            }
        }
    }
}
