//! The aftermath sequence for one roster after one battle: earn glory, gain renown (and the
//! ranks it brings), complete quests, manage the Order of Battle. It returns one outcome with
//! every change and every roll, so the store saves all of it or none of it.
//!
//! Dice are asked for in this order (typed-in dice are used in the same order): the favour die
//! (option `favour`, a defeat in the god's own realm), a D3 for each unit that took part and
//! survived (Order of Battle order, warlord first), the favoured
//! warriors' D6, the quest reward's dice, then the battleplan's campaign reward.

mod buy;
mod favoured;
mod succession;

use super::change::NewUnit;
use super::dice::{Dice, DiceExpr, Roller};
use super::favour::plan_favour;
pub use super::fought::Fought;
use super::glory;
use super::model::{Roster, Unit};
use super::quest::{QuestChoice, quest_step};
use super::renown::ranks_crossed;
use super::roster::grant_starting_picks;
use super::roster::{check_ally_faction, check_ally_joins, check_unit_name, check_unlocks, find_warscroll};
use super::{Change, Outcome, RuleError, UnitRef, refuse};
use crate::catalogue::Faction;
use crate::catalogue::battlepack::{Battlepack, Battleplan};
use crate::fix::{Fix, Input};
use crate::names::SameName;
pub use buy::{add_cost, check_may_buy, check_may_reinforce, reinforce_cost};
pub use favoured::{FavouredCandidate, FavouredPicker, favoured_choices};
use favoured::{ask_favoured, favoured_warriors};
use std::collections::BTreeMap;
pub use succession::retire_choices;

/// The player's choices for the aftermath; units are named as on the command line.
#[derive(Debug, Clone, Default)]
pub struct Choices {
    /// The favoured warriors named up front (checked before any die is rolled).
    pub favoured: Option<String>,
    /// Warscrolls to add (at most the battlepack's limit, 1).
    pub add_units: Vec<String>,
    /// A name of the player's own for the added unit.
    pub add_name: Option<String>,
    /// The faction the added unit comes from when it is an ally (option `allies`), as the
    /// data has it (`ops::aftermath::ally_faction` finds it by name).
    pub ally: Option<crate::catalogue::Faction>,
    /// Units to reinforce (at most the battlepack's limit, 1); "new" names the unit just added.
    pub reinforce: Vec<String>,
    pub retire: Vec<String>,
    /// Who leads the roster when the warlord is retired (club option `retire-warlord`).
    pub warlord: Option<String>,
    pub quest: QuestChoice,
}

/// Runs the whole aftermath for `roster` and returns its outcome, or the first rule broken.
/// The favoured warriors are `choices.favoured`, required when some unit could be picked.
pub fn plan_aftermath(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    fought: &Fought,
    choices: &Choices,
    dice: &mut dyn Dice,
) -> Result<Outcome, RuleError> {
    plan_aftermath_asking(pack, faction, roster, fought, choices, dice, None)
}

