//! The store on an in-memory database: campaigns and rosters found by name, engine outcomes
//! (planned by the rules engine on the bundled data) applied in one write transaction or not at
//! all, battles, the change log read back and replayed, and the dice log.
//!
//! The helpers do what the matching `ptg` commands do, in the same order, so the ids are the
//! ones the end-to-end tests see: Hammers of Dawn #1 (#1 Lord-Vigilant, #2 Dawn Guard), Rat Tide
//! #2 (#3 Grey Seer, #4 Clanrats); change sets 1-4 build them, 5 plans battle 1, 6-7 are the
//! armies, 8 the result, 9 the Hammers' aftermath.

use super::battles::{self, SideResult};
use super::{Applied, Campaign, LogContext, Store, apply, apply_changes, history, log_set, rolls, rosters};
use crate::catalogue::battlepack::Battlepack;
use crate::catalogue::{Catalogue, Faction};
use crate::rules::aftermath::{Choices, Fought, plan_aftermath};
use crate::rules::army::{ArmyChoice, plan_army};
use crate::rules::battle::{BattleResult, find_battleplan, results, who_picks};
use crate::rules::dice::{Roller, SeededDice, TypedDice};
use crate::rules::log::Command;
use crate::rules::roster::{Allowed, WarlordChoice, plan_add_unit, plan_warlord};
use crate::rules::{Change, Outcome, UnitRef};
use anyhow::{Context, Result, bail};
use rusqlite::Transaction;
use std::sync::OnceLock;

const VALE: &str = "Ashen Vale";
const HAMMERS: &str = "Hammers of Dawn";
const RATS: &str = "Rat Tide";
const LORD: &str = "Lord-Vigilant on Gryph-stalker";

fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| Catalogue::load(&[]).expect("the bundled data loads"))
}

fn pack() -> &'static Battlepack {
    catalogue()
        .battlepack("ascension")
        .expect("the Ascension battlepack")
}

fn faction(name: &str) -> &'static Faction {
    catalogue().faction(name).expect("a bundled faction")
}

fn ctx(roster_id: i64, battle_id: Option<i64>, command: Command) -> LogContext {
    LogContext {
        campaign_id: 1,
        roster_id,
        battle_id,
        command,
    }
}

fn count(store: &Store, table: &str) -> i64 {
    let sql = format!("SELECT COUNT(*) FROM {table}");
    store.conn().query_row(&sql, [], |r| r.get(0)).unwrap()
}

/// `ptg roster new` inside `tx`: the engine plans the warlord, then the row and the outcome.
fn create_roster(
    tx: &Transaction,
    name: &str,
    fac: &str,
    warlord: &str,
    path: &str,
) -> Result<(i64, Applied)> {
    let c = Campaign::get(tx, VALE)?;
    let f = faction(fac);
    let ability = if path == "mage" {
        "dedicated-practitioner"
    } else {
        "berserker"
    };
    let choice = WarlordChoice {
        warscroll: warlord,
        name: None,
        path,
        ability,
    };
    let allowed = Allowed {
        campaign: &c.name,
        legends: c.legends,
    };
    let outcome = plan_warlord(pack(), f, allowed, &choice)?;
    let id = rosters::create(tx, c.id, name, "Ana", &f.name)?;
    Ok((id, apply(tx, ctx(id, None, Command::RosterNew), &outcome)?))
}

/// `ptg roster add`.
fn add_unit(
    store: &mut Store,
    roster: &str,
    warscroll: &str,
    name: Option<&str>,
    reinforced: bool,
) -> Applied {
    store
        .write(|tx| {
            let r = rosters::load(tx, rosters::id_of(tx, roster)?)?;
            let outcome = plan_add_unit(pack(), faction(&r.faction), &r, warscroll, reinforced, name, None)?;
            apply(tx, ctx(r.id, None, Command::RosterAdd), &outcome)
        })
        .unwrap()
}

/// A store holding Ashen Vale, Hammers of Dawn and Rat Tide (change sets 1-4).
fn two_rosters() -> Store {
    let mut store = Store::in_memory().unwrap();
    store
        .write(|tx| Campaign::create(tx, VALE, "ascension", false, &Default::default()))
        .unwrap();
    store
        .write(|tx| create_roster(tx, HAMMERS, "Stormcast Eternals", LORD, "warrior"))
        .unwrap();
    add_unit(&mut store, HAMMERS, "Liberators", Some("Dawn Guard"), false);
    store
        .write(|tx| create_roster(tx, RATS, "Skaven", "Grey Seer", "mage"))
        .unwrap();
    add_unit(&mut store, RATS, "Clanrats", None, false);
    store
}

