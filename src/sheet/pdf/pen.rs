//! Measuring text: font sizes and line heights per style, widths from the faces' glyph
//! advances, wrapping text into lines and cutting it to fit. Everything that places text
//! asks the pen how much room it takes.

use super::faces::Faces;
use super::marks::Style;
use crate::sheet::template::Template;
use printpdf::FontId;

const PT_TO_MM: f32 = 25.4 / 72.0;

/// Measures and draws text in the template's faces and sizes.
pub(super) struct Pen<'a> {
    pub(super) t: &'a Template,
    pub(super) faces: &'a Faces,
    pub(super) ids: (FontId, FontId),
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
        let face = if Self::bold(s) {
            &self.faces.bold
        } else {
            &self.faces.regular
        };
        let per_em = f32::from(face.font_metrics.units_per_em.max(1));
        let units: u32 = text
            .chars()
            .map(|c| {
                let g = face
                    .lookup_glyph_index(c as u32)
                    .or_else(|| face.lookup_glyph_index('?' as u32));
                g.map_or(0, |g| u32::from(face.get_horizontal_advance(g)))
            })
            .sum();
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
