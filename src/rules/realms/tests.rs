//! Realms, roll-offs for them, triumphs and favour, with the numbers of the bundled data files
//! and scripted dice.

use super::*;
use crate::catalogue::Catalogue;
use crate::rules::change::Change;
use crate::rules::dice::TypedDice;
use crate::rules::favour::plan_favour;
use crate::rules::options::CampaignOptions;
use crate::rules::roster::tests::empty_roster;
use std::sync::OnceLock;

fn cat() -> &'static Catalogue {
    static CAT: OnceLock<Catalogue> = OnceLock::new();
    CAT.get_or_init(|| Catalogue::bundled().expect("bundled data"))
}

fn roster(faction: &str, options: CampaignOptions) -> Roster {
    let mut r = empty_roster();
    r.faction = faction.into();
    r.options = options;
    r
}

fn all_on() -> CampaignOptions {
    CampaignOptions {
        realms: true,
        favour: true,
        triumphs: Some("1e".into()),
        sudden_death: true,
        allies: true,
        ..CampaignOptions::default()
    }
}

/// A battle planned between `r` and another roster, no armies recorded.
fn battle(r: &Roster) -> Battle {
    let mut other = r.clone();
    other.id = r.id + 1;
    crate::rules::battle::state::tests::battle(&[r.clone(), other], false)
}

fn won_at(realm: Option<&str>) -> PreviousBattle {
    PreviousBattle {
        battle_id: 4,
        result: BattleResult::MajorVictory,
        realm: realm.map(str::to_string),
        triumph_taken_by: None,
    }
}

/// The triumph rolled with `die` for a roster of `options` after `previous`.
fn triumph(
    options: CampaignOptions,
    previous: Option<&PreviousBattle>,
    wanted: Option<&str>,
    die: u32,
) -> Result<Option<TriumphRow>, RuleError> {
    let r = roster("Stormcast Eternals", options);
    let tables = cat().tables().unwrap();
    let previous_realm = previous
        .and_then(|p| p.realm.as_deref())
        .and_then(|n| cat().realm(n).ok());
    let mut dice = TypedDice::new([die]);
    let mut roller = Roller::new(&mut dice);
    let context = TriumphContext {
        previous,
        previous_realm,
        wanted,
        tables: &tables,
        army: &[],
    };
    plan_triumph(&r, &battle(&r), true, context, &mut roller)
}

fn name(t: Result<Option<TriumphRow>, RuleError>) -> String {
    t.expect("a triumph").expect("rolled").triumph
}

#[test]
fn the_first_edition_triumph_table_in_pairs_of_results() {
    let won = won_at(None);
    let rolled: Vec<String> = (1..=6)
        .map(|d| name(triumph(all_on(), Some(&won), None, d)))
        .collect();
    assert_eq!(
        rolled,
        [
            "Blessed",
            "Blessed",
            "Inspired",
            "Inspired",
            "Empowered",
            "Empowered"
        ]
    );
}

#[test]
fn the_second_edition_table_when_the_campaign_picks_it() {
    let won = won_at(None);
    let options = CampaignOptions {
        triumphs: Some("2e".into()),
        ..all_on()
    };
    let rolled: Vec<String> = [1, 2, 3, 4, 5, 6]
        .map(|d| name(triumph(options.clone(), Some(&won), None, d)))
        .to_vec();
    assert_eq!(
        rolled,
        [
            "Inspired",
            "Inspired",
            "Bloodthirsty",
            "Bloodthirsty",
            "Indomitable",
            "Indomitable"
        ]
    );
}

#[test]
fn a_major_victory_at_mount_hedon_may_roll_on_its_own_table() {
    let won = won_at(Some("Mount Hedon"));
    let t = triumph(all_on(), Some(&won), Some("Mount Hedon Triumphs"), 3)
        .unwrap()
        .unwrap();
    assert_eq!(
        (t.table.as_str(), t.triumph.as_str()),
        ("mount-hedon", "The Blissful Host")
    );
    // The campaign's table is still the default.
    assert_eq!(name(triumph(all_on(), Some(&won), None, 3)), "Inspired");
    let shores = won_at(Some("Crystalline Shores"));
    let t = triumph(all_on(), Some(&shores), Some("crystalline-shores"), 6)
        .unwrap()
        .unwrap();
    assert_eq!(t.triumph, "Enchantment of Animation");
}

