//! Drawing: turns placed marks into printpdf operations (text, rules, shaded and framed
//! boxes) at page coordinates, the only place the layout meets the PDF's y-up points.

use super::marks::{Mark, Placed};
use super::pen::Pen;
use printpdf::{
    Color, FontId, Greyscale, Line, LinePoint, Mm, Op, PaintMode, PdfFontHandle, Point, Pt, Rect, TextItem,
};

impl Pen<'_> {
    /// Appends the operations drawing `p`; `ids` are the document's regular and bold fonts.
    pub(super) fn draw(&self, ops: &mut Vec<Op>, ids: &(FontId, FontId), p: &Placed) {
        let (_, page_h) = self.t.page.size.mm();
        let (left, top) = (self.t.page.margin_left, self.t.page.margin_top);
        let at = |x: f32, y: f32| Point::new(Mm(left + x), Mm(page_h - top - p.dy - y));
        match &p.mark {
            Mark::Text { x, y, style, text } => {
                let id = if Self::bold(*style) { &ids.1 } else { &ids.0 };
                ops.extend([
                    Op::StartTextSection,
                    Op::SetFillColor { col: grey(0.0) },
                    Op::SetFont {
                        font: PdfFontHandle::External(id.clone()),
                        size: Pt(self.size(*style)),
                    },
                    Op::SetTextCursor { pos: at(*x, *y) },
                    Op::ShowText {
                        items: vec![TextItem::Text(text.clone())],
                    },
                    Op::EndTextSection,
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
