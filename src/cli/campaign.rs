//! `ptg campaign new|set|show|list`.

use super::App;
use super::output::{json, line, table};
use crate::error::Result;
use crate::ops;
use crate::ops::campaign::legends_words;
use crate::rules::standings::StandingsRule;
use clap::{Subcommand, ValueEnum};
use serde::Serialize;

#[derive(Debug, Subcommand)]
pub enum CampaignCmd {
    /// Start a campaign.
    New {
        /// The new campaign's name.
        name: String,
        /// Battlepack id or name.
        #[arg(long, default_value = "ascension")]
        battlepack: String,
        /// Allow Legends warscrolls on its Orders of Battle (not allowed unless given).
        #[arg(long)]
        legends: bool,
        /// Older narrative rules to play, comma-separated: realms, favour, triumphs
        /// (triumphs=1e or triumphs=2e picks the table), sudden-death, allies.
        #[arg(long = "option", value_name = "OPTION[=VALUE],...")]
        options: Vec<String>,
        /// How `campaign show` sorts the league table: wins (victories first; the default)
        /// or glory (glory earned first). See README, "Running a league".
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(StandingsRule::NAMES))]
        standings: Option<String>,
    },
    /// Change a campaign's settings (one change set, undone by `ptg undo`).
    #[command(group(clap::ArgGroup::new("what").required(true).multiple(true).args(["legends", "options", "standings"])))]
    Set {
        /// The campaign to change.
        name: String,
        /// Allow Legends warscrolls (on) or not (off). Units already on an Order of Battle
        /// stay; `roster check` and `audit` report Legends units no longer allowed.
        #[arg(long, value_enum)]
        legends: Option<OnOff>,
        /// Turn options on or off between battles: `--option triumphs=off`,
        /// `--option allies`, `--option triumphs=2e` (see `campaign new --help`).
        #[arg(long = "option", value_name = "OPTION[=VALUE],...")]
        options: Vec<String>,
        /// How the league table is sorted: wins or glory.
        #[arg(long, value_parser = clap::builder::PossibleValuesParser::new(StandingsRule::NAMES))]
        standings: Option<String>,
    },
    /// A campaign's settings and the options in force, with what each does.
    Show {
        /// The campaign's name.
        name: String,
    },
    /// The campaigns in the database, with roster and battle counts.
    List,
    /// Rename a campaign (undone by `ptg undo`).
    Rename {
        /// The campaign as it is called now.
        name: String,
        /// Its new name.
        new_name: String,
    },
    /// Delete a campaign and its rosters: hidden, battles and history kept; refused while it
    /// holds battles unless --force; `ptg undo` brings it all back.
    Delete {
        /// The campaign to delete.
        name: String,
        /// Delete it although it holds battles.
        #[arg(long)]
        force: bool,
    },
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
            options,
            standings,
        } => {
            let standings = rule(standings.as_deref())?;
            let (cat, store) = app.both()?;
            let (c, pack_name) =
                ops::campaign::create(cat, store, &name, &battlepack, legends, &options, standings)?;
            if json_out {
                return json(&c);
            }
            line(format!(
                "Campaign '{}' created ({pack_name}; {}; {}).",
                c.name,
                legends_words(c.legends),
                c.options.words()
            ))
        }
        CampaignCmd::Show { name } => super::campaign_show::run(app, &name),
        CampaignCmd::Rename { name, new_name } => {
            let campaign = app.campaign_id(&name)?;
            let done = ops::manage::rename_campaign(app.store()?, campaign, &new_name)?;
            if json_out {
                return json(&done.campaign);
            }
            line(format!(
                "Campaign '{name}' is now '{}' (#{}; `ptg undo` reverses it).",
                done.campaign.name, done.set_id
            ))
        }
        CampaignCmd::Delete { name, force } => {
            let campaign = app.campaign_id(&name)?;
            let done = ops::manage::delete_campaign(app.store()?, campaign, force)?;
            if json_out {
                return json(&done.campaign);
            }
            let with = match done.rosters.as_slice() {
                [] => String::new(),
                names => format!(" with its rosters {}", names.join(", ")),
            };
            line(format!(
                "Campaign '{}' deleted{with} (#{}; `ptg undo` brings it back).",
                done.campaign.name, done.set_id
            ))
        }
        CampaignCmd::Set {
            name,
            legends,
            options,
            standings,
        } => {
            let legends = legends.map(|l| matches!(l, OnOff::On));
            let standings = rule(standings.as_deref())?;
            let campaign = app.campaign_id(&name)?;
            let (cat, store) = app.both()?;
            let done = ops::campaign::set(cat, store, campaign, legends, &options, standings)?;
            if json_out {
                return json(&SetReport {
                    campaign: &done.campaign,
                    change_set: done.set_id,
                });
            }
            let c = &done.campaign;
            match done.set_id {
                Some(set) => line(format!(
                    "Campaign '{}': {}; {}; league table {} (#{set}; `ptg undo --campaign \"{}\"` reverses it).",
                    c.name,
                    legends_words(c.legends),
                    c.options.words(),
                    c.options.standings.words(),
                    c.name
                )),
                None => line(format!(
                    "Campaign '{}': {}; {}; league table {} already; nothing changed.",
                    c.name,
                    legends_words(c.legends),
                    c.options.words(),
                    c.options.standings.words()
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
                "Options",
                "Rosters",
                "Battles",
                "Created",
            ]);
            t.lesser(&["Created", "Options", "Legends"]);
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
                    r.campaign.options.words(),
                    r.rosters.to_string(),
                    r.battles.to_string(),
                    r.campaign.created_at.chars().take(10).collect(),
                ]);
            }
            line(t.to_string())
        }
    }
}

/// The standings rule typed (clap has checked it is one of the names).
fn rule(typed: Option<&str>) -> Result<Option<StandingsRule>> {
    typed
        .map(|t| t.parse::<StandingsRule>().map_err(crate::error::Error::refused))
        .transpose()
}
