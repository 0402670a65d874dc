//! Issue #31, item 9, and issue #38: small wrong words. A count agrees with its noun, a
//! battleplan picked by name is not said to be rolled, roles are the battleplan's own.

use crate::common;

use common::{HAMMERS, Ptg, RATS};

#[test]
fn one_regiment_is_one_regiment_and_a_picked_battleplan_was_not_rolled() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.ok(&["roster", "add", HAMMERS, "Liberators"]);
    p.plan_battle("1000", "The Ruined Settlement");
    p.ok(&[
        "battle",
        "army",
        "1",
        HAMMERS,
        "Lord-Vigilant on Gryph-stalker",
        "Liberators",
    ]);
    p.ok(&["battle", "army", "1", RATS, "Grey Seer", "--dice", "6,1"]);
    let history = p.ok(&["history"]);
    assert!(
        history.contains("Hammers of Dawn takes 2 units (") && history.contains(", 1 regiment) to battle 1"),
        "{history}"
    );
    assert!(history.contains("Rat Tide takes 1 unit ("), "{history}");
    let shown = p.ok(&["battle", "show", "1"]);
    assert!(!shown.contains("D6 roll"), "{shown}");
    assert!(
        shown.contains("The Ruined Settlement (battleplan table entry"),
        "{shown}"
    );
}

/// Issue #38: the roll-off for roles and who picks them are said with the battleplan's own
/// roles ("attacker or ritualist"), not "territories"; the battleplan's number is its
/// "battleplan table entry" wherever it is named.
#[test]
fn roles_are_named_by_the_battleplan_and_its_number_is_its_table_entry() {
    let p = Ptg::ashen_vale();
    p.new_hammers();
    p.new_rats();
    p.plan_battle("1000", "The Ritual");
    let one = p.ok(&["battle", "army", "1", HAMMERS, "Lord-Vigilant on Gryph-stalker"]);
    assert!(
        one.contains("who picks attacker or ritualist is not decided yet"),
        "{one}"
    );
    // Both warlords have the same renown: the players roll off, 6 v 1.
    let both = p.ok(&["battle", "army", "1", RATS, "Grey Seer", "--dice", "6,1"]);
    // The roll's purpose, as the command shows its dice and as the dice log keeps them.
    for said in [both.as_str(), &p.ok(&["rolls", "--battle", "1"])] {
        assert!(
            said.contains("roll-off for attacker or ritualist: Hammers of Dawn"),
            "{said}"
        );
        assert!(!said.contains("territories"), "{said}");
    }
    for said in [both.as_str(), &p.ok(&["battle", "show", "1"])] {
        assert!(
            said.contains("Hammers of Dawn picks: attacker or ritualist (the generals are level at"),
            "{said}"
        );
        assert!(
            said.contains("the roll-off for attacker or ritualist made when the armies were recorded"),
            "{said}"
        );
    }
    let json = p.json(&["battle", "show", "1"]);
    assert_eq!(json["roles_choice"], "attacker or ritualist");
    let plan = p.ok(&["battleplan", "show", "The Ruined Settlement"]);
    assert!(
        plan.contains("The Ruined Settlement (battleplan table entry 1)"),
        "{plan}"
    );
    assert!(!plan.contains("table roll"), "{plan}");
}

/// Issue #38: "+1 quest point", not "+1 quest points".
#[test]
fn one_quest_point_is_one_quest_point() {
    let p = Ptg::small_battle();
    p.ok(&["quest", "start", HAMMERS, "Search for the Artefact"]);
    p.ok(&[
        "battle",
        "result",
        "1",
        "--vp",
        "Hammers of Dawn=14",
        "--vp",
        "Rat Tide=8",
        "--quest-points",
        "Hammers of Dawn=1",
    ]);
    let after = p.ok(&[
        "aftermath",
        "1",
        HAMMERS,
        "--favoured",
        "Liberators",
        "--seed",
        "3",
    ]);
    let history = p.ok(&["history", "--roster", HAMMERS]);
    for said in [after, history] {
        assert!(
            said.contains("+1 quest point for Search for the Artefact"),
            "{said}"
        );
        assert!(!said.contains("+1 quest points"), "{said}");
    }
}