/// [`plan_aftermath`], with the favoured warriors picked by `ask` after step 2's D3s when
/// `choices.favoured` names none, as the book allows.
pub fn plan_aftermath_asking(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    fought: &Fought,
    choices: &Choices,
    dice: &mut dyn Dice,
    ask: Option<&mut dyn FavouredPicker>,
) -> Result<Outcome, RuleError> {
    // Check every choice before rolling, so a typo costs no dice; with nothing named and
    // someone to ask, the favoured warriors wait for the D3s.
    let favoured = match (&choices.favoured, &ask) {
        (None, Some(_)) => None,
        (wanted, _) => favoured_warriors(roster, fought, wanted.as_deref())?,
    };
    let purchases = plan_order_of_battle(pack, faction, roster, fought, choices)?;

    let mut roller = Roller::new(dice);
    let mut out = Outcome::new(format!(
        "Aftermath of battle {} for {}",
        fought.battle_id, roster.name
    ));

    // 1. Earn glory points.
    let award = glory::award(pack, fought.points_limit, fought.result, fought.general_slain);
    out.push(Change::GainGlory {
        amount: award.total(),
        reason: format!("battle {}: {}", fought.battle_id, award.breakdown()),
    });
    // Favour (option `favour`): won or lost in the god's own realm.
    if let Some(realm) = fought.realm.as_ref().filter(|_| roster.options.favour)
        && let Some(change) = plan_favour(realm, roster, fought.result, &mut roller)?
    {
        out.push(change);
    }

    // 2. Gain renown points.
    let mut gained: BTreeMap<i64, u32> = BTreeMap::new();
    let survived: DiceExpr = pack.aftermath.survived_renown.parse()?;
    for unit in roster.units.iter().filter(|u| fought.army.contains(&u.id)) {
        if unit.has_keyword("UNIQUE") {
            continue;
        }
        let (amount, reason, roll) = if fought.destroyed.contains(&unit.id) {
            (
                pack.aftermath.destroyed_renown,
                "took part and was destroyed".to_string(),
                None,
            )
        } else {
            let n = roll_renown(
                &mut roller,
                survived,
                &format!("renown for {}", unit.display_name()),
            )?;
            (
                n,
                format!("took part and survived, {survived} rolled {n}"),
                Some(roller.rolls.len() - 1),
            )
        };
        gained.insert(unit.id, amount);
        out.push(Change::GainRenown {
            unit: UnitRef::Existing(unit.id),
            amount,
            reason: format!("battle {}: {reason}", fought.battle_id),
            roll,
        });
    }
    let favoured = match (favoured, ask) {
        (None, Some(picker)) => ask_favoured(pack, roster, fought, &gained, picker)?,
        (named, _) => named,
    };
    if let Some(unit) = favoured {
        let expr: DiceExpr = pack.aftermath.favoured_renown.parse()?;
        let n = roll_renown(
            &mut roller,
            expr,
            &format!("favoured warriors: {}", unit.display_name()),
        )?;
        *gained.entry(unit.id).or_default() += n;
        out.push(Change::GainRenown {
            unit: UnitRef::Existing(unit.id),
            amount: n,
            reason: format!(
                "battle {}: favoured warriors, {expr} rolled {n}",
                fought.battle_id
            ),
            roll: Some(roller.rolls.len() - 1),
        });
    }

    // 3. Complete quests.
    let quest = quest_step(pack, roster, fought, choices.quest, &mut roller)?;
    if let Some((unit, amount)) = quest.renown {
        *gained.entry(unit).or_default() += amount;
    }
    out.changes.extend(quest.changes);
    out.notes.extend(quest.notes);
    campaign_reward(pack, fought, &mut roller, &mut out)?;

    // Ranks reached by this aftermath's renown; their abilities are chosen with `rank choose`.
    for (id, amount) in &gained {
        let Some(unit) = roster.unit(*id) else { continue };
        for rank in ranks_crossed(pack, unit.renown, unit.renown + amount) {
            out.push(Change::GainRank {
                unit: UnitRef::Existing(*id),
                rank: rank.name.clone(),
            });
        }
    }

    // 4. Manage the Order of Battle.
    out.changes.extend(purchases.changes());
    grant_starting_picks(&roster.units, &mut out);
    if !roster.setup_complete {
        out.push(Change::CompleteSetup);
    }
    out.rolls = roller.rolls;
    Ok(out)
}

fn roll_renown(roller: &mut Roller, expr: DiceExpr, purpose: &str) -> Result<u32, RuleError> {
    Ok(roller.roll(expr, purpose)?.max(0) as u32)
}

