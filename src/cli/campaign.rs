//! `ptg campaign new|list`.

use super::App;
use super::output::{json, line, table};
use crate::error::Result;
use crate::ops;
use clap::Subcommand;

#[derive(Debug, Subcommand)]
pub enum CampaignCmd {
    /// Start a campaign.
    New {
        name: String,
        /// Battlepack id or name.
        #[arg(long, default_value = "ascension")]
        battlepack: String,
    },
    /// The campaigns in the database, with roster and battle counts.
    List,
}

pub fn run(app: &mut App, cmd: CampaignCmd) -> Result<()> {
    let json_out = app.json;
    match cmd {
        CampaignCmd::New { name, battlepack } => {
            let (cat, store) = app.both()?;
            let (c, pack_name) = ops::campaign::create(cat, store, &name, &battlepack)?;
            if json_out {
                return json(&c);
            }
            line(format!("Campaign '{}' created ({pack_name}).", c.name))
        }
        CampaignCmd::List => {
            let rows = ops::campaign::list(app.store()?)?;
            if json_out {
                return json(&rows);
            }
            let mut t = table(["Campaign", "Battlepack", "Rosters", "Battles", "Created"]);
            for r in &rows {
                t.add_row([
                    r.campaign.name.clone(),
                    r.campaign.battlepack.clone(),
                    r.rosters.to_string(),
                    r.battles.to_string(),
                    r.campaign.created_at.chars().take(10).collect(),
                ]);
            }
            line(t.to_string())
        }
    }
}
