//! `ptg battle list`: battles, newest first. Printed as they are read: a league's whole list
//! is never held at once (issue #16).

use super::show::side_line;
use crate::cli::App;
use crate::cli::chunked::{Chunked, Widths};
use crate::cli::output::{Stream, or_dash, table};
use crate::error::Result;
use crate::ops;
use crate::rules::battle::Battle;

/// Battles per table chunk when a long list is printed in pieces.
const CHUNK: usize = 500;

const HEADER: [&str; 6] = ["#", "Campaign", "Points", "Battleplan", "Sides", "Status"];

pub fn run(json_out: bool, app: &mut App, campaign: Option<&str>) -> Result<()> {
    ops::battle::read_list(app.store()?, campaign, |list| {
        let mut out = Stream::stdout();
        if json_out {
            // Item by item, in the layout a whole array would have.
            let mut held: Option<String> = None;
            list.each(|b| {
                let item = format!("  {}", serde_json::to_string_pretty(&b)?.replace('\n', "\n  "));
                match held.replace(item) {
                    Some(prev) => out.line(format!("{prev},")),
                    None => out.line("["),
                }
            })?;
            match held {
                Some(last) => out.line(format!("{last}\n]"))?,
                None => out.line("[]")?,
            }
            return out.finish();
        }
        // A first pass finds the count and the column widths; a long list is then printed in
        // chunks that line up, a short one as one table (fitted to the terminal).
        let mut widths = Widths::new(&HEADER);
        let mut count = 0;
        list.each(|b| {
            widths.add(&cells(&b));
            count += 1;
            Ok(())
        })?;
        if count <= CHUNK {
            let mut t = table(HEADER);
            list.each(|b| {
                t.add_row(cells(&b));
                Ok(())
            })?;
            out.line(t.to_string())?;
        } else {
            let mut t = Chunked::new(&HEADER, widths, CHUNK, |l: &str| out.line(l));
            list.each(|b| t.add(cells(&b).into()))?;
            t.finish()?;
        }
        out.finish()
    })
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
