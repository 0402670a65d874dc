//! Engine outcomes applied in one write transaction, and writes that fail leaving nothing.

use super::*;

#[test]
fn an_engine_outcome_is_applied_in_one_write_and_read_back() {
    let mut store = Store::in_memory().unwrap();
    store
        .write(|tx| Campaign::create(tx, VALE, "ascension", false, &Default::default()))
        .unwrap();
    let (id, warlord) = store
        .write(|tx| create_roster(tx, HAMMERS, "Stormcast Eternals", LORD, "warrior"))
        .unwrap();
    assert_eq!((id, warlord.set_id, &warlord.new_units[..]), (1, 1, &[1][..]));
    assert!(warlord.roll_ids.is_empty());
    let added = add_unit(&mut store, HAMMERS, "Liberators", Some("Dawn Guard"), true);
    assert_eq!((added.set_id, &added.new_units[..]), (2, &[2][..]));

    let r = rosters::load(store.conn(), 1).unwrap();
    let lord = r.warlord().expect("a warlord");
    let seen = (
        lord.id,
        lord.warscroll.as_str(),
        lord.renown,
        lord.rank.as_deref(),
    );
    assert_eq!(seen, (1, LORD, 5, Some("Aspiring")));
    assert_eq!(lord.path.as_deref(), Some("warrior"));
    assert_eq!(
        lord.abilities,
        [("Aspiring".to_string(), "berserker".to_string())]
    );
    let guard = r.unit(2).unwrap();
    let seen = (
        guard.name.as_deref(),
        guard.warscroll.as_str(),
        guard.points,
        guard.unit_size,
    );
    assert_eq!(seen, (Some("Dawn Guard"), "Liberators", 90, 5));
    assert!(guard.reinforced && !guard.warlord && guard.renown == 0);
    assert_eq!(r.points(), 120 + 2 * 90);
    assert_eq!(rosters::list(store.conn(), None).unwrap()[0].points, 300);
    // One change set per outcome, one log row per change: the warlord's 5 (unit, renown,
    // rank, path, ability) and the reinforced unit's 2.
    assert_eq!((count(&store, "change_sets"), count(&store, "changes")), (2, 7));
}

#[test]
fn a_failing_write_leaves_nothing_behind() {
    let mut store = Store::in_memory().unwrap();
    let err = store
        .write(|tx| -> Result<()> {
            Campaign::create(tx, VALE, "ascension", false, &Default::default())?;
            let (id, _) = create_roster(tx, HAMMERS, "Stormcast Eternals", LORD, "warrior")?;
            assert_eq!(
                rosters::load(tx, id)?.units.len(),
                1,
                "seen inside the transaction"
            );
            bail!("the player changed their mind")
        })
        .unwrap_err();
    assert_eq!(err.to_string(), "the player changed their mind");
    for table in [
        "campaigns",
        "rosters",
        "units",
        "unit_abilities",
        "change_sets",
        "changes",
    ] {
        assert_eq!(count(&store, table), 0, "{table}");
    }
    // Nothing was kept, so the ids are free again.
    let vale = store
        .write(|tx| Campaign::create(tx, VALE, "ascension", false, &Default::default()))
        .unwrap();
    assert_eq!(vale.id, 1);
}

#[test]
fn an_outcome_that_fails_partway_is_not_applied_at_all() {
    let mut store = two_rosters();
    let before = [1, 2].map(|id| rosters::load(store.conn(), id).unwrap());
    let mut outcome = Outcome::new("half right");
    outcome.push(Change::GainGlory {
        amount: 50,
        reason: "applied first".into(),
    });
    // Unit 3 is the Rat Tide's Grey Seer, not on the Hammers of Dawn.
    outcome.push(Change::GainRenown {
        unit: UnitRef::Existing(3),
        amount: 2,
        reason: "not this roster's".into(),
        roll: None,
    });
    let err = store
        .write(|tx| apply(tx, ctx(1, None, crate::rules::log::Command::RosterAdd), &outcome))
        .unwrap_err();
    assert!(err.to_string().contains("is not on this roster"), "{err}");
    assert_eq!([1, 2].map(|id| rosters::load(store.conn(), id).unwrap()), before);
    // Still the 4 sets of the set-up: each warlord's 5 changes and each added unit's 1, and
    // the 2 starting picks (a spell, a manifestation) the Grey Seer brings as the first WIZARD.
    assert_eq!((count(&store, "change_sets"), count(&store, "changes")), (4, 14));
}

