//! `ptg rolls`: the dice log, so the opponent can see every roll.

use super::App;
use super::chunked::print_listing;
use super::output::{JsonArray, Stream, or_dash};
use crate::error::Result;
use crate::ops;
use crate::ops::rolls::RollRow;
use clap::Args;
use std::io::IsTerminal;

#[derive(Debug, Args)]
pub struct RollsArgs {
    /// Only this battle's rolls.
    #[arg(long)]
    battle: Option<i64>,
    /// Only this roster's rolls.
    #[arg(long)]
    roster: Option<String>,
    /// Show only the latest N rolls (at a terminal the latest 50 are shown unless --limit or
    /// --battle is given).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    limit: Option<u32>,
}

/// How many rolls a terminal shows when neither --limit nor --battle is given (the latest, as
/// `ptg history` shows its latest 50 change sets).
const TERMINAL_PAGE: u32 = 50;

pub fn run(app: &mut App, args: RollsArgs) -> Result<()> {
    let json_out = app.json;
    let (battle, roster) = (args.battle, app.roster_id_of(args.roster.as_deref())?);
    // At a terminal a league's whole dice log would scroll past: show the latest page.
    let paged = args.limit.is_none() && battle.is_none() && !json_out && std::io::stdout().is_terminal();
    let newest = args.limit.or(paged.then_some(TERMINAL_PAGE));
    let mut out = Stream::stdout();
    if json_out {
        let mut array = JsonArray::default();
        ops::rolls::each(app.store()?, battle, roster, newest, |r| array.item(&mut out, &r))?;
        array.finish(&mut out)?;
        return out.finish();
    }
    ops::rolls::read(app.store()?, battle, roster, newest, |log| {
        let more = std::cell::Cell::new(false);
        let count = print_listing(&mut out, &HEADER, CHUNK, |row| {
            more.set(log.each(|r| row(cells(r).into()))?);
            Ok(())
        })?;
        out.line(format!("{}.", crate::names::counted(count, "roll", "rolls")))?;
        if more.get() {
            out.line("(earlier rolls not shown: use --limit N to see more)")?;
        }
        Ok(())
    })?;
    out.finish()
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
        match (r.unit_id, &r.unit) {
            (Some(id), Some(unit)) if r.purpose.contains(unit.as_str()) => {
                format!("{} (unit #{id})", r.purpose)
            }
            (Some(id), Some(unit)) => format!("{} (unit #{id} {unit})", r.purpose),
            _ => r.purpose,
        },
        r.expression,
        r.faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
        r.total.to_string(),
        source,
        crate::cli::output::moment(&r.created_at),
    ]
}
