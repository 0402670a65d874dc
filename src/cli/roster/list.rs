//! `ptg roster list`: every roster, or one campaign's.

use crate::cli::App;
use crate::cli::output::{json, line, table};
use crate::error::Result;
use crate::ops;

pub fn run(app: &mut App, campaign: Option<&str>) -> Result<()> {
    let json_out = app.json;
    let campaign = app.campaign_id_of(campaign)?;
    let rows = ops::roster::list(app.store()?, campaign)?;
    if json_out {
        return json(&rows);
    }
    let mut t = table([
        "Roster", "Player", "Faction", "Campaign", "Units", "Points", "Glory",
    ]);
    t.lesser(&["Campaign", "Faction", "Player"]);
    for r in &rows {
        t.add_row([
            r.name.clone(),
            r.player.clone(),
            r.faction.clone(),
            r.campaign.clone(),
            r.units.to_string(),
            r.points.to_string(),
            r.glory.to_string(),
        ]);
    }
    line(t.to_string())
}
