//! `ptg roster sheet`: the printable roster, as PDF, text or JSON.

use super::App;
use super::output::{json, line};
use crate::error::{Error, Result};
use crate::names::slug;
use crate::ops;
use crate::sheet::{self, Faces, Template, TemplateError};
use clap::ValueEnum;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// What `roster sheet` produces.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SheetFormat {
    Pdf,
    Text,
    Json,
}

#[derive(Serialize)]
struct Written<'a> {
    roster: &'a str,
    file: String,
    pages: usize,
}

/// Builds the sheet's view from the store, then renders it in `format`.
pub fn run(
    app: &mut App,
    roster: &str,
    output: Option<PathBuf>,
    template_path: Option<PathBuf>,
    format: SheetFormat,
) -> Result<()> {
    let template = match &template_path {
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| {
                Error::refused(format!(
                    "cannot read the template {}: {e}; give a TOML file like templates/roster-sheet.toml",
                    path.display()
                ))
            })?;
            Template::parse(&text, &path.display().to_string())?
        }
        None => Template::bundled(),
    };
    let json_out = app.json;
    let (cat, store) = app.both()?;
    let events = template.layout.notable_events as usize;
    let view = ops::sheet::view(cat, store, roster, events, chrono::Local::now().date_naive())?;
    match format {
        SheetFormat::Json | SheetFormat::Text => {
            let text = if format == SheetFormat::Json {
                serde_json::to_string_pretty(&view)?
            } else {
                sheet::text::render(&view, &template)
            };
            match output {
                Some(path) => {
                    write(&path, text.as_bytes())?;
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
            let base = template_path
                .as_deref()
                .and_then(Path::parent)
                .unwrap_or(Path::new("."));
            let faces = faces(&template, base)?;
            let pdf = sheet::pdf::render(&view, &template, &faces);
            let path =
                output.unwrap_or_else(|| PathBuf::from(format!("{}.pdf", or_roster(slug(&view.army)))));
            write(&path, &pdf.bytes)?;
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

/// Writes the whole file or nothing: a temporary file in the same folder, renamed into place.
fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let fail = |e: &dyn std::fmt::Display| {
        Error::refused(format!(
            "cannot write {}: {e}; pick another file with -o",
            path.display()
        ))
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir).map_err(|e| fail(&e))?;
    std::io::Write::write_all(&mut tmp, bytes).map_err(|e| fail(&e))?;
    tmp.persist(path).map_err(|e| fail(&e.error))?;
    Ok(())
}
