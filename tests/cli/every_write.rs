//! Every write is a change set (issue 38, item 8): each writing command of the CLI adds exactly
//! one change set, history shows it under the command's name, and `ptg undo` right after it
//! puts the league's rows back as they were (or, for a roster's or a campaign's creation, is
//! refused with the database unchanged). The API's writing routes: `tests/serve/every_write_api.rs`.

use crate::common;

use common::league::SILKEN;
use common::sets::{change_sets, copy_of, league_rows, newest_command, three_rosters};
use common::{ASHEN_VALE, HAMMERS, Ptg, RATS};

/// What `ptg undo` does right after a command.
enum Undo<'a> {
    /// Undo with these arguments takes the league's rows back to what they were before it.
    Reverses(&'a [&'a str]),
    /// Undo is refused with this message, and changes nothing.
    Refused(&'a str),
}

use Undo::{Refused, Reverses};

/// `ptg undo` of the database's latest command.
const UNDO: &[&str] = &["undo", "--yes"];

/// Runs `args` on `p`: one change set more, written as `command`; then, on a copy, what undo
/// does right after it. `p` keeps the command.
fn step(p: &Ptg, command: &str, args: &[&str], undo: Undo) {
    let (sets, rows) = (change_sets(p), league_rows(p));
    p.ok(args);
    assert_eq!(change_sets(p), sets + 1, "{args:?} adds exactly one change set");
    assert_eq!(newest_command(p), command, "{args:?} is logged as {command}");
    let copy = copy_of(p);
    match undo {
        Reverses(how) => {
            copy.ok(how);
            assert_eq!(
                league_rows(&copy),
                rows,
                "{how:?} right after {args:?} reverses it"
            );
            assert_eq!(
                change_sets(&copy),
                sets + 2,
                "the undo is a change set of its own"
            );
        }
        Refused(why) => {
            copy.refused(UNDO, why);
        }
    }
}

/// `ptg undo --roster R`.
fn undo_roster(roster: &str) -> Vec<&str> {
    vec!["undo", "--roster", roster]
}

/// A list file holding `text`, in `p`'s folder.
fn list_file(p: &Ptg, name: &str, text: &str) -> String {
    let file = p.dir.path().join(name);
    std::fs::write(&file, text).expect("write the list");
    file.to_str().unwrap().to_string()
}

