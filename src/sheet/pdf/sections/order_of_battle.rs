//! The Order of Battle section: a table of the units with the template's columns, and what
//! each column's cell holds, then the template's number of blank rows to write new units in;
//! its heading rows repeat on every page it continues onto.

use crate::sheet::pdf::marks::{Block, Style};
use crate::sheet::pdf::pen::Pen;
use crate::sheet::pdf::rows::{heading, table_row};
use crate::sheet::template::Field;
use crate::sheet::view::{NOT_IN_CURRENT_DATA, Sheet, Tagged, UnitRow};

pub(super) fn order_of_battle(pen: &Pen, s: &Sheet) -> Block {
    let cols = &pen.t.order_of_battle.columns;
    let widths: Vec<f32> = cols.iter().map(|c| c.width).collect();
    let aside = format!("{} units · {} points", s.units.len(), s.points);
    let header = table_row(
        pen,
        &widths,
        cols.iter()
            .map(|c| vec![(Style::SmallBold, c.field.heading().to_string())])
            .collect(),
        true,
    );
    let mut rows = vec![
        heading(pen, "Order of Battle", Some(aside.clone())),
        header.clone(),
    ];
    for u in &s.units {
        rows.push(table_row(
            pen,
            &widths,
            cols.iter()
                .map(|c| cell(u, c.field, marks_data(cols, c.field)))
                .collect(),
            false,
        ));
    }
    // Rows to write in the units that join after printing, as tall as a unit with a custom
    // name (two lines in the Unit column).
    let blank = table_row(
        pen,
        &widths,
        cols.iter()
            .map(|c| match c.field {
                Field::Unit => vec![(Style::Bold, String::new()), (Style::Small, String::new())],
                _ => vec![(Style::Body, String::new())],
            })
            .collect(),
        false,
    );
    rows.extend(std::iter::repeat_n(blank, pen.t.layout.blank_unit_rows as usize));
    Block {
        keep: 3,
        rows,
        repeat: vec![heading(pen, "Order of Battle (continued)", Some(aside)), header],
        runs_on: false,
    }
}

/// Whether the column of `field` carries the "not in the current data" mark: the Unit
/// column, else the Warscroll column when the template has no Unit column.
fn marks_data(cols: &[crate::sheet::template::Column], field: Field) -> bool {
    field == Field::Unit || (field == Field::Warscroll && !cols.iter().any(|c| c.field == Field::Unit))
}

/// What one Order of Battle cell holds, line by line; `mark` adds the "not in the current
/// data" mark of a unit the faction data no longer has.
fn cell(u: &UnitRow, field: Field, mark: bool) -> Vec<(Style, String)> {
    let mut lines = cell_text(u, field);
    if let Some(a) = u.ally.as_ref().filter(|_| mark) {
        lines.push((Style::SmallBold, format!("ally: {a}")));
    }
    if mark && !u.in_current_data {
        lines.push((Style::SmallBold, NOT_IN_CURRENT_DATA.to_string()));
    }
    lines
}

fn cell_text(u: &UnitRow, field: Field) -> Vec<(Style, String)> {
    let body = |t: String| vec![(Style::Body, t)];
    let dash = |t: &Option<String>| body(t.clone().unwrap_or_else(|| "–".to_string()));
    let list = |items: &[Tagged]| {
        if items.is_empty() {
            return body("–".to_string());
        }
        items
            .iter()
            .flat_map(|i| [(Style::Body, i.name.clone()), (Style::Small, i.tag.clone())])
            .collect()
    };
    match field {
        Field::Unit => {
            let mut lines = vec![(Style::Bold, u.name.clone().unwrap_or_else(|| u.warscroll.clone()))];
            if u.name.is_some() {
                lines.push((Style::Small, u.warscroll.clone()));
            }
            if u.warlord {
                lines.push((Style::SmallBold, "WARLORD".to_string()));
            }
            lines
        }
        Field::Id => body(u.id.to_string()),
        Field::Name => dash(&u.name),
        Field::Warscroll => body(u.warscroll.clone()),
        Field::Points => body(u.points.to_string()),
        Field::Models => body(u.models.to_string()),
        Field::Reinforced => body(if u.reinforced { "Yes" } else { "–" }.to_string()),
        Field::Renown => body(u.renown.to_string()),
        Field::Rank => dash(&u.rank),
        Field::Path => dash(&u.path),
        Field::Abilities => list(&u.abilities),
        Field::Enhancements => list(&u.enhancements),
    }
}