/// The battleplan's campaign reward (Relics of Myth): the winner rolls, adds their VP if the
/// battleplan says so, and earns the reward on the target or more.
fn campaign_reward(
    pack: &Battlepack,
    fought: &Fought,
    roller: &mut Roller,
    out: &mut Outcome,
) -> Result<(), RuleError> {
    let Some((plan, reward)) = fought
        .battleplan
        .as_deref()
        .and_then(|name| pack.battleplans.iter().find(|b| b.name == name))
        .and_then(|b: &Battleplan| b.campaign_reward.as_ref().map(|r| (b, r)))
    else {
        return Ok(());
    };
    if !fought.result.is_victory() {
        return Ok(());
    }
    let expr: DiceExpr = reward.dice.parse()?;
    let rolled = roller.roll(expr, format!("{} campaign reward", plan.name))?;
    let vp = if reward.add_victory_points {
        fought.victory_points as i32
    } else {
        0
    };
    // The roll is shown whether it succeeds or not, so the table sees why no reward came.
    let total = rolled + vp;
    let earned = total >= reward.target as i32;
    out.notes.push(format!(
        "{} campaign reward: {expr} rolled {rolled} + {vp} VP = {total}, {} needed: {}",
        plan.name,
        reward.target,
        if earned {
            format!("{} earned", crate::rules::change::reward_words(reward.reward))
        } else {
            "no reward".to_string()
        }
    ));
    if earned {
        out.push(Change::GrantReward {
            reward: reward.reward,
            source: format!("{} campaign reward ({rolled} + {vp} VP)", plan.name),
            unit: None,
        });
    }
    Ok(())
}

/// Step 4, checked up front: what the player buys and retires.
struct Purchases {
    added: Option<NewUnit>,
    reinforced: Option<(UnitRef, u32, String)>,
    retired: Vec<i64>,
    succession: Option<succession::Succession>,
}

impl Purchases {
    fn changes(self) -> Vec<Change> {
        let mut out = Vec::new();
        if let Some(unit) = self.added {
            out.push(Change::SpendGlory {
                amount: unit.points,
                reason: format!("added {}", unit.warscroll),
            });
            out.push(Change::AddUnit { unit });
        }
        if let Some((unit, cost, name)) = self.reinforced {
            out.push(Change::SpendGlory {
                amount: cost,
                reason: format!("reinforced {name}"),
            });
            out.push(Change::Reinforce { unit });
        }
        for id in self.retired {
            out.push(Change::Retire {
                unit: UnitRef::Existing(id),
            });
        }
        out.extend(
            self.succession
                .into_iter()
                .flat_map(succession::Succession::changes),
        );
        out
    }
}

