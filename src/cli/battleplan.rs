//! `ptg battleplan list|show`: the battlepack's battleplan table and each battleplan's twist
//! table, so players need not reach for the book mid-campaign.

use super::App;
use super::lookup::PackArg;
use super::output::{json, line, table};
use crate::catalogue::battlepack::{Battleplan, Twist};
use crate::error::Result;
use crate::ops;
use crate::rules::change::reward_words;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum BattleplanCmd {
    /// The battleplan table (D6) with each battleplan's roles and twist table.
    List(PackArg),
    /// One battleplan in full: roles, deployment, scoring, campaign reward and twists.
    Show {
        /// Battleplan name, any case, e.g. "Relics of Myth".
        name: String,
        #[command(flatten)]
        pack: PackArg,
    },
}

pub fn run(app: &mut App, cmd: BattleplanCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        BattleplanCmd::List(pack) => {
            let pack = pack.pack(app)?;
            if json_out {
                return json(&pack.battleplans);
            }
            let mut t = table(["D6", "Battleplan", "Roles", "Twists"]);
            for b in &pack.battleplans {
                let twists: Vec<String> = b
                    .twists
                    .iter()
                    .map(|tw| format!("{} {}", rolls(tw), tw.name))
                    .collect();
                t.add_row([
                    b.roll.to_string(),
                    b.name.clone(),
                    b.roles.join(" / "),
                    format!("{}:\n{}", b.twist_dice, twists.join("\n")),
                ]);
            }
            line(format!("Battleplans of {}", pack.name))?;
            line(t.to_string())?;
            line("Each in full: `ptg battleplan show <name>`.")
        }
        BattleplanCmd::Show { name, pack } => {
            let pack = pack.pack(app)?;
            let b = ops::lookup::battleplan(pack, &name)?;
            if json_out {
                return json(b);
            }
            show(b)
        }
    }
}

fn show(b: &Battleplan) -> Result<()> {
    line(format!("{} (battleplan table entry {})", b.name, b.roll))?;
    line(format!("Roles: {}", b.roles.join(" / ")))?;
    line(format!("Deployment: {}", b.deployment))?;
    line(format!("Scoring: {}", b.scoring))?;
    if let Some(r) = &b.campaign_reward {
        line(format!(
            "Campaign reward: {} ({}{}, {} or more): {}",
            reward_words(r.reward),
            r.dice,
            if r.add_victory_points { " + VP" } else { "" },
            r.target,
            r.summary
        ))?;
    }
    line(format!("\nTwists ({} each battle round)", b.twist_dice))?;
    let mut t = table([b.twist_dice.as_str(), "Twist", "What it does"]);
    for tw in &b.twists {
        t.add_row([rolls(tw), tw.name.clone(), tw.summary.clone()]);
    }
    line(t.to_string())
}

/// "1" or "1-3": the rolls giving a twist.
fn rolls(tw: &Twist) -> String {
    match tw.rolls {
        [a, b] if a == b => a.to_string(),
        [a, b] => format!("{a}-{b}"),
    }
}
