//! `ptg campaign new|set|list`.

use super::App;
use super::output::{json, line, table};
use crate::error::Result;
use crate::ops;
use crate::ops::campaign::legends_words;
use clap::{Subcommand, ValueEnum};
use serde::Serialize;

#[derive(Debug, Subcommand)]
pub enum CampaignCmd {
    /// Start a campaign.
    New {
        name: String,
        /// Battlepack id or name.
        #[arg(long, default_value = "ascension")]
        battlepack: String,
        /// Allow Legends warscrolls on its Orders of Battle (not allowed unless given).
        #[arg(long)]
        legends: bool,
    },
    /// Change a campaign's settings (one change set, undone by `ptg undo`).
    Set {
        name: String,
        /// Allow Legends warscrolls (on) or not (off). Units already on an Order of Battle
        /// stay; `roster check` and `audit` report Legends units no longer allowed.
        #[arg(long, value_enum)]
        legends: OnOff,
    },
    /// The campaigns in the database, with roster and battle counts.
    List,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum OnOff {
    On,
    Off,
}

#[derive(Serialize)]
struct SetReport<'a> {
    #[serde(flatten)]
    campaign: &'a crate::store::Campaign,
    /// The change set written; none when the campaign already had the setting.
    change_set: Option<i64>,
}

pub fn run(app: &mut App, cmd: CampaignCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        CampaignCmd::New {
            name,
            battlepack,
            legends,
        } => {
            let (cat, store) = app.both()?;
            let (c, pack_name) = ops::campaign::create(cat, store, &name, &battlepack, legends)?;
            if json_out {
                return json(&c);
            }
            line(format!(
                "Campaign '{}' created ({pack_name}; {}).",
                c.name,
                legends_words(c.legends)
            ))
        }
        CampaignCmd::Set { name, legends } => {
            let legends = matches!(legends, OnOff::On);
            let done = ops::campaign::set_legends(app.store()?, &name, legends)?;
            if json_out {
                return json(&SetReport {
                    campaign: &done.campaign,
                    change_set: done.set_id,
                });
            }
            let c = &done.campaign;
            match done.set_id {
                Some(set) => line(format!(
                    "Campaign '{}': {} (#{set}; `ptg undo --campaign \"{}\"` reverses it).",
                    c.name,
                    legends_words(c.legends),
                    c.name
                )),
                None => line(format!(
                    "Campaign '{}': {} already; nothing changed.",
                    c.name,
                    legends_words(c.legends)
                )),
            }
        }
        CampaignCmd::List => {
            let rows = ops::campaign::list(app.store()?)?;
            if json_out {
                return json(&rows);
            }
            let mut t = table([
                "Campaign",
                "Battlepack",
                "Legends",
                "Rosters",
                "Battles",
                "Created",
            ]);
            for r in &rows {
                t.add_row([
                    r.campaign.name.clone(),
                    r.campaign.battlepack.clone(),
                    if r.campaign.legends {
                        "allowed"
                    } else {
                        "not allowed"
                    }
                    .to_string(),
                    r.rosters.to_string(),
                    r.battles.to_string(),
                    r.campaign.created_at.chars().take(10).collect(),
                ]);
            }
            line(t.to_string())
        }
    }
}
