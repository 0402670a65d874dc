//! `ptg roster check`: every rule the roster breaks, set-up steps still open, and optionally
//! the whole Order of Battle checked as one army.

use crate::cli::App;
use crate::cli::output::{json, line};
use crate::error::{Error, Result};
use crate::ops;
use crate::rules::army::OrderOfBattleAsArmy;
use crate::rules::roster::CheckReport;
use clap::Args;
use serde::Serialize;

#[derive(Debug, Args)]
pub struct CheckArgs {
    /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// Also check the whole Order of Battle as one army of this many points: the general
    /// (warlord, WARMASTER), regiments (placed automatically) and the points limit.
    #[arg(long, value_parser = crate::numbers::clap_whole::<u32>)]
    points: Option<u32>,
}

#[derive(Serialize)]
struct CheckView<'a> {
    #[serde(flatten)]
    report: &'a CheckReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    army: Option<&'a OrderOfBattleAsArmy>,
}

pub fn run(app: &mut App, args: CheckArgs) -> Result<()> {
    let json_out = app.json;
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let checked = ops::roster::check(cat, store, roster, args.points)?;
    let (s, report, army) = (&checked.subject, &checked.report, &checked.army);
    if json_out {
        json(&CheckView {
            report,
            army: army.as_ref(),
        })?;
    } else {
        if let Some(a) = &army {
            let label = |id: i64| {
                s.roster
                    .unit(id)
                    .map(|u| u.label())
                    .unwrap_or_else(|| format!("#{id}"))
            };
            let verdict = if a.points > u64::from(a.points_limit) {
                format!("over the limit by {}", a.points - u64::from(a.points_limit))
            } else {
                "within the limit".to_string()
            };
            line(format!(
                "As a {}-point army: the Order of Battle costs {} points, {verdict}.",
                a.points_limit, a.points
            ))?;
            let blocked = a
                .problems
                .iter()
                .any(|p| matches!(p.rule, "general" | "warmaster"));
            match a.general {
                Some(g) => line(format!("  general: {}", label(g)))?,
                None if blocked => line("  general: none until the problem below is fixed")?,
                None => line("  general: picked with --general when the army is taken")?,
            }
            for r in &a.regiments {
                let members: Vec<String> = r.units.iter().map(|&u| label(u)).collect();
                line(format!(
                    "  regiment of {}{}: {}",
                    label(r.leader),
                    if a.general == Some(r.leader) {
                        " (general)"
                    } else {
                        ""
                    },
                    if members.is_empty() {
                        "no other units".to_string()
                    } else {
                        members.join(", ")
                    }
                ))?;
            }
        }
        for p in &report.problems {
            line(format!("BROKEN {}: {}", p.rule, p.message))?;
        }
        for n in &report.notes {
            line(format!("note: {n}"))?;
        }
        if report.problems.is_empty() {
            line(format!("{} breaks no rules.", s.roster.name))?;
        }
    }
    if report.problems.is_empty() {
        Ok(())
    } else {
        Err(Error::refused(format!(
            "{} breaks {} rule(s)",
            s.roster.name,
            report.problems.len()
        )))
    }
}
