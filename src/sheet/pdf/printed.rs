//! The sheet written by printpdf: for faces ptg does not write itself (`file`), that is a
//! cut subset per sheet (the core cut, the full font) or a template's own TrueType or OpenType
//! file. printpdf subsets them, encodes their text and writes CFF outlines and font
//! collections the way PDF readers expect.

use super::draw::{Canvas, Page};
use super::faces::{Face, Faces, Packed};
use super::file::Deflater;
use super::marks::Placed;
use super::pen::Pen;
use crate::sheet::view::Sheet;
use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, PdfDocument, PdfFontHandle, PdfPage,
    PdfSaveOptions, Point, Pt, Rect, TextItem, TextMatrix,
};

/// A page's printpdf operations.
struct Ops<'a> {
    ops: Vec<Op>,
    /// The document's regular and bold fonts.
    ids: &'a (FontId, FontId),
}

impl Canvas for Ops<'_> {
    fn begin_text(&mut self) {
        self.ops.push(Op::StartTextSection);
    }

    fn end_text(&mut self) {
        self.ops.push(Op::EndTextSection);
    }

    fn fill(&mut self, percent: f32) {
        self.ops.push(Op::SetFillColor { col: grey(percent) });
    }

    fn stroke(&mut self, percent: f32, width: f32) {
        self.ops.extend([
            Op::SetOutlineColor { col: grey(percent) },
            Op::SetOutlineThickness { pt: Pt(width) },
        ]);
    }

    fn font(&mut self, bold: bool, size: f32) {
        let id = if bold { &self.ids.1 } else { &self.ids.0 };
        self.ops.push(Op::SetFont {
            font: PdfFontHandle::External(id.clone()),
            size: Pt(size),
        });
    }

    fn text(&mut self, at: Point, text: &str) {
        self.ops.extend([
            Op::SetTextMatrix {
                matrix: TextMatrix::Translate(at.x, at.y),
            },
            Op::ShowText {
                items: vec![TextItem::Text(text.to_string())],
            },
        ]);
    }

    fn line(&mut self, from: Point, to: Point) {
        let points = [from, to].map(|p| LinePoint { p, bezier: false }).to_vec();
        self.ops.push(Op::DrawLine {
            line: Line {
                points,
                is_closed: false,
            },
        });
    }

    fn rect(&mut self, lower_left: Point, w: Pt, h: Pt, filled: bool) {
        self.ops.push(Op::DrawRectangle {
            rectangle: Rect {
                x: lower_left.x,
                y: lower_left.y,
                width: w,
                height: h,
                mode: Some(if filled {
                    PaintMode::Fill
                } else {
                    PaintMode::Stroke
                }),
                winding_order: None,
            },
        });
    }
}

fn grey(percent: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent,
        icc_profile: None,
    })
}

/// The laid-out `pages` as PDF bytes, by printpdf.
pub(super) fn write(pen: &Pen, sheet: &Sheet, faces: &Faces, pages: &[Vec<Placed>]) -> Vec<u8> {
    let mut doc = PdfDocument::new(&super::title(sheet));
    stamp(&mut doc, sheet);
    let ids = (doc.add_font(&faces.regular.font), doc.add_font(&faces.bold.font));
    // A face in the sheet cut beside one that is not (a template's own, or a cut the other
    // face widened to) is embedded whole, from its packed bytes (see `save`).
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
    let (w, h) = pen.t.page.size.mm();
    let pdf_pages = pages
        .iter()
        .map(|items| {
            let mut page = Page::new(Ops {
                ops: Vec::new(),
                ids: &ids,
            });
            for placed in items {
                pen.draw(&mut page, placed);
            }
            PdfPage::new(Mm(w), Mm(h), page.finish().ops)
        })
        .collect();
    save(doc.with_pages(pdf_pages), &packed)
}

/// The document's dates are the day the sheet is printed (printpdf leaves them at 1970, which
/// a file manager shows as the PDF's creation), midnight UTC, and ptg is named as its maker.
fn stamp(doc: &mut PdfDocument, sheet: &Sheet) {
    let seconds = super::printed_day(sheet)
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc().timestamp());
    if let Some(at) = seconds.and_then(|s| printpdf::date::OffsetDateTime::from_unix_timestamp(s).ok()) {
        let info = &mut doc.metadata.info;
        (info.creation_date, info.modification_date, info.metadata_date) = (at, at, at);
    }
    doc.metadata.info.creator = super::maker();
    doc.metadata.info.producer = super::maker();
}

/// printpdf's own `save`, but with the streams deflated at zlib's fastest level (1) where
/// printpdf asks for the best (9), as `file` deflates them.
///
/// A stream holding a font program `packed` names (its `parsed` bytes) is written from its
/// deflated bytes, with the length of the program they inflate to (`/Length1`).
fn save(doc: &PdfDocument, packed: &[Packed]) -> Vec<u8> {
    let plain = PdfSaveOptions {
        optimize: false,
        ..PdfSaveOptions::default()
    };
    let mut pdf = doc.to_lopdf_document(&plain, &mut Vec::new());
    let mut z = Deflater::new();
    for object in pdf.objects.values_mut() {
        let lopdf::Object::Stream(stream) = object else {
            continue;
        };
        if let Some(p) = packed.iter().find(|p| stream.content.as_slice() == p.parsed)
            && stream.dict.get(b"Filter").is_err()
        {
            stream.dict.set("Filter", "FlateDecode");
            stream.dict.set("Length1", p.length as i64);
            stream.set_content(p.deflated.to_vec());
        } else if stream.allows_compression
            && stream.dict.get(b"Filter").is_err()
            && let Some(packed) = z.deflate(&stream.content)
        {
            stream.dict.set("Filter", "FlateDecode");
            stream.set_content(packed);
        }
    }
    let mut bytes = Vec::new();
    // As in printpdf's `save`, the result is not checked: lopdf's only errors here are the
    // writer's, and writing to memory does not fail.
    let _ = pdf.save_to(&mut bytes);
    bytes
}
