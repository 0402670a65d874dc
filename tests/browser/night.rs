//! A whole league night on phones (issue #32, "Done means"), in headless Chromium through
//! WebDriver at 390 × 844, tapping, picking, ticking and typing as people do: the organiser
//! makes the campaign from `ptg serve`'s set-up link; two players join from the join link sent
//! to the club's chat (another site), one pasting their army list, the other adding units from
//! the picker; the organiser plans a battle; each player records their army; a player rolls a
//! round's twist; the organiser records the result; each player runs their aftermath, buying a
//! unit with the glory it earned; a unit reaching a rank picks its ability; a player undoes
//! their aftermath and runs it again. Every page seen passes the phone checks of
//! `browser_support/checks.rs`, and every form's page reloaded writes nothing more.
//!
//! The dice are the ones rolled at the table, typed into the forms' dice fields as players
//! do, so the night is the same every time. The same steps through the `ptg` binary with the
//! same dice (`--dice`) on a twin database end with the same league: the league table, each
//! roster, the battle, the history and the dice log.

use crate::browser_support;
use crate::common;

use browser_support::walk::{Walk, find, pick, retype, tap_and_wait, text_of, tick, tick_in, unfold};
use browser_support::{CHROMEDRIVER, CHROMIUM, Chromedriver, browser_here, phone, serve_with};
use browser_support::{seen, tap_from_elsewhere, type_into};
use common::twin::assert_same_league;
use common::{HAMMERS, Ptg, RATS, fixture};
use fantoccini::Client;
use std::time::Instant;

const LEAGUE: &str = "Ashen Vale";
/// Hammers of Dawn's army list, as the app exports it: its warlord (the general, with a heroic
/// trait), reinforced Liberators, Vindictors and a Knight-Arcanum with an artefact.
const LIST: &str = "lists/ptg-hammers-app.txt";

/// The dice rolled at the table, typed into the web's forms and given to the CLI's `--dice`.
/// Planning: the battleplan table's D6 (4: The Ambush).
const PLAN_DICE: &str = "4";
/// The Rat Tide's army, the second in: the generals are level at 5 renown, so they roll off
/// for territories (Hammers 6, Rat Tide 1).
const ROLL_OFF_DICE: &str = "6,1";
/// Round 2's twist, the Rat Tide its underdog: the D3 of the battleplan's twist table.
const TWIST_DICE: &str = "3";
/// The Hammers' aftermath: a D3 of renown for each of its four units that survived, then the
/// favoured Liberators' D6 (3 + 6: they reach Aspiring).
const HAMMERS_DICE: &str = "1,3,2,1,6";
/// The Rat Tide's aftermath: its Stormvermin survived (D3) and are favoured (D6).
const RATS_DICE: &str = "2,1";

/// Field names of the pages' forms, as a person finds them by their labels.
const PLAN: &str = "form[action$='/battles']";
const ARMY: &str = "form[action$='/army']";
const TWIST: &str = "form[action$='/twist']";
const RESULT: &str = "form[action$='/result']";
const AFTERMATH: &str = "form[action$='/aftermath']";

