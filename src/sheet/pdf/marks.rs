//! What a laid-out sheet is made of: text styles, the marks drawn on a page, rows of marks,
//! the blocks of rows sections become, and marks placed on a page. Plain data shared by the
//! sections that build it, the flow that pages it and the pen that draws it.

/// How a piece of text is set.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) enum Style {
    Title,
    Heading,
    Body,
    Bold,
    Small,
    SmallBold,
}

/// One mark on a page, placed relative to its row's top-left corner (mm, y down).
#[derive(Debug, Clone)]
pub(super) enum Mark {
    /// `y` is the baseline.
    Text {
        x: f32,
        y: f32,
        style: Style,
        text: String,
    },
    /// A horizontal line.
    Rule {
        x: f32,
        y: f32,
        w: f32,
    },
    Shade {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
    Frame {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
    },
}

/// A horizontal strip of marks that never splits across pages.
#[derive(Debug, Clone, Default)]
pub(super) struct Row {
    pub(super) height: f32,
    pub(super) marks: Vec<Mark>,
}

/// A section: its rows, how many leading rows must start on the same page, and the rows to
/// repeat at the top of each page it continues onto.
#[derive(Debug, Default)]
pub(super) struct Block {
    pub(super) rows: Vec<Row>,
    pub(super) keep: usize,
    pub(super) repeat: Vec<Row>,
    /// Continues from wherever the page has room, even when the whole block would fit on a
    /// fresh page: a list read in order (the notable events), where leaving the rest of a page
    /// empty only to keep it together helps nobody. Other blocks that do not fit on what is
    /// left of a page but fit on one start on the next.
    pub(super) runs_on: bool,
}

/// A mark on a page, `dy` mm below the content area's top.
pub(super) struct Placed {
    pub(super) dy: f32,
    pub(super) mark: Mark,
}
