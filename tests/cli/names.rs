//! End-to-end: names typed by players (campaign, roster, player, realm, unit names) are
//! refused when they hold control characters, are blank or run past 100 characters, with the
//! database unchanged; names within the rules are stored and shown as typed (issue 13).

use crate::common;

use common::{ASHEN_VALE, HAMMERS, Ptg, roster_new};

const ESC_NAME: &str = "Red\u{1b}[2J\u{1b}[31mTide";

/// `roster new` of the Hammers' warlord, with `extra` arguments and roster `name`.
fn hammers_named<'a>(name: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut args = roster_new(
        name,
        ASHEN_VALE,
        "Stormcast Eternals",
        "Lord-Vigilant on Gryph-stalker",
        "warrior",
        "berserker",
    );
    args.extend_from_slice(extra);
    args
}

#[test]
fn control_characters_are_refused_in_every_kind_of_name() {
    let p = Ptg::ashen_vale();
    p.refused(
        &["campaign", "new", ESC_NAME],
        "campaign name: no control characters allowed (found U+001B at character 4)",
    );
    p.refused(
        &hammers_named("Hammers\nof Dawn", &[]),
        "roster name: no control characters",
    );
    let mut tabbed = hammers_named(HAMMERS, &[]);
    let at = tabbed.iter().position(|a| *a == "Ana").unwrap();
    tabbed[at] = "A\tna";
    p.refused(
        &tabbed,
        "player name: no control characters allowed (found U+0009",
    );
    p.refused(
        &hammers_named(HAMMERS, &["--warlord-name", ESC_NAME]),
        "unit name: no control characters",
    );
    p.refused(
        &hammers_named(HAMMERS, &["--realm", "Ghur\u{7}"]),
        "realm of origin: no control",
    );
    p.new_hammers();
    p.refused(
        &[
            "roster",
            "add",
            HAMMERS,
            "Liberators",
            "--name",
            "Dawn\u{9b}Guard",
        ],
        "unit name: no control characters allowed (found U+009B",
    );
    p.refused(
        &["roster", "realm", HAMMERS, ESC_NAME],
        "realm of origin: no control",
    );
}

#[test]
fn blank_and_overlong_names_are_refused_and_100_characters_kept() {
    let p = Ptg::ashen_vale();
    let long = "N".repeat(10_000);
    p.refused(
        &["campaign", "new", &long],
        "campaign name: 10000 characters is too long; use at most 100",
    );
    p.refused(
        &hammers_named(&long, &[]),
        "roster name: 10000 characters is too long",
    );
    p.refused(
        &hammers_named(HAMMERS, &["--realm", &long]),
        "realm of origin: 10000 characters is too long",
    );
    p.new_hammers();
    p.refused(
        &["roster", "add", HAMMERS, "Liberators", "--name", "   "],
        "unit name: must not be blank",
    );
    let over = "é".repeat(101);
    p.refused(
        &["roster", "add", HAMMERS, "Liberators", "--name", &over],
        "unit name: 101 characters is too long",
    );
    let most = "é".repeat(100);
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", &most]);
    p.ok(&["roster", "realm", HAMMERS, "  Ghur, the Realm of Beasts  "]);
    let shown = p.json(&["roster", "show", HAMMERS]);
    assert_eq!(shown["realm"], "Ghur, the Realm of Beasts");
    let units = shown["units"].as_array().unwrap();
    assert!(units.iter().any(|u| u["name"] == most.as_str()), "{shown}");
}

#[test]
fn names_fold_case_by_unicode_rules() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", "Éclat Vale"]);
    p.refused(
        &["campaign", "new", "éCLAT vale"],
        "a campaign called 'Éclat Vale' already exists",
    );
    let mut args = roster_new(
        "Épée de Dûr",
        "ÉCLAT VALE",
        "Stormcast Eternals",
        "Lord-Vigilant on Gryph-stalker",
        "warrior",
        "berserker",
    );
    args.push("--realm");
    args.push("Ghyran");
    p.ok(&args);
    p.ok(&[
        "roster",
        "add",
        "ÉPÉE DE DÛR",
        "Liberators",
        "--name",
        "Œil Guard",
    ]);
    // The unit's own name, typed in another case, names it.
    p.ok(&[
        "quest",
        "start",
        "épée de dûr",
        "Seek Glory in Battle",
        "--unit",
        "œil GUARD",
    ]);
    let shown = p.json(&["roster", "show", "épée de dûr"]);
    assert_eq!(shown["quest"]["unit"], 2, "{shown}");
}

#[test]
fn did_you_mean_tries_without_accents_and_punctuation() {
    let p = Ptg::ashen_vale();
    p.ok(&roster_new(
        "Deep Tide",
        ASHEN_VALE,
        "Idoneth Deepkin",
        "Akhelian King",
        "warrior",
        "berserker",
    ));
    let err = p.refused(
        &["roster", "add", "Deep Tide", "eidolon mathlann"],
        "did you mean 'Eidolon of Mathlann, Aspect of the Sea' or 'Eidolon of Mathlann, Aspect of the Storm'",
    );
    assert!(err.contains("eidolon mathlann"), "{err}");
    p.refused(&["roster", "show", "Deep-Tide!"], "did you mean 'Deep Tide'");
}

#[test]
fn the_bsdata_spellings_players_copy_name_the_books_rules() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&["roster", "add", HAMMERS, "Liberators", "--name", "Dawn Guard"]);
    // BSData: "Seek Glory In Battle"; the book: "Seek Glory in Battle".
    p.ok(&[
        "quest",
        "start",
        HAMMERS,
        "Seek Glory In Battle",
        "--unit",
        "Dawn Guard",
    ]);
    let shown = p.json(&["roster", "show", HAMMERS]);
    assert_eq!(shown["quest"]["quest"], "Seek Glory in Battle", "{shown}");
}
