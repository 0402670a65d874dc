//! A Blasted Wastes mini-campaign with every campaign option on (issue #17): Slaanesh's Silken
//! Host against Tzeentch's Cult of Change over three battles, at Mount Hedon, at the
//! Crystalline Shores (picked by the roll-off's winner) and at Mount Hedon again, with scripted
//! dice so every favour point and triumph is known; and the refusals, each leaving the
//! database unchanged.

use crate::common;

use common::wastes::{CULT, SILKEN, WASTES};
use common::{Fixture, Ptg, roster_new};

/// The campaign with both rosters (a Lord of Pain with Daemonettes, a Magister with Pink
/// Horrors), built once per test binary.
static WASTES_SET_UP: Fixture = Fixture::new(|| {
    let p = Ptg::the_wastes("realms,favour,triumphs,sudden-death,allies");
    p.ok(&["roster", "add", SILKEN, "Daemonettes"]);
    p.ok(&["roster", "add", SILKEN, "Blissbarb Archers"]);
    // One ally in four units: Chaos Spawn from Slaves to Darkness, another Chaos faction.
    p.ok(&[
        "roster",
        "add",
        SILKEN,
        "Chaos Spawn",
        "--ally",
        "Slaves to Darkness",
        "--name",
        "Gift of Chaos",
    ]);
    p.ok(&["roster", "add", CULT, "Blue Horrors and Brimstone Horrors"]);
    p.ok(&["roster", "add", CULT, "Pink Horrors"]);
    p
});

fn wastes() -> Ptg {
    WASTES_SET_UP.copy()
}

fn favour(p: &Ptg, roster: &str) -> i64 {
    p.json(&["roster", "show", roster])["favour"]
        .as_i64()
        .expect("favour")
}

/// `battle new` of a 1000-point battle of the two rosters on The Ruined Settlement, with
/// `extra` arguments (its realm).
fn new_battle_args<'a>(extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = vec![
        "battle",
        "new",
        "--campaign",
        WASTES,
        "--points",
        "1000",
        SILKEN,
        CULT,
        "--battleplan",
        "The Ruined Settlement",
    ];
    args.extend_from_slice(extra);
    args
}

fn new_battle(p: &Ptg, realm: &[&str]) {
    p.ok(&new_battle_args(realm));
}

/// Battle 1 at Mount Hedon, won by the Silken Host (14 to 4: a major victory), both
/// aftermaths run.
fn first_battle(p: &Ptg) {
    new_battle(p, &["--realm", "Mount Hedon"]);
    p.ok(&[
        "battle",
        "army",
        "1",
        SILKEN,
        "Lord of Pain",
        "Daemonettes",
        "Blissbarb Archers",
        "Gift of Chaos",
    ]);
    p.ok(&[
        "battle",
        "army",
        "1",
        CULT,
        "Magister",
        "Pink Horrors",
        "--dice",
        "6,1",
    ]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Silken Host=14",
        "--vp",
        "Cult of Change=4",
    ]);
    p.ok(&[
        "aftermath",
        "1",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--dice",
        "2,2,2,2,3",
    ]);
    p.ok(&[
        "aftermath",
        "1",
        CULT,
        "--favoured",
        "Pink Horrors",
        "--dice",
        "1,1,1",
    ]);
}

