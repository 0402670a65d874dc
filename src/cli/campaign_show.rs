//! `ptg campaign show`: a campaign's settings and the options in force, each with what it
//! does, and its rosters (with favour where the option is on).

use super::App;
use super::output::{json, line, table};
use crate::error::Result;
use crate::ops;
use crate::ops::campaign::legends_words;

pub fn run(app: &mut App, name: &str) -> Result<()> {
    let json_out = app.json;
    let (cat, store) = app.both()?;
    let shown = ops::campaign::show(cat, store, name)?;
    if json_out {
        return json(&shown);
    }
    let c = &shown.campaign;
    let mut out = format!(
        "{} — {} ({}); {}\n",
        c.name,
        shown.battlepack,
        c.battlepack,
        legends_words(c.legends)
    );
    if shown.options.is_empty() {
        out.push_str("Options: none (`ptg campaign set NAME --option realms,...` turns them on)\n");
    } else {
        out.push_str("Options in force:\n");
        for o in &shown.options {
            out.push_str(&format!("  {:<13} {:<4} {}\n", o.option, o.value, o.what));
        }
    }
    let mut t = table(["Roster", "Player", "Faction", "Glory", "Favour"]);
    for r in &shown.rosters {
        t.add_row([
            r.name.clone(),
            r.player.clone(),
            r.faction.clone(),
            r.glory.to_string(),
            r.favour.map(|f| f.to_string()).unwrap_or_else(|| "-".into()),
        ]);
    }
    out.push_str(&format!("{} battles fought or planned.\n", shown.battles));
    if shown.rosters.is_empty() {
        out.push_str("No rosters yet.");
    } else {
        out.push_str(&t.to_string());
    }
    line(out)
}
