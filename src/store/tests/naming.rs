//! Campaigns and rosters: created, listed, and found by name in any case; a missing or
//! taken name is refused.

use super::*;

#[test]
fn campaigns_are_created_listed_and_found_by_name_in_any_case() {
    let mut store = Store::in_memory().unwrap();
    let vale = store
        .write(|tx| Campaign::create(tx, " Ashen Vale ", "ascension", false, &Default::default()))
        .unwrap();
    assert_eq!(
        (vale.id, vale.name.as_str(), vale.battlepack.as_str()),
        (1, VALE, "ascension")
    );
    let hysh = store
        .write(|tx| Campaign::create(tx, "Hysh", "ascension", false, &Default::default()))
        .unwrap();
    assert_eq!(hysh.id, 2);

    let again = store.write(|tx| Campaign::create(tx, "ASHEN VALE", "ascension", false, &Default::default()));
    let err = again.unwrap_err().to_string();
    assert!(
        err.contains("a campaign called 'Ashen Vale' already exists"),
        "{err}"
    );
    let blank = store.write(|tx| Campaign::create(tx, "  ", "ascension", false, &Default::default()));
    assert_eq!(blank.unwrap_err().to_string(), "a campaign needs a name");

    let found = Campaign::get(store.conn(), "ashen vale").unwrap();
    assert_eq!((found.id, found.name.as_str()), (1, VALE));
    let err = Campaign::get(store.conn(), "Ashen Dale").unwrap_err().to_string();
    assert!(
        err.contains("unknown campaign 'Ashen Dale': did you mean 'Ashen Vale'?"),
        "{err}"
    );
    let listed: Vec<(i64, String, i64, i64)> = Campaign::list(store.conn())
        .unwrap()
        .into_iter()
        .map(|c| (c.campaign.id, c.campaign.name, c.rosters, c.battles))
        .collect();
    assert_eq!(
        listed,
        [(1, VALE.to_string(), 0, 0), (2, "Hysh".to_string(), 0, 0)]
    );
}

#[test]
fn rosters_are_found_by_name_in_any_case_and_a_missing_name_is_refused() {
    let mut store = two_rosters();
    let conn = store.conn();
    assert_eq!(rosters::id_of(conn, "hammers of dawn").unwrap(), 1);
    assert_eq!(rosters::id_of(conn, " RAT TIDE ").unwrap(), 2);
    let err = rosters::id_of(conn, "Hammers of Dusk").unwrap_err().to_string();
    assert!(
        err.contains("unknown roster 'Hammers of Dusk': did you mean 'Hammers of Dawn'?"),
        "{err}"
    );

    let header = rosters::header(conn, 2).unwrap();
    let seen = (
        header.name.as_str(),
        header.player.as_str(),
        header.faction.as_str(),
    );
    assert_eq!(seen, (RATS, "Ana", "Skaven"));
    assert_eq!(
        (header.campaign.as_str(), header.glory, header.setup_complete),
        (VALE, 0, false)
    );
    let listed: Vec<(i64, String, String, i64, i64, i64)> = rosters::list(conn, Some(1))
        .unwrap()
        .into_iter()
        .map(|r| (r.id, r.name, r.campaign, r.units, r.points, r.glory))
        .collect();
    // Lord-Vigilant 120 + Liberators 90; Grey Seer 110 + Clanrats 150.
    let want = [(1, HAMMERS, VALE, 2, 210, 0), (2, RATS, VALE, 2, 260, 0)];
    let want = want.map(|(i, n, c, u, p, g)| (i, n.to_string(), c.to_string(), u, p, g));
    assert_eq!(listed, want);
    assert!(rosters::list(conn, Some(2)).unwrap().is_empty());
    assert_eq!(Campaign::list(conn).unwrap()[0].rosters, 2);

    let taken = store.write(|tx| rosters::create(tx, 1, "rat tide", "Bo", "Skaven"));
    let err = taken.unwrap_err().to_string();
    assert!(
        err.contains("campaign 'Ashen Vale' already has a roster called 'Rat Tide'"),
        "{err}"
    );
    let nobody = store.write(|tx| rosters::create(tx, 1, "Gnaw", " ", "Skaven"));
    assert!(nobody.unwrap_err().to_string().contains("needs a player"));
    assert_eq!(count(&store, "rosters"), 2);
}