#[test]
fn a_side_may_pick_the_table_only_after_a_major_victory_in_a_realm_with_its_own() {
    let r = roster("Stormcast Eternals", all_on());
    let b = battle(&r);
    let tables = cat().tables().unwrap();
    let offered = |previous: Option<&PreviousBattle>, roster: &Roster| -> Vec<String> {
        let realm = previous
            .and_then(|p| p.realm.as_deref())
            .and_then(|n| cat().realm(n).ok());
        triumph_tables_offered(roster, &b, previous, realm, &tables)
            .iter()
            .map(|t| t.id.clone())
            .collect()
    };
    let hedon = won_at(Some("Mount Hedon"));
    assert_eq!(offered(Some(&hedon), &r), ["1e", "mount-hedon"]);
    // Won in a realm with no table of its own, or in none: nothing to pick.
    assert!(offered(Some(&won_at(Some("Ghur"))), &r).is_empty());
    assert!(offered(Some(&won_at(None)), &r).is_empty());
    // Not a major victory, no battle yet, or the triumph taken by another battle.
    let minor = PreviousBattle {
        result: BattleResult::MinorVictory,
        ..hedon.clone()
    };
    assert!(offered(Some(&minor), &r).is_empty());
    assert!(offered(None, &r).is_empty());
    let taken = PreviousBattle {
        triumph_taken_by: Some(b.id + 7),
        ..hedon.clone()
    };
    assert!(offered(Some(&taken), &r).is_empty());
    // A campaign that does not play triumphs.
    let off = roster("Stormcast Eternals", CampaignOptions::default());
    assert!(offered(Some(&hedon), &off).is_empty());
    // The side rolled its triumph already: recording the army again rolls none.
    let mut rolled = b.clone();
    for side in rolled.sides.iter_mut().filter(|s| s.roster_id == r.id) {
        side.triumph = Some(TriumphRow {
            table: "1e".into(),
            triumph: "Blessed".into(),
        });
    }
    let realm = cat().realm("Mount Hedon").ok();
    assert!(triumph_tables_offered(&r, &rolled, Some(&hedon), realm, &tables).is_empty());
}

#[test]
fn no_triumph_without_a_previous_major_victory() {
    let minor = PreviousBattle {
        result: BattleResult::MinorVictory,
        ..won_at(None)
    };
    assert_eq!(triumph(all_on(), Some(&minor), None, 6).unwrap(), None);
    assert_eq!(triumph(all_on(), None, None, 6).unwrap(), None);
    let err = triumph(all_on(), Some(&minor), Some("1e"), 6).unwrap_err();
    assert!(
        err.to_string().contains("battle 4 was a minor victory"),
        "{}",
        err.to_string()
    );
    let err = triumph(all_on(), None, Some("1e"), 6).unwrap_err();
    assert!(
        err.to_string().contains("fought no battle yet"),
        "{}",
        err.message
    );
}

#[test]
fn a_realm_table_needs_the_victory_in_that_realm() {
    let ghur = won_at(Some("Ghur"));
    let err = triumph(all_on(), Some(&ghur), Some("Mount Hedon Triumphs"), 1).unwrap_err();
    assert!(err.to_string().contains("won in Ghur"), "{}", err.message);
    let off = CampaignOptions::default();
    let err = triumph(off.clone(), Some(&ghur), Some("1e"), 1).unwrap_err();
    assert!(err.to_string().contains("does not play triumphs"));
    assert_eq!(triumph(off, Some(&ghur), None, 1).unwrap(), None);
}

