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

use printpdf::ParsedFont;
use std::sync::OnceLock;

const CORE: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-core.ttf");
const CORE_BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold-core.ttf");
const FULL: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans.ttf");
const FULL_BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold.ttf");

/// The regular and bold faces a sheet is set in.
#[derive(Clone)]
pub struct Faces {
    pub(super) regular: Face,
    pub(super) bold: Face,
}

/// One face, and whether it is the embedded core cut standing in for the full font.
#[derive(Clone)]
pub(super) struct Face {
    pub(super) font: ParsedFont,
    core: Option<Weight>,
}

/// Which embedded DejaVu Sans.
#[derive(Clone, Copy)]
enum Weight {
    Regular,
    Bold,
}

impl Face {
    /// True for the embedded core cut, whose missing characters the full font may have.
    pub(super) fn is_core(&self) -> bool {
        self.core.is_some()
    }
}

impl Faces {
    /// The embedded DejaVu Sans in its core cut, parsed once per run.
    pub fn embedded() -> &'static Faces {
        static FACES: OnceLock<Faces> = OnceLock::new();
        FACES.get_or_init(|| Faces {
            regular: core(Weight::Regular),
            bold: core(Weight::Bold),
        })
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

    /// These faces with the full font in place of each core cut `missing` says lacked a
    /// character of the sheet (`[regular, bold]`); `None` when nothing needs changing.
    pub(super) fn covering(&self, missing: [bool; 2]) -> Option<Faces> {
        let widen = |face: &Face, missing: bool| match face.core {
            Some(weight) if missing => Some(full(weight)),
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

fn core(weight: Weight) -> Face {
    let bytes = match weight {
        Weight::Regular => CORE,
        Weight::Bold => CORE_BOLD,
    };
    Face {
        font: parse(bytes).expect("the embedded core font parses"),
        core: Some(weight),
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
