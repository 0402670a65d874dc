//! `ptg roster import` and `ptg roster export`: army lists in, lists out.

use crate::cli::App;
use crate::cli::output::{json, line, table};
use crate::error::{Error, Result};
use crate::lists::{Format, MAX_BYTES, export};
use crate::ops::lists::{ImportRequest, Imported, Target};
use clap::{Args, ValueEnum};
use std::io::Read;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The list: a file (text, .ros, .rosz, .json) or `-` for pasted text on stdin.
    source: String,
    /// Make a new roster in this campaign (with --player).
    #[arg(
        long,
        required_unless_present = "into",
        requires = "player",
        conflicts_with = "into"
    )]
    campaign: Option<String>,
    /// The player of the new roster.
    #[arg(long)]
    player: Option<String>,
    /// The new roster's name (default: the list's own name).
    #[arg(long)]
    name: Option<String>,
    /// The warlord, when the list marks no general (a HERO of the list).
    #[arg(long)]
    warlord: Option<String>,
    /// The warlord's Path (e.g. warrior) ...
    #[arg(long)]
    path: Option<String>,
    /// ... and its first ability (e.g. berserker).
    #[arg(long)]
    ability: Option<String>,
    /// Add the list's units to this roster, still in set-up, instead.
    #[arg(long, value_name = "ROSTER")]
    into: Option<String>,
    /// The faction, when the list does not name one ptg knows.
    #[arg(long)]
    faction: Option<String>,
    /// Read the list as this format instead of telling from its content.
    #[arg(long, value_enum)]
    format: Option<Format>,
    /// Show the report and what the roster would be; write nothing.
    #[arg(long)]
    dry_run: bool,
    /// Import what matched and leave out what did not.
    #[arg(long)]
    skip_unknown: bool,
    /// Refuse the whole list when the roster would break a set-up rule.
    #[arg(long)]
    strict: bool,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum ExportFormat {
    /// The official app's text layout (what `roster import` reads back).
    App,
    /// ptg's own JSON (docs/LISTS.md).
    Json,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The roster's name (CAMPAIGN/ROSTER when two campaigns have one).
    roster: String,
    /// app: the official app's text layout; json: ptg's versioned JSON (docs/LISTS.md).
    #[arg(long, value_enum, default_value = "app")]
    format: ExportFormat,
    /// Write to this file instead of the terminal.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

fn read_source(source: &str) -> Result<Vec<u8>> {
    let mut bytes = Vec::new();
    let limit = (MAX_BYTES + 1) as u64;
    let read = if source == "-" {
        std::io::stdin().take(limit).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(source)
            .map_err(|e| Error::refused(format!("cannot read {source}: {e}")))?
            .take(limit)
            .read_to_end(&mut bytes)
    };
    read.map_err(|e| Error::refused(format!("cannot read {source}: {e}")))?;
    Ok(bytes)
}

pub fn run_import(app: &mut App, args: ImportArgs) -> Result<()> {
    let json_out = app.json;
    let bytes = read_source(&args.source)?;
    let target = match (&args.into, &args.campaign, &args.player) {
        (Some(r), _, _) => Target::Into(app.roster_id(r)?),
        (None, Some(c), Some(p)) => Target::New {
            campaign: app.campaign_id(c)?,
            player: p,
            name: args.name.as_deref(),
            warlord: args.warlord.as_deref(),
            path: args.path.as_deref(),
            ability: args.ability.as_deref(),
        },
        _ => {
            return Err(Error::refused(
                "name a --campaign and --player for a new roster, or --into ROSTER",
            ));
        }
    };
    let req = ImportRequest {
        bytes: &bytes,
        format: args.format,
        faction: args.faction.as_deref(),
        target,
        dry_run: args.dry_run,
        skip_unknown: args.skip_unknown,
        strict: args.strict,
    };
    let (cat, store) = app.both()?;
    let done = crate::ops::lists::import(cat, store, &req)?;
    if json_out {
        json(&done)?;
    } else {
        print_report(&done, args.dry_run)?;
    }
    match &done.refused {
        Some(why) => Err(why.clone().into()),
        None => Ok(()),
    }
}

fn print_report(done: &Imported, dry_run: bool) -> Result<()> {
    let m = &done.matched;
    line(format!("Read as {} ({}).", done.format, m.faction))?;
    let mut t = table(["Line", "", "List", "Matched"]);
    for l in &m.report {
        t.add_row([
            l.line.to_string(),
            l.status.label().to_string(),
            l.text.clone(),
            l.detail.for_cli(),
        ]);
    }
    line(t.to_string())?;
    if let Some(r) = &done.roster {
        line(format!(
            "{} {} {} units, {} points.",
            r.name,
            if done.written { "now has" } else { "would have" },
            r.active_units().count(),
            r.points()
        ))?;
    }
    for p in &done.problems {
        line(format!("problem ({}): {}", p.rule, p.message))?;
    }
    if !done.problems.is_empty() && done.written {
        line("Imported with these problems; `ptg roster check` lists them until they are fixed.")?;
    }
    if dry_run && done.refused.is_none() {
        line("Dry run: nothing was written.")?;
    }
    Ok(())
}

pub fn run_export(app: &mut App, args: ExportArgs) -> Result<()> {
    let roster = app.roster_id(&args.roster)?;
    let (cat, store) = app.both()?;
    let list = crate::ops::lists::export(cat, store, roster)?;
    let text = match args.format {
        ExportFormat::App => export::app_text(&list),
        ExportFormat::Json => serde_json::to_string_pretty(&list).map_err(anyhow::Error::from)? + "\n",
    };
    match &args.out {
        Some(path) => {
            std::fs::write(path, &text)
                .map_err(|e| Error::refused(format!("cannot write {}: {e}", path.display())))?;
            line(format!("Wrote {} to {}.", list.name, path.display()))
        }
        None => line(text.trim_end()),
    }
}
