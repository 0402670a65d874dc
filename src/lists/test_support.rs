//! Helpers the parsers' tests share: a unit as compared, the lores, the lines not understood,
//! and the check that every line of a list is accounted for once.

use super::{ListUnit, NoteKind, ParsedList};

/// A unit as compared: warscroll, own name, points, reinforced, general, enhancements.
pub type Row = (String, Option<String>, Option<u32>, bool, bool, Vec<String>);

pub fn row(w: &str, custom: Option<&str>, pts: u32, reinforced: bool, general: bool, enh: &[&str]) -> Row {
    (
        w.into(),
        custom.map(Into::into),
        Some(pts),
        reinforced,
        general,
        enh.iter().map(|e| e.to_string()).collect(),
    )
}

/// Each unit of the list as a [`Row`].
pub fn units(l: &ParsedList) -> Vec<Row> {
    l.units
        .iter()
        .map(|u| {
            (
                u.warscroll.clone(),
                u.custom_name.clone(),
                u.points,
                u.reinforced,
                u.general,
                u.enhancements.clone(),
            )
        })
        .collect()
}

/// (kind, name) of each lore.
pub fn lores(l: &ParsedList) -> Vec<(String, String)> {
    l.lores.iter().map(|x| (x.kind.clone(), x.name.clone())).collect()
}

/// The text of each line not understood.
pub fn not_understood(list: &ParsedList) -> Vec<&str> {
    list.notes
        .iter()
        .filter(|n| n.kind == NoteKind::NotUnderstood)
        .map(|n| n.text.as_str())
        .collect()
}

/// A unit read from `line` with its points and nothing else.
pub fn unit(line: usize, warscroll: &str, points: u32) -> ListUnit {
    ListUnit {
        line,
        warscroll: warscroll.into(),
        points: Some(points),
        ..ListUnit::default()
    }
}

/// Every non-blank line is a unit's, an enhancement's, a lore's or a note's, once.
pub fn assert_accounted(text: &str, list: &ParsedList) {
    let mut unit_lines: Vec<usize> = list.units.iter().map(|u| u.line).collect();
    unit_lines.dedup();
    let enhancements: usize = list.units.iter().map(|u| u.enhancements.len()).sum();
    let non_blank = text.lines().filter(|l| !l.trim().is_empty()).count();
    assert_eq!(
        unit_lines.len() + enhancements + list.lores.len() + list.notes.len(),
        non_blank,
        "{list:#?}"
    );
}