#[test]
fn three_battles_in_the_blasted_wastes() {
    let p = wastes();
    let shown = p.ok(&["campaign", "show", WASTES]);
    assert!(shown.contains("triumphs      1e"), "{shown}");

    // 1. Mount Hedon: SLAANESH wins, +1 favour (the realm file's `victory`); TZEENTCH there
    // keeps none of it.
    first_battle(&p);
    assert_eq!((favour(&p, SILKEN), favour(&p, CULT)), (1, 0));
    assert!(p.ok(&["roster", "show", SILKEN]).contains("Favour points: 1"));
    // The ally fought and earned renown like the rest (D3 rolled 2); it does not count for the
    // army's allegiance, which names it.
    let host = p.json(&["roster", "show", SILKEN]);
    let ally = common::named(&host["units"], "name", "Gift of Chaos");
    assert_eq!(
        (ally["ally"].as_str(), ally["renown"].as_u64()),
        (Some("Slaves to Darkness"), Some(2))
    );
    let shown = p.ok(&["battle", "show", "1"]);
    assert!(shown.contains("with allies from Slaves to Darkness"), "{shown}");

    // 2. The players cannot agree: the roll-off (2 v 5) goes to the Cult, which picks the
    // Crystalline Shores. The Silken Host's major victory at Mount Hedon lets it roll on that
    // realm's own triumph table: a 3 is The Blissful Host.
    new_battle(&p, &["--roll-realm", "--dice", "2,5"]);
    let army = p.json(&[
        "battle",
        "army",
        "2",
        SILKEN,
        "Lord of Pain",
        "Daemonettes",
        "--triumph-table",
        "Mount Hedon Triumphs",
        "--dice",
        "3",
    ]);
    assert_eq!(army["sides"][0]["triumph"]["triumph"], "The Blissful Host");
    assert_eq!(army["realm_picker_id"], army["sides"][1]["roster_id"]);
    p.ok(&["battle", "realm", "2", "Crystalline Shores"]);
    // The Cult lost its last battle: no triumph, and asking for one is refused.
    p.refused(
        &[
            "battle",
            "army",
            "2",
            CULT,
            "Magister",
            "Pink Horrors",
            "--triumph-table",
            "1e",
        ],
        "battle 1 was a major defeat",
    );
    p.ok(&["battle", "army", "2", CULT, "Magister", "Pink Horrors"]);
    let shown = p.ok(&["battle", "show", "2"]);
    // Issue #38: where it is fought, in the realm's own words, here and in the history.
    assert!(
        shown.contains("Realm: fought on the Crystalline Shores"),
        "{shown}"
    );
    let history = p.ok(&["history"]);
    assert!(
        history.contains("Battle 2 is fought on the Crystalline Shores"),
        "{history}"
    );
    assert!(history.contains(", on Mount Hedon"), "{history}");
    assert!(
        !history.contains("in Mount Hedon") && !history.contains("in Crystalline"),
        "{history}"
    );
    // The table by its name, not its id "mount-hedon" (issue #33).
    assert!(
        shown.contains("triumph: The Blissful Host (Mount Hedon Triumphs)"),
        "{shown}"
    );
    p.ok(&[
        "battle",
        "result",
        "2",
        "--vp",
        "Silken Host=2",
        "--vp",
        "Cult of Change=12",
    ]);
    p.ok(&[
        "aftermath",
        "2",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--dice",
        "1,1,1",
    ]);
    p.ok(&[
        "aftermath",
        "2",
        CULT,
        "--favoured",
        "Pink Horrors",
        "--dice",
        "1,1,1",
    ]);
    // TZEENTCH gains at the Shores; SLAANESH neither gains nor loses there.
    assert_eq!((favour(&p, SILKEN), favour(&p, CULT)), (1, 1));

    // 3. Mount Hedon again. The Cult's major victory was at the Shores and it rolls on the
    // campaign's table (1st edition): a 5 is Empowered. The Silken Host loses: D3 rolled 3,
    // but it holds 1 favour and favour stops at 0 (the favour die is rolled first, after glory).
    new_battle(&p, &["--realm", "mount hedon"]);
    p.ok(&["battle", "army", "3", SILKEN, "Lord of Pain", "Daemonettes"]);
    let army = p.json(&[
        "battle",
        "army",
        "3",
        CULT,
        "Magister",
        "Pink Horrors",
        "Blue Horrors and Brimstone Horrors",
        "--dice",
        "5",
    ]);
    assert_eq!(army["sides"][1]["triumph"]["triumph"], "Empowered");
    assert_eq!(army["sides"][1]["triumph"]["table"], "1e");
    // 21 models against 11: the Silken Host is outnumbered (at least 4 for every 3) and picks
    // Assassinate; the Cult names the HERO to slay. The Cult is not outnumbered.
    p.refused(&["battle", "sudden-death", "3", CULT, "Endure"], "sudden death");
    p.ok(&[
        "battle",
        "sudden-death",
        "3",
        SILKEN,
        "Assassinate",
        "--target",
        "Magister",
    ]);
    let shown = p.ok(&["battle", "show", "3"]);
    assert!(
        shown.contains("sudden death objective: Assassinate: slay Magister"),
        "{shown}"
    );
    p.ok(&[
        "battle",
        "result",
        "3",
        "--vp",
        "Silken Host=3",
        "--vp",
        "Cult of Change=9",
    ]);
    let after = p.ok(&[
        "aftermath",
        "3",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--dice",
        "3,1,1,1",
    ]);
    assert!(
        after.contains(
            "-1 favour (the favour of SLAANESH for a major defeat on Mount Hedon; D3 rolled 3: 1 lost, favour stops at 0)"
        ),
        "{after}"
    );
    assert_eq!(favour(&p, SILKEN), 0);

    // Undo puts the favour back exactly; the audit adds the log up to the stored totals.
    p.ok(&["undo", "--roster", SILKEN, "--yes"]);
    assert_eq!(favour(&p, SILKEN), 1);
    p.ok(&[
        "aftermath",
        "3",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--dice",
        "2,1,1,1",
    ]);
    assert_eq!(favour(&p, SILKEN), 0);
    p.ok(&["audit"]);

    // The sheet prints the favour and each battle's realm and triumph.
    let sheet = p.ok(&["roster", "sheet", CULT, "--format", "text"]);
    assert!(sheet.contains("Favour points: 1"), "{sheet}");
    assert!(sheet.contains("on Mount Hedon · triumph: Empowered"), "{sheet}");
    assert!(sheet.contains("on the Crystalline Shores"), "{sheet}");
}

