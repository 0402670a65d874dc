//! Battles: plan one, record the armies, roll twists, record the result; show and list them.

pub use super::result::record_result;
use super::{check_unchanged, pack_of, read_at};
use crate::catalogue::Catalogue;
use crate::catalogue::battlepack::{BattlefieldSize, Battlepack, Battleplan, Twist};
use crate::error::{Error, Result};
use crate::ids::{CampaignId, RosterId};
use crate::rules::army::{Allegiance, ArmyChoice, allegiance, plan_army};
use crate::rules::battle::state::check_sides;
use crate::rules::battle::{self as rules, Battle};
use crate::rules::dice::{Dice, Roll, Roller, check_all_used};
use crate::rules::log::Command;
use crate::rules::model::Roster;
use crate::rules::realms::{RealmChoice, plan_realm};
use crate::store::battle_lines;
/// A battle as a line of a table, as `BattleList::each_line` hands it out.
pub use crate::store::battle_lines::BattleLine;
use crate::store::{Campaign, Conn, Store, battles, log_set, realms, rosters};

/// A battle with what its battlepack says about it, for showing.
pub struct Shown<'a> {
    pub battle: Battle,
    pub plan: Option<&'a Battleplan>,
    pub battlefield: Option<&'a BattlefieldSize>,
    /// Both sides' rosters as they stand (unit names, enhancements, Arcane Tome).
    pub rosters: Vec<Roster>,
    /// The dice the command rolled, if any.
    pub rolls: Vec<Roll>,
    /// The battle's realm, when it has one the data knows (its rules in our words, and how
    /// players say where the battle is fought).
    pub realm: Option<&'a crate::catalogue::Realm>,
    /// Both armies' models and who is outnumbered (option `sudden-death`).
    pub standing: Option<rules::Standing>,
    /// Each recorded army's allegiance, in campaigns playing with allies (option `allies`).
    pub allegiances: Vec<Allegiance>,
    /// What the players should know about what the command just did (an objective judged in
    /// a battle round these battles never reach).
    pub notes: Vec<String>,
    /// The names of the triumph tables the sides rolled on, by id, for the words beside each.
    pub triumph_tables: Vec<(String, String)>,
    /// Both generals' renown as they stand, once both armies are in and until the result:
    /// what decides roles.
    pub generals_renown: Option<[u32; 2]>,
}

/// What `battle new` is told.
pub struct NewBattle<'a> {
    pub campaign: CampaignId,
    pub points: u32,
    pub rosters: [RosterId; 2],
    /// A battleplan by name; `None` rolls on the table.
    pub battleplan: Option<&'a str>,
    /// The realm (option `realms`): named, rolled off for, or none.
    pub realm: RealmChoice,
}

/// Live roster `id`, loaded whole: for a command that looks up the units a player names.
fn load_roster(conn: &Conn, id: RosterId) -> Result<Roster> {
    super::live_roster(conn, id)?;
    Ok(rosters::load(conn, id.get())?)
}

/// Live roster `id` as a side of a battle not yet holding its army: its Order of Battle, not
/// every unit it ever had (`rosters::load_shown`). Planning a battle and its twists look at
/// a roster's campaign, options and name, never at its retired units.
fn load_side(conn: &Conn, id: RosterId) -> Result<Roster> {
    super::live_roster(conn, id)?;
    Ok(rosters::load_shown(conn, id.get(), &[])?)
}

/// Both sides' rosters of battle `b`, in its order, as they stand: each one's Order of Battle
/// and the retired units the battle names (its armies, a sudden death target), not every
/// unit it ever had (`rosters::load_shown`, issue 42), with their quests and rewards. All a
/// battle's own commands decide on (`battle show` prints less, [`shown`]): a rule about a
/// battle looks at the units that can be taken to it (the Order of Battle) and at those its
/// armies hold (`find_army_unit`); a unit a player names to take along is looked up in the
/// whole roster (`load_roster`).
pub(super) fn sides_of(conn: &Conn, b: &Battle) -> Result<Vec<Roster>> {
    sides_read(conn, b, rosters::load_shown)
}

