//! Dice expressions as data files and players write them: `D3`, `2D6`, `D3+3`. The grammar
//! lives here, below the rules, so the catalogue can check a data file's dice when it loads
//! and the engine can roll them, with one parser for both.

use serde::{Deserialize, Serialize};

/// A dice expression: `count`D`sides` + `modifier`, e.g. D3, 2D6, D3+3.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct DiceExpr {
    pub count: u32,
    pub sides: u32,
    pub modifier: i32,
}

impl DiceExpr {
    /// Reads "D3", "2d6", "D3+3", "D6-1"; `None` when it is not one (or has no dice or sides).
    pub fn parse(text: &str) -> Option<DiceExpr> {
        let t = text.trim().to_ascii_uppercase();
        let (dice, modifier) = match t.find(['+', '-']) {
            Some(i) => {
                let m: i32 = t[i + 1..].trim().parse().ok()?;
                (&t[..i], if t[i..].starts_with('-') { -m } else { m })
            }
            None => (t.as_str(), 0),
        };
        let (count, sides) = dice.split_once('D')?;
        let count = match count.trim() {
            "" => 1,
            c => c.parse().ok()?,
        };
        let sides = sides.trim().parse().ok()?;
        (count > 0 && sides > 0).then_some(DiceExpr {
            count,
            sides,
            modifier,
        })
    }

    /// The lowest and highest totals it can roll.
    pub fn range(&self) -> (i64, i64) {
        let (count, sides, modifier) = (
            i64::from(self.count),
            i64::from(self.sides),
            i64::from(self.modifier),
        );
        (count + modifier, count * sides + modifier)
    }
}

impl std::fmt::Display for DiceExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.count != 1 {
            write!(f, "{}", self.count)?;
        }
        write!(f, "D{}", self.sides)?;
        match self.modifier {
            0 => Ok(()),
            m if m > 0 => write!(f, "+{m}"),
            m => write!(f, "{m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_what_players_write() {
        let d = |c, s, m| {
            Some(DiceExpr {
                count: c,
                sides: s,
                modifier: m,
            })
        };
        assert_eq!(DiceExpr::parse("D3"), d(1, 3, 0));
        assert_eq!(DiceExpr::parse(" 2d6 "), d(2, 6, 0));
        assert_eq!(DiceExpr::parse("D3+3"), d(1, 3, 3));
        assert_eq!(DiceExpr::parse("D6-1"), d(1, 6, -1));
        for bad in ["", "D", "0D6", "D0", "3", "D6+x", "twoD6"] {
            assert_eq!(DiceExpr::parse(bad), None, "{bad}");
        }
        assert_eq!(DiceExpr::parse("D3+3").unwrap().range(), (4, 6));
        assert_eq!(DiceExpr::parse("2D6").unwrap().to_string(), "2D6");
    }
}
