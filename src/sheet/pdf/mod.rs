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
mod faces_tests;
#[cfg(test)]
mod tests;

pub use faces::Faces;

use faces::Face;

use super::template::{Section, Template};
use super::view::Sheet;
use draw::PageOps;
use flow::Flow;
use footer::footer;
use marks::{Mark, Placed};
use pen::Pen;
use printpdf::{Mm, PdfDocument, PdfPage, PdfSaveOptions};
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
/// where a glyph was missing), before anything is drawn.
pub fn render(sheet: &Sheet, t: &Template, faces: &Faces) -> Pdf {
    let pen = Pen::new(t, faces);
    let pages = lay_out(&pen, sheet);
    if let Some(wider) = faces.covering(pen.missing()) {
        return render(sheet, t, &wider);
    }
    let mut doc = PdfDocument::new(&format!("{}: Path to Glory roster", sheet.army));
    stamp(&mut doc, sheet);
    let ids = (doc.add_font(&faces.regular.font), doc.add_font(&faces.bold.font));
    // The sheet cut is embedded whole: it is what a subset would be, give or take a few
    // glyphs, and its font program is already deflated (see `save`).
    for (id, face) in [(&ids.0, &faces.regular), (&ids.1, &faces.bold)] {
        if let Some(font) = doc
            .resources
            .fonts
            .map
            .get_mut(id)
            .filter(|_| face.packed().is_some())
        {
            font.meta.embedding_mode = printpdf::FontEmbeddingMode::Full;
        }
    }
    let packed: Vec<_> = [&faces.regular, &faces.bold]
        .into_iter()
        .filter_map(Face::packed)
        .collect();
    let total = pages.len();
    let (w, h) = t.page.size.mm();
    let pdf_pages = pages
        .into_iter()
        .map(|items| {
            let mut ops = PageOps::new(&ids);
            for placed in &items {
                pen.draw(&mut ops, placed);
            }
            PdfPage::new(Mm(w), Mm(h), ops.finish())
        })
        .collect();
    let bytes = save(doc.with_pages(pdf_pages), &packed);
    Pdf { bytes, pages: total }
}

/// The document's dates are the day the sheet is printed (printpdf leaves them at 1970, which
/// a file manager shows as the PDF's creation), midnight UTC, so a sheet printed for a given
/// day is the same file whenever it is made; and ptg is named as its maker.
fn stamp(doc: &mut PdfDocument, sheet: &Sheet) {
    let day = chrono::NaiveDate::parse_from_str(&sheet.printed, "%Y-%m-%d").ok();
    let seconds = day
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc().timestamp());
    if let Some(at) = seconds.and_then(|s| printpdf::date::OffsetDateTime::from_unix_timestamp(s).ok()) {
        let info = &mut doc.metadata.info;
        (info.creation_date, info.modification_date, info.metadata_date) = (at, at, at);
    }
    doc.metadata.info.creator = format!("ptg {}", env!("CARGO_PKG_VERSION"));
    doc.metadata.info.producer = doc.metadata.info.creator.clone();
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

/// The document as PDF bytes: printpdf's own `save`, but with the streams deflated at zlib's
/// fastest level (1) where printpdf asks for the best (9), and by zlib-rs (flate2's `zlib-rs`
/// backend, Cargo.toml) rather than miniz_oxide. The fonts come deflated already (the sheet
/// cut, below), so what is deflated here is the pages' text operations and the fonts'
/// ToUnicode maps, ~40 KB a sheet: at the default level (6) that took ~2.5% of a sheet's time
/// at 10,000 battles for a file 5% smaller (75.7 against 79.4 KB); the best level costs ~25%
/// more again. (A sheet with a character the sheet cut lacks also deflates its subset font
/// here, some KB larger at this level.)
///
/// A stream holding a font program `packed` names (its `parsed` bytes) is written from its
/// deflated bytes, with the length of the program they inflate to (`/Length1`).
fn save(doc: &PdfDocument, packed: &[faces::Packed]) -> Vec<u8> {
    let plain = PdfSaveOptions {
        optimize: false,
        ..PdfSaveOptions::default()
    };
    let mut pdf = doc.to_lopdf_document(&plain, &mut Vec::new());
    // One deflate state for all the streams: setting one up clears ~300 KB of tables, which
    // cost more than deflating a page's text (a sheet has ~5 such streams).
    let mut z = flate2::Compress::new(flate2::Compression::fast(), true);
    for object in pdf.objects.values_mut() {
        if let lopdf::Object::Stream(stream) = object {
            match packed.iter().find(|p| stream.content.as_slice() == p.parsed) {
                Some(p) if stream.dict.get(b"Filter").is_err() => {
                    stream.dict.set("Filter", "FlateDecode");
                    stream.dict.set("Length1", p.length as i64);
                    stream.set_content(p.deflated.to_vec());
                }
                _ => deflate(stream, &mut z),
            }
        }
    }
    let mut bytes = Vec::new();
    // As in printpdf's `save`, the result is not checked: lopdf's only errors here are the
    // writer's, and writing to memory does not fail.
    let _ = pdf.save_to(&mut bytes);
    bytes
}

/// What lopdf's `Stream::compress` does (a stream not yet filtered, kept as it is unless
/// deflating saves more than the filter entry costs), at the fastest level, with the deflate
/// state `z` reset rather than made anew.
fn deflate(stream: &mut lopdf::Stream, z: &mut flate2::Compress) {
    use flate2::{FlushCompress, Status};
    if !stream.allows_compression || stream.dict.get(b"Filter").is_ok() {
        return;
    }
    z.reset();
    let mut packed = Vec::with_capacity(stream.content.len() / 2 + 64);
    loop {
        let read = usize::try_from(z.total_in()).unwrap_or(usize::MAX);
        let rest = stream.content.get(read..).unwrap_or_default();
        match z.compress_vec(rest, &mut packed, FlushCompress::Finish) {
            Ok(Status::StreamEnd) => break,
            Ok(_) => packed.reserve(packed.capacity().max(64)),
            Err(_) => return,
        }
    }
    if packed.len() + 19 < stream.content.len() {
        stream.dict.set("Filter", "FlateDecode");
        stream.set_content(packed);
    }
}