#[test]
fn undoing_an_army_takes_its_triumph_off_and_undoing_a_pick_unpicks_the_realm() {
    let p = wastes();
    first_battle(&p);
    new_battle(&p, &["--roll-realm", "--dice", "6,1"]);
    p.ok(&["battle", "realm", "2", "Ghur"]);
    p.refused(
        &["battle", "realm", "2", "Aqshy"],
        "battle 2's realm is already picked (Ghur)",
    );
    p.ok(&[
        "battle",
        "army",
        "2",
        SILKEN,
        "Lord of Pain",
        "Daemonettes",
        "--dice",
        "6",
    ]);
    let b = p.json(&["battle", "show", "2"]);
    assert_eq!(b["sides"][0]["triumph"]["triumph"], "Empowered");
    p.ok(&["undo", "--roster", SILKEN, "--yes"]);
    let b = p.json(&["battle", "show", "2"]);
    assert!(b["sides"][0].get("triumph").is_none(), "{b}");
    p.ok(&["undo", "--campaign", WASTES, "--yes"]);
    let b = p.json(&["battle", "show", "2"]);
    assert!(b.get("realm").is_none(), "{b}");
    p.ok(&["battle", "realm", "2", "Aqshy"]);
}

#[test]
fn refusals_leave_the_database_unchanged() {
    let p = wastes();
    // Favour by hand for a roster of no god that keeps it.
    p.ok(&roster_new(
        "Hammers",
        WASTES,
        "Stormcast Eternals",
        "Lord-Vigilant on Gryph-stalker",
        "warrior",
        "berserker",
    ));
    p.refused(
        &["roster", "favour", "Hammers", "1", "--reason", "painted"],
        "keeps no favour",
    );
    p.refused(
        &["roster", "favour", SILKEN, "-1", "--reason", "oops"],
        "cannot lose 1",
    );
    p.ok(&["roster", "favour", SILKEN, "2", "--reason", "club rule"]);
    assert_eq!(favour(&p, SILKEN), 2);
    // Out of range (issue 30): refused in words naming the range, never stored.
    for huge in ["9223372036854775807", "4294967295", "101", "-101"] {
        p.refused(
            &["roster", "favour", SILKEN, huge, "--reason", "x"],
            "give a whole number from -100 to 100",
        );
    }
    p.ok(&["roster", "favour", SILKEN, "100", "--reason", "club rule"]);
    assert_eq!(favour(&p, SILKEN), 102);
    p.ok(&["roster", "favour", SILKEN, "-100", "--reason", "club rule undone"]);
    // A realm the data does not have, and a triumph with no battle fought yet.
    p.refused(&new_battle_args(&["--realm", "Mount Hedonn"]), "Mount Hedon");
    new_battle(&p, &["--realm", "Hysh"]);
    p.refused(
        &[
            "battle",
            "army",
            "1",
            SILKEN,
            "Lord of Pain",
            "--triumph-table",
            "1e",
        ],
        "it has fought no battle yet",
    );
    // Favour needs realms; an option the battlepack does not know.
    p.refused(
        &["campaign", "set", WASTES, "--option", "realms=off"],
        "needs the option 'realms'",
    );
    p.refused(
        &["campaign", "set", WASTES, "--option", "glory-boost"],
        "is not a campaign option",
    );
}

