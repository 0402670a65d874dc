//! `ptg battle list`: battles, newest first. Printed as they are read: a league's whole list
//! is never held at once (issue #16).

use super::show::side_line;
use crate::cli::App;
use crate::cli::chunked::print_listing;
use crate::cli::output::{JsonArray, Stream, or_dash};
use crate::error::Result;
use crate::ops;
use crate::rules::battle::Battle;

/// Battles per table chunk when a long list is printed in pieces.
const CHUNK: usize = 500;

const HEADER: [&str; 6] = ["#", "Campaign", "Points", "Battleplan", "Sides", "Status"];

pub fn run(json_out: bool, app: &mut App, campaign: Option<&str>) -> Result<()> {
    let mut out = Stream::stdout();
    ops::battle::read_list(app.store()?, campaign, |list| {
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
        b.status.to_string(),
    ]
}
