//! The test league of issue #19: 4 rosters and 6 battles in Ashen Vale, built once per test
//! binary (`tests/cli/league.rs` checks its standings, `tests/cli/league_file.rs` exports and imports
//! it).

use super::{Fixture, HAMMERS, Ptg, RATS, roster_new};
use std::collections::BTreeMap;

pub const LEAGUE: &str = "Ashen Vale";
pub const SILKEN: &str = "Silken Host";
pub const MOONCLAN: &str = "Moonclan Mob";

/// Battle `n` at 1000 points between `a` and `b`, each taking its warlord and one unit; the
/// roll-off for roles (the generals always have equal renown here) goes 6 to 1; the result by
/// victory points. Aftermaths run for both sides with every die a 1 (warlord +1, unit +1,
/// favoured unit +1 renown) unless `aftermaths` is false.
pub fn fight(p: &Ptg, n: &str, a: (&str, &str, &str, u32), b: (&str, &str, &str, u32), aftermaths: bool) {
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        LEAGUE,
        "--points",
        "1000",
        "--battleplan",
        "The Ruined Settlement",
        a.0,
        b.0,
    ]);
    p.ok(&["battle", "army", n, a.0, a.1, a.2]);
    p.ok(&["battle", "army", n, b.0, b.1, b.2, "--dice", "6,1"]);
    let (vp_a, vp_b) = (format!("{}={}", a.0, a.3), format!("{}={}", b.0, b.3));
    p.ok(&["battle", "result", n, "--vp", &vp_a, "--vp", &vp_b]);
    if aftermaths {
        for side in [a, b] {
            p.ok(&["aftermath", n, side.0, "--favoured", side.2, "--dice", "1,1,1"]);
        }
    }
}

/// Hammers of Dawn, Rat Tide, Silken Host and Moonclan Mob in Ashen Vale (1000 points, no
/// options), and six battles:
///
/// | # | sides (VP)               | result                         |
/// |---|--------------------------|--------------------------------|
/// | 1 | Hammers 14 v Rats 8      | Hammers major victory          |
/// | 2 | Silken 10 v Moonclan 8   | Silken minor victory           |
/// | 3 | Hammers 9 v Silken 9     | draw                           |
/// | 4 | Rats 6 v Moonclan 12     | Moonclan major victory         |
/// | 5 | Hammers 11 v Moonclan 9  | Hammers minor victory          |
/// | 6 | Rats 10 v Silken 4       | Rats major victory, aftermaths not run yet |
///
/// Rat Tide then starts a quest.
pub static LEAGUE_FIXTURE: Fixture = Fixture::new(|| {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    for (name, faction, warlord) in [
        (SILKEN, "Hedonites of Slaanesh", "Lord of Pain"),
        (MOONCLAN, "Gloomspite Gitz", "Loonboss"),
    ] {
        p.ok(&roster_new(
            name,
            LEAGUE,
            faction,
            warlord,
            "warrior",
            "berserker",
        ));
    }
    for (roster, unit) in [
        (HAMMERS, "Liberators"),
        (RATS, "Clanrats"),
        (SILKEN, "Daemonettes"),
        (MOONCLAN, "Moonclan Stabbas"),
    ] {
        p.ok(&["roster", "add", roster, unit]);
    }
    let h = |vp| (HAMMERS, "Lord-Vigilant on Gryph-stalker", "Liberators", vp);
    let r = |vp| (RATS, "Grey Seer", "Clanrats", vp);
    let s = |vp| (SILKEN, "Lord of Pain", "Daemonettes", vp);
    let m = |vp| (MOONCLAN, "Loonboss", "Moonclan Stabbas", vp);
    fight(&p, "1", h(14), r(8), true);
    fight(&p, "2", s(10), m(8), true);
    fight(&p, "3", h(9), s(9), true);
    fight(&p, "4", r(6), m(12), true);
    fight(&p, "5", h(11), m(9), true);
    fight(&p, "6", r(10), s(4), false);
    p.ok(&[
        "quest",
        "start",
        RATS,
        "Seek Glory in Battle",
        "--unit",
        "Clanrats",
    ]);
    p
});

/// What the league table counts of one roster: glory earned, then played, major and minor
/// victories, draws, minor and major defeats.
pub type Counted = (u64, [u64; 6]);

/// Each live roster of campaign `campaign` with what its league table shows it counted, by
/// name.
pub fn counted_in_table(p: &Ptg, campaign: &str) -> BTreeMap<String, Counted> {
    let shown = p.json(&["campaign", "show", campaign]);
    shown["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
            let record = [
                "played",
                "major_victories",
                "minor_victories",
                "draws",
                "minor_defeats",
                "major_defeats",
            ]
            .map(n);
            (
                s["roster"].as_str().unwrap().to_string(),
                (n("glory_earned"), record),
            )
        })
        .collect()
}

/// Each live roster of campaign `campaign` with the glory its log gains in change sets still
/// in force (neither undone nor an undo) and its results in battles not cancelled, counted
/// from the log and the battles themselves: what the league table must show, however it
/// keeps it.
pub fn counted_from_history(p: &Ptg, campaign: &str) -> BTreeMap<String, Counted> {
    let conn = rusqlite::Connection::open(p.db()).expect("open db");
    let mut stmt = conn
        .prepare(
            "SELECT r.name,
                (SELECT COALESCE(SUM(json_extract(c.payload, '$.amount')), 0)
                 FROM changes c JOIN change_sets s ON s.id = c.change_set_id
                 WHERE c.roster_id = r.id AND c.kind = 'gain_glory'
                   AND s.undoes IS NULL AND s.undone_by IS NULL),
                (SELECT json_group_array(s.result) FROM battle_sides s JOIN battles b ON b.id = s.battle_id
                 WHERE s.roster_id = r.id AND b.cancelled = 0 AND s.result IS NOT NULL)
             FROM rosters r JOIN campaigns k ON k.id = r.campaign_id
             WHERE k.name = ?1 AND k.deleted = 0 AND r.deleted = 0",
        )
        .unwrap();
    stmt.query_map([campaign], |r| {
        let results: Vec<String> = serde_json::from_str(&r.get::<_, String>(2)?).unwrap();
        let count = |what: &str| results.iter().filter(|x| *x == what).count() as u64;
        let record = [
            results.len() as u64,
            count("major_victory"),
            count("minor_victory"),
            count("draw"),
            count("minor_defeat"),
            count("major_defeat"),
        ];
        Ok((r.get(0)?, (r.get::<_, i64>(1)? as u64, record)))
    })
    .unwrap()
    .collect::<Result<_, _>>()
    .unwrap()
}

/// Asserts campaign `campaign`'s league table shows, for every roster, the glory earned and
/// the record its log and battles add up to, and that the audit agrees.
pub fn assert_table_adds_up(p: &Ptg, campaign: &str, when: &str) {
    let history = counted_from_history(p, campaign);
    assert!(!history.is_empty(), "{when}: no rosters in {campaign}");
    assert_eq!(counted_in_table(p, campaign), history, "{when}");
    p.ok(&["audit", "--campaign", campaign]);
}
