//! Running a league (issue #19): a test league of 4 rosters and 6 battles, its league table
//! in `campaign show` under each standings rule, and `battle list` with its filters and the
//! aftermaths still to run.

use crate::common;

use common::league::{LEAGUE, LEAGUE_FIXTURE, MOONCLAN, SILKEN, assert_table_adds_up};
use common::{HAMMERS, Ptg, RATS, named, roster_new};

/// (place, roster, played, won, major, drawn, lost, glory earned, glory held, renown, units,
/// quest) of each row of the league table.
type Row = (
    u64,
    String,
    u64,
    u64,
    u64,
    u64,
    u64,
    u64,
    u64,
    u64,
    u64,
    Option<String>,
);

fn table(p: &Ptg) -> Vec<Row> {
    let shown = p.json(&["campaign", "show", LEAGUE]);
    shown["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            let n = |k: &str| s[k].as_u64().unwrap_or_else(|| panic!("{k} in {s}"));
            (
                n("place"),
                s["roster"].as_str().unwrap().to_string(),
                n("played"),
                n("major_victories") + n("minor_victories"),
                n("major_victories"),
                n("draws"),
                n("minor_defeats") + n("major_defeats"),
                n("glory_earned"),
                n("glory_held"),
                n("renown"),
                n("units"),
                s["quest"].as_str().map(String::from),
            )
        })
        .collect()
}

fn row(place: u64, roster: &str, record: [u64; 5], glory: u64, renown: u64, quest: Option<&str>) -> Row {
    let [played, won, major, drawn, lost] = record;
    let q = quest.map(String::from);
    (
        place,
        roster.into(),
        played,
        won,
        major,
        drawn,
        lost,
        glory,
        glory,
        renown,
        2,
        q,
    )
}

#[test]
fn the_league_table_counts_results_glory_and_renown_and_sorts_by_the_campaigns_rule() {
    let p = LEAGUE_FIXTURE.copy();
    // Glory at 1000 points: fought 30, major victory +20, minor +10, general alive +5.
    // Hammers 55 + 35 + 45; Moonclan 35 + 55 + 35; Silken 45 + 35; Rats 35 + 35 (battle 6's
    // aftermaths not run). Renown: each aftermath gives the warlord +1 and its unit +2 (a D3
    // of 1, favoured +1), on top of the warlord's starting 5.
    let hammers = row(1, HAMMERS, [3, 2, 1, 1, 0], 135, 14, None);
    let moonclan = row(2, MOONCLAN, [3, 1, 1, 0, 2], 125, 14, None);
    let rats = row(3, RATS, [3, 1, 1, 0, 2], 70, 11, Some("Seek Glory in Battle"));
    let silken = row(4, SILKEN, [3, 1, 0, 1, 1], 80, 11, None);
    // Wins: Hammers have two victories; Moonclan and Rats one major victory and two defeats
    // each, Moonclan ahead on glory earned; Silken Host's one victory is minor.
    assert_eq!(
        table(&p),
        vec![hammers.clone(), moonclan.clone(), rats.clone(), silken.clone()]
    );
    let text = p.ok(&["campaign", "show", LEAGUE]);
    assert!(
        text.contains("sorted by victories, then major victories"),
        "{text}"
    );
    assert!(
        text.contains("fought; aftermath to run: Rat Tide, Silken Host"),
        "{text}"
    );

    let said = p.ok(&["campaign", "set", LEAGUE, "--standings", "glory"]);
    // The change is confirmed in the rule's words (issue #33).
    assert!(said.contains("league table sorted by glory earned"), "{said}");
    let place = |mut r: Row, n: u64| {
        r.0 = n;
        r
    };
    assert_eq!(
        table(&p),
        vec![hammers, moonclan, place(silken, 3), place(rats, 4)]
    );
    // The setting is undone like any other.
    p.ok(&["undo", "--campaign", LEAGUE]);
    assert_eq!(table(&p)[2].1, RATS);
}

#[test]
fn glory_gained_by_an_undone_aftermath_is_not_counted() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["undo", "--roster", MOONCLAN, "--yes"]);
    let shown = p.json(&["campaign", "show", LEAGUE]);
    let m = named(&shown["standings"], "roster", MOONCLAN);
    assert_eq!(
        (m["glory_earned"].as_u64(), m["played"].as_u64()),
        (Some(90), Some(3))
    );
}