#[test]
fn the_realm_roll_off_rolls_again_on_a_tie() {
    let realms = cat().realms().unwrap();
    let (a, b) = (roster("Stormcast Eternals", all_on()), roster("Skaven", all_on()));
    let mut dice = TypedDice::new([4, 4, 2, 5]);
    let mut roller = Roller::new(&mut dice);
    let (realm, picker) = plan_realm(&realms, [&a, &b], &RealmChoice::RollOff, &mut roller).unwrap();
    assert_eq!((realm.map(|r| r.name.clone()), picker), (None, Some(1)));
    assert_eq!(roller.rolls.len(), 4);
    let mut none = TypedDice::new([]);
    let mut roller = Roller::new(&mut none);
    let named = RealmChoice::Named("realm of fire".into());
    let (realm, _) = plan_realm(&realms, [&a, &b], &named, &mut roller).unwrap();
    assert_eq!(realm.unwrap().name, "Aqshy", "found by its other name");
    let off = roster("Stormcast Eternals", CampaignOptions::default());
    let err = plan_realm(&realms, [&off, &b], &named, &mut roller).unwrap_err();
    assert!(err.to_string().contains("--option realms"));
}

/// The favour change a `faction` roster holding `held` favour gets for `result` at `realm`,
/// with `die` for a loss's D3.
fn favour(faction: &str, held: u32, realm: &str, result: BattleResult, die: u32) -> Option<Change> {
    let mut r = roster(faction, all_on());
    r.favour = held;
    let mut dice = TypedDice::new([die]);
    let mut roller = Roller::new(&mut dice);
    plan_favour(cat().realm(realm).unwrap(), &r, result, &mut roller).unwrap()
}

fn amount(c: Option<Change>) -> (char, u32) {
    match c {
        Some(Change::GainFavour { amount, .. }) => ('+', amount),
        Some(Change::LoseFavour { amount, .. }) => ('-', amount),
        other => panic!("not favour: {other:?}"),
    }
}

#[test]
fn slaanesh_gains_one_favour_for_a_victory_at_mount_hedon_and_loses_d3_to_no_less_than_0() {
    let slaanesh = "Hedonites of Slaanesh";
    assert_eq!(
        amount(favour(slaanesh, 0, "Mount Hedon", BattleResult::MajorVictory, 1)),
        ('+', 1)
    );
    assert_eq!(
        amount(favour(slaanesh, 0, "Mount Hedon", BattleResult::MinorVictory, 1)),
        ('+', 1)
    );
    // The D3 (typed as rolled) is lost: with 5 favour held, a 3 loses 3.
    assert_eq!(
        amount(favour(slaanesh, 5, "Mount Hedon", BattleResult::MinorDefeat, 3)),
        ('-', 3)
    );
    // With 2 held, a 3 takes only 2: never below 0.
    assert_eq!(
        amount(favour(slaanesh, 2, "Mount Hedon", BattleResult::MajorDefeat, 3)),
        ('-', 2)
    );
    assert_eq!(favour(slaanesh, 2, "Mount Hedon", BattleResult::Draw, 3), None);
    assert_eq!(
        favour(slaanesh, 2, "Crystalline Shores", BattleResult::MajorVictory, 3),
        None
    );
    assert_eq!(favour(slaanesh, 2, "Ghur", BattleResult::MajorVictory, 3), None);
}

#[test]
fn tzeentch_keeps_favour_at_the_crystalline_shores_only() {
    let tzeentch = "Disciples of Tzeentch";
    assert_eq!(
        amount(favour(
            tzeentch,
            1,
            "Crystalline Shores",
            BattleResult::MajorVictory,
            1
        )),
        ('+', 1)
    );
    assert_eq!(
        amount(favour(
            tzeentch,
            1,
            "Crystalline Shores",
            BattleResult::MajorDefeat,
            1
        )),
        ('-', 1)
    );
    assert_eq!(
        favour(tzeentch, 1, "Mount Hedon", BattleResult::MajorVictory, 1),
        None
    );
    assert_eq!(
        favour(
            "Stormcast Eternals",
            0,
            "Mount Hedon",
            BattleResult::MajorVictory,
            1
        ),
        None
    );
}
