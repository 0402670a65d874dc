//! What a printed count means (issue #33, item 2): `3x Clanrats` is three units, listbot's
//! `20 x Sisters of Slaughter` is twenty models — one reinforced unit of a 10-model warscroll.
//! A count below the unit size counts units; at or above it, models, unless the printed points
//! say it counts units. A number of models that is no whole number of units, or that could be
//! several mixes of reinforced and plain units, is refused with the readings it could have.

use crate::catalogue::Warscroll;

/// Units of one warscroll a line stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Units {
    pub units: u32,
    pub reinforced: bool,
    /// How the count was read, when it was one.
    pub note: Option<String>,
}

impl Units {
    fn plain(units: u32, reinforced: bool) -> Self {
        Units {
            units,
            reinforced,
            note: None,
        }
    }
}

/// Units of `w` for a printed `count` (`3x`, `x3`), `models` (`[20 models]`), the printed
/// points and the `Reinforced` marker; `Err` with the readings when it cannot be told.
pub fn units_of(
    w: &Warscroll,
    count: Option<u32>,
    models: Option<u32>,
    printed: Option<u32>,
    marked: bool,
) -> Result<Units, String> {
    let size = w.unit_size.max(1);
    if let Some(m) = models {
        return of_models(w, m, marked);
    }
    let n = match count {
        None | Some(0 | 1) => return Ok(Units::plain(1, marked)),
        Some(n) => n,
    };
    if size == 1 || n < size {
        return Ok(Units {
            note: Some(format!("{n} units")),
            ..Units::plain(n, marked)
        });
    }
    // At or above the unit size the count is models, unless the points printed are those of
    // that many units.
    let as_models = of_models(w, n, marked);
    let as_units = w.points * n;
    let models_cost = as_models
        .as_ref()
        .map(|u| u.units * w.points * if u.reinforced { 2 } else { 1 });
    if printed == Some(as_units) && models_cost.as_ref().ok() != Some(&as_units) {
        return Ok(Units {
            note: Some(format!("{n} units (the list's {as_units} pts are {n} units')")),
            ..Units::plain(n, marked)
        });
    }
    as_models
}

fn of_models(w: &Warscroll, m: u32, marked: bool) -> Result<Units, String> {
    let size = w.unit_size.max(1);
    let name = &w.name;
    if m == size {
        return Ok(Units {
            note: Some(format!("{m} models: one unit of {size}")),
            ..Units::plain(1, marked)
        });
    }
    if m == 2 * size && w.reinforceable {
        return Ok(Units {
            note: Some(format!(
                "{m} models: one reinforced unit ({size} models, reinforced)"
            )),
            ..Units::plain(1, true)
        });
    }
    if m.is_multiple_of(size) && !w.reinforceable {
        let k = m / size;
        return Ok(Units {
            note: Some(format!(
                "{m} models: {k} units of {size} ({name} cannot be reinforced)"
            )),
            ..Units::plain(k, false)
        });
    }
    if m.is_multiple_of(size) {
        let k = m / size;
        return Err(format!(
            "{m} models of {name} (units of {size}, reinforced {}) could be {k} units or {} \
             reinforced and {} plain; give each unit its own line",
            2 * size,
            k / 2,
            k % 2
        ));
    }
    Err(format!(
        "{m} models of {name} is not a whole number of units of {size}{}; give each unit its own line",
        if w.reinforceable {
            format!(" (or {} reinforced)", 2 * size)
        } else {
            String::new()
        }
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scroll(size: u32, reinforceable: bool) -> Warscroll {
        Warscroll {
            name: "Sisters of Slaughter".into(),
            points: 120,
            unit_size: size,
            reinforceable,
            ..Warscroll::default()
        }
    }

    #[test]
    fn a_count_below_the_unit_size_counts_units() {
        let u = units_of(&scroll(10, true), Some(3), None, Some(110), false).unwrap();
        assert_eq!((u.units, u.reinforced), (3, false));
        let hero = units_of(&scroll(1, false), Some(2), None, None, false).unwrap();
        assert_eq!(hero.units, 2);
    }

    #[test]
    fn twice_the_unit_size_in_models_is_one_reinforced_unit() {
        let u = units_of(&scroll(10, true), Some(20), None, Some(240), false).unwrap();
        assert_eq!((u.units, u.reinforced), (1, true));
        assert!(u.note.unwrap().contains("one reinforced unit"));
        let m = units_of(&scroll(10, true), None, Some(10), None, false).unwrap();
        assert_eq!((m.units, m.reinforced), (1, false));
    }

    #[test]
    fn models_of_a_unit_that_cannot_be_reinforced_are_several_units() {
        let u = units_of(&scroll(3, false), None, Some(6), None, false).unwrap();
        assert_eq!((u.units, u.reinforced), (2, false));
    }

    #[test]
    fn points_of_that_many_units_make_the_count_units() {
        // 3 x a 3-model unit at 120: 360 printed is three units, not one of 3 models.
        let u = units_of(&scroll(3, true), Some(3), None, Some(360), false).unwrap();
        assert_eq!((u.units, u.reinforced), (3, false));
        let one = units_of(&scroll(3, true), Some(3), None, Some(120), false).unwrap();
        assert_eq!(one.units, 1);
    }

    #[test]
    fn models_that_fit_no_single_reading_are_refused() {
        let odd = units_of(&scroll(10, true), Some(15), None, None, false).unwrap_err();
        assert!(odd.contains("not a whole number of units of 10"), "{odd}");
        let mixed = units_of(&scroll(10, true), None, Some(40), None, false).unwrap_err();
        assert!(mixed.contains("could be 4 units or 2 reinforced"), "{mixed}");
    }
}
