//! Drawing: turns placed marks into drawing calls (text, rules, shaded and framed boxes) at
//! page coordinates, the only place the layout meets the PDF's y-up points. What the calls
//! become is the [`Canvas`]'s business: the content stream ptg writes itself (`file`), or
//! printpdf's operations (`printed`).
//!
//! Text marks that follow one another share one text object (`BT` … `ET`), each placed by its
//! own absolute text matrix (`Tm`, what `Td` at the start of an object amounts to), the font
//! set again only when it changes: a sheet's page is mostly text, and one object per piece of
//! text tripled the operations written and deflated, for the same page. Colours and line
//! widths are likewise set only when they change (they outlast a text object).

use super::marks::{Mark, Placed};
use super::pen::Pen;
use printpdf::{Mm, Point, Pt};

/// What a page is drawn on. Every call is one PDF operation or a few; the state they set
/// (font, colours, line width) is set by [`Page`], only when it changes.
pub(super) trait Canvas {
    /// Opens a text object (`BT`).
    fn begin_text(&mut self);
    /// Closes it (`ET`).
    fn end_text(&mut self);
    /// The fill colour, a grey level (0 black, 1 white).
    fn fill(&mut self, grey: f32);
    /// The stroke colour and line width (in points).
    fn stroke(&mut self, grey: f32, width: f32);
    /// The font of the text shown next: the bold face or the regular one, at `size` points.
    fn font(&mut self, bold: bool, size: f32);
    /// Shows `text` in the current font, its baseline starting at `at`.
    fn text(&mut self, at: Point, text: &str);
    /// Strokes a straight line.
    fn line(&mut self, from: Point, to: Point);
    /// Fills (or strokes, `filled` false) a rectangle from its lower-left corner.
    fn rect(&mut self, lower_left: Point, w: Pt, h: Pt, filled: bool);
}

/// A page being drawn: the canvas and the state already set on it.
pub(super) struct Page<C> {
    pub(super) canvas: C,
    /// Inside a text object: the font (bold?) and size last set in it, if any.
    text: Option<Option<(bool, f32)>>,
    fill: Option<f32>,
    stroke: Option<(f32, f32)>,
}

impl<C: Canvas> Page<C> {
    pub(super) fn new(canvas: C) -> Page<C> {
        Page {
            canvas,
            text: None,
            fill: None,
            stroke: None,
        }
    }

    /// Closes the text object left open, if any.
    fn end_text(&mut self) {
        if self.text.take().is_some() {
            self.canvas.end_text();
        }
    }

    fn fill(&mut self, grey: f32) {
        if self.fill != Some(grey) {
            self.fill = Some(grey);
            self.canvas.fill(grey);
        }
    }

    fn stroke(&mut self, grey: f32, width: f32) {
        if self.stroke != Some((grey, width)) {
            self.stroke = Some((grey, width));
            self.canvas.stroke(grey, width);
        }
    }

    /// The canvas, every text object closed.
    pub(super) fn finish(mut self) -> C {
        self.end_text();
        self.canvas
    }
}

impl Pen<'_> {
    /// Draws `p` on its page.
    pub(super) fn draw<C: Canvas>(&self, page: &mut Page<C>, p: &Placed) {
        let (_, page_h) = self.t.page.size.mm();
        let (left, top) = (self.t.page.margin_left, self.t.page.margin_top);
        let at = |x: f32, y: f32| Point::new(Mm(left + x), Mm(page_h - top - p.dy - y));
        if !matches!(p.mark, Mark::Text { .. }) {
            page.end_text();
        }
        match &p.mark {
            Mark::Text { x, y, style, text } => {
                let bold = Self::bold(*style);
                let size = self.size(*style);
                let set = match page.text {
                    Some(set) => set,
                    None => {
                        page.canvas.begin_text();
                        page.fill(0.0);
                        None
                    }
                };
                if set != Some((bold, size)) {
                    page.canvas.font(bold, size);
                }
                page.text = Some(Some((bold, size)));
                page.canvas.text(at(*x, *y), text);
            }
            Mark::Rule { x, y, w } => {
                page.stroke(0.55, 0.4);
                page.canvas.line(at(*x, *y), at(x + w, *y));
            }
            Mark::Shade { x, y, w, h } => {
                page.fill(0.88);
                page.canvas
                    .rect(at(*x, y + h), Mm(*w).into_pt(), Mm(*h).into_pt(), true);
            }
            Mark::Frame { x, y, w, h } => {
                page.stroke(0.35, 0.6);
                page.canvas
                    .rect(at(*x, y + h), Mm(*w).into_pt(), Mm(*h).into_pt(), false);
            }
        }
    }
}
