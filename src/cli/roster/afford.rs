//! `ptg roster afford`: what the roster's glory buys in its next aftermath, with costs.

use crate::cli::App;
use crate::cli::output::{json, line, table};
use crate::error::Result;
use crate::ops;
use crate::rules::afford::Affordable;
use clap::Args;
use serde::Serialize;

#[derive(Debug, Args)]
pub struct AffordArgs {
    /// The roster whose glory is counted.
    roster: String,
    /// Also list what costs more than the glory held.
    #[arg(long)]
    all: bool,
}

#[derive(Serialize)]
struct AffordView<'a> {
    roster: &'a str,
    faction: &'a str,
    setup_complete: bool,
    #[serde(flatten)]
    offers: &'a Affordable,
}

pub fn run(app: &mut App, args: AffordArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let done = ops::roster::afford(cat, store, roster)?;
    let (r, a) = (&done.subject.roster, &done.offers);
    if json_out {
        return json(&AffordView {
            roster: &r.name,
            faction: &r.faction,
            setup_complete: r.setup_complete,
            offers: a,
        });
    }
    line(format!(
        "{} holds {} glory. An aftermath may add {} new unit and reinforce {}, paid together from the glory held then.",
        r.name, a.glory, a.max_units_added, a.max_units_reinforced
    ))?;
    if !r.setup_complete {
        line(format!(
            "{} is still in set-up: starting units join with `ptg roster add` within the {}-point limit; glory is spent after battles.",
            r.name, done.subject.pack.roster.starting_points
        ))?;
    }

    let shown = |affordable: bool| args.all || affordable;
    line(format!("\nAdd a new {} unit (glory: its points)", r.faction))?;
    let mut t = table(["Unit", "Glory", "Added and reinforced"]);
    for o in a.add.iter().filter(|o| shown(o.affordable)) {
        let both = match (o.with_reinforcement, o.reinforcement_affordable) {
            (None, _) => "-".to_string(),
            (Some(c), true) => c.to_string(),
            (Some(c), false) => format!("{c} (more than held)"),
        };
        let cost = match o.affordable {
            true => o.cost.to_string(),
            false => format!("{} (more than held)", o.cost),
        };
        t.add_row([o.warscroll.clone(), cost, both]);
    }
    print_or_none(t, a.add.iter().filter(|o| shown(o.affordable)).count())?;
    let dear: Vec<_> = a.add.iter().filter(|o| !o.affordable).collect();
    if !args.all
        && let Some(cheapest) = dear.first()
    {
        line(format!(
            "{} more cost more than {} glory (the cheapest: {}, {}); see them with --all.",
            dear.len(),
            a.glory,
            cheapest.warscroll,
            cheapest.cost
        ))?;
    }

    line("\nReinforce a unit on the Order of Battle (glory: its points again)")?;
    let mut t = table(["#", "Unit", "Warscroll", "Glory"]);
    for o in a.reinforce.iter().filter(|o| shown(o.affordable)) {
        let cost = match o.affordable {
            true => o.cost.to_string(),
            false => format!("{} (more than held)", o.cost),
        };
        t.add_row([o.unit.to_string(), o.name.clone(), o.warscroll.clone(), cost]);
    }
    print_or_none(t, a.reinforce.iter().filter(|o| shown(o.affordable)).count())?;
    let dear = a.reinforce.iter().filter(|o| !o.affordable).count();
    if !args.all && dear > 0 {
        line(format!(
            "{dear} more cost more than {} glory; see them with --all.",
            a.glory
        ))?;
    }
    if r.options.allies {
        line(
            "\nOption allies: a unit of another faction of the grand alliance may join instead (`--ally FACTION`); see `ptg faction show` for its points.",
        )?;
    }
    line(format!(
        "\nSpend it in the aftermath: `ptg aftermath <battle> \"{}\" --add-unit WARSCROLL --reinforce UNIT`.",
        r.name
    ))
}

/// The table, or "none" when it has no rows.
fn print_or_none(t: crate::cli::output::Fitted, rows: usize) -> Result<()> {
    match rows {
        0 => line("none"),
        _ => line(t.to_string()),
    }
}
