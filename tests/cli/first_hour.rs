//! Issue 41, "the first hour, again": what a new user tripped on. Tables fit the terminal
//! without breaking a word, the help says where the demo keeps its league, the README's
//! commands run in order, and each refusal words its fix as the CLI's own command.

use crate::common;

use common::{ASHEN_VALE, HAMMERS, Ptg, RATS, roster_new};

/// A league whose table is wider than 80 columns: a roster name of two long words.
fn feast() -> Ptg {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.ok(&roster_new(
        "Gutbuster Feast",
        ASHEN_VALE,
        "Ogor Mawtribes",
        "Tyrant",
        "warrior",
        "berserker",
    ));
    p
}

/// Every word of `text`'s table cells, borders taken out.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| "│┆║|\n".contains(c))
        .flat_map(|c| c.split_whitespace().map(str::to_string).collect::<Vec<_>>())
        .collect()
}

#[test]
fn the_league_table_fits_80_100_and_120_columns_without_breaking_a_name() {
    let p = feast();
    for width in ["80", "100", "120"] {
        let out = p
            .cmd(&["campaign", "show", ASHEN_VALE])
            .env("COLUMNS", width)
            .output()
            .expect("ptg runs");
        assert!(out.status.success());
        let text = String::from_utf8_lossy(&out.stdout);
        let cols: usize = width.parse().unwrap();
        for l in text.lines().filter(|l| l.starts_with(['┌', '│', '╞', '└', '├'])) {
            assert!(l.chars().count() <= cols, "{width}: {l:?}\n{text}");
        }
        let words = words(&text);
        for whole in ["Gutbuster", "Feast", "Hammers", "Dawn"] {
            assert!(
                words.iter().any(|w| w == whole),
                "{width}: {whole} broken:\n{text}"
            );
        }
    }
    // Without a width (a pipe, a script), the whole table as before.
    let piped = p.ok(&["campaign", "show", ASHEN_VALE]);
    assert!(piped.contains("Faction") && piped.contains("Quest"), "{piped}");
}

#[test]
fn the_demo_is_said_to_keep_a_database_of_its_own() {
    let p = Ptg::new();
    let demo = p.ok(&["demo", "--help"]);
    let top = p.ok(&["--help"]);
    let man = p.ok(&["man"]);
    for said in [&demo, &top, &man] {
        assert!(!said.contains("in the default database"), "{said}");
    }
    assert!(demo.contains("a database of its own"), "{demo}");
    assert!(top.contains("a database of its own"), "{top}");
}

#[test]
fn help_puts_global_options_under_their_own_heading_and_man_pages_name_ptg() {
    let p = Ptg::new();
    let help = p.ok(&["roster", "afford", "--help"]);
    let (own, global) = help.split_once("Global options:").expect("a heading of its own");
    assert!(own.contains("--all") && !own.contains("--db"), "{help}");
    assert!(global.contains("--db") && global.contains("--json"), "{help}");
    let page = p.ok(&["man", "roster", "afford"]);
    let title = page.lines().find(|l| l.starts_with(".TH")).unwrap_or_default();
    assert!(
        title.contains("\"ptg 0.1.0\"") || title.contains(&format!("\"ptg {}\"", env!("CARGO_PKG_VERSION"))),
        "{title}"
    );
    assert!(!title.contains("afford 0."), "{title}");
}

#[test]
fn a_second_quest_is_refused_with_the_cli_command_that_gives_up_the_first() {
    // The demo's league: its rosters have fought, so set-up is over and a quest can only be
    // given up in an aftermath.
    let p = Ptg::new();
    let db = p.db();
    p.ok(&["demo", "--db", db.to_str().unwrap()]);
    let hammers = "Hammers of Dawn (demo)";
    p.ok(&["quest", "start", hammers, "Search for the Artefact"]);
    let err = p.refused(
        &["quest", "start", hammers, "Search for the Artefact"],
        "already on the quest",
    );
    assert!(!err.contains("(Quest: abandon)"), "{err}");
    assert!(err.contains("--quest abandon"), "{err}");
}

