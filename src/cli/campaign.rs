//! `ptg campaign new|list`.

use super::App;
use super::output::{json, line, table};
use crate::store::Campaign;
use anyhow::{Result, anyhow};
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
    match cmd {
        CampaignCmd::New { name, battlepack } => {
            let json_out = app.json;
            let (cat, store) = app.both()?;
            let pack = cat.battlepack(&battlepack).map_err(|e| anyhow!(e))?;
            let pack_id = pack.id.clone();
            let pack_name = pack.name.clone();
            let c = store.write(|tx| Campaign::create(tx, &name, &pack_id))?;
            if json_out {
                return json(&c);
            }
            line(format!("Campaign '{}' created ({pack_name}).", c.name))
        }
        CampaignCmd::List => {
            let json_out = app.json;
            let rows = Campaign::list(app.store()?.conn())?;
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
