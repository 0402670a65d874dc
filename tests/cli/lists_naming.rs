//! `roster import` of lists as players share them (issue #33): seasonal names, model counts
//! and weapon options, a player's own name after the points, 0-point companions, a list led by
//! a hero that may not lead a Path to Glory roster, and undersize units.

use crate::common;

use common::{Ptg, fixture, import_args};

fn args(file: &str, extra: &[&str]) -> Vec<String> {
    let mut a = import_args(fixture(&format!("lists/{file}")).to_str().unwrap());
    a.extend(extra.iter().map(|s| s.to_string()));
    a
}

fn refs(a: &[String]) -> Vec<&str> {
    a.iter().map(String::as_str).collect()
}

/// Each unit of `roster` as (warscroll, reinforced, warlord), sorted.
fn units(p: &Ptg, roster: &str) -> Vec<(String, bool, bool)> {
    let r = p.json(&["roster", "show", roster]);
    let mut out: Vec<_> = r["units"]
        .as_array()
        .unwrap()
        .iter()
        .map(|u| {
            (
                u["warscroll"].as_str().unwrap().to_string(),
                u["reinforced"].as_bool().unwrap(),
                u["warlord"].as_bool().unwrap(),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn a_unique_general_is_refused_naming_who_may_lead_then_the_named_warlord_leads() {
    let p = Ptg::ashen_vale();
    let a = args("forum-listbot-daughters.txt", &["--name", "Khailebron"]);
    let out = p.refused(
        &refs(&a),
        "Morathi-Khaine is UNIQUE and cannot be a warlord; pick a HERO that is not UNIQUE; of the list's HEROes, 'Hag Queen' or 'Melusai Ironscale' may lead; add --warlord UNIT",
    );
    assert!(!out.contains("--path"), "{out}");
    let mut a = a;
    a.extend(["--warlord".to_string(), "Hag Queen".to_string()]);
    p.ok(&refs(&a));
    let got = units(&p, "Khailebron");
    // 20 Sisters of Slaughter are one reinforced unit; two units of 10 Witch Aelves; the Shadow
    // Queen comes with Morathi-Khaine.
    let count = |w: &str, reinforced: bool| got.iter().filter(|u| u.0 == w && u.1 == reinforced).count();
    assert_eq!(count("Sisters of Slaughter", true), 1, "{got:?}");
    assert_eq!(count("Witch Aelves", false), 2, "{got:?}");
    assert_eq!(count("Morathi-Khaine", false), 1, "{got:?}");
    assert!(got.iter().any(|u| u.0 == "Hag Queen" && u.2), "{got:?}");
    assert_eq!(got.len(), 7, "{got:?}");
}

#[test]
fn a_warlord_over_the_points_cap_is_refused_and_its_own_name_is_kept_on_its_unit() {
    let p = Ptg::ashen_vale();
    let a = args("app-fec-own-name.txt", &["--name", "Red Court"]);
    p.refused(
        &refs(&a),
        "costs 400 points; a warlord may cost at most 350; pick a cheaper HERO; of the list's HEROes, Crypt Haunter Courtier may lead",
    );
    let mut a = a;
    a.extend(["--warlord".to_string(), "Crypt Haunter Courtier".to_string()]);
    p.ok(&refs(&a));
    let r = p.json(&["roster", "show", "Red Court"]);
    let king = r["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["warscroll"] == "Abhorrant Ghoul King on Royal Terrorgheist")
        .expect("the king");
    assert_eq!(king["name"], "Batussy");
    // The seasonal Varghulf Courtier is the base warscroll; the undersize Crypt Horrors join
    // beside their Crypt Haunter Courtier.
    let got = units(&p, "Red Court");
    assert!(got.iter().any(|u| u.0 == "Varghulf Courtier"), "{got:?}");
    assert!(got.iter().any(|u| u.0 == "Crypt Horrors (2 Models)"), "{got:?}");
}

#[test]
fn only_the_paths_the_warlord_may_walk_are_offered() {
    let p = Ptg::ashen_vale();
    let mut a = import_args(fixture("lists/app-gloomspite.txt").to_str().unwrap());
    a.truncate(7); // without --path and --ability
    a.extend(["--name".to_string(), "Moonclan".to_string()]);
    let out = p.refused(&refs(&a), "name the warlord's Path (one of: warrior, leader)");
    assert!(!out.contains("mage") && !out.contains("attacker"), "{out}");
}

#[test]
fn a_name_taken_in_the_campaign_asks_for_another() {
    let p = Ptg::ashen_vale();
    let a = args("forum-skaven-variants.txt", &["--skip-unknown"]);
    p.ok(&refs(&a));
    // The list's own name ("Rat Tide – Scourge of Aqshy list") is taken now.
    p.refused(
        &refs(&a),
        "already has a roster called 'Rat Tide – Scourge of Aqshy list'; name the new one; add --name NAME",
    );
}

#[test]
fn an_undersize_unit_joins_only_beside_the_unit_that_unlocks_it() {
    let p = Ptg::ashen_vale();
    let a = args(
        "forum-seraphon-undersize.txt",
        &["--name", "Skyhost", "--skip-unknown"],
    );
    p.ok(&refs(&a));
    let got = units(&p, "Skyhost");
    assert!(got.iter().any(|u| u.0 == "Terradon Riders (2 Models)"), "{got:?}");
    assert!(
        got.iter().any(|u| u.0 == "Ripperdactyl Riders (2 Models)"),
        "{got:?}"
    );
    // A second undersize unit needs a second Terradon Chief.
    p.refused(
        &["roster", "add", "Skyhost", "Terradon Riders (2 Models)"],
        "Terradon Chief",
    );
    let shown = p.ok(&["faction", "show", "Seraphon"]);
    assert!(shown.contains("Terradon Riders (2 Models)"), "{shown}");
    assert!(shown.contains("[unlocked by Terradon Chief]"), "{shown}");
}
