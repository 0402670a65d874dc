//! The PDF file written by ptg itself, for a sheet set in the embedded sheet cut (nearly every
//! sheet): the content streams, the two fonts with their widths and ToUnicode maps, the pages
//! and the cross-reference table. The cut is embedded whole from bytes deflated when it was
//! made, so there is nothing to subset: what is left is writing out what the layout placed.
//!
//! printpdf did this through its own operations, then lopdf's objects, then lopdf's writer:
//! ~15% of a sheet's time at 10,000 battles (issue 42). It still writes the sheets set in any
//! other face (`printed`), where subsetting and font formats need it.

use super::draw::{Canvas, Page};
use super::faces::Face;
use super::marks::Placed;
use super::pen::Pen;
use crate::sheet::view::Sheet;
use printpdf::{Mm, Point, Pt};
use std::collections::BTreeMap;
use std::io::Write;

/// One deflate state for all of a document's streams: setting one up clears ~300 KB of
/// tables, which cost more than deflating a page's text. Streams are deflated at zlib's
/// fastest level: the text and ToUnicode maps are ~40 KB a sheet, and the default level took
/// ~2.5% of a sheet's time for a file 5% smaller.
pub(super) struct Deflater(flate2::Compress);

impl Deflater {
    pub(super) fn new() -> Deflater {
        Deflater(flate2::Compress::new(flate2::Compression::fast(), true))
    }

    /// `data` deflated (zlib), or `None` when that would not save more than the `/Filter`
    /// entry costs (as lopdf's `Stream::compress` decides).
    pub(super) fn deflate(&mut self, data: &[u8]) -> Option<Vec<u8>> {
        use flate2::{FlushCompress, Status};
        let z = &mut self.0;
        z.reset();
        let mut packed = Vec::with_capacity(data.len() / 2 + 64);
        loop {
            let read = usize::try_from(z.total_in()).unwrap_or(usize::MAX);
            let rest = data.get(read..).unwrap_or_default();
            match z.compress_vec(rest, &mut packed, FlushCompress::Finish) {
                Ok(Status::StreamEnd) => break,
                Ok(_) => packed.reserve(packed.capacity().max(64)),
                Err(_) => return None,
            }
        }
        (packed.len() + 19 < data.len()).then_some(packed)
    }
}

/// Per face (regular, bold), the character each glyph drawn stands for, by glyph id (`None`
/// for glyphs not drawn): the fonts' widths and ToUnicode maps list these.
type Used = [Vec<Option<char>>; 2];

/// A page's content stream.
struct Content<'a> {
    out: Vec<u8>,
    pen: &'a Pen<'a>,
    /// The face of the text shown next.
    bold: bool,
    used: &'a mut Used,
}

impl Canvas for Content<'_> {
    fn begin_text(&mut self) {
        self.out.extend_from_slice(b"BT\n");
    }

    fn end_text(&mut self) {
        self.out.extend_from_slice(b"ET\n");
    }

    fn fill(&mut self, grey: f32) {
        self.numbers(&[grey]);
        self.out.extend_from_slice(b"g\n");
    }

    fn stroke(&mut self, grey: f32, width: f32) {
        self.numbers(&[grey]);
        self.out.extend_from_slice(b"G\n");
        self.numbers(&[width]);
        self.out.extend_from_slice(b"w\n");
    }

    fn font(&mut self, bold: bool, size: f32) {
        self.bold = bold;
        self.out.extend_from_slice(if bold { b"/F1 " } else { b"/F0 " });
        self.numbers(&[size]);
        self.out.extend_from_slice(b"Tf\n");
    }

    fn text(&mut self, at: Point, text: &str) {
        self.numbers(&[1.0, 0.0, 0.0, 1.0, at.x.0, at.y.0]);
        self.out.extend_from_slice(b"Tm\n<");
        let used = &mut self.used[usize::from(self.bold)];
        for c in text.chars() {
            let id = self.pen.glyph(self.bold, c).id;
            let at = usize::from(id);
            if used.len() <= at {
                used.resize(at + 1, None);
            }
            used[at].get_or_insert(c);
            let hex = |shift: u16| b"0123456789ABCDEF"[usize::from((id >> shift) & 0xF)];
            self.out.extend_from_slice(&[hex(12), hex(8), hex(4), hex(0)]);
        }
        self.out.extend_from_slice(b"> Tj\n");
    }

    fn line(&mut self, from: Point, to: Point) {
        self.numbers(&[from.x.0, from.y.0]);
        self.out.extend_from_slice(b"m\n");
        self.numbers(&[to.x.0, to.y.0]);
        self.out.extend_from_slice(b"l\nS\n");
    }

    fn rect(&mut self, lower_left: Point, w: Pt, h: Pt, filled: bool) {
        self.numbers(&[lower_left.x.0, lower_left.y.0, w.0, h.0]);
        self.out
            .extend_from_slice(if filled { b"re\nf\n" } else { b"re\nS\n" });
    }
}