/// Both sides' rosters of battle `b`, in its order, each read by `load` with the units the
/// battle names (`sides_of`).
fn sides_read(conn: &Conn, b: &Battle, load: ReadSide) -> Result<Vec<Roster>> {
    let named: Vec<i64> = b
        .sides
        .iter()
        .flat_map(|s| {
            let target = s.sudden_death.as_ref().and_then(|p| p.target_unit);
            s.army.iter().map(|u| u.unit_id).chain(target)
        })
        .collect();
    Ok(b.sides
        .iter()
        .map(|s| load(conn, s.roster_id, &named))
        .collect::<anyhow::Result<_>>()?)
}

/// How a side's roster is read: its id and the units the battle names in, the roster out.
pub(super) type ReadSide = fn(&Conn, i64, &[i64]) -> anyhow::Result<Roster>;

/// Battle `id` with its battlepack's details and both sides' rosters as `battle show` shows
/// them: each side's Order of Battle, the retired units the battle names (as `sides_of`) and
/// its tome, not every unit it ever had (issue 42). What `battle show` reads, and what a
/// battle command prints after it wrote (`rolls`: the dice it rolled), in its transaction.
pub(super) fn shown<'a>(cat: &'a Catalogue, conn: &Conn, id: i64, rolls: Vec<Roll>) -> Result<Shown<'a>> {
    shown_read(cat, conn, id, rolls, rosters::load_shown_units_and_tome)
}

/// [`shown`], each side's roster read by `load`: `battle show` prints each side's tome, but
/// no quests or rewards (`rosters::load_shown_units_and_tome`); the battle's page shows none
/// of the three (`rosters::load_shown_units`).
pub(super) fn shown_read<'a>(
    cat: &'a Catalogue,
    conn: &Conn,
    id: i64,
    rolls: Vec<Roll>,
    load: ReadSide,
) -> Result<Shown<'a>> {
    let mut battle = battles::load(conn, id)?;
    let pack = pack_of(cat, &Campaign::by_id(conn, battle.campaign_id)?)?;
    let rosters = sides_read(conn, &battle, load)?;
    // Until its result, who picks roles follows the generals' renown as it is now.
    let generals_renown = match rosters.as_slice() {
        [a, b] if battle.status == rules::BattleStatus::Planned => rules::generals_renown(&battle, [a, b]),
        _ => None,
    };
    if battle.status == rules::BattleStatus::Planned
        && let [a, b] = rosters.as_slice()
    {
        battle.roles_roster_id = rules::roles_now(&battle, [a, b]);
    }
    let allegiances = battle
        .sides
        .iter()
        .filter(|s| !s.army.is_empty())
        .filter_map(|s| {
            let r = rosters.iter().find(|r| r.id == s.roster_id && r.options.allies)?;
            let ga = cat
                .faction(&r.faction)
                .map(|f| f.grand_alliance.as_str())
                .unwrap_or("");
            let units: Vec<i64> = s.army.iter().map(|u| u.unit_id).collect();
            Some(allegiance(r, &units, ga))
        })
        .collect();
    Ok(Shown {
        allegiances,
        plan: battle
            .battleplan
            .as_deref()
            .and_then(|n| rules::find_battleplan(pack, n).ok()),
        battlefield: rules::battlefield(pack, battle.points_limit),
        realm: battle.realm.as_deref().and_then(|r| cat.realm(r).ok()),
        standing: battle.standing(pack, &rosters),
        notes: Vec::new(),
        triumph_tables: super::realms::triumph_table_names(cat, &battle),
        generals_renown,
        battle,
        rosters,
        rolls,
    })
}

/// Plans a battle: the battleplan (named or rolled). Who picks roles waits for both armies
/// (`record_army`): the book compares the generals, chosen with the armies. Dice may be asked
/// at the table, so they are rolled with no transaction open and the write checks the
/// rosters did not change meanwhile.
pub fn plan<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    new: &NewBattle,
    dice: &mut dyn Dice,
) -> Result<Shown<'a>> {
    super::rerun_if_stale(dice, true, |dice| plan_once(cat, store, new, dice))
}