#[tokio::test]
async fn a_league_night_on_phones_ends_as_the_same_night_on_the_command_line() {
    if !browser_here(
        "a_league_night_on_phones_ends_as_the_same_night_on_the_command_line",
        &[CHROMIUM, CHROMEDRIVER],
    ) {
        return;
    }
    let started = Instant::now();
    let web = Ptg::new();
    web.ok(&["data", "status"]); // the database's folder and file, empty of campaigns
    let (server, setup) = serve_with(&web, &[]);
    let setup = setup.expect("with no campaign, ptg serve prints a set-up link");
    let driver = Chromedriver::start();
    let profiles: Vec<_> = (0..3).map(|_| tempfile::tempdir().expect("a profile")).collect();
    let organiser = phone(&driver, profiles[0].path()).await;
    let bea = phone(&driver, profiles[1].path()).await;
    let cal = phone(&driver, profiles[2].path()).await;
    // The first campaign of a fresh database.
    let mut walk = Walk::new(&web, &server.url, "/campaigns/1");

    start(&mut walk, &organiser, &setup).await;
    let join = join_link(&mut walk, &organiser).await;
    join_with(&mut walk, &bea, &join, ("Stormcast Eternals", "Bea", HAMMERS)).await;
    paste_the_list(&mut walk, &bea).await;
    join_with(&mut walk, &cal, &join, ("Skaven", "Cal", RATS)).await;
    for unit in ["Clanrats", "Stormvermin"] {
        pick(&cal, "select[name=warscroll]", unit).await;
        walk.send(&cal, "form[action$='/units'] button", &format!("{unit} added"))
            .await;
    }

    plan(&mut walk, &organiser).await;
    record_army(&mut walk, &bea, HAMMERS, &units(HAMMERS), "").await;
    record_army(&mut walk, &cal, RATS, &units(RATS), ROLL_OFF_DICE).await;
    // Bea rolls round 2's twist on the battle's page.
    to_the_battle(&mut walk, &bea, HAMMERS, "play it").await;
    pick(&bea, &format!("{TWIST} select[name=round]"), "2").await;
    pick(&bea, &format!("{TWIST} select[name=underdog]"), RATS).await;
    type_into(&bea, &format!("{TWIST} input[name=dice]"), TWIST_DICE).await;
    walk.send(&bea, &format!("{TWIST} button"), "twist").await;
    let twists = seen(&bea).await;
    assert!(twists.contains("Round 2: Storm the Enemy (Rat Tide)"), "{twists}");
    record_result(&mut walk, &organiser).await;

    // Bea's aftermath buys Aetherwings with the glory the victory earned; her Liberators reach
    // Aspiring and walk the Path of the Defender.
    aftermath(
        &mut walk,
        &bea,
        HAMMERS,
        ("Liberators", Some("Aetherwings"), HAMMERS_DICE),
    )
    .await;
    walk.tap_link(&bea, "/rosters/1", "Hammers of Dawn (a rank reached)")
        .await;
    let defender = "form[action$='/rank']:has(input[name=path][value=defender])";
    pick(
        &bea,
        &format!("{defender} select[name=ability]"),
        "Hardened Resolve",
    )
    .await;
    walk.send(&bea, &format!("{defender} button"), "rank chosen")
        .await;
    let roster = seen(&bea).await;
    assert!(
        roster.contains("Path of the Defender\nHardened Resolve: "),
        "{roster}"
    );

    // Cal runs his aftermath, sees he forgot to buy his Clawlord, undoes it on his roster's page
    // and runs it again.
    aftermath(&mut walk, &cal, RATS, ("Stormvermin", None, RATS_DICE)).await;
    walk.tap_link(&cal, "/rosters/2", "Rat Tide (its aftermath to undo)")
        .await;
    let undo = "form[action$='/undo']";
    let named = text_of(&cal, undo).await.unwrap_or_default();
    assert!(named.contains("Aftermath of battle 1 for Rat Tide"), "{named}");
    walk.send(&cal, &format!("{undo} button"), "aftermath undone")
        .await;
    let roster = seen(&cal).await;
    assert!(
        roster.contains("Glory: 0"),
        "the glory it earned is taken back: {roster}"
    );
    aftermath(
        &mut walk,
        &cal,
        RATS,
        ("Stormvermin", Some("Clawlord"), RATS_DICE),
    )
    .await;
    walk.tap_link(&organiser, "/campaigns/1", "league (the night done)")
        .await;

    for c in [organiser, bea, cal] {
        c.close().await.expect("Chromium quits");
    }
    drop(driver);
    drop(server);
    let browsed = started.elapsed();
    let cli = cli_twin();
    same_league(&web, &cli);
    web.ok(&["audit"]);
    eprintln!(
        "{} pages checked, {} forms sent and reloaded, in {:.1} s (the CLI twin: {:.1} s more)",
        walk.pages,
        walk.forms,
        browsed.as_secs_f64(),
        (started.elapsed() - browsed).as_secs_f64()
    );
    assert!(
        walk.failures.is_empty(),
        "{} problems on a phone:\n{}",
        walk.failures.len(),
        walk.failures.join("\n")
    );
}

/// The units each roster takes to the battle: its whole Order of Battle.
fn units(roster: &str) -> Vec<&'static str> {
    match roster {
        HAMMERS => vec![
            "Lord-Vigilant on Gryph-stalker",
            "Liberators",
            "Vindictors",
            "Knight-Arcanum",
        ],
        _ => vec!["Grey Seer", "Clanrats", "Stormvermin"],
    }
}

/// The organiser opens the set-up link and makes the campaign, landing signed in on the
/// organiser's page.
async fn start(walk: &mut Walk<'_>, c: &Client, setup: &str) {
    c.goto(setup).await.expect("open the set-up link");
    walk.look_at(c, "set-up", Some("/"), false).await;
    type_into(c, "input[name=name]", LEAGUE).await;
    let made = walk.send(c, "form button", "campaign made").await;
    assert!(made.contains("Campaign Ashen Vale made"), "{made}");
}

/// The organiser makes a join link on their page and copies it from there.
async fn join_link(walk: &mut Walk<'_>, c: &Client) -> String {
    let made = walk
        .send(c, "form[action$='/join-link'] button", "join link made")
        .await;
    let at = made.find("/join/").expect("the join link on the page");
    let start = made[..at].rfind("http").expect("its address");
    made[start..]
        .split_whitespace()
        .next()
        .expect("the link")
        .to_string()
}