impl Content<'_> {
    /// Writes each number followed by a space, to the hundredth of a point (1/7200 inch).
    fn numbers(&mut self, values: &[f32]) {
        for &v in values {
            number(&mut self.out, v);
            self.out.push(b' ');
        }
    }
}

/// `v` to two decimals, without trailing zeros: "12", "0.4", "39.69", "-3.05".
pub(super) fn number(out: &mut Vec<u8>, v: f32) {
    let hundredths = (f64::from(v) * 100.0).round() as i64;
    if hundredths < 0 {
        out.push(b'-');
    }
    let h = hundredths.unsigned_abs();
    let _ = match h % 100 {
        0 => write!(out, "{}", h / 100),
        f if f % 10 == 0 => write!(out, "{}.{}", h / 100, f / 10),
        f => write!(out, "{}.{f:02}", h / 100),
    };
}

/// The laid-out `pages` of `sheet`, set in the pen's faces (both the packed sheet cut), as
/// PDF bytes.
pub(super) fn write(
    pen: &Pen,
    sheet: &Sheet,
    pages: &[Vec<Placed>],
    packed: [&super::faces::Packed; 2],
) -> Vec<u8> {
    let mut used: Used = [Vec::new(), Vec::new()];
    let contents: Vec<Vec<u8>> = pages
        .iter()
        .map(|items| {
            let mut page = Page::new(Content {
                out: Vec::with_capacity(16 << 10),
                pen,
                bold: false,
                used: &mut used,
            });
            for placed in items {
                pen.draw(&mut page, placed);
            }
            page.finish().out
        })
        .collect();

    // Objects: 1 the catalogue, 2 the page tree, 3 the document's information, then four for
    // each face drawn in (font, descriptor, program, ToUnicode), then two per page.
    let faces: Vec<usize> = (0..2).filter(|&f| used[f].iter().any(Option::is_some)).collect();
    let first_page = 4 + 4 * faces.len();
    let mut pdf = Writer::new();
    pdf.object(format_args!("<</Type/Catalog/Pages 2 0 R>>"));
    let kids: String = (0..pages.len())
        .map(|i| format!("{} 0 R ", first_page + 2 * i))
        .collect();
    pdf.object(format_args!(
        "<</Type/Pages/Count {}/Kids[{}]>>",
        pages.len(),
        kids.trim_end()
    ));
    info(&mut pdf, sheet);
    let mut z = Deflater::new();
    let mut resources = String::from("<</Font<<");
    for &f in &faces {
        let face = pen.faces.face(f == 1);
        resources.push_str(&format!("/F{f} {} 0 R", pdf.next()));
        font(&mut pdf, face, &used[f], packed[f], &mut z, f);
    }
    resources.push_str(">>>>");
    let (w, h) = pen.t.page.size.mm();
    let mut media = Vec::new();
    for v in [0.0, 0.0, Mm(w).into_pt().0, Mm(h).into_pt().0] {
        number(&mut media, v);
        media.push(b' ');
    }
    let media = String::from_utf8_lossy(&media);
    for (i, content) in contents.into_iter().enumerate() {
        let id = pdf.next();
        debug_assert_eq!(id, first_page + 2 * i, "the page tree lists the pages' numbers");
        pdf.object(format_args!(
            "<</Type/Page/Parent 2 0 R/MediaBox[{}]/Resources{resources}/Contents {} 0 R>>",
            media.trim_end(),
            id + 1
        ));
        pdf.stream(&content, &mut z);
    }
    pdf.finish()
}

