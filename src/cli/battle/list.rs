//! `ptg battle list`: battles, newest first, with results and whose aftermath is still to
//! run. Printed as they are read: a league's whole list is never held at once (issue #16).

use super::show::side_words;
use crate::cli::App;
use crate::cli::chunked::print_listing;
use crate::cli::output::{JsonArray, Stream, or_dash};
use crate::error::Result;
use crate::ops;
use crate::ops::battle::BattleLine;
use crate::rules::battle::{Battle, BattleStatus};
use std::io::IsTerminal;

/// Battles per table chunk when a long list is printed in pieces.
const CHUNK: usize = 500;

const HEADER: [&str; 6] = ["#", "Campaign", "Points", "Battleplan", "Sides", "Status"];

/// How many battles a terminal shows when --limit is not given (the newest, as `ptg history`
/// shows its latest 50 change sets).
const TERMINAL_PAGE: u32 = 50;

pub fn run(
    json_out: bool,
    app: &mut App,
    campaign: Option<&str>,
    roster: Option<&str>,
    limit: Option<u32>,
) -> Result<()> {
    let (campaign, roster) = (app.campaign_id_of(campaign)?, app.roster_id_of(roster)?);
    // At a terminal a league's every battle would scroll past: show the newest page.
    let paged = limit.is_none() && !json_out && std::io::stdout().is_terminal();
    let newest = limit.or(paged.then_some(TERMINAL_PAGE));
    let mut out = Stream::stdout();
    ops::battle::read_list(app.store()?, campaign, roster, newest, |list| {
        if json_out {
            let mut array = JsonArray::default();
            list.each(|b| array.item(&mut out, &b))?;
            return array.finish(&mut out);
        }
        let more = std::cell::Cell::new(false);
        print_listing(&mut out, &HEADER, CHUNK, |row| {
            more.set(list.each_line(|b| row(cells(&b).into()))?);
            Ok(())
        })?;
        if more.get() {
            out.line("(older battles not shown: use --limit N to see more)")?;
        }
        Ok(())
    })?;
    out.finish()
}

/// A battle's cells as the list shows them.
fn cells(b: &BattleLine) -> [String; 6] {
    let sides: Vec<String> = b
        .sides
        .iter()
        .map(|s| side_words(&s.roster, s.result, s.victory_points, s.withdrew))
        .collect();
    let done = b.sides.iter().map(|s| (s.roster.as_str(), s.aftermath_done));
    [
        b.id.to_string(),
        b.campaign.clone(),
        b.points_limit.to_string(),
        or_dash(b.battleplan.clone().unwrap_or_default()),
        sides.join("\n"),
        aftermaths_words(b.status, done),
    ]
}

/// "planned", "fought; aftermath to run: Rat Tide", or "fought; aftermaths done".
pub fn pending_aftermaths(b: &Battle) -> String {
    let done = b.sides.iter().map(|s| (s.roster.as_str(), s.aftermath_done));
    aftermaths_words(b.status, done)
}

/// [`pending_aftermaths`] from a battle's status and each side's roster and whether its
/// aftermath was run.
fn aftermaths_words<'a>(status: BattleStatus, sides: impl Iterator<Item = (&'a str, bool)>) -> String {
    if status != BattleStatus::Fought {
        return status.to_string();
    }
    let pending: Vec<&str> = sides
        .filter(|(_, done)| !done)
        .map(|(roster, _)| roster)
        .collect();
    match pending.as_slice() {
        [] => "fought; aftermaths done".into(),
        some => format!("fought; aftermath to run: {}", some.join(", ")),
    }
}