#[test]
fn a_campaign_without_options_refuses_them_and_plays_as_before() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.refused(
        &[
            &common::battle_new_args("1000", "The Ruined Settlement")[..],
            &["--realm", "Ghur"],
        ]
        .concat(),
        "does not play realms",
    );
    p.refused(
        &["roster", "favour", "Hammers of Dawn", "1", "--reason", "x"],
        "does not play favour",
    );
    let shown = p.ok(&["campaign", "show", "Ashen Vale"]);
    assert!(shown.contains("Options: none"), "{shown}");
    let roster = p.ok(&["roster", "show", "Hammers of Dawn"]);
    assert!(!roster.contains("Favour"), "{roster}");
}

#[test]
fn a_club_adds_its_own_realm_and_triumph_table_as_data_files() {
    let p = wastes();
    let dir = p.db().parent().expect("the test folder").join("club-data");
    std::fs::create_dir_all(dir.join("realms")).unwrap();
    std::fs::create_dir_all(dir.join("tables")).unwrap();
    std::fs::write(
        dir.join("realms/brass-citadel.toml"),
        "name = \"Brass Citadel\"\nsummary = \"Our club's table: lava moats.\"\ntriumph_table = \"brass\"\n\n[favour]\ngod = \"SLAANESH\"\nfactions = [\"Hedonites of Slaanesh\"]\nvictory = 2\ndefeat = \"D6\"\n",
    )
    .unwrap();
    std::fs::write(
        dir.join("tables/brass.toml"),
        "id = \"brass\"\nname = \"Brass Triumphs\"\nkind = \"triumph\"\ndice = \"D3\"\n\n[[entries]]\nrolls = [1, 2, 3]\nname = \"Molten Will\"\nsummary = \"Our own.\"\n",
    )
    .unwrap();
    let d = dir.to_str().unwrap();
    fn with<'a>(d: &'a str, args: &[&'a str]) -> Vec<&'a str> {
        [&["--data-dir", d][..], args].concat()
    }
    let with_data = |args: &[&'static str]| with(d, args);
    p.ok(&with_data(&new_battle_args(&["--realm", "brass citadel"])));
    p.ok(&with_data(&[
        "battle",
        "army",
        "1",
        SILKEN,
        "Lord of Pain",
        "Daemonettes",
    ]));
    p.ok(&with_data(&[
        "battle",
        "army",
        "1",
        CULT,
        "Magister",
        "Pink Horrors",
        "--dice",
        "6,1",
    ]));
    p.ok(&with_data(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Silken Host=14",
        "--vp",
        "Cult of Change=4",
    ]));
    p.ok(&with_data(&[
        "aftermath",
        "1",
        SILKEN,
        "--favoured",
        "Daemonettes",
        "--dice",
        "1,1,1",
    ]));
    // The club's realm gives 2 favour for a victory.
    assert_eq!(favour(&p, SILKEN), 2);
    p.ok(&with_data(&new_battle_args(&[])));
    let army = p.json(&with_data(&[
        "battle",
        "army",
        "2",
        SILKEN,
        "Lord of Pain",
        "--triumph-table",
        "Brass Triumphs",
        "--dice",
        "2",
    ]));
    assert_eq!(army["sides"][0]["triumph"]["triumph"], "Molten Will");
    // A broken file is refused, naming it, before anything is read or written.
    std::fs::write(
        dir.join("tables/broken.toml"),
        "id = \"x\"\nname = \"X\"\nkind = \"triumph\"\ndice = \"D6\"\n",
    )
    .unwrap();
    p.refused(
        &with_data(&["campaign", "show", WASTES]),
        "broken.toml: entries: no entry for a roll of 1",
    );
}
