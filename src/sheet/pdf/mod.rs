//! The sheet as a PDF: sections become blocks of rows, rows flow down the page and onto the
//! next (a table's heading rows repeat), then every page gets its footer. Set in an embedded
//! TrueType font, so the output is the same on every machine.
//!
//! This file is the entry point ([`render`]); the machinery lives beside it: `faces` (the
//! fonts), `marks` (what a laid-out page is made of), `flow` (rows onto pages), `pen`
//! (measuring, wrapping and fitting text), `draw` (marks into drawing calls), `file` (the
//! PDF written by ptg), `printed` (the PDF written by printpdf), `rows` (the
//! heading and table rows sections are built from), `sections` (one file per template section)
//! and `footer`.

mod draw;
mod faces;
mod file;
mod flow;
mod footer;
mod marks;
mod pen;
mod printed;
mod rows;
mod sections;

#[cfg(test)]
mod faces_tests;
#[cfg(test)]
mod file_tests;
#[cfg(test)]
mod tests;

pub use faces::Faces;

use super::template::{Section, Template};
use super::view::Sheet;
use flow::Flow;
use footer::footer;
use marks::{Mark, Placed};
use pen::Pen;
use sections::block;

/// A rendered sheet.
pub struct Pdf {
    pub bytes: Vec<u8>,
    pub pages: usize,
}

/// Renders the sheet to PDF.
///
/// Laid out first in `faces`; when a face is the embedded core cut and the sheet has a
/// character it lacks, laid out again with that face in the full font (widths can differ
/// where a glyph was missing), before anything is drawn. A sheet set in the embedded sheet
/// cut (nearly every one) is written by ptg (`file`); any other by printpdf (`printed`).
pub fn render(sheet: &Sheet, t: &Template, faces: &Faces) -> Pdf {
    let pen = Pen::new(t, faces);
    let pages = lay_out(&pen, sheet);
    if let Some(wider) = faces.covering(pen.missing()) {
        return render(sheet, t, &wider);
    }
    let total = pages.len();
    let bytes = match (faces.regular.packed(), faces.bold.packed()) {
        (Some(regular), Some(bold)) => file::write(&pen, sheet, &pages, [&regular, &bold]),
        _ => printed::write(&pen, sheet, faces, &pages),
    };
    Pdf { bytes, pages: total }
}

/// The document's title.
fn title(sheet: &Sheet) -> String {
    format!("{}: Path to Glory roster", sheet.army)
}

/// Who made the document, as its information says.
fn maker() -> String {
    format!("ptg {}", env!("CARGO_PKG_VERSION"))
}

/// The day the sheet is printed, which the document's dates give.
fn printed_day(sheet: &Sheet) -> Option<chrono::NaiveDate> {
    chrono::NaiveDate::parse_from_str(&sheet.printed, "%Y-%m-%d").ok()
}

/// The sheet's pages, each ending in its footer. Every piece of text on them has been
/// measured or noted by `pen`, so its `missing` is complete.
fn lay_out(pen: &Pen, sheet: &Sheet) -> Vec<Vec<Placed>> {
    let mut flow = Flow::new(pen.t);
    for section in &pen.t.layout.sections {
        match section {
            Section::PageBreak => flow.break_page(),
            s => flow.place(&block(pen, sheet, *s)),
        }
    }
    let mut pages = flow.finish();
    let total = pages.len();
    for (i, page) in pages.iter_mut().enumerate() {
        page.extend(footer(pen, sheet, i + 1, total));
    }
    for placed in pages.iter().flatten() {
        if let Mark::Text { style, text, .. } = &placed.mark {
            pen.note(*style, text);
        }
    }
    pages
}
