//! Issue #31, item 9: small wrong words. A count agrees with its noun, and a battleplan
//! picked by name is not said to be rolled.

mod common;

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
