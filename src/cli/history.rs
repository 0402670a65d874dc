//! `ptg history`: the change log in order, in players' words.

use super::App;
use super::output::{json, line};
use crate::store::history;
use crate::store::{Campaign, rosters};
use anyhow::Result;
use clap::Args;
use std::collections::HashMap;

#[derive(Debug, Args)]
pub struct HistoryArgs {
    /// One roster's history (its own commands and its battles).
    #[arg(long, conflicts_with = "campaign")]
    roster: Option<String>,
    /// One campaign's history.
    #[arg(long)]
    campaign: Option<String>,
}

pub fn run(app: &mut App, args: HistoryArgs) -> Result<()> {
    let json_out = app.json;
    let store = app.store()?;
    let conn = store.conn();
    let roster_id = args
        .roster
        .as_deref()
        .map(|r| rosters::id_of(conn, r))
        .transpose()?;
    let campaign_id = args
        .campaign
        .as_deref()
        .map(|c| Campaign::get(conn, c))
        .transpose()?
        .map(|c| c.id);
    let sets = history::sets(conn, roster_id, campaign_id)?;
    if json_out {
        return json(&sets);
    }
    let labels = unit_labels(conn)?;
    let roster_names = roster_names(conn)?;
    for set in &sets {
        let mut status = String::new();
        if let Some(u) = set.undone_by {
            status = format!("  [undone by #{u}]");
        }
        if let Some(u) = set.undoes {
            status = format!("  [undoes #{u}]");
        }
        line(format!(
            "#{} {} {}: {}{status}",
            set.id,
            set.created_at.replace('T', " ").trim_end_matches('Z'),
            set.command,
            set.summary
        ))?;
        for c in &set.changes {
            let whose = match (set.roster_id, c.roster_id) {
                (None, Some(r)) => roster_names.get(&r).map(|n| format!("{n}: ")).unwrap_or_default(),
                _ => String::new(),
            };
            let unit = c
                .unit_id
                .filter(|_| c.kind != "add_unit")
                .and_then(|u| labels.get(&u))
                .map(|l| format!("{l} "))
                .unwrap_or_default();
            line(format!("    {whose}{unit}{}", c.description))?;
        }
    }
    if sets.is_empty() {
        line("No history yet.")?;
    }
    Ok(())
}

fn unit_labels(conn: &rusqlite::Connection) -> Result<HashMap<i64, String>> {
    let mut stmt = conn.prepare("SELECT id, warscroll, name FROM units")?;
    let rows = stmt.query_map([], |r| {
        let (id, warscroll, name): (i64, String, Option<String>) = (r.get(0)?, r.get(1)?, r.get(2)?);
        Ok((id, name.unwrap_or(warscroll)))
    })?;
    Ok(rows.collect::<Result<_, _>>()?)
}

fn roster_names(conn: &rusqlite::Connection) -> Result<HashMap<i64, String>> {
    let mut stmt = conn.prepare("SELECT id, name FROM rosters")?;
    let rows = stmt.query_map([], |r| Ok((r.get(0)?, r.get(1)?)))?;
    Ok(rows.collect::<Result<_, _>>()?)
}
