//! Paging: lays a section's rows down the content area and starts a new page when the next
//! row does not fit, keeping a block's leading rows together and repeating its heading rows
//! on every page it continues onto. No row is ever dropped: a block longer than what is left
//! continues on as many pages as it needs.

use super::marks::{Block, Placed, Row};
use crate::sheet::template::Template;

/// Space between sections.
const GAP: f32 = 5.0;

/// Lays rows down the content area, starting new pages as they fill.
pub(super) struct Flow {
    height: f32,
    pages: Vec<Vec<Placed>>,
    y: f32,
}

impl Flow {
    pub(super) fn new(t: &Template) -> Flow {
        Flow {
            height: t.content_mm().1,
            pages: vec![Vec::new()],
            y: 0.0,
        }
    }

    pub(super) fn break_page(&mut self) {
        if self.y > 0.0 {
            self.pages.push(Vec::new());
            self.y = 0.0;
        }
    }

    pub(super) fn place(&mut self, b: &Block) {
        if b.rows.is_empty() {
            return;
        }
        let total: f32 = b.rows.iter().map(|r| r.height).sum();
        let lead: f32 = b.rows.iter().take(b.keep.max(1)).map(|r| r.height).sum();
        let room = self.height - self.y;
        let whole_on_next = !b.runs_on && total > room && total <= self.height;
        if self.y > 0.0 && (lead > room || whole_on_next) {
            self.break_page();
        }
        for row in &b.rows {
            if self.y > 0.0 && row.height > self.height - self.y {
                self.break_page();
                for r in &b.repeat {
                    self.put(r);
                }
            }
            self.put(row);
        }
        self.y += GAP;
    }

    fn put(&mut self, row: &Row) {
        let page = self.pages.last_mut().expect("a flow always has a page");
        page.extend(row.marks.iter().map(|m| Placed {
            dy: self.y,
            mark: m.clone(),
        }));
        self.y += row.height;
    }

    pub(super) fn finish(mut self) -> Vec<Vec<Placed>> {
        if self.pages.len() > 1 && self.pages.last().is_some_and(Vec::is_empty) {
            self.pages.pop();
        }
        self.pages
    }
}