/// The document's information: its title, ptg as its maker, and the day the sheet is printed
/// (midnight UTC) as its dates, so a sheet printed for a given day is the same file whenever
/// it is made.
fn info(pdf: &mut Writer, sheet: &Sheet) {
    let maker = text_string(&super::maker());
    let dates = super::printed_day(sheet)
        .map(|d| {
            let at = d.format("(D:%Y%m%d000000Z)");
            format!("/CreationDate{at}/ModDate{at}")
        })
        .unwrap_or_default();
    pdf.object(format_args!(
        "<</Title{}/Creator{maker}/Producer{maker}{dates}>>",
        text_string(&super::title(sheet))
    ));
}

/// A PDF text string: UTF-16BE with its byte order mark, in hex.
fn text_string(text: &str) -> String {
    let mut s = String::from("<FEFF");
    for unit in text.encode_utf16() {
        s.push_str(&format!("{unit:04X}"));
    }
    s.push('>');
    s
}

/// Writes a face's four objects: the Type 0 font (its CID font inline, with the widths of
/// the glyphs `used`), its descriptor, its font program and its ToUnicode map. `f` is its
/// number among the document's fonts.
fn font(
    pdf: &mut Writer,
    face: &Face,
    used: &[Option<char>],
    packed: &super::faces::Packed,
    z: &mut Deflater,
    f: usize,
) {
    let font = &face.font;
    let name = pdf_name(
        font.font_name
            .as_deref()
            .unwrap_or(if f == 1 { "Bold" } else { "Regular" }),
    );
    let m = &font.pdf_font_metrics;
    let upm = f32::from(m.units_per_em.max(1));
    let scaled = |v: f32| (v * 1000.0 / upm).round() as i64;
    let mut widths = String::new();
    let mut last: Option<usize> = None;
    for (id, _) in used.iter().enumerate().filter(|(_, c)| c.is_some()) {
        let advance = font.get_horizontal_advance(id as u16);
        let width = (f32::from(advance) * 1000.0 / upm) as i64;
        match last {
            Some(l) if l + 1 == id => widths.push_str(&format!(" {width}")),
            Some(_) => widths.push_str(&format!("] {id}[{width}")),
            None => widths.push_str(&format!("{id}[{width}")),
        }
        last = Some(id);
    }
    if last.is_some() {
        widths.push(']');
    }
    let id = pdf.next();
    pdf.object(format_args!(
        "<</Type/Font/Subtype/Type0/BaseFont/{name}/Encoding/Identity-H/ToUnicode {} 0 R\
         /DescendantFonts[<</Type/Font/Subtype/CIDFontType2/BaseFont/{name}\
         /CIDSystemInfo<</Registry(Adobe)/Ordering(Identity)/Supplement 0>>\
         /FontDescriptor {} 0 R/CIDToGIDMap/Identity/DW 1000/W[{widths}]>>]>>",
        id + 3,
        id + 1
    ));
    let italic = match m.caret_slope_rise {
        0 => 0,
        rise => (-f32::from(m.caret_slope_run).atan2(f32::from(rise)).to_degrees()).round() as i64,
    };
    let flags = 32 | if italic != 0 { 64 } else { 0 };
    let stem_v = match m.us_weight_class {
        0 => 80,
        weight => 50 + (f32::from(weight) / 65.0).powi(2).round() as i64,
    };
    let ascent = scaled(font.font_metrics.ascent);
    let cap_height = font.font_metrics.cap_height.map_or(ascent, scaled);
    pdf.object(format_args!(
        "<</Type/FontDescriptor/FontName/{name}/Flags {flags}/FontBBox[{} {} {} {}]\
         /ItalicAngle {italic}/Ascent {ascent}/Descent {}/CapHeight {cap_height}/StemV {stem_v}\
         /FontFile2 {} 0 R>>",
        scaled(f32::from(m.x_min)),
        scaled(f32::from(m.y_min)),
        scaled(f32::from(m.x_max)),
        scaled(f32::from(m.y_max)),
        scaled(font.font_metrics.descent),
        id + 2
    ));
    pdf.packed_stream(packed.deflated, packed.length);
    let mappings: BTreeMap<u32, Vec<u32>> = used
        .iter()
        .enumerate()
        .filter_map(|(id, c)| c.map(|c| (id as u32, vec![c as u32])))
        .collect();
    let cmap = printpdf::cmap::ToUnicodeCMap { mappings }.to_cmap_string(&format!("ptg-F{f}"));
    pdf.stream(cmap.as_bytes(), z);
}

