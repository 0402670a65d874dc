//! `ptg rolls`: the dice log, so the opponent can see every roll.

use super::App;
use super::output::{json, line, or_dash, table};
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
    let rows = ops::rolls::list(app.store()?, args.battle, args.roster.as_deref())?;
    if json_out {
        return json(&rows);
    }
    let mut t = table([
        "#", "Battle", "Roster", "For", "Dice", "Faces", "Total", "Source", "When",
    ]);
    for r in &rows {
        let source = match (r.source.as_str(), r.seed) {
            ("seeded", Some(seed)) => format!("ptg, seed {seed}"),
            ("typed", _) => "typed in".into(),
            (other, _) => other.into(),
        };
        t.add_row([
            r.id.to_string(),
            r.battle_id.map(|b| b.to_string()).unwrap_or_else(|| "-".into()),
            or_dash(r.roster.clone().unwrap_or_default()),
            r.purpose.clone(),
            r.expression.clone(),
            r.faces.iter().map(u32::to_string).collect::<Vec<_>>().join(" "),
            r.total.to_string(),
            source,
            r.created_at.replace('T', " ").trim_end_matches('Z').to_string(),
        ]);
    }
    line(t.to_string())?;
    line(format!("{} rolls.", rows.len()))
}
