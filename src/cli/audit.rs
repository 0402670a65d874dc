//! `ptg audit`: every roster's numbers checked against its history (change log, battles, dice
//! log), for a campaign organiser before a league night. Exit 1 with the findings.

use super::App;
use super::output::{json, line, or_dash, table};
use crate::error::{Error, Result};
use crate::ops;
use clap::Args;
use std::collections::BTreeSet;

#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Only this campaign's rosters and battles.
    #[arg(long, conflicts_with = "roster")]
    campaign: Option<String>,
    /// Only this roster, and the battles it fought.
    #[arg(long)]
    roster: Option<String>,
    /// Replay every roster's whole history, even those unchanged since a clean audit (a plain
    /// audit skips them: nothing they are checked on has changed).
    #[arg(long)]
    full: bool,
}

pub fn run(app: &mut App, args: AuditArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id_of(args.roster.as_deref())?;
    let campaign = app.campaign_id_of(args.campaign.as_deref())?;
    let (cat, store) = app.both()?;
    let scope = ops::audit::Scope {
        roster,
        campaign,
        full: args.full,
        keep: true,
    };
    let audit = ops::audit::run(cat, store, scope)?;
    let findings = &audit.findings;
    if json_out {
        json(&audit)?;
    } else if findings.is_empty() {
        line(format!(
            "Audit: no findings in {} roster(s), {} battle(s) and {} change set(s); every number agrees with its history.",
            audit.rosters, audit.battles, audit.change_sets
        ))?;
        if audit.rosters_unchanged > 0 {
            line(format!(
                "{} of them unchanged since a clean audit, not replayed (`ptg audit --full` replays them).",
                audit.rosters_unchanged
            ))?;
        }
    } else {
        let mut t = table(["Check", "Roster", "Unit", "Battle", "Set", "Finding"]);
        let num = |n: Option<i64>| n.map(|n| n.to_string()).unwrap_or_else(|| "-".into());
        for f in findings {
            t.add_row([
                f.check.to_string(),
                f.roster.clone(),
                or_dash(f.unit.clone().unwrap_or_default()),
                num(f.battle),
                num(f.set),
                f.message.for_cli(),
            ]);
        }
        line(t.to_string())?;
    }
    if !json_out && !audit.notes.is_empty() {
        // Notes fail nothing: the exit code is the findings' alone.
        line("Notes (not failures):")?;
        for n in &audit.notes {
            line(format!("  {}: {}", n.roster, n.message))?;
        }
    }
    if !findings.is_empty() {
        let rosters: BTreeSet<&str> = findings.iter().map(|f| f.roster.as_str()).collect();
        return Err(Error::refused(format!(
            "audit: {} finding(s) in {} roster(s): {}",
            findings.len(),
            rosters.len(),
            rosters.into_iter().collect::<Vec<_>>().join(", ")
        )));
    }
    Ok(())
}