/// A write reads back only the parts of the roster it changed (`rosters::reload_after`), and
/// what it gives is the roster a whole load gives, for changes to the roster's row, to its
/// tome and rewards, and to its units.
#[test]
fn a_roster_read_again_after_a_write_is_the_whole_roster() {
    let mut store = Store::in_memory().unwrap();
    store
        .write(|tx| Campaign::create(tx, VALE, "ascension", false, &Default::default()))
        .unwrap();
    store
        .write(|tx| create_roster(tx, HAMMERS, "Stormcast Eternals", LORD, "warrior"))
        .unwrap();
    add_unit(&mut store, HAMMERS, "Liberators", Some("Dawn Guard"), true);
    let header = vec![
        Change::RenameRoster {
            from: HAMMERS.into(),
            to: "Anvils".into(),
        },
        Change::GainGlory {
            amount: 3,
            reason: "test".into(),
        },
    ];
    let rest = vec![Change::GrantReward {
        reward: crate::catalogue::battlepack::QuestReward::Spell,
        source: "test".into(),
        unit: None,
    }];
    let units = vec![Change::Retire {
        unit: UnitRef::Existing(2),
    }];
    // The warlord steps down and the Dawn Guard leads: the order a whole load gives changes.
    let leads = vec![
        Change::StepDown {
            unit: UnitRef::Existing(1),
        },
        Change::LeadRoster {
            unit: UnitRef::Existing(2),
        },
        Change::Unretire {
            unit: UnitRef::Existing(2),
        },
    ];
    // A unit added and reinforced, read by the id the write gave it, and a renown change.
    let liberators = faction("Stormcast Eternals")
        .unit("Liberators")
        .expect("Liberators")
        .clone();
    let added = vec![
        Change::AddUnit {
            unit: crate::rules::model::NewUnit::from_warscroll(&liberators, Some("Second Guard"), false),
        },
        Change::Reinforce {
            unit: UnitRef::New(0),
        },
        Change::GainRenown {
            unit: UnitRef::Existing(1),
            amount: 2,
            reason: "test".into(),
            roll: None,
        },
    ];
    for changes in [header, rest, units, leads, added] {
        let (reloaded, loaded, new_units) = store
            .write(|tx| {
                let before = rosters::load(tx, 1)?;
                let mut outcome = Outcome::new("test");
                outcome.changes = changes.clone();
                let applied = apply(tx, ctx(1, None, Command::RosterRename), &outcome)?;
                Ok::<_, anyhow::Error>((
                    rosters::reload_after(tx, before, &changes, &applied.new_units)?,
                    rosters::load(tx, 1)?,
                    applied.new_units,
                ))
            })
            .unwrap();
        assert_eq!(reloaded, loaded, "after {changes:?}");
        if matches!(changes[0], Change::AddUnit { .. }) {
            assert_eq!(new_units, [3]);
            let second = loaded.unit(3).expect("the unit added");
            assert_eq!(
                (second.name.as_deref(), second.reinforced),
                (Some("Second Guard"), true)
            );
        }
    }
    let r = rosters::load(store.conn(), 1).unwrap();
    assert_eq!((r.name.as_str(), r.glory, r.rewards.len()), ("Anvils", 3, 1));
    assert_eq!(r.warlord().map(|u| u.id), Some(2));
}

/// A reading command's roster (`rosters::load_shown`) holds the Order of Battle and, of the
/// retired units, only those its quest names and those asked for: each as a whole load has
/// it, in the same order.
#[test]
fn a_shown_roster_holds_its_order_of_battle_and_the_retired_units_it_names() {
    let mut store = Store::in_memory().unwrap();
    store
        .write(|tx| Campaign::create(tx, VALE, "ascension", false, &Default::default()))
        .unwrap();
    store
        .write(|tx| create_roster(tx, HAMMERS, "Stormcast Eternals", LORD, "warrior"))
        .unwrap();
    for name in ["Dawn Guard", "Dusk Guard", "Noon Guard"] {
        add_unit(&mut store, HAMMERS, "Liberators", Some(name), false);
    }
    let write = |store: &mut Store, changes: Vec<Change>| {
        store
            .write(|tx| {
                let mut outcome = Outcome::new("test");
                outcome.changes = changes.clone();
                apply(tx, ctx(1, None, Command::RosterAdd), &outcome)
            })
            .unwrap()
    };
    let retire = |id| Change::Retire {
        unit: UnitRef::Existing(id),
    };
    write(&mut store, vec![retire(2), retire(3)]);
    let ids = |r: &crate::rules::model::Roster| r.units.iter().map(|u| u.id).collect::<Vec<_>>();
    let conn = store.conn();
    let whole = rosters::load(conn, 1).unwrap();
    assert_eq!(ids(&whole), [1, 2, 3, 4]);
    assert_eq!(ids(&rosters::load_shown(conn, 1, &[]).unwrap()), [1, 4]);
    let asked = rosters::load_shown(conn, 1, &[3, 3, 99]).unwrap();
    assert_eq!(
        asked.units,
        [&whole.units[0], &whole.units[2], &whole.units[3]].map(Clone::clone)
    );
    assert_eq!(rosters::load_shown(conn, 1, &[2, 3]).unwrap(), whole);
    // The current quest's unit is read though retired.
    write(
        &mut store,
        vec![Change::StartQuest {
            quest: "glory-seekers".into(),
            unit: Some(UnitRef::Existing(2)),
        }],
    );
    assert_eq!(
        ids(&rosters::load_shown(store.conn(), 1, &[]).unwrap()),
        [1, 2, 4]
    );
    write(
        &mut store,
        vec![Change::AddToTome {
            lore_kind: crate::catalogue::LoreKind::Prayer,
            name: "Shield of Dawn".into(),
            lore: "Prayers of Tests".into(),
            value: Some(3),
            wild: false,
            reason: "test".into(),
        }],
    );
    // A battle's page reads no tome or quest, so not the retired unit the quest names either;
    // `battle show` reads the tome too. The units a battle names both read as `load_shown`.
    let shown = rosters::load_shown(store.conn(), 1, &[]).unwrap();
    let page = rosters::load_shown_units(store.conn(), 1, &[]).unwrap();
    assert_eq!((ids(&page), page.quest, page.tome.len()), (vec![1, 4], None, 0));
    let printed = rosters::load_shown_units_and_tome(store.conn(), 1, &[]).unwrap();
    assert_eq!((ids(&printed), &printed.quest), (vec![1, 4], &None));
    assert_eq!((printed.tome.len(), &printed.tome), (1, &shown.tome));
    let named = rosters::load_shown_units(store.conn(), 1, &[3]).unwrap();
    assert_eq!(
        named.units,
        [&whole.units[0], &whole.units[2], &whole.units[3]].map(Clone::clone)
    );
}
