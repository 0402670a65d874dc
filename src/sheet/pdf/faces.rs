//! The fonts a sheet is set in: the embedded DejaVu Sans (regular and bold), or TrueType files
//! a template names instead. Kept apart from the layout so the font bytes and their parsing
//! have one home.

use printpdf::ParsedFont;
use std::sync::OnceLock;

const DEJAVU_SANS: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans.ttf");
const DEJAVU_SANS_BOLD: &[u8] = include_bytes!("../../../templates/fonts/DejaVuSans-Bold.ttf");

/// The regular and bold faces a sheet is set in.
#[derive(Clone)]
pub struct Faces {
    pub(super) regular: ParsedFont,
    pub(super) bold: ParsedFont,
}

impl Faces {
    /// The embedded DejaVu Sans, parsed once per run.
    pub fn embedded() -> &'static Faces {
        static FACES: OnceLock<Faces> = OnceLock::new();
        FACES.get_or_init(|| Faces {
            regular: parse(DEJAVU_SANS).expect("the embedded regular font parses"),
            bold: parse(DEJAVU_SANS_BOLD).expect("the embedded bold font parses"),
        })
    }

    /// Faces from TrueType files; a face not given stays DejaVu Sans. Returns which one failed.
    pub fn from_files(regular: Option<&[u8]>, bold: Option<&[u8]>) -> Result<Faces, &'static str> {
        let base = Faces::embedded();
        Ok(Faces {
            regular: match regular {
                Some(b) => parse(b).ok_or("regular")?,
                None => base.regular.clone(),
            },
            bold: match bold {
                Some(b) => parse(b).ok_or("bold")?,
                None => base.bold.clone(),
            },
        })
    }
}

fn parse(bytes: &[u8]) -> Option<ParsedFont> {
    ParsedFont::from_bytes(bytes, 0, &mut Vec::new())
}