fn plan_once<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    new: &NewBattle,
    dice: &mut dyn Dice,
) -> Result<Shown<'a>> {
    let (campaign, pack, sides, seen) = store.read(|conn| {
        let c = super::live_campaign(conn, new.campaign)?;
        let pack: &Battlepack = pack_of(cat, &c)?;
        let sides = [load_side(conn, new.rosters[0])?, load_side(conn, new.rosters[1])?];
        let seen = read_at(conn, &[sides[0].id, sides[1].id], &[])?;
        Ok::<_, Error>((c, pack, sides, seen))
    })?;
    check_sides(pack, &campaign.name, new.points, [&sides[0], &sides[1]])?;
    let mut roller = Roller::new(dice);
    let plan = match new.battleplan {
        Some(name) => rules::find_battleplan(pack, name)?,
        None => rules::roll_battleplan(pack, &mut roller)?,
    };
    let realms_known = super::realms::all_realms(cat)?;
    let (realm, picker) = plan_realm(&realms_known, [&sides[0], &sides[1]], &new.realm, &mut roller)?;
    let rolls = roller.rolls;
    check_all_used(dice, "planning this battle")?;
    let ids = [sides[0].id, sides[1].id];
    let id = store.write(|tx| {
        check_unchanged(tx, seen, &ids, &[])?;
        let id = battles::create(tx, campaign.id, new.points, &plan.name, ids)?;
        if realm.is_some() || picker.is_some() {
            let picker = picker.map(|i| ids[i]);
            realms::set_realm(tx, id, realm.map(|r| r.name.as_str()), picker)?;
        }
        let mut summary = format!(
            "Battle {id} planned: {} v {}, {} points, {}",
            sides[0].name, sides[1].name, new.points, plan.name
        );
        match (realm, picker) {
            (Some(r), _) => summary.push_str(&format!(", {}", r.phrase())),
            (None, Some(i)) => summary.push_str(&format!(", {} picks the realm", sides[i].name)),
            (None, None) => {}
        }
        log_set(
            tx,
            campaign.id,
            None,
            Some(id),
            Command::BattleNew,
            &summary,
            &rolls,
        )?;
        Ok::<_, Error>(id)
    })?;
    store.read(|conn| shown(cat, conn, id, rolls))
}

/// Records (or replaces, until the result) the units a roster takes to a battle, and decides
/// who picks roles once both armies (so both generals) are in: the general with fewer renown,
/// else a roll-off. Dice may be asked at the table, so they are rolled with no transaction
/// open and the write checks the rosters and battle did not change meanwhile.
pub fn record_army<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle_id: i64,
    roster: RosterId,
    choice: &ArmyChoice,
    triumph_table: Option<&str>,
    dice: &mut dyn Dice,
) -> Result<Shown<'a>> {
    super::rerun_if_stale(dice, true, |dice| {
        record_army_once(cat, store, battle_id, roster, choice, triumph_table, dice)
    })
}

