//! `ptg rolls`: the dice log, so the opponent can see every roll.

use super::App;
use super::chunked::{Chunked, Widths};
use super::output::{Stream, line, or_dash, table};
use crate::error::Result;
use crate::ops;
use crate::ops::rolls::RollRow;
use clap::Args;

#[derive(Debug, Args)]
pub struct RollsArgs {
    /// Only this battle's rolls.
    #[arg(long)]
    battle: Option<i64>,
    /// Only this roster's rolls.
    #[arg(long)]
    roster: Option<String>,
}

pub fn run(app: &mut App, args: RollsArgs) -> Result<()> {
    let json_out = app.json;
    let (battle, roster) = (args.battle, args.roster.as_deref());
    if json_out {
        // Item by item as the rolls are read, in the layout `json` gives a whole array: each
        // item is printed when the next comes (with its comma) or when the log ends.
        let mut held: Option<String> = None;
        ops::rolls::each(app.store()?, battle, roster, |r| {
            let item = format!("  {}", serde_json::to_string_pretty(&r)?.replace('\n', "\n  "));
            match held.replace(item) {
                Some(prev) => line(format!("{prev},")),
                None => line("["),
            }
        })?;
        return match held {
            Some(last) => line(format!("{last}\n]")),
            None => line("[]"),
        };
    }
    ops::rolls::read(app.store()?, battle, roster, |log| {
        // A first pass finds the count and each column's width; a log too long to hold is then
        // printed in chunks that line up, a short one as one table (fitted to the terminal).
        let mut widths = Widths::new(&HEADER);
        let mut count = 0;
        log.each(|r| {
            widths.add(&cells(r));
            count += 1;
            Ok(())
        })?;
        let mut out = Stream::stdout();
        if count <= CHUNK {
            let mut t = table(HEADER);
            log.each(|r| {
                t.add_row(cells(r));
                Ok(())
            })?;
            out.line(t.to_string())?;
        } else {
            let mut t = Chunked::new(&HEADER, widths, CHUNK, |l: &str| out.line(l));
            log.each(|r| t.add(cells(r).into()))?;
            t.finish()?;
        }
        out.line(format!("{count} rolls."))?;
        out.finish()
    })
}

/// Rolls per table chunk when the log is printed in pieces.
const CHUNK: usize = 1000;

const HEADER: [&str; 9] = [
    "#", "Battle", "Roster", "For", "Dice", "Faces", "Total", "Source", "When",
];

/// A roll's cells as the table shows them.
fn cells(r: RollRow) -> [String; 9] {
    let source = match (r.source.as_str(), r.seed) {
        ("seeded", Some(seed)) => format!("ptg, seed {seed}"),
        ("typed", _) => "typed in".into(),
        (other, _) => other.into(),
    };
    [
        r.id.to_string(),
        r.battle_id.map(|b| b.to_string()).unwrap_or_else(|| "-".into()),
        or_dash(r.roster.unwrap_or_default()),
        r.purpose,
        r.expression,
        r.faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
        r.total.to_string(),
        source,
        r.created_at.replace('T', " ").trim_end_matches('Z').to_string(),
    ]
}