#[test]
fn an_output_that_names_a_folder_says_so_with_or_without_force() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    let folder = p.dir.path().join("sheets");
    std::fs::create_dir(&folder).unwrap();
    let f = folder.to_str().unwrap();
    for args in [
        vec!["roster", "sheet", HAMMERS, "-o", f],
        vec!["roster", "sheet", HAMMERS, "-o", f, "--force"],
        vec!["roster", "sheet", "--template-out", f, "--force"],
        vec!["export", "-o", f, "--force"],
        vec!["backup", f, "--force"],
    ] {
        let err = p.refused(&args, "is a folder; name a file");
        assert!(
            !err.contains("pass --force") && !err.contains("Is a directory"),
            "{err}"
        );
    }
}

#[test]
fn a_battle_id_typed_wrong_is_shown_with_the_command_typed() {
    let p = Ptg::ashen_vale();
    let show = p.refused_cmd(p.cmd(&["battle", "show", "x"]), 2, "is not a battle id");
    assert!(show.contains("`ptg battle show 3`"), "{show}");
    let army = p.refused_cmd(p.cmd(&["battle", "army", "x", HAMMERS]), 2, "is not a battle id");
    assert!(army.contains("`ptg battle army 3 \"Hammers of Dawn\"`"), "{army}");
    let after = p.refused_cmd(p.cmd(&["aftermath", HAMMERS, "3"]), 2, "is not a battle id");
    assert!(after.contains("`ptg aftermath 3 \"Hammers of Dawn\"`"), "{after}");
}

#[test]
fn a_bad_listen_address_gets_an_example() {
    let p = Ptg::new();
    let err = p.refused_cmd(p.cmd(&["serve", "--listen", "bogus"]), 2, "'bogus'");
    assert!(err.contains("--listen 127.0.0.1:8080"), "{err}");
}

#[test]
fn an_unknown_realm_lists_the_realms() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", ASHEN_VALE, "--option", "realms"]);
    p.new_hammers();
    p.new_rats();
    let err = p.refused(
        &[
            "battle",
            "new",
            "--campaign",
            ASHEN_VALE,
            "--points",
            "1000",
            HAMMERS,
            RATS,
            "--realm",
            "Nowhere-at-all",
        ],
        "unknown realm",
    );
    assert!(err.contains("Aqshy") && err.contains("Ghur"), "{err}");
}

/// The commands of a README section's first `sh` block, one per line (a `\` carrying on),
/// comments left out, split as the shell would split simple double-quoted words.
fn readme_commands(section: &str) -> Vec<Vec<String>> {
    let readme = include_str!("../../README.md");
    let at = readme.find(section).expect("the README section");
    let block = &readme[at..];
    let start = block.find("```sh\n").expect("an sh block") + 6;
    let block = &block[start..];
    let block = &block[..block.find("```").expect("its end")];
    let joined = block.replace("\\\n", " ");
    let mut out = Vec::new();
    for line in joined.lines() {
        let mut words = Vec::new();
        let (mut word, mut quoted, mut any) = (String::new(), false, false);
        for c in line.chars() {
            match c {
                '"' => (quoted, any) = (!quoted, true),
                '#' if !quoted && word.is_empty() => break,
                c if c.is_whitespace() && !quoted => {
                    if any {
                        words.push(std::mem::take(&mut word));
                    }
                    any = false;
                }
                c => {
                    word.push(c);
                    any = true;
                }
            }
        }
        if any {
            words.push(word);
        }
        if words.first().map(String::as_str) == Some("ptg") {
            out.push(words[1..].to_vec());
        }
    }
    out
}

#[test]
fn the_readme_sheet_commands_run_in_order() {
    let p = Ptg::new();
    p.ok(&["campaign", "new", ASHEN_VALE, "--option", "realms"]);
    p.new_hammers();
    let commands = readme_commands("## Printable roster sheets");
    assert!(commands.len() >= 6, "{commands:?}");
    for args in commands {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = p.cmd(&args).current_dir(p.dir.path()).output().expect("ptg runs");
        assert!(
            out.status.success(),
            "ptg {args:?} failed:\n{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn the_battleplan_roll_and_the_battleplan_shown_use_one_word() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    let planned = p.ok(&[
        "battle",
        "new",
        "--campaign",
        ASHEN_VALE,
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--dice",
        "2",
    ]);
    assert!(planned.contains("for battleplan table entry: 2"), "{planned}");
    assert!(planned.contains("(battleplan table entry 2)"), "{planned}");
    let rolls = p.ok(&["rolls", "--battle", "1"]);
    assert!(rolls.contains("battleplan table entry"), "{rolls}");
    assert!(rolls.contains("1 roll."), "{rolls}");
}