/// A player taps the join link in the club's chat, picks their faction, then (as `player`)
/// names their roster `roster`, picks its warlord and Path, and lands signed in on its page.
async fn join_with(
    walk: &mut Walk<'_>,
    c: &Client,
    link: &str,
    (faction, player, roster): (&str, &str, &str),
) {
    tap_from_elsewhere(c, link).await;
    let league = walk.league.clone();
    walk.look_at(c, "join: the faction", Some(&league), false).await;
    pick(c, "select[name=faction]", faction).await;
    tap_and_wait(c, "form button").await;
    walk.look_at(c, "join: the roster", Some(&league), false).await;
    type_into(c, "input[name=player]", player).await;
    type_into(c, "input[name=name]", roster).await;
    let (warlord, path) = match roster {
        HAMMERS => (
            "Lord-Vigilant on Gryph-stalker",
            "Path of the Warrior — Berserker",
        ),
        _ => ("Grey Seer", "Path of the Mage — Dedicated Practitioner"),
    };
    pick(c, "select[name=warlord]", warlord).await;
    pick(c, "select[name=path_ability]", path).await;
    let welcome = walk
        .send(c, "form[method=post] button", &format!("{roster} joined"))
        .await;
    assert!(welcome.contains("Welcome: your roster is made"), "{welcome}");
}

/// Bea pastes her army list into her roster, still in set-up.
async fn paste_the_list(walk: &mut Walk<'_>, c: &Client) {
    let list = std::fs::read_to_string(fixture(LIST)).expect("the list");
    unfold(c, "Import an army list").await;
    type_into(c, "textarea[name=list]", &list).await;
    let imported = walk
        .send(c, "form[action$='/import'] button", "list imported")
        .await;
    assert!(imported.contains("Hammers of Dawn now has 4 units"), "{imported}");
}

/// The organiser plans the battle on the league page: Hammers of Dawn v Rat Tide at 2000
/// points, the battleplan rolled at the table.
async fn plan(walk: &mut Walk<'_>, c: &Client) {
    walk.tap_link(c, "/campaigns/1", "league (to plan)").await;
    pick(c, &format!("{PLAN} select[name=a]"), HAMMERS).await;
    pick(c, &format!("{PLAN} select[name=b]"), RATS).await;
    retype(c, &format!("{PLAN} input[name=points]"), "2000").await;
    pick(c, &format!("{PLAN} select[name=battleplan]"), "rolled").await;
    type_into(c, &format!("{PLAN} input[name=dice]"), PLAN_DICE).await;
    walk.send(c, &format!("{PLAN} button"), "battle planned").await;
}

/// A player taps their roster in the bar on top, and there the battle in its What's next
/// (which says `waits`).
async fn to_the_battle(walk: &mut Walk<'_>, c: &Client, roster: &str, waits: &str) {
    let mine = if roster == HAMMERS {
        "/rosters/1"
    } else {
        "/rosters/2"
    };
    walk.tap_link(c, mine, &format!("{roster} ({waits})")).await;
    let next = text_of(c, "section.next").await.unwrap_or_default();
    assert!(next.contains(waits), "{roster}'s What's next: {next}");
    walk.tap_link(c, "/battles/1", &format!("battle ({roster}: {waits})"))
        .await;
}

/// A player follows their roster's What's next to the battle and records their army.
async fn record_army(walk: &mut Walk<'_>, c: &Client, roster: &str, units: &[&str], dice: &str) {
    to_the_battle(walk, c, roster, "record your army").await;
    for unit in units {
        tick(c, ARMY, unit).await;
    }
    if !dice.is_empty() {
        type_into(c, &format!("{ARMY} input[name=dice]"), dice).await;
    }
    walk.send(c, &format!("{ARMY} button"), &format!("{roster}'s army"))
        .await;
}

/// The organiser records the result on the battle's page: 14 to 8, the Rat Tide's general
/// slain, its Clanrats destroyed, and the Liberators slew a HERO.
async fn record_result(walk: &mut Walk<'_>, c: &Client) {
    walk.tap_link(c, "/campaigns/1", "league (both armies in)").await;
    walk.tap_link(c, "/battles/1", "battle (the result)").await;
    type_into(c, &format!("{RESULT} input[name=vp_a]"), "14").await;
    type_into(c, &format!("{RESULT} input[name=vp_b]"), "8").await;
    find(c, &format!("{RESULT} input[name=general_slain_b]"))
        .await
        .click()
        .await
        .expect("tick the general slain");
    tick_in(c, RESULT, "Units destroyed", &format!("{RATS}: Clanrats")).await;
    tick_in(
        c,
        RESULT,
        "Units that slew a HERO or MONSTER",
        &format!("{HAMMERS}: Liberators"),
    )
    .await;
    walk.send(c, &format!("{RESULT} button"), "result").await;
}

