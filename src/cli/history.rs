//! `ptg history`: the change log in order, in players' words.

use super::App;
use super::output::{JsonArray, Stream};
use crate::error::Result;
use crate::ops;
use crate::ops::history::{Names, Page, Since};
use crate::rules::log::LoggedSet;
use crate::views::history::{change_lines, heading};
use clap::Args;
use std::io::IsTerminal;

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// One roster's history (its own commands and its battles).
    #[arg(long, conflicts_with = "campaign")]
    roster: Option<String>,
    /// One campaign's history.
    #[arg(long)]
    campaign: Option<String>,
    /// Show only the latest N change sets (at a terminal the latest 50 are shown unless
    /// --limit or --since is given).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    limit: Option<u32>,
    /// Start at change set number N (as `#N` in the history), or at a date or time
    /// (2026-11-23, 2026-11-23T18:00).
    #[arg(long, value_name = "N|DATE", value_parser = parse_since)]
    since: Option<Since>,
}

/// How many change sets a terminal shows when neither --limit nor --since is given.
const TERMINAL_PAGE: u32 = 50;

fn parse_since(s: &str) -> std::result::Result<Since, String> {
    let s = s.trim().trim_start_matches('#');
    if let Ok(n) = s.parse::<i64>() {
        return Ok(Since::Set(n));
    }
    let date = s.get(..10).unwrap_or("");
    let is_date = date.len() == 10
        && date.chars().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                c == '-'
            } else {
                c.is_ascii_digit()
            }
        });
    if is_date {
        return Ok(Since::Time(s.replace(' ', "T")));
    }
    Err(format!(
        "'{s}' is neither a change set number nor a date; use e.g. --since 120 or --since 2026-11-23"
    ))
}

pub fn run(app: &mut App, args: HistoryArgs) -> Result<()> {
    let json_out = app.json;
    // At a terminal a whole league's log would scroll past: show the latest page.
    let paged = args.limit.is_none() && args.since.is_none() && !json_out && std::io::stdout().is_terminal();
    let page = Page {
        since: args.since,
        before: None,
        limit: args.limit.or(paged.then_some(TERMINAL_PAGE)),
    };
    // Each set is printed as it is read.
    let mut array = JsonArray::default();
    let mut out = Stream::stdout();
    let roster = app.roster_id_of(args.roster.as_deref())?;
    let campaign = app.campaign_id_of(args.campaign.as_deref())?;
    let shown = ops::history::each(app.store()?, roster, campaign, page, |set, names| {
        if json_out {
            return array.item(&mut out, set);
        }
        print_set(&mut out, set, names)
    })?;
    if json_out {
        array.finish(&mut out)?;
        return out.finish();
    }
    if shown.sets == 0 {
        out.line("No history yet.")?;
    }
    if shown.earlier > 0 && shown.sets > 0 {
        out.line(format!(
            "({} earlier change sets not shown: use --limit N or --since N to see them)",
            shown.earlier
        ))?;
    }
    out.finish()
}

/// One change set: its heading line, then a line per change naming roster and unit.
fn print_set(out: &mut Stream, set: &LoggedSet, names: &Names) -> Result<()> {
    out.line(heading(set))?;
    for line in change_lines(set, names) {
        out.line(format!("    {line}"))?;
    }
    Ok(())
}
