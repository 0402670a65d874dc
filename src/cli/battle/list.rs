//! `ptg battle list`: battles, newest first.

use super::show::side_line;
use crate::cli::App;
use crate::cli::output::{json, line, or_dash, table};
use crate::error::Result;
use crate::ops;

pub fn run(json_out: bool, app: &mut App, campaign: Option<&str>) -> Result<()> {
    let list = ops::battle::list(app.store()?, campaign)?;
    if json_out {
        return json(&list);
    }
    let mut t = table(["#", "Campaign", "Points", "Battleplan", "Sides", "Status"]);
    for b in &list {
        let sides: Vec<String> = b.sides.iter().map(side_line).collect();
        t.add_row([
            b.id.to_string(),
            b.campaign.clone(),
            b.points_limit.to_string(),
            or_dash(b.battleplan.clone().unwrap_or_default()),
            sides.join("\n"),
            b.status.to_string(),
        ]);
    }
    line(t.to_string())
}