/// A player runs their aftermath on the battle's page: `favoured`, a unit to buy, the dice.
async fn aftermath(
    walk: &mut Walk<'_>,
    c: &Client,
    roster: &str,
    (favoured, buy, dice): (&str, Option<&str>, &str),
) {
    to_the_battle(walk, c, roster, "run your aftermath").await;
    tick_in(c, AFTERMATH, "Favoured warriors", favoured).await;
    if let Some(unit) = buy {
        pick(c, &format!("{AFTERMATH} select[name=add_unit]"), unit).await;
    }
    type_into(c, &format!("{AFTERMATH} input[name=dice]"), dice).await;
    let done = walk
        .send(
            c,
            &format!("{AFTERMATH} button"),
            &format!("{roster}'s aftermath"),
        )
        .await;
    assert!(
        done.contains(&format!("Aftermath of battle 1 for {roster}")),
        "{done}"
    );
    if let Some(unit) = buy {
        assert!(
            done.contains(&format!("{unit} joined the Order of Battle")),
            "{done}"
        );
    }
    assert_eq!(text_of(c, AFTERMATH).await, None, "the form is gone once run");
}

/// The same night through the `ptg` binary, step for step, with the same dice.
fn cli_twin() -> Ptg {
    let p = Ptg::new();
    p.ok(&["campaign", "new", LEAGUE]);
    for (roster, player, faction, warlord, path, ability) in [
        (
            HAMMERS,
            "Bea",
            "Stormcast Eternals",
            "Lord-Vigilant on Gryph-stalker",
            "warrior",
            "berserker",
        ),
        (
            RATS,
            "Cal",
            "Skaven",
            "Grey Seer",
            "mage",
            "dedicated-practitioner",
        ),
    ] {
        p.ok(&[
            "roster",
            "new",
            roster,
            "--campaign",
            LEAGUE,
            "--player",
            player,
            "--faction",
            faction,
            "--warlord",
            warlord,
            "--path",
            path,
            "--ability",
            ability,
        ]);
        if roster == HAMMERS {
            let list = fixture(LIST);
            p.ok(&[
                "roster",
                "import",
                list.to_str().expect("a path"),
                "--into",
                HAMMERS,
            ]);
        }
    }
    for unit in ["Clanrats", "Stormvermin"] {
        p.ok(&["roster", "add", RATS, unit]);
    }
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        LEAGUE,
        "--points",
        "2000",
        HAMMERS,
        RATS,
        "--dice",
        PLAN_DICE,
    ]);
    p.ok(&[&["battle", "army", "1", HAMMERS][..], &units(HAMMERS)].concat());
    p.ok(&[
        &["battle", "army", "1", RATS][..],
        &units(RATS),
        &["--dice", ROLL_OFF_DICE],
    ]
    .concat());
    p.ok(&[
        "battle",
        "twist",
        "1",
        "--round",
        "2",
        "--underdog",
        RATS,
        "--dice",
        TWIST_DICE,
    ]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        &format!("{HAMMERS}=14"),
        "--vp",
        &format!("{RATS}=8"),
        "--general-slain",
        RATS,
        "--destroyed",
        "Clanrats",
        "--slew-hero-or-monster",
        "Liberators",
    ]);
    let aftermath = |roster: &str, favoured: &str, buy: &[&str], dice: &str| {
        let args = ["aftermath", "1", roster, "--favoured", favoured, "--dice", dice];
        p.ok(&[&args[..], buy].concat());
    };
    aftermath(
        HAMMERS,
        "Liberators",
        &["--add-unit", "Aetherwings"],
        HAMMERS_DICE,
    );
    p.ok(&[
        "rank",
        "choose",
        HAMMERS,
        "Liberators",
        "Hardened Resolve",
        "--path",
        "defender",
    ]);
    aftermath(RATS, "Stormvermin", &[], RATS_DICE);
    p.ok(&["undo", "--roster", RATS]);
    aftermath(RATS, "Stormvermin", &["--add-unit", "Clawlord"], RATS_DICE);
    p
}

/// Asserts the two databases hold the same league: the league table, each roster, the battle,
/// the history and the dice log, as the CLI's `--json` shows them.
fn same_league(web: &Ptg, cli: &Ptg) {
    let reads: [&[&str]; 6] = [
        &["campaign", "show", LEAGUE],
        &["roster", "show", HAMMERS],
        &["roster", "show", RATS],
        &["battle", "show", "1"],
        &["history"],
        &["rolls"],
    ];
    assert_same_league(web, cli, &reads);
    // Every step is in both: the campaign made, 2 rosters made, a list imported, 2 units
    // added, the battle planned, 2 armies, the twist, the result, 3 aftermaths, the rank and
    // the undo.
    let history = web.json(&["history"]);
    assert_eq!(history.as_array().map(Vec::len), Some(16), "{history:#}");
}