fn plan_order_of_battle(
    pack: &Battlepack,
    faction: &Faction,
    roster: &Roster,
    fought: &Fought,
    choices: &Choices,
) -> Result<Purchases, RuleError> {
    let limits = &pack.aftermath;
    if choices.add_units.len() > limits.max_units_added as usize {
        return refuse(
            "adding units",
            format!(
                "only {} new unit can be added per aftermath, and {} were asked for ({}); add the others in later aftermaths",
                limits.max_units_added,
                choices.add_units.len(),
                choices.add_units.join(", ")
            ),
        );
    }
    if choices.reinforce.len() > limits.max_units_reinforced as usize {
        return refuse(
            "reinforcing units",
            format!(
                "only {} unit can be reinforced per aftermath, and {} were asked for; reinforce the others in later aftermaths",
                limits.max_units_reinforced,
                choices.reinforce.len()
            ),
        );
    }
    let award = glory::award(pack, fought.points_limit, fought.result, fought.general_slain);
    let held = roster.glory + i64::from(award.total());
    let mut spent: i64 = 0;
    let mut spend = |cost: u32, what: &str| -> Result<(), RuleError> {
        spent += i64::from(cost);
        if spent > held {
            return refuse(
                "glory",
                format!(
                    "{what} costs {cost} glory, and {} has {held} ({} before this battle's {}){}; spend less",
                    roster.name,
                    roster.glory,
                    award.total(),
                    if spent > i64::from(cost) {
                        format!(
                            ", {} of it already spent in this aftermath",
                            spent - i64::from(cost)
                        )
                    } else {
                        String::new()
                    }
                ),
            );
        }
        Ok(())
    };

    let mut added: Option<(NewUnit, Unit)> = None;
    if choices.ally.is_some() && choices.add_units.is_empty() {
        return Err(RuleError::new(
            "allies",
            "an ally names the faction of the unit added, and none is added",
        )
        .fix(Fix::give(Input::AddUnit))
        .fix(Fix::leave_out(Input::Ally)));
    }
    if let Some(warscroll) = choices.add_units.first() {
        let ally = choices.ally.as_ref();
        if let Some(a) = ally {
            check_ally_faction(pack, faction, roster, a)?;
        }
        let w = find_warscroll(ally.unwrap_or(faction), warscroll)?;
        let mut new = NewUnit::from_warscroll(w, choices.add_name.as_deref(), false);
        let mut unit = Unit::new(0, w);
        if let Some(a) = ally {
            // An ally joins the Order of Battle freely; each army keeps to the allies' share.
            check_ally_joins(&unit)?;
            new.ally = Some(a.name.clone());
            unit.ally = Some(a.name.clone());
        }
        check_may_buy(roster, w)?;
        check_unit_name(roster, choices.add_name.as_deref())?;
        spend(add_cost(w), &format!("adding {}", w.name))?;
        added = Some((new, unit));
    }

    let mut reinforced = None;
    if let Some(wanted) = choices.reinforce.first() {
        let w = wanted.trim();
        let names_new =
            |n: &NewUnit| n.warscroll.same_name(w) || n.name.as_deref().is_some_and(|m| m.same_name(w));
        // "new" names the unit just added; so do its warscroll and name, when no unit on the
        // Order of Battle answers to them.
        let (unit_ref, unit, name) = match (&added, roster.find_unit(w)) {
            (Some((n, u)), found) if w.same_name("new") || (found.is_err() && names_new(n)) => {
                (UnitRef::New(0), u, n.warscroll.clone())
            }
            (_, Ok(u)) => (UnitRef::Existing(u.id), u, u.display_name().to_string()),
            (_, Err(e)) => return Err(e),
        };
        check_may_reinforce(unit)?;
        let cost = reinforce_cost(unit);
        spend(cost, &format!("reinforcing {name}"))?;
        reinforced = Some((unit_ref, cost, name));
    }

    let mut retired = Vec::new();
    for wanted in &choices.retire {
        let unit = roster.find_unit(wanted)?;
        if unit.warlord {
            succession::check_may_retire_warlord(roster, unit)?;
        }
        let why = if unit.retired {
            Some("is already retired")
        } else if matches!(reinforced, Some((UnitRef::Existing(id), _, _)) if id == unit.id) {
            Some("is being reinforced in this aftermath")
        } else if retired.contains(&unit.id) {
            Some("is named twice")
        } else {
            None
        };
        if let Some(why) = why {
            return refuse(
                "retiring units",
                format!("{} {why}; leave it out of the units retired", unit.label()),
            );
        }
        retired.push(unit.id);
    }
    // Unlocked units are counted on the Order of Battle this step leaves: the new unit in, the
    // retired ones out.
    let before = super::roster::active_warscrolls(roster);
    let after: Vec<&str> = roster
        .active_units()
        .filter(|u| !retired.contains(&u.id))
        .map(|u| u.warscroll.as_str())
        .chain(added.as_ref().map(|(n, _)| n.warscroll.as_str()))
        .collect();
    check_unlocks(faction, &before, &after)?;
    let succession =
        succession::plan_succession(pack, faction, roster, &retired, choices.warlord.as_deref())?;
    Ok(Purchases {
        added: added.map(|(n, _)| n),
        reinforced,
        retired,
        succession,
    })
}

#[cfg(test)]
mod tests;