fn record_army_once<'a>(
    cat: &'a Catalogue,
    store: &mut Store,
    battle_id: i64,
    roster: RosterId,
    choice: &ArmyChoice,
    triumph_table: Option<&str>,
    dice: &mut dyn Dice,
) -> Result<Shown<'a>> {
    let (b, r, sides, taken, summary, roles_choice, seen, previous) = store.read(|conn| {
        let b = battles::load(conn, battle_id)?;
        let pack = pack_of(cat, &Campaign::by_id(conn, b.campaign_id)?)?;
        let r = load_roster(conn, roster)?;
        b.check_side(r.id, &r.name)?;
        b.check_army_open()?;
        let army = plan_army(
            &pack.army,
            pack.options.allies.as_ref(),
            &r,
            choice,
            b.points_limit,
        )?;
        let roles = rules::roles_choice(pack, &b);
        let summary = format!(
            "{} takes {} ({} points, {}) to battle {battle_id}",
            r.name,
            crate::names::counted(army.units.len(), "unit", "units"),
            army.points,
            crate::names::counted(army.regiments.len(), "regiment", "regiments")
        );
        let sides = sides_of(conn, &b)?;
        let ids: Vec<i64> = b.sides.iter().map(|s| s.roster_id).collect();
        let seen = read_at(conn, &ids, &[battle_id])?;
        let previous = match r.options.triumphs.is_some() || triumph_table.is_some() {
            true => super::realms::previous_battle(conn, &b, &r)?,
            false => None,
        };
        Ok::<_, Error>((b, r, sides, army.taken(), summary, roles, seen, previous))
    })?;
    let mut roller = Roller::new(dice);
    let triumph =
        super::realms::triumph_for_army(cat, previous.as_ref(), &b, &r, &taken, triumph_table, &mut roller)?;
    // The triumph's roll that stands (the last, after any re-roll the table's data asks).
    let triumph_roll = roller.rolls.len().checked_sub(1).filter(|_| triumph.is_some());
    let [first, second] = sides.as_slice() else {
        return Err(anyhow::anyhow!("battle {battle_id} does not have two sides").into());
    };
    let (roles, rolled) =
        rules::roles_after_army(&b, r.id, &taken, [first, second], &roles_choice, &mut roller)?;
    let rolls = roller.rolls;
    check_all_used(dice, "recording this army")?;
    let ids: Vec<i64> = b.sides.iter().map(|s| s.roster_id).collect();
    store.write(|tx| {
        check_unchanged(tx, seen, &ids, &[battle_id])?;
        let before = battles::army_before(tx, battle_id, r.id)?;
        battles::record_army(tx, battle_id, r.id, &taken)?;
        if (roles, rolled) != (b.roles_roster_id, b.roles_rolled) {
            battles::set_roles(tx, battle_id, roles, rolled)?;
        }
        let summary = match &triumph {
            Some(t) => format!("{summary}; triumph: {}", t.triumph),
            None => summary.clone(),
        };
        let (set_id, roll_ids) = log_set(
            tx,
            b.campaign_id,
            Some(r.id),
            Some(battle_id),
            Command::BattleArmy,
            &summary,
            &rolls,
        )?;
        battles::keep_before(tx, set_id, &before)?;
        if let Some(t) = &triumph {
            let roll = triumph_roll.and_then(|i| roll_ids.get(i)).copied();
            super::realms::record_triumph(tx, battle_id, r.id, set_id, roll, t)?;
        }
        let mut shown = shown(cat, tx, battle_id, rolls.clone())?;
        shown
            .notes
            .extend(super::realms::triumph_elsewhere(previous.as_ref(), &r, battle_id));
        Ok(shown)
    })
}

/// A twist rolled for a battle round.
pub struct Twisted {
    pub battle: i64,
    pub round: u32,
    pub underdog: String,
    pub twist: Twist,
    pub rolls: Vec<Roll>,
}

/// Rolls the battleplan's twist for `round`, for the underdog (or the roll-off's winner).
pub fn twist(
    cat: &Catalogue,
    store: &mut Store,
    battle_id: i64,
    round: u32,
    underdog: Option<RosterId>,
    dice: &mut dyn Dice,
) -> Result<Twisted> {
    super::rerun_if_stale(dice, true, |dice| {
        twist_once(cat, store, battle_id, round, underdog, dice)
    })
}

