//! The fonts a sheet is set in: the embedded DejaVu Sans (regular and bold), or TrueType files
//! a template names instead. Kept apart from the layout so the font bytes and their parsing
//! have one home.
//!
//! The embedded faces come in two cuts. A sheet starts in the *core* cut
//! (`templates/fonts/*-core.ttf`, made by `examples/font_subset.rs`): the Latin, Greek and
//! Cyrillic letters with common punctuation, a quarter of the full font. Parsing a face and
//! subsetting a sheet's glyphs out of it at save time cost in proportion to its size, and
//! were most of the time a PDF sheet took. A sheet with a character the core cut lacks is set
//! again in the full font ([`Faces::covering`]). The core keeps the full font's glyphs, widths
//! and glyph order, so a sheet comes out the same in either cut.
//!
//! Before the core comes the *sheet* cut (`*-sheet.ttf`, ASCII, Latin-1 and common
//! punctuation: what nearly every sheet prints). It is small enough to embed whole, so a
//! sheet set in it is not subset at save time, and its font program is written from the
//! bytes deflated when the cut was made (`*-sheet.ttf.zlib`, [`Face::packed`]): parsing,
//! subsetting and deflating the fonts were most of the time a PDF sheet took after the core
//! cut. A sheet with a character the sheet cut lacks goes to the core cut, then the full font.

use printpdf::ParsedFont;
use std::sync::OnceLock;

const CORE: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-core.ttf");
const CORE_BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold-core.ttf");
const SHEET: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-sheet.ttf");
const SHEET_BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold-sheet.ttf");
/// The sheet cut without outlines (`examples/font_metrics.rs`): what a sheet cut is parsed
/// from, to measure text and to give the PDF its glyphs' widths (ptg's writer, `file`, reads
/// them from `hmtx`; so does printpdf, beside a face that is not the cut). printpdf reads a
/// width by decoding the glyph's outline, and azul-layout (opt-level 0, Cargo.toml) took ~1 ms
/// a sheet doing so; without outlines each width is an `hmtx` lookup. The PDF still carries the whole
/// sheet cut, from [`SHEET_PACKED`].
const SHEET_METRICS: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-sheet.metrics.ttf");
const SHEET_BOLD_METRICS: &[u8] =
    include_bytes!("../../../templates/fonts/DejaVuSans-Bold-sheet.metrics.ttf");
const SHEET_PACKED: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-sheet.ttf.zlib");
const SHEET_BOLD_PACKED: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold-sheet.ttf.zlib");
const FULL: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans.ttf");
const FULL_BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold.ttf");

/// A font stream written from bytes made beforehand: printpdf's stream holds `parsed`; the
/// PDF gets `deflated` (the zlib-deflated font program of `length` bytes) instead.
pub(super) struct Packed {
    pub(super) parsed: &'static [u8],
    pub(super) length: usize,
    pub(super) deflated: &'static [u8],
}

/// The regular and bold faces a sheet is set in.
#[derive(Clone)]
pub struct Faces {
    pub(super) regular: Face,
    pub(super) bold: Face,
}

/// One face, and which cut of the embedded font it is, if any (`None`: the full font or a
/// template's own).
#[derive(Clone)]
pub(super) struct Face {
    pub(super) font: ParsedFont,
    core: Option<(Cut, Weight)>,
}

/// The cuts of the embedded font a face can be, smallest first.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Cut {
    /// Embedded whole and already deflated.
    Sheet,
    /// Subset per sheet at save time.
    Core,
}

/// Which embedded DejaVu Sans.
#[derive(Clone, Copy)]
enum Weight {
    Regular,
    Bold,
}

impl Face {
    /// True for a cut of the embedded font, whose missing characters a larger cut or the
    /// full font may have.
    pub(super) fn is_core(&self) -> bool {
        self.core.is_some()
    }

    /// Which cut of the embedded font this face is, if any.
    #[cfg(test)]
    pub(super) fn cut(&self) -> Option<Cut> {
        self.core.map(|(cut, _)| cut)
    }

    /// For the sheet cut, the font program printpdf writes (`font.source_bytes()`, the
    /// outline-less metrics twin), and what goes in its place: the whole cut, deflated, to be
    /// written as the PDF's font stream without deflating it again.
    pub(super) fn packed(&self) -> Option<Packed> {
        let (parsed, whole, deflated) = match self.core {
            Some((Cut::Sheet, Weight::Regular)) => (SHEET_METRICS, SHEET, SHEET_PACKED),
            Some((Cut::Sheet, Weight::Bold)) => (SHEET_BOLD_METRICS, SHEET_BOLD, SHEET_BOLD_PACKED),
            _ => return None,
        };
        Some(Packed {
            parsed,
            length: whole.len(),
            deflated,
        })
    }
}