/// `ptg battle new` (1000 points, The Ruined Settlement; both warlords have 5 renown, so a
/// roll-off, typed 6 v 1) and `ptg battle army` with every unit of each side: sets 5-7.
fn planned(store: &mut Store) {
    store
        .write(|tx| {
            let [h, r] = [rosters::load(tx, 1)?, rosters::load(tx, 2)?];
            let plan = find_battleplan(pack(), "The Ruined Settlement")?;
            let mut dice = TypedDice::new([6, 1]);
            let mut roller = Roller::new(&mut dice);
            let picker = who_picks(&mut roller, [&h.name, &r.name], [5, 5], &plan.roles_choice())?;
            let id = battles::create(tx, 1, 1000, &plan.name, [h.id, r.id])?;
            battles::set_roles(tx, id, Some([h.id, r.id][picker]), true)?;
            log_set(
                tx,
                1,
                None,
                Some(id),
                Command::BattleNew,
                "Battle 1 planned",
                &roller.rolls,
            )?;
            Ok::<_, anyhow::Error>(())
        })
        .unwrap();
    for roster_id in [1, 2] {
        store
            .write(|tx| {
                let r = rosters::load(tx, roster_id)?;
                let units: Vec<String> = r.units.iter().map(|u| u.id.to_string()).collect();
                let choice = ArmyChoice {
                    units: &units,
                    ..ArmyChoice::default()
                };
                let army = plan_army(&pack().army, None, &r, &choice, 1000)?;
                let taken = army.taken();
                let before = battles::army_before(tx, 1, roster_id)?;
                battles::record_army(tx, 1, roster_id, &taken)?;
                let (set, _) = log_set(tx, 1, Some(roster_id), Some(1), Command::BattleArmy, "army", &[])?;
                battles::keep_before(tx, set, &before)
            })
            .unwrap();
    }
}

/// `ptg battle result 1 --vp "Hammers of Dawn=14" --vp "Rat Tide=8" --destroyed Clanrats`:
/// set 8, which also ends both rosters' set-up.
fn fought(store: &mut Store) {
    let [hammers, rats] = results(pack(), [14, 8], None);
    let side = |roster_id, victory_points, result, destroyed| SideResult {
        roster_id,
        victory_points,
        result,
        withdrew: false,
        general_slain: false,
        quest_points: 0,
        destroyed,
        slew: Vec::new(),
    };
    store
        .write(|tx| {
            let before = battles::result_before(tx, 1)?;
            battles::record_result(tx, 1, &[side(1, 14, hammers, vec![]), side(2, 8, rats, vec![4])])?;
            let (set, _) = log_set(tx, 1, None, Some(1), Command::BattleResult, "Battle 1", &[])?;
            battles::keep_before(tx, set, &before)?;
            for roster_id in [1, 2] {
                let mut first = Outcome::new("fought its first battle");
                first.push(Change::CompleteSetup);
                apply_changes(
                    tx,
                    set,
                    &[],
                    ctx(roster_id, Some(1), Command::BattleResult),
                    &first,
                )?;
            }
            Ok::<_, anyhow::Error>(())
        })
        .unwrap();
}

/// `ptg aftermath 1 <roster> --favoured <unit> --dice <dice>`.
fn aftermath(store: &mut Store, roster_id: i64, favoured: &str, dice: &[u32]) -> Result<Applied> {
    store.write(|tx| {
        let b = battles::load(tx, 1)?;
        let fought = b.fought(roster_id).context("no result")?;
        let r = rosters::load(tx, roster_id)?;
        let choices = Choices {
            favoured: Some(favoured.into()),
            ..Choices::default()
        };
        let mut dice = TypedDice::new(dice.iter().copied());
        let outcome = plan_aftermath(pack(), faction(&r.faction), &r, &fought, &choices, &mut dice)?;
        let applied = apply(tx, ctx(roster_id, Some(1), Command::Aftermath), &outcome)?;
        battles::mark_aftermath(tx, 1, roster_id, applied.set_id)?;
        Ok(applied)
    })
}

/// Both rosters, battle 1 fought, and the Hammers' aftermath (D3s 2 and 3, favoured D6 4).
fn after_battle() -> Store {
    let mut store = two_rosters();
    planned(&mut store);
    fought(&mut store);
    aftermath(&mut store, 1, "Dawn Guard", &[2, 3, 4]).unwrap();
    store
}

mod battle;
mod battle_before;
mod logs;
mod naming;
mod reuse;
mod upgrade;
mod writes;
