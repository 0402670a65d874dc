//! `ptg aftermath`: the four aftermath steps for one roster after one battle, saved whole.

use super::App;
use super::battle::{print_rolls, side_roster};
use super::dice::DiceArgs;
use super::output::{json, line};
use super::roster::{load_subject, pending_lines};
use crate::rules::aftermath::{Choices, plan_aftermath};
use crate::rules::change::reward_words;
use crate::rules::model::Roster;
use crate::rules::quest::QuestChoice;
use crate::rules::{Change, UnitRef};
use crate::store::battles;
use crate::store::{LogContext, apply, rosters};
use anyhow::{Result, bail};
use clap::Args;
use serde::Serialize;

#[derive(Debug, Args)]
pub struct AftermathArgs {
    battle: i64,
    roster: String,
    /// The favoured warriors: one unit that took part, not the warlord (gains D6 renown).
    #[arg(long)]
    favoured: Option<String>,
    /// Spend glory equal to its points to add a unit (at minimum size).
    #[arg(long, value_name = "WARSCROLL")]
    add_unit: Vec<String>,
    /// A name of your own for the added unit.
    #[arg(long)]
    add_name: Option<String>,
    /// Spend glory equal to its points to reinforce a unit ("new" for the unit just added).
    #[arg(long, value_name = "UNIT")]
    reinforce: Vec<String>,
    /// Retire units from the Order of Battle.
    #[arg(long, value_name = "UNIT", num_args = 1..)]
    retire: Vec<String>,
    /// complete, abandon (give up) or keep the current quest; by default it is completed
    /// when it can be.
    #[arg(long, value_name = "complete|abandon|keep")]
    quest: Option<QuestChoice>,
    #[command(flatten)]
    dice: DiceArgs,
}

#[derive(Serialize)]
struct AftermathReport<'a> {
    battle: i64,
    summary: &'a str,
    changes: Vec<String>,
    rolls: &'a [crate::rules::dice::Roll],
    roster: &'a Roster,
}

pub fn run(app: &mut App, args: AftermathArgs) -> Result<()> {
    let json_out = app.json;
    let (cat, store) = app.both()?;
    let mut dice = args.dice.dice()?;
    let choices = Choices {
        favoured: args.favoured.clone(),
        add_units: args.add_unit.clone(),
        add_name: args.add_name.clone(),
        reinforce: args.reinforce.clone(),
        retire: args.retire.clone(),
        quest: args.quest.unwrap_or_default(),
    };
    let (outcome, before, after) = store.write(|tx| {
        let b = battles::load(tx, args.battle)?;
        let r = side_roster(tx, &b, &args.roster)?;
        let side = b.side(r.id).expect("side_roster checked it");
        if side.aftermath_done {
            bail!(
                "the aftermath of battle {} has already been run for {}; it runs once per battle",
                b.id,
                r.name
            );
        }
        let Some(fought) = b.fought(r.id) else {
            bail!(
                "battle {} has no result yet; record it first with `ptg battle result {} --vp ...`",
                b.id,
                b.id
            );
        };
        let subject = load_subject(cat, tx, &r.name)?;
        let outcome = plan_aftermath(
            subject.pack,
            subject.faction,
            &subject.roster,
            &fought,
            &choices,
            &mut dice,
        )?;
        dice.finish()?;
        let ctx = LogContext {
            campaign_id: b.campaign_id,
            roster_id: r.id,
            battle_id: Some(b.id),
            command: "aftermath",
        };
        let applied = apply(tx, ctx, &outcome)?;
        battles::mark_aftermath(tx, b.id, r.id, applied.set_id)?;
        Ok((outcome, subject.roster, rosters::load(tx, r.id)?))
    })?;
    if json_out {
        return json(&AftermathReport {
            battle: args.battle,
            summary: &outcome.summary,
            changes: outcome.changes.iter().map(|c| describe(&after, c)).collect(),
            rolls: &outcome.rolls,
            roster: &after,
        });
    }
    print_rolls(&outcome.rolls)?;
    line(format!("{}:", outcome.summary))?;
    for c in &outcome.changes {
        line(format!("  {}", describe(&after, c)))?;
    }
    line(format!("Glory: {} -> {}", before.glory, after.glory))?;
    let s = load_subject(cat, store.conn(), &after.name)?;
    for l in pending_lines(s.pack, &after) {
        line(l)?;
    }
    Ok(())
}

/// A change with the unit it is about named, e.g. "Liberators (#2): +3 renown (...)".
fn describe(roster: &Roster, change: &Change) -> String {
    let who = match change.unit() {
        Some(UnitRef::Existing(id)) => roster.unit(id).map(|u| format!("{}: ", u.label())),
        Some(UnitRef::New(_)) => Some("new unit: ".to_string()),
        None => None,
    };
    format!("{}{}", who.unwrap_or_default(), change.describe())
}

/// Owed rewards, in words, for the aftermath and `roster show`.
pub fn reward_lines(roster: &Roster) -> Vec<String> {
    roster
        .rewards
        .iter()
        .map(|r| {
            let to = r
                .unit
                .and_then(|id| roster.unit(id))
                .map(|u| format!(" for {}", u.label()))
                .unwrap_or_default();
            let how = match r.reward {
                crate::catalogue::battlepack::QuestReward::Spell => {
                    "`ptg roster lore <roster> add spell <name>`"
                }
                crate::catalogue::battlepack::QuestReward::Prayer => {
                    "`ptg roster lore <roster> add prayer <name>`"
                }
                _ => "`ptg roster enhance <roster> <unit> <name>`",
            };
            format!(
                "Reward to pick: {}{to} (from {}) with {how}",
                reward_words(r.reward),
                r.source
            )
        })
        .collect()
}
