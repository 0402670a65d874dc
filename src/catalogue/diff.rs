//! What a new set of factions (a fresh BSData import) changes against the set in use, so a
//! player sees new points before they replace the old ones. Factions and units are matched by
//! name, as rosters name them (a renamed unit shows as one removed and one added).

use super::faction::{Faction, Warscroll};
use crate::names::SameName;
use serde::Serialize;

/// Every difference between the factions in use and a new set.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FactionsDiff {
    /// Factions in the new set that are not in use.
    pub added: Vec<String>,
    /// Factions in use that the new set lacks.
    pub removed: Vec<String>,
    /// Factions in both whose units differ, by name.
    pub changed: Vec<FactionDiff>,
}

/// How one faction's units differ.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize)]
pub struct FactionDiff {
    pub faction: String,
    pub units_added: Vec<UnitPoints>,
    pub units_removed: Vec<UnitPoints>,
    pub points_changed: Vec<PointsChange>,
}

/// A unit with its points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnitPoints {
    pub unit: String,
    pub points: u32,
}

/// A unit whose points differ.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PointsChange {
    pub unit: String,
    pub old: u32,
    pub new: u32,
}

impl FactionsDiff {
    pub fn is_empty(&self) -> bool {
        self.added.is_empty() && self.removed.is_empty() && self.changed.is_empty()
    }
}

impl FactionDiff {
    pub fn is_empty(&self) -> bool {
        self.units_added.is_empty() && self.units_removed.is_empty() && self.points_changed.is_empty()
    }
}

/// Compares the factions in use (`old`) with a new set (`new`).
pub fn compare<'a>(old: impl IntoIterator<Item = &'a Faction>, new: &[Faction]) -> FactionsDiff {
    let old: Vec<&Faction> = old.into_iter().collect();
    let new_refs: Vec<&Faction> = new.iter().collect();
    let mut out = FactionsDiff::default();
    for n in new {
        match find(&old, &n.name) {
            None => out.added.push(n.name.clone()),
            Some(o) => {
                let d = compare_units(o, n);
                if !d.is_empty() {
                    out.changed.push(d);
                }
            }
        }
    }
    out.removed = old
        .iter()
        .filter(|o| find(&new_refs, &o.name).is_none())
        .map(|o| o.name.clone())
        .collect();
    out
}

fn find<'f>(list: &[&'f Faction], name: &str) -> Option<&'f Faction> {
    list.iter().copied().find(|f| f.name.same_name(name))
}

/// One faction's units, old against new, in the new file's order (removed ones in the old's).
fn compare_units(old: &Faction, new: &Faction) -> FactionDiff {
    let points = |u: &Warscroll| UnitPoints {
        unit: u.name.clone(),
        points: u.points,
    };
    let mut d = FactionDiff {
        faction: new.name.clone(),
        ..FactionDiff::default()
    };
    for n in &new.units {
        match old.unit(&n.name) {
            None => d.units_added.push(points(n)),
            Some(o) if o.points != n.points => d.points_changed.push(PointsChange {
                unit: n.name.clone(),
                old: o.points,
                new: n.points,
            }),
            Some(_) => {}
        }
    }
    d.units_removed = old
        .units
        .iter()
        .filter(|o| new.unit(&o.name).is_none())
        .map(points)
        .collect();
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalogue::faction::Source;

    fn faction(name: &str, units: &[(&str, u32)]) -> Faction {
        Faction {
            name: name.into(),
            grand_alliance: String::new(),
            source: Source {
                origin: "test".into(),
                commit: String::new(),
                date: String::new(),
                catalogue: String::new(),
                revision: 0,
            },
            units: units
                .iter()
                .map(|(n, p)| Warscroll {
                    name: (*n).into(),
                    points: *p,
                    unit_size: 1,
                    ..Warscroll::default()
                })
                .collect(),
            enhancement_tables: Vec::new(),
            lores: Vec::new(),
            unit_index: Default::default(),
        }
    }

    #[test]
    fn points_units_and_factions_that_differ_are_reported_and_nothing_else() {
        let old = [
            faction(
                "Skaven",
                &[("Clanrats", 100), ("Grey Seer", 110), ("Old Rat", 50)],
            ),
            faction("Gone Host", &[("Spearmen", 100)]),
            faction("Stormcast Eternals", &[("Liberators", 90)]),
        ];
        let new = [
            faction(
                "skaven",
                &[("Clanrats", 150), ("GREY SEER", 110), ("Stormvermin", 110)],
            ),
            faction("Stormcast Eternals", &[("Liberators", 90)]),
            faction("New Host", &[("Archers", 80)]),
        ];
        let d = compare(&old, &new);
        assert_eq!(d.added, ["New Host"]);
        assert_eq!(d.removed, ["Gone Host"]);
        assert_eq!(d.changed.len(), 1, "{d:?}");
        let skaven = &d.changed[0];
        assert_eq!(
            skaven.points_changed,
            [PointsChange {
                unit: "Clanrats".into(),
                old: 100,
                new: 150
            }]
        );
        assert_eq!(
            skaven.units_added,
            [UnitPoints {
                unit: "Stormvermin".into(),
                points: 110
            }]
        );
        assert_eq!(
            skaven.units_removed,
            [UnitPoints {
                unit: "Old Rat".into(),
                points: 50
            }]
        );
    }

    #[test]
    fn the_same_set_differs_in_nothing() {
        let set = [faction("Skaven", &[("Clanrats", 100)])];
        assert!(compare(&set, &set).is_empty());
    }
}