#[test]
fn the_league_tables_glory_earned_and_record_are_what_the_log_and_battles_say_through_aftermaths_and_undo() {
    let p = LEAGUE_FIXTURE.copy();
    assert_table_adds_up(&p, LEAGUE, "after five battles' aftermaths");
    // Battle 6's aftermath for the Rats (major victory: 30 + 20 + 5 glory), buying a unit with
    // 90 of it: spending glory takes nothing off what was earned.
    let buying = [
        "aftermath",
        "6",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "1,1,1",
        "--add-unit",
        "Acolyte Globadiers",
    ];
    p.ok(&buying);
    let rats = |p: &Ptg| p.json(&["roster", "show", RATS])["glory"].as_u64();
    assert_eq!(rats(&p), Some(70 + 55 - 90));
    assert_table_adds_up(&p, LEAGUE, "after an aftermath that buys");
    // Undone, the 55 earned go and the 90 spent come back; what the undo gives back was
    // never earned.
    p.ok(&["undo", "--roster", RATS, "--yes"]);
    assert_eq!(rats(&p), Some(70));
    assert_table_adds_up(&p, LEAGUE, "after undoing it");
    p.ok(&buying);
    p.ok(&[
        "aftermath",
        "6",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--dice",
        "1,1,1",
    ]);
    assert_table_adds_up(&p, LEAGUE, "after both aftermaths again");
    // A whole battle's result undone (its aftermaths, then the Rats' quest started after it,
    // first): the Rats' major victory and the Silken Host's defeat no longer count; then
    // recorded again the other way round.
    for roster in [SILKEN, RATS] {
        p.ok(&["undo", "--roster", roster, "--yes"]);
    }
    for _ in 0..2 {
        p.ok(&["undo", "--campaign", LEAGUE, "--yes"]);
    }
    assert_eq!(p.json(&["battle", "show", "6"])["status"], "planned");
    assert_table_adds_up(&p, LEAGUE, "after undoing battle 6's result");
    let played = |p: &Ptg| common::league::counted_in_table(p, LEAGUE)[RATS].1[0];
    assert_eq!(played(&p), 2);
    p.ok(&[
        "battle",
        "result",
        "6",
        "--vp",
        "Rat Tide=4",
        "--vp",
        "Silken Host=10",
    ]);
    p.ok(&[
        "aftermath",
        "6",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--dice",
        "1,1,1",
    ]);
    assert_table_adds_up(&p, LEAGUE, "after battle 6 fought again");
    assert_eq!(played(&p), 3);
}

#[test]
fn battle_list_filters_by_roster_and_campaign_and_names_aftermaths_to_run() {
    let p = LEAGUE_FIXTURE.copy();
    let ids = |args: &[&str]| -> Vec<u64> {
        let list = p.json(&[&["battle", "list"][..], args].concat());
        list.as_array()
            .unwrap()
            .iter()
            .map(|b| b["id"].as_u64().unwrap())
            .collect()
    };
    assert_eq!(ids(&[]), vec![6, 5, 4, 3, 2, 1]);
    assert_eq!(ids(&["--roster", MOONCLAN]), vec![5, 4, 2]);
    assert_eq!(ids(&["--roster", SILKEN, "--campaign", LEAGUE]), vec![6, 3, 2]);
    let text = p.ok(&["battle", "list", "--roster", RATS]);
    assert!(
        text.contains("fought; aftermath to run: Rat Tide, Silken Host"),
        "{text}"
    );
    assert!(text.contains("fought; aftermaths done"), "{text}");
    p.refused(&["battle", "list", "--roster", "Nobody"], "Nobody");
}