/// Every writing command of the CLI, in the order a league uses them: campaign, rosters and
/// their set-up, a battle from planning to both aftermaths, the rank it earned, then the
/// organiser's renames and deletions.
#[test]
fn every_writing_command_is_one_change_set_that_undo_reverses() {
    let p = Ptg::new();
    let campaign = [
        "campaign",
        "new",
        ASHEN_VALE,
        "--option",
        "realms,favour,sudden-death",
    ];
    step(&p, "campaign new", &campaign, Refused("cannot remove a campaign"));
    let legends = ["campaign", "set", ASHEN_VALE, "--legends", "on"];
    step(&p, "campaign set", &legends, Reverses(UNDO));
    // A setting the campaign has already writes nothing, and says so.
    let sets = change_sets(&p);
    p.ok(&legends);
    assert_eq!(change_sets(&p), sets, "nothing changed, nothing logged");

    for new in three_rosters() {
        step(&p, "roster new", &new, Refused("cannot remove a roster"));
    }

    // Set-up.
    let hammers = undo_roster(HAMMERS);
    let add = ["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"];
    step(&p, "roster add", &add, Reverses(&hammers));
    step(
        &p,
        "roster add",
        &["roster", "add", RATS, "Clanrats"],
        Reverses(UNDO),
    );
    step(
        &p,
        "roster add",
        &["roster", "add", HAMMERS, "Knight-Arcanum"],
        Reverses(UNDO),
    );
    step(
        &p,
        "roster add",
        &["roster", "add", HAMMERS, "Vindictors"],
        Reverses(UNDO),
    );
    let remove = ["roster", "remove", HAMMERS, "Vindictors"];
    step(&p, "roster remove", &remove, Reverses(&hammers));
    let spell = ["roster", "lore", HAMMERS, "add", "spell", "Lightning Blast"];
    step(&p, "roster lore add", &spell, Reverses(&hammers));
    let enhance = ["roster", "enhance", HAMMERS, "Knight-Arcanum", "Mirrorshield"];
    step(&p, "roster enhance", &enhance, Reverses(&hammers));
    let quest = [
        "quest",
        "start",
        HAMMERS,
        "Seek Glory in Battle",
        "--unit",
        "Dawn Guard",
    ];
    step(&p, "quest start", &quest, Reverses(&hammers));
    let silken_list = list_file(&p, "silken.txt", "Hedonites of Slaanesh\n* Daemonettes (130)\n");
    let import = ["roster", "import", silken_list.as_str(), "--into", SILKEN];
    step(&p, "roster import", &import, Reverses(&undo_roster(SILKEN)));
    let favour = ["roster", "favour", SILKEN, "2", "--reason", "club rule"];
    step(&p, "roster favour", &favour, Reverses(UNDO));

    // Issue 38, item 8: the realm of origin, set, changed and cleared, each undone by the
    // roster's own undo (which before took back the roster's previous command instead).
    for realm in [&["Ghur"][..], &["Aqshy"], &["--clear"]] {
        let args = [&["roster", "realm", HAMMERS][..], realm].concat();
        step(&p, "roster realm", &args, Reverses(&hammers));
    }
    step(
        &p,
        "roster realm",
        &["roster", "realm", HAMMERS, "Ghur"],
        Reverses(&hammers),
    );
    let sets = change_sets(&p);
    let same = p.ok(&["roster", "realm", HAMMERS, "Ghur"]);
    assert!(same.contains("already; nothing changed"), "{same}");
    assert_eq!(change_sets(&p), sets, "the realm it has already: nothing logged");
    let history = p.ok(&["history", "--roster", HAMMERS]);
    assert!(
        history.contains("roster realm: Hammers of Dawn hails from Ghur")
            && history.contains("realm of origin: Aqshy (was Ghur)")
            && history.contains("realm of origin cleared (was Aqshy)"),
        "history shows each realm change:\n{history}"
    );

    // A battle, planned to its aftermaths. Hammers of Dawn (6 models) are outnumbered by Rat
    // Tide (21), so they pick a sudden death objective.
    let plan = [
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ruined Settlement",
        "--roll-realm",
        "--dice",
        "6,1",
    ];
    step(&p, "battle new", &plan, Reverses(UNDO));
    step(
        &p,
        "battle realm",
        &["battle", "realm", "1", "Ghur"],
        Reverses(UNDO),
    );
    let army = [
        "battle",
        "army",
        "1",
        HAMMERS,
        "Lord-Vigilant on Gryph-stalker",
        "Dawn Guard",
    ];
    step(&p, "battle army", &army, Reverses(&hammers));
    let army = [
        "battle",
        "army",
        "1",
        RATS,
        "Grey Seer",
        "Clanrats",
        "--dice",
        "6,1",
    ];
    step(&p, "battle army", &army, Reverses(&undo_roster(RATS)));
    let twist = [
        "battle",
        "twist",
        "1",
        "--round",
        "2",
        "--underdog",
        HAMMERS,
        "--dice",
        "2",
    ];
    step(&p, "battle twist", &twist, Reverses(UNDO));
    let objective = [
        "battle",
        "sudden-death",
        "1",
        HAMMERS,
        "Assassinate",
        "--target",
        "Grey Seer",
    ];
    step(&p, "battle sudden-death", &objective, Reverses(UNDO));
    let (h, r) = (format!("{HAMMERS}=14"), format!("{RATS}=8"));
    let result = ["battle", "result", "1", "--vp", &h, "--vp", &r];
    step(&p, "battle result", &result, Reverses(UNDO));
    let h13 = format!("{HAMMERS}=13");
    let corrected = ["battle", "result", "1", "--vp", &h13, "--vp", &r, "--correct"];
    step(&p, "battle result --correct", &corrected, Reverses(UNDO));
    let aftermath = [
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Dawn Guard",
        "--dice",
        "2,3,4,2",
    ];
    step(&p, "aftermath", &aftermath, Reverses(&hammers));
    let aftermath = [
        "aftermath",
        "1",
        RATS,
        "--favoured",
        "Clanrats",
        "--dice",
        "3,2,6",
    ];
    step(&p, "aftermath", &aftermath, Reverses(&undo_roster(RATS)));
    let rank = [
        "rank",
        "choose",
        HAMMERS,
        "Dawn Guard",
        "battle-fury",
        "--path",
        "attacker",
    ];
    step(&p, "rank choose", &rank, Reverses(&hammers));

    // The organiser's tidy-up.
    step(
        &p,
        "roster rename",
        &["roster", "rename", RATS, "Rat King"],
        Reverses(UNDO),
    );
    step(&p, "roster delete", &["roster", "delete", SILKEN], Reverses(UNDO));
    let rename = ["campaign", "rename", ASHEN_VALE, "Ashen Peaks"];
    step(&p, "campaign rename", &rename, Reverses(UNDO));
    let delete = ["campaign", "delete", "Ashen Peaks", "--force"];
    step(&p, "campaign delete", &delete, Reverses(UNDO));

    // Undo itself is one change set (the next undo takes back the command before it).
    let sets = change_sets(&p);
    p.ok(UNDO);
    assert_eq!(change_sets(&p), sets + 1);
    assert_eq!(newest_command(&p), "undo");

    let history = p.ok(&["history"]);
    for command in [
        "campaign new",
        "campaign set",
        "roster new",
        "roster add",
        "roster remove",
        "roster lore add",
        "roster enhance",
        "quest start",
        "roster import",
        "roster favour",
        "roster realm",
        "battle new",
        "battle realm",
        "battle army",
        "battle twist",
        "battle sudden-death",
        "battle result",
        "aftermath",
        "rank choose",
        "roster rename",
        "roster delete",
        "campaign rename",
        "campaign delete",
        "undo",
    ] {
        assert!(
            history.contains(&format!(" {command}: ")),
            "history shows {command}"
        );
    }
}