fn twist_once(
    cat: &Catalogue,
    store: &mut Store,
    battle_id: i64,
    round: u32,
    underdog: Option<RosterId>,
    dice: &mut dyn Dice,
) -> Result<Twisted> {
    let (b, plan, named, seen) = store.read(|conn| {
        let b = battles::load(conn, battle_id)?;
        let pack = pack_of(cat, &Campaign::by_id(conn, b.campaign_id)?)?;
        b.check_twist(round, pack.army.battle_rounds)?;
        let plan = rules::find_battleplan(pack, b.battleplan.as_deref().unwrap_or_default())?;
        let named = match underdog {
            Some(u) => {
                let r = load_side(conn, u)?;
                b.check_side(r.id, &r.name)?;
                Some(r.id)
            }
            None => None,
        };
        let ids: Vec<i64> = b.sides.iter().map(|s| s.roster_id).collect();
        let seen = read_at(conn, &ids, &[battle_id])?;
        Ok::<_, Error>((b, plan, named, seen))
    })?;
    let mut roller = Roller::new(dice);
    let who = match named {
        Some(id) => b.check_side(id, "")?,
        None => {
            let names = [b.sides[0].roster.as_str(), b.sides[1].roster.as_str()];
            &b.sides[rules::roll_off(&mut roller, names, "the twist")?]
        }
    };
    let twist = rules::roll_twist(plan, &mut roller, round)?.clone();
    let rolls = roller.rolls;
    check_all_used(dice, "this twist")?;
    let ids: Vec<i64> = b.sides.iter().map(|s| s.roster_id).collect();
    store.write(|tx| {
        check_unchanged(tx, seen, &ids, &[battle_id])?;
        let summary = format!(
            "Battle {battle_id}, round {round} twist: {} ({})",
            twist.name, who.roster
        );
        let (_, roll_ids) = log_set(
            tx,
            b.campaign_id,
            Some(who.roster_id),
            Some(battle_id),
            Command::BattleTwist,
            &summary,
            &rolls,
        )?;
        let last = *roll_ids
            .last()
            .ok_or_else(|| anyhow::anyhow!("the twist was logged without its roll"))?;
        battles::add_twist(tx, battle_id, round, who.roster_id, &twist.name, last)?;
        Ok::<_, Error>(())
    })?;
    Ok(Twisted {
        battle: battle_id,
        round,
        underdog: who.roster.clone(),
        twist,
        rolls,
    })
}

/// One battle, to show: its sides' rosters hold their Order of Battle and the units the
/// battle names, all that `battle show` and the API's battle look at (issue #42).
pub fn show<'a>(cat: &'a Catalogue, store: &mut Store, battle_id: i64) -> Result<Shown<'a>> {
    store.read(|conn| shown(cat, conn, battle_id, Vec::new()))
}

/// The battles of one campaign or all, to be read as often as the reader needs within one
/// snapshot (a table reads them once for its column widths, then to print).
pub struct BattleList<'c> {
    conn: &'c Conn,
    campaign_id: Option<i64>,
    roster_id: Option<i64>,
    newest: Option<u32>,
}

impl BattleList<'_> {
    /// Calls `f` with each battle, newest first, as it is read; whether a limit left older
    /// battles out.
    pub fn each(&self, f: impl FnMut(Battle) -> Result<()>) -> Result<bool> {
        let (campaign, roster) = (self.campaign_id, self.roster_id);
        battles::each(self.conn, campaign, roster, self.newest, battles::Parts::Whole, f)
    }

    /// The same battles as [`BattleList::each`], each as one line of a table (its sides'
    /// rosters and results, no armies, twists or triumphs), all read in one query (issue 42).
    pub fn each_line(&self, f: impl FnMut(BattleLine) -> Result<()>) -> Result<bool> {
        let (campaign, roster) = (self.campaign_id, self.roster_id);
        battle_lines::each(self.conn, campaign, roster, self.newest, f)
    }
}

/// Runs `f` with the battles of one campaign or all, of one roster or all (the `newest` so
/// many when given), in one read transaction.
pub fn read_list<T>(
    store: &mut Store,
    campaign: Option<CampaignId>,
    roster: Option<RosterId>,
    newest: Option<u32>,
    f: impl FnOnce(&BattleList) -> Result<T>,
) -> Result<T> {
    store.read(|conn| {
        let campaign_id = campaign
            .map(|c| super::live_campaign(conn, c))
            .transpose()?
            .map(|c| c.id);
        if let Some(r) = roster {
            super::live_roster(conn, r)?;
        }
        let roster_id = roster.map(RosterId::get);
        f(&BattleList {
            conn,
            campaign_id,
            roster_id,
            newest,
        })
    })
}

/// The id the next battle will get (the demo names it before planning it).
pub fn next_id(store: &mut Store) -> Result<i64> {
    store.read(|conn| Ok(battles::next_id(conn)?))
}
