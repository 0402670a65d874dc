//! End-to-end: the dice a command is given must be exactly the dice it rolls. A typed list
//! too short or too long is refused saying how many the step needs; dice asked at the table
//! are asked again after a typo, from a pipe as from a terminal; `q` or input that ends early
//! cancels. Every refusal leaves the database unchanged.

use crate::common;

use common::{Fixture, HAMMERS, Ptg, RATS};

/// Battle 1 (1000 points, The Ruined Settlement) fought: Hammers of Dawn (Lord-Vigilant,
/// Liberators) won 10-3 over Rat Tide; nothing destroyed. The Hammers' aftermath rolls 3
/// dice: a D3 for each survivor (Lord-Vigilant, Liberators) and the favoured warriors' D6.
static FOUGHT: Fixture = Fixture::new(|| {
    let p = Ptg::small_battle();
    let hammers_vp = format!("{HAMMERS}=10");
    let rats_vp = format!("{RATS}=3");
    p.ok(&["battle", "result", "1", "--vp", &hammers_vp, "--vp", &rats_vp]);
    p
});

fn aftermath(dice: &str) -> Vec<&str> {
    vec![
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--dice",
        dice,
    ]
}

fn renown(p: &Ptg, warscroll: &str) -> i64 {
    let roster = p.json(&["roster", "show", HAMMERS]);
    common::named(&roster["units"], "warscroll", warscroll)["renown"]
        .as_i64()
        .expect("renown")
}

#[test]
fn a_typed_dice_list_must_hold_exactly_the_dice_the_step_rolls() {
    let p = FOUGHT.copy();
    let needs = "this aftermath needs 3 dice (D3 renown for Lord-Vigilant on Gryph-stalker, \
                 D3 renown for Liberators, D6 favoured warriors: Liberators)";
    let err = p.refused(&aftermath("2,3"), needs);
    assert!(err.contains("2 were typed"), "{err}");
    let err = p.refused(&aftermath("2,3,4,5"), needs);
    assert!(err.contains("1 typed-in die was not needed"), "{err}");
    // Recording the second army of a battle: the generals' renown is tied, so a roll-off
    // picks who chooses territories, and a tie would roll again: at least 2 dice.
    p.ok(&[
        "battle",
        "new",
        "--campaign",
        common::ASHEN_VALE,
        "--points",
        "1000",
        HAMMERS,
        RATS,
        "--battleplan",
        "The Ruined Settlement",
    ]);
    p.ok(&["battle", "army", "2", HAMMERS, "Lord-Vigilant on Gryph-stalker"]);
    p.refused(
        &["battle", "army", "2", RATS, "Grey Seer", "--dice", "6"],
        "recording this army needs at least 2 dice",
    );
    p.ok(&aftermath("2,3,4"));
    assert_eq!(renown(&p, "Liberators"), 3 + 4);
}

#[test]
fn an_asked_die_is_asked_again_until_it_is_one_face_of_the_die() {
    let p = FOUGHT.copy();
    let out = p
        .cmd(&aftermath("ask"))
        .write_stdin("7\n3,1\nx\n2\n3\n4\n")
        .output()
        .expect("ptg runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("7 cannot be rolled on a D3"), "{stderr}");
    assert!(stderr.contains("'3,1' is more than one die"), "{stderr}");
    assert!(stderr.contains("'x' is not a die result"), "{stderr}");
    // The Lord-Vigilant's D3 was asked four times and is 2; then 3 and the D6's 4.
    assert_eq!(renown(&p, "Lord-Vigilant on Gryph-stalker"), 5 + 2);
    assert_eq!(renown(&p, "Liberators"), 3 + 4);
}

#[test]
fn q_or_input_ending_early_cancels_the_asked_dice_with_nothing_saved() {
    let p = FOUGHT.copy();
    let mut quit = p.cmd(&aftermath("ask"));
    quit.write_stdin("2\n9\nq\n");
    p.refused_cmd(quit, 1, "cancelled at the prompt; nothing was saved");
    let mut ended = p.cmd(&aftermath("ask"));
    ended.write_stdin("2\n3\n");
    p.refused_cmd(ended, 1, "input ended before every die was known");
    p.ok(&aftermath("2,3,4"));
}

fn aftermath_asking_favoured(dice: &str) -> Vec<&str> {
    vec!["aftermath", "1", HAMMERS, "--favoured", "ask", "--dice", dice]
}

#[test]
fn favoured_warriors_are_picked_after_the_d3s_for_renown_are_shown() {
    let p = FOUGHT.copy();
    // The D3s (Lord-Vigilant 2, Liberators 3) come first, then the question; the warlord is
    // refused and asked again; the Liberators' D6 is 4.
    let out = p
        .cmd(&aftermath_asking_favoured("2,3,4"))
        .write_stdin("Lord-Vigilant on Gryph-stalker\nLiberators\n")
        .output()
        .expect("ptg runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("Liberators (#3): +3 renown this battle, 3 in all; Aspiring at 5"),
        "{stderr}"
    );
    assert!(
        stderr.contains("is the warlord, and the warlord cannot be the favoured warriors"),
        "{stderr}"
    );
    assert_eq!(renown(&p, "Liberators"), 3 + 4);
    assert_eq!(renown(&p, "Lord-Vigilant on Gryph-stalker"), 5 + 2);
}

#[test]
fn q_or_no_answer_at_the_favoured_warriors_question_saves_nothing() {
    let p = FOUGHT.copy();
    let mut quit = p.cmd(&aftermath_asking_favoured("2,3,4"));
    quit.write_stdin("q\n");
    p.refused_cmd(quit, 1, "nothing was saved");
    let mut ended = p.cmd(&aftermath_asking_favoured("2,3,4"));
    ended.write_stdin("");
    p.refused_cmd(ended, 1, "nothing was saved");
    // A script that names nobody, off a terminal, is told which units it could name.
    let mut silent = p.cmd(&["aftermath", "1", HAMMERS, "--dice", "2,3,4"]);
    silent.write_stdin("");
    p.refused_cmd(silent, 1, "--favoured");
}
