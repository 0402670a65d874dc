//! `ptg rolls`: the dice log, so the opponent can see every roll.

use super::App;
use super::output::{line, or_dash, table};
use crate::error::Result;
use crate::ops;
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
    let mut t = table([
        "#", "Battle", "Roster", "For", "Dice", "Faces", "Total", "Source", "When",
    ]);
    let mut count = 0;
    ops::rolls::each(app.store()?, battle, roster, |r| {
        let source = match (r.source.as_str(), r.seed) {
            ("seeded", Some(seed)) => format!("ptg, seed {seed}"),
            ("typed", _) => "typed in".into(),
            (other, _) => other.into(),
        };
        t.add_row([
            r.id.to_string(),
            r.battle_id.map(|b| b.to_string()).unwrap_or_else(|| "-".into()),
            or_dash(r.roster.unwrap_or_default()),
            r.purpose,
            r.expression,
            r.faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
            r.total.to_string(),
            source,
            r.created_at.replace('T', " ").trim_end_matches('Z').to_string(),
        ]);
        count += 1;
        Ok(())
    })?;
    line(t.to_string())?;
    line(format!("{count} rolls."))
}
