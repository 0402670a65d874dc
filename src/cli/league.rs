//! `ptg export [--campaign C] [--output FILE]` and `ptg import FILE`: a league with its whole
//! history as JSON (`docs/LEAGUE_FILE.md`), and back into this or another database.

use super::App;
use super::files::write_whole_with;
use super::output::{json, line};
use crate::error::{Error, Result};
use crate::ops;
use clap::Args;
use std::io::Read;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// Export this campaign only (default: every campaign in the database, deleted ones too).
    #[arg(long, value_name = "CAMPAIGN")]
    campaign: Option<String>,
    /// Write the file here instead of to standard output.
    #[arg(long, short, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Replace the --output file if it exists.
    #[arg(long, requires = "output")]
    force: bool,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// A league file written by `ptg export` ("-" reads standard input).
    file: PathBuf,
}

pub fn export(app: &mut App, args: ExportArgs) -> Result<()> {
    if let Some(file) = &args.output {
        super::files::not_a_folder(file, "league.json")?;
    }
    if let Some(file) = &args.output
        && file.exists()
        && !args.force
    {
        return Err(Error::refused(format!(
            "{} already exists; pass --force to replace it, or name another file",
            file.display()
        )));
    }
    let campaign = app.campaign_id_of(args.campaign.as_deref())?;
    let store = app.store()?;
    match &args.output {
        None => {
            let mut out = Terminal::new(std::io::stdout().lock());
            ops::league::export(store, campaign, &mut out).map_err(|e| match out.closed {
                true => Error::PipeClosed,
                false => e,
            })?;
            Ok(())
        }
        Some(file) => {
            let mut league = None;
            let mut failed = None;
            // Written into a temporary file renamed over FILE once whole: a failed export
            // leaves no half file.
            let written = write_whole_with(file, args.force, |tmp| {
                let f = std::fs::OpenOptions::new().write(true).open(tmp)?;
                let mut out = std::io::BufWriter::new(f);
                match ops::league::export(store, campaign, &mut out) {
                    Ok(done) => league = Some(done),
                    Err(e) => {
                        failed = Some(e);
                        return Err(std::io::Error::other("the export failed"));
                    }
                }
                out.into_inner().map_err(|e| e.into_error()).map(drop)
            });
            if let Some(e) = failed {
                return Err(e);
            }
            written.map_err(|e| Error::refused(format!("cannot write {}: {e}", file.display())))?;
            let Some(league) = league else {
                return Err(Error::refused("the export wrote nothing"));
            };
            line(format!(
                "Exported {} campaign(s) ({} rows) to {}; `ptg import {}` restores it.",
                league.campaigns.len(),
                league.rows,
                file.display(),
                file.display()
            ))
        }
    }
}

pub fn import(app: &mut App, args: ImportArgs) -> Result<()> {
    let (path, _stdin) = readable(&args.file)?;
    let json_out = app.json;
    let file = ops::league::read(app.catalogue()?, &path)?;
    let report = app.or_no_new_database(|app| {
        let (cat, store) = app.both()?;
        ops::league::import(cat, store, &file)
    })?;
    if json_out {
        return json(&report);
    }
    for c in &report.imported.campaigns {
        let deleted = if c.deleted { " (deleted, as it was)" } else { "" };
        line(format!("Imported campaign '{}' (id {}){deleted}.", c.name, c.id))?;
    }
    let rows: usize = report.imported.rows.values().sum();
    let ids = if report.imported.renumbered {
        "ids given after this database's own"
    } else {
        "ids as in the file"
    };
    line(format!("{rows} rows written, {ids}."))?;
    for ops::league::CampaignAudit {
        campaign: name,
        audit,
    } in &report.audits
    {
        if audit.findings.is_empty() {
            line(format!(
                "Audit of '{name}': {} roster(s), {} battle(s), {} change set(s) checked; all add up.",
                audit.rosters, audit.battles, audit.change_sets
            ))?;
        } else {
            line(format!(
                "Audit of '{name}': {} finding(s); see `ptg audit --campaign \"{name}\"`.",
                audit.findings.len()
            ))?;
        }
    }
    Ok(())
}

/// Standard output for a league file: each piece written through `terminal_safe` as
/// `output::text` writes text (the export writes whole pieces, never half a character), and a
/// closed pipe noted, so the export ends as any command whose reader went away.
struct Terminal<W: std::io::Write> {
    out: std::io::BufWriter<W>,
    closed: bool,
}

impl<W: std::io::Write> Terminal<W> {
    fn new(out: W) -> Self {
        Terminal {
            out: std::io::BufWriter::new(out),
            closed: false,
        }
    }

    fn noted<T>(&mut self, r: std::io::Result<T>) -> std::io::Result<T> {
        if let Err(e) = &r
            && e.kind() == std::io::ErrorKind::BrokenPipe
        {
            self.closed = true;
        }
        r
    }
}

impl<W: std::io::Write> std::io::Write for Terminal<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let r = match std::str::from_utf8(buf) {
            Ok(text) => self.out.write_all(super::output::terminal_safe(text).as_bytes()),
            Err(_) => self.out.write_all(buf),
        };
        self.noted(r).map(|()| buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        let r = self.out.flush();
        self.noted(r)
    }
}

/// The file's text, or standard input's for "-".
/// The file to import, or standard input copied to a temporary file (kept while the returned
/// handle lives), since a league file is read twice and never whole into memory.
fn readable(file: &PathBuf) -> Result<(PathBuf, Option<tempfile::NamedTempFile>)> {
    let cannot = |e: std::io::Error| Error::refused(format!("cannot read {}: {e}", file.display()));
    if file.as_os_str() == "-" {
        let mut copy = tempfile::NamedTempFile::new().map_err(cannot)?;
        std::io::copy(&mut std::io::stdin().lock(), copy.as_file_mut()).map_err(cannot)?;
        return Ok((copy.path().to_path_buf(), Some(copy)));
    }
    // Refused in the same words as a file that cannot be read at all (a folder, no rights).
    std::fs::File::open(file)
        .and_then(|mut f| f.read(&mut [0u8; 1]))
        .map_err(cannot)?;
    Ok((file.clone(), None))
}