/// A page of a roster's battles or dice is its newest rows, oldest rolls first as the whole
/// log has them, and says when older ones were left out (issue 42).
#[test]
fn battle_list_and_rolls_show_the_newest_page_asked_for() {
    let p = LEAGUE_FIXTURE.copy();
    let ids = |args: &[&str], key: &str| -> Vec<u64> {
        let list = p.json(args);
        list.as_array()
            .unwrap()
            .iter()
            .map(|b| b[key].as_u64().unwrap())
            .collect()
    };
    let battles = ["battle", "list", "--roster", MOONCLAN];
    assert_eq!(ids(&[&battles[..], &["--limit", "2"]].concat(), "id"), vec![5, 4]);
    assert_eq!(
        ids(&[&battles[..], &["--limit", "3"]].concat(), "id"),
        vec![5, 4, 2]
    );
    let text = p.ok(&[&battles[..], &["--limit", "2"]].concat());
    assert!(text.contains("older battles not shown: use --limit N"), "{text}");
    let text = p.ok(&[&battles[..], &["--limit", "3"]].concat());
    assert!(!text.contains("not shown"), "{text}");

    let rolls = ["rolls", "--roster", SILKEN];
    let all = ids(&rolls, "id");
    assert!(all.len() > 3, "{all:?}");
    let newest = all[all.len() - 3..].to_vec();
    assert_eq!(ids(&[&rolls[..], &["--limit", "3"]].concat(), "id"), newest);
    let text = p.ok(&[&rolls[..], &["--limit", "3"]].concat());
    assert!(
        text.contains("3 rolls.") && text.contains("earlier rolls not shown"),
        "{text}"
    );
    let whole = all.len().to_string();
    let text = p.ok(&[&rolls[..], &["--limit", &whole]].concat());
    assert!(!text.contains("not shown"), "{text}");
    p.refused_cmd(p.cmd(&["rolls", "--limit", "0"]), 2, "--limit");
}

fn roster_names(p: &Ptg, args: &[&str]) -> Vec<String> {
    let list = p.json(&[&["roster", "list"][..], args].concat());
    let mut names: Vec<String> = list
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["name"].as_str().unwrap().to_string())
        .collect();
    names.sort();
    names
}

#[test]
fn a_roster_renamed_keeps_its_battles_and_the_rename_is_undone() {
    let p = LEAGUE_FIXTURE.copy();
    p.refused(
        &["roster", "rename", HAMMERS, RATS],
        "is called 'Rat Tide' (id 2)",
    );
    p.refused(&["roster", "rename", HAMMERS, HAMMERS], "already called");
    p.ok(&["roster", "rename", HAMMERS, "Dawn Hammers"]);
    assert_eq!(p.json(&["roster", "show", "Dawn Hammers"])["glory"], 135);
    let battle = p.ok(&["battle", "show", "1"]);
    assert!(battle.contains("Dawn Hammers"), "{battle}");
    let history = p.ok(&["history", "--roster", "Dawn Hammers", "--limit", "1"]);
    assert!(
        history.contains("renamed from 'Hammers of Dawn' to 'Dawn Hammers'"),
        "{history}"
    );
    assert!(
        history.contains("(Ashen Vale / Dawn Hammers)"),
        "history names campaign and roster: {history}"
    );
    // Another roster takes the old name: undoing the rename is refused until it moves.
    p.ok(&roster_new(
        HAMMERS,
        LEAGUE,
        "Stormcast Eternals",
        "Knight-Questor",
        "warrior",
        "berserker",
    ));
    p.refused(
        &["undo", "--roster", "Dawn Hammers"],
        "rename the other one first (`ptg roster rename`)",
    );
    p.ok(&["roster", "rename", HAMMERS, "New Hammers"]);
    p.ok(&["undo", "--roster", "Dawn Hammers"]);
    assert_eq!(p.json(&["roster", "show", HAMMERS])["glory"], 135);
    p.ok(&["audit", "--campaign", LEAGUE]);
}

#[test]
fn the_same_roster_name_in_two_campaigns_is_asked_for_as_campaign_slash_roster() {
    let p = LEAGUE_FIXTURE.copy();
    p.ok(&["campaign", "new", "Second Vale"]);
    p.ok(&roster_new(
        HAMMERS,
        "Second Vale",
        "Stormcast Eternals",
        "Knight-Questor",
        "warrior",
        "berserker",
    ));
    let err = p.refused(&["roster", "show", HAMMERS], "type it as CAMPAIGN/ROSTER");
    assert!(
        err.contains("'Ashen Vale/Hammers of Dawn' (id 1)")
            && err.contains("'Second Vale/Hammers of Dawn' (id 5)"),
        "{err}"
    );
    let second = p.json(&["roster", "show", "Second Vale/Hammers of Dawn"]);
    assert_eq!(second["glory"], 0);
    assert_eq!(
        p.json(&["roster", "show", "ashen vale/hammers of dawn"])["glory"],
        135
    );
    p.refused(&["roster", "add", HAMMERS, "Liberators"], "CAMPAIGN/ROSTER");
    p.ok(&["roster", "add", "Second Vale/Hammers of Dawn", "Liberators"]);
}

