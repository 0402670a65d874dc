//! The change log as the tests of "every write is a change set" (`tests/cli/every_write.rs`) read
//! it: how many sets, the newest one's command, and the league's rows an undo puts back.

use super::league::SILKEN;
use super::{ASHEN_VALE, HAMMERS, Ptg, RATS, roster_new};

/// How many change sets the log holds.
pub fn change_sets(p: &Ptg) -> i64 {
    if !p.db().exists() {
        return 0;
    }
    let conn = rusqlite::Connection::open(p.db()).expect("open db");
    conn.query_row("SELECT COUNT(*) FROM change_sets", [], |r| r.get(0))
        .expect("count")
}

/// The command the newest change set was written by.
pub fn newest_command(p: &Ptg) -> String {
    let conn = rusqlite::Connection::open(p.db()).expect("open db");
    conn.query_row(
        "SELECT command FROM change_sets ORDER BY id DESC LIMIT 1",
        [],
        |r| r.get(0),
    )
    .expect("a change set")
}

/// The league as players see it: every row of the campaigns, rosters and battles, less what an
/// undo leaves behind by design (the log itself; a unit taken off, a quest dropped and a reward
/// revoked are hidden, never deleted; a battle planned is cancelled). The server's bookkeeping
/// (invites, sessions, join links) is not league data.
pub fn league_rows(p: &Ptg) -> String {
    const TABLES: [(&str, &str); 15] = [
        ("campaigns", ""),
        ("rosters", ""),
        ("units", "WHERE removed = 0"),
        ("unit_abilities", ""),
        ("enhancements", ""),
        ("tome_entries", ""),
        ("quests", "WHERE status <> 'dropped'"),
        ("rewards", "WHERE claimed_set_id IS NULL"),
        ("battles", "WHERE cancelled = 0"),
        ("battle_sides", LIVE_BATTLE),
        ("battle_units", LIVE_BATTLE),
        ("battle_twists", LIVE_BATTLE),
        ("battle_sudden_death", LIVE_BATTLE),
        ("battle_decisions", LIVE_BATTLE),
        ("battle_triumphs", LIVE_BATTLE),
    ];
    const LIVE_BATTLE: &str = "WHERE battle_id IN (SELECT id FROM battles WHERE cancelled = 0)";
    if !p.db().exists() {
        return String::new();
    }
    let conn = rusqlite::Connection::open(p.db()).expect("open db");
    let mut out = String::new();
    for (table, filter) in TABLES {
        let mut stmt = conn
            .prepare(&format!("SELECT * FROM {table} {filter} ORDER BY 1"))
            .expect(table);
        let cols = stmt.column_count();
        let rows = stmt
            .query_map([], |r| {
                (0..cols)
                    .map(|i| r.get::<_, rusqlite::types::Value>(i).map(|v| format!("{v:?}")))
                    .collect::<Result<Vec<_>, _>>()
            })
            .expect(table);
        for row in rows {
            out.push_str(&format!("{table}: {}\n", row.expect("row").join("|")));
        }
    }
    out
}

/// A copy of `p`'s database as it is now, to undo in without touching `p`.
pub fn copy_of(p: &Ptg) -> Ptg {
    p.checkpoint();
    let copy = Ptg::new();
    std::fs::copy(p.db(), copy.db()).expect("copy the database");
    copy
}

/// `roster new` of Hammers of Dawn, Rat Tide and Silken Host (a Slaanesh roster, which keeps
/// favour) in Ashen Vale, each led by its warlord alone.
pub fn three_rosters() -> [Vec<&'static str>; 3] {
    [
        (
            HAMMERS,
            "Stormcast Eternals",
            "Lord-Vigilant on Gryph-stalker",
            "warrior",
            "berserker",
        ),
        (RATS, "Skaven", "Grey Seer", "mage", "dedicated-practitioner"),
        (
            SILKEN,
            "Hedonites of Slaanesh",
            "Lord of Pain",
            "warrior",
            "berserker",
        ),
    ]
    .map(|(name, faction, warlord, path, ability)| {
        roster_new(name, ASHEN_VALE, faction, warlord, path, ability)
    })
}