/// `name` as a PDF name's characters: anything outside printable ASCII, and the delimiters,
/// written as `#xx`.
fn pdf_name(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_graphic() && !b"()<>[]{}/%#".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("#{b:02X}"));
        }
    }
    out
}

/// Objects written one after another, numbered from 1, and where each starts.
struct Writer {
    out: Vec<u8>,
    starts: Vec<usize>,
}

impl Writer {
    fn new() -> Writer {
        let mut out = Vec::with_capacity(96 << 10);
        // The comment of bytes above 127 tells transfer tools the file is binary.
        out.extend_from_slice(b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n");
        Writer {
            out,
            starts: Vec::new(),
        }
    }

    /// The number the next object written gets.
    fn next(&self) -> usize {
        self.starts.len() + 1
    }

    fn begin(&mut self) {
        self.starts.push(self.out.len());
        let _ = writeln!(self.out, "{} 0 obj", self.starts.len());
    }

    fn object(&mut self, body: std::fmt::Arguments) {
        self.begin();
        let _ = self.out.write_fmt(body);
        self.out.extend_from_slice(b"\nendobj\n");
    }

    /// A stream of `data`, deflated when that makes it smaller.
    fn stream(&mut self, data: &[u8], z: &mut Deflater) {
        match z.deflate(data) {
            Some(packed) => self.raw_stream(&packed, "/Filter/FlateDecode"),
            None => self.raw_stream(data, ""),
        }
    }

    /// A TrueType program's stream from its deflated bytes, `length` bytes inflated.
    fn packed_stream(&mut self, deflated: &[u8], length: usize) {
        self.raw_stream(deflated, &format!("/Filter/FlateDecode/Length1 {length}"));
    }

    fn raw_stream(&mut self, bytes: &[u8], dict: &str) {
        self.begin();
        let _ = write!(self.out, "<</Length {}{dict}>>\nstream\n", bytes.len());
        self.out.extend_from_slice(bytes);
        self.out.extend_from_slice(b"\nendstream\nendobj\n");
    }

    /// The file: the objects, the cross-reference table and the trailer (object 1 the
    /// catalogue, 3 the information).
    fn finish(mut self) -> Vec<u8> {
        let xref = self.out.len();
        let _ = write!(
            self.out,
            "xref\n0 {}\n0000000000 65535 f \n",
            self.starts.len() + 1
        );
        for start in &self.starts {
            let _ = writeln!(self.out, "{start:010} 00000 n ");
        }
        let _ = write!(
            self.out,
            "trailer\n<</Size {}/Root 1 0 R/Info 3 0 R>>\nstartxref\n{xref}\n%%EOF\n",
            self.starts.len() + 1
        );
        self.out
    }
}
