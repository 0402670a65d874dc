//! What the roster page's pickers offer (issue #40): only what `roster enhance` and `roster
//! lore add` would accept.

use super::tests::{add, host, host_with_priests, roster_led_by, unit};
use super::*;
use crate::catalogue::LoreKind;

#[test]
fn enhancements_are_offered_only_to_units_the_rules_accept() {
    let mut r = roster_led_by("Knight-Questor");
    add(&mut r, "Famous Hero", false).unwrap();
    add(&mut r, "Liberators", false).unwrap();
    let offers = enhancement_offers(&host(), &r);
    assert!(!offers.is_empty());
    let questor = unit(&r, "Knight-Questor").id;
    // No UNIQUE HERO, no unit that is not a HERO.
    assert!(offers.iter().all(|o| o.unit_id == questor), "{offers:?}");
    // Each offer is one the rules give (with a reason where it must be earned).
    for o in &offers {
        let u = unit(&r, "Knight-Questor");
        let reason = o.needs_reason.then_some("a quest");
        assert!(
            plan_enhancement(&host(), &r, u, &o.enhancement, reason).is_ok(),
            "{o:?}"
        );
    }
    // The starting pick given, the table's others need a reason, and the one held is gone.
    let out = plan_enhancement(&host(), &r, unit(&r, "Knight-Questor"), "Stoic", None).unwrap();
    r.apply(&out, 100);
    let offers = enhancement_offers(&host(), &r);
    assert!(!offers.iter().any(|o| o.enhancement == "Stoic"));
    assert!(
        !offers.iter().any(|o| o.table == "Heroic Traits"),
        "one per table: {offers:?}"
    );
}

#[test]
fn the_tome_offers_prayers_only_to_a_roster_with_a_priest() {
    let faction = host_with_priests();
    let mut r = roster_led_by("Knight-Questor");
    assert!(tome_offers(&faction, &r).is_empty(), "no caster, nothing to add");
    add(&mut r, "Battle Mage", false).unwrap();
    let kinds: Vec<LoreKind> = tome_offers(&faction, &r).iter().map(|o| o.kind).collect();
    assert!(kinds.contains(&LoreKind::Spell) && kinds.contains(&LoreKind::Manifestation));
    assert!(!kinds.contains(&LoreKind::Prayer), "no PRIEST: {kinds:?}");
    let out = plan_add_unit(
        &crate::rules::renown::tests::pack(),
        &faction,
        &r,
        "War Priest",
        false,
        None,
        None,
    )
    .unwrap();
    r.apply(&out, 50);
    assert!(
        tome_offers(&faction, &r)
            .iter()
            .any(|o| o.kind == LoreKind::Prayer)
    );
}
