//! The sheet as a PDF: sections become blocks of rows, rows flow down the page and onto the
//! next (a table's heading rows repeat), then every page gets its footer. Drawn with printpdf
//! in an embedded TrueType font, so the output is the same on every machine.
//!
//! This file is the entry point ([`render`]); the machinery lives beside it: `faces` (the
//! fonts), `marks` (what a laid-out page is made of), `flow` (rows onto pages), `pen`
//! (measuring, wrapping and fitting text), `draw` (marks into PDF operations), `rows` (the
//! heading and table rows sections are built from), `sections` (one file per template section)
//! and `footer`.

mod draw;
mod faces;
mod flow;
mod footer;
mod marks;
mod pen;
mod rows;
mod sections;

#[cfg(test)]
mod tests;

pub use faces::Faces;

use super::template::{Section, Template};
use super::view::Sheet;
use flow::Flow;
use footer::footer;
use pen::Pen;
use printpdf::{Mm, PdfDocument, PdfPage, PdfSaveOptions};
use sections::block;

/// A rendered sheet.
pub struct Pdf {
    pub bytes: Vec<u8>,
    pub pages: usize,
}

/// Renders the sheet to PDF.
pub fn render(sheet: &Sheet, t: &Template, faces: &Faces) -> Pdf {
    let mut doc = PdfDocument::new(&format!("{}: Path to Glory roster", sheet.army));
    let ids = (doc.add_font(&faces.regular), doc.add_font(&faces.bold));
    let pen = Pen { t, faces, ids };
    let mut flow = Flow::new(t);
    for section in &t.layout.sections {
        match section {
            Section::PageBreak => flow.break_page(),
            s => flow.place(&block(&pen, sheet, *s)),
        }
    }
    let pages = flow.finish();
    let total = pages.len();
    let (w, h) = t.page.size.mm();
    let pdf_pages = pages
        .into_iter()
        .enumerate()
        .map(|(i, items)| {
            let mut ops = Vec::new();
            let footer = footer(&pen, sheet, i + 1, total);
            for placed in items.iter().chain(&footer) {
                pen.draw(&mut ops, placed);
            }
            PdfPage::new(Mm(w), Mm(h), ops)
        })
        .collect();
    let bytes = doc
        .with_pages(pdf_pages)
        .save(&PdfSaveOptions::default(), &mut Vec::new());
    Pdf { bytes, pages: total }
}
