//! `ptg battle list`: battles, newest first, with results and whose aftermath is still to
//! run. Printed as they are read: a league's whole list is never held at once (issue #16).

use super::show::side_line;
use crate::cli::App;
use crate::cli::chunked::print_listing;
use crate::cli::output::{JsonArray, Stream, or_dash};
use crate::error::Result;
use crate::ops;
use crate::rules::battle::{Battle, BattleStatus};

/// Battles per table chunk when a long list is printed in pieces.
const CHUNK: usize = 500;

const HEADER: [&str; 6] = ["#", "Campaign", "Points", "Battleplan", "Sides", "Status"];

pub fn run(json_out: bool, app: &mut App, campaign: Option<&str>, roster: Option<&str>) -> Result<()> {
    let (campaign, roster) = (app.campaign_id_of(campaign)?, app.roster_id_of(roster)?);
    let mut out = Stream::stdout();
    ops::battle::read_list(app.store()?, campaign, roster, |list| {
        if json_out {
            let mut array = JsonArray::default();
            list.each(|b| array.item(&mut out, &b))?;
            return array.finish(&mut out);
        }
        print_listing(&mut out, &HEADER, CHUNK, |row| {
            list.each(|b| row(cells(&b).into()))
        })?;
        Ok(())
    })?;
    out.finish()
}

/// A battle's cells as the list shows them.
fn cells(b: &Battle) -> [String; 6] {
    let sides: Vec<String> = b.sides.iter().map(side_line).collect();
    [
        b.id.to_string(),
        b.campaign.clone(),
        b.points_limit.to_string(),
        or_dash(b.battleplan.clone().unwrap_or_default()),
        sides.join("\n"),
        pending_aftermaths(b),
    ]
}

/// "planned", "fought; aftermath to run: Rat Tide", or "fought; aftermaths done".
pub fn pending_aftermaths(b: &Battle) -> String {
    if b.status != BattleStatus::Fought {
        return b.status.to_string();
    }
    let pending: Vec<&str> = b
        .sides
        .iter()
        .filter(|s| !s.aftermath_done)
        .map(|s| s.roster.as_str())
        .collect();
    match pending.as_slice() {
        [] => "fought; aftermaths done".into(),
        some => format!("fought; aftermath to run: {}", some.join(", ")),
    }
}