/// `roster import` as a new roster is `roster new` and `roster import` in one transaction: two
/// change sets, so undo takes the list's units back and keeps the roster (whose creation undo
/// refuses, as `roster new`'s).
#[test]
fn importing_a_new_roster_is_its_creation_and_its_import() {
    let p = Ptg::ashen_vale();
    let list = list_file(
        &p,
        "hammers.txt",
        "Stormcast Eternals\n* Lord-Vigilant on Gryph-stalker (120) (General)\n* Liberators (90)\n",
    );
    let mut args = common::import_args(&list);
    args.extend(["--name".into(), HAMMERS.into()]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let sets = change_sets(&p);
    p.ok(&args);
    assert_eq!(change_sets(&p), sets + 2);
    assert_eq!(newest_command(&p), "roster import");
    p.ok(&undo_roster(HAMMERS));
    let units = p.json(&["roster", "show", HAMMERS])["units"].clone();
    assert_eq!(
        units.as_array().map(Vec::len),
        Some(1),
        "the warlord stays: {units}"
    );
    p.refused(&undo_roster(HAMMERS), "cannot remove a roster");
}

/// What writes no change set: the server's invites (links to the pages, not league data) and
/// a failed or refused command.
#[test]
fn invites_and_refusals_write_no_change_set() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let sets = change_sets(&p);
    let made = p.json(&["invite", ASHEN_VALE, "--roster", HAMMERS]);
    p.ok(&["invite", ASHEN_VALE, "--organiser"]);
    let id = made["invite"]["id"].to_string();
    p.ok(&["invite", ASHEN_VALE, "--revoke", &id]);
    p.refused(&["roster", "realm", HAMMERS, "Gh\u{1b}ur"], "realm of origin");
    assert_eq!(change_sets(&p), sets);
}
