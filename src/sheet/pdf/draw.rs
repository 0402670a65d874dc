//! Drawing: turns placed marks into printpdf operations (text, rules, shaded and framed
//! boxes) at page coordinates, the only place the layout meets the PDF's y-up points.
//!
//! Text marks that follow one another share one text object (`BT` … `ET`), each placed by its
//! own absolute text matrix (`Tm`, what `Td` at the start of an object amounts to), the font
//! set again only when it changes: a sheet's page is mostly text, and one object per piece of
//! text tripled the operations printpdf translates, lopdf writes and the content stream
//! deflates, for the same page.

use super::marks::{Mark, Placed};
use super::pen::Pen;
use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, PdfFontHandle, Point, Pt, Rect, TextItem,
    TextMatrix,
};

/// The operations of one page, and the text object left open between text marks.
pub(super) struct PageOps<'a> {
    ops: Vec<Op>,
    /// The document's regular and bold fonts.
    ids: &'a (FontId, FontId),
    /// Inside a text object: the font (bold?) and size last set in it, if any.
    text: Option<Option<(bool, f32)>>,
}

impl<'a> PageOps<'a> {
    pub(super) fn new(ids: &'a (FontId, FontId)) -> PageOps<'a> {
        PageOps {
            ops: Vec::new(),
            ids,
            text: None,
        }
    }

    /// Closes the text object left open, if any.
    fn end_text(&mut self) {
        if self.text.take().is_some() {
            self.ops.push(Op::EndTextSection);
        }
    }

    /// The page's operations, every text object closed.
    pub(super) fn finish(mut self) -> Vec<Op> {
        self.end_text();
        self.ops
    }
}

impl Pen<'_> {
    /// Appends the operations drawing `p` to its page.
    pub(super) fn draw(&self, page: &mut PageOps, p: &Placed) {
        let (_, page_h) = self.t.page.size.mm();
        let (left, top) = (self.t.page.margin_left, self.t.page.margin_top);
        let at = |x: f32, y: f32| Point::new(Mm(left + x), Mm(page_h - top - p.dy - y));
        if !matches!(p.mark, Mark::Text { .. }) {
            page.end_text();
        }
        let ops = &mut page.ops;
        match &p.mark {
            Mark::Text { x, y, style, text } => {
                let bold = Self::bold(*style);
                let size = self.size(*style);
                let set = match page.text {
                    Some(set) => set,
                    None => {
                        ops.extend([Op::StartTextSection, Op::SetFillColor { col: grey(0.0) }]);
                        None
                    }
                };
                if set != Some((bold, size)) {
                    let id = if bold { &page.ids.1 } else { &page.ids.0 };
                    ops.push(Op::SetFont {
                        font: PdfFontHandle::External(id.clone()),
                        size: Pt(size),
                    });
                }
                page.text = Some(Some((bold, size)));
                let pos = at(*x, *y);
                ops.extend([
                    Op::SetTextMatrix {
                        matrix: TextMatrix::Translate(pos.x, pos.y),
                    },
                    Op::ShowText {
                        items: vec![TextItem::Text(text.clone())],
                    },
                ]);
            }
            Mark::Rule { x, y, w } => ops.extend([
                Op::SetOutlineColor { col: grey(0.55) },
                Op::SetOutlineThickness { pt: Pt(0.4) },
                Op::DrawLine {
                    line: Line {
                        points: vec![
                            LinePoint {
                                p: at(*x, *y),
                                bezier: false,
                            },
                            LinePoint {
                                p: at(x + w, *y),
                                bezier: false,
                            },
                        ],
                        is_closed: false,
                    },
                },
            ]),
            Mark::Shade { x, y, w, h } => ops.extend([
                Op::SetFillColor { col: grey(0.88) },
                Op::DrawRectangle {
                    rectangle: rect(at(*x, y + h), *w, *h, PaintMode::Fill),
                },
            ]),
            Mark::Frame { x, y, w, h } => ops.extend([
                Op::SetOutlineColor { col: grey(0.35) },
                Op::SetOutlineThickness { pt: Pt(0.6) },
                Op::DrawRectangle {
                    rectangle: rect(at(*x, y + h), *w, *h, PaintMode::Stroke),
                },
            ]),
        }
    }
}

fn grey(percent: f32) -> Color {
    Color::Greyscale(Greyscale {
        percent,
        icc_profile: None,
    })
}

fn rect(lower_left: Point, w: f32, h: f32, mode: PaintMode) -> Rect {
    Rect {
        x: lower_left.x,
        y: lower_left.y,
        width: Mm(w).into_pt(),
        height: Mm(h).into_pt(),
        mode: Some(mode),
        winding_order: None,
    }
}
