//! `ptg roster sheet`: the printable roster, as PDF, text or JSON; or, with `--template-out`,
//! the bundled layout written to a file to edit.

use super::App;
use super::files::write_whole;
use super::output::{json, line};
use crate::error::{Error, Result};
use crate::names::slug;
use crate::ops;
use crate::sheet::template::{DEFAULT_TEMPLATE, HOW_TO_COPY};
use crate::sheet::{self, Faces, Template, TemplateError};
use clap::{Args, ValueEnum};
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What `roster sheet` produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    Pdf,
    Text,
    Json,
}

#[derive(Debug, Args)]
pub struct SheetArgs {
    /// The roster to print (not needed with --template-out).
    #[arg(required_unless_present = "template_out")]
    roster: Option<String>,
    /// The file to write (default: the army's name, e.g. hammers-of-dawn.pdf). With
    /// --format text or json, the output goes here instead of the terminal.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// A layout of your own: a copy of the bundled one (see --template-out), changed.
    #[arg(long, value_name = "FILE")]
    template: Option<PathBuf>,
    /// Write the bundled layout to FILE, to change and pass back with --template; prints no
    /// sheet.
    #[arg(
        long,
        value_name = "FILE",
        conflicts_with_all = ["output", "template", "format", "date"]
    )]
    template_out: Option<PathBuf>,
    /// Replace the file written (the sheet's, or --template-out's) if it exists.
    #[arg(long)]
    force: bool,
    /// The date printed on the sheet, YYYY-MM-DD (default: today).
    #[arg(long, value_name = "DATE")]
    date: Option<chrono::NaiveDate>,
    /// pdf (to print), text (a plain listing) or json.
    #[arg(long, value_enum, default_value = "pdf")]
    format: SheetFormat,
}

#[derive(Serialize)]
struct Written<'a> {
    roster: &'a str,
    file: String,
    pages: usize,
}

/// Writes the template out, or builds the sheet's view from the store and renders it.
pub fn run(app: &mut App, args: SheetArgs) -> Result<()> {
    if let Some(path) = &args.template_out {
        return template_out(app.json, path, args.force);
    }
    let Some(roster) = &args.roster else {
        // clap requires a roster unless --template-out is given.
        return Err(Error::refused("name the roster to print"));
    };
    let template = match &args.template {
        Some(path) => read_template(path)?,
        None => Template::bundled(),
    };
    let printed = args.date.unwrap_or_else(|| chrono::Local::now().date_naive());
    let json_out = app.json;
    let roster = app.roster_id(roster)?;
    let (cat, store) = app.both()?;
    let view = ops::sheet::view(cat, store, roster, printed)?;
    match args.format {
        SheetFormat::Json | SheetFormat::Text => {
            let text = if args.format == SheetFormat::Json {
                serde_json::to_string_pretty(&view)?
            } else {
                sheet::text::render(&view, &template)
            };
            match args.output {
                Some(path) => {
                    write(&path, text.as_bytes(), args.force)?;
                    line(format!(
                        "Wrote the roster sheet of {} to {}.",
                        view.army,
                        path.display()
                    ))
                }
                None => line(text.trim_end()),
            }
        }
        SheetFormat::Pdf => {
            let base = args
                .template
                .as_deref()
                .and_then(Path::parent)
                .unwrap_or(Path::new("."));
            let faces = faces(&template, base)?;
            let pdf = sheet::pdf::render(&view, &template, &faces);
            let path = args
                .output
                .unwrap_or_else(|| PathBuf::from(format!("{}.pdf", or_roster(slug(&view.army)))));
            write(&path, &pdf.bytes, args.force)?;
            if json_out {
                return json(&Written {
                    roster: &view.army,
                    file: path.display().to_string(),
                    pages: pdf.pages,
                });
            }
            line(format!(
                "Wrote the roster sheet of {} to {} ({} pages).",
                view.army,
                path.display(),
                pdf.pages
            ))
        }
    }
}

/// A template file of the player's, read and checked before anything is drawn or written.
fn read_template(path: &Path) -> Result<Template> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        Error::refused(format!(
            "cannot read the template {}: {e}; {HOW_TO_COPY} to start from",
            path.display()
        ))
    })?;
    Ok(Template::parse(&text, &path.display().to_string())?)
}

/// `--template-out`: the bundled layout, written where the player can change it.
fn template_out(json_out: bool, path: &Path, force: bool) -> Result<()> {
    super::files::not_a_folder(path, "sheet.toml")?;
    write_whole(path, DEFAULT_TEMPLATE.as_bytes(), force).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            Error::refused(format!(
                "{} already exists; pass --force to replace it, or pick another file",
                path.display()
            ))
        } else {
            Error::refused(format!("cannot write {}: {e}; pick another file", path.display()))
        }
    })?;
    if json_out {
        return json(&serde_json::json!({ "template": path.display().to_string() }));
    }
    line(format!(
        "Wrote the bundled sheet template to {0}. Change it, then print with \
         `ptg roster sheet ROSTER --template {0}`.",
        path.display()
    ))
}

/// The template's own fonts, read relative to the template file, or the embedded ones.
fn faces(t: &Template, base: &Path) -> Result<Faces, TemplateError> {
    let read = |key: &str, path: &Option<PathBuf>| -> Result<Option<Vec<u8>>, TemplateError> {
        let Some(path) = path else { return Ok(None) };
        let full = base.join(path);
        std::fs::read(&full)
            .map(Some)
            .map_err(|e| t.error("fonts", key, format!("cannot read {}: {e}", full.display())))
    };
    let regular = read("regular", &t.fonts.regular)?;
    let bold = read("bold", &t.fonts.bold)?;
    Faces::from_files(regular.as_deref(), bold.as_deref()).map_err(|which| {
        t.error(
            "fonts",
            which,
            "not a TrueType or OpenType font; give a .ttf or .otf file, or remove the line for DejaVu Sans",
        )
    })
}

/// "roster" for a name with nothing left to make a file name of.
fn or_roster(stem: String) -> String {
    if stem.is_empty() {
        "roster".to_string()
    } else {
        stem
    }
}

/// The sheet written whole or not at all; a file already there (a template being edited, last
/// week's sheet) is replaced only with `--force`.
fn write(path: &Path, bytes: &[u8], force: bool) -> Result<()> {
    let example = path.extension().map_or("roster.pdf".to_string(), |e| {
        format!("roster.{}", e.to_string_lossy())
    });
    super::files::not_a_folder(path, &example)?;
    write_whole(path, bytes, force).map_err(|e| {
        if e.kind() == std::io::ErrorKind::AlreadyExists {
            Error::refused(format!(
                "{} already exists; pass --force to replace it, or pick another file with -o",
                path.display()
            ))
        } else {
            Error::refused(format!(
                "cannot write {}: {e}; pick another file with -o",
                path.display()
            ))
        }
    })
}