impl Faces {
    /// The embedded DejaVu Sans in its sheet cut, parsed once per run.
    pub fn embedded() -> &'static Faces {
        static FACES: OnceLock<Faces> = OnceLock::new();
        FACES.get_or_init(|| Faces {
            regular: cut(Cut::Sheet, Weight::Regular),
            bold: cut(Cut::Sheet, Weight::Bold),
        })
    }

    /// The embedded DejaVu Sans in its core cut: what the tests compare the sheet cut with.
    #[cfg(test)]
    pub(super) fn embedded_core() -> Faces {
        Faces {
            regular: cut(Cut::Core, Weight::Regular),
            bold: cut(Cut::Core, Weight::Bold),
        }
    }

    /// The sheet cut with its outlines, as the PDF embeds it (the sheet is parsed from its
    /// metrics twin): what the tests compare the twin with.
    #[cfg(test)]
    pub(super) fn sheet_whole() -> [&'static [u8]; 2] {
        [SHEET, SHEET_BOLD]
    }

    /// The embedded DejaVu Sans in its full cut: what a sheet falls back to, and what the
    /// tests compare the core cut with.
    #[cfg(test)]
    pub(super) fn embedded_full() -> Faces {
        Faces {
            regular: full(Weight::Regular),
            bold: full(Weight::Bold),
        }
    }

    /// Faces from TrueType files; a face not given stays DejaVu Sans. Returns which one failed.
    pub fn from_files(regular: Option<&[u8]>, bold: Option<&[u8]>) -> Result<Faces, &'static str> {
        let base = Faces::embedded();
        let given = |bytes: &[u8], which: &'static str| {
            let font = parse(bytes).ok_or(which)?;
            Ok::<_, &'static str>(Face { font, core: None })
        };
        Ok(Faces {
            regular: match regular {
                Some(b) => given(b, "regular")?,
                None => base.regular.clone(),
            },
            bold: match bold {
                Some(b) => given(b, "bold")?,
                None => base.bold.clone(),
            },
        })
    }

    /// The face text in a bold (or regular) style is set in.
    pub(super) fn face(&self, bold: bool) -> &Face {
        if bold { &self.bold } else { &self.regular }
    }

    /// These faces with the next larger cut (sheet, core, then the full font) in place of
    /// each cut `missing` says lacked a character of the sheet (`[regular, bold]`); `None`
    /// when nothing needs changing.
    pub(super) fn covering(&self, missing: [bool; 2]) -> Option<Faces> {
        let widen = |face: &Face, missing: bool| match face.core {
            Some((Cut::Sheet, weight)) if missing => Some(cut(Cut::Core, weight)),
            Some((Cut::Core, weight)) if missing => Some(full(weight)),
            _ => None,
        };
        let regular = widen(&self.regular, missing[0]);
        let bold = widen(&self.bold, missing[1]);
        if regular.is_none() && bold.is_none() {
            return None;
        }
        Some(Faces {
            regular: regular.unwrap_or_else(|| self.regular.clone()),
            bold: bold.unwrap_or_else(|| self.bold.clone()),
        })
    }
}

/// A cut of the embedded face, parsed the first time a sheet needs it.
fn cut(cut: Cut, weight: Weight) -> Face {
    static PARSED: [OnceLock<ParsedFont>; 4] = [const { OnceLock::new() }; 4];
    let (slot, bytes) = match (cut, weight) {
        (Cut::Sheet, Weight::Regular) => (0, SHEET_METRICS),
        (Cut::Sheet, Weight::Bold) => (1, SHEET_BOLD_METRICS),
        (Cut::Core, Weight::Regular) => (2, CORE),
        (Cut::Core, Weight::Bold) => (3, CORE_BOLD),
    };
    Face {
        font: PARSED[slot]
            .get_or_init(|| parse(bytes).expect("the embedded font's cuts parse"))
            .clone(),
        core: Some((cut, weight)),
    }
}

/// The full embedded face, parsed the first time a sheet needs it.
fn full(weight: Weight) -> Face {
    static REGULAR: OnceLock<ParsedFont> = OnceLock::new();
    static BOLD: OnceLock<ParsedFont> = OnceLock::new();
    let (cell, bytes) = match weight {
        Weight::Regular => (&REGULAR, FULL),
        Weight::Bold => (&BOLD, FULL_BOLD),
    };
    Face {
        font: cell
            .get_or_init(|| parse(bytes).expect("the embedded font parses"))
            .clone(),
        core: None,
    }
}

fn parse(bytes: &[u8]) -> Option<ParsedFont> {
    ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
}