#[test]
fn a_roster_with_battles_is_deleted_only_with_force_and_undo_brings_it_back() {
    let p = LEAGUE_FIXTURE.copy();
    p.refused(&["roster", "delete", MOONCLAN], "add --force");
    p.ok(&["roster", "delete", MOONCLAN, "--force"]);
    assert_eq!(roster_names(&p, &[]), vec![HAMMERS, RATS, SILKEN]);
    p.refused(&["roster", "show", MOONCLAN], "unknown roster");
    let shown = p.json(&["campaign", "show", LEAGUE]);
    assert_eq!(shown["standings"].as_array().unwrap().len(), 3);
    let battle = p.ok(&["battle", "show", "2"]);
    assert!(battle.contains(MOONCLAN), "its battles keep it: {battle}");
    // Its name is free meanwhile.
    p.ok(&roster_new(
        MOONCLAN,
        LEAGUE,
        "Gloomspite Gitz",
        "Loonboss",
        "warrior",
        "berserker",
    ));
    p.ok(&["roster", "delete", MOONCLAN]);
    p.ok(&["undo", "--yes"]);
    p.refused(&["undo", "--yes"], "cannot remove a roster");
    p.ok(&["roster", "rename", MOONCLAN, "Moonclan Two"]);
    p.ok(&["undo", "--campaign", LEAGUE, "--yes"]);
    p.ok(&["roster", "rename", MOONCLAN, "Moonclan Two"]);
    let done = p.json(&["campaign", "show", LEAGUE]);
    assert_eq!(done["standings"].as_array().unwrap().len(), 4);
}

#[test]
fn a_campaign_is_renamed_or_deleted_with_its_rosters_and_undo_puts_it_back() {
    let p = LEAGUE_FIXTURE.copy();
    p.refused(&["campaign", "rename", LEAGUE, LEAGUE], "already called");
    p.ok(&["campaign", "rename", LEAGUE, "Ashen Wastes"]);
    p.refused(&["campaign", "show", LEAGUE], "unknown campaign");
    assert_eq!(roster_names(&p, &["--campaign", "Ashen Wastes"]).len(), 4);
    p.ok(&["undo", "--campaign", "Ashen Wastes"]);
    p.ok(&["campaign", "new", "Other Vale"]);
    p.refused(&["campaign", "rename", LEAGUE, "other vale"], "already exists");
    p.refused(&["campaign", "delete", LEAGUE], "add --force");
    let out = p.ok(&["campaign", "delete", LEAGUE, "--force"]);
    assert!(out.contains("with its rosters"), "{out}");
    let campaigns = p.json(&["campaign", "list"]);
    assert_eq!(campaigns.as_array().unwrap().len(), 1);
    assert!(roster_names(&p, &[]).is_empty());
    // A new campaign may take the name meanwhile (its creation is now the latest command,
    // which undo cannot remove); the deletion's undo, reached through one of its rosters,
    // then waits for the name to move, and `undo --campaign` reaches the deleted one by its
    // name once no live one has it.
    p.ok(&["campaign", "new", LEAGUE]);
    p.refused(&["undo", "--yes"], "cannot remove a campaign");
    p.refused(
        &["undo", "--roster", HAMMERS],
        "rename the other one first (`ptg campaign rename`)",
    );
    p.ok(&["campaign", "rename", LEAGUE, "Third Vale"]);
    p.ok(&["undo", "--campaign", LEAGUE]);
    assert_eq!(p.json(&["campaign", "list"]).as_array().unwrap().len(), 3);
    assert_eq!(table(&p).len(), 4);
    p.ok(&["audit", "--campaign", LEAGUE]);
}

#[test]
fn each_renown_roll_names_its_unit_by_id() {
    let p = LEAGUE_FIXTURE.copy();
    let rolls = p.json(&["rolls", "--battle", "1"]);
    let renown: Vec<(String, u64)> = rolls
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["purpose"].as_str().unwrap().starts_with("renown for"))
        .map(|r| {
            (
                r["unit"].as_str().unwrap().to_string(),
                r["unit_id"].as_u64().unwrap(),
            )
        })
        .collect();
    // Hammers of Dawn: Lord-Vigilant #1, Liberators #5; Rat Tide: Grey Seer #2, Clanrats #6.
    assert_eq!(
        renown,
        vec![
            ("Lord-Vigilant on Gryph-stalker".into(), 1),
            ("Liberators".into(), 5),
            ("Grey Seer".into(), 2),
            ("Clanrats".into(), 6)
        ]
    );
    let text = p.ok(&["rolls", "--battle", "1"]);
    assert!(text.contains("renown for Liberators (unit #5)"), "{text}");
}
