//! Measuring text: font sizes and line heights per style, widths from the faces' glyph
//! advances, wrapping text into lines and cutting it to fit. Everything that places text
//! asks the pen how much room it takes.

use super::faces::{Face, Faces};
use super::marks::Style;
use crate::sheet::template::Template;
use std::cell::Cell;

const PT_TO_MM: f32 = 25.4 / 72.0;

/// Characters below this have their glyphs remembered: Latin, Greek, Cyrillic and the
/// punctuation after them, which is nearly all a sheet holds.
const REMEMBERED: usize = 0x2200;

/// Measures and draws text in the template's faces and sizes.
pub(super) struct Pen<'a> {
    pub(super) t: &'a Template,
    pub(super) faces: &'a Faces,
    /// Per face (regular, bold), the glyph of each character below [`REMEMBERED`] once
    /// looked up. Wrapping and fitting measure the same letters over and over, and drawing
    /// them again; a lookup goes through the font's character map and metrics tables.
    glyphs: [Vec<Cell<Option<Glyph>>>; 2],
    /// Per face, whether a character it was asked for is missing from its core cut.
    missing: Cell<[bool; 2]>,
}

/// The glyph a character is drawn with, and its advance in font units.
#[derive(Clone, Copy)]
pub(super) struct Glyph {
    pub(super) id: u16,
    pub(super) advance: u16,
}

impl<'a> Pen<'a> {
    pub(super) fn new(t: &'a Template, faces: &'a Faces) -> Pen<'a> {
        let table = || vec![Cell::new(None); REMEMBERED];
        Pen {
            t,
            faces,
            glyphs: [table(), table()],
            missing: Cell::new([false; 2]),
        }
    }

    /// Per face (regular, bold), whether text measured or [`noted`](Pen::note) had a
    /// character its core cut lacks, so the sheet must be set again in the full font.
    pub(super) fn missing(&self) -> [bool; 2] {
        self.missing.get()
    }

    /// Looks up every character of `text` as [`width`](Pen::width) would, for text drawn
    /// without being measured.
    pub(super) fn note(&self, s: Style, text: &str) {
        let bold = Self::bold(s);
        for c in text.chars() {
            self.glyph(bold, c);
        }
    }

    /// The glyph `c` is drawn with in the bold or regular face: its own, or the '?' glyph
    /// when the face has none for it (glyph 0 and no advance when it lacks that too).
    pub(super) fn glyph(&self, bold: bool, c: char) -> Glyph {
        let slot = self.glyphs[usize::from(bold)].get(c as usize);
        if let Some(known) = slot.and_then(Cell::get) {
            return known;
        }
        let face = self.faces.face(bold);
        let found = face.font.lookup_glyph_index(c as u32);
        // The core cut's character map (format 4) answers glyph 0 for some characters it
        // lacks, where the full font's (format 12) answers none: both mean missing.
        if face.is_core() && found.is_none_or(|g| g == 0) {
            let mut missing = self.missing.get();
            missing[usize::from(bold)] = true;
            self.missing.set(missing);
        }
        let glyph = found.or_else(|| face.font.lookup_glyph_index('?' as u32)).map_or(
            Glyph { id: 0, advance: 0 },
            |id| Glyph {
                id,
                advance: face.font.get_horizontal_advance(id),
            },
        );
        if let Some(slot) = slot {
            slot.set(Some(glyph));
        }
        glyph
    }
}

impl Pen<'_> {
    pub(super) fn size(&self, s: Style) -> f32 {
        let f = &self.t.fonts;
        match s {
            Style::Title => f.title,
            Style::Heading => f.heading,
            Style::Body | Style::Bold => f.body,
            Style::Small | Style::SmallBold => f.small,
        }
    }

    pub(super) fn bold(s: Style) -> bool {
        matches!(s, Style::Title | Style::Heading | Style::Bold | Style::SmallBold)
    }

    /// Line height in mm.
    pub(super) fn line(&self, s: Style) -> f32 {
        self.size(s) * 1.3 * PT_TO_MM
    }

    /// Distance from a line's top to its baseline, in mm.
    pub(super) fn ascent(&self, s: Style) -> f32 {
        self.size(s) * 1.0 * PT_TO_MM
    }

    pub(super) fn width(&self, s: Style, text: &str) -> f32 {
        let bold = Self::bold(s);
        let face: &Face = self.faces.face(bold);
        let per_em = f32::from(face.font.font_metrics.units_per_em.max(1));
        let units: u32 = text.chars().map(|c| u32::from(self.glyph(bold, c).advance)).sum();
        units as f32 / per_em * self.size(s) * PT_TO_MM
    }

    /// Breaks `text` into lines no wider than `w`, at spaces where it can.
    pub(super) fn wrap(&self, s: Style, text: &str, w: f32) -> Vec<String> {
        let mut lines = Vec::new();
        for para in text.lines() {
            let mut cur = String::new();
            for word in para.split(' ') {
                let cand = if cur.is_empty() {
                    word.to_string()
                } else {
                    format!("{cur} {word}")
                };
                if self.width(s, &cand) <= w {
                    cur = cand;
                    continue;
                }
                if !cur.is_empty() {
                    lines.push(std::mem::take(&mut cur));
                }
                for c in word.chars() {
                    cur.push(c);
                    if self.width(s, &cur) > w && cur.chars().count() > 1 {
                        cur.pop();
                        lines.push(std::mem::replace(&mut cur, c.to_string()));
                    }
                }
            }
            lines.push(cur);
        }
        if lines.is_empty() {
            lines.push(String::new());
        }
        lines
    }

    /// `text` cut to fit `w`, ending in an ellipsis when cut.
    ///
    /// A binary search on the cut point: widths only grow as characters are added, so the
    /// longest prefix that fits is found in log(n) measurements. (Dropping one character at a
    /// time took ~35 s for a 10,000-character name.)
    pub(super) fn fit(&self, s: Style, text: &str, w: f32) -> String {
        if self.width(s, text) <= w {
            return text.to_string();
        }
        // Byte offsets where a prefix of 0, 1, 2, ... characters ends.
        let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).collect();
        if ends.is_empty() {
            return "…".to_string();
        }
        let fits = |chars: usize| self.width(s, &format!("{}…", &text[..ends[chars]])) <= w;
        // The longest prefix that fits is at least `lo` and at most `hi` characters; the whole
        // text (ends.len() characters) does not fit, so `hi` starts one below.
        let (mut lo, mut hi) = (0, ends.len() - 1);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        format!("{}…", text[..ends[lo]].trim_end())
    }
}
